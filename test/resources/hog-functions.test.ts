import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  InvalidArgumentError,
  MethodNotAllowedError,
  Page,
  PermissionDeniedError,
  ResponseValidationError,
  type ProjectClient,
} from '../../src/index.js'
import type { HogFunctionCreateParams } from '../../src/index.js'
import * as fx from '../fixtures/hog-functions.js'
import { missingScope } from '../fixtures/errors.js'
import { PROJECT, makeClient, useMswApi, type Method } from '../helpers/msw-server.js'
import { expectResponseValidationError } from '../helpers/errors.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const { serve, watchAll } = useMswApi()
const client = makeClient()
const ID = fx.HOG_FUNCTION_ID

describe('hogFunctions.list', () => {
  it('GETs hog_functions/ with every filter, `type` comma-separated, and returns a page of slim items', async () => {
    const body = {
      count: 2,
      next: null,
      previous: null,
      results: [
        fx.hogFunctionMinimal(),
        fx.hogFunctionMinimal(fx.TRANSFORMATION_ID, { type: 'transformation', execution_order: 1 }),
      ],
    }
    const requests = serve('get', 'hog_functions/', () => HttpResponse.json(body))

    const page = await client.hogFunctions.list({
      type: ['destination', 'site_destination'],
      enabled: true,
      created_by: 7,
      created_at: '2026-09-01',
      updated_at: new Date('2026-09-02T00:00:00Z'),
      id: ID,
      search: 'webhook',
      limit: 2,
      offset: 0,
    })

    expectRequest(requests, {
      method: 'GET',
      path: 'hog_functions/',
      query: {
        type: 'destination,site_destination',
        enabled: 'true',
        created_by: '7',
        created_at: '2026-09-01',
        updated_at: '2026-09-02T00:00:00.000Z',
        id: ID,
        search: 'webhook',
        limit: '2',
        offset: '0',
      },
    })
    expect(requests[0]!.url.search).toContain('type=destination%2Csite_destination')
    expect(page).toBeInstanceOf(Page)
    expect(page.count).toBe(2)
    expect(page.hasNextPage()).toBe(false)
    expect(page.results).toEqual(body.results)
    expect(page.results[0]).not.toHaveProperty('inputs')
  })

  it('sends no query string without params', async () => {
    const requests = serve('get', 'hog_functions/', () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    )
    const page = await client.hogFunctions.list()
    expectRequest(requests, { method: 'GET', path: 'hog_functions/' })
    expect(page.results).toEqual([])
  })

  it('follows `next` links, with the same key, until the last page', async () => {
    const first = fx.hogFunctionMinimal(ID)
    const second = fx.hogFunctionMinimal(fx.TRANSFORMATION_ID, { type: 'transformation', execution_order: 1 })
    const requests = serve('get', 'hog_functions/', (request) => {
      const offset = new URL(request.url).searchParams.get('offset')
      return offset === '1'
        ? HttpResponse.json({ count: 2, next: null, previous: `${PROJECT}/hog_functions/?limit=1`, results: [second] })
        : HttpResponse.json({
            count: 2,
            next: `${PROJECT}/hog_functions/?limit=1&offset=1`,
            previous: null,
            results: [first],
          })
    })

    const items = await client.hogFunctions.list({ limit: 1 }).toArray()

    expect(items.map((item) => item.id)).toEqual([ID, fx.TRANSFORMATION_ID])
    expectRequest(requests, [
      { method: 'GET', path: 'hog_functions/', query: { limit: '1' } },
      { method: 'GET', path: 'hog_functions/', query: { limit: '1', offset: '1' } },
    ])
  })

  it('accepts list items with nulls, unknown enum values and unknown fields', async () => {
    const item = fx.hogFunctionMinimal(ID, {
      type: 'cdp_future_kind',
      created_by: null,
      template: null,
      status: null,
      filters: null,
      icon_url: null,
      execution_order: null,
      new_list_field: { rollout: 0.5 },
    })
    serve('get', 'hog_functions/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [item] }))
    const page = await client.hogFunctions.list()
    expect(page.results[0]).toEqual(item)
    expect(page.results[0]?.new_list_field).toEqual({ rollout: 0.5 })
  })

  it('rejects a list item of the wrong type with ResponseValidationError', async () => {
    const item = fx.hogFunctionMinimal(ID, { enabled: 'yes' })
    serve('get', 'hog_functions/', () => HttpResponse.json({ count: 1, next: null, previous: null, results: [item] }))
    const error = await client.hogFunctions.list().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['results', 0, 'enabled'])
    expect((error as ResponseValidationError).body).toEqual({ count: 1, next: null, previous: null, results: [item] })
  })
})

