import type { ServerResponse } from 'node:http'
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConnectionError, ProjectClient, ProjectClientError, type Logger } from 'posthog-project-client'
import { experiment } from '../../fixtures/experiments.js'
import { failure } from '../../helpers/async.js'
import { plainServer, send, type PlainServer, type Seen } from '../../helpers/plain-server.js'
import { EMPTY_PAGE, jsonResponse, stubFetch } from '../../helpers/stub-fetch.js'

const KEY = 'phx_secretSweepKey_9f8e7d6c5b4a39281706ZZ'
const LIST = '/api/projects/1/experiments/'

/** A hostile server that echoes the Authorization header it received into the body, headers and links. */
type Echo = (request: Seen, response: ServerResponse, key: string) => void
const echoBody = (key: string) => ({
  type: 'validation_error',
  code: 'invalid',
  detail: `bad key ${key}`,
  attr: key,
  echoed: { authorization: `Bearer ${key}` },
})

describe('the API key never leaks', () => {
  let primary: PlainServer
  let other: PlainServer
  let echo: Echo
  const lines: string[] = []
  const logger: Logger = {
    debug: (...args: unknown[]) =>
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' ')),
    warn: (...args: unknown[]) => lines.push(`WARN ${args.map(String).join(' ')}`),
  }
  beforeAll(async () => {
    primary = await plainServer((request, response) =>
      echo(request, response, (request.headers.authorization ?? '').replace(/^Bearer /, '')),
    )
    other = await plainServer()
  })
  afterAll(() => Promise.all([primary.close(), other.close()]))
  const client = (options: Partial<ConstructorParameters<typeof ProjectClient>[0]> = {}) =>
    new ProjectClient({
      apiKey: KEY,
      projectId: 1,
      baseUrl: primary.url,
      maxRetries: 0,
      timeout: 200,
      logger,
      ...options,
    })

  const kinds: Array<[string, Echo, (api: ProjectClient) => PromiseLike<unknown>]> = [
    ...[400, 401, 403, 404, 405, 409, 418, 429, 500, 503].map(
      (status): [string, Echo, (api: ProjectClient) => PromiseLike<unknown>] => [
        `HTTP ${status} echoing the key in body and headers`,
        (_request, response, key) =>
          send(response, status, echoBody(key), {
            'x-echo': key,
            'retry-after': '0',
            'www-authenticate': `Bearer realm="${key}"`,
          }),
        (api) => api.experiments.list(),
      ],
    ),
    [
      'a non-JSON error body echoing the key',
      (_r, response, key) => {
        response.writeHead(502, { 'content-type': 'text/plain' })
        response.end(`upstream said Authorization: Bearer ${key}`)
      },
      (api) => api.experiments.retrieve(1),
    ],
    [
      'a 200 that is not JSON, echoing the key',
      (_r, response, key) => {
        response.writeHead(200, { 'content-type': 'text/html' })
        response.end(`<p>${key}</p>`)
      },
      (api) => api.experiments.retrieve(1),
    ],
    [
      'a 200 of the wrong shape, echoing the key',
      (_r, response, key) => send(response, 200, { id: key, name: 1 }),
      (api) => api.experiments.retrieve(1),
    ],
    [
      'a foreign next link carrying the key',
      (_r, response, key) =>
        send(response, 200, {
          count: 2,
          next: `${other.url}${LIST}?token=${key}`,
          previous: null,
          results: [experiment(1)],
        }),
      (api) => api.experiments.list().toArray(),
    ],
    [
      'a same-origin next link carrying the key, then a 500',
      (request, response, key) =>
        request.url.includes('token=')
          ? send(response, 500, { detail: 'boom' })
          : send(response, 200, {
              count: 2,
              next: `${primary.url}${LIST}?offset=1&token=${key}`,
              previous: null,
              results: [experiment(1)],
            }),
      (api) => api.experiments.list().toArray(),
    ],
    [
      'a same-origin next link carrying the key, then not JSON',
      (request, response, key) =>
        request.url.includes('token=')
          ? void (response.writeHead(200), response.end('<html>'))
          : send(response, 200, {
              count: 2,
              next: `${primary.url}${LIST}?offset=1&token=${key}`,
              previous: null,
              results: [experiment(1)],
            }),
      (api) => api.experiments.list().toArray(),
    ],
    [
      'a same-origin next link carrying the key, then a hang',
      (request, response, key) =>
        request.url.includes('token=')
          ? undefined
          : send(response, 200, {
              count: 2,
              next: `${primary.url}${LIST}?offset=1&token=${key}`,
              previous: null,
              results: [experiment(1)],
            }),
      (api) => api.experiments.list().toArray(),
    ],
    [
      'a redirect to another origin carrying the key',
      (_r, response, key) => {
        response.writeHead(302, { location: `${other.url}/steal?key=${key}`, 'x-echo': key })
        response.end()
      },
      (api) => api.experiments.list(),
    ],
    [
      'a POST redirected to another origin',
      (_r, response, key) => {
        response.writeHead(307, { location: `${other.url}/steal?key=${key}` })
        response.end()
      },
      (api) => api.experiments.create({ name: 'x', feature_flag_key: 'x' }),
    ],
    [
      'a dropped connection',
      (_r, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
        response.write('{"id"', () => response.socket?.destroy())
      },
      (api) => api.experiments.list(),
    ],
    ['a hang (TimeoutError)', () => undefined, (api) => api.experiments.list()],
    ['an abort', () => undefined, (api) => api.experiments.list(undefined, { signal: AbortSignal.timeout(50) })],
    [
      'a refused connection',
      () => undefined,
      () =>
        new ProjectClient({
          apiKey: KEY,
          projectId: 1,
          baseUrl: 'http://127.0.0.1:9',
          maxRetries: 0,
          logger,
        }).experiments.list(),
    ],
    ['bad input', () => undefined, (api) => api.experiments.retrieve(-1)],
  ]

  const seenErrors: string[] = []
  it.each(kinds)('%s', async (_name, handler, call) => {
    echo = handler
    const error = await failure(call(client()))
    expect(error).toBeInstanceOf(ProjectClientError)
    const e = error as Error
    const renderings = [
      e.message,
      e.stack ?? '',
      String(e),
      JSON.stringify(e),
      inspect(e, { depth: Infinity }),
      inspect(e, { depth: Infinity, showHidden: true }),
      JSON.stringify((e as { body?: unknown }).body ?? null),
    ]
    for (const text of renderings) expect(text).not.toContain(KEY)
    seenErrors.push(e.name)
  })

  it('nor in the logger lines of all of the above, nor in the client object; the second server never got it', () => {
    expect(lines.length).toBeGreaterThan(kinds.length)
    for (const line of lines) expect(line).not.toContain(KEY)
    const api = client()
    for (const text of [String(api), JSON.stringify(api), inspect(api, { depth: Infinity, showHidden: true })])
      expect(text).not.toContain(KEY)
    // Every request that reached a server with the key went to the primary, configured origin.
    expect(primary.requests.length).toBeGreaterThan(0)
    expect(primary.requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true)
    expect(other.requests).toHaveLength(0)
    console.log(
      `[reliability] secrets: ${kinds.length} failure kinds x 7 renderings, ${lines.length} logger lines, key ` +
        `found 0 times; errors: ${[...new Set(seenErrors)].sort().join(', ')}`,
    )
  })

  it('a same-origin redirect keeps the key on the primary; a cross-origin hop is not made even after one', async () => {
    echo = (request, response, key) => {
      if (request.url === LIST) return void (response.writeHead(307, { location: `${LIST}?hop=1` }), response.end())
      response.writeHead(307, { location: `${other.url}${LIST}?hop=2&k=${key}` })
      response.end()
    }
    primary.requests.length = 0
    const error = await failure(client().experiments.list())
    expect(String(error)).not.toContain(KEY)
    expect(primary.requests.map((request) => request.url)).toEqual([LIST, `${LIST}?hop=1`])
    expect(other.requests).toHaveLength(0)
  })
})

