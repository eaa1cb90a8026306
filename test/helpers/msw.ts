import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { ProjectClient, type ClientOptions } from '../../src/index.js'

/** The key used by unit tests; every test that checks redaction searches for it. */
export const API_KEY = 'phx_unitTestSecretKey0123456789abcdef'
export const BASE = 'https://us.posthog.com'
export const PROJECT = `${BASE}/api/projects/42`

/** One msw server for a test file, with unhandled requests as errors. */
export function useMswServer() {
  const server = setupServer()
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  return server
}

/**
 * A client for msw tests: no retry waits beyond a few ms. No pacing: every msw test shares one key and
 * host, so one limiter, and a test's 429 would hold back the next (pacing has its own tests).
 */
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
      requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.clone().text() })
    },
  }
}
