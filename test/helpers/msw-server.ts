import { http, HttpResponse } from 'msw'
import { setupServer, type SetupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { ProjectClient, type ClientOptions } from '../../src/index.js'
import { jsonResponse } from './stub-fetch.js'

/**
 * msw for unit tests: one server per test file, a client pointed at it, and routes that record what the
 * SDK sent (assert on the records with ./requests.ts).
 */

/** The key used by unit tests; every test that checks redaction searches for it. */
export const API_KEY = 'phx_unitTestSecretKey0123456789abcdef'
export const BASE = 'https://us.posthog.com'
export const PROJECT = `${BASE}/api/projects/42`
/** The endpoints group's other prefix (`endpointsPrefix: 'environments'`). */
export const ENVIRONMENT = `${BASE}/api/environments/42`

/** One msw server for a test file, with unhandled requests as errors. */
export function useMswServer(): SetupServer {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}

/** A client for msw tests: no retry waits beyond a few ms. */
export function makeClient(options: ClientOptions = {}): ProjectClient {
  return new ProjectClient({ apiKey: API_KEY, projectId: 42, baseUrl: BASE, rateLimit: false, ...options })
}

/** Records each request msw sees, with its body read as text. */
export interface Recorded {
  method: string
  url: URL
  headers: Headers
  body: string
}

export function recorder() {
  const requests: Recorded[] = []
  return {
    requests,
    async record(request: Request) {
      requests.push({
        method: request.method,
        url: new URL(request.url),
        headers: request.headers,
        body: await request.clone().text(),
      })
    },
  }
}

/** The methods the API uses, as msw names its handlers. */
export type Method = 'get' | 'post' | 'patch' | 'delete'

/** `body` as JSON (a string too, quoted) with `status`, or an empty body when `body` is `undefined`. */
export function reply(body: unknown, status = 200): Response {
  return body === undefined ? new HttpResponse(null, { status }) : jsonResponse(JSON.stringify(body), status)
}

/** The recording routes of one msw server (see useMswApi). */
export interface MswApi {
  server: SetupServer
  /** Serves one method+path under `root` (the project by default) with `respond`, and records what it receives. */
  serve(
    method: Method,
    path: string,
    respond: (request: Request) => Response | Promise<Response>,
    root?: string,
  ): Recorded[]
  /**
   * Answers one method+path under `root` with `body` (status 200 unless given; `undefined`: empty body) and records
   * what was sent.
   */
  answer(method: Method, path: string, body: unknown, status?: number, root?: string): Recorded[]
  /** Answers every path under the origin with `body`: for URLs msw's path patterns would decode. */
  answerAny(body: unknown, status?: number): Recorded[]
  /** Records every request to any URL, answering 418: the bad-input tests must send none. */
  watchAll(): Recorded[]
}

/** A msw server for the test file plus its recording routes. */
export function useMswApi(): MswApi {
  const server = useMswServer()
  const record = (
    route: (recordOne: (request: Request) => Promise<void>) => Parameters<SetupServer['use']>[0],
  ): Recorded[] => {
    const { requests, record: recordOne } = recorder()
    server.use(route(recordOne))
    return requests
  }
  const serve: MswApi['serve'] = (method, path, respond, root = PROJECT) =>
    record((recordOne) =>
      http[method](`${root}/${path}`, async ({ request }) => {
        await recordOne(request)
        return respond(request)
      }),
    )
  return {
    server,
    serve,
    answer: (method, path, body, status = 200, root = PROJECT) => serve(method, path, () => reply(body, status), root),
    answerAny: (body, status = 200) =>
      record((recordOne) =>
        http.all(`${BASE}/*`, async ({ request }) => {
          await recordOne(request)
          return reply(body, status)
        }),
      ),
    watchAll: () =>
      record((recordOne) =>
        http.all('*', async ({ request }) => {
          await recordOne(request)
          return HttpResponse.json({ detail: 'should not be reached' }, { status: 418 })
        }),
      ),
  }
}