describe('hogFunctions CRUD', () => {
  it('create POSTs the body to hog_functions/ and returns the full function', async () => {
    const created = fx.hogFunction()
    const requests = serve('post', 'hog_functions/', () => HttpResponse.json(created, { status: 201 }))
    const body: HogFunctionCreateParams = {
      template_id: 'template-webhook',
      name: 'HTTP Webhook',
      enabled: true,
      inputs: { url: { value: 'https://hooks.example.com/posthog' }, method: { value: 'POST' } },
      filters: {
        source: 'events',
        events: [{ id: '$pageview', name: '$pageview', type: 'events', order: 0 }],
        filter_test_accounts: true,
      },
      _create_in_folder: 'Unfiled/Destinations',
    }

    const { data, response } = await client.hogFunctions.create(body).withResponse()

    expectRequest(requests, { method: 'POST', path: 'hog_functions/', body })
    expect(response.status).toBe(201)
    expect(data).toEqual(created)
    expect(data.template?.id).toBe('template-webhook')
    expect(data.inputs?.api_token).toEqual({ secret: true })
    expect(data.status).toEqual({ state: 1, tokens: 10000 })
  })

  it('retrieve GETs hog_functions/:id/', async () => {
    const requests = serve('get', `hog_functions/${ID}/`, () => HttpResponse.json(fx.hogFunction()))
    const fn = await client.hogFunctions.retrieve(ID)
    expectRequest(requests, { method: 'GET', path: `hog_functions/${ID}/` })
    expect(fn).toEqual(fx.hogFunction())
    expect(fn.inputs_schema?.map((item) => item.key)).toEqual([
      'url',
      'method',
      'body',
      'headers',
      'api_token',
      'debug',
    ])
  })

  it('URL-encodes the id', async () => {
    const requests = serve('get', 'hog_functions/a%2Fb%3F/', () => HttpResponse.json(fx.hogFunction('a/b?')))
    await client.hogFunctions.retrieve('a/b?')
    expect(requests[0]?.url.pathname).toBe('/api/projects/42/hog_functions/a%2Fb%3F/')
  })

  it('update PATCHes the body to hog_functions/:id/', async () => {
    const updated = fx.hogFunction(ID, { enabled: false, name: 'Webhook (paused)' })
    const requests = serve('patch', `hog_functions/${ID}/`, () => HttpResponse.json(updated))
    const fn = await client.hogFunctions.update(ID, { enabled: false, name: 'Webhook (paused)' })
    expectRequest(requests, {
      method: 'PATCH',
      path: `hog_functions/${ID}/`,
      body: { enabled: false, name: 'Webhook (paused)' },
    })
    expect(fn.enabled).toBe(false)
    expect(fn).toEqual(updated)
  })

  it('softDelete PATCHes { deleted: true } to hog_functions/:id/', async () => {
    const requests = serve('patch', `hog_functions/${ID}/`, () => HttpResponse.json(fx.hogFunction()))
    const fn = await client.hogFunctions.softDelete(ID)
    expectRequest(requests, { method: 'PATCH', path: `hog_functions/${ID}/`, body: { deleted: true } })
    expect(fn.id).toBe(ID)
  })

  it('delete sends DELETE and always ends in MethodNotAllowedError pointing to softDelete', async () => {
    const requests = serve('delete', `hog_functions/${ID}/`, () => new HttpResponse(null, { status: 405 }))
    const error = await client.hogFunctions.delete(ID).catch((caught: unknown) => caught)
    expectRequest(requests, { method: 'DELETE', path: `hog_functions/${ID}/` })
    expect(error).toBeInstanceOf(MethodNotAllowedError)
    expect((error as MethodNotAllowedError).status).toBe(405)
    expect((error as MethodNotAllowedError).body).toBeUndefined()
    expect((error as Error).message).toContain('hogFunctions.softDelete')
  })
})

