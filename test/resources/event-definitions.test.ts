import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  NotFoundError,
  Page,
  PermissionDeniedError,
  ResponseValidationError,
  type ProjectClient,
} from '../../src/index.js'
import * as fx from '../fixtures/event-definitions.js'
import { missingScope } from '../fixtures/errors.js'
import { PROJECT, makeClient, useMswApi } from '../helpers/msw-server.js'
import { expectResponseValidationError } from '../helpers/errors.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const { serve, watchAll } = useMswApi()
const client = makeClient()
const ID = fx.EVENT_DEFINITION_ID

const page = (results: unknown[], next: string | null = null, count = results.length) => ({
  count,
  next,
  previous: null,
  results,
})

describe('eventDefinitions.list', () => {
  it('GETs event_definitions/ with the filters, JSON-encoding excluded_properties and tags', async () => {
    const requests = serve('get', 'event_definitions/', () => HttpResponse.json(page([fx.eventDefinition()])))

    const result = await client.eventDefinitions.list({
      limit: 50,
      offset: 0,
      search: 'checkout',
      event_type: 'event_custom',
      exclude_hidden: true,
      excluded_properties: ['$pageleave', 'internal "debug" event'],
      tags: ['revenue', 'checkout'],
      ordering: ['-last_seen_at::date', 'name'],
    })

    expectRequest(requests, {
      method: 'GET',
      path: 'event_definitions/',
      query: {
        limit: '50',
        offset: '0',
        search: 'checkout',
        event_type: 'event_custom',
        exclude_hidden: 'true',
        excluded_properties: '["$pageleave","internal \\"debug\\" event"]',
        tags: '["revenue","checkout"]',
        ordering: '-last_seen_at::date,name',
      },
    })
    expect(JSON.parse(requests[0]!.url.searchParams.get('tags')!)).toEqual(['revenue', 'checkout'])
    expect(result).toBeInstanceOf(Page)
    expect(result.results).toEqual([fx.eventDefinition()])
    expect(result.count).toBe(1)
  })

  it('sends an empty JSON array as []', async () => {
    const requests = serve('get', 'event_definitions/', () => HttpResponse.json(page([])))
    await client.eventDefinitions.list({ tags: [] })
    expectRequest(requests, { method: 'GET', path: 'event_definitions/', query: { tags: '[]' } })
  })

  it('does not change the caller’s params object', async () => {
    serve('get', 'event_definitions/', () => HttpResponse.json(page([])))
    const params = { tags: ['revenue'], excluded_properties: ['$pageview'] }
    await client.eventDefinitions.list(params)
    expect(params).toEqual({ tags: ['revenue'], excluded_properties: ['$pageview'] })
  })

  it('sends no query string without params', async () => {
    const requests = serve('get', 'event_definitions/', () => HttpResponse.json(page([fx.posthogEventDefinition()])))
    const result = await client.eventDefinitions.list()
    expectRequest(requests, { method: 'GET', path: 'event_definitions/' })
    expect(result.results[0]?.name).toBe('$pageview')
  })

  it('follows `next` links through every page', async () => {
    const ids = [
      '0188a2b5-0000-0000-0000-000000000001',
      '0188a2b5-0000-0000-0000-000000000002',
      '0188a2b5-0000-0000-0000-000000000003',
    ]
    const requests = serve('get', 'event_definitions/', (request) => {
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0)
      const next = offset + 2 < 3 ? `${PROJECT}/event_definitions/?event_type=event&limit=2&offset=${offset + 2}` : null
      return HttpResponse.json(
        page(
          ids.slice(offset, offset + 2).map((id) => fx.eventDefinition(id)),
          next,
          3,
        ),
      )
    })

    const seen: string[] = []
    for await (const definition of client.eventDefinitions.list({ event_type: 'event', limit: 2 }))
      seen.push(definition.id)

    expect(seen).toEqual(ids)
    expectRequest(requests, [
      { method: 'GET', path: 'event_definitions/', query: { event_type: 'event', limit: '2' } },
      { method: 'GET', path: 'event_definitions/', query: { event_type: 'event', limit: '2', offset: '2' } },
    ])
  })
})

