import { HTTPError, TimeoutError as KyTimeoutError } from 'ky'
import {
  AbortError,
  ConnectionError,
  PROJECT_KEY_HINT,
  ProjectClientError,
  TimeoutError,
  toApiError,
} from './errors.js'
import { bodyText, parseBody } from './guarded-fetch.js'
import type { Scope } from './operations.js'
import { isAbort } from './retry-policy.js'

/** What the error of a failed call says about it. */
export interface FailedCall {
  method: string
  url: string
  /** The scope of the operation, for `PermissionDeniedError.requiredScope`; absent for `client.request()`. */
  scope?: Scope | null | undefined
  /** What to do instead, appended to the message. */
  hint?: string | undefined
  /** The API key is a project API key (`phc_…`): a 401 then says a personal API key is needed. */
  projectKey?: boolean | undefined
  timeout: number
  signal?: AbortSignal | undefined
}

/**
 * Turns whatever ky or fetch threw into the SDK's error: an `ApiError` subclass for an HTTP answer, else
 * `AbortError`, `TimeoutError` or `ConnectionError`. Errors the SDK made itself pass unchanged.
 */
export function toClientError(error: unknown, call: FailedCall): ProjectClientError {
  if (error instanceof ProjectClientError) return error
  const where = `${call.method} ${call.url}`
  if (error instanceof HTTPError) {
    const status = error.response.status
    return toApiError({
      status,
      body: parseBody(bodyText(error.response)),
      headers: error.response.headers,
      method: call.method,
      url: call.url,
      requiredScope: call.scope,
      hint: status === 401 && call.projectKey ? PROJECT_KEY_HINT : call.hint,
    })
  }
  if (call.signal?.aborted || isAbort(error)) return new AbortError(`${where} was aborted`)
  if (error instanceof KyTimeoutError)
    return new TimeoutError(`${where} timed out after ${call.timeout} ms per attempt`)
  return new ConnectionError(`${where} failed: ${describeFailure(error)}`, { cause: error })
}

/**
 * A failure's messages and codes along its `cause` chain, e.g. `fetch failed: connect ECONNREFUSED … (ECONNREFUSED)`.
 */
export function describeFailure(error: unknown): string {
  if (error instanceof HTTPError) return `status ${error.response.status}`
  const parts: string[] = []
  for (let current: unknown = error; current instanceof Error && parts.length < 4; current = current.cause) {
    const code = (current as { code?: unknown }).code
    parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message)
  }
  return parts.join(': ') || String(error)
}