describe('hogFunctions actions', () => {
  it('broadcast POSTs {} to hog_functions/:id/broadcast/ by default', async () => {
    const requests = serve('post', `hog_functions/${ID}/broadcast/`, () => HttpResponse.json(fx.broadcastResult))
    const result = await client.hogFunctions.broadcast(ID)
    expectRequest(requests, { method: 'POST', path: `hog_functions/${ID}/broadcast/`, body: {} })
    expect(result).toEqual({ success: true })
  })

  it('broadcast passes a given body through', async () => {
    const requests = serve('post', `hog_functions/${ID}/broadcast/`, () => HttpResponse.json(fx.broadcastResult))
    await client.hogFunctions.broadcast(ID, { enabled: true })
    expectRequest(requests, { method: 'POST', path: `hog_functions/${ID}/broadcast/`, body: { enabled: true } })
  })

  it('invocations POSTs the configuration and globals to hog_functions/:id/invocations/', async () => {
    const requests = serve('post', `hog_functions/${ID}/invocations/`, () => HttpResponse.json(fx.invocationResult))
    const body = {
      configuration: { hog: "print('hi')", inputs: { url: { value: 'https://example.com' } }, enabled: true },
      globals: {
        event: {
          uuid: '0193f0a0',
          event: '$pageview',
          distinct_id: 'u1',
          properties: { $current_url: 'https://example.com/checkout' },
          timestamp: '2026-09-05T12:00:00Z',
        },
        person: { id: 'p1', properties: {} },
      },
      mock_async_functions: true,
      invocation_id: null,
    }
    const result = await client.hogFunctions.invocations(ID, body)
    expectRequest(requests, { method: 'POST', path: `hog_functions/${ID}/invocations/`, body })
    expect(result).toEqual(fx.invocationResult)
    expect(result.logs?.[0]?.message).toBe('Executing function')
  })

  it('logs GETs hog_functions/:id/logs/ with `level` comma-separated and pages the entries', async () => {
    const requests = serve('get', `hog_functions/${ID}/logs/`, () =>
      HttpResponse.json({ count: 2, next: null, previous: null, results: fx.logEntries }),
    )
    const page = await client.hogFunctions.logs(ID, {
      limit: 100,
      level: ['ERROR', 'WARN'],
      after: '2026-09-01T00:00:00Z',
      before: new Date('2026-09-06T00:00:00Z'),
      search: 'HTTP 500',
      instance_id: '0193f0a0-aaaa-7000-8000-000000000001',
    })
    expectRequest(requests, {
      method: 'GET',
      path: `hog_functions/${ID}/logs/`,
      query: {
        limit: '100',
        level: 'ERROR,WARN',
        after: '2026-09-01T00:00:00Z',
        before: '2026-09-06T00:00:00.000Z',
        search: 'HTTP 500',
        instance_id: '0193f0a0-aaaa-7000-8000-000000000001',
      },
    })
    expect(page.results).toEqual(fx.logEntries)
    expect(page.results[0]?.level).toBe('ERROR')
  })

  it('logs follows `next` and accepts unknown levels and null instance ids', async () => {
    const later = { ...fx.logEntries[0], level: 'TRACE', instance_id: null }
    const requests = serve('get', `hog_functions/${ID}/logs/`, (request) =>
      new URL(request.url).searchParams.has('offset')
        ? HttpResponse.json({ count: 3, next: null, previous: null, results: [later] })
        : HttpResponse.json({
            count: 3,
            next: `${PROJECT}/hog_functions/${ID}/logs/?limit=2&offset=2`,
            previous: null,
            results: fx.logEntries,
          }),
    )
    const entries = await client.hogFunctions.logs(ID, { limit: 2 }).toArray()
    expect(entries).toHaveLength(3)
    expect(entries[2]).toEqual(later)
    expectRequest(requests, [
      { method: 'GET', path: `hog_functions/${ID}/logs/`, query: { limit: '2' } },
      { method: 'GET', path: `hog_functions/${ID}/logs/`, query: { limit: '2', offset: '2' } },
    ])
  })

  it('metrics GETs hog_functions/:id/metrics/ with its filters', async () => {
    const requests = serve('get', `hog_functions/${ID}/metrics/`, () => HttpResponse.json(fx.metrics))
    const result = await client.hogFunctions.metrics(ID, {
      after: '-30d',
      before: '2026-09-04',
      interval: 'day',
      breakdown_by: 'name',
      name: ['succeeded', 'failed'],
      kind: 'success',
      instance_id: 'abc',
    })
    expectRequest(requests, {
      method: 'GET',
      path: `hog_functions/${ID}/metrics/`,
      query: {
        after: '-30d',
        before: '2026-09-04',
        interval: 'day',
        breakdown_by: 'name',
        name: 'succeeded,failed',
        kind: 'success',
        instance_id: 'abc',
      },
    })
    expect(result).toEqual(fx.metrics)
    expect(result.series?.[0]?.values).toEqual([120, 98, 143])
  })

  it('metricsTotals GETs hog_functions/:id/metrics/totals/', async () => {
    const requests = serve('get', `hog_functions/${ID}/metrics/totals/`, () => HttpResponse.json(fx.metricsTotals))
    const result = await client.hogFunctions.metricsTotals(ID, { after: '-7d', breakdown_by: 'kind' })
    expectRequest(requests, {
      method: 'GET',
      path: `hog_functions/${ID}/metrics/totals/`,
      query: { after: '-7d', breakdown_by: 'kind' },
    })
    expect(result).toEqual(fx.metricsTotals)
    expect(result.totals?.succeeded).toBe(361)
  })

  it('metricsTotals without params sends no query', async () => {
    const requests = serve('get', `hog_functions/${ID}/metrics/totals/`, () => HttpResponse.json({ totals: {} }))
    expect(await client.hogFunctions.metricsTotals(ID)).toEqual({ totals: {} })
    expectRequest(requests, { method: 'GET', path: `hog_functions/${ID}/metrics/totals/` })
  })

  it('icon GETs hog_functions/icon/?id= and returns the image as a Blob', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x10])
    const requests = serve(
      'get',
      'hog_functions/icon/',
      () => new HttpResponse(png, { headers: { 'content-type': 'image/png' } }),
    )
    const blob = await client.hogFunctions.icon({ id: 'stripe.com' })
    expectRequest(requests, { method: 'GET', path: 'hog_functions/icon/', query: { id: 'stripe.com' } })
    expect(blob).toBeInstanceOf(Blob)
    expect(blob.type).toBe('image/png')
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(png)
  })

  it('icons GETs hog_functions/icons/?query= and returns the array', async () => {
    const requests = serve('get', 'hog_functions/icons/', () => HttpResponse.json(fx.icons))
    const icons = await client.hogFunctions.icons({ query: 'stripe' })
    expectRequest(requests, { method: 'GET', path: 'hog_functions/icons/', query: { query: 'stripe' } })
    expect(icons).toEqual(fx.icons)
  })

  it('icons without a query answers []', async () => {
    const requests = serve('get', 'hog_functions/icons/', () => HttpResponse.json([]))
    expect(await client.hogFunctions.icons()).toEqual([])
    expectRequest(requests, { method: 'GET', path: 'hog_functions/icons/' })
  })

  it('rearrange PATCHes { orders } to hog_functions/rearrange/ and returns the bare array', async () => {
    const second = '01932d7b-0000-7000-9b11-dd55ee66ff77'
    const answer = [fx.transformation(second, 1), fx.transformation(fx.TRANSFORMATION_ID, 2)]
    const requests = serve('patch', 'hog_functions/rearrange/', () => HttpResponse.json(answer))
    const body = { orders: { [fx.TRANSFORMATION_ID]: 2, [second]: 1 } }
    const result = await client.hogFunctions.rearrange(body)
    expectRequest(requests, { method: 'PATCH', path: 'hog_functions/rearrange/', body })
    expect(Array.isArray(result)).toBe(true)
    expect(result).toEqual(answer)
    expect(result.map((fn) => fn.execution_order)).toEqual([1, 2])
    expect(result[0]?.template?.mapping_templates?.[0]?.include_by_default).toBe(true)
  })

  it(
    'rearrange answered with a paginated envelope (the answer is a bare array): the write was done, so it ' +
      'resolves with the answer as sent and its issue',
    async () => {
      serve('patch', 'hog_functions/rearrange/', () => HttpResponse.json({ results: [fx.transformation()] }))
      const { data, issues } = await client.hogFunctions
        .rearrange({ orders: { [fx.TRANSFORMATION_ID]: 1 } })
        .withResponse()
      expect(data).toEqual({ results: [fx.transformation()] })
      // One issue: the body itself is not the array the operation answers.
      expect(issues?.map(({ code, path }) => ({ code, path }))).toEqual([{ code: 'invalid_type', path: [] }])
    },
  )
})

