/**
 * `posthog-project-client/testing`: a stateful, in-memory fake of PostHog's project-management API for
 * tests and demos. It follows the real service's contract (docs/service-behaviour.md): envelopes,
 * four-key errors, scopes, 405 deletes, soft deletes, archived responses, all-or-nothing duplication,
 * absolute `next`/`previous` links. Serve it through an in-memory `fetch` or a real HTTP server
 * (`listen()`), or through msw with `mswHandlers(fake)` from `posthog-project-client/testing/msw`, and
 * break it on purpose with `faults`. This entry loads without msw.
 *
 * @example
 * import { createFakeApi } from 'posthog-project-client/testing'
 * const fake = createFakeApi()
 * const server = await fake.listen()
 * const client = new ProjectClient({ apiKey: fake.apiKey, projectId: fake.projectId, baseUrl: server.url })
 *
 * @packageDocumentation
 */
export { createFakeApi, type FakeApi, type FakeClientOptions } from './fake-api.js'
export { DEFAULT_FAKE_API_KEY, DEFAULT_FAKE_BASE_URL, type FakeApiOptions } from './fake-options.js'
export type { FakeSeeders, SeedInput, SeedOptions } from './seeding.js'
export type { RecordedRequest } from './request-log.js'
export type { FakeServer, ListenOptions } from './adapters/node.js'
export type {
  BrokenBodyFaultOptions,
  DelayFaultOptions,
  FakeFaults,
  FaultKind,
  FaultOptionsByKind,
  FaultTarget,
  RateLimitOptions,
  StatusFaultOptions,
  TooManyRequestsOptions,
} from './faults.js'
export type { FakeState } from './store.js'
export type { FakeRateLimits } from './throttles.js'
export type { ErrorBody } from './responses.js'
export type { ExperimentSeed } from './groups/experiments.js'
export type { HogFunctionSeed } from './groups/hog-functions.js'
export type { SurveySeed } from './groups/surveys.js'
export type { SurveyResponseSeed } from './groups/survey-responses.js'
export type { EndpointSeed } from './groups/endpoints.js'
export type { EventDefinitionSeed } from './groups/event-definitions.js'
export type * from './records.js'
export type { OperationId, Scope } from '../core/operations.js'
