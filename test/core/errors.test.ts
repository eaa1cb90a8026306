import { inspect } from 'node:util'
import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  AbortError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  ProjectClientError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from '../../src/index.js'
import { fourKey } from '../fixtures/errors.js'
import { API_KEY, PROJECT, makeClient, useMswServer } from '../helpers/msw-server.js'

const server = useMswServer()
const client = makeClient({ maxRetries: 0 })
const url = `${PROJECT}/experiments/1/`

async function failure(respond: () => Response | Promise<Response>, call = () => client.experiments.retrieve(1)) {
  server.use(http.get(url, respond), http.patch(url, respond))
  const error = await Promise.resolve(call()).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ProjectClientError)
  return error as ProjectClientError
}

/** Every way an error can be printed; none may contain the key. */
function expectNoKey(error: unknown) {
  const err = error as Error
  for (const text of [
    err.message,
    err.stack ?? '',
    String(err),
    JSON.stringify(err),
    inspect(err, { depth: Infinity, showHidden: true }),
  ]) {
    expect(text).not.toContain(API_KEY)
  }
}

describe('HTTP errors map to their classes with the four-key fields', () => {
  const cases: Array<[number, new (...args: never[]) => ApiError, object]> = [
    [400, BadRequestError, fourKey('validation_error', 'required', 'This field is required.', 'feature_flag_key')],
    [
      401,
      AuthenticationError,
      fourKey('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'),
    ],
    [404, NotFoundError, fourKey('invalid_request', 'not_found', 'Not found.')],
    [405, MethodNotAllowedError, fourKey('invalid_request', 'method_not_allowed', 'Method "PUT" not allowed.')],
    [409, ConflictError, fourKey('server_error', 'conflict', 'Conflict.')],
    [500, InternalServerError, fourKey('server_error', 'error', 'A server error occurred.')],
    [503, InternalServerError, fourKey('server_error', 'error', 'Queries are a little too busy right now.')],
    [402, ApiError, fourKey('server_error', 'quota_limit_exceeded', 'Quota exceeded.')],
  ]
  it.each(cases)('%i', async (status, Class, body) => {
    const error = await failure(() => HttpResponse.json(body, { status, headers: { 'x-trace': 't1' } }))
    expect(error).toBeInstanceOf(Class)
    expect(error).toBeInstanceOf(ApiError)
    const api = error as ApiError
    expect(api).toMatchObject({ status, body, method: 'GET', url, ...body })
    expect(api.headers.get('x-trace')).toBe('t1')
    expect(api.message).toContain(String(status))
    expectNoKey(api)
  })

  it("the message names the field the service's attr names, and only when the body has one", async () => {
    const required = fourKey('validation_error', 'required', 'This field is required.', 'feature_flag_key')
    const error = (await failure(() => HttpResponse.json(required, { status: 400 }))) as BadRequestError
    expect(error.message).toBe(`GET ${url} failed with 400: This field is required. (attr: feature_flag_key)`)
    const noAttr = await failure(() =>
      HttpResponse.json(fourKey('invalid_request', 'not_found', 'Not found.'), { status: 404 }),
    )
    expect(noAttr.message).toBe(`GET ${url} failed with 404: Not found.`)
    const scoped = fourKey('authentication_error', 'permission_denied', 'You do not have permission.', 'name')
    const denied = await failure(() => HttpResponse.json(scoped, { status: 403 }))
    // A detail that names no scope gets no scope advice (docs/service-behaviour.md AU6).
    expect(denied.message).toBe(`GET ${url} failed with 403: You do not have permission. (attr: name)`)
  })

  it('403 names the scope from the detail and from the operation', async () => {
    const body = fourKey(
      'authentication_error',
      'permission_denied',
      "API key missing required scope 'experiment:write'",
    )
    const error = (await failure(
      () => HttpResponse.json(body, { status: 403 }),
      () => client.experiments.update(1, { name: 'x' }),
    )) as PermissionDeniedError
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error.requiredScope).toBe('experiment:write')
    expect(error.code).toBe('permission_denied')
    expect(error.message).toContain("'experiment:write'")

    const noDetail = (await failure(() =>
      HttpResponse.json({ detail: 'You do not have permission.' }, { status: 403 }),
    )) as PermissionDeniedError
    expect(noDetail.requiredScope).toBe('experiment:read')
  })

  it('403 on an operation with no scope says personal API keys cannot call it', async () => {
    server.use(
      http.get(`${PROJECT}/event_definitions/abc/metrics/`, () =>
        HttpResponse.json(
          fourKey('authentication_error', 'permission_denied', 'This action does not support personal API key access'),
          { status: 403 },
        ),
      ),
    )
    const error = (await client.eventDefinitions.metrics('abc').then(null, (e: unknown) => e)) as PermissionDeniedError
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error.requiredScope).toBeNull()
    expect(error.message).toMatch(/personal API key/)
  })

  it('429 carries retryAfter from Retry-After, or from the detail', async () => {
    const throttled = fourKey(
      'throttled_error',
      'throttled',
      'Request was throttled. Expected available in 38 seconds.',
    )
    const withHeader = (await failure(() =>
      HttpResponse.json(throttled, { status: 429, headers: { 'retry-after': '12' } }),
    )) as RateLimitError
    expect(withHeader).toBeInstanceOf(RateLimitError)
    expect(withHeader.retryAfter).toBe(12)
    const fromDetail = (await failure(() => HttpResponse.json(throttled, { status: 429 }))) as RateLimitError
    expect(fromDetail.retryAfter).toBe(38)
    const none = (await failure(() => HttpResponse.json({ detail: 'slow down' }, { status: 429 }))) as RateLimitError
    expect(none.retryAfter).toBeNull()
  })

  it('a non-JSON error body (an HTML error page) is kept as text', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>'
    const error = (await failure(
      () => new HttpResponse(html, { status: 502, headers: { 'content-type': 'text/html' } }),
    )) as InternalServerError
    expect(error).toBeInstanceOf(InternalServerError)
    expect(error.body).toBe(html)
    expect(error.detail).toBeUndefined()
  })

  it("a view's own { error } body fills detail", async () => {
    const error = (await failure(() =>
      HttpResponse.json({ error: 'Version 9 not found' }, { status: 404 }),
    )) as NotFoundError
    expect(error.detail).toBe('Version 9 not found')
    expect(error.message).toContain('Version 9 not found')
  })
})

