import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { FAKE_GROUPS } from '../../src/testing/fake-groups.js'
import { caller } from '../helpers/fake-channels.js'

const FIXED_NOW = new Date('2026-11-20T12:00:00.000Z')

describe('experiments', () => {
  it('[XP3] restores a soft-deleted experiment with PATCH deleted:false', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    const [experiment] = fake.seed.experiments(1)
    await call('PATCH', `experiments/${experiment?.id}/`, { deleted: true })
    expect((await call('GET', `experiments/${experiment?.id}/`)).status).toBe(404)
    expect((await call('PATCH', `experiments/${experiment?.id}/`, { deleted: false })).status).toBe(200)
    expect((await call('GET', `experiments/${experiment?.id}/`)).status).toBe(200)
  })

  it('[XP2] [EG1] reuses an eligible flag, refuses an ineligible one and leaves nothing behind on a 400', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    fake.seed.featureFlags([
      { key: 'eligible' },
      { key: 'boolean-flag', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
    ])
    const reused = await call('POST', 'experiments/', { name: 'A', feature_flag_key: 'eligible' })
    expect(reused.status).toBe(201)
    expect(reused.body.feature_flag.id).toBe(1)
    const refused = await call('POST', 'experiments/', { name: 'B', feature_flag_key: 'boolean-flag' })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ type: 'validation_error', attr: 'feature_flag_key' })
    const badDates = await call('POST', 'experiments/', {
      name: 'C',
      feature_flag_key: 'c',
      start_date: '2026-11-10T00:00:00Z',
      end_date: '2026-11-01T00:00:00Z',
    })
    expect(badDates.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'End date must be after start date',
      attr: null,
    })
    expect(fake.state.experiments.size).toBe(1)
    expect(fake.state.featureFlags.size).toBe(2)
  })

  it('[XP1] [P2] creates flags from parameters.feature_flag_variants and adds fingerprints to metrics', async () => {
    const fake = createFakeApi()
    const created = await caller(fake).read('POST', 'experiments/', {
      name: 'Three ways',
      feature_flag_key: 'three',
      parameters: {
        feature_flag_variants: [
          { key: 'control', rollout_percentage: 34 },
          { key: 'a', rollout_percentage: 33 },
          { key: 'b', rollout_percentage: 33 },
        ],
      },
      metrics: [
        {
          kind: 'ExperimentMetric',
          metric_type: 'mean',
          uuid: 'm1',
          source: { kind: 'EventsNode', event: 'purchase' },
        },
      ],
    })
    expect(
      created.body.feature_flag.filters.multivariate.variants.map((variant: { key: string }) => variant.key),
    ).toEqual(['control', 'a', 'b'])
    expect(created.body.metrics[0].fingerprint).toMatch(/^[0-9a-f]{64}$/)
  })

  it(
    '[C17] [C20] [XP5] pages eligible feature flags with its own envelope (limit 20 by default, {error} on a bad ' +
      'limit)',
    async () => {
      const fake = createFakeApi()
      const call = caller(fake).read
      fake.seed.featureFlags(25)
      const page = await call('GET', 'experiments/eligible_feature_flags/')
      expect(page.body.count).toBe(25)
      expect(page.body.results).toHaveLength(20)
      expect(page.body).not.toHaveProperty('next')
      expect((await call('GET', 'experiments/eligible_feature_flags/?limit=500&offset=20')).body.results).toHaveLength(
        5,
      )
      expect(await call('GET', 'experiments/eligible_feature_flags/?limit=ten')).toMatchObject({
        status: 400,
        body: { error: 'Invalid limit or offset' },
      })
    },
  )

  it('[XP3] answers 200 for a recalculation already pending, and 400 for a draft experiment', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    const [running, draft] = fake.seed.experiments([{}, { start_date: null }])
    const body = { metric: { uuid: 'm' }, fingerprint: 'f' }
    expect((await call('POST', `experiments/${running?.id}/recalculate_timeseries/`, body)).status).toBe(201)
    expect((await call('POST', `experiments/${running?.id}/recalculate_timeseries/`, body)).status).toBe(200)
    expect((await call('POST', `experiments/${draft?.id}/recalculate_timeseries/`, body)).status).toBe(400)
    expect((await call('POST', `experiments/${draft?.id}/create_exposure_cohort_for_experiment/`, {})).status).toBe(400)
    expect((await call('GET', `experiments/${running?.id}/timeseries_results/?fingerprint=f`)).body.detail).toBe(
      'metric_uuid query parameter is required',
    )
  })
})

