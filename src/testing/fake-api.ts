import type { OperationId, Scope } from '../core/operations.js'
import type { RateLimits } from '../core/rate-limit.js'
import { outcomeToFetchResponse } from './adapters/fetch.js'
import { listenOnNode, type FakeServer, type ListenOptions } from './adapters/node.js'
import { answer, resolve, type CoreSettings, type KeyScopes } from './service.js'
import { FaultQueue, TooManyRequestsFault, runFault, type FakeFaults, type FaultKind, type FaultOptionsByKind, type TooManyRequestsOptions } from './faults.js'
import { seedEndpoint, type EndpointSeed } from './groups/endpoints.js'
import { seedEventDefinition, type EventDefinitionSeed } from './groups/event-definitions.js'
import { seedExperiment, type ExperimentSeed } from './groups/experiments.js'
import { createFlag } from './groups/feature-flags.js'
import { seedAction } from './groups/actions.js'
import { seedCohort } from './groups/cohorts.js'
import { seedHoldout } from './groups/holdouts.js'
import { seedSavedMetric } from './groups/saved-metrics.js'
import { seedHogFunction, type HogFunctionSeed } from './groups/hog-functions.js'
import { seedSurvey, type SurveySeed } from './groups/surveys.js'
import { seedSurveyResponses, type SurveyResponseSeed } from './groups/survey-responses.js'
import { abortReason, type Outcome } from './outcome.js'
import { SERVE_OUTCOME } from './outcome-access.js'
import type {
  FakeAction,
  FakeCohort,
  FakeEndpoint,
  FakeEventDefinition,
  FakeExperiment,
  FakeExperimentData,
  FakeFeatureFlag,
  FakeHogFunction,
  FakeHoldout,
  FakeSavedMetric,
  FakeSurvey,
  FakeSurveyResponse,
} from './records.js'
import { FakeProjects } from './projects.js'
import type { FakeState, FakeStore } from './store.js'
import { serviceThrottles, type FakeRateLimits } from './throttles.js'

/** The fake key `createFakeApi()` accepts by default, with every scope. */
export const DEFAULT_FAKE_API_KEY = 'phx_fake_test_key_0000000000000000'
/** The host the fake answers by default (its `clientOptions()` and the msw handlers of `posthog-project-client/testing/msw`). */
export const DEFAULT_FAKE_BASE_URL = 'https://us.posthog.com'

/** Options of {@link createFakeApi}. Every one is optional. */
export interface FakeApiOptions {
  /** The default project: what `@current`, `state` and `clientOptions()` mean. Default `projects[0]`, else 1. */
  projectId?: number
  /**
   * The projects of the fake, each with its own state, e.g. `[1, 2]` (the default project among them).
   * Default: the default project alone. A request naming another project id is refused as the service
   * refuses it: 404 `Project not found.`, or 403 `You don't have access to the project.` for one of
   * `unreachableProjects`.
   */
  projects?: readonly number[]
  /**
   * Project ids that exist on the service but whose organisation the key's user is not a member of: a
   * request naming one answers 403 `You don't have access to the project.` (docs/service-behaviour.md §1.4).
   */
  unreachableProjects?: readonly number[]
  /** The personal API key with every scope (`*`). Default {@link DEFAULT_FAKE_API_KEY}. */
  apiKey?: string
  /**
   * More keys and their scopes, e.g. `{ phx_readonly: ['experiment:read'] }`. A `:write` scope also
   * grants the matching `:read`; `'*'` grants everything. Listing `apiKey` here overrides its scopes.
   */
  keys?: Record<string, readonly Scope[] | '*'>
  /** Default page size of the limit/offset lists. Default 100, like the service. */
  pageSize?: number
  /** The fake's host: what `clientOptions()` gives and the msw handlers answer (`${baseUrl}/api/…`). Default `https://us.posthog.com`. */
  baseUrl?: string
  /**
   * Project ids of the organisation: the targets `duplicate_to_projects` accepts (each a project of the
   * fake, where the copies can be read). Default: every project of the fake.
   */
  organizationTeamIds?: readonly number[]
  /** Injected 429s from the start (see `faults.tooManyRequests`). Default none. */
  tooManyRequests?: TooManyRequestsOptions | null
  /** @deprecated Since 0.3: renamed `tooManyRequests` (the fault; the service's throttles are `rateLimits`). Same meaning. */
  rateLimit?: TooManyRequestsOptions | null
  /**
   * Enforce the service's throttles (docs/service-behaviour.md §1.7), counted as the service counts them:
   * sliding windows per key of the requests let through, 480 a minute and 4,800 an hour, the endpoints
   * group 240 and 2,400 on its own, the query API 240 and 1,200 on its own (docs/service-behaviour.md §10.4).
   * `true` for those numbers, or an object in the shape of the client's `rateLimit` to change any of them.
   * Beyond a limit the answer is the service's 429: the `throttled_error` body whose detail gives the wait
   * (`Expected available in N seconds.`), and no `Retry-After` header. Default off. `reset()` forgets the
   * requests counted.
   */
  rateLimits?: FakeRateLimits
  /**
   * Let personal API keys call the operations that have no scope (`scope: null` in OPERATIONS). The real
   * service refuses them with 403 `This action does not support personal API key access`, and so does
   * the fake by default; `true` answers them with realistic bodies, to test code paths.
   */
  allowUnscopedActions?: boolean
  /** The clock of every timestamp the fake writes. Default `() => new Date()`. */
  now?: () => Date
  /**
   * Operations this fake does not have, as an older service: answered 404 like any path the service does
   * not know, e.g. `['surveys.responses']` for a self-hosted instance from before the responses endpoint.
   */
  unavailable?: readonly OperationId[]
}

