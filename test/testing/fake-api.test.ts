import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'
import { fourKey, missingScope, noPersonalKeyAccess } from '../fixtures/errors.js'
import { TRANSPORTS, caller, jsonOf, openChannel, type Channel } from '../helpers/fake-channels.js'

describe.each(TRANSPORTS)('fake API over %s', (transport) => {
  let fake: FakeApi
  let channel: Channel
  let call: ReturnType<typeof caller>

  beforeEach(async () => {
    fake = createFakeApi({
      projects: [1, 2, 3, 999],
      unreachableProjects: [4],
      keys: {
        phx_read_only: ['experiment:read', 'survey:read'],
        phx_writer: ['experiment:write'],
        phx_everything: '*',
      },
    })
    channel = await openChannel(fake, transport)
    call = caller(fake, { channel })
  })
  afterEach(() => channel.close())

  describe('pagination', () => {
    it('[C16] walks more than one page with absolute DRF-style links on the origin of the request', async () => {
      fake.seed.experiments(5)
      const first = await jsonOf(await call('GET', 'experiments/?search=experiment&limit=2'))
      expect(first.count).toBe(5)
      expect(first.results.map((item: { id: number }) => item.id)).toEqual([5, 4])
      expect(first.previous).toBeNull()
      // Parameters are re-encoded in sorted order; the trailing slash of the request is kept.
      expect(first.next).toBe(`${channel.base}/api/projects/1/experiments/?limit=2&offset=2&search=experiment`)

      const second = await jsonOf(await call('GET', first.next))
      expect(second.results.map((item: { id: number }) => item.id)).toEqual([3, 2])
      // The previous link of page 2 drops `offset` rather than setting it to 0.
      expect(second.previous).toBe(`${channel.base}/api/projects/1/experiments/?limit=2&search=experiment`)

      const third = await jsonOf(await call('GET', second.next))
      expect(third.results.map((item: { id: number }) => item.id)).toEqual([1])
      expect(third.next).toBeNull()
      expect(third.previous).toBe(`${channel.base}/api/projects/1/experiments/?limit=2&offset=2&search=experiment`)
    })

    it('[C10] [C16] defaults to 100 a page and accepts the path without its trailing slash', async () => {
      fake.seed.eventDefinitions(101)
      const page = await jsonOf(await call('GET', 'event_definitions'))
      expect(page.results).toHaveLength(100)
      expect(page.next).toBe(`${channel.base}/api/projects/1/event_definitions?limit=100&offset=100`)
      const last = await jsonOf(await call('GET', page.next))
      expect(last.results).toHaveLength(1)
    })

    it('[C16] honours a custom pageSize and ignores invalid limits like DRF', async () => {
      const small = createFakeApi({ pageSize: 3 })
      small.seed.surveys(4)
      const smallChannel = await openChannel(small, transport)
      try {
        const page = await jsonOf(await caller(small, { channel: smallChannel })('GET', 'surveys/?limit=0&offset=-1'))
        expect(page.results).toHaveLength(3)
        expect(page.count).toBe(4)
      } finally {
        await smallChannel.close()
      }
    })
  })

  describe('experiments', () => {
    it('[C19] answers DELETE with 405 and an empty body', async () => {
      const [experiment] = fake.seed.experiments(1)
      const response = await call('DELETE', `experiments/${experiment?.id}/`)
      expect(response.status).toBe(405)
      expect(await response.text()).toBe('')
      expect(fake.state.experiments.get(experiment?.id ?? 0)?.deleted).toBe(false)
    })

    it('[XP1] [XP3] hides a soft-deleted experiment from the list and answers 404 on GET', async () => {
      const [kept, removed] = fake.seed.experiments(2)
      const patched = await call('PATCH', `experiments/${removed?.id}/`, { deleted: true })
      expect(patched.status).toBe(200)
      expect((await jsonOf(patched)).deleted).toBe(true)
      const list = await jsonOf(await call('GET', 'experiments/'))
      expect(list.results.map((item: { id: number }) => item.id)).toEqual([kept?.id])
      const gone = await call('GET', `experiments/${removed?.id}/`)
      expect(gone.status).toBe(404)
      expect(await jsonOf(gone)).toEqual({
        type: 'invalid_request',
        code: 'not_found',
        detail: 'Not found.',
        attr: null,
      })
    })

    it('[XP3] hides archived experiments unless archived=true', async () => {
      fake.seed.experiments([{ name: 'live' }, { name: 'old', archived: true }])
      const visible = await jsonOf(await call('GET', 'experiments/'))
      expect(visible.results.map((item: { name: string }) => item.name)).toEqual(['live'])
      const archived = await jsonOf(await call('GET', 'experiments/?archived=true'))
      expect(archived.results.map((item: { name: string }) => item.name)).toEqual(['old'])
    })

    it('[XP2] [C18] creates an experiment with its feature flag and validates like DRF', async () => {
      const created = await call('POST', 'experiments/', { name: 'Checkout', feature_flag_key: 'checkout' })
      expect(created.status).toBe(201)
      const body = await jsonOf(created)
      expect(body).toMatchObject({ name: 'Checkout', feature_flag_key: 'checkout', archived: false, deleted: false })
      expect(body.feature_flag).toMatchObject({
        key: 'checkout',
        name: 'Feature Flag for Experiment Checkout',
        active: false,
      })
      expect(body.feature_flag.filters.multivariate.variants.map((variant: { key: string }) => variant.key)).toEqual([
        'control',
        'test',
      ])
      expect(body).not.toHaveProperty('_create_in_folder')

      const missing = await call('POST', 'experiments/', { name: 'No flag' })
      expect(missing.status).toBe(400)
      expect(await jsonOf(missing)).toEqual({
        type: 'validation_error',
        code: 'required',
        detail: 'This field is required.',
        attr: 'feature_flag_key',
      })
    })
  })

  describe('authentication and scopes', () => {
    it('[C11] answers 401 without a key and with an unknown key', async () => {
      const anonymous = await caller(fake, { channel, key: null })('GET', 'experiments/')
      expect(anonymous.status).toBe(401)
      expect(await jsonOf(anonymous)).toEqual(
        fourKey('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'),
      )
      const unknown = await caller(fake, { channel, key: 'phx_nobody' })('GET', 'experiments/')
      expect(unknown.status).toBe(401)
      expect(await jsonOf(unknown)).toEqual(
        fourKey(
          'authentication_error',
          'authentication_failed',
          'Personal API key found in request Authorization header is invalid.',
        ),
      )
    })

    it('[C12] answers 403 naming the missing scope; a :write scope satisfies :read', async () => {
      const readOnly = caller(fake, { channel, key: 'phx_read_only' })
      expect((await readOnly('GET', 'experiments/')).status).toBe(200)
      const refused = await readOnly('POST', 'experiments/', { name: 'x', feature_flag_key: 'x' })
      expect(refused.status).toBe(403)
      expect(await jsonOf(refused)).toEqual(missingScope('experiment:write'))
      const writer = caller(fake, { channel, key: 'phx_writer' })
      expect((await writer('GET', 'experiments/')).status).toBe(200)
      expect(await jsonOf(await writer('GET', 'hog_functions/'))).toMatchObject({
        detail: "API key missing required scope 'hog_function:read'",
      })
    })

    it('[C13] refuses personal API keys on operations without a scope, even with *', async () => {
      const [hog] = fake.seed.hogFunctions(1)
      const everything = caller(fake, { channel, key: 'phx_everything' })
      for (const [method, path] of [
        ['GET', `hog_functions/${hog?.id}/logs/`],
        ['PATCH', 'hog_functions/rearrange/'],
        ['GET', 'hog_functions/icons/?query=slack'],
        ['POST', 'endpoints/last_execution_times/'],
      ] as const) {
        const response = await everything(method, path, method === 'GET' ? undefined : {})
        expect(response.status, `${method} ${path}`).toBe(403)
        expect(await jsonOf(response)).toEqual(noPersonalKeyAccess)
      }
    })

    it(
      '[C8] [C14] answers the default project as @current; a declared project has its own (empty) state; others ' +
        'are refused as the service refuses',
      async () => {
        fake.seed.experiments(1)
        const current = await jsonOf(await call('GET', `${channel.base}/api/projects/@current/experiments/`))
        expect(current.count).toBe(1)
        const other = await call('GET', `${channel.base}/api/projects/999/experiments/`)
        expect(other.status).toBe(200)
        expect((await jsonOf(other)).count).toBe(0)
        const notAnId = await call('GET', `${channel.base}/api/projects/abc/experiments/`)
        expect(notAnId.status).toBe(404)
        expect((await jsonOf(notAnId)).detail).toBe('Project not found.')
        const unknown = await call('GET', `${channel.base}/api/projects/5/experiments/`)
        expect(unknown.status).toBe(404)
        expect(await jsonOf(unknown)).toEqual({
          type: 'invalid_request',
          code: 'not_found',
          detail: 'Project not found.',
          attr: null,
        })
        const unreachable = await call('GET', `${channel.base}/api/projects/4/experiments/`)
        expect(unreachable.status).toBe(403)
        expect(await jsonOf(unreachable)).toEqual({
          type: 'authentication_error',
          code: 'permission_denied',
          detail: "You don't have access to the project.",
          attr: null,
        })
      },
    )
  })

  describe('surveys', () => {
    it(
      '[SV4] archives a response: bare 200, listed in archived-response-uuids, left out of counts with ' +
        'exclude_archived',
      async () => {
        const [survey, other] = fake.seed.surveys(2)
        const responses = fake.seed.surveyResponses(survey?.id ?? '', 3)
        fake.seed.surveyResponses(other?.id ?? '', 1)
        const target = responses[1]?.uuid ?? ''

        const archived = await call('POST', `surveys/${survey?.id}/responses/${target}/archive/`)
        expect(archived.status).toBe(200)
        expect(await archived.text()).toBe('200')
        expect(await jsonOf(await call('GET', `surveys/${survey?.id}/archived-response-uuids/`))).toEqual([target])

        const all = await jsonOf(await call('GET', 'surveys/responses_count/'))
        expect(all).toEqual({ [survey?.id ?? '']: 3, [other?.id ?? '']: 1 })
        const withoutArchived = await jsonOf(
          await call('GET', `surveys/responses_count/?exclude_archived=true&survey_ids=${survey?.id}`),
        )
        expect(withoutArchived).toEqual({ [survey?.id ?? '']: 2 })

        const stats = await jsonOf(await call('GET', `surveys/${survey?.id}/stats/?exclude_archived=true`))
        expect(stats.stats['survey sent'].total_count).toBe(2)
        expect(stats.stats['survey shown'].total_count).toBe(3)
        expect(stats.rates.response_rate).toBe(66.67)
        expect((await jsonOf(await call('GET', `surveys/${survey?.id}/stats/`))).stats['survey sent'].total_count).toBe(
          3,
        )

        const unarchived = await call('POST', `surveys/${survey?.id}/responses/${target}/unarchive/`)
        expect(await unarchived.text()).toBe('200')
        expect(await jsonOf(await call('GET', `surveys/${survey?.id}/archived-response-uuids/`))).toEqual([])

        const activity = await jsonOf(await call('GET', `surveys/${survey?.id}/activity/`))
        expect(activity.total_count).toBe(2)
        expect(activity.results.map((entry: { activity: string }) => entry.activity)).toEqual([
          'response_unarchived',
          'response_archived',
        ])
      },
    )

    it('[SV4] duplicates to projects all-or-nothing', async () => {
      const [survey] = fake.seed.surveys([{ name: 'NPS' }])
      const refused = await call('POST', `surveys/${survey?.id}/duplicate_to_projects/`, { target_team_ids: [2, 99] })
      expect(refused.status).toBe(400)
      expect(await jsonOf(refused)).toEqual({
        type: 'validation_error',
        code: 'invalid_input',
        detail: "One or more target teams not found or you don't have access to them",
        attr: null,
      })
      expect(fake.state.surveyCopies).toHaveLength(0)
      expect(fake.state.surveys.size).toBe(1)

      const done = await call('POST', `surveys/${survey?.id}/duplicate_to_projects/`, { target_team_ids: [1, 2, 3] })
      expect(done.status).toBe(201)
      const body = await jsonOf(done)
      expect(body.count).toBe(3)
      expect(body.created_surveys.map((item: { team_id: number }) => item.team_id)).toEqual([1, 2, 3])
      expect(body.created_surveys[0].name).toMatch(/^NPS \(duplicated at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\)$/)
      expect(fake.state.surveys.size).toBe(2)
      expect(fake.state.surveyCopies.map((copy) => copy.team_id)).toEqual([2, 3])
    })

    it('[SV4] answers delete with 204 and no body', async () => {
      const [survey] = fake.seed.surveys(1)
      const response = await call('DELETE', `surveys/${survey?.id}/`)
      expect(response.status).toBe(204)
      expect(await response.text()).toBe('')
      expect((await call('GET', `surveys/${survey?.id}/`)).status).toBe(404)
    })
  })

  describe('endpoints', () => {
    it('[C1] [C7] [EP8] answers under both prefixes from the same store, with versions', async () => {
      const created = await call(
        'POST',
        'endpoints/',
        { name: 'daily_signups', query: { kind: 'HogQLQuery', query: 'SELECT count() FROM events' } },
        { prefix: 'environments' },
      )
      expect(created.status).toBe(201)
      expect(await jsonOf(created)).toMatchObject({
        name: 'daily_signups',
        current_version: 1,
        versions_count: 1,
        endpoint_path: '/api/environments/1/endpoints/daily_signups/run',
      })
      const viaProjects = await jsonOf(await call('GET', 'endpoints/'))
      expect(Object.keys(viaProjects)).toEqual(['results'])
      expect(viaProjects.results.map((item: { name: string }) => item.name)).toEqual(['daily_signups'])

      const versions = await jsonOf(await call('GET', 'endpoints/daily_signups/versions/'))
      expect(Array.isArray(versions)).toBe(true)
      expect(versions.map((item: { version: number }) => item.version)).toEqual([1])
      const missing = await call('GET', 'endpoints/daily_signups/versions/7/', undefined, { prefix: 'environments' })
      expect(missing.status).toBe(404)
      expect(await jsonOf(missing)).toEqual({ error: 'Version 7 not found' })

      const run = await jsonOf(await call('POST', 'endpoints/daily_signups/run/', {}, { prefix: 'environments' }))
      expect(Object.keys(run)[0]).toBe('results')
      expect(run).toMatchObject({ endpoint_version: 1, columns: ['event', 'count'], hasMore: false })
      expect(run.endpoint_version_created_at).toMatch(/\+00:00$/)
    })

    it('[EP6] makes a new version when PATCH changes the query (with unscoped actions allowed)', async () => {
      const open = createFakeApi({ allowUnscopedActions: true })
      open.seed.endpoints([{ name: 'top_events' }])
      const openChannelToo = await openChannel(open, transport)
      try {
        const openCall = caller(open, { channel: openChannelToo })
        const patched = await jsonOf(
          await openCall('PATCH', 'endpoints/top_events/', { query: { kind: 'HogQLQuery', query: 'SELECT 2' } }),
        )
        expect(patched).toMatchObject({ current_version: 2, versions_count: 2 })
        const versions = await jsonOf(
          await openCall('GET', 'endpoints/top_events/versions/', undefined, { prefix: 'environments' }),
        )
        expect(versions.map((item: { version: number }) => item.version)).toEqual([2, 1])
        const unchanged = await jsonOf(await openCall('PATCH', 'endpoints/top_events/', { description: 'same query' }))
        expect(unchanged.current_version).toBe(2)
        const old = await jsonOf(await openCall('GET', 'endpoints/top_events/run/?version=1'))
        expect(old.endpoint_version).toBe(1)
      } finally {
        await openChannelToo.close()
      }
    })
  })

  describe('faults', () => {
    it('fails the next N matching requests with a status, then answers normally', async () => {
      fake.faults.failNext(2, { status: 503, path: 'experiments/', retryAfter: 3 })
      const first = await call('GET', 'experiments/')
      expect(first.status).toBe(503)
      expect(first.headers.get('retry-after')).toBe('3')
      expect(await jsonOf(first)).toMatchObject({ type: 'server_error', code: 'error' })
      // Another path is not matched, and does not use up the fault.
      expect((await call('GET', 'surveys/')).status).toBe(200)
      expect((await call('GET', 'experiments')).status).toBe(503)
      expect((await call('GET', 'experiments/')).status).toBe(200)
      expect(fake.faults.pending).toBe(0)
    })

    it('applies the write first with afterApply: stored, but answered 500', async () => {
      fake.faults.failNext(1, { status: 500, method: 'POST', afterApply: true })
      const response = await call('POST', 'experiments/', { name: 'Stored anyway', feature_flag_key: 'stored' })
      expect(response.status).toBe(500)
      expect(await jsonOf(response)).toEqual({
        type: 'server_error',
        code: 'error',
        detail: 'A server error occurred.',
        attr: null,
      })
      expect([...fake.state.experiments.values()].map((item) => item.name)).toEqual(['Stored anyway'])
      expect(fake.requests.at(-1)).toMatchObject({
        method: 'POST',
        status: 500,
        fault: 'status',
        operation: 'experiments.create',
      })
    })

    it('uses a custom body (or none) when given', async () => {
      fake.faults.failNext(1, { status: 502, body: 'upstream went away' })
      fake.faults.failNext(1, { status: 500, body: null })
      const text = await call('GET', 'experiments/')
      expect(await text.text()).toBe('upstream went away')
      const nothing = await call('GET', 'experiments/')
      expect(nothing.status).toBe(500)
      expect(await nothing.text()).toBe('')
    })

    it('delays an answer', async () => {
      fake.faults.delayNext(1, { ms: 150 })
      const started = Date.now()
      const response = await call('GET', 'experiments/')
      expect(response.status).toBe(200)
      expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    })

    it('hangs until the client gives up', async () => {
      fake.faults.hangNext(1, { operation: 'experiments.list' })
      await expect(call('GET', 'experiments/', undefined, { signal: AbortSignal.timeout(150) })).rejects.toMatchObject({
        name: 'TimeoutError',
      })
      expect(fake.requests.at(-1)).toMatchObject({ fault: 'hang', status: null })
      // The next request is answered.
      expect((await call('GET', 'experiments/')).status).toBe(200)
    })

    it('drops the connection in the middle of the body', async () => {
      fake.seed.experiments(2)
      fake.faults.dropNext(1, { afterApply: true })
      const read = async () => (await call('GET', 'experiments/')).text()
      await expect(read()).rejects.toThrow(TypeError)
      expect(await jsonOf(await call('GET', 'experiments/'))).toMatchObject({ count: 2 })
    })

    it('answers malformed JSON', async () => {
      fake.faults.malformedNext(1, { method: 'GET' })
      const response = await call('GET', 'experiments/')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json')
      const text = await response.text()
      expect(() => JSON.parse(text)).toThrow(SyntaxError)
    })

    it('answers an HTML error page', async () => {
      fake.faults.htmlNext(1, {})
      const response = await call('GET', 'experiments/')
      expect(response.status).toBe(502)
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await response.text()).toContain('<h1>502 Bad Gateway</h1>')
    })

    it('[C25] tooManyRequests: 429s per key with the throttled body and Retry-After', async () => {
      fake.faults.tooManyRequests({ limit: 2, windowMs: 30_000 })
      expect((await call('GET', 'experiments/')).status).toBe(200)
      expect((await call('GET', 'surveys/')).status).toBe(200)
      const throttled = await call('GET', 'experiments/')
      expect(throttled.status).toBe(429)
      expect(throttled.headers.get('retry-after')).toBe('30')
      expect(await jsonOf(throttled)).toEqual(
        fourKey('throttled_error', 'throttled', 'Request was throttled. Expected available in 30 seconds.'),
      )
      // Another key has its own budget; unauthenticated requests are refused before throttling.
      expect((await caller(fake, { channel, key: 'phx_everything' })('GET', 'experiments/')).status).toBe(200)
      expect((await caller(fake, { channel, key: null })('GET', 'experiments/')).status).toBe(401)
      fake.faults.tooManyRequests(null)
      expect((await call('GET', 'experiments/')).status).toBe(200)
    })
  })

  it('records requests with the Authorization header redacted', async () => {
    await call('POST', 'experiments/?x=1', { name: 'Recorded', feature_flag_key: 'recorded' })
    const [recorded] = fake.requests
    expect(recorded).toMatchObject({
      method: 'POST',
      path: '/api/projects/1/experiments/',
      query: { x: '1' },
      body: { name: 'Recorded', feature_flag_key: 'recorded' },
      operation: 'experiments.create',
      status: 201,
      fault: null,
    })
    expect(recorded?.url).toBe(`${channel.base}/api/projects/1/experiments/?x=1`)
    expect(recorded?.headers['authorization']).toBe('Bearer [REDACTED]')
    expect(JSON.stringify(fake.requests)).not.toContain(fake.apiKey)
  })

  it('[C18] answers an unknown method on a known path with the four-key 405', async () => {
    const response = await call('PUT', 'experiments/', {})
    expect(response.status).toBe(405)
    expect(await jsonOf(response)).toEqual(
      fourKey('invalid_request', 'method_not_allowed', 'Method "PUT" not allowed.'),
    )
  })
})

