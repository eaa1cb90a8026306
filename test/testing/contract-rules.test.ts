import { describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApiOptions } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/** The HTTP contract and the payload shapes in the fake (docs/service-behaviour.md §1 to §7, §10, part 2). */

const NOW = new Date('2026-11-20T12:00:00.000Z')

function world(options: FakeApiOptions = {}) {
  const fake = createFakeApi({ now: () => NOW, ...options })
  return { fake, call: caller(fake).read }
}

const USER_BASIC = [
  'id',
  'uuid',
  'distinct_id',
  'first_name',
  'last_name',
  'email',
  'is_email_verified',
  'hedgehog_config',
  'role_at_organization',
]
const MINIMAL_FLAG = [
  'id',
  'team_id',
  'name',
  'key',
  'filters',
  'deleted',
  'active',
  'ensure_experience_continuity',
  'has_encrypted_payloads',
  'version',
  'evaluation_runtime',
  'bucketing_identifier',
  'evaluation_tags',
]

describe('the HTTP contract', () => {
  it("[C9] reports an endpoint's run path under the environments prefix", async () => {
    const { fake, call } = world()
    const created = (
      await call('POST', 'endpoints/', { name: 'top', query: { kind: 'HogQLQuery', query: 'select 1' } })
    ).body
    expect(created.endpoint_path).toBe(`/api/environments/${fake.projectId}/endpoints/top/run`)
  })

  it('[C28] [C29] reads a JSON array, a comma list and true/false from the query string', async () => {
    const { fake, call } = world()
    await call('POST', 'event_definitions/', { name: 'signup', tags: ['growth'] })
    await call('POST', 'event_definitions/', { name: 'purchase', tags: ['revenue'] })
    const tagged = (await call('GET', `event_definitions/?tags=${encodeURIComponent('["growth"]')}`)).body.results
    expect(tagged.map((item: any) => item.name)).toEqual(['signup'])
    fake.seed.hogFunctions([{ type: 'destination', enabled: false }, { type: 'transformation' }, { type: 'site_app' }])
    const types = (await call('GET', 'hog_functions/?type=destination,transformation')).body.results.map(
      (item: any) => item.type,
    )
    expect(types.sort()).toEqual(['destination', 'transformation'])
    expect((await call('GET', 'hog_functions/?enabled=false')).body.results.map((item: any) => item.type)).toEqual([
      'destination',
    ])
  })
})

describe('shared objects', () => {
  it('[SO1] [SO2] embeds a user with every UserBasic key and a flag with every MinimalFeatureFlag key', async () => {
    const { call } = world()
    const experiment = (await call('POST', 'experiments/', { name: 'A', feature_flag_key: 'a' })).body
    expect(Object.keys(experiment.created_by).sort()).toEqual([...USER_BASIC].sort())
    expect(Object.keys(experiment.feature_flag).sort()).toEqual([...MINIMAL_FLAG].sort())
  })
})

