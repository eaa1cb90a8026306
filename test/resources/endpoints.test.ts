import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  ResponseValidationError,
  type ProjectClient,
} from '../../src/index.js'
import {
  endpoint,
  endpointVersion,
  hogqlQuery,
  lastExecutionTimes,
  materialized,
  newestEndpoint,
  newestEndpointVersion,
  notMaterializable,
  queryStatus,
  runResult,
  trendsQuery,
} from '../fixtures/endpoints.js'
import { noPersonalKeyAccess, serverError } from '../fixtures/errors.js'
import { API_KEY, ENVIRONMENT, PROJECT, makeClient, useMswApi } from '../helpers/msw-server.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const { answer, answerAny, serve, watchAll } = useMswApi()

describe('endpoints', () => {
  const client = makeClient()

  describe('list', () => {
    it('reads the thin-spec-era {results} body as one last page', async () => {
      const sent = answer('get', 'endpoints/', { results: [endpoint('top_events'), endpoint('signups')] })
      const page = await client.endpoints.list({ is_active: true, created_by: 7 })
      expectRequest(sent, { method: 'GET', path: 'endpoints/', query: '?is_active=true&created_by=7' })
      expect(page.results.map((item) => item.name)).toEqual(['top_events', 'signups'])
      expect(page.count).toBeNull()
      expect(page.next).toBeNull()
      expect(page.hasNextPage()).toBe(false)
    })

    it('reads the newer paginated envelope and follows next', async () => {
      const sent = serve('get', 'endpoints/', async (request) => {
        const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0)
        return HttpResponse.json(
          offset === 0
            ? {
                count: 2,
                next: `${PROJECT}/endpoints/?limit=1&offset=1`,
                previous: null,
                results: [newestEndpoint('a')],
              }
            : { count: 2, next: null, previous: `${PROJECT}/endpoints/?limit=1`, results: [newestEndpoint('b')] },
        )
      })
      const first = await client.endpoints.list({ limit: 1 })
      expect(first.count).toBe(2)
      const all = await client.endpoints.list({ limit: 1 }).toArray()
      expect(all.map((item) => item.name)).toEqual(['a', 'b'])
      expect(all[0]!.data_freshness_seconds).toBe(86400)
      expect(sent.map((r) => r.url.search)).toEqual(['?limit=1', '?limit=1', '?limit=1&offset=1'])
      expect(sent.every((r) => r.headers.get('authorization') === `Bearer ${API_KEY}`)).toBe(true)
    })

    it('uses the environments prefix when the client asks for it', async () => {
      const sent = answer('get', 'endpoints/', { results: [] }, 200, ENVIRONMENT)
      const page = await makeClient({ endpointsPrefix: 'environments' }).endpoints.list()
      expectRequest(sent, { method: 'GET', path: 'endpoints/', prefix: 'environments' })
      expect(page.results).toEqual([])
    })
  })

  it('create posts name and query and reads the endpoint (201)', async () => {
    const body = {
      name: 'top_events',
      query: hogqlQuery,
      description: 'Top events',
      cache_age_seconds: 600,
      is_materialized: false,
    }
    const sent = answer(
      'post',
      'endpoints/',
      endpoint('top_events', {
        description: 'Top events',
        cache_age_seconds: 600,
        current_version: 1,
        versions_count: 1,
      }),
      201,
    )
    const created = await client.endpoints.create(body)
    expectRequest(sent, { method: 'POST', path: 'endpoints/', body })
    expect(created.name).toBe('top_events')
    expect(created.cache_age_seconds).toBe(600)
    expect(created.query?.kind).toBe('HogQLQuery')
    expect(created.materialization).toEqual({ can_materialize: true, reason: null })
  })

  it('create is not retried after a 503 (the service may have acted)', async () => {
    const sent = answer('post', 'endpoints/', serverError(), 503)
    const error = await client.endpoints
      .create({ name: 'x', query: hogqlQuery }, { maxRetries: 2 })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InternalServerError)
    expect(sent).toHaveLength(1)
  })

  it('create failing after validation is a BadRequestError', async () => {
    answer(
      'post',
      'endpoints/',
      { type: 'validation_error', code: 'invalid_input', detail: 'Failed to create endpoint.', attr: null },
      400,
    )
    const error = await client.endpoints.create({ name: 'dup', query: hogqlQuery }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).detail).toBe('Failed to create endpoint.')
  })

  it('retrieve reads one endpoint by name, under both prefixes', async () => {
    const sent = answer('get', 'endpoints/top_events/', endpoint())
    expect(await client.endpoints.retrieve('top_events')).toEqual(endpoint())
    expectRequest(sent, { method: 'GET', path: 'endpoints/top_events/' })

    const envSent = answer('get', 'endpoints/top_events/', newestEndpoint(), 200, ENVIRONMENT)
    const found = await makeClient({ endpointsPrefix: 'environments' }).endpoints.retrieve('top_events')
    expectRequest(envSent, { method: 'GET', path: 'endpoints/top_events/', prefix: 'environments' })
    expect(found).toEqual(newestEndpoint())
    expect(found.materialization?.status).toBe('Completed')
    expect(found.columns?.[1]).toEqual({ name: 'c', type: 'integer' })
  })

  it('URL-encodes names with odd characters', async () => {
    const sent = answerAny(endpoint('a b/c?d'))
    const found = await client.endpoints.retrieve('a b/c?d')
    expect(found.name).toBe('a b/c?d')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.method).toBe('GET')
    expect(sent[0]!.url.href).toBe(`${PROJECT}/endpoints/a%20b%2Fc%3Fd/`)
    expect(sent[0]!.url.search).toBe('')

    const versions = answerAny(endpointVersion(2))
    const version = await makeClient({ endpointsPrefix: 'environments' }).endpoints.version('ü#%', 2)
    expect(version.version).toBe(2)
    expect(versions).toHaveLength(1)
    expect(versions[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
    expect(versions[0]!.url.href).toBe(`${ENVIRONMENT}/endpoints/%C3%BC%23%25/versions/2/`)
  })

  it('update patches the given fields', async () => {
    const sent = answer('patch', 'endpoints/top_events/', endpoint('top_events', { is_active: false }))
    const updated = await client.endpoints.update('top_events', { is_active: false, description: 'off' })
    expectRequest(sent, {
      method: 'PATCH',
      path: 'endpoints/top_events/',
      body: { is_active: false, description: 'off' },
    })
    expect(updated.is_active).toBe(false)
  })

  it('update without a scope on the key names why (requiredScope null)', async () => {
    answer('patch', 'endpoints/top_events/', noPersonalKeyAccess, 403)
    const error = await client.endpoints.update('top_events', { description: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect((error as PermissionDeniedError).requiredScope).toBeNull()
  })

  it('delete resolves undefined on 204, under both prefixes', async () => {
    const sent = answer('delete', 'endpoints/top_events/', undefined, 204)
    await expect(client.endpoints.delete('top_events')).resolves.toBeUndefined()
    expectRequest(sent, { method: 'DELETE', path: 'endpoints/top_events/' })

    const envSent = answer('delete', 'endpoints/top_events/', undefined, 204, ENVIRONMENT)
    await expect(
      makeClient({ endpointsPrefix: 'environments' }).endpoints.delete('top_events'),
    ).resolves.toBeUndefined()
    expectRequest(envSent, { method: 'DELETE', path: 'endpoints/top_events/', prefix: 'environments' })
  })

  it('materializationStatus reads the materialized shape', async () => {
    const sent = answer('get', 'endpoints/top_events/materialization_status/', materialized)
    const status = await client.endpoints.materializationStatus('top_events')
    expectRequest(sent, { method: 'GET', path: 'endpoints/top_events/materialization_status/' })
    expect(status).toEqual(materialized)
    expect(status.error).toBe('')
    expect(status.sync_frequency).toBe('24hour')
  })

  it('materializationStatus reads the {can_materialize, reason} shape', async () => {
    const sent = answer('get', 'endpoints/trend/materialization_status/', notMaterializable)
    const status = await client.endpoints.materializationStatus('trend')
    expectRequest(sent, { method: 'GET', path: 'endpoints/trend/materialization_status/' })
    expect(status).toEqual(notMaterializable)
    expect(status.status).toBeUndefined()
    expect(status.reason).toBe('Only HogQL queries can be materialized.')
  })

  it('run posts the run fields and reads the query response', async () => {
    const body = {
      client_query_id: 'cq-1',
      filters_override: { date_from: '-30d' },
      query_override: { interval: 'week' },
      refresh: 'force_blocking' as const,
      variables: { since: '2026-09-01' },
      version: 2,
      debug: false,
      limit: 50,
      offset: 0,
    }
    const sent = answer('post', 'endpoints/top_events/run/', runResult)
    const result = await client.endpoints.run('top_events', body)
    expectRequest(sent, { method: 'POST', path: 'endpoints/top_events/run/', body })
    expect(result).toEqual(runResult)
    expect(Object.keys(result)[0]).toBe('results')
    expect(result.types?.[1]).toEqual(['c', 'UInt64'])
    expect(result.endpoint_version).toBe(3)
  })

  it('run with no body posts {} and accepts an insight response', async () => {
    const insight = {
      results: [{ label: '$pageview', count: 12, data: [1, 2], days: ['2026-10-01', '2026-10-02'] }],
      is_cached: true,
      last_refresh: '2026-10-05T09:30:00Z',
      query_status: null,
      timezone: 'UTC',
      endpoint_version: 1,
      endpoint_version_created_at: '2026-10-01T10:00:00+00:00',
      endpoint_materialized: false,
    }
    const sent = answer('post', 'endpoints/trend/run/', insight)
    const result = await client.endpoints.run('trend')
    expectRequest(sent, { method: 'POST', path: 'endpoints/trend/run/', body: {} })
    expect(result).toEqual(insight)
  })

  it('run is read-only: retried after a 503 with the same body', async () => {
    let calls = 0
    const sent = serve('post', 'endpoints/top_events/run/', async () => {
      calls += 1
      return calls === 1
        ? HttpResponse.json(serverError('Queries are a little too busy right now.'), { status: 503 })
        : HttpResponse.json(runResult)
    })
    const result = await client.endpoints.run('top_events', { variables: { since: '2026-09-01' } }, { maxRetries: 1 })
    expect(result.results).toEqual(runResult.results)
    expect(sent).toHaveLength(2)
    expect(sent.map((r) => JSON.parse(r.body))).toEqual([
      { variables: { since: '2026-09-01' } },
      { variables: { since: '2026-09-01' } },
    ])
    expect(sent[1]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  })

  it('run of an unknown version gives the {"error", "current_version"} 404 as NotFoundError', async () => {
    const body = { error: "Version 9 not found for endpoint 'top_events'", current_version: 3 }
    answer('post', 'endpoints/top_events/run/', body, 404)
    const error = await client.endpoints.run('top_events', { version: 9 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).detail).toBe("Version 9 not found for endpoint 'top_events'")
    expect((error as NotFoundError).body).toEqual(body)
  })

  it('runGet sends version in the query and no body', async () => {
    const sent = answer('get', 'endpoints/top_events/run/', runResult)
    const result = await client.endpoints.runGet('top_events', { version: 2 })
    expectRequest(sent, { method: 'GET', path: 'endpoints/top_events/run/', query: '?version=2' })
    expect(result).toEqual(runResult)

    const latest = answer('get', 'endpoints/top_events/run/', runResult)
    await client.endpoints.runGet('top_events')
    expectRequest(latest, { method: 'GET', path: 'endpoints/top_events/run/' })
  })

  it('versions reads a bare array (thin-spec era)', async () => {
    const body = [endpointVersion(3), endpointVersion(2), endpointVersion(1)]
    const sent = answer('get', 'endpoints/top_events/versions/', body)
    const page = await client.endpoints.versions('top_events')
    expectRequest(sent, { method: 'GET', path: 'endpoints/top_events/versions/' })
    expect(page.results).toEqual(body)
    expect(page.results.map((v) => v.version)).toEqual([3, 2, 1])
    expect(page.results[2]!.created_by).toBeNull()
    expect(page.count).toBe(3)
    expect(page.hasNextPage()).toBe(false)
  })

  it('versions reads {results} (newest), under the environments prefix', async () => {
    const body = { results: [newestEndpointVersion(2), newestEndpointVersion(1)] }
    const sent = answer('get', 'endpoints/top_events/versions/', body, 200, ENVIRONMENT)
    const all = await makeClient({ endpointsPrefix: 'environments' }).endpoints.versions('top_events').toArray()
    expectRequest(sent, { method: 'GET', path: 'endpoints/top_events/versions/', prefix: 'environments' })
    expect(all).toEqual(body.results)
    expect(all[0]!.version_id).toBe('0190e1a2-0000-7000-8000-000000000002')
  })

  it('version(name, 3) reads one version', async () => {
    const sent = answer('get', 'endpoints/top_events/versions/3/', endpointVersion(3, { is_active: true }))
    const found = await client.endpoints.version('top_events', 3)
    expectRequest(sent, { method: 'GET', path: 'endpoints/top_events/versions/3/' })
    expect(found).toEqual(endpointVersion(3, { is_active: true }))

    const byString = answer('get', 'endpoints/top_events/versions/12/', endpointVersion(12))
    expect((await client.endpoints.version('top_events', '12')).version).toBe(12)
    expectRequest(byString, { method: 'GET', path: 'endpoints/top_events/versions/12/' })
  })

  it('an unknown version gives the {"error"} 404 as NotFoundError with detail set', async () => {
    answer('get', 'endpoints/top_events/versions/9/', { error: 'Version 9 not found' }, 404)
    const error = await client.endpoints.version('top_events', 9).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error).toMatchObject({ status: 404, detail: 'Version 9 not found', body: { error: 'Version 9 not found' } })
    expect((error as Error).message).toContain('Version 9 not found')
  })

  it('lastExecutionTimes posts names and reads [[name, datetime], …] pairs', async () => {
    const sent = answer('post', 'endpoints/last_execution_times/', lastExecutionTimes)
    const result = await client.endpoints.lastExecutionTimes({ names: ['top_events', 'never_ran'] })
    expectRequest(sent, {
      method: 'POST',
      path: 'endpoints/last_execution_times/',
      body: { names: ['top_events', 'never_ran'] },
    })
    expect(result).toEqual(lastExecutionTimes)
    const pairs: Array<[string, string]> | null | undefined = result.query_status.results
    expect(pairs).toEqual([['top_events', '2026-10-05T09:30:00Z']])
    expect(new Map(pairs ?? []).get('never_ran')).toBeUndefined()
    expect(result.query_status.query_async).toBe(true)
  })

  it('lastExecutionTimes accepts results: null, under the environments prefix', async () => {
    const body = { query_status: queryStatus(null) }
    const sent = answer('post', 'endpoints/last_execution_times/', body, 200, ENVIRONMENT)
    const result = await makeClient({ endpointsPrefix: 'environments' }).endpoints.lastExecutionTimes({ names: ['x'] })
    expectRequest(sent, {
      method: 'POST',
      path: 'endpoints/last_execution_times/',
      body: { names: ['x'] },
      prefix: 'environments',
    })
    expect(result.query_status.results).toBeNull()
  })

  describe('leniency', () => {
    it('keeps unknown fields, accepts nulls and unknown enum values', async () => {
      const body = newestEndpoint('top_events', {
        query: trendsQuery,
        created_by: null,
        url: null,
        ui_url: null,
        materialization: {
          status: 'Hibernated',
          can_materialize: true,
          last_materialized_at: null,
          error: '',
          sync_frequency: '2hour',
          hibernated_at: '2026-10-05T00:00:00Z',
        },
        display_name: 'Top events',
        brand_new: { nested: [1, 2] },
      })
      answer('get', 'endpoints/top_events/', body)
      const found = await client.endpoints.retrieve('top_events')
      expect(found).toEqual(body)
      expect(found.materialization?.status).toBe('Hibernated')
      expect((found as Record<string, unknown>).brand_new).toEqual({ nested: [1, 2] })
    })

    it('rejects a wrong type with ResponseValidationError carrying the issues and the raw body', async () => {
      const body = endpoint('top_events', { is_active: 'yes', current_version: '3' })
      answer('get', 'endpoints/top_events/', body)
      const error = await client.endpoints.retrieve('top_events').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      const validation = error as ResponseValidationError
      expect(validation.body).toEqual(body)
      expect(validation.issues.map((issue) => issue.path.join('.'))).toEqual(
        expect.arrayContaining(['is_active', 'current_version']),
      )
    })

    it('rejects a list item of the wrong type, in either list shape', async () => {
      answer('get', 'endpoints/', { results: [endpoint('a'), { ...endpoint('b'), id: 5 }] })
      const error = await client.endpoints.list().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as ResponseValidationError).issues[0]!.path).toEqual(['results', 1, 'id'])

      answer('get', 'endpoints/a/versions/', [endpointVersion(1, { version: 'one' })])
      const versionsError = await client.endpoints.versions('a').catch((e: unknown) => e)
      expect(versionsError).toBeInstanceOf(ResponseValidationError)
      expect((versionsError as ResponseValidationError).issues[0]!.path).toEqual([0, 'version'])
    })

    it('rejects last execution pairs that are not [name, datetime]', async () => {
      answer('post', 'endpoints/last_execution_times/', { query_status: queryStatus([['top_events', 1728120600]]) })
      const error = await client.endpoints.lastExecutionTimes({ names: ['top_events'] }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as ResponseValidationError).issues[0]!.path).toEqual(['query_status', 'results', 0, 1])
    })

    it('validateResponses: false returns the JSON as is', async () => {
      const body = { query_status: { results: 'anything' } }
      answer('post', 'endpoints/last_execution_times/', body)
      const lenient = makeClient({ validateResponses: false })
      expect(await lenient.endpoints.lastExecutionTimes({ names: ['a'] })).toEqual(body)
    })
  })

  describe('bad input is refused before any request', () => {
    const env: ProjectClient = makeClient({ endpointsPrefix: 'environments' })
    const cases: Array<[string, () => PromiseLike<unknown>, string]> = [
      ['empty name', () => client.endpoints.retrieve(''), 'name'],
      ['dot-segment name', () => client.endpoints.delete('.'), 'name'],
      ['null name', () => env.endpoints.materializationStatus(null as never), 'name'],
      ['lone surrogate name', () => client.endpoints.run('\uD800x'), 'name'],
      ['missing create body', () => client.endpoints.create(undefined as never), 'body'],
      ['array update body', () => client.endpoints.update('a', [] as never), 'body'],
      ['string run body', () => client.endpoints.run('a', 'x' as never), 'body'],
      ['negative list limit', () => client.endpoints.list({ limit: -1 }), 'params.limit'],
      ['string created_by', () => client.endpoints.list({ created_by: 'me' as never }), 'params.created_by'],
      ['version 0', () => client.endpoints.version('a', 0), 'versionNumber'],
      ['negative version', () => client.endpoints.version('a', -3), 'versionNumber'],
      ['non-digit version', () => client.endpoints.version('a', 'v3'), 'versionNumber'],
      ['fractional version', () => client.endpoints.version('a', 1.5), 'versionNumber'],
      ['runGet version 0', () => client.endpoints.runGet('a', { version: 0 }), 'params.version'],
      ['missing names', () => client.endpoints.lastExecutionTimes({} as never), 'body.names'],
      ['empty names', () => client.endpoints.lastExecutionTimes({ names: [] }), 'body.names'],
      ['blank name in names', () => env.endpoints.lastExecutionTimes({ names: ['a', ''] }), 'body.names[1]'],
      ['missing lastExecutionTimes body', () => client.endpoints.lastExecutionTimes(undefined as never), 'body'],
      ['bad signal', () => client.endpoints.versions('a', { signal: 'stop' as never }), 'options.signal'],
    ]
    it.each(cases)('%s', async (_name, call, argument) => {
      await expectInvalidArgument(call, argument, watchAll())
    })
  })
})