/**
 * A custom `fetch` that fails with the key in its error (a proxy agent or an instrumentation wrapper that prints
 * the request's headers): the ConnectionError built from it must not carry the key anywhere.
 */
describe('a custom fetch that throws with the key in its message and cause', () => {
  const lines: string[] = []
  const logger: Logger = {
    debug: (...args: unknown[]) =>
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' ')),
    warn: (...args: unknown[]) =>
      lines.push(`WARN ${args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' ')}`),
  }
  const leakyFetch: typeof globalThis.fetch = async () => {
    const cause = new Error(`connect ECONNREFUSED 10.0.0.1:443 while sending Authorization: Bearer ${KEY}`)
    throw new TypeError(`fetch failed (headers: {"authorization":"Bearer ${KEY}"})`, { cause })
  }
  const connectionError = async () => {
    // One retry, so the retry's log line is exercised too.
    const api = new ProjectClient({
      apiKey: KEY,
      projectId: 1,
      baseUrl: 'https://us.posthog.com',
      fetch: leakyFetch,
      maxRetries: 1,
      logger,
    })
    const error = await failure(api.experiments.list())
    expect(error).toBeInstanceOf(ConnectionError)
    return error as ConnectionError
  }

  it('the ConnectionError keeps the reason but not the key: message, String, JSON and the logger lines', async () => {
    lines.length = 0
    const error = await connectionError()
    // The reason is kept (redacted), so the failure stays diagnosable.
    expect(error.message).toContain('fetch failed')
    expect(error.message).toContain('[REDACTED]')
    for (const text of [error.message, String(error), JSON.stringify(error), error.stack ?? ''])
      expect(text).not.toContain(KEY)
    expect(lines.length).toBeGreaterThan(0)
    for (const line of lines) expect(line).not.toContain(KEY)
  })

  it(
    'util.inspect of that ConnectionError shows no key, its ' + 'cause included (needs the redaction boundary)',
    async () => {
      const error = await connectionError()
      expect(inspect(error, { depth: 10 })).not.toContain(KEY)
    },
  )
})

describe('plain http on a non-local host', () => {
  const { fetch: ok } = stubFetch(() => jsonResponse(EMPTY_PAGE))
  const warnings = (baseUrl: string) => {
    const warned: string[] = []
    const client = new ProjectClient({
      apiKey: KEY,
      projectId: 1,
      baseUrl,
      fetch: ok,
      logger: { debug: () => undefined, warn: (message: string) => warned.push(message) },
    })
    return { warned, client }
  }

  it('gets exactly one clear warning through the logger, however many requests follow', async () => {
    const { warned, client } = warnings('http://posthog.example.com')
    for (let i = 0; i < 3; i++) await client.experiments.list()
    expect(warned).toHaveLength(1)
    expect(warned[0]).toMatch(/plain http/)
    expect(warned[0]).toContain('http://posthog.example.com')
    expect(warned[0]).toMatch(/https/)
    expect(warned[0]).not.toContain(KEY)
  })

  it.each(['https://posthog.example.com', 'http://localhost:8000', 'http://127.0.0.1:8000', 'http://[::1]:8000'])(
    '%s gets none',
    (baseUrl) => {
      expect(warnings(baseUrl).warned).toHaveLength(0)
    },
  )

  it.each(['http://10.0.0.5', 'http://posthog.internal', 'http://localhost.evil.com'])('%s gets one', (baseUrl) => {
    expect(warnings(baseUrl).warned).toHaveLength(1)
  })
})