describe('experiments', () => {
  it("[XP4] answers a metric's timeseries: each day from the start to today, null until computed", async () => {
    const { fake, call } = world()
    const [experiment] = fake.seed.experiments([{ start_date: '2026-11-18T09:00:00.000000Z' }])
    const answer = await call('GET', `experiments/${experiment!.id}/timeseries_results/?metric_uuid=m&fingerprint=f`)
    expect(answer.body).toMatchObject({
      experiment_id: experiment!.id,
      metric_uuid: 'm',
      status: 'pending',
      errors: null,
      computed_at: null,
    })
    expect(answer.body.timeseries).toEqual({ '2026-11-18': null, '2026-11-19': null, '2026-11-20': null })
    expect(Object.keys(answer.body)).toEqual(
      expect.arrayContaining(['created_at', 'updated_at', 'recalculation_status', 'recalculation_created_at']),
    )
    expect((await call('GET', `experiments/${experiment!.id}/timeseries_results/?fingerprint=f`)).body.detail).toBe(
      'metric_uuid query parameter is required',
    )
  })

  it('[XP6] keeps the flag key fixed: another key is refused, the same one is a no-op', async () => {
    const { fake, call } = world()
    const [experiment] = fake.seed.experiments([{ feature_flag_key: 'checkout' }])
    const refused = await call('PATCH', `experiments/${experiment!.id}/`, { feature_flag_key: 'checkout-v2' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ detail: "Can't update keys: get_feature_flag_key on Experiment", attr: null })
    expect(
      (await call('PATCH', `experiments/${experiment!.id}/`, { feature_flag_key: 'checkout', name: 'B' })).body,
    ).toMatchObject({ feature_flag_key: 'checkout', name: 'B' })
  })

  it('[P6] refuses a type or a conclusion outside its enum', async () => {
    const { call } = world()
    expect(
      (await call('POST', 'experiments/', { name: 'A', feature_flag_key: 'a', type: 'mobile' })).body,
    ).toMatchObject({ attr: 'type', code: 'invalid_choice' })
    expect(
      (await call('POST', 'experiments/', { name: 'A', feature_flag_key: 'a', conclusion: 'great' })).body,
    ).toMatchObject({ attr: 'conclusion', code: 'invalid_choice' })
    expect(
      (await call('POST', 'experiments/', { name: 'A', feature_flag_key: 'a', type: 'web', conclusion: null })).status,
    ).toBe(201)
  })

  it('[P3] takes a metric breakdown of at most 3 breakdowns, each naming its property', async () => {
    const { call } = world()
    const metric = (breakdownFilter: unknown) => ({
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      source: { kind: 'EventsNode', event: 'x' },
      breakdownFilter,
    })
    const create = (breakdownFilter: unknown) =>
      call('POST', 'experiments/', { name: 'A', feature_flag_key: 'a', metrics: [metric(breakdownFilter)] })
    const four = { breakdowns: ['a', 'b', 'c', 'd'].map((property) => ({ property })) }
    expect((await create(four)).body).toMatchObject({ attr: 'metrics__0__breakdownFilter__breakdowns' })
    expect((await create({ breakdowns: [{ type: 'event' }] })).body).toMatchObject({
      attr: 'metrics__0__breakdownFilter__breakdowns__0__property',
    })
    const kept = await create({ breakdowns: [{ property: '$browser', type: 'event' }], breakdown_limit: 5 })
    expect(kept.status).toBe(201)
    expect(kept.body.metrics[0].breakdownFilter).toEqual({
      breakdowns: [{ property: '$browser', type: 'event' }],
      breakdown_limit: 5,
    })
  })
})

describe('hog functions', () => {
  it('[HF3] answers the template a function was made from', async () => {
    const { call } = world()
    const created = await call('POST', 'hog_functions/', { template_id: 'template-geoip', type: 'transformation' })
    expect(created.status).toBe(201)
    expect(created.body.template).toMatchObject({
      id: 'template-geoip',
      name: expect.any(String),
      code: expect.any(String),
      inputs_schema: expect.any(Array),
      type: expect.any(String),
    })
    expect(created.body).not.toHaveProperty('template_id')
    const plain = (await call('POST', 'hog_functions/', { hog: 'print(1)' })).body
    expect(plain.template).toBeNull()
  })

  it('[P31] keeps the type, ignores read-only fields, and refuses an update based on an older copy (409)', async () => {
    const { fake, call } = world()
    const [hog] = fake.seed.hogFunctions([{ type: 'destination', updated_at: '2026-11-20T11:00:00.000000Z' }])
    expect((await call('PATCH', `hog_functions/${hog!.id}/`, { type: 'transformation' })).body.detail).toBe(
      'Cannot modify the type of an existing function',
    )
    const stale = await call('PATCH', `hog_functions/${hog!.id}/`, {
      name: 'B',
      base_updated_at: '2026-11-20T10:00:00.000000Z',
    })
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ type: 'server_error', code: 'conflict' })
    expect((await call('GET', `hog_functions/${hog!.id}/`)).body.name).not.toBe('B')
    const fresh = await call('PATCH', `hog_functions/${hog!.id}/`, {
      name: 'B',
      base_updated_at: '2026-11-20T11:00:00.000000Z',
      bytecode: ['x'],
      status: { state: 3 },
    })
    expect(fresh.body).toMatchObject({ name: 'B' })
    // The seed's default code, print('hello'), as PostHog compiles it; never the bytecode sent.
    expect(fresh.body.bytecode).toEqual(['_H', 1, 32, 'hello', 2, 'print', 1, 35])
  })
})