describe('hogFunctions: operations without a scope', () => {
  const noScope: Array<[string, Method, string, (c: ProjectClient) => PromiseLike<unknown>]> = [
    ['broadcast', 'post', `hog_functions/${ID}/broadcast/`, (c) => c.hogFunctions.broadcast(ID)],
    [
      'invocations',
      'post',
      `hog_functions/${ID}/invocations/`,
      (c) => c.hogFunctions.invocations(ID, { configuration: {} }),
    ],
    ['logs', 'get', `hog_functions/${ID}/logs/`, (c) => c.hogFunctions.logs(ID)],
    ['metrics', 'get', `hog_functions/${ID}/metrics/`, (c) => c.hogFunctions.metrics(ID)],
    ['metricsTotals', 'get', `hog_functions/${ID}/metrics/totals/`, (c) => c.hogFunctions.metricsTotals(ID)],
    ['icon', 'get', 'hog_functions/icon/', (c) => c.hogFunctions.icon({ id: 'stripe.com' })],
    ['icons', 'get', 'hog_functions/icons/', (c) => c.hogFunctions.icons({ query: 'stripe' })],
    ['rearrange', 'patch', 'hog_functions/rearrange/', (c) => c.hogFunctions.rearrange({ orders: { [ID]: 1 } })],
  ]

  it.each(noScope)(
    '%s: a 403 is PermissionDeniedError with requiredScope null, saying personal API keys cannot call it',
    async (_name, method, path, call) => {
      const requests = serve(method, path, () => HttpResponse.json(fx.noPersonalKeyAccess, { status: 403 }))
      const error = await Promise.resolve(call(client)).catch((caught: unknown) => caught)
      expect(requests).toHaveLength(1)
      expect(error).toBeInstanceOf(PermissionDeniedError)
      const denied = error as PermissionDeniedError
      expect(denied.status).toBe(403)
      expect(denied.requiredScope).toBeNull()
      expect(denied.code).toBe('permission_denied')
      expect(denied.message).toMatch(/does not support personal API key access/)
      expect(denied.message).toContain('whatever their scopes (only a logged-in session can)')
    },
  )

  it('a scoped operation names its scope on a 403', async () => {
    serve('get', `hog_functions/${ID}/`, () => HttpResponse.json(missingScope('hog_function:read'), { status: 403 }))
    const error = await client.hogFunctions.retrieve(ID).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect((error as PermissionDeniedError).requiredScope).toBe('hog_function:read')
  })
})