describe('eventDefinitions CRUD', () => {
  it('create POSTs the body to event_definitions/ and returns the definition (nulls until seen)', async () => {
    const created = fx.createdEventDefinition()
    const requests = serve('post', 'event_definitions/', () => HttpResponse.json(created, { status: 201 }))
    const body = { name: 'signup started', description: 'First step of signup', tags: ['growth'], post_to_slack: false }

    const { data, response } = await client.eventDefinitions.create(body).withResponse()

    expectRequest(requests, { method: 'POST', path: 'event_definitions/', body })
    expect(response.status).toBe(201)
    expect(data).toEqual(created)
    expect(data.created_at).toBeNull()
    expect(data.last_seen_at).toBeNull()
  })

  it('retrieve GETs event_definitions/:id/', async () => {
    const requests = serve('get', `event_definitions/${ID}/`, () => HttpResponse.json(fx.eventDefinition()))
    const definition = await client.eventDefinitions.retrieve(ID)
    expectRequest(requests, { method: 'GET', path: `event_definitions/${ID}/` })
    expect(definition).toEqual(fx.eventDefinition())
    expect(definition.verified_by?.email).toBe('ada@example.com')
  })

  it('update PATCHes the body to event_definitions/:id/', async () => {
    const updated = fx.eventDefinition(ID, { description: 'Checkout done', verified: false, hidden: true })
    const requests = serve('patch', `event_definitions/${ID}/`, () => HttpResponse.json(updated))
    const definition = await client.eventDefinitions.update(ID, {
      description: 'Checkout done',
      verified: false,
      hidden: true,
    })
    expectRequest(requests, {
      method: 'PATCH',
      path: `event_definitions/${ID}/`,
      body: { description: 'Checkout done', verified: false, hidden: true },
    })
    expect(definition).toEqual(updated)
  })

  it('delete sends DELETE to event_definitions/:id/ and resolves undefined on 204', async () => {
    const requests = serve('delete', `event_definitions/${ID}/`, () => new HttpResponse(null, { status: 204 }))
    const { data, response } = await client.eventDefinitions.delete(ID).withResponse()
    expectRequest(requests, { method: 'DELETE', path: `event_definitions/${ID}/` })
    expect(data).toBeUndefined()
    expect(response.status).toBe(204)
    serve('delete', `event_definitions/${ID}/`, () => new HttpResponse(null, { status: 204 }))
    await expect(client.eventDefinitions.delete(ID)).resolves.toBeUndefined()
  })

  it('a second delete is a NotFoundError', async () => {
    serve('delete', `event_definitions/${ID}/`, () =>
      HttpResponse.json(
        { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null },
        { status: 404 },
      ),
    )
    const error = await client.eventDefinitions.delete(ID).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).code).toBe('not_found')
  })
})