describe('hog functions', () => {
  it('[HF1] [HF4] [P26] masks secret inputs, keeps the type immutable and hides soft-deleted functions', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    const created = await call('POST', 'hog_functions/', {
      name: 'Secret webhook',
      hog: "fetch(inputs.url, {'headers': {'Authorization': inputs.token}})",
      inputs_schema: [
        { key: 'url', type: 'string', required: true },
        { key: 'token', type: 'string', secret: true },
      ],
      inputs: { url: { value: 'https://example.com' }, token: { value: 'sekret' } },
    })
    expect(created.status).toBe(201)
    expect(created.body.type).toBe('destination')
    expect(created.body.inputs.token).toEqual({ secret: true })
    expect(created.body.inputs.url).toMatchObject({ value: 'https://example.com', order: 0 })
    expect(created.body).not.toHaveProperty('deleted')
    expect(created.body).not.toHaveProperty('template_id')
    // PostHog's bytecode of the code: arguments in order, a dict as key then value, DICT 1, CALL_GLOBAL fetch 2, POP.
    expect(created.body.bytecode).toEqual([
      '_H',
      1,
      32,
      'url',
      32,
      'inputs',
      1,
      2,
      32,
      'headers',
      32,
      'Authorization',
      32,
      'token',
      32,
      'inputs',
      1,
      2,
      42,
      1,
      42,
      1,
      2,
      'fetch',
      2,
      35,
    ])
    expect(created.body.inputs.url.bytecode).toEqual(['_H', 1, 32, 'https://example.com'])
    expect(fake.state.hogFunctions.get(created.body.id)?.inputs['token']?.['value']).toBe('sekret')

    const retyped = await call('PATCH', `hog_functions/${created.body.id}/`, { type: 'transformation' })
    expect(retyped.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'Cannot modify the type of an existing function',
      attr: 'type',
    })

    const missingInput = await call('POST', 'hog_functions/', {
      hog: 'x',
      inputs_schema: [{ key: 'url', type: 'string', required: true }],
    })
    expect(missingInput.body).toMatchObject({ code: 'required', attr: 'inputs__url' })

    expect((await call('DELETE', `hog_functions/${created.body.id}/`)).status).toBe(405)
    expect((await call('PATCH', `hog_functions/${created.body.id}/`, { deleted: true })).status).toBe(200)
    expect((await call('GET', `hog_functions/${created.body.id}/`)).status).toBe(404)
    expect((await call('GET', 'hog_functions/')).body.count).toBe(0)
  })

  it(
    '[P26] a secret input sent as its mask: on create there is nothing to keep, on update the stored secret is ' +
      'kept',
    async () => {
      const fake = createFakeApi()
      const call = caller(fake).read
      const schema = [
        { key: 'url', type: 'string', required: true },
        { key: 'token', type: 'string', secret: true, required: true },
      ]
      // A function read back from another project: its secret shows only as the mask.
      const copied = await call('POST', 'hog_functions/', {
        hog: 'x',
        inputs_schema: schema,
        inputs: { url: { value: 'https://example.com' }, token: { secret: true } },
      })
      expect(copied.status).toBe(400)
      expect(copied.body).toEqual({
        type: 'validation_error',
        code: 'required',
        detail: 'This field is required.',
        attr: 'inputs__token',
      })
      expect(fake.state.hogFunctions.size).toBe(0)

      const optional = await call('POST', 'hog_functions/', {
        hog: 'x',
        inputs_schema: [schema[0], { ...schema[1], required: false }],
        inputs: { url: { value: 'https://example.com' }, token: { secret: true } },
      })
      expect(optional.status).toBe(201)
      expect(fake.state.hogFunctions.get(optional.body.id)?.inputs).not.toHaveProperty('token')

      const created = await call('POST', 'hog_functions/', {
        hog: 'x',
        inputs_schema: schema,
        inputs: { url: { value: 'https://example.com' }, token: { value: 'sekret' } },
      })
      expect(created.status).toBe(201)
      const kept = await call('PATCH', `hog_functions/${created.body.id}/`, {
        inputs: { url: { value: 'https://example.org' }, token: { secret: true } },
      })
      expect(kept.status).toBe(200)
      expect(kept.body.inputs.token).toEqual({ secret: true })
      expect(fake.state.hogFunctions.get(created.body.id)?.inputs['token']?.['value']).toBe('sekret')
      const rotated = await call('PATCH', `hog_functions/${created.body.id}/`, {
        inputs: { url: { value: 'https://example.org' }, token: { value: 'new-sekret' } },
      })
      expect(rotated.status).toBe(200)
      expect(fake.state.hogFunctions.get(created.body.id)?.inputs['token']?.['value']).toBe('new-sekret')
    },
  )

  it('[HF2] [HF4] lists transformations in execution order and rearranges them (bare array)', async () => {
    const fake = createFakeApi({ allowUnscopedActions: true })
    const call = caller(fake).read
    const [first, second, destination] = fake.seed.hogFunctions([
      { type: 'transformation' },
      { type: 'transformation' },
      { type: 'destination' },
    ])
    expect([first?.execution_order, second?.execution_order]).toEqual([1, 2])
    const rearranged = await call('PATCH', 'hog_functions/rearrange/', {
      orders: { [first?.id ?? '']: 3, [second?.id ?? '']: 1 },
    })
    expect(Array.isArray(rearranged.body)).toBe(true)
    expect(rearranged.body.map((item: { id: string }) => item.id)).toEqual([second?.id, first?.id])
    const list = await call('GET', 'hog_functions/?type=transformation,destination')
    expect(list.body.results.map((item: { id: string }) => item.id)).toEqual([second?.id, first?.id, destination?.id])
    expect((await call('GET', 'hog_functions/?type=destination')).body.count).toBe(1)
    expect((await call('PATCH', 'hog_functions/rearrange/', { orders: {} })).body.detail).toBe('No orders provided')
    expect((await call('PATCH', 'hog_functions/rearrange/', { orders: { nope: 1 } })).body.detail).toBe(
      'HogFunction with id nope does not exist',
    )
  })

  it(
    '[HF1] puts a new transformation last, whatever execution_order was sent: (highest or 0) + 1, and 1 after an ' +
      'unordered one',
    async () => {
      const fake = createFakeApi({ allowUnscopedActions: true })
      const call = caller(fake).read
      const create = async (body: Record<string, unknown>) =>
        (await call('POST', 'hog_functions/', { type: 'transformation', hog: 'return event', ...body })).body
          .execution_order
      expect(await create({ name: 'First', execution_order: 7 })).toBe(1)
      expect(await create({ name: 'Second', execution_order: 0 })).toBe(2)
      fake.seed.hogFunctions([{ type: 'transformation', execution_order: null }])
      expect(await create({ name: 'After an unordered one' })).toBe(1)
    },
  )

  it('[HF4] [C20] refuses to broadcast a disabled function and records invocations in logs and metrics', async () => {
    const fake = createFakeApi({ allowUnscopedActions: true, now: () => FIXED_NOW })
    const call = caller(fake).read
    const [disabled, enabled] = fake.seed.hogFunctions([{ enabled: false }, { enabled: true }])
    expect(await call('POST', `hog_functions/${disabled?.id}/broadcast/`, {})).toMatchObject({
      status: 400,
      body: { error: 'Cannot broadcast: function is disabled' },
    })
    expect((await call('POST', `hog_functions/${enabled?.id}/invocations/`, {})).body).toEqual({
      configuration: 'Required unless use_draft is true.',
    })
    await call('POST', `hog_functions/${enabled?.id}/invocations/`, {
      configuration: {},
      globals: { event: { event: '$pageview' } },
    })
    const logs = await call('GET', `hog_functions/${enabled?.id}/logs/?level=info`)
    expect(logs.body.results.map((entry: { message: string }) => entry.message)).toEqual(['Test invocation'])
    const metrics = await call('GET', `hog_functions/${enabled?.id}/metrics/`)
    expect(metrics.body.labels.at(-1)).toBe('2026-11-20')
    expect(metrics.body.series[0]).toEqual({ name: 'success', values: [0, 0, 0, 0, 0, 0, 0, 1] })
    expect((await call('GET', `hog_functions/${enabled?.id}/metrics/totals/?breakdown_by=name`)).body).toEqual({
      totals: { succeeded: 1 },
    })
  })
})

