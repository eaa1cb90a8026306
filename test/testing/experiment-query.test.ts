import { describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'

/**
 * The fake's `ExperimentQuery` and legacy answers (docs/service-behaviour.md §10.5, §10.6) against numbers
 * computed by hand, step by step in the comments. Φ is the standard normal distribution function;
 * z(0.975) = 1.959964.
 */

const funnel = { kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'conversion', series: [] }
const mean = {
  kind: 'ExperimentMetric',
  metric_type: 'mean',
  uuid: 'revenue',
  source: { kind: 'EventsNode', event: 'purchase' },
}

function post(fake: FakeApi, query: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<Response> {
  return fake.fetch(`${fake.baseUrl}/api/projects/${fake.projectId}/query/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, ...extra }),
  })
}

async function answer(fake: FakeApi, query: Record<string, unknown>): Promise<any> {
  const response = await post(fake, query)
  expect(response.status).toBe(200)
  return response.json()
}

describe('ExperimentQuery in the fake', () => {
  it('[Q8] [Q9] Bayesian funnel: 100/1000 against 130/1000', async () => {
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([{ metrics: [funnel] }])
    fake.seed.experimentData(experiment!.id, {
      control: { exposures: 1000, conversions: 100 },
      test: { exposures: 1000, conversions: 130 },
    })
    const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel })
    // p_c = 0.1, p_t = 0.13; lift = 0.03 / 0.1 = 0.3.
    // var = p_t(1 − p_t) / (n_t·p_c²) + p_t²·p_c(1 − p_c) / (n_c·p_c⁴) = 0.1131 / 10 + 0.0169·0.09 / 0.1 = 0.01131 +
    // 0.01521 = 0.02652
    // sd = √0.02652 = 0.1628496; chance to win = Φ(0.3 / 0.1628496) = Φ(1.842190) = 0.967276
    // interval = 0.3 ± 1.959964·0.1628496 = [−0.019179, 0.619179]; significant: 0.967276 > 0.95.
    expect(body.baseline).toEqual({
      key: 'control',
      number_of_samples: 1000,
      sum: 100,
      sum_squares: 100,
      validation_failures: [],
    })
    const [test] = body.variant_results
    expect(test).toMatchObject({
      key: 'test',
      number_of_samples: 1000,
      sum: 130,
      method: 'bayesian',
      significant: true,
      validation_failures: [],
    })
    expect(test.chance_to_win).toBeCloseTo(0.967276, 5)
    expect(test.credible_interval[0]).toBeCloseTo(-0.019179, 5)
    expect(test.credible_interval[1]).toBeCloseTo(0.619179, 5)
  })

  it('[Q9] frequentist mean: 2,000 over 1,000 against 2,200 over 1,000', async () => {
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([{ metrics: [mean], stats_config: { method: 'frequentist' } }])
    fake.seed.experimentData(
      experiment!.id,
      {
        control: { exposures: 1000, sum: 2000, sum_squares: 6000 },
        test: { exposures: 1000, sum: 2200, sum_squares: 7000 },
      },
      { metric: 'revenue' },
    )
    const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: mean })
    // m_c = 2, var_c = (6000 − 2000²/1000) / 999 = 2.002002; m_t = 2.2, var_t = (7000 − 2200²/1000) / 999 = 2.162162
    // lift = 0.2 / 2 = 0.1; var = 2.162162 / (1000·4) + 4.84·2.002002 / (1000·16) = 0.000540541 + 0.000605606 =
    // 0.001146146
    // sd = 0.0338548; p = 2(1 − Φ(0.1 / 0.0338548)) = 2(1 − Φ(2.953811)) = 0.003139
    // interval = 0.1 ± 1.959964·0.0338548 = [0.033646, 0.166354]; significant: 0.003139 < 0.05.
    const [test] = body.variant_results
    expect(test).toMatchObject({ key: 'test', method: 'frequentist', significant: true })
    expect(test.p_value).toBeCloseTo(0.003139, 5)
    expect(test.confidence_interval[0]).toBeCloseTo(0.033646, 5)
    expect(test.confidence_interval[1]).toBeCloseTo(0.166354, 5)
    expect(test).not.toHaveProperty('chance_to_win')
  })

  it('[Q9] frequentist ratio: revenue per order, 500/200 against 600/220, by the delta method', async () => {
    const ratio = {
      kind: 'ExperimentMetric',
      metric_type: 'ratio',
      uuid: 'aov',
      numerator: { kind: 'EventsNode', event: 'purchase' },
      denominator: { kind: 'EventsNode', event: 'order' },
    }
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([{ metrics: [ratio], stats_config: { method: 'frequentist' } }])
    fake.seed.experimentData(
      experiment!.id,
      {
        control: {
          exposures: 1000,
          sum: 500,
          sum_squares: 2500,
          denominator_sum: 200,
          denominator_sum_squares: 200,
          numerator_denominator_sum_product: 500,
        },
        test: {
          exposures: 1000,
          sum: 600,
          sum_squares: 3000,
          denominator_sum: 220,
          denominator_sum_squares: 220,
          numerator_denominator_sum_product: 600,
        },
      },
      { metric: 'aov' },
    )
    const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: ratio })
    // Control: M = 0.5, Var(M) = (2500 − 500²/1000) / 999 = 2.252252; D = 0.2, Var(D) = (200 − 200²/1000) / 999 =
    // 0.160160;
    // Cov = (500 − 500·200/1000) / 999 = 0.400400; R = 500/200 = 2.5;
    // Var(R) = 2.252252/0.2² + 0.5²·0.160160/0.2⁴ − 2·0.5·0.400400/0.2³ = 56.306306 + 25.025025 − 50.050050 =
    // 31.281281.
    // Test: M = 0.6, Var(M) = 2.642643; D = 0.22, Var(D) = 0.171772; Cov = 0.468468; R = 600/220 = 2.727273;
    // Var(R) = 2.642643/0.0484 + 0.36·0.171772/0.00234256 − 1.2·0.468468/0.010648 = 28.202508.
    // lift = 0.227273 / 2.5 = 0.090909; var = 28.202508 / (1000·6.25) + 7.438017·31.281281 / (1000·39.0625) =
    // 0.010468771
    // sd = 0.1023170; p = 2(1 − Φ(0.090909 / 0.1023170)) = 0.374270; interval = 0.090909 ± 1.959964·0.1023170 =
    // [−0.109629, 0.291447].
    expect(body.baseline).toMatchObject({
      key: 'control',
      sum: 500,
      denominator_sum: 200,
      denominator_sum_squares: 200,
      numerator_denominator_sum_product: 500,
    })
    const [test] = body.variant_results
    expect(test).toMatchObject({ key: 'test', method: 'frequentist', significant: false, denominator_sum: 220 })
    expect(test.p_value).toBeCloseTo(0.37427, 4)
    expect(test.confidence_interval[0]).toBeCloseTo(-0.109629, 5)
    expect(test.confidence_interval[1]).toBeCloseTo(0.291447, 5)
  })

  it(
    '[Q9] a retention metric is read as a proportion, as the ' + "service's runner reads every kind but mean and ratio",
    async () => {
      const retention = {
        kind: 'ExperimentMetric',
        metric_type: 'retention',
        uuid: 'week-1',
        start_event: { kind: 'EventsNode', event: 'signup' },
        completion_event: { kind: 'EventsNode', event: 'login' },
      }
      const fake = createFakeApi()
      const [experiment] = fake.seed.experiments([{ metrics: [retention] }])
      fake.seed.experimentData(
        experiment!.id,
        { control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } },
        { metric: 'week-1' },
      )
      const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: retention })
      // The same counts as the Bayesian funnel above: the same answer.
      expect(body.variant_results[0].chance_to_win).toBeCloseTo(0.967276, 5)
      fake.seed.experimentData(
        experiment!.id,
        { control: { exposures: 1000, conversions: 4 }, test: { exposures: 1000, conversions: 130 } },
        { metric: 'week-1' },
      )
      expect(
        (await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: retention })).baseline
          .validation_failures,
      ).toEqual(['not-enough-metric-data'])
    },
  )

  it(
    '[Q9] a variant with fewer than 50 exposures has its ' + 'failure and no statistics; a baseline of zero too',
    async () => {
      const fake = createFakeApi()
      const [experiment] = fake.seed.experiments([{ metrics: [funnel] }])
      fake.seed.experimentData(experiment!.id, {
        control: { exposures: 1000, conversions: 100 },
        test: { exposures: 40, conversions: 8 },
      })
      const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel })
      expect(body.variant_results).toEqual([
        {
          key: 'test',
          number_of_samples: 40,
          sum: 8,
          sum_squares: 8,
          validation_failures: ['not-enough-exposures'],
          method: 'bayesian',
        },
      ])

      fake.seed.experimentData(experiment!.id, {
        control: { exposures: 100, conversions: 0 },
        test: { exposures: 100, conversions: 3 },
      })
      const zero = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel })
      expect(zero.baseline.validation_failures).toEqual(['not-enough-metric-data', 'baseline-mean-is-zero'])
      expect(zero.variant_results[0].validation_failures).toEqual(['not-enough-metric-data'])
      expect(zero.variant_results[0]).not.toHaveProperty('significant')
    },
  )

  it('[Q8] [Q12] answers 400 as the service does for a missing or unknown experiment and a draft', async () => {
    const fake = createFakeApi()
    const [draft] = fake.seed.experiments([{ start_date: null }])
    const detail = async (query: Record<string, unknown>) => {
      const response = await post(fake, query)
      expect(response.status).toBe(400)
      return ((await response.json()) as { detail: string }).detail
    }
    expect(await detail({ kind: 'ExperimentQuery', metric: funnel })).toBe('experiment_id is required')
    expect(await detail({ kind: 'ExperimentQuery', experiment_id: 999, metric: funnel })).toBe(
      'Experiment with id 999 not found',
    )
    expect(await detail({ kind: 'ExperimentQuery', experiment_id: draft!.id, metric: funnel })).toBe(
      'Experiment has not started yet',
    )
    expect(await detail({ kind: 'TrendsQuery', series: [] })).toMatch(/^The fake does not evaluate TrendsQuery queries/)
  })
})

describe('legacy kinds in the fake', () => {
  it('[Q11] ExperimentFunnelsQuery: successes and failures, the chance to beat control, rate intervals', async () => {
    const fake = createFakeApi()
    const legacy = { kind: 'ExperimentFunnelsQuery', uuid: 'old', funnels_query: { kind: 'FunnelsQuery', series: [] } }
    const [experiment] = fake.seed.experiments([{ metrics: [legacy] }])
    fake.seed.experimentData(experiment!.id, {
      control: { exposures: 1000, conversions: 100 },
      test: { exposures: 1000, conversions: 130 },
    })
    const body = await answer(fake, { ...legacy, experiment_id: experiment!.id })
    expect(body.variants).toEqual([
      { key: 'control', success_count: 100, failure_count: 900 },
      { key: 'test', success_count: 130, failure_count: 870 },
    ])
    // test: Φ(0.3 / 0.1628496) = 0.967276 (as the Bayesian funnel above); control: 1 − 0.967276.
    expect(body.probability.test).toBeCloseTo(0.967276, 5)
    expect(body.probability.control).toBeCloseTo(0.032724, 5)
    expect(body).toMatchObject({ significant: true, significance_code: 'significant' })
    // control's rate 0.1 ± 1.959964·√(0.1·0.9 / 1000) = 0.1 ± 0.018594.
    expect(body.credible_intervals.control[0]).toBeCloseTo(0.081406, 5)
    expect(body.credible_intervals.control[1]).toBeCloseTo(0.118594, 5)
  })
})

describe('async runs in the fake', () => {
  it('[Q5] answers 202, then its first status read "running", then the result', async () => {
    const fake = createFakeApi()
    const started = await post(
      fake,
      { kind: 'HogQLQuery', query: 'SELECT 1 AS one' },
      { refresh: 'async', client_query_id: 'q-1' },
    )
    expect(started.status).toBe(202)
    expect(((await started.json()) as any).query_status).toMatchObject({ id: 'q-1', complete: false, results: null })
    const read = () =>
      fake.fetch(`${fake.baseUrl}/api/projects/${fake.projectId}/query/q-1/`, {
        headers: { authorization: `Bearer ${fake.apiKey}` },
      })
    const first = await read()
    expect(first.status).toBe(202)
    const second = await read()
    expect(second.status).toBe(200)
    expect(((await second.json()) as any).query_status).toMatchObject({
      id: 'q-1',
      complete: true,
      results: { columns: ['one'], results: [[1]] },
    })
    const unknown = await fake.fetch(`${fake.baseUrl}/api/projects/${fake.projectId}/query/nope/`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    })
    expect(unknown.status).toBe(404)
  })
})