describe('hogFunctions: leniency and validation of responses', () => {
  it('accepts a custom function with template, created_by and status null, masking and mappings', async () => {
    const body = fx.siteDestination()
    serve('get', `hog_functions/${body.id}/`, () => HttpResponse.json(body))
    const fn = await client.hogFunctions.retrieve(body.id)
    expect(fn).toEqual(body)
    expect(fn.template).toBeNull()
    expect(fn.masking?.hash).toBe('{person.id}')
    expect(fn.mappings?.[0]?.inputs?.eventName?.templating).toBe('liquid')
  })

  it('keeps unknown fields at every level and accepts unknown enum values', async () => {
    const base = fx.hogFunction()
    const body = fx.hogFunction(ID, {
      type: 'warehouse_destination_v2',
      hog_compiler: 'v2',
      filters: { ...base.filters, source: 'logs', sampling: 0.1 },
      status: { state: 42, tokens: 5, rating: 0.9 },
      inputs_schema: [{ type: 'color_picker', key: 'colour', templating: 'mustache', ui_hint: 'wide' }],
      inputs: { colour: { value: '#fff', templating: 'mustache', new_flag: true } },
      template: { ...base.template, code_language: 'python', status: 'sunset', owner_team: 'cdp' },
      masking: { ttl: 60, threshold: 3, hash: '{distinct_id}', bytecode: null, mode: 'strict' },
    })
    serve('get', `hog_functions/${ID}/`, () => HttpResponse.json(body))
    const fn = await client.hogFunctions.retrieve(ID)
    expect(fn).toEqual(body)
    expect(fn.hog_compiler).toBe('v2')
    expect(fn.type).toBe('warehouse_destination_v2')
    expect(fn.filters?.sampling).toBe(0.1)
    expect(fn.status?.rating).toBe(0.9)
    expect(fn.inputs_schema?.[0]?.ui_hint).toBe('wide')
    expect(fn.template?.owner_team).toBe('cdp')
  })

  it.each([
    ['a boolean sent as a string', { enabled: 'yes' }, ['enabled']],
    ['a numeric id', { id: 123 }, ['id']],
    ['inputs_schema that is not an array', { inputs_schema: { url: {} } }, ['inputs_schema']],
    ['a status.state that is a string', { status: { state: 'healthy', tokens: 1 } }, ['status', 'state']],
    ['a template without its id', { template: { name: 'HTTP Webhook' } }, ['template', 'id']],
  ])('rejects %s with ResponseValidationError', async (_label, overrides, path) => {
    const body = fx.hogFunction(ID, overrides)
    serve('get', `hog_functions/${ID}/`, () => HttpResponse.json(body))
    const error = await client.hogFunctions.retrieve(ID).catch((caught: unknown) => caught)
    expectResponseValidationError(error, path, body)
  })

  it('returns the body untouched with validateResponses: false', async () => {
    const body = fx.hogFunction(ID, { enabled: 'yes' })
    serve('get', `hog_functions/${ID}/`, () => HttpResponse.json(body))
    const fn = await makeClient({ validateResponses: false }).hogFunctions.retrieve(ID)
    expect(fn).toEqual(body)
  })

  it('rejects a metrics answer whose values are not numbers', async () => {
    serve('get', `hog_functions/${ID}/metrics/`, () =>
      HttpResponse.json({ labels: ['2026-09-01'], series: [{ name: 'succeeded', values: ['12'] }] }),
    )
    await expect(client.hogFunctions.metrics(ID)).rejects.toBeInstanceOf(ResponseValidationError)
  })
})