/** A request the fake received. */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  method: string
  /** The absolute URL as received. */
  url: string
  /** The pathname. */
  path: string
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>
  /** Lower-case header names; `authorization` is redacted (`Bearer [REDACTED]`). */
  headers: Record<string, string>
  /** The JSON body parsed, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown
  /** The operation it resolved to, `null` for unknown paths and methods. */
  operation: OperationId | null
  /** The status answered; `null` while pending or when the request hung. */
  status: number | null
  /** The injected fault it got, if any. */
  fault: FaultKind | null
  /** A handler bug answered as 500 (should not happen; reported here rather than swallowed). */
  error?: unknown
}

/** A seed: how many records to make, one partial record, or a list of them. */
export type SeedInput<T> = number | T | readonly T[]

/** Where a seeding helper stores its records. */
export interface SeedOptions {
  /** The project to seed. Default the fake's `projectId`. */
  projectId?: number
}

/**
 * `fake.seed.*`: store records directly (no validation, no requests recorded), in the default project
 * or the one `options.projectId` names. Each returns the stored records.
 */
export interface FakeSeeders {
  /** Experiments, each with its feature flag; all launched a week ago (`start_date` seven days before the fake's clock) unless `start_date` is given (`null`: a draft). */
  experiments(seed: SeedInput<ExperimentSeed>, options?: SeedOptions): FakeExperiment[]
  /** Feature flags; by default multivariate `control`/`test`, so eligible for experiments. */
  featureFlags(seed: SeedInput<Partial<FakeFeatureFlag>>, options?: SeedOptions): FakeFeatureFlag[]
  /** Hog functions (enabled destinations unless told otherwise). */
  hogFunctions(seed: SeedInput<HogFunctionSeed>, options?: SeedOptions): FakeHogFunction[]
  /** Surveys (launched unless `start_date: null`, with one open question). */
  surveys(seed: SeedInput<SurveySeed>, options?: SeedOptions): FakeSurvey[]
  /** Responses to one survey of the project (each a `survey sent` event with a fresh UUID). */
  surveyResponses(surveyId: string, seed: SeedInput<SurveyResponseSeed>, options?: SeedOptions): FakeSurveyResponse[]
  /** Endpoints (HogQL by default), each with version 1. */
  endpoints(seed: SeedInput<EndpointSeed>, options?: SeedOptions): FakeEndpoint[]
  /** Event definitions (seen recently unless told otherwise). */
  eventDefinitions(seed: SeedInput<EventDefinitionSeed>, options?: SeedOptions): FakeEventDefinition[]
  /** Cohorts (dynamic, no conditions, unless told otherwise). */
  cohorts(seed: SeedInput<Partial<FakeCohort>>, options?: SeedOptions): FakeCohort[]
  /** Actions (named `Action <n>`, no steps, unless told otherwise; steps get every key). */
  actions(seed: SeedInput<Partial<FakeAction>>, options?: SeedOptions): FakeAction[]
  /** Experiment holdouts (one group excluding 10% unless told otherwise). */
  holdouts(seed: SeedInput<Partial<FakeHoldout>>, options?: SeedOptions): FakeHoldout[]
  /** Saved experiment metrics (a mean of `$pageview` unless told otherwise). */
  savedMetrics(seed: SeedInput<Partial<FakeSavedMetric>>, options?: SeedOptions): FakeSavedMetric[]
  /**
   * What the experiment's results are computed from (`ExperimentQuery` and the legacy kinds): per variant
   * key, the exposures and the conversions (funnels) or `sum` and `sum_squares` (means), e.g.
   * `{ control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } }`. For every
   * metric of the experiment, or only the one whose uuid `options.metric` names. Replaces earlier data for the same metric.
   */
  experimentData(experimentId: number, variants: FakeExperimentData, options?: SeedOptions & { metric?: string }): void
}