describe('surveys', () => {
  it('[SV1] [C27] answers create/update without the GET-only fields and validates like DRF', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    const created = await call('POST', 'surveys/', {
      name: 'Onboarding',
      type: 'popover',
      questions: [{ type: 'single_choice', question: 'How did you hear about us?', choices: ['Search', 'Friend'] }],
      targeting_flag_filters: { groups: [{ properties: [], rollout_percentage: 50 }] },
      _create_in_folder: 'Unfiled/Surveys',
    })
    expect(created.status).toBe(201)
    expect(created.body.questions[0].id).toMatch(/^[0-9a-f-]{36}$/)
    expect(created.body.targeting_flag.key).toMatch(/^survey-targeting-[0-9a-f]{10}$/)
    expect(created.body.internal_targeting_flag.key).toMatch(/-custom$/)
    expect(created.body.response_sampling_interval_type).toBe('week')
    for (const key of [
      'feature_flag_keys',
      'user_access_level',
      'linked_flag_id',
      'linked_insight_id',
      '_create_in_folder',
      'targeting_flag_filters',
    ]) {
      expect(created.body).not.toHaveProperty(key)
    }
    const read = await call('GET', `surveys/${created.body.id}/`)
    expect(read.body.feature_flag_keys[1]).toEqual({
      key: 'targeting_flag_key',
      value: created.body.targeting_flag.key,
    })
    expect(read.body.user_access_level).toBe('editor')

    expect((await call('POST', 'surveys/', { name: 'No type' })).body).toEqual({
      type: 'validation_error',
      code: 'required',
      detail: 'This field is required.',
      attr: 'type',
    })
    expect((await call('POST', 'surveys/', { name: 'Bad', type: 'banner' })).body).toMatchObject({
      code: 'invalid_choice',
      attr: 'type',
    })
    expect((await call('PATCH', `surveys/${created.body.id}/`, { schedule: 'weekly' })).body).toMatchObject({
      code: 'invalid_choice',
      attr: 'schedule',
    })
  })

  it('[C17] [SV3] pages the activity log by page number with total_count', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    const created = await call('POST', 'surveys/', { name: 'Busy', type: 'api' })
    for (let index = 0; index < 11; index++)
      await call('PATCH', `surveys/${created.body.id}/`, { description: `v${index}` })
    const first = await call('GET', `surveys/${created.body.id}/activity/`)
    expect(first.body.total_count).toBe(12)
    expect(first.body.results).toHaveLength(10)
    expect(first.body.results[0].detail.changes[0]).toMatchObject({ field: 'description', before: 'v9', after: 'v10' })
    expect(first.body.next).toBe(
      `https://us.posthog.com/api/projects/1/surveys/${created.body.id}/activity/?limit=10&page=2`,
    )
    const all = await call('GET', 'surveys/activity/?limit=5&page=3')
    expect(all.body.results.map((entry: { activity: string }) => entry.activity)).toEqual(['updated', 'created'])
    expect(all.body.next).toBeNull()
    expect(all.body.previous).toBe('https://us.posthog.com/api/projects/1/surveys/activity/?limit=5&page=2')
    expect(await call('GET', 'surveys/01960000-0000-7000-8000-000000000fff/activity/')).toMatchObject({
      status: 404,
      text: '',
    })
  })

  it('[SV4] [C20] checks response UUIDs and survey ids on archive, and counts only started projects', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    expect((await call('GET', 'surveys/responses_count/')).body).toEqual({})
    const [draft] = fake.seed.surveys([{ start_date: null }])
    fake.seed.surveyResponses(draft?.id ?? '', 2)
    expect((await call('GET', 'surveys/responses_count/')).body).toEqual({})
    expect(await call('POST', `surveys/${draft?.id}/responses/not-a-uuid/archive/`)).toMatchObject({
      status: 400,
      body: { detail: 'Invalid UUID format' },
    })
    expect((await call('POST', `surveys/nope/responses/${crypto.randomUUID()}/archive/`)).status).toBe(404)
    expect((await call('GET', `surveys/${draft?.id}/stats/?date_from=yesterday`)).body).toMatchObject({
      attr: 'date_from',
    })
  })

  it('[SV4] summarises responses with a cache, and needs a question', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    const [survey] = fake.seed.surveys(1)
    fake.seed.surveyResponses(survey?.id ?? '', 3)
    expect((await call('POST', `surveys/${survey?.id}/summarize_responses/`, {})).status).toBe(400)
    const first = await call('POST', `surveys/${survey?.id}/summarize_responses/?question_index=0`, {})
    expect(first.body).toMatchObject({ response_count: 3, cached: false })
    expect(first.headers.get('cache-control')).toBe('max-age=15')
    expect((await call('POST', `surveys/${survey?.id}/summarize_responses/?question_index=0`, {})).body.cached).toBe(
      true,
    )
    expect(
      (await call('POST', `surveys/${survey?.id}/summarize_responses/?question_index=0`, { force_refresh: true })).body
        .cached,
    ).toBe(false)
  })
})