describe('hogFunctions: bad input is refused before any request', () => {
  const cases: Array<[string, (c: ProjectClient) => PromiseLike<unknown>, string]> = [
    ['retrieve with an empty id', (c) => c.hogFunctions.retrieve(''), 'id'],
    ['retrieve without an id', (c) => c.hogFunctions.retrieve(undefined as unknown as string), 'id'],
    ['retrieve with a dot-segment id', (c) => c.hogFunctions.retrieve('..'), 'id'],
    ['retrieve with an object id', (c) => c.hogFunctions.retrieve({} as unknown as string), 'id'],
    ['create without a body', (c) => c.hogFunctions.create(undefined as never), 'body'],
    ['create with an array body', (c) => c.hogFunctions.create([] as never), 'body'],
    ['update with a null body', (c) => c.hogFunctions.update(ID, null as never), 'body'],
    ['update without an id', (c) => c.hogFunctions.update('', { enabled: true }), 'id'],
    ['delete without an id', (c) => c.hogFunctions.delete(''), 'id'],
    ['softDelete with a null id', (c) => c.hogFunctions.softDelete(null as unknown as string), 'id'],
    ['list with a negative limit', (c) => c.hogFunctions.list({ limit: -1 }), 'params.limit'],
    [
      'list with a non-integer created_by',
      (c) => c.hogFunctions.list({ created_by: 'me' as unknown as number }),
      'params.created_by',
    ],
    ['list with objects in type', (c) => c.hogFunctions.list({ type: [{}] as never }), 'params.type'],
    ['list with a string as params', (c) => c.hogFunctions.list('destination' as never), 'params'],
    ['broadcast with a string body', (c) => c.hogFunctions.broadcast(ID, 'go' as never), 'body'],
    ['invocations without a body', (c) => c.hogFunctions.invocations(ID, undefined as never), 'body'],
    ['invocations without configuration', (c) => c.hogFunctions.invocations(ID, {} as never), 'body.configuration'],
    [
      'invocations with a string configuration',
      (c) => c.hogFunctions.invocations(ID, { configuration: 'x' as never }),
      'body.configuration',
    ],
    ['logs with an empty id', (c) => c.hogFunctions.logs(''), 'id'],
    ['logs with a fractional limit', (c) => c.hogFunctions.logs(ID, { limit: 1.5 }), 'params.limit'],
    ['metrics with an object filter', (c) => c.hogFunctions.metrics(ID, { after: {} as never }), 'params.after'],
    ['metricsTotals with an empty id', (c) => c.hogFunctions.metricsTotals(''), 'id'],
    ['icon with an object id', (c) => c.hogFunctions.icon({ id: {} as never }), 'params.id'],
    ['icons with a function query', (c) => c.hogFunctions.icons({ query: (() => 'x') as never }), 'params.query'],
    ['rearrange without a body', (c) => c.hogFunctions.rearrange(undefined as never), 'body'],
    ['rearrange without orders', (c) => c.hogFunctions.rearrange({} as never), 'body.orders'],
    ['rearrange with empty orders', (c) => c.hogFunctions.rearrange({ orders: {} }), 'body.orders'],
    ['rearrange with an array of orders', (c) => c.hogFunctions.rearrange({ orders: [1, 2] as never }), 'body.orders'],
    [
      'rearrange with a fractional order',
      (c) => c.hogFunctions.rearrange({ orders: { [ID]: 1.5 } }),
      `body.orders.${ID}`,
    ],
    [
      'rearrange with a string order',
      (c) => c.hogFunctions.rearrange({ orders: { [ID]: '1' as never } }),
      `body.orders.${ID}`,
    ],
    ['retrieve with a bad timeout option', (c) => c.hogFunctions.retrieve(ID, { timeout: -5 }), 'options.timeout'],
  ]

  it.each(cases)('%s -> InvalidArgumentError, no request', async (_label, call, argument) => {
    await expectInvalidArgument(() => call(client), argument, watchAll())
  })
})