/** What `clientOptions()` returns: spread it into `new ProjectClient({...})`. */
export interface FakeClientOptions {
  /** The fake's key with every scope. */
  apiKey: string
  /** The project the fake serves. */
  projectId: number
  /** The fake's host (for msw), or the URL given (e.g. `listen()`'s). */
  baseUrl: string
  /**
   * The client's pacing, matched to the fake's: `false` unless the fake enforces `rateLimits`, then the
   * same numbers. A fake with no limits needs no pacing, and a client that paced would let one test's 429
   * hold back the next (clients of one key and host share their limiter).
   */
  rateLimit: boolean | RateLimits
}

/**
 * A stateful, in-memory fake of the whole API. Three ways in, all serving the same state: `fetch` (no
 * sockets), `listen()` (a real HTTP server on 127.0.0.1) and, for msw users, `mswHandlers(fake)` from
 * `posthog-project-client/testing/msw`.
 */
export interface FakeApi {
  /** The key with every scope. */
  readonly apiKey: string
  /** The default project (what `@current`, `state` and `clientOptions()` mean). */
  readonly projectId: number
  /** The ids of the fake's projects: those of the `projects` option, else the default project alone. */
  readonly projects: readonly number[]
  /** The host the fake answers: `clientOptions()`'s default, and the host of `mswHandlers(fake)`. */
  readonly baseUrl: string
  /** A `fetch` serving the fake in memory: `new ProjectClient({ fetch: fake.fetch, ... })`. Any origin is served. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** The fake as one function from a web `Request` to a `Response` (faults included). */
  readonly handle: (request: Request) => Promise<Response>
  /** Serves the fake on a real HTTP server on 127.0.0.1 (CORS open to any origin). */
  listen(options?: ListenOptions): Promise<FakeServer>
  /** Seeding helpers. */
  readonly seed: FakeSeeders
  /** Live read access to everything the default project holds. */
  readonly state: FakeState
  /** Live read access to everything one project holds. Throws a `TypeError` for a project that is not the fake's. */
  stateOf(projectId: number): FakeState
  /** Every request received, oldest first (a live array, emptied by `reset()`). */
  readonly requests: readonly RecordedRequest[]
  /** Fault injection. */
  readonly faults: FakeFaults
  /** `{ apiKey, projectId, baseUrl, rateLimit }` for a client; `baseUrl` defaults to the fake's, `rateLimit` follows `rateLimits`. */
  clientOptions(baseUrl?: string): FakeClientOptions
  /** Empties every project, the recorded requests and the pending faults; `tooManyRequests` returns to the options' (counting from zero), and the throttles of `rateLimits` forget every request. */
  reset(): void
}

/**
 * Creates a fake of the API.
 *
 * @example
 * const fake = createFakeApi()
 * fake.seed.experiments(3)
 * const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
 * const page = await client.experiments.list()
 */
export function createFakeApi(options: FakeApiOptions = {}): FakeApi {
  return new Fake(options)
}

class Fake implements FakeApi {
  readonly apiKey: string
  readonly projectId: number
  readonly baseUrl: string
  readonly seed: FakeSeeders
  readonly faults: FakeFaults
  readonly #projects: FakeProjects
  readonly #settings: CoreSettings
  readonly #faults = new FaultQueue()
  readonly #requests: RecordedRequest[] = []
  readonly #initialTooManyRequests: TooManyRequestsOptions | null
  readonly #rateLimits: FakeRateLimits | undefined

