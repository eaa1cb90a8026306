import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, ProjectClient } from '../../src/index.js'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'

/**
 * `experiments.results`: what it sends (the experiment, then one query per metric) and the values it derives
 * (docs/service-behaviour.md §10.5), against numbers computed by hand. The service's statistics come from the
 * fake (checked by hand in test/testing/experiment-query.test.ts); the value, the lift, winning and the chance
 * to win of a `decrease` goal are the SDK's.
 */

const funnel = {
  kind: 'ExperimentMetric',
  metric_type: 'funnel',
  uuid: 'conversion',
  name: 'Checkout conversion',
  series: [],
}
const revenue = {
  kind: 'ExperimentMetric',
  metric_type: 'mean',
  uuid: 'revenue',
  name: 'Revenue',
  source: { kind: 'EventsNode', event: 'purchase' },
}
const meanData = {
  control: { exposures: 1000, sum: 2000, sum_squares: 6000 },
  test: { exposures: 1000, sum: 2200, sum_squares: 7000 },
}

function setup(): { fake: FakeApi; client: ProjectClient } {
  const fake = createFakeApi()
  return { fake, client: new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 }) }
}

describe('experiments.results', () => {
  it(
    'Bayesian: the value, the lift (middle of the interval), winning, as computed by hand; one query for the ' +
      'metric',
    async () => {
      const { fake, client } = setup()
      const [experiment] = fake.seed.experiments([{ metrics: [funnel] }])
      fake.seed.experimentData(experiment!.id, {
        control: { exposures: 1000, conversions: 100 },
        test: { exposures: 1000, conversions: 130 },
      })

      const results = await client.experiments.results(experiment!.id)

      const [metric] = results.metrics
      expect(results.experiment_id).toBe(experiment!.id)
      expect(metric).toMatchObject({
        uuid: 'conversion',
        name: 'Checkout conversion',
        kind: 'ExperimentMetric',
        metric_type: 'funnel',
        goal: 'increase',
        secondary: false,
        method: 'bayesian',
      })
      // Conversion rates 100/1000 = 0.1 and 130/1000 = 0.13.
      expect(metric!.baseline).toEqual({
        key: 'control',
        number_of_samples: 1000,
        sum: 100,
        value: 0.1,
        validation_failures: [],
      })
      const [test] = metric!.variants
      expect(test).toMatchObject({
        key: 'test',
        number_of_samples: 1000,
        sum: 130,
        value: 0.13,
        significant: true,
        winning: true,
        validation_failures: [],
      })
      // Interval 0.3 ± 1.959964·0.1628496 (hand computation in test/testing/experiment-query.test.ts): its middle is
      // 0.3.
      expect(test!.delta).toBeCloseTo(0.3, 10)
      expect(test!.interval![0]).toBeCloseTo(-0.019179, 5)
      expect(test!.interval![1]).toBeCloseTo(0.619179, 5)
      expect(test!.chance_to_win).toBeCloseTo(0.967276, 5)
      expect(test).not.toHaveProperty('p_value')
      expect(fake.requests.map((request) => request.operation)).toEqual(['experiments.retrieve', 'query.run'])
      expect(fake.requests[1]!.body).toEqual({
        query: { kind: 'ExperimentQuery', experiment_id: experiment!.id, metric: funnel },
      })
    },
  )

  it('frequentist: the p-value and the lift; no chance to win', async () => {
    const { fake, client } = setup()
    const [experiment] = fake.seed.experiments([{ metrics: [revenue], stats_config: { method: 'frequentist' } }])
    fake.seed.experimentData(experiment!.id, meanData)

    const [metric] = (await client.experiments.results(experiment!.id)).metrics

    expect(metric!.method).toBe('frequentist')
    expect(metric!.baseline.value).toBe(2) // 2,000 / 1,000
    const [test] = metric!.variants
    expect(test!.value).toBeCloseTo(2.2, 12) // 2,200 / 1,000
    // Interval [0.033646, 0.166354]: middle 0.1 = (2.2 − 2) / 2.
    expect(test!.delta).toBeCloseTo(0.1, 6)
    expect(test!.p_value).toBeCloseTo(0.003139, 5)
    expect(test).toMatchObject({ significant: true, winning: true })
    expect(test).not.toHaveProperty('chance_to_win')
  })

  it(
    'a ratio metric: the value is the numerator over the ' + 'denominator, the lift the middle of its interval',
    async () => {
      const { fake, client } = setup()
      const aov = {
        kind: 'ExperimentMetric',
        metric_type: 'ratio',
        uuid: 'aov',
        name: 'Order value',
        numerator: { kind: 'EventsNode', event: 'purchase' },
        denominator: { kind: 'EventsNode', event: 'order' },
      }
      const [experiment] = fake.seed.experiments([{ metrics: [aov], stats_config: { method: 'frequentist' } }])
      fake.seed.experimentData(experiment!.id, {
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
      })

      const [metric] = (await client.experiments.results(experiment!.id)).metrics

      expect(metric!.baseline.value).toBe(2.5) // 500 / 200, not 500 / 1,000
      const [test] = metric!.variants
      expect(test!.value).toBeCloseTo(600 / 220, 12)
      // Interval [−0.109629, 0.291447] (test/testing/experiment-query.test.ts): middle 0.090909 = (2.727273 − 2.5) /
      // 2.5.
      expect(test!.delta).toBeCloseTo(0.090909, 5)
      expect(test).toMatchObject({ significant: false, winning: true })
    },
  )

  it('a decrease goal: the same lift is losing, and the chance to win is turned round', async () => {
    const { fake, client } = setup()
    const [experiment] = fake.seed.experiments([{ metrics: [{ ...revenue, goal: 'decrease' }] }])
    fake.seed.experimentData(experiment!.id, meanData)

    const [metric] = (await client.experiments.results(experiment!.id)).metrics

    expect(metric!.goal).toBe('decrease')
    const [test] = metric!.variants
    // The service's chance that the variant is higher: Φ(0.1 / 0.0338548) = Φ(2.953811) = 0.998431; lower is better
    // here: 1 − 0.998431.
    expect(test!.chance_to_win).toBeCloseTo(0.001569, 5)
    expect(test!.delta).toBeCloseTo(0.1, 6)
    expect(test!.winning).toBe(false)
    expect(test!.significant).toBe(true)
  })

  it(
    'a variant with too few exposures: reported in ' + 'validation_failures, not thrown; no statistics derived',
    async () => {
      const { fake, client } = setup()
      const [experiment] = fake.seed.experiments([{ metrics: [funnel] }])
      fake.seed.experimentData(experiment!.id, {
        control: { exposures: 1000, conversions: 100 },
        test: { exposures: 40, conversions: 8 },
      })

      const [metric] = (await client.experiments.results(experiment!.id)).metrics

      // 8 / 40 = 0.2; fewer than 50 exposures.
      expect(metric!.variants).toEqual([
        { key: 'test', number_of_samples: 40, sum: 8, value: 0.2, validation_failures: ['not-enough-exposures'] },
      ])
    },
  )

  it('a draft experiment: InvalidArgumentError before any query', async () => {
    const { fake, client } = setup()
    const [draft] = fake.seed.experiments([{ start_date: null, metrics: [funnel] }])

    const error = await client.experiments.results(draft!.id).catch((caught: unknown) => caught)

    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toBe(
      `Invalid argument \`id\`: experiment ${draft!.id} is a draft (never launched): no results`,
    )
    expect(fake.requests.map((request) => request.operation)).toEqual(['experiments.retrieve'])
  })

  it('reads primary then secondary metrics in their order, saved metrics included, or the ones named', async () => {
    const { fake, client } = setup()
    const other = { ...revenue, uuid: 'aov', name: 'Order value' }
    const [experiment] = fake.seed.experiments([
      {
        metrics: [funnel, revenue],
        primary_metrics_ordered_uuids: ['revenue', 'shared', 'conversion'],
        metrics_secondary: [other],
        saved_metrics: [{ id: 1, metadata: { type: 'primary' }, query: { ...funnel, uuid: 'shared', name: 'Shared' } }],
      },
    ])
    fake.seed.experimentData(experiment!.id, {
      control: { exposures: 100, conversions: 10 },
      test: { exposures: 100, conversions: 12 },
    })

    const all = await client.experiments.results(experiment!.id)
    expect(all.metrics.map((metric) => [metric.uuid, metric.secondary])).toEqual([
      ['revenue', false],
      ['shared', false],
      ['conversion', false],
      ['aov', true],
    ])

    fake.reset()
    const [again] = fake.seed.experiments([{ metrics: [funnel, revenue], metrics_secondary: [other] }])
    const named = await client.experiments.results(again!.id, { metrics: ['aov', 'conversion'] })
    expect(named.metrics.map((metric) => metric.uuid)).toEqual(['aov', 'conversion'])
    expect(fake.requests.map((request) => request.operation)).toEqual([
      'experiments.retrieve',
      'query.run',
      'query.run',
    ])

    const before = fake.requests.length
    const unknown = await client.experiments
      .results(again!.id, { metrics: ['conversion', 'nope'] })
      .catch((caught: unknown) => caught)
    expect(unknown).toBeInstanceOf(InvalidArgumentError)
    expect((unknown as InvalidArgumentError).argument).toBe('params.metrics[1]')
    expect(fake.requests.slice(before).map((request) => request.operation)).toEqual(['experiments.retrieve'])

    const bad = await client.experiments
      .results(again!.id, { metrics: 'conversion' as never })
      .catch((caught: unknown) => caught)
    expect(bad).toBeInstanceOf(InvalidArgumentError)
    expect(fake.requests.length).toBe(before + 1)
  })

  it('sends refresh with every query', async () => {
    const { fake, client } = setup()
    const [experiment] = fake.seed.experiments([{ metrics: [funnel, revenue] }])
    await client.experiments.results(experiment!.id, { refresh: 'force_blocking' })
    expect(
      fake.requests
        .filter((request) => request.operation === 'query.run')
        .map((request) => (request.body as { refresh: string }).refresh),
    ).toEqual(['force_blocking', 'force_blocking'])
  })

  it('a legacy metric is read through its own kind, its lift from the rates', async () => {
    const { fake, client } = setup()
    const legacy = {
      kind: 'ExperimentFunnelsQuery',
      uuid: 'old',
      name: 'Signup funnel',
      funnels_query: { kind: 'FunnelsQuery', series: [] },
    }
    const [experiment] = fake.seed.experiments([{ metrics: [legacy] }])
    fake.seed.experimentData(experiment!.id, {
      control: { exposures: 1000, conversions: 100 },
      test: { exposures: 1000, conversions: 130 },
    })

    const [metric] = (await client.experiments.results(experiment!.id)).metrics

    expect(fake.requests.at(-1)!.body).toEqual({ query: { ...legacy, experiment_id: experiment!.id } })
    expect(metric).toMatchObject({ uuid: 'old', kind: 'ExperimentFunnelsQuery', goal: 'increase' })
    expect(metric!.baseline).toEqual({
      key: 'control',
      number_of_samples: 1000,
      sum: 100,
      value: 0.1,
      validation_failures: [],
    })
    const [test] = metric!.variants
    // Rates 100 / (100 + 900) and 130 / (130 + 870); 0.13 / 0.1 − 1 = 0.3; the probability of being best is the chance
    // to win.
    expect(test!.delta).toBeCloseTo(0.3, 10)
    expect(test!.chance_to_win).toBeCloseTo(0.967276, 5)
    expect(test).toMatchObject({ key: 'test', value: 0.13, significant: true, winning: true })
    expect(test).not.toHaveProperty('interval')
  })

  it('a metric the service refuses (400) is that metric’s error; the others are read', async () => {
    const { fake, client } = setup()
    const [experiment] = fake.seed.experiments([{ metrics: [funnel, revenue] }])
    fake.faults.failNext(1, {
      status: 400,
      operation: 'query.run',
      body: { type: 'validation_error', code: 'invalid_input', detail: 'Event purchase does not exist', attr: null },
    })

    const results = await client.experiments.results(experiment!.id)

    expect(results.metrics[0]).toMatchObject({
      uuid: 'conversion',
      error: 'Event purchase does not exist',
      variants: [],
    })
    expect(results.metrics[1]).not.toHaveProperty('error')
    expect(results.metrics[1]!.variants.map((variant) => variant.key)).toEqual(['test'])
  })
})

