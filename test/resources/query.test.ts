import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  AbortError,
  BadRequestError,
  InvalidArgumentError,
  ProjectClient,
  ResponseValidationError,
  TimeoutError,
  type HogQLQueryResponse,
} from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'

/** `client.query` (docs/service-behaviour.md §10.3): what it sends, how it reads answers, async runs, bad input. */

function setup() {
  const fake = createFakeApi()
  return { fake, client: new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 }) }
}

describe('client.query', () => {
  it('sends a HogQL query with its values and types the rows', async () => {
    const { fake, client } = setup()
    const answer = await client.query<[string, number]>({
      kind: 'HogQLQuery',
      query: 'SELECT {event} AS event, {n} AS n',
      values: { event: '$pageview', n: 3 },
    })
    expectTypeOf(answer).toEqualTypeOf<HogQLQueryResponse<[string, number]>>()
    expect(answer).toMatchObject({
      columns: ['event', 'n'],
      results: [['$pageview', 3]],
      types: [
        ['event', 'String'],
        ['n', 'Int64'],
      ],
    })
    expect(fake.requests.map((request) => [request.method, request.path, request.body])).toEqual([
      [
        'POST',
        '/api/projects/1/query/',
        {
          query: {
            kind: 'HogQLQuery',
            query: 'SELECT {event} AS event, {n} AS n',
            values: { event: '$pageview', n: 3 },
          },
        },
      ],
    ])
  })

  it('sends any other node as given, and the service’s 400 is a BadRequestError with its detail', async () => {
    const { fake, client } = setup()
    const error = await client
      .query({ kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }] })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).detail).toMatch(/^The fake does not evaluate TrendsQuery queries/)
    expect(fake.requests[0]!.body).toEqual({
      query: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }] },
    })
  })

  it('polls an async run: POST 202, then the status until complete; the answer is the finished result', async () => {
    const { fake, client } = setup()
    const answer = await client.query({ kind: 'HogQLQuery', query: 'SELECT 1 AS one' }, { refresh: 'force_async' })
    expect(answer.results).toEqual([[1]])
    expect(fake.requests.map((request) => `${request.operation} ${request.status}`)).toEqual([
      'query.run 202',
      'query.status 202',
      'query.status 200',
    ])
    expect(fake.requests[0]!.body).toEqual({
      query: { kind: 'HogQLQuery', query: 'SELECT 1 AS one' },
      refresh: 'force_async',
    })
    const id = (fake.requests[1]!.path.match(/query\/([^/]+)\/$/) ?? [])[1]
    expect(id).toMatch(/^[0-9a-f]{32}$/)
  })

  it('an abort while waiting for an async run rejects with AbortError, reads no more and cancels the run', async () => {
    const { fake, client } = setup()
    const controller = new AbortController()
    const pending = client.query(
      { kind: 'HogQLQuery', query: 'SELECT 1' },
      { refresh: 'async', signal: controller.signal, headers: { 'x-request-source': 'script' } },
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(AbortError)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(fake.requests.map((request) => `${request.operation} ${request.status}`)).toEqual([
      'query.run 202',
      'query.cancel 200',
    ])
    expect(fake.requests[1]).toMatchObject({
      method: 'DELETE',
      path: expect.stringMatching(/^\/api\/projects\/1\/query\/[0-9a-f]{32}\/$/),
    })
    expect(fake.requests[1]!.headers['x-request-source']).toBe('script')
  })

  it(
    'a run still going when the call is out of time is ' + 'cancelled, and the call rejects with TimeoutError',
    async () => {
      const { fake, client } = setup()
      const error = await client
        .query({ kind: 'HogQLQuery', query: 'SELECT 1' }, { refresh: 'async', timeout: 100 })
        .catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(TimeoutError)
      expect(fake.requests.map((request) => `${request.operation} ${request.status}`)).toEqual([
        'query.run 202',
        'query.cancel 200',
      ])
    },
  )

  it('a cancel that fails changes nothing: the caller gets the reason it gave up', async () => {
    const { fake, client } = setup()
    fake.faults.failNext(1, { operation: 'query.cancel', status: 500 })
    const error = await client
      .query({ kind: 'HogQLQuery', query: 'SELECT 1' }, { refresh: 'async', timeout: 100 })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(fake.requests.map((request) => `${request.operation} ${request.status}`)).toEqual([
      'query.run 202',
      'query.cancel 500',
    ])
  })

  it('a failed status read is not followed by a cancel: the service ended the run', async () => {
    const { fake, client } = setup()
    fake.faults.failNext(1, {
      operation: 'query.status',
      status: 400,
      body: { type: 'validation_error', code: 'invalid_input', detail: 'Query failed.', attr: null },
    })
    await expect(client.query({ kind: 'HogQLQuery', query: 'SELECT 1' }, { refresh: 'async' })).rejects.toBeInstanceOf(
      BadRequestError,
    )
    expect(fake.requests.map((request) => request.operation)).toEqual(['query.run', 'query.status'])
  })

  it.each([
    [null, 'query'],
    [{ query: 'SELECT 1' }, 'query.kind'],
    [{ kind: 'HogQLQuery', query: '  ' }, 'query.query'],
  ])('refuses the node %j before sending (%s)', async (node, argument) => {
    const { fake, client } = setup()
    const error = await client.query(node as never).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe(argument)
    expect(fake.requests).toHaveLength(0)
  })

  it('refuses options that are not an object as a rejection, not a throw', async () => {
    const { fake, client } = setup()
    let promise: PromiseLike<unknown> | undefined
    expect(() => {
      promise = client.query({ kind: 'HogQLQuery', query: 'SELECT 1' }, 'fast' as never)
    }).not.toThrow()
    await expect(promise).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(fake.requests).toHaveLength(0)
  })

  it('refuses a refresh the service does not know, before sending', async () => {
    const { fake, client } = setup()
    const error = await client
      .query({ kind: 'HogQLQuery', query: 'SELECT 1' }, { refresh: 'sometimes' as never })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as Error).message).toMatch(/^Invalid argument `options.refresh`: expected "blocking" or "async"/)
    expect(fake.requests).toHaveLength(0)
  })

  it('checks a HogQL answer: rows, columns and types must be there', async () => {
    const fetch = async () => Response.json({ results: [[1]], types: [] })
    const client = new ProjectClient({ apiKey: 'phx_test', projectId: 1, fetch, rateLimit: false, maxRetries: 0 })
    const error = await client.query({ kind: 'HogQLQuery', query: 'SELECT 1' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).issues.map((issue) => issue.path.join('.'))).toEqual(['columns'])
  })
})
