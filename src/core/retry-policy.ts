import { HTTPError, TimeoutError as KyTimeoutError, type RetryOptions } from 'ky'
import { ProjectClientError, parseRetryAfter } from './errors.js'

/**
 * Which failures are retried, and how long to wait: the README's "Retries", as ky retry options.
 * ky does the waiting, the jitter and the `Retry-After` parsing; this decides what is safe to resend.
 */

const RETRY_BASE_MS = 500
const RETRY_BACKOFF_CAP_MS = 8_000
const RETRY_STATUSES = [408, 429, ...Array.from({ length: 100 }, (_, index) => 500 + index)]
const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']
/** Connection failures where the request never reached the server: safe to retry any method. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

// One options object per kind of call: ky copies its options on every request, so they are built once.
const policies = new Map<string, RetryOptions>()

/**
 * Any call is retried on 429 (the server did not act on it) and on connections never made; an idempotent
 * one also on timeouts, dropped connections, 408 and 5xx. `limit` retries after the first attempt. A wait
 * the server asks for (`Retry-After`, or a 429's detail) beyond `maxRetryDelay` ms is not waited: the
 * call fails at once.
 */
export function retryPolicy(idempotent: boolean, limit: number, maxRetryDelay: number): RetryOptions {
  const key = `${idempotent}:${limit}:${maxRetryDelay}`
  let policy = policies.get(key)
  if (!policy) {
    policy = {
      limit,
      methods: ALL_METHODS,
      statusCodes: RETRY_STATUSES, // `Retry-After` is read on ky's default afterStatusCodes: 413, 429 and 503
      maxRetryAfter: maxRetryDelay,
      backoffLimit: RETRY_BACKOFF_CAP_MS,
      delay: (attempt) => RETRY_BASE_MS * 2 ** (attempt - 1),
      jitter: true,
      shouldRetry: ({ error }) => shouldRetry(error, idempotent, maxRetryDelay),
    }
    policies.set(key, policy)
  }
  return policy
}

/** `false`: never; `undefined`: let ky decide (it applies `Retry-After` and the status list); `true`: retry. */
function shouldRetry(error: unknown, idempotent: boolean, maxRetryDelay: number): boolean | undefined {
  if (error instanceof ProjectClientError || isAbort(error)) return false
  if (error instanceof HTTPError) {
    const status = error.response.status
    // Fail now rather than block (ky would cap the wait and retry anyway).
    if ((parseRetryAfter(error.response.headers.get('retry-after')) ?? 0) * 1_000 > maxRetryDelay) return false
    if (status === 429) return undefined
    return idempotent && (status === 408 || status >= 500) ? undefined : false
  }
  if (error instanceof KyTimeoutError) return idempotent
  return idempotent || neverSent(error)
}

/** An abort, from the caller's signal or the runtime. */
export function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

function neverSent(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true
  }
  return false
}