describe('surveys', () => {
  it('[SV2] answers stats keyed by event name with spaces, and rates of 0 when nothing was shown', async () => {
    const { fake, call } = world()
    const [survey] = fake.seed.surveys(1)
    const answer = (await call('GET', `surveys/${survey!.id}/stats/`)).body
    expect(Object.keys(answer.stats).sort()).toEqual(['survey dismissed', 'survey sent', 'survey shown'])
    expect(Object.keys(answer.stats['survey sent']).sort()).toEqual([
      'first_seen',
      'last_seen',
      'total_count',
      'total_count_only_seen',
      'unique_persons',
      'unique_persons_only_seen',
    ])
    expect(answer.rates).toEqual({
      response_rate: 0,
      dismissal_rate: 0,
      unique_users_response_rate: 0,
      unique_users_dismissal_rate: 0,
    })
  })

  it('[P11] refuses a type, a schedule or an iteration count outside its enum or range', async () => {
    const { call } = world()
    const create = (extra: Record<string, unknown>) =>
      call('POST', 'surveys/', { name: 'S', type: 'popover', ...extra })
    expect((await create({ type: 'full_screen' })).body).toMatchObject({ attr: 'type' })
    expect((await create({ schedule: 'weekly' })).body).toMatchObject({ attr: 'schedule' })
    expect((await create({ iteration_count: 501 })).body).toMatchObject({ attr: 'iteration_count' })
    expect((await create({ schedule: 'recurring', iteration_count: 3, iteration_frequency_days: 7 })).status).toBe(201)
  })

  it("[P18] takes styling (the fake's organisation has the features), refuses a whiteLabel not boolean", async () => {
    const { call } = world()
    const styled = await call('POST', 'surveys/', {
      name: 'S',
      type: 'popover',
      appearance: { backgroundColor: '#000', whiteLabel: true, zIndex: '10' },
    })
    expect(styled.status).toBe(201)
    expect(styled.body.appearance).toMatchObject({ backgroundColor: '#000', whiteLabel: true, zIndex: '10' })
    expect(
      (await call('POST', 'surveys/', { name: 'T', type: 'popover', appearance: { whiteLabel: 'yes' } })).body,
    ).toMatchObject({ attr: 'appearance' })
  })
})

describe('endpoints', () => {
  it('[EP3] [EP4] runs only the synchronous refresh modes, refuses a query override for a HogQL endpoint', async () => {
    const { call } = world()
    await call('POST', 'endpoints/', { name: 'top', query: { kind: 'HogQLQuery', query: 'select 1' } })
    expect((await call('POST', 'endpoints/top/run/', { refresh: 'async' })).body).toMatchObject({
      detail: 'Only sync modes are supported (refresh param)',
    })
    expect((await call('POST', 'endpoints/top/run/', { refresh: 'force_blocking' })).status).toBe(200)
    expect((await call('POST', 'endpoints/top/run/', { query_override: { query: 'select 2' } })).body).toMatchObject({
      attr: 'query_override',
    })
  })

  it('[EP10] answers last execution times in a QueryStatus with every key', async () => {
    const { call } = world({ allowUnscopedActions: true })
    await call('POST', 'endpoints/', { name: 'top', query: { kind: 'HogQLQuery', query: 'select 1' } })
    const answer = (await call('POST', 'endpoints/last_execution_times/', { names: ['top'] })).body
    expect(Object.keys(answer.query_status).sort()).toEqual(
      [
        'complete',
        'dashboard_id',
        'end_time',
        'error',
        'error_message',
        'expiration_time',
        'id',
        'insight_id',
        'labels',
        'pickup_time',
        'query_async',
        'query_progress',
        'results',
        'start_time',
        'task_id',
        'team_id',
      ].sort(),
    )
    expect(answer.query_status.query_async).toBe(true)
    expect((await call('POST', 'endpoints/last_execution_times/', { names: ['1bad'] })).status).toBe(400)
  })

  it('[P22] refuses an insight query without what its kind requires', async () => {
    const { call } = world()
    const create = (query: unknown) => call('POST', 'endpoints/', { name: 'q', query })
    expect((await create({ kind: 'TrendsQuery' })).body).toMatchObject({ attr: 'query' })
    expect((await create({ kind: 'RetentionQuery' })).body).toMatchObject({ attr: 'query' })
    expect((await create({ kind: 'WebStatsTableQuery', properties: [] })).body).toMatchObject({ attr: 'query' })
    expect((await create({ kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }] })).status).toBe(
      201,
    )
  })

  it('[P24] answers a HogQL run rows first, with the endpoint fields, the debugging keys only with debug', async () => {
    const { call } = world()
    await call('POST', 'endpoints/', { name: 'top', query: { kind: 'HogQLQuery', query: "select 1 as n, 'a' as s" } })
    const run = (await call('POST', 'endpoints/top/run/', {})).body
    expect(Object.keys(run)[0]).toBe('results')
    expect(run).toMatchObject({
      results: [[1, 'a']],
      columns: ['n', 's'],
      endpoint_version: 1,
      endpoint_version_created_at: expect.stringMatching(/\+00:00$/),
    })
    expect(run).not.toHaveProperty('hogql')
    expect(run).not.toHaveProperty('timings')
    expect((await call('POST', 'endpoints/top/run/', { debug: true })).body).toHaveProperty('hogql')
  })
})

