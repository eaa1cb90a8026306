import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'

/** derived.ts is loaded on first use; a load that failed (a chunk not reachable) is tried again on the next call. */
describe('loading the derivations on demand', () => {
  afterEach(() => {
    vi.doUnmock('../../src/resources/derived.js')
  })

  it('a failed load rejects that call with the load’s error; the next call loads again', async () => {
    vi.resetModules()
    const { loadDerived } = await import('../../src/resources/load-derived.js')
    vi.doMock('../../src/resources/derived.js', () => {
      throw new Error('chunk not reachable')
    })
    await expect(loadDerived()).rejects.toMatchObject({ cause: { message: 'chunk not reachable' } })
    vi.doUnmock('../../src/resources/derived.js')
    expect(typeof (await loadDerived()).metricResult).toBe('function')
  })

  it('experiment results work once loaded', async () => {
    const fake = createFakeApi()
    const [experiment] = fake.seed.experiments([
      { metrics: [{ kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'm', series: [] }] },
    ])
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
    expect((await client.experiments.results(experiment!.id)).metrics.map((metric) => metric.uuid)).toEqual(['m'])
  })
})