describe('eventDefinitions: metrics and code listings', () => {
  it('metrics GETs event_definitions/:id/metrics/', async () => {
    const requests = serve('get', `event_definitions/${ID}/metrics/`, () => HttpResponse.json(fx.metrics))
    const metrics = await client.eventDefinitions.metrics(ID)
    expectRequest(requests, { method: 'GET', path: `event_definitions/${ID}/metrics/` })
    expect(metrics).toEqual({ query_usage_30_day: 17 })
  })

  it('metrics has no scope: a 403 is PermissionDeniedError with requiredScope null', async () => {
    serve('get', `event_definitions/${ID}/metrics/`, () => HttpResponse.json(fx.noPersonalKeyAccess, { status: 403 }))
    const error = await client.eventDefinitions.metrics(ID).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect((error as PermissionDeniedError).requiredScope).toBeNull()
    expect((error as Error).message).toMatch(/does not support personal API key access/)
  })

  it('a scoped operation names its scope on a 403', async () => {
    serve('post', 'event_definitions/', () =>
      HttpResponse.json(missingScope('event_definition:write'), { status: 403 }),
    )
    const error = await client.eventDefinitions.create({ name: 'x' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect((error as PermissionDeniedError).requiredScope).toBe('event_definition:write')
  })

  it.each([
    ['golang', fx.golangCode, (c: ProjectClient) => c.eventDefinitions.golang()],
    ['python', fx.pythonCode, (c: ProjectClient) => c.eventDefinitions.python()],
    ['typescript', fx.typescriptCode, (c: ProjectClient) => c.eventDefinitions.typescript()],
  ] as const)('%s GETs event_definitions/%s/ and returns the listing', async (language, listing, call) => {
    const requests = serve('get', `event_definitions/${language}/`, () => HttpResponse.json(listing))
    const result = await call(client)
    expectRequest(requests, { method: 'GET', path: `event_definitions/${language}/` })
    expect(result).toEqual(listing)
    expect(result.schema_hash).toMatch(/^[0-9a-f]{32}$/)
  })

  it('rejects a code listing whose event_count is a string', async () => {
    serve('get', 'event_definitions/python/', () => HttpResponse.json({ ...fx.pythonCode, event_count: '4' }))
    const error = await client.eventDefinitions.python().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['event_count'])
  })
})

describe('eventDefinitions: leniency and validation of responses', () => {
  it('accepts the open-source serializer’s sparse body', async () => {
    const sparse = {
      id: ID,
      name: 'checkout completed',
      created_at: null,
      last_seen_at: '2026-09-05T00:00:00Z',
      tags: [],
    }
    serve('get', `event_definitions/${ID}/`, () => HttpResponse.json(sparse))
    expect(await client.eventDefinitions.retrieve(ID)).toEqual(sparse)
  })

  it('accepts nulls, an embedded owner object, unknown enum values and unknown fields', async () => {
    const body = fx.eventDefinition(ID, {
      owner: fx.user,
      description: null,
      updated_by: null,
      verified_by: null,
      hidden: null,
      enforcement_mode: 'warn',
      default_columns: null,
      volume_30_day: null,
      query_usage_30_day: 12,
      primary_property: { name: 'amount' },
    })
    serve('get', `event_definitions/${ID}/`, () => HttpResponse.json(body))
    const definition = await client.eventDefinitions.retrieve(ID)
    expect(definition).toEqual(body)
    expect(definition.enforcement_mode).toBe('warn')
    expect(definition.primary_property).toEqual({ name: 'amount' })
  })

  it.each([
    ['a numeric id', { id: 5 }, ['id']],
    ['verified as a string', { verified: 'true' }, ['verified']],
    ['tags as a comma string', { tags: 'revenue,checkout' }, ['tags']],
    ['an owner that is a string', { owner: 'ada' }, ['owner']],
  ])('rejects %s with ResponseValidationError', async (_label, overrides, path) => {
    const body = fx.eventDefinition(ID, overrides)
    serve('get', `event_definitions/${ID}/`, () => HttpResponse.json(body))
    const error = await client.eventDefinitions.retrieve(ID).catch((caught: unknown) => caught)
    expectResponseValidationError(error, path, body)
  })

  it('rejects a list whose item has the wrong type', async () => {
    serve('get', 'event_definitions/', () => HttpResponse.json(page([fx.eventDefinition(ID, { name: 42 })])))
    const error = await client.eventDefinitions.list().catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).issues[0]?.path).toEqual(['results', 0, 'name'])
  })

  it('rejects metrics whose count is not a number', async () => {
    serve('get', `event_definitions/${ID}/metrics/`, () => HttpResponse.json({ query_usage_30_day: 'many' }))
    await expect(client.eventDefinitions.metrics(ID)).rejects.toBeInstanceOf(ResponseValidationError)
  })
})

describe('eventDefinitions: bad input is refused before any request', () => {
  const cases: Array<[string, (c: ProjectClient) => PromiseLike<unknown>, string]> = [
    ['retrieve with an empty id', (c) => c.eventDefinitions.retrieve(''), 'id'],
    ['retrieve without an id', (c) => c.eventDefinitions.retrieve(undefined as unknown as string), 'id'],
    ['retrieve with a dot-segment id', (c) => c.eventDefinitions.retrieve('.'), 'id'],
    ['update with an empty id', (c) => c.eventDefinitions.update('', { description: 'x' }), 'id'],
    ['update with a null body', (c) => c.eventDefinitions.update(ID, null as never), 'body'],
    ['delete with an object id', (c) => c.eventDefinitions.delete({} as unknown as string), 'id'],
    ['metrics with an empty id', (c) => c.eventDefinitions.metrics(''), 'id'],
    ['create without a body', (c) => c.eventDefinitions.create(undefined as never), 'body'],
    ['create without a name', (c) => c.eventDefinitions.create({ description: 'x' } as never), 'body.name'],
    ['create with an empty name', (c) => c.eventDefinitions.create({ name: '' }), 'body.name'],
    ['list with a negative offset', (c) => c.eventDefinitions.list({ offset: -2 }), 'params.offset'],
    ['list with tags as a string', (c) => c.eventDefinitions.list({ tags: 'revenue' as never }), 'params.tags'],
    ['list with objects in tags', (c) => c.eventDefinitions.list({ tags: [{}] as never }), 'params.tags'],
    [
      'list with an object in excluded_properties',
      (c) => c.eventDefinitions.list({ excluded_properties: [{ name: 'x' }] as never }),
      'params.excluded_properties',
    ],
    ['list with a non-array params', (c) => c.eventDefinitions.list([] as never), 'params'],
    [
      'golang with a bad signal option',
      (c) => c.eventDefinitions.golang({ signal: 'stop' as never }),
      'options.signal',
    ],
  ]

  it.each(cases)('%s -> InvalidArgumentError, no request', async (_label, call, argument) => {
    await expectInvalidArgument(() => call(client), argument, watchAll())
  })
})
