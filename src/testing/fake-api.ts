/**
 * `createFakeApi`: the fake as a whole — its three ways in (`fetch`, `handle`, `listen()`), the fault layer in
 * front of the service core, the recorded requests, state, seeding and reset. Options: fake-options.ts;
 * seeding: seeding.ts; the request log: request-log.ts.
 */
import type { RateLimits } from '../core/rate-limit.js'
import { outcomeToFetchResponse } from './adapters/fetch.js'
import { listenOnNode, type FakeServer, type ListenOptions } from './adapters/node.js'
import { answer, resolve, type CoreSettings } from './service.js'
import {
  FaultQueue,
  runFault,
  type FakeFaults,
  type FaultKind,
  type FaultOptionsByKind,
  type TooManyRequestsOptions,
} from './faults.js'
import { setUpFake, type FakeApiOptions } from './fake-options.js'
import { abortReason, type Outcome } from './outcome.js'
import { SERVE_OUTCOME } from './outcome-access.js'
import type { FakeProjects } from './projects.js'
import { recordOf, type RecordedRequest } from './request-log.js'
import { createSeeders, type FakeSeeders } from './seeding.js'
import type { FakeState } from './store.js'
import type { FakeRateLimits } from './throttles.js'

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
  /**
   * `{ apiKey, projectId, baseUrl, rateLimit }` for a client; `baseUrl` defaults to the fake's, `rateLimit` follows
   * `rateLimits`.
   */
  clientOptions(baseUrl?: string): FakeClientOptions
  /**
   * Empties every project, the recorded requests and the pending faults; `tooManyRequests` returns to the options'
   * (counting from zero), and the throttles of `rateLimits` forget every request.
   */
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
    const setup = setUpFake(options)
    this.projectId = setup.projectId
    this.apiKey = setup.apiKey
    this.baseUrl = setup.baseUrl
    this.#projects = setup.projects
    this.#settings = setup.settings
    this.#initialTooManyRequests = setup.initialTooManyRequests
    this.#rateLimits = options.rateLimits
    this.seed = createSeeders(this.#projects)
    this.faults = this.#faultControls()
  }

  /**
   * For `mswHandlers(fake)` (posthog-project-client/testing/msw): the outcomes, faults included, before any adapter.
   */
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

  readonly handle = async (request: Request): Promise<Response> =>
    outcomeToFetchResponse(await this.#serve(request), request)

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
    return {
      apiKey: this.apiKey,
      projectId: this.projectId,
      baseUrl,
      rateLimit: typeof limits === 'object' ? { ...limits } : limits === true,
    }
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
      answer(
        this.#projects.lookup,
        this.#settings,
        { method, url, headers: request.headers, bodyText },
        resolved,
        (error) => {
          record.error = error
        },
      )
    const outcome: Outcome = fault
      ? await runFault(fault, produce, request.signal)
      : { type: 'response', response: await produce() }
    record.status = outcome.type === 'hang' ? null : outcome.response.status
    return outcome
  }

  #faultControls(): FakeFaults {
    const queue = this.#faults
    const tooManyRequests = (options: TooManyRequestsOptions | null) =>
      this.#settings.tooManyRequests.configure(options)
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