describe('failures without an HTTP answer', () => {
  it('a network failure is a ConnectionError', async () => {
    const error = await failure(() => HttpResponse.error())
    expect(error).toBeInstanceOf(ConnectionError)
    expect(error.message).toContain('GET')
    expectNoKey(error)
  })

  it('a timeout is a TimeoutError', async () => {
    server.use(
      http.get(url, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const error = await client.experiments.retrieve(1, { timeout: 50 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toContain('50 ms')
    expectNoKey(error)
  })

  it("the caller's abort is an AbortError", async () => {
    server.use(
      http.get(url, async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const controller = new AbortController()
    const pending = client.experiments.retrieve(1, { signal: controller.signal }).catch((e: unknown) => e)
    setTimeout(() => controller.abort(), 20)
    const error = await pending
    expect(error).toBeInstanceOf(AbortError)
    expectNoKey(error)
  })

  it('an already-aborted signal sends nothing', async () => {
    let requests = 0
    server.use(
      http.get(url, () => {
        requests++
        return HttpResponse.json({ id: 1 })
      }),
    )
    const error = await client.experiments.retrieve(1, { signal: AbortSignal.abort() }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AbortError)
    expect(requests).toBe(0)
  })
})

describe('bodies that are not what a 200 promises', () => {
  it('malformed JSON on a 200 is a ResponseValidationError with the raw text', async () => {
    const error = (await failure(
      () => new HttpResponse('{"id": 1, "name": ', { status: 200, headers: { 'content-type': 'application/json' } }),
    )) as ResponseValidationError
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.body).toBe('{"id": 1, "name": ')
    expect(error.status).toBe(200)
    expect(error.issues[0]?.code).toBe('invalid_json')
  })

  it('an HTML page on a 200 is a ResponseValidationError naming the content type', async () => {
    const error = (await failure(
      () => new HttpResponse('<html>login</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    )) as ResponseValidationError
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.message).toContain('text/html')
    expect(error.body).toBe('<html>login</html>')
  })

  it('an empty 200 body is a ResponseValidationError', async () => {
    const error = (await failure(() => new HttpResponse('', { status: 200 }))) as ResponseValidationError
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect(error.message).toContain('empty body')
  })
})

describe('the API key never shows', () => {
  it('not even when the service echoes it back in an error body', async () => {
    const body = fourKey('authentication_error', 'authentication_failed', `Personal API key ${API_KEY} is invalid.`)
    const error = (await failure(() =>
      HttpResponse.json(body, { status: 401, headers: { 'x-echo': API_KEY } }),
    )) as AuthenticationError
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error.detail).toContain('[REDACTED]')
    expectNoKey(error)
  })

  it('not in a validation error whose body echoes it', async () => {
    const error = await failure(() => HttpResponse.json({ id: 'x', note: API_KEY }))
    expect(error).toBeInstanceOf(ResponseValidationError)
    expectNoKey(error)
  })

  it('not in the client', () => {
    const text = [inspect(client, { depth: Infinity, showHidden: true }), JSON.stringify(client), String(client)].join(
      '\n',
    )
    expect(text).not.toContain(API_KEY)
  })
})