describe('endpoints', () => {
  it(
    '[EP5] [EP8] [EP9] [C20] runs versions, reports unknown ' + 'and invalid ones, and records execution times',
    async () => {
      const fake = createFakeApi({ allowUnscopedActions: true, now: () => FIXED_NOW })
      const call = caller(fake).read
      fake.seed.endpoints([
        { name: 'signups', run_result: { columns: ['day'], types: [['day', 'Date']], results: [['2026-11-19']] } },
        { name: 'paused', is_active: false },
      ])
      expect((await call('POST', 'endpoints/signups/run/', {})).body.results).toEqual([['2026-11-19']])
      expect(await call('POST', 'endpoints/signups/run/', { version: 4 })).toMatchObject({
        status: 404,
        body: { error: "Version 4 not found for endpoint 'signups'", current_version: 1 },
      })
      expect(await call('GET', 'endpoints/signups/run/?version=x')).toMatchObject({
        status: 400,
        body: { error: 'Invalid version parameter: x' },
      })
      expect((await call('POST', 'endpoints/signups/run/', { refresh: 'async' })).body.detail).toBe(
        'Only sync modes are supported (refresh param)',
      )
      expect((await call('POST', 'endpoints/paused/run/', {})).status).toBe(404)
      expect(await call('PATCH', 'endpoints/signups/?version=9', { description: 'x' })).toMatchObject({
        status: 404,
        body: { error: 'Version 9 not found' },
      })

      const times = await call(
        'POST',
        'endpoints/last_execution_times/',
        { names: ['signups', 'paused'] },
        { prefix: 'environments' },
      )
      expect(times.body.query_status.results).toEqual([['signups', '2026-11-20T12:00:00.000Z']])
      expect(
        (await call('POST', 'endpoints/last_execution_times/', { names: [] })).body.query_status.results,
      ).toBeNull()
      expect((await call('POST', 'endpoints/last_execution_times/', { names: ['1bad'] })).body.detail).toBe(
        'Invalid endpoint name: 1bad',
      )
      expect((await call('GET', 'endpoints/last_execution_times/')).status).toBe(405)
    },
  )

  it('[EP1] [EP6] [EP7] validates creation and reports materialization', async () => {
    const fake = createFakeApi({ allowUnscopedActions: true })
    const call = caller(fake).read
    const query = { kind: 'HogQLQuery', query: 'SELECT 1' }
    expect((await call('POST', 'endpoints/', { name: '9lives', query })).body.attr).toBe('name')
    expect((await call('POST', 'endpoints/', { name: 'ok', query: { kind: 'SQL' } })).body.attr).toBe('query')
    expect((await call('POST', 'endpoints/', { name: 'ok', query, cache_age_seconds: 10 })).body).toMatchObject({
      code: 'min_value',
      attr: 'cache_age_seconds',
    })
    expect((await call('POST', 'endpoints/', { name: 'ok', query, is_materialized: true })).status).toBe(201)
    expect((await call('POST', 'endpoints/', { name: 'ok', query })).body.detail).toBe('Failed to create endpoint.')
    expect((await call('GET', 'endpoints/ok/materialization_status/')).body).toMatchObject({
      status: 'Completed',
      can_materialize: true,
      error: '',
      sync_frequency: '24hour',
    })
    const trends = await call('POST', 'endpoints/', { name: 'trend', query: { kind: 'TrendsQuery', series: [] } })
    expect(trends.body.materialization).toEqual({
      can_materialize: false,
      reason: 'Only HogQL queries can be materialized.',
    })
    expect((await call('POST', 'endpoints/trend/run/', { variables: { a: 1 } })).status).toBe(400)
    expect((await call('DELETE', 'endpoints/trend/', undefined, { prefix: 'environments' })).status).toBe(204)
    expect((await call('GET', 'endpoints/trend/')).status).toBe(404)
  })

  it(
    '[C3] [P21] answers a query as the service dumps its model: every unset member null, nested nodes too, ' +
      'unknown ones kept',
    async () => {
      const fake = createFakeApi({ allowUnscopedActions: true })
      const call = caller(fake).read
      await call('POST', 'endpoints/', {
        name: 'bare',
        query: { kind: 'HogQLQuery', query: 'SELECT 1', filters: { dateRange: { date_from: '-7d' } } },
      })
      expect((await call('GET', 'endpoints/bare/')).body.query).toEqual({
        kind: 'HogQLQuery',
        query: 'SELECT 1',
        explain: null,
        modifiers: null,
        name: null,
        response: null,
        tags: null,
        values: null,
        variables: null,
        version: null,
        filters: {
          dateRange: { date_from: '-7d', date_to: null, explicitDate: null },
          filterTestAccounts: null,
          properties: null,
        },
      })
      await call('POST', 'endpoints/', {
        name: 'views',
        query: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview', newerMember: 1 }] },
      })
      const trends = (await call('GET', 'endpoints/views/')).body.query
      expect(trends).toMatchObject({
        breakdownFilter: null,
        compareFilter: null,
        conversionGoal: null,
        dateRange: null,
        modifiers: null,
        version: null,
      })
      expect(trends.series[0]).toMatchObject({
        kind: 'EventsNode',
        event: '$pageview',
        math: null,
        properties: null,
        newerMember: 1,
      })
    },
  )
})

