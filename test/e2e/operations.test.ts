import { beforeAll, describe, expect, it } from 'vitest'
import {
  AuthenticationError,
  MethodNotAllowedError,
  NotFoundError,
  OPERATIONS,
  PermissionDeniedError,
  type OperationId,
  type ProjectClient,
} from 'posthog-project-client'
import { ALL_OPERATIONS, operationsHit, useE2E } from '../helpers/fake-server.js'

/**
 * Every operation of the spec, once, through `ProjectClient` over a real socket to `fake.listen()`.
 * The tests share one fake and run in order (later ones use what earlier ones created); the last one
 * checks that the recorded requests covered all 64 operations of `OPERATIONS`.
 */
describe('every operation over a real socket', () => {
  // The real service refuses personal API keys on the operations with no scope; this fake answers them.
  const e2e = useE2E({ allowUnscopedActions: true })
  let client: ProjectClient

  beforeAll(() => {
    client = e2e.client({ maxRetries: 0 })
  })

  it('experiments: 13 operations, fields round-trip', async () => {
    e2e.fake.seed.featureFlags([{ key: 'eligible-flag' }])
    const created = await client.experiments.create({
      name: 'Checkout button',
      feature_flag_key: 'checkout-button',
      description: 'Green or blue',
      parameters: { feature_flag_variants: [{ key: 'control', rollout_percentage: 50 }, { key: 'test', rollout_percentage: 50 }] },
    })
    expect(created).toMatchObject({ name: 'Checkout button', feature_flag_key: 'checkout-button', description: 'Green or blue', deleted: false })
    expect(created.id).toBeTypeOf('number')
    expect(created.feature_flag?.key).toBe('checkout-button')

    const fetched = await client.experiments.retrieve(created.id)
    expect(fetched).toMatchObject({ id: created.id, name: created.name, description: created.description, feature_flag_key: created.feature_flag_key })

    const launched = await client.experiments.update(created.id, { start_date: '2026-11-01T00:00:00Z' })
    expect(launched.start_date).toMatch(/^2026-11-01T00:00:00/)

    const page = await client.experiments.list({ limit: 10 })
    expect(page.results.map((experiment) => experiment.id)).toContain(created.id)
    expect(page.count).toBe(1)

    await expect(client.experiments.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)

    const cohort = await client.experiments.createExposureCohort(created.id)
    expect(cohort.cohort?.name).toBe('Users exposed to experiment "Checkout button"')

    const copy = await client.experiments.duplicate(created.id)
    expect(copy.name).toBe('Checkout button (Copy)')
    expect(copy.id).not.toBe(created.id)

    const metric = { kind: 'ExperimentMetric', metric_type: 'mean', uuid: 'metric-1', source: { kind: 'EventsNode', event: 'purchase' } } as const
    const recalculation = await client.experiments.recalculateTimeseries(created.id, { metric, fingerprint: 'fp-1' })
    expect(recalculation).toMatchObject({ metric_uuid: 'metric-1', fingerprint: 'fp-1', experiment_id: created.id })
    const timeseries = await client.experiments.timeseriesResults(created.id, { metric_uuid: 'metric-1', fingerprint: 'fp-1' })
    expect(timeseries.experiment_id).toBe(created.id)

    const flags = await client.experiments.eligibleFeatureFlags({ search: 'eligible' })
    expect(flags.results.map((flag) => flag.key)).toEqual(['eligible-flag'])
    expect(await client.experiments.requiresFlagImplementation()).toEqual({ result: true })
    expect((await client.experiments.stats()).active_experiments).toBe(1)

    const removed = await client.experiments.softDelete(copy.id)
    expect(removed).toMatchObject({ id: copy.id, deleted: true })
    await expect(client.experiments.retrieve(copy.id)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('hog functions: 14 operations, fields round-trip', async () => {
    const [transformation] = e2e.fake.seed.hogFunctions([{ type: 'transformation', name: 'Geo-IP' }])
    const created = await client.hogFunctions.create({
      name: 'Slack alert',
      type: 'destination',
      hog: "fetch(inputs.url, {'method': 'POST'})",
      inputs: { url: { value: 'https://hooks.example.com/1' } },
      enabled: true,
    })
    expect(created).toMatchObject({ name: 'Slack alert', type: 'destination', enabled: true, inputs: { url: { value: 'https://hooks.example.com/1' } } })

    expect((await client.hogFunctions.retrieve(created.id)).hog).toBe(created.hog)
    const disabled = await client.hogFunctions.update(created.id, { enabled: false, description: 'paused' })
    expect(disabled).toMatchObject({ enabled: false, description: 'paused' })

    const listed = await client.hogFunctions.list({ type: ['destination'] })
    expect(listed.results.map((item) => item.id)).toEqual([created.id])

    await expect(client.hogFunctions.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)

    expect((await client.hogFunctions.update(created.id, { enabled: true })).enabled).toBe(true)
    expect(await client.hogFunctions.broadcast(created.id)).toEqual({ success: true })
    const invocation = await client.hogFunctions.invocations(created.id, { configuration: {}, globals: { event: { event: '$pageview' } } })
    expect(invocation).toMatchObject({ status: 'success', result: { event: '$pageview' }, errors: [] })
    // The broadcast and the invocation each logged three lines and counted one success; logs come newest first.
    const logs = await client.hogFunctions.logs(created.id)
    expect(logs.count).toBe(6)
    expect(logs.results.map((entry) => [entry.level, entry.message])).toEqual([
      ['DEBUG', 'Function completed in 1.2ms'],
      ['INFO', 'Test invocation'],
      ['DEBUG', 'Executing function'],
      ['DEBUG', 'Function completed in 1.2ms'],
      ['INFO', 'Broadcast to matching persons'],
      ['DEBUG', 'Executing function'],
    ])
    expect(new Set(logs.results.map((entry) => entry.log_source_id))).toEqual(new Set([created.id]))
    const metrics = await client.hogFunctions.metrics(created.id)
    expect(metrics.series?.map((series) => series.name)).toEqual(['success', 'failure'])
    const sum = (values: readonly number[] | undefined) => (values ?? []).reduce((total, value) => total + value, 0)
    expect(metrics.series?.map((series) => sum(series.values))).toEqual([2, 0])
    expect(await client.hogFunctions.metricsTotals(created.id)).toEqual({ totals: { success: 2 } })

    const icon = await client.hogFunctions.icon({ id: 'slack.com' })
    expect(icon).toBeInstanceOf(Blob)
    expect(icon.type).toBe('image/png')
    expect(icon.size).toBeGreaterThan(0)
    const icons = await client.hogFunctions.icons({ query: 'slack' })
    expect(icons[0]?.id).toBe('slack.com')

    const rearranged = await client.hogFunctions.rearrange({ orders: { [transformation?.id ?? '']: 3 } })
    expect(rearranged.map((item) => [item.id, item.execution_order])).toEqual([[transformation?.id, 3]])

    const removed = await client.hogFunctions.softDelete(created.id)
    expect(removed.id).toBe(created.id)
    await expect(client.hogFunctions.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('surveys: 17 operations, fields round-trip', async () => {
    const created = await client.surveys.create({
      name: 'NPS',
      type: 'popover',
      questions: [{ type: 'rating', question: 'How likely are you to recommend us?', scale: 10 }],
    })
    expect(created).toMatchObject({ name: 'NPS', type: 'popover' })
    expect(created.questions?.[0]).toMatchObject({ type: 'rating', question: 'How likely are you to recommend us?', scale: 10 })

    const launched = await client.surveys.update(created.id, { start_date: '2026-11-01T00:00:00Z', description: 'quarterly' })
    expect(launched.description).toBe('quarterly')
    expect((await client.surveys.retrieve(created.id)).description).toBe('quarterly')
    expect((await client.surveys.list({ search: 'NPS' })).results.map((survey) => survey.id)).toEqual([created.id])

    const [first, second] = e2e.fake.seed.surveyResponses(created.id, 3)
    const uuid = first?.uuid ?? ''
    expect(await client.surveys.responsesCount({ survey_ids: [created.id] })).toEqual({ [created.id]: 3 })
    expect(await client.surveys.archiveResponse(created.id, uuid)).toBe(200)
    expect(await client.surveys.archivedResponseUuids(created.id)).toEqual([uuid])
    const stats = await client.surveys.stats(created.id, { exclude_archived: true })
    expect(stats.survey_id).toBe(created.id)
    expect(stats.stats?.['survey sent']?.total_count).toBe(2)
    expect(await client.surveys.unarchiveResponse(created.id, uuid)).toBe(200)
    expect(await client.surveys.archivedResponseUuids(created.id)).toEqual([])
    expect(second?.uuid).toBeTypeOf('string')

    const allStats = await client.surveys.allStats()
    expect(allStats.stats?.['survey sent']?.total_count).toBe(3)

    const activity = await client.surveys.activity(created.id)
    expect(activity.results.length).toBeGreaterThan(0)
    const allActivity = await client.surveys.allActivity()
    expect(allActivity.results.length).toBeGreaterThanOrEqual(activity.results.length)

    const summary = await client.surveys.summarizeResponses(created.id, { question_index: 0 })
    expect(summary.response_count).toBe(3)
    const headline = await client.surveys.summaryHeadline(created.id)
    expect(headline.responses_sampled).toBe(3)

    const copies = await client.surveys.duplicateToProjects(created.id, { target_team_ids: [2, 3] })
    expect(copies.count).toBe(2)
    expect(copies.created_surveys?.map((copy) => copy.team_id)).toEqual([2, 3])

    await client.surveys.delete(created.id)
    await expect(client.surveys.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('endpoints: 11 operations, fields round-trip', async () => {
    const created = await client.endpoints.create({ name: 'daily_signups', query: { kind: 'HogQLQuery', query: 'SELECT count() FROM events' } })
    expect(created).toMatchObject({ name: 'daily_signups', query: { kind: 'HogQLQuery', query: 'SELECT count() FROM events' } })

    expect((await client.endpoints.retrieve('daily_signups')).name).toBe('daily_signups')
    expect((await client.endpoints.list()).results.map((endpoint) => endpoint.name)).toEqual(['daily_signups'])
    const updated = await client.endpoints.update('daily_signups', { query: { kind: 'HogQLQuery', query: 'SELECT 2' } })
    expect(updated.query).toMatchObject({ query: 'SELECT 2' })

    const versions = await client.endpoints.versions('daily_signups')
    expect(versions.results.map((version) => version.version)).toEqual([2, 1])
    expect((await client.endpoints.version('daily_signups', 1)).version).toBe(1)

    expect((await client.endpoints.materializationStatus('daily_signups')).can_materialize).toBe(true)
    const ranFrom = Date.now()
    const run = await client.endpoints.run('daily_signups', { refresh: 'blocking' })
    expect(run.endpoint_version).toBe(2)
    expect((await client.endpoints.runGet('daily_signups')).endpoint_version).toBe(2)
    const times = await client.endpoints.lastExecutionTimes({ names: ['daily_signups', 'never_run'] })
    expect(times.query_status).toMatchObject({ complete: true, error: false, id: '', query_async: true })
    // One row per endpoint that ran (never_run is absent), timed between the first run and now.
    const rows = times.query_status?.results as Array<[string, string]>
    expect(rows.map(([name]) => name)).toEqual(['daily_signups'])
    expect(Date.parse(rows[0]![1])).toBeGreaterThanOrEqual(ranFrom)
    expect(Date.parse(rows[0]![1])).toBeLessThanOrEqual(Date.now())

    await client.endpoints.delete('daily_signups')
    await expect(client.endpoints.retrieve('daily_signups')).rejects.toBeInstanceOf(NotFoundError)
  })

  it('event definitions: 9 operations, fields round-trip', async () => {
    const created = await client.eventDefinitions.create({ name: 'checkout_completed', description: 'Paid' })
    expect(created).toMatchObject({ name: 'checkout_completed', description: 'Paid' })

    expect((await client.eventDefinitions.retrieve(created.id)).name).toBe('checkout_completed')
    const verified = await client.eventDefinitions.update(created.id, { verified: true, tags: ['revenue'] })
    expect(verified).toMatchObject({ verified: true, tags: ['revenue'] })
    const listed = await client.eventDefinitions.list({ search: 'checkout' })
    expect(listed.results.map((definition) => definition.name)).toEqual(['checkout_completed'])

    expect(await client.eventDefinitions.metrics(created.id)).toEqual({ query_usage_30_day: 0 })
    expect((await client.eventDefinitions.typescript()).content).toContain('checkout_completed')
    expect((await client.eventDefinitions.python()).content).toContain('checkout_completed')
    expect((await client.eventDefinitions.golang()).content).toContain('checkout_completed')

    await client.eventDefinitions.delete(created.id)
    await expect(client.eventDefinitions.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  })

  it('reads: survey responses, experiment results, a query run asynchronously (3 operations)', async () => {
    const [survey] = e2e.fake.seed.surveys([{ name: 'Reads' }])
    const [response] = e2e.fake.seed.surveyResponses(survey!.id, [{ answers: { [String(survey!.questions![0]!['id'])]: 'Faster please' } }])
    const rows = await client.surveys.responses(survey!.id).toArray()
    expect(rows).toEqual([expect.objectContaining({ uuid: response!.uuid, answers: [expect.objectContaining({ answer: 'Faster please' })] })])

    const [experiment] = e2e.fake.seed.experiments([{ metrics: [{ kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'm-1', series: [] }] }])
    e2e.fake.seed.experimentData(experiment!.id, { control: { exposures: 500, conversions: 50 }, test: { exposures: 500, conversions: 60 } })
    const results = await client.experiments.results(experiment!.id)
    expect(results.metrics.map((metric) => [metric.uuid, metric.variants.map((variant) => variant.value)])).toEqual([['m-1', [0.12]]])

    const answer = await client.query({ kind: 'HogQLQuery', query: 'SELECT {word} AS word', values: { word: 'async' } }, { refresh: 'async' })
    expect(answer.results).toEqual([['async']])
  })

  it('reached all 64 operations of OPERATIONS, each over the socket', () => {
    expect(ALL_OPERATIONS).toHaveLength(64)
    expect(new Set(operationsHit(e2e.fake))).toEqual(new Set(ALL_OPERATIONS))
    expect(e2e.fake.requests.every((request) => request.url.startsWith(e2e.server.url))).toBe(true)
    expect(e2e.fake.requests.filter((request) => request.error !== undefined)).toEqual([])
  })
})

describe('scopes over a real socket', () => {
  const UNSCOPED = ALL_OPERATIONS.filter((id) => OPERATIONS[id].scope === null)
  const e2e = useE2E({ keys: { phx_survey_reader: ['survey:read'] } })

  beforeAll(() => {
    e2e.fake.seed.hogFunctions([{ id: 'hog-1' }])
    e2e.fake.seed.endpoints([{ name: 'top_events' }])
    e2e.fake.seed.eventDefinitions([{ id: 'def-1', name: 'signed_up' }])
  })

  /** One call per operation with no scope (the real service refuses personal API keys on them). */
  const unscopedCalls: Partial<Record<OperationId, (client: ProjectClient) => Promise<unknown>>> = {
    'hogFunctions.broadcast': (client) => client.hogFunctions.broadcast('hog-1'),
    'hogFunctions.invocations': (client) => client.hogFunctions.invocations('hog-1', { configuration: {} }),
    'hogFunctions.logs': (client) => client.hogFunctions.logs('hog-1'),
    'hogFunctions.metrics': (client) => client.hogFunctions.metrics('hog-1'),
    'hogFunctions.metricsTotals': (client) => client.hogFunctions.metricsTotals('hog-1'),
    'hogFunctions.icon': (client) => client.hogFunctions.icon({ id: 'slack.com' }),
    'hogFunctions.icons': (client) => client.hogFunctions.icons({ query: 'slack' }),
    'hogFunctions.rearrange': (client) => client.hogFunctions.rearrange({ orders: { 'hog-1': 1 } }),
    'endpoints.update': (client) => client.endpoints.update('top_events', { description: 'x' }),
    'endpoints.materializationStatus': (client) => client.endpoints.materializationStatus('top_events'),
    'endpoints.lastExecutionTimes': (client) => client.endpoints.lastExecutionTimes({ names: ['top_events'] }),
    'eventDefinitions.metrics': (client) => client.eventDefinitions.metrics('def-1'),
  }

  it('has a call for each of the 12 operations with no scope', () => {
    expect(Object.keys(unscopedCalls).sort()).toEqual([...UNSCOPED].sort())
    expect(UNSCOPED).toHaveLength(12)
  })

  it.each(UNSCOPED)('%s refuses the personal API key: PermissionDeniedError, requiredScope null', async (id) => {
    const call = unscopedCalls[id]
    if (!call) throw new Error(`no call for ${id}`)
    const error = await call(e2e.client({ maxRetries: 0 })).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, requiredScope: null, detail: 'This action does not support personal API key access' })
    expect(e2e.fake.requests.at(-1)?.operation).toBe(id)
  })

  it('names the missing scope, and never shows the key', async () => {
    const client = e2e.client({ apiKey: 'phx_survey_reader', maxRetries: 0 })
    expect((await client.surveys.list()).results).toEqual([])
    const error = await client.surveys.create({ name: 'Nope', type: 'popover' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, requiredScope: 'survey:write' })
    expect(String(error)).not.toContain('phx_survey_reader')
    expect(JSON.stringify(error)).not.toContain('phx_survey_reader')
  })

  it('answers an unknown key with AuthenticationError', async () => {
    const error = await e2e.client({ apiKey: 'phx_unknown_key', maxRetries: 0 }).experiments.list().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error).toMatchObject({ status: 401 })
    expect(String(error)).not.toContain('phx_unknown_key')
  })
})