describe('event definitions', () => {
  it('[ED3] lists typed code: content, event count, a 32-digit schema hash and the generator version', async () => {
    const { call } = world()
    await call('POST', 'event_definitions/', { name: 'signup' })
    for (const [language, version] of [
      ['golang', '1.0.0'],
      ['python', '1.0.0'],
      ['typescript', '1.1.0'],
    ]) {
      const listing = (await call('GET', `event_definitions/${language}/`)).body
      expect(listing).toMatchObject({
        content: expect.any(String),
        generator_version: version,
        schema_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
      expect(listing.content).toContain('signup')
      expect(typeof listing.event_count).toBe('number')
    }
  })
})

describe('the query API', () => {
  it('[Q3] pages exclude_archived by offset over what matches now: rows archived meanwhile shift pages', async () => {
    const { fake, call } = world()
    const [survey] = fake.seed.surveys([{ questions: [{ id: 'q', type: 'open', question: 'Why?' }] }])
    fake.seed.surveyResponses(
      survey!.id,
      Array.from({ length: 6 }, (_, index) => ({ answers: { q: `answer ${index}` } })),
    )
    const all = (await call('GET', `surveys/${survey!.id}/responses/?limit=6`)).body.results.map((row: any) => row.uuid)
    const first = (await call('GET', `surveys/${survey!.id}/responses/?limit=2&exclude_archived=true`)).body.results
    for (const row of first) await call('POST', `surveys/${survey!.id}/responses/${row.uuid}/archive/`)
    const second = (await call('GET', `surveys/${survey!.id}/responses/?limit=2&offset=2&exclude_archived=true`)).body
      .results
    // The next page starts past two rows never read.
    expect(second.map((row: any) => row.uuid)).toEqual(all.slice(4, 6))
  })
})

describe('scopes on the graph', () => {
  it('[DC7] asks holdouts and saved metrics for their own scopes: experiment:* is not enough', async () => {
    const { call: _call, fake } = world({
      keys: {
        phx_experiments: ['experiment:write'],
        phx_holdouts: ['experiment_holdout:read', 'experiment_saved_metric:read'],
      },
    })
    const experiments = caller(fake, { key: 'phx_experiments' }).read
    expect((await experiments('GET', 'experiment_holdouts/')).body.detail).toBe(
      "API key missing required scope 'experiment_holdout:read'",
    )
    expect((await experiments('GET', 'experiment_saved_metrics/')).body.detail).toBe(
      "API key missing required scope 'experiment_saved_metric:read'",
    )
    const holdouts = caller(fake, { key: 'phx_holdouts' }).read
    expect((await holdouts('GET', 'experiment_holdouts/')).status).toBe(200)
    expect((await holdouts('GET', 'experiment_saved_metrics/')).status).toBe(200)
  })
})