describe('event definitions', () => {
  it('[ED1] [ED2] validates names and flags, and orders by last seen day then name', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    fake.seed.eventDefinitions([
      { name: 'b_event', last_seen_at: '2026-11-19T08:00:00.000000Z' },
      { name: 'a_event', last_seen_at: '2026-11-19T20:00:00.000000Z' },
      { name: '$pageview', last_seen_at: '2026-11-20T08:00:00.000000Z' },
      { name: 'never_seen', last_seen_at: null },
    ])
    const list = await call('GET', 'event_definitions/')
    expect(list.body.results.map((item: { name: string }) => item.name)).toEqual([
      '$pageview',
      'a_event',
      'b_event',
      'never_seen',
    ])
    expect(
      (await call('GET', 'event_definitions/?event_type=event_custom&ordering=-name')).body.results.map(
        (item: { name: string }) => item.name,
      ),
    ).toEqual(['never_seen', 'b_event', 'a_event'])
    expect((await call('POST', 'event_definitions/', { name: 'a_event' })).body).toMatchObject({
      code: 'unique',
      attr: 'name',
    })
    expect((await call('POST', 'event_definitions/', { name: 'both', hidden: true, verified: true })).status).toBe(400)
    const listing = await call('GET', 'event_definitions/typescript/')
    expect(listing.body.content).toContain("export type EventName = '$pageview' | 'a_event' | 'b_event' | 'never_seen'")
    expect(listing.body.generator_version).toBe('1.1.0')
    const again = await call('GET', 'event_definitions/typescript/')
    expect(again.body.schema_hash).toBe(listing.body.schema_hash)
    await call('POST', 'event_definitions/', { name: 'new_one' })
    expect((await call('GET', 'event_definitions/typescript/')).body.schema_hash).not.toBe(listing.body.schema_hash)
  })
})