describe('hogFunctions.create: a secret copied as its mask', () => {
  // A function read back from another project shows each secret input as `{ secret: true }`.
  const copy: HogFunctionCreateParams = {
    name: 'Webhook copied from staging',
    hog: 'fetch(inputs.url)',
    inputs_schema: [
      { type: 'string', key: 'url', required: true },
      { type: 'string', key: 'api_token', secret: true },
    ],
    inputs: { url: { value: 'https://example.com/webhook' }, api_token: { secret: true } },
  }

  it('is refused before sending, naming the input and saying where the value must come from', async () => {
    const requests = watchAll()
    const error = await client.hogFunctions.create(copy).then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe('body.inputs.api_token')
    expect((error as InvalidArgumentError).message).toBe(
      'Invalid argument `body.inputs.api_token`: is only the mask a read returns for a secret (`{ secret: true ' +
        '}`), and a new function has no stored secret to keep: send the secret itself as `value`, from where you ' +
        'keep it (an environment variable or a secret manager), e.g. `{ value: process.env.WEBHOOK_TOKEN }`',
    )
    expect(requests).toHaveLength(0)
  })

  it(
    'in a mapping too; a secret given as its value is sent, and an update may keep the stored secret with the ' +
      'mask',
    async () => {
      await expectInvalidArgument(
        () =>
          client.hogFunctions.create({
            ...copy,
            inputs: { url: { value: 'https://example.com' } },
            mappings: [{ name: 'm', inputs: { api_token: { secret: true } } }],
          }),
        'body.mappings.0.inputs.api_token',
        watchAll(),
      )
      const created = serve('post', 'hog_functions/', () => HttpResponse.json(fx.hogFunction(), { status: 201 }))
      await client.hogFunctions.create({ ...copy, inputs: { ...copy.inputs, api_token: { value: 'from-the-vault' } } })
      expect(created).toHaveLength(1)
      const updated = serve('patch', `hog_functions/${ID}/`, () => HttpResponse.json(fx.hogFunction()))
      await client.hogFunctions.update(ID, { inputs: { api_token: { secret: true } } })
      expect(updated).toHaveLength(1)
    },
  )
})