describe('experiments.results: saved metrics', () => {
  it("a metric from a saved metric carries the saved metric's name and id, its query sent as stored", async () => {
    const { fake, client } = setup()
    // The service keeps a saved metric's name on the saved metric: its query has none (docs/service-behaviour.md
    // §11.6).
    const query = {
      kind: 'ExperimentMetric' as const,
      metric_type: 'funnel' as const,
      series: [{ kind: 'EventsNode' as const, event: 'purchase' }],
    }
    const saved = await client.savedMetrics.create({ name: 'Checkout (shared)', query })
    const secondary = await client.savedMetrics.create({
      name: 'Refunds (shared)',
      query: { ...query, series: [{ kind: 'EventsNode', event: 'refund' }] },
    })
    const [experiment] = fake.seed.experiments([{ metrics: [revenue], primary_metrics_ordered_uuids: ['revenue'] }])
    await client.experiments.update(experiment!.id, {
      saved_metrics_ids: [
        { id: saved.id, metadata: { type: 'primary' } },
        { id: secondary.id, metadata: { type: 'secondary' } },
      ],
    })
    fake.seed.experimentData(experiment!.id, {
      control: { exposures: 100, conversions: 10 },
      test: { exposures: 100, conversions: 12 },
    })

    const { metrics } = await client.experiments.results(experiment!.id)

    expect(metrics.map((metric) => [metric.name, metric.saved_metric, metric.secondary])).toEqual([
      ['Revenue', undefined, false],
      ['Checkout (shared)', saved.id, false],
      ['Refunds (shared)', secondary.id, true],
    ])
    expect(metrics[0]).not.toHaveProperty('saved_metric')
    const linked = (await client.experiments.retrieve(experiment!.id)).saved_metrics!
    const sent = fake.requests
      .filter((request) => request.operation === 'query.run')
      .map((request) => (request.body as { query: { metric: unknown } }).query.metric)
    expect(sent).toEqual([revenue, linked[0]!.query, linked[1]!.query])
  })
})