describe('the fake itself', () => {
  it('[C18] answers a body that is not JSON with a parse error, and unknown paths with 404', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    expect((await call('POST', 'experiments/', '{"name":')).body).toMatchObject({
      type: 'invalid_request',
      code: 'parse_error',
    })
    expect((await call('GET', 'notebooks/')).status).toBe(404)
    expect((await fake.fetch(`${fake.baseUrl}/healthz`)).status).toBe(404)
  })

  it('seeds from a count, a partial or a list, and resets everything', async () => {
    const fake = createFakeApi()
    expect(fake.seed.experiments(2)).toHaveLength(2)
    expect(fake.seed.experiments({ name: 'one' })[0]?.name).toBe('one')
    expect(fake.seed.surveys([{ name: 'x' }, { name: 'y' }]).map((survey) => survey.name)).toEqual(['x', 'y'])
    expect(() => fake.seed.surveyResponses('missing', 1)).toThrow(/no survey/)
    fake.faults.failNext(3, { status: 500 })
    await fake.fetch(`${fake.baseUrl}/api/projects/1/experiments/`)
    fake.reset()
    expect(fake.state.experiments.size).toBe(0)
    expect(fake.state.surveys.size).toBe(0)
    expect(fake.state.featureFlags.size).toBe(0)
    expect(fake.requests).toHaveLength(0)
    expect(fake.faults.pending).toBe(0)
    // Ids start again after a reset.
    expect(fake.seed.experiments(1)[0]?.id).toBe(1)
  })

  it('seeds every seeding group of FAKE_GROUPS; reset() empties every map and list', async () => {
    const fake = createFakeApi()
    const own = ['surveyResponses', 'experimentData']
    const seeders = Object.entries(fake.seed).filter(([name]) => !own.includes(name))
    const seeding = Object.entries(FAKE_GROUPS).filter(([, group]) => 'seed' in group)
    expect(seeders.map(([name]) => name).sort()).toEqual(seeding.map(([name]) => name).sort())
    for (const [name, seed] of seeders) expect((seed as (count: number) => unknown[])(1), name).toHaveLength(1)
    fake.seed.surveyResponses(fake.seed.surveys(1)[0]!.id, 2)
    // A list too: a survey created through the API is in the activity log.
    await caller(fake).read('POST', 'surveys/', { name: 'Logged', type: 'popover', questions: [] })
    const sizes = () =>
      Object.entries(fake.state).flatMap(([name, held]: [string, unknown]) =>
        held instanceof Map ? [[name, held.size]] : Array.isArray(held) ? [[name, held.length]] : [],
      )
    // Every group's map holds its seed (and the surveys' responses theirs) before the reset.
    const seeded = new Set(
      sizes()
        .filter(([, size]) => size !== 0)
        .map(([name]) => name),
    )
    for (const name of [...seeding.map(([group]) => group), 'surveyResponses', 'activity'])
      expect(seeded).toContain(name)
    fake.reset()
    expect(sizes().filter(([, size]) => size !== 0)).toEqual([])
    expect(sizes().length).toBeGreaterThan(seeding.length)
  })

  it('seeded experiments were all launched a week ago, as documented (a draft with start_date: null)', () => {
    const fake = createFakeApi({ now: () => FIXED_NOW })
    const seeded = fake.seed.experiments(40)
    const weekAgo = new Date(FIXED_NOW.getTime() - 7 * 86_400_000).toISOString().replace('Z', '000Z')
    expect(new Set(seeded.map((experiment) => experiment.start_date))).toEqual(new Set([weekAgo]))
    expect(fake.seed.experiments([{ start_date: null }])[0]?.start_date).toBeNull()
    expect(fake.seed.experiments([{ start_date: '2026-01-01T00:00:00Z' }])[0]?.start_date).toBe('2026-01-01T00:00:00Z')
  })

  it('matches faults by operation and by absolute path, and counts them', async () => {
    const fake = createFakeApi()
    const call = caller(fake).read
    fake.faults.inject('status', { status: 418, times: 2, operation: 'surveys.list' })
    fake.faults.inject('status', { status: 409, path: /\/event_definitions\/?$/ })
    fake.faults.inject('status', { status: 410, path: '/api/projects/1/experiments' })
    expect(fake.faults.pending).toBe(4)
    expect((await call('GET', 'surveys')).status).toBe(418)
    expect((await call('GET', 'event_definitions/')).status).toBe(409)
    expect((await call('GET', 'experiments/')).status).toBe(410)
    expect((await call('GET', 'surveys/')).status).toBe(418)
    expect((await call('GET', 'surveys/')).status).toBe(200)
    expect(() => fake.faults.inject('delay', { ms: -1 })).toThrow(TypeError)
  })

  it('[C26] uses the injected clock for every timestamp', async () => {
    const fake = createFakeApi({ now: () => FIXED_NOW })
    const created = await caller(fake).read('POST', 'experiments/', { name: 'Clocked', feature_flag_key: 'clocked' })
    expect(created.body.created_at).toBe('2026-11-20T12:00:00.000000Z')
  })
})
