import type { Outcome } from './outcome.js'

/**
 * How `posthog-project-client/testing/msw` reaches a fake's request handling with its fault outcomes (a
 * dropped connection or a hang must become msw's own network error, which a plain `Response` cannot say).
 * A registered symbol, not a module-local one: the msw entry is a separate bundle, and ESM and CommonJS
 * copies of the testing entry must agree on it too.
 */
export const SERVE_OUTCOME: unique symbol = Symbol.for('posthog-project-client.testing.serveOutcome')

/** What a fake made by `createFakeApi()` holds under {@link SERVE_OUTCOME}. */
export type ServeOutcome = (request: Request) => Promise<Outcome>

/** The fake's outcome function, or a `TypeError` for anything `createFakeApi()` did not make. */
export function serveOutcomeOf(fake: object): ServeOutcome {
  const serve = (fake as { [SERVE_OUTCOME]?: unknown })[SERVE_OUTCOME]
  if (typeof serve !== 'function')
    throw new TypeError('mswHandlers: expected a fake made by createFakeApi() from posthog-project-client/testing')
  return serve as ServeOutcome
}
