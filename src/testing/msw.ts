/**
 * `posthog-project-client/testing/msw`: the fake of `posthog-project-client/testing` as
 * [msw](https://mswjs.io) v2 request handlers. The only entry that needs msw (an optional peer); the
 * testing entry itself loads without it.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * import { createFakeApi } from 'posthog-project-client/testing'
 * import { mswHandlers } from 'posthog-project-client/testing/msw'
 * const fake = createFakeApi()
 * const server = setupServer(...mswHandlers(fake))
 *
 * @packageDocumentation
 */
import type { HttpHandler } from 'msw'
import { createMswHandlers } from './adapters/msw.js'
import type { FakeApi } from './fake-api.js'
import { serveOutcomeOf } from './outcome-access.js'

/**
 * msw v2 request handlers serving `fake` under `${fake.baseUrl}/api/…` (by default
 * `https://us.posthog.com`), on the same state as its `fetch` and `listen()`. Faults apply: a dropped
 * connection is a network error (`fetch` rejects with a `TypeError`), a hang lasts until the request is
 * aborted. Each call returns new handlers over the same fake.
 *
 * @example
 * const server = setupServer(...mswHandlers(fake))
 * server.listen({ onUnhandledRequest: 'error' })
 * const client = new ProjectClient(fake.clientOptions())
 */
export function mswHandlers(fake: FakeApi): HttpHandler[] {
  return createMswHandlers(fake.baseUrl, serveOutcomeOf(fake))
}
