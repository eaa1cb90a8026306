import { describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'

/**
 * The fake's `ExperimentQuery` and legacy answers (docs/service-behaviour.md §10.5, §10.6) against numbers
 * computed by hand, step by step in the comments. Φ is the standard normal distribution function;
 * z(0.975) = 1.959964.
 */

const funnel = { kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'conversion', series: [] }
const mean = { kind: 'ExperimentMetric', metric_type: 'mean', uuid: 'revenue', source: { kind: 'EventsNode', event: 'purchase' } }

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
  it('Bayesian funnel: 100/1000 against 130/1000', async () => {
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([{ metrics: [funnel] }])
    fake.seed.experimentData(experiment!.id, { control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } })
    const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel })
    // p_c = 0.1, p_t = 0.13; lift = 0.03 / 0.1 = 0.3.
    // var = p_t(1 − p_t) / (n_t·p_c²) + p_t²·p_c(1 − p_c) / (n_c·p_c⁴) = 0.1131 / 10 + 0.0169·0.09 / 0.1 = 0.01131 + 0.01521 = 0.02652
    // sd = √0.02652 = 0.1628496; chance to win = Φ(0.3 / 0.1628496) = Φ(1.842190) = 0.967276
    // interval = 0.3 ± 1.959964·0.1628496 = [−0.019179, 0.619179]; significant: 0.967276 > 0.95.
    expect(body.baseline).toEqual({ key: 'control', number_of_samples: 1000, sum: 100, sum_squares: 100, validation_failures: [] })
    const [test] = body.variant_results
    expect(test).toMatchObject({ key: 'test', number_of_samples: 1000, sum: 130, method: 'bayesian', significant: true, validation_failures: [] })
    expect(test.chance_to_win).toBeCloseTo(0.967276, 5)
    expect(test.credible_interval[0]).toBeCloseTo(-0.019179, 5)
    expect(test.credible_interval[1]).toBeCloseTo(0.619179, 5)
  })

  it('frequentist mean: 2,000 over 1,000 against 2,200 over 1,000', async () => {
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([{ metrics: [mean], stats_config: { method: 'frequentist' } }])
    fake.seed.experimentData(experiment!.id, { control: { exposures: 1000, sum: 2000, sum_squares: 6000 }, test: { exposures: 1000, sum: 2200, sum_squares: 7000 } }, { metric: 'revenue' })
    const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: mean })
    // m_c = 2, var_c = (6000 − 2000²/1000) / 999 = 2.002002; m_t = 2.2, var_t = (7000 − 2200²/1000) / 999 = 2.162162
    // lift = 0.2 / 2 = 0.1; var = 2.162162 / (1000·4) + 4.84·2.002002 / (1000·16) = 0.000540541 + 0.000605606 = 0.001146146
    // sd = 0.0338548; p = 2(1 − Φ(0.1 / 0.0338548)) = 2(1 − Φ(2.953811)) = 0.003139
    // interval = 0.1 ± 1.959964·0.0338548 = [0.033646, 0.166354]; significant: 0.003139 < 0.05.
    const [test] = body.variant_results
    expect(test).toMatchObject({ key: 'test', method: 'frequentist', significant: true })
    expect(test.p_value).toBeCloseTo(0.003139, 5)
    expect(test.confidence_interval[0]).toBeCloseTo(0.033646, 5)
    expect(test.confidence_interval[1]).toBeCloseTo(0.166354, 5)
    expect(test).not.toHaveProperty('chance_to_win')
  })

  it('a variant with fewer than 50 exposures has its failure and no statistics; a baseline of zero too', async () => {
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([{ metrics: [funnel] }])
    fake.seed.experimentData(experiment!.id, { control: { exposures: 1000, conversions: 100 }, test: { exposures: 40, conversions: 8 } })
    const body = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel })
    expect(body.variant_results).toEqual([{ key: 'test', number_of_samples: 40, sum: 8, sum_squares: 8, validation_failures: ['not-enough-exposures'], method: 'bayesian' }])

    fake.seed.experimentData(experiment!.id, { control: { exposures: 100, conversions: 0 }, test: { exposures: 100, conversions: 3 } })
    const zero = await answer(fake, { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel })
    expect(zero.baseline.validation_failures).toEqual(['not-enough-metric-data', 'baseline-mean-is-zero'])
    expect(zero.variant_results[0].validation_failures).toEqual(['not-enough-metric-data'])
    expect(zero.variant_results[0]).not.toHaveProperty('significant')
  })

  it('answers 400 as the service does for a missing or unknown experiment and a draft', async () => {
    const fake = createFakeApi()
    const [draft] = fake.seed.experiments([{ start_date: null }])
    const detail = async (query: Record<string, unknown>) => {
      const response = await post(fake, query)
      expect(response.status).toBe(400)
      return ((await response.json()) as { detail: string }).detail
    }
    expect(await detail({ kind: 'ExperimentQuery', metric: funnel })).toBe('experiment_id is required')
    expect(await detail({ kind: 'ExperimentQuery', experiment_id: 999, metric: funnel })).toBe('Experiment with id 999 not found')
    expect(await detail({ kind: 'ExperimentQuery', experiment_id: draft!.id, metric: funnel })).toBe('Experiment has not started yet')
    expect(await detail({ kind: 'TrendsQuery', series: [] })).toMatch(/^The fake does not evaluate TrendsQuery queries/)
  })
})

describe('legacy kinds in the fake', () => {
  it('ExperimentFunnelsQuery: successes and failures, the chance to beat control, rate intervals', async () => {
    const fake = createFakeApi()
    const legacy = { kind: 'ExperimentFunnelsQuery', uuid: 'old', funnels_query: { kind: 'FunnelsQuery', series: [] } }
    const [experiment] = fake.seed.experiments([{ metrics: [legacy] }])
    fake.seed.experimentData(experiment!.id, { control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } })
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
  it('answers 202, then its first status read "running", then the result', async () => {
    const fake = createFakeApi()
    const started = await post(fake, { kind: 'HogQLQuery', query: 'SELECT 1 AS one' }, { refresh: 'async', client_query_id: 'q-1' })
    expect(started.status).toBe(202)
    expect(((await started.json()) as any).query_status).toMatchObject({ id: 'q-1', complete: false, results: null })
    const read = () => fake.fetch(`${fake.baseUrl}/api/projects/${fake.projectId}/query/q-1/`, { headers: { authorization: `Bearer ${fake.apiKey}` } })
    const first = await read()
    expect(first.status).toBe(202)
    const second = await read()
    expect(second.status).toBe(200)
    expect(((await second.json()) as any).query_status).toMatchObject({ id: 'q-1', complete: true, results: { columns: ['one'], results: [[1]] } })
    const unknown = await fake.fetch(`${fake.baseUrl}/api/projects/${fake.projectId}/query/nope/`, { headers: { authorization: `Bearer ${fake.apiKey}` } })
    expect(unknown.status).toBe(404)
  })
})