  constructor(options: FakeApiOptions) {
    const given = checkProjects('projects', options.projects)
    const projectId = options.projectId ?? given?.[0] ?? 1
    if (!Number.isSafeInteger(projectId) || projectId <= 0) throw new TypeError(`createFakeApi: projectId must be a positive integer, got ${String(projectId)}`)
    if (given && !given.includes(projectId)) throw new TypeError(`createFakeApi: projectId ${projectId} is not one of projects (${given.join(', ')})`)
    const listed = given ?? [projectId]
    const unreachable = checkProjects('unreachableProjects', options.unreachableProjects) ?? []
    const both = unreachable.filter((id) => listed.includes(id))
    if (both.length) throw new TypeError(`createFakeApi: unreachableProjects ${both.join(', ')} are also in projects`)
    const organizationTeamIds = options.organizationTeamIds ?? listed
    const outside = organizationTeamIds.filter((id) => !listed.includes(id))
    if (outside.length) throw new TypeError(`createFakeApi: organizationTeamIds ${outside.join(', ')} are not in projects (${listed.join(', ')})`)
    const pageSize = options.pageSize ?? 100
    if (!Number.isSafeInteger(pageSize) || pageSize <= 0) throw new TypeError(`createFakeApi: pageSize must be a positive integer, got ${String(pageSize)}`)
    this.projectId = projectId
    this.apiKey = options.apiKey ?? DEFAULT_FAKE_API_KEY
    this.baseUrl = (options.baseUrl ?? DEFAULT_FAKE_BASE_URL).replace(/\/+$/, '')
    this.#projects = new FakeProjects(projectId, listed, unreachable, { pageSize, organizationTeamIds, now: options.now ?? (() => new Date()) })
    const keys = new Map<string, KeyScopes>([[this.apiKey, '*']])
    for (const [key, scopes] of Object.entries(options.keys ?? {})) {
      keys.set(key, scopes === '*' || (scopes as readonly string[]).includes('*') ? '*' : new Set(scopes))
    }
    this.#initialTooManyRequests = checkTooManyRequests(options)
    this.#rateLimits = options.rateLimits
    this.#settings = {
      keys,
      allowUnscopedActions: options.allowUnscopedActions ?? false,
      tooManyRequests: new TooManyRequestsFault(this.#initialTooManyRequests),
      throttles: serviceThrottles(options.rateLimits),
      unavailable: new Set(options.unavailable),
    }
    this.seed = this.#seeders()
    this.faults = this.#faultControls()
  }

  /** For `mswHandlers(fake)` (posthog-project-client/testing/msw): the outcomes, faults included, before any adapter. */
  get [SERVE_OUTCOME](): (request: Request) => Promise<Outcome> {
    return this.#serve
  }

  get state(): FakeState {
    return this.#projects.default
  }

  get projects(): readonly number[] {
    return this.#projects.ids
  }

  stateOf(projectId: number): FakeState {
    return this.#projects.require(projectId, 'stateOf')
  }

  get requests(): readonly RecordedRequest[] {
    return this.#requests
  }

  readonly handle = async (request: Request): Promise<Response> => outcomeToFetchResponse(await this.#serve(request), request)

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init)
    if (request.signal.aborted) throw abortReason(request.signal)
    // A new Request's signal follows the caller's only through a WeakRef that a garbage collection can
    // clear: a hang must end on the caller's own signal.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined) ?? request.signal
    return outcomeToFetchResponse(await this.#serve(request), request, signal)
  }

