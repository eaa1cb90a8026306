import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ConnectionError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  ProjectClient,
  RateLimitError,
  ResponseValidationError,
} from '../../src/index.js'
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js'

describe('ProjectClient against fake.listen()', () => {
  let fake: FakeApi
  let server: FakeServer
  let client: ProjectClient

  beforeEach(async () => {
    fake = createFakeApi({ pageSize: 2 })
    server = await fake.listen()
    client = new ProjectClient({ apiKey: fake.apiKey, projectId: fake.projectId, baseUrl: server.url })
  })
  afterEach(() => server.close())

  it('[C16] lists experiments across pages by following the absolute next links', async () => {
    fake.seed.experiments(5)
    const first = await client.experiments.list()
    expect(first.results.map((item) => item.id)).toEqual([5, 4])
    expect(first.next).toBe(`${server.url}/api/projects/1/experiments/?limit=2&offset=2`)
    const ids: number[] = []
    for await (const experiment of client.experiments.list()) ids.push(experiment.id)
    expect(ids).toEqual([5, 4, 3, 2, 1])
    expect(fake.requests.filter((request) => request.operation === 'experiments.list')).toHaveLength(4)
  })

  it('[C19] creates, soft-deletes and refuses hard deletes', async () => {
    const created = await client.experiments.create({ name: 'Pricing page', feature_flag_key: 'pricing-page' })
    expect(created).toMatchObject({ name: 'Pricing page', feature_flag_key: 'pricing-page', deleted: false })
    expect(created.feature_flag?.key).toBe('pricing-page')

    await expect(client.experiments.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)

    const removed = await client.experiments.softDelete(created.id)
    expect(removed.deleted).toBe(true)
    await expect(client.experiments.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
    expect((await client.experiments.list()).results).toEqual([])
    expect(fake.state.experiments.get(created.id)?.deleted).toBe(true)
  })

  it('validates against the SDK schemas for the other experiment operations', async () => {
    const [experiment] = fake.seed.experiments(1)
    const id = experiment?.id ?? 0
    fake.seed.featureFlags([{ key: 'eligible' }, { key: 'plain', filters: { groups: [] } }])
    const duplicate = await client.experiments.duplicate(id)
    expect(duplicate.name).toBe(`${experiment?.name} (Copy)`)
    expect(duplicate.start_date).toBeNull()
    expect((await client.experiments.duplicate(id)).name).toBe(`${experiment?.name} (Copy) 1`)
    const cohort = await client.experiments.createExposureCohort(id)
    expect(cohort.cohort?.name).toBe(`Users exposed to experiment "${experiment?.name}"`)
    const metric = {
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      uuid: 'metric-1',
      source: { kind: 'EventsNode', event: 'purchase' },
    } as const
    const recalculation = await client.experiments.recalculateTimeseries(id, { metric, fingerprint: 'fp' })
    expect(recalculation).toMatchObject({ status: 'pending', metric_uuid: 'metric-1', experiment_id: id })
    const results = await client.experiments.timeseriesResults(id, { metric_uuid: 'metric-1', fingerprint: 'fp' })
    expect(results.recalculation_status).toBe('pending')
    expect(Object.keys(results.timeseries ?? {}).length).toBeGreaterThanOrEqual(7)
    const flags = await client.experiments.eligibleFeatureFlags({ search: 'eligible' })
    expect(flags.results.map((flag) => flag.key)).toEqual(['eligible'])
    expect(flags.count).toBe(1)
    expect(await client.experiments.requiresFlagImplementation()).toEqual({ result: true })
    expect(await client.experiments.stats()).toMatchObject({ launched_last_30d: 1, active_experiments: 1 })
  })

  it('retries a GET answered 503 with Retry-After', async () => {
    fake.seed.experiments(1)
    fake.faults.failNext(1, { status: 503, retryAfter: 0, operation: 'experiments.list' })
    const page = await client.experiments.list()
    expect(page.count).toBe(1)
    expect(fake.requests.map((request) => request.status)).toEqual([503, 200])
  })

  it('does not retry a POST the server stored but answered 500', async () => {
    fake.faults.failNext(1, { status: 500, method: 'POST', afterApply: true })
    await expect(client.experiments.create({ name: 'Twice?', feature_flag_key: 'twice' })).rejects.toBeInstanceOf(
      InternalServerError,
    )
    expect(fake.requests).toHaveLength(1)
    expect([...fake.state.experiments.values()].map((item) => item.name)).toEqual(['Twice?'])
  })

  it('[C25] surfaces a 429 as RateLimitError with retryAfter', async () => {
    fake.faults.tooManyRequests({ limit: 1, windowMs: 120_000 })
    await client.experiments.stats()
    const error = await client.experiments.stats({ maxRetries: 0 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(120)
  })

  it('[C12] reports the scope a restricted key lacks', async () => {
    const restricted = createFakeApi({ apiKey: 'phx_restricted', keys: { phx_restricted: ['experiment:read'] } })
    const restrictedServer = await restricted.listen()
    try {
      const restrictedClient = new ProjectClient({ ...restricted.clientOptions(restrictedServer.url) })
      expect((await restrictedClient.experiments.list()).results).toEqual([])
      const error = await restrictedClient.experiments
        .create({ name: 'x', feature_flag_key: 'x' })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(PermissionDeniedError)
      expect((error as PermissionDeniedError).requiredScope).toBe('experiment:write')
    } finally {
      await restrictedServer.close()
    }
  })
})

describe('ProjectClient with fetch: fake.fetch', () => {
  it('serves the client without sockets or msw', async () => {
    const fake = createFakeApi({ projectId: 7 })
    fake.seed.experiments(3)
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
    const page = await client.experiments.list({ limit: 2 })
    expect(page.results).toHaveLength(2)
    expect(page.next).toBe('https://us.posthog.com/api/projects/7/experiments/?limit=2&offset=2')
    expect((await page.getNextPage()).results).toHaveLength(1)
    const created = await client.experiments.create({ name: 'In memory', feature_flag_key: 'in-memory' })
    expect((await client.experiments.softDelete(created.id)).deleted).toBe(true)
  })

  it('turns a dropped POST into a ConnectionError, and malformed JSON into a ResponseValidationError', async () => {
    const fake = createFakeApi()
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
    fake.faults.dropNext(1, { method: 'POST', afterApply: true })
    await expect(client.experiments.create({ name: 'Dropped', feature_flag_key: 'dropped' })).rejects.toBeInstanceOf(
      ConnectionError,
    )
    expect(fake.state.experiments.size).toBe(1)
    fake.faults.malformedNext(1)
    await expect(client.experiments.list()).rejects.toBeInstanceOf(ResponseValidationError)
  })

  it('times out on a hang and retries the GET', async () => {
    const fake = createFakeApi()
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, timeout: 100, maxRetries: 1 })
    fake.faults.hangNext(1)
    const page = await client.experiments.list()
    expect(page.results).toEqual([])
    expect(fake.requests.map((request) => request.fault)).toEqual(['hang', null])
  })
})
