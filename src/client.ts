// The import order decides where a one-file bundle writes each module, and so what gzip finds close by: the check's
// loader and the options first measured smallest (BENCHMARKS.md, "0.5 merges"); it changes no behaviour.
import { checkRequest } from './requests/load-check.js'
import {
  checkApiKey,
  checkBaseUrl,
  checkHeaders,
  checkLogger,
  checkMaxRetries,
  checkMaxRetryDelay,
  checkOneOf,
  checkProjectId,
  checkTimeout,
  checkTypeOf,
  checkWhole,
  type Logger,
  type RequestOptions,
} from './core/options.js'
import { show } from './core/args.js'
import { APIPromise } from './core/api-promise.js'
import { bulk, type BulkContext, type BulkOptions, type BulkReport, type BulkSource } from './core/bulk.js'
import { cloudRegion } from './core/cloud.js'
import { InvalidArgumentError } from './core/errors.js'
import { rateLimitOption, type RateLimits } from './core/rate-limit.js'
import { Transport, type RawRequest } from './core/transport.js'
// The groups with the largest response schemas first: a bundle then writes the create bodies' field names
// (core/create-fields.ts) after those schemas, where gzip finds them again (BENCHMARKS.md, "0.5 merges").
import { GROUPS, type Groups } from './resources/generated/groups.js'
import { runQuery, type QueryOptions } from './resources/query.js'
import type { HogQLQuery } from './model/insight-queries.js'
import type { QueryNode } from './requests/query.js'
import type {
  ExperimentLegacyQuery,
  ExperimentLegacyQueryResponse,
  ExperimentQuery,
  ExperimentQueryResponse,
  HogQLQueryResponse,
  QueryResponse,
} from './schemas/queries.js'

/** Options of `new ProjectClient(...)`. */
export interface ClientOptions {
  /** Personal API key (`phx_…`). Falls back to `POSTHOG_PERSONAL_API_KEY` where `process.env` exists. */
  apiKey?: string | undefined
  /** Project id, or `@current`. Falls back to `POSTHOG_PROJECT_ID`. */
  projectId?: string | number | undefined
  /** Default `https://us.posthog.com`; falls back to `POSTHOG_BASE_URL`. EU and self-hosted hosts work the same. */
  baseUrl?: string | undefined
  /** Milliseconds per attempt. Default 60 000. */
  timeout?: number | undefined
  /** Retries after the first attempt (see README, "Retries"). Default 2. */
  maxRetries?: number | undefined
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch | undefined
  /** Headers sent with every request. */
  headers?: Record<string, string> | undefined
  /**
   * Check every request body and query in full depth before sending (default `true`): an unknown member at
   * any depth (whatever its value, `null` and `undefined` included), a wrong type, a missing required field
   * or a value outside a closed enum rejects with `InvalidArgumentError` naming its path
   * (`body.metrics[0].metric_type`), and nothing is sent. `false` sends what it is given. `extraBody` and
   * `extraQuery` are never checked.
   */
  validateRequests?: boolean | undefined
  /** Validate every response body with the zod schemas (default `true`). `false` returns the JSON as is. */
  validateResponses?: boolean | undefined
  /** Path prefix of the endpoints group: `projects` (default) or `environments` (deprecated by the service). */
  endpointsPrefix?: 'projects' | 'environments' | undefined
  /** Receives each request, response and retry at debug level, with the key redacted. */
  logger?: Logger | undefined
  /**
   * In a browser the constructor refuses a personal API key (it would be visible to the page's users) unless `true`.
   */
  dangerouslyAllowBrowser?: boolean | undefined
  /**
   * Pacing to the service's rate limits: a call over a limit waits for its turn. By default on PostHog Cloud
   * (`https://us.posthog.com`, `https://eu.posthog.com`) with its published numbers (480 requests a minute
   * and 4,800 an hour per key; the endpoints group 240 and 2,400; the query API 240 and 1,200); on other hosts only
   * with `true` (those
   * numbers) or an object (any number changed). Either way, after a 429 every call of the key and host
   * waits the asked time out together; `false` turns all of it off. Clients of the same key and host share
   * one limiter; when they give different numbers it keeps the smallest of each (README, "Rate limits").
   */
  rateLimit?: boolean | RateLimits | undefined
  /**
   * The longest wait (ms) the service may ask for, by a 429's `Retry-After` or detail (or a 503's
   * `Retry-After`), before a retry. A call asked to wait longer, by its own 429 or by the shared pause
   * after another call's, rejects at once with `RateLimitError`. Default 60 000.
   */
  maxRetryDelay?: number | undefined
  /**
   * The longest answer read, in bytes, counted after decompression. A longer one is not read further (nor
   * held in memory) and the call rejects with `ResponseTooLargeError`. Default 64 MiB (67 108 864).
   */
  maxResponseBytes?: number | undefined
}

