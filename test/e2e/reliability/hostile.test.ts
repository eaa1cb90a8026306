import type { ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiError, InternalServerError, ProjectClient, ResponseValidationError } from 'posthog-project-client'
import { experiment } from '../../fixtures/experiments.js'
import { useE2E } from '../../helpers/fake-server.js'
import { failure } from '../../helpers/async.js'
import { plainServer, send, type PlainServer, type Seen } from '../../helpers/plain-server.js'

const KEY = 'phx_hostileTestKey0123456789abcdefABCDEF'
const LIST = '/api/projects/1/experiments/'
let hostileTried = 0
afterAll(() => console.log(`[reliability] hostile responses tried: ${hostileTried}`))

/** Answers with whatever `respond` is set to: the primary server of these tests. */
let respond: (request: Seen, response: ServerResponse) => void
const page = (next: string | null) => JSON.stringify({ count: 2, next, previous: null, results: [experiment(1)] })

describe('hostile responses over real sockets', () => {
  let primary: PlainServer
  /** A second server on another port: it must never be reached. */
  let other: PlainServer
  beforeAll(async () => {
    primary = await plainServer((request, response) => respond(request, response))
    other = await plainServer()
  })
  afterEach(() => {
    primary.requests.length = 0
    other.requests.length = 0
  })
  afterAll(async () => {
    await Promise.all([primary.close(), other.close()])
  })
  const client = (options: Partial<ConstructorParameters<typeof ProjectClient>[0]> = {}) =>
    new ProjectClient({ apiKey: KEY, projectId: 1, baseUrl: primary.url, maxRetries: 0, ...options })

  describe('next links off the configured origin are rejected: no request, no key', () => {
    const targets: Array<[string, () => string]> = [
      ['another port', () => `${other.url}${LIST}?offset=1`],
      ['another host (localhost for 127.0.0.1), same port', () => `http://localhost:${primary.port}${LIST}?offset=1`],
      ['another list on the same origin', () => `${primary.url}/api/projects/1/feature_flags/?offset=1`],
      ['a protocol-relative link to another port', () => `//127.0.0.1:${other.port}${LIST}?offset=1`],
      ['userinfo pointing elsewhere', () => `http://127.0.0.1:${primary.port}@127.0.0.1:${other.port}${LIST}`],
    ]
    it.each(targets)('%s', async (_name, next) => {
      respond = (_request, response) => send(response, 200, page(next()))
      const ids: number[] = []
      const error = await failure(
        (async () => {
          for await (const item of client().experiments.list()) ids.push(item.id)
        })(),
      )
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as ResponseValidationError).issues[0]?.code).toBe('foreign_next_link')
      expect(ids).toEqual([1])
      expect(primary.requests).toHaveLength(1)
      expect(other.requests).toHaveLength(0)
      expect(JSON.stringify(error) + String(error)).not.toContain(KEY)
      hostileTried += 1
    })

    it(
      "plain http from an https baseUrl (a TLS proxy in front): read over https on the client's origin, every " +
        'item',
      async () => {
        // No TLS locally: the https client reaches the primary server through a forwarding fetch (a real socket).
        const seen: string[] = []
        const fetch: typeof globalThis.fetch = (input, init) => {
          const request = input as Request
          seen.push(request.url)
          const url = new URL(request.url)
          return globalThis.fetch(`${primary.url}${url.pathname}${url.search}`, {
            ...init,
            method: request.method,
            headers: request.headers,
          })
        }
        respond = (request, response) =>
          send(
            response,
            200,
            request.url === LIST
              ? page(`http://api.example.test${LIST}?offset=1`)
              : JSON.stringify({ count: 2, next: null, previous: null, results: [experiment(2)] }),
          )
        const https = new ProjectClient({
          apiKey: KEY,
          projectId: 1,
          baseUrl: 'https://api.example.test',
          fetch,
          maxRetries: 0,
        })
        expect((await https.experiments.list().toArray()).map((item) => item.id)).toEqual([1, 2])
        expect(seen).toEqual([`https://api.example.test${LIST}`, `https://api.example.test${LIST}?offset=1`])
        expect(primary.requests).toHaveLength(2)
        hostileTried += 1
      },
    )

    it("https on the same host and port from an http baseUrl: read on the client's own origin", async () => {
      respond = (request, response) =>
        send(
          response,
          200,
          request.url === LIST
            ? page(`https://127.0.0.1:${primary.port}${LIST}?offset=1`)
            : JSON.stringify({ count: 2, next: null, previous: null, results: [experiment(2)] }),
        )
      expect((await client().experiments.list().toArray()).map((item) => item.id)).toEqual([1, 2])
      expect(primary.requests.map((request) => request.url)).toEqual([LIST, `${LIST}?offset=1`])
      expect(other.requests).toHaveLength(0)
    })
  })

  describe('redirects off the configured origin are not followed; the second server never gets the key', () => {
    const cases: Array<[number, 'GET' | 'POST', string]> = [
      [301, 'GET', 'another port'],
      [302, 'GET', 'another port'],
      [303, 'POST', 'another port'],
      [307, 'GET', 'another port'],
      [307, 'POST', 'another port'],
      [308, 'GET', 'another port'],
      [302, 'GET', 'another host'],
    ]
    it.each(cases)('%i on a %s to %s', async (status, method, where) => {
      const location =
        where === 'another port' ? `${other.url}/collect?stolen=1` : `http://localhost:${primary.port}/collect`
      respond = (request, response) =>
        request.url.startsWith('/collect') ? send(response, 200, '{}') : send(response, status, '', { location })
      const api = client({ maxRetries: 3 })
      const call =
        method === 'GET' ? api.experiments.list() : api.experiments.create({ name: 'x', feature_flag_key: 'x' })
      const error = await failure(call)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).status).toBe(status)
      expect((error as Error).message).toMatch(/not followed/)
      expect(other.requests).toHaveLength(0)
      // Only the original request reached the primary server, with the key; nothing went to /collect.
      expect(primary.requests.map((request) => request.url)).toEqual([method === 'GET' ? LIST : LIST])
      expect(primary.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`)
      hostileTried += 1
    })

    it('a same-origin redirect is followed with the key (control)', async () => {
      respond = (request, response) =>
        request.url === LIST
          ? send(response, 302, '', { location: `${LIST}?moved=1` })
          : send(response, 200, page(null))
      const found = await client().experiments.list()
      expect(found.results.map((item) => item.id)).toEqual([1])
      expect(primary.requests.map((request) => request.headers.authorization)).toEqual([
        `Bearer ${KEY}`,
        `Bearer ${KEY}`,
      ])
    })

    it.each([307, 308])('a same-origin %i of a POST sends the same body again (control)', async (status) => {
      const created = JSON.stringify(experiment(1))
      respond = (request, response) =>
        request.url === LIST
          ? send(response, status, '', { location: `${LIST}?moved=1` })
          : send(response, 201, created)
      const body = { name: 'Moved', feature_flag_key: 'moved', description: 'sent twice' }
      await client().experiments.create(body, { extraBody: { extra: 1 } })
      expect(primary.requests.map((request) => [request.method, request.url, JSON.parse(request.body)])).toEqual([
        ['POST', LIST, { ...body, extra: 1 }],
        ['POST', `${LIST}?moved=1`, { ...body, extra: 1 }],
      ])
      expect(primary.requests[1]!.headers['content-type']).toBe('application/json')
    })
  })

  describe('no prototype pollution', () => {
    const polluted = (id: number) =>
      `{"id": ${id}, "name": "x", "feature_flag_key": "x", "start_date": null, "end_date": null, "archived": ` +
      `false, "created_at": "2026-01-01T00:00:00Z", "__proto__": {"polluted": true, "id": 99}, "constructor": ` +
      `{"prototype": {"polluted": true}}, "feature_flag": {"id": 2, "__proto__": {"polluted": true}}, ` +
      `"parameters": {"constructor": {"prototype": {"polluted": true}}, "__proto__": {"isAdmin": true}}}`
    it.each([true, false])(
      'through __proto__ and constructor keys in a list and a retrieve (validateResponses: %s)',
      async (validateResponses) => {
        respond = (request, response) =>
          send(
            response,
            200,
            request.url === LIST
              ? `{"count": 1, "next": null, "previous": null, "__proto__": {"next": "${other.url}/x"}, ` +
                  `"results": [${polluted(1)}]}`
              : polluted(1),
          )
        const api = client({ validateResponses })
        const items = await api.experiments.list().toArray()
        const one = await api.experiments.retrieve(1)
        for (const item of [items[0]!, one]) {
          expect(Object.getPrototypeOf(item)).toBe(Object.prototype)
          expect((item as Record<string, unknown>).polluted).toBeUndefined()
          expect(Object.getPrototypeOf(item.feature_flag)).toBe(Object.prototype)
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
        expect(other.requests).toHaveLength(0)
        hostileTried += 2
      },
    )
  })

  describe('broken bodies are typed errors that keep the raw text', () => {
    const huge = 'not json '.repeat(600_000)
    const bodies: Array<[string, number, string, string, typeof ApiError | typeof ResponseValidationError]> = [
      [
        'truncated JSON',
        200,
        '{"count": 1, "next": null, "results": [{"id": 1, "name": "trunc',
        'application/json',
        ResponseValidationError,
      ],
      ['wrong content type', 200, 'id=1&name=x', 'application/x-www-form-urlencoded', ResponseValidationError],
      [
        'an HTML sign-in page on 200',
        200,
        '<!doctype html><title>Sign in</title><form></form>',
        'text/html',
        ResponseValidationError,
      ],
      ['an empty 200 body', 200, '', 'application/json', ResponseValidationError],
      ['whitespace only', 200, '  \n ', 'application/json', ResponseValidationError],
      ['JSON null', 200, 'null', 'application/json', ResponseValidationError],
      ['a JSON string', 200, '"ok"', 'application/json', ResponseValidationError],
      ['results not an array', 200, '{"results": {"0": 1}}', 'application/json', ResponseValidationError],
      ['an item of the wrong shape', 200, '{"results": [{"id": "one"}]}', 'application/json', ResponseValidationError],
      ['a 5.4 MB non-JSON body', 200, huge, 'text/plain', ResponseValidationError],
      [
        'an HTML 502 page from a proxy',
        502,
        '<html><body><h1>502 Bad Gateway</h1></body></html>',
        'text/html',
        InternalServerError,
      ],
      [
        'truncated JSON on a 500',
        500,
        '{"type": "server_error", "detail": "bo',
        'application/json',
        InternalServerError,
      ],
      ['an empty 404', 404, '', 'text/plain', ApiError],
      ['an HTML 403', 403, '<html>Forbidden</html>', 'text/html', ApiError],
    ]
    it.each(bodies)('%s', async (_name, status, text, type, ErrorClass) => {
      respond = (_request, response) => send(response, status, text, { 'content-type': type })
      const error = await failure(client().experiments.list())
      expect(error).toBeInstanceOf(ErrorClass)
      const kept = (error as { body: unknown }).body
      if (error instanceof ApiError) {
        expect(error.status).toBe(status)
        expect(kept).toEqual(text === '' ? undefined : text)
      } else {
        const rve = error as ResponseValidationError
        expect(rve.status).toBe(status)
        // Raw text when it was not JSON; the parsed JSON when it was (the shape was wrong).
        let parsed: unknown = text
        try {
          parsed = JSON.parse(text)
        } catch {
          // not JSON: the raw text is kept
        }
        expect(kept).toEqual(parsed)
      }
      expect(primary.requests).toHaveLength(1)
      hostileTried += 1
    })
  })
})

describe('the fake’s own broken answers over a socket', () => {
  const e2e = useE2E()
  beforeAll(() => {
    e2e.fake.seed.experiments(2)
  })

  it('malformedNext (truncated JSON on 200) and htmlNext (502 page) keep the raw text', async () => {
    e2e.fake.faults.malformedNext(1, { operation: 'experiments.list' })
    const malformed = await failure(e2e.client({ maxRetries: 0 }).experiments.list())
    expect(malformed).toBeInstanceOf(ResponseValidationError)
    expect(typeof (malformed as ResponseValidationError).body).toBe('string')
    expect(() => JSON.parse((malformed as ResponseValidationError).body as string)).toThrow(SyntaxError)
    e2e.fake.faults.htmlNext(1, { operation: 'experiments.list' })
    const html = await failure(e2e.client({ maxRetries: 0 }).experiments.list())
    expect(html).toBeInstanceOf(InternalServerError)
    expect((html as InternalServerError).body).toMatch(/<title>502 Bad Gateway<\/title>/)
    // With retries, the same faults are ridden out.
    e2e.fake.faults.malformedNext(1, { operation: 'experiments.list', status: 502 })
    e2e.fake.faults.htmlNext(1, { operation: 'experiments.list' })
    expect((await e2e.client({ maxRetries: 2 }).experiments.list()).results).toHaveLength(2)
    hostileTried += 3
  })
})