  listen(options?: ListenOptions): Promise<FakeServer> {
    return listenOnNode(this.#serve, options)
  }

  clientOptions(baseUrl: string = this.baseUrl): FakeClientOptions {
    const limits = this.#rateLimits
    return { apiKey: this.apiKey, projectId: this.projectId, baseUrl, rateLimit: typeof limits === 'object' ? { ...limits } : limits === true }
  }

  reset(): void {
    this.#projects.reset()
    this.#requests.length = 0
    this.#faults.clear()
    this.#settings.tooManyRequests.configure(this.#initialTooManyRequests)
    this.#settings.throttles?.reset()
  }

  /** The core with the fault layer: every adapter calls this. */
  readonly #serve = async (request: Request): Promise<Outcome> => {
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const resolved = resolve(method, url.pathname)
    const operation = resolved.match.kind === 'operation' ? resolved.match.id : null
    // Taken before any await, so faults go to requests in the order they arrive.
    const fault = this.#faults.take(method, url.pathname, operation)
    const bodyText = method === 'GET' || method === 'HEAD' ? '' : await request.text()
    const record = recordOf(request, url, bodyText, operation, fault?.kind ?? null)
    this.#requests.push(record)
    const produce = () =>
      answer(this.#projects.lookup, this.#settings, { method, url, headers: request.headers, bodyText }, resolved, (error) => {
        record.error = error
      })
    const outcome: Outcome = fault ? await runFault(fault, produce, request.signal) : { type: 'response', response: await produce() }
    record.status = outcome.type === 'hang' ? null : outcome.response.status
    return outcome
  }

  #seeders(): FakeSeeders {
    const storeOf = (options: SeedOptions | undefined) => this.#projects.require(options?.projectId ?? this.projectId, 'seed')
    const list = <S>(input: SeedInput<S>): readonly S[] =>
      typeof input === 'number' ? Array.from({ length: input }, () => ({}) as S) : Array.isArray(input) ? (input as readonly S[]) : [input as S]
    const many = <S, R>(input: SeedInput<S>, options: SeedOptions | undefined, make: (store: FakeStore, seed: S, index: number) => R): R[] => {
      const store = storeOf(options)
      return list(input).map((seed, index) => make(store, seed, index))
    }
    return {
      experiments: (input, options) => many(input, options, seedExperiment),
      featureFlags: (input, options) =>
        many(input, options, (store, seed: Partial<FakeFeatureFlag>) => {
          const flag = createFlag(store, { key: seed.key ?? `flag-${store.featureFlags.size + 1}`, ...seed })
          if (!seed.name) flag.name = `Flag ${flag.id}`
          return flag
        }),
      hogFunctions: (input, options) => many(input, options, seedHogFunction),
      surveys: (input, options) => many(input, options, seedSurvey),
      surveyResponses: (surveyId, input, options) => seedSurveyResponses(storeOf(options), surveyId, list(input)),
      endpoints: (input, options) => many(input, options, seedEndpoint),
      eventDefinitions: (input, options) => many(input, options, seedEventDefinition),
      cohorts: (input, options) => many(input, options, seedCohort),
      actions: (input, options) => many(input, options, seedAction),
      holdouts: (input, options) => many(input, options, seedHoldout),
      savedMetrics: (input, options) => many(input, options, seedSavedMetric),
      experimentData: (experimentId, variants, options) => {
        const store = storeOf(options)
        if (!store.experiments.has(experimentId)) throw new TypeError(`seed.experimentData: no experiment ${experimentId}`)
        const data = store.experimentData.get(experimentId) ?? new Map<string, FakeExperimentData>()
        data.set(options?.metric ?? '*', structuredClone(variants))
        store.experimentData.set(experimentId, data)
      },
    }
  }

  #faultControls(): FakeFaults {
    const queue = this.#faults
    const tooManyRequests = (options: TooManyRequestsOptions | null) => this.#settings.tooManyRequests.configure(options)
    const next = <K extends FaultKind>(kind: K, n: number, options: Omit<FaultOptionsByKind[K], 'times'>) =>
      queue.add(kind, { ...options, times: n } as FaultOptionsByKind[K])
    return {
      inject: (kind, options) => queue.add(kind, options),
      failNext: (n, options) => next('status', n, options),
      delayNext: (n, options) => next('delay', n, options),
      hangNext: (n, options = {}) => next('hang', n, options),
      dropNext: (n, options = {}) => next('drop', n, options),
      malformedNext: (n, options = {}) => next('malformed', n, options),
      htmlNext: (n, options = {}) => next('html', n, options),
      tooManyRequests,
      rateLimit: tooManyRequests,
      clear: () => queue.clear(),
      get pending() {
        return queue.pending
      },
    }
  }
}

/** The `tooManyRequests` option, or its deprecated alias `rateLimit`; giving both is a mistake. */
function checkTooManyRequests(options: FakeApiOptions): TooManyRequestsOptions | null {
  if (options.tooManyRequests !== undefined && options.rateLimit !== undefined) {
    throw new TypeError('createFakeApi: tooManyRequests and its deprecated alias rateLimit are both given; keep tooManyRequests')
  }
  return options.tooManyRequests ?? options.rateLimit ?? null
}

/** A list of project ids checked: positive integers, no repeats; `null` when not given. */
function checkProjects(name: string, projects: readonly number[] | undefined): readonly number[] | null {
  if (projects === undefined) return null
  const valid = Array.isArray(projects) && projects.length > 0 && projects.every((id) => Number.isSafeInteger(id) && id > 0)
  if (!valid || new Set(projects).size !== projects.length) {
    throw new TypeError(`createFakeApi: ${name} must be a non-empty list of distinct positive integers, got ${JSON.stringify(projects)}`)
  }
  return projects
}

function recordOf(request: Request, url: URL, bodyText: string, operation: OperationId | null, fault: FaultKind | null): RecordedRequest {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = name === 'authorization' ? (/^bearer\s/i.test(value) ? 'Bearer [REDACTED]' : '[REDACTED]') : value
  })
  let body: unknown
  if (bodyText !== '') {
    try {
      body = JSON.parse(bodyText)
    } catch {
      body = bodyText
    }
  }
  return {
    method: request.method.toUpperCase(),
    url: url.href,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    operation,
    status: null,
    fault,
  }
}