describe('createFakeApi({ tooManyRequests }) and its 0.2 names', () => {
  it('injects 429s from the start; reset() returns to the option, counting from zero', async () => {
    const fake = createFakeApi({ tooManyRequests: { limit: 1, windowMs: 10_000 } })
    const call = caller(fake)
    expect((await call('GET', 'experiments/')).status).toBe(200)
    const refused = await call('GET', 'experiments/')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('10')
    fake.faults.tooManyRequests(null)
    expect((await call('GET', 'experiments/')).status).toBe(200)
    fake.reset()
    expect((await call('GET', 'experiments/')).status).toBe(200)
    expect((await call('GET', 'experiments/')).status).toBe(429)
  })

  it('the deprecated createFakeApi({ rateLimit }) and faults.rateLimit() do the same', async () => {
    const fake = createFakeApi({ rateLimit: { limit: 1, windowMs: 10_000 } })
    const call = caller(fake)
    expect((await call('GET', 'experiments/')).status).toBe(200)
    expect((await call('GET', 'experiments/')).status).toBe(429)
    fake.faults.rateLimit({ limit: 0, windowMs: 2_000 })
    const refused = await call('GET', 'experiments/')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('2')
    fake.faults.rateLimit(null)
    expect((await call('GET', 'experiments/')).status).toBe(200)
  })

  it('refuses both names at once, and a limit that is not a whole number', () => {
    const limit = { limit: 1, windowMs: 1_000 }
    expect(() => createFakeApi({ tooManyRequests: limit, rateLimit: limit })).toThrow(
      /tooManyRequests and its deprecated alias rateLimit/,
    )
    expect(() => createFakeApi({ tooManyRequests: { limit: 1.5, windowMs: 1_000 } })).toThrow(TypeError)
    expect(() => createFakeApi().faults.tooManyRequests({ limit: 1, windowMs: 0 })).toThrow(TypeError)
  })
})
