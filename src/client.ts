import { show } from './core/args.js'
import { InvalidArgumentError } from './core/errors.js'
import { rateLimitOption, type RateLimits } from './core/rate-limit.js'
import { Transport, checkHeaders, checkMaxRetries, checkMaxRetryDelay, checkTimeout, type Logger } from './core/transport.js'
import { Endpoints } from './resources/endpoints.js'
import { EventDefinitions } from './resources/event-definitions.js'
import { Experiments } from './resources/experiments.js'
import { HogFunctions } from './resources/hog-functions.js'
import { Surveys } from './resources/surveys.js'

/** Options of `new ProjectClient(...)`. */
export interface ClientOptions {
  /** Personal API key (`phx_…`). Falls back to `POSTHOG_PERSONAL_API_KEY` where `process.env` exists. */
  apiKey?: string
  /** Project id, or `@current`. Falls back to `POSTHOG_PROJECT_ID`. */
  projectId?: string | number
  /** Default `https://us.posthog.com`; falls back to `POSTHOG_BASE_URL`. EU and self-hosted hosts work the same. */
  baseUrl?: string
  /** Milliseconds per attempt. Default 60 000. */
  timeout?: number
  /** Retries after the first attempt (see README, "Retries"). Default 2. */
  maxRetries?: number
  /** A fetch implementation to use instead of the global one. */
  fetch?: typeof globalThis.fetch
  /** Headers sent with every request. */
  headers?: Record<string, string>
  /** Validate every response body with the zod schemas (default `true`). `false` returns the JSON as is. */
  validateResponses?: boolean
  /** Path prefix of the endpoints group: `projects` (default) or `environments` (deprecated by the service). */
  endpointsPrefix?: 'projects' | 'environments'
  /** Receives each request, response and retry at debug level, with the key redacted. */
  logger?: Logger
  /** In a browser the constructor refuses a personal API key (it would be visible to the page's users) unless `true`. */
  dangerouslyAllowBrowser?: boolean
  /**
   * Pacing to the service's rate limits, on by default with its published numbers (480 requests a minute
   * and 4,800 an hour per key; the endpoints group 240 and 2,400): a call over a limit waits for its turn.
   * An object changes any number; `false` turns pacing off. Clients of the same key and host share one
   * limiter; when they give different numbers it keeps the smallest of each (see README, "Rate limits").
   */
  rateLimit?: boolean | RateLimits
  /**
   * The longest wait (ms) the service may ask for, by a 429's `Retry-After` or detail (or a 503's
   * `Retry-After`), before a retry. A call asked to wait longer, by its own 429 or by the shared pause
   * after another call's, rejects at once with `RateLimitError`. Default 60 000.
   */
  maxRetryDelay?: number
}

const DEFAULT_BASE_URL = 'https://us.posthog.com'
const LOCAL_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/

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
  /** Experiments: `experiments/`. */
  readonly experiments: Experiments
  /** Hog functions: `hog_functions/`. */
  readonly hogFunctions: HogFunctions
  /** Surveys: `surveys/`. */
  readonly surveys: Surveys
  /** Saved-query endpoints: `endpoints/` under the `endpointsPrefix`. */
  readonly endpoints: Endpoints
  /** Event definitions: `event_definitions/`. */
  readonly eventDefinitions: EventDefinitions
  /** The project id every path uses. */
  readonly projectId: string
  /** The host every request goes to. */
  readonly baseUrl: string

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
    const logger = options.logger
    if (logger !== undefined && (typeof logger !== 'object' || logger === null || typeof logger.debug !== 'function')) {
      throw new InvalidArgumentError('logger', 'expected an object with a `debug` method, such as `console`')
    }
    const endpointsPrefix = options.endpointsPrefix ?? 'projects'
    if (endpointsPrefix !== 'projects' && endpointsPrefix !== 'environments') {
      throw new InvalidArgumentError('endpointsPrefix', `expected "projects" or "environments", got ${show(endpointsPrefix)}`)
    }
    if (options.fetch !== undefined && typeof options.fetch !== 'function') {
      throw new InvalidArgumentError('fetch', `expected a function, got ${show(options.fetch)}`)
    }
    if (options.validateResponses !== undefined && typeof options.validateResponses !== 'boolean') {
      throw new InvalidArgumentError('validateResponses', `expected a boolean, got ${show(options.validateResponses)}`)
    }
    if (isBrowser() && options.dangerouslyAllowBrowser !== true) {
      throw new InvalidArgumentError(
        'dangerouslyAllowBrowser',
        'this looks like a browser, where a personal API key is visible to anyone using the page; pass `dangerouslyAllowBrowser: true` if that is intended',
      )
    }
    if (baseUrl.protocol === 'http:' && !LOCAL_HOSTS.test(baseUrl.hostname)) {
      logger?.warn?.(
        `[posthog-project-client] baseUrl ${baseUrl.origin} uses plain http: the API key will cross the network unencrypted. Use https.`,
      )
    }
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
      rateLimit: rateLimitOption('rateLimit', options.rateLimit),
      maxRetryDelay: options.maxRetryDelay === undefined ? 60_000 : checkMaxRetryDelay('maxRetryDelay', options.maxRetryDelay),
    })
    this.experiments = new Experiments(transport)
    this.hogFunctions = new HogFunctions(transport)
    this.surveys = new Surveys(transport)
    this.endpoints = new Endpoints(transport)
    this.eventDefinitions = new EventDefinitions(transport)
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

function checkApiKey(value: unknown): string {
  if (value === undefined || value === '') {
    throw new InvalidArgumentError('apiKey', 'missing: pass `apiKey` or set POSTHOG_PERSONAL_API_KEY')
  }
  // Never echo the value: a malformed key is still a secret.
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) {
    throw new InvalidArgumentError('apiKey', 'malformed: expected a personal API key (`phx_…`) with no spaces or control characters')
  }
  return value
}

function checkProjectId(value: unknown): string {
  if (value === undefined || value === '') {
    throw new InvalidArgumentError('projectId', 'missing: pass `projectId` or set POSTHOG_PROJECT_ID')
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value)
  if (typeof value === 'string' && (/^\d+$/.test(value) || value === '@current')) return value
  throw new InvalidArgumentError('projectId', `expected a numeric project id or "@current", got ${show(value)}`)
}

function checkBaseUrl(value: unknown): URL {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InvalidArgumentError('baseUrl', `expected an http(s) URL such as https://eu.posthog.com, got ${show(value)}`)
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidArgumentError('baseUrl', 'must not carry credentials, a query or a fragment')
  }
  return url
}