/** `maxResponseBytes` by default: 64 MiB, a hundred times the largest page the service sends. */
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024
const DEFAULT_BASE_URL = 'https://us.posthog.com'
const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/

/** The resource groups (`client.experiments`, …): one property each, its type and doc line from `GROUPS`. */
export interface ProjectClient extends Groups {}

/**
 * The client of PostHog's project-management API. One sub-client per resource group; every method
 * returns a promise of the validated body with `.withResponse()`.
 *
 * @example
 * ```ts
 * const client = new ProjectClient({ apiKey: 'phx_…', projectId: 12345 })
 * for await (const survey of client.surveys.list()) console.log(survey.name)
 * ```
 */
export class ProjectClient {
  /** The project id every path uses. */
  declare readonly projectId: string
  /** The host every request goes to. */
  declare readonly baseUrl: string
  // The options as given (with the key), for `withOptions`: private, so never shown by inspect or JSON.
  readonly #options: ClientOptions
  readonly #transport: Transport

  /**
   * Checks every option, filling `apiKey`, `projectId` and `baseUrl` from `POSTHOG_PERSONAL_API_KEY`,
   * `POSTHOG_PROJECT_ID` and `POSTHOG_BASE_URL` where `process.env` exists. Sends no request.
   *
   * @throws {@link InvalidArgumentError} naming the first bad or missing option (never echoing the key);
   * in a browser, naming `dangerouslyAllowBrowser` unless it is `true`.
   */
  constructor(options: ClientOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new InvalidArgumentError('options', `expected an object, got ${show(options)}`)
    }
    const env = readEnv()
    const apiKey = checkApiKey(options.apiKey ?? env.POSTHOG_PERSONAL_API_KEY)
    const projectId = checkProjectId(options.projectId ?? env.POSTHOG_PROJECT_ID)
    const baseUrl = checkBaseUrl(options.baseUrl ?? env.POSTHOG_BASE_URL ?? DEFAULT_BASE_URL)
    const logger = checkLogger(options.logger)
    const endpointsPrefix = checkOneOf('endpointsPrefix', options.endpointsPrefix ?? 'projects', [
      'projects',
      'environments',
    ])
    checkTypeOf('fetch', options.fetch, 'function')
    checkTypeOf('validateResponses', options.validateResponses, 'boolean')
    checkTypeOf('validateRequests', options.validateRequests, 'boolean')
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new InvalidArgumentError(
        'dangerouslyAllowBrowser',
        'this looks like a browser, where a personal API key is visible to anyone using the page; pass ' +
          '`dangerouslyAllowBrowser: true` if that is intended',
      )
    }
    if (baseUrl.protocol === 'http:' && !LOCAL_HOSTS.test(baseUrl.hostname)) {
      logger?.warn?.(
        `[posthog-project-client] baseUrl ${baseUrl.origin} uses plain http: the API key will cross the ` +
          `network unencrypted. Use https.`,
      )
    }
    this.#options = options
    this.projectId = projectId
    this.baseUrl = baseUrl.href.replace(/\/+$/, '')
    const transport = new Transport({
      apiKey,
      baseUrl,
      projectId,
      timeout: options.timeout === undefined ? 60_000 : checkTimeout('timeout', options.timeout),
      maxRetries: options.maxRetries === undefined ? 2 : checkMaxRetries('maxRetries', options.maxRetries),
      fetch: options.fetch,
      headers: options.headers === undefined ? {} : checkHeaders('headers', options.headers),
      validateResponses: options.validateResponses ?? true,
      endpointsPrefix,
      logger,
      rateLimit: rateLimitOption('rateLimit', options.rateLimit, cloudRegion(baseUrl.href) !== undefined),
      maxRetryDelay:
        options.maxRetryDelay === undefined ? 60_000 : checkMaxRetryDelay('maxRetryDelay', options.maxRetryDelay),
      checkRequest: options.validateRequests === false ? undefined : checkRequest,
      maxResponseBytes:
        options.maxResponseBytes === undefined
          ? DEFAULT_MAX_RESPONSE_BYTES
          : checkWhole('maxResponseBytes', options.maxResponseBytes, 1, Number.MAX_SAFE_INTEGER),
    })
    this.#transport = transport
    for (const [group, Group] of Object.entries(GROUPS)) Object.assign(this, { [group]: new Group(transport) })
  }

  /**
   * A new client with some options replaced (another `projectId`, other `timeout`, `maxRetries`,
   * `headers`, `logger`, …); the rest, the API key included, are this client's. An option given as
   * `undefined` (say, from an unset environment variable) keeps this client's. Checked like the constructor's.
   *
   * @example
   * ```ts
   * const other = client.withOptions({ projectId: 67890 })
   * ```
   */
  withOptions(overrides: ClientOptions): ProjectClient {
    if (typeof overrides !== 'object' || overrides === null) {
      throw new InvalidArgumentError('overrides', `expected an object, got ${show(overrides)}`)
    }
    const given = Object.entries(overrides).filter(([, value]) => value !== undefined)
    return new ProjectClient({ ...this.#options, ...Object.fromEntries(given) })
  }

  /**
   * Calls a path the SDK does not cover, with the same auth, retries, errors and redaction. A `path`
   * without a leading `/` is relative to `/api/projects/:project_id/`; with one, to the host root. The
   * answer is the parsed JSON, unvalidated (`undefined` for an empty body).
   *
   * @example
   * ```ts
   * const me = await client.request({ method: 'GET', path: '/api/users/@me/' })
   * ```
   */
  request(request: RawRequest, options?: RequestOptions): APIPromise<unknown> {
    return this.#transport.raw(request, options)
  }

  /**
   * Runs a query of any kind the service accepts and resolves with its answer. A query the service runs
   * asynchronously (a `refresh` of the `async` kinds: 202) is polled until it is done, within `timeout`.
   * `HogQLQuery` answers are typed by `Row` (not checked at run time); pass constants as `values` and
   * refer to them as `{name}` in the SQL rather than building strings. Paced on the query API's own limits.
   *
   * `POST /api/projects/:project_id/query/` · scope `query:read` (and `GET …/query/:id/` while an async run is
   * unfinished)
   *
   * @example
   * ```ts
   * const { columns, results } = await client.query<[string, number]>({
   *   kind: 'HogQLQuery',
   *   query: 'SELECT event, count() FROM events WHERE timestamp > {since} GROUP BY event',
   *   values: { since: '2026-01-01' },
   * })
   * ```
   */
  query<Row = unknown[]>(query: HogQLQuery, options?: QueryOptions): APIPromise<HogQLQueryResponse<Row>>
  query(query: ExperimentQuery, options?: QueryOptions): APIPromise<ExperimentQueryResponse>
  query(query: ExperimentLegacyQuery, options?: QueryOptions): APIPromise<ExperimentLegacyQueryResponse>
  query(query: QueryNode, options?: QueryOptions): APIPromise<QueryResponse>
  query(query: { kind: string }, options?: QueryOptions): APIPromise<unknown> {
    return new APIPromise(runQuery(this.#transport, query, options))
  }

  /**
   * Runs `fn(item, { index, signal })` over an array, an iterable or an async iterable (a `list()` walk
   * is read lazily: no item is read before a call can start) with at most `concurrency` calls in flight,
   * and resolves with a report of every item, in source order. Failures do not stop the run unless
   * `stopOnError`; then nothing new starts, and the items of an array never run are reported `skipped`
   * (another source is closed and its unread items are not in the report). Aborting `signal` starts no
   * new item, reaches the calls in flight through the `signal` given to `fn`, and rejects with
   * `AbortError` once they settled. A source that fails rejects with its error the same way.
   *
   * @example
   * ```ts
   * const report = await client.bulk(client.eventDefinitions.list(), (definition, { signal }) =>
   *   client.eventDefinitions.update(definition.id, { tags: ['reviewed'] }, { signal }),
   * )
   * console.log(`${report.succeeded} tagged, ${report.failed} failed`)
   * ```
   *
   * @throws {@link InvalidArgumentError} (as a rejection, before anything runs) for a bad argument.
   */
  bulk<T, R>(
    items: BulkSource<T>,
    fn: (item: T, context: BulkContext) => R | PromiseLike<R>,
    options?: BulkOptions,
  ): Promise<BulkReport<T, R>> {
    return bulk(items, fn, options)
  }

  /** A key-free summary for logs. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.baseUrl, projectId: this.projectId }
  }
}

function readEnv(): Record<string, string | undefined> {
  const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
  return process?.env ?? {}
}

function isBrowser(): boolean {
  const scope = globalThis as { window?: { document?: unknown }; process?: { versions?: { node?: string } } }
  return typeof scope.window?.document !== 'undefined' && !scope.process?.versions?.node
}
