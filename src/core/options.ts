import { plainObject, show } from './args.js'
import { InvalidArgumentError } from './errors.js'

/**
 * The options of the client and of each call, and their checks: a bad option is an `InvalidArgumentError`
 * naming it, before any request is sent.
 */

/** Per-request options, the last argument of every method. */
export interface RequestOptions {
  /** Aborts the request (and any retry wait) when signalled; the promise rejects with `AbortError`. */
  signal?: AbortSignal | undefined
  /** Milliseconds per attempt; overrides the client's `timeout`. */
  timeout?: number | undefined
  /** Retries allowed for this call; overrides the client's `maxRetries`. `0` sends once. */
  maxRetries?: number | undefined
  /** Extra headers for this call. `Authorization` cannot be overridden. */
  headers?: Record<string, string> | undefined
  /**
   * Body fields the SDK does not know yet, merged over the body the method sends (an operation that sends
   * no body refuses them).
   */
  extraBody?: Record<string, unknown> | undefined
  /** Query parameters the SDK does not know yet, merged over the method's own; encoded like them. */
  extraQuery?: Record<string, QueryValue | readonly QueryValue[] | null | undefined> | undefined
  /**
   * The longest wait (ms) the service may ask of this call, by a 429's `Retry-After` or detail, its own or
   * another call's of the same key (see `rateLimit`); overrides the client's `maxRetryDelay`. A call asked
   * to wait longer rejects at once with `RateLimitError`.
   */
  maxRetryDelay?: number | undefined
}

/** A value a query string can carry: sent as text, a `Date` as ISO 8601 UTC. */
export type QueryValue = string | number | boolean | Date

/** Where the client writes its debug lines. `console` fits. Lines never contain the API key. */
export interface Logger {
  /** Receives one line per request sent, response received and retry scheduled (method, URL, status). */
  debug(message: string, ...args: unknown[]): void
  /** Receives warnings, such as a plain-http `baseUrl` on a non-local host. */
  warn?(message: string, ...args: unknown[]): void
}

/** Checks the request options of a call (all optional). */
export function checkRequestOptions(options: RequestOptions | undefined): void {
  if (!plainObject('options', options)) return
  const { signal, timeout, maxRetries, headers, extraBody, extraQuery, maxRetryDelay } = options as RequestOptions
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidArgumentError('options.signal', `expected an AbortSignal, got ${show(signal)}`)
  }
  if (timeout !== undefined) checkTimeout('options.timeout', timeout)
  if (maxRetries !== undefined) checkMaxRetries('options.maxRetries', maxRetries)
  if (maxRetryDelay !== undefined) checkMaxRetryDelay('options.maxRetryDelay', maxRetryDelay)
  if (headers !== undefined) checkHeaders('options.headers', headers)
  if (extraBody !== undefined) plainObject('options.extraBody', extraBody)
  if (extraQuery !== undefined) plainObject('options.extraQuery', extraQuery)
}

/** A timeout in ms: positive, finite, and within what `setTimeout` can wait. */
export function checkTimeout(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || value > 2_147_483_647) {
    throw new InvalidArgumentError(name, `expected a positive number of milliseconds, got ${show(value)}`)
  }
  return value
}

/** A wait in ms the client accepts: from 0 to what `setTimeout` can wait. */
export function checkMaxRetryDelay(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0) || value > 2_147_483_647) {
    throw new InvalidArgumentError(name, `expected a number of milliseconds from 0 to 2147483647, got ${show(value)}`)
  }
  return value
}

/** A retry count: a whole number from 0 to 10. */
export function checkMaxRetries(name: string, value: unknown): number {
  return checkWhole(name, value, 0, 10)
}

/** A whole number from `min` to `max`. */
export function checkWhole(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError(name, `expected a whole number from ${min} to ${max}, got ${show(value)}`)
  }
  return value
}

/** Headers: an object of string values. */
export function checkHeaders(name: string, value: unknown): Record<string, string> {
  const headers = plainObject(name, value as object) as Record<string, unknown>
  for (const [key, item] of Object.entries(headers)) {
    if (typeof item !== 'string')
      throw new InvalidArgumentError(`${name}.${key}`, `expected a string, got ${show(item)}`)
  }
  return headers as Record<string, string>
}

/** The API key: required, printable ASCII; never echoed, since even a malformed key is a secret. */
export function checkApiKey(value: unknown): string {
  if (value === undefined || value === '') {
    throw new InvalidArgumentError('apiKey', 'missing: pass `apiKey` or set POSTHOG_PERSONAL_API_KEY')
  }
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value)) {
    throw new InvalidArgumentError(
      'apiKey',
      'malformed: expected a personal API key (`phx_…`) with no spaces or control characters',
    )
  }
  return value
}

/** A numeric project id, or `@current`. */
export function checkProjectId(value: unknown): string {
  if (value === undefined || value === '') {
    throw new InvalidArgumentError('projectId', 'missing: pass `projectId` or set POSTHOG_PROJECT_ID')
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value)
  if (typeof value === 'string' && (/^\d+$/.test(value) || value === '@current')) return value
  throw new InvalidArgumentError('projectId', `expected a numeric project id or "@current", got ${show(value)}`)
}

/** An http(s) origin with an optional path (not ending in `/api`), and no credentials, query or fragment. */
export function checkBaseUrl(value: unknown): URL {
  let url: URL | undefined
  try {
    url = typeof value === 'string' ? new URL(value) : undefined
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new InvalidArgumentError(
      'baseUrl',
      `expected an http(s) URL such as https://eu.posthog.com, got ${show(value)}`,
    )
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new InvalidArgumentError('baseUrl', 'must not carry credentials, a query or a fragment')
  }
  // `…/api` would send every request to `/api/api/projects/…`, a bare 404.
  if (/\/api\/?$/.test(url.pathname)) {
    const host = url.href.replace(/\/api\/?$/, '')
    throw new InvalidArgumentError(
      'baseUrl',
      `ends in /api, but the client adds /api/projects/… itself: give the host (and any path before /api), ` +
        `e.g. ${host}`,
    )
  }
  return url
}

/** An object with a `debug` method, such as `console`. */
export function checkLogger(value: unknown): Logger | undefined {
  if (
    value !== undefined &&
    (typeof value !== 'object' || value === null || typeof (value as Logger).debug !== 'function')
  ) {
    throw new InvalidArgumentError('logger', 'expected an object with a `debug` method, such as `console`')
  }
  return value as Logger | undefined
}

/** One of a closed set of strings. */
export function checkOneOf<T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    throw new InvalidArgumentError(
      name,
      `expected ${allowed.map((item) => `"${item}"`).join(' or ')}, got ${show(value)}`,
    )
  }
  return value as T
}

/** An optional value of one `typeof` kind (`boolean`, `function`). */
export function checkTypeOf(name: string, value: unknown, kind: 'boolean' | 'function'): void {
  if (value !== undefined && typeof value !== kind) {
    throw new InvalidArgumentError(name, `expected a ${kind}, got ${show(value)}`)
  }
}
