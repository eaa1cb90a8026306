/**
 * The fake's answers: JSON responses and the four-key error bodies of drf-exceptions-hog
 * (docs/service-behaviour.md §1.6), and the way a handler stops with one.
 */

/** The four-key error body every DRF-raised error has. */
export interface ErrorBody {
  /** `validation_error`, `authentication_error`, `invalid_request`, `throttled_error`, … */
  type: string
  /** `invalid_input`, `not_authenticated`, `permission_denied`, `not_found`, `throttled`, … */
  code: string
  /** The human-readable message. */
  detail: string
  /** The field at fault, or `null`. */
  attr: string | null
}

/** Thrown inside handlers to answer with `response` at once. */
export class HttpFailure extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`)
    this.name = 'HttpFailure'
  }
}

/** A JSON response. */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** A response with no body. */
export function empty(status: number, headers?: Record<string, string>): Response {
  return new Response(null, { status, headers })
}

/** A four-key error body. */
export function errorBody(type: string, code: string, detail: string, attr: string | null = null): ErrorBody {
  return { type, code, detail, attr }
}

/** Answers a four-key error. */
export function apiError(
  status: number,
  type: string,
  code: string,
  detail: string,
  attr: string | null = null,
): Response {
  return json(errorBody(type, code, detail, attr), status)
}

/** Stops the handler and answers `response`. */
export function fail(response: Response): never {
  throw new HttpFailure(response)
}

/** Stops the handler with a 400 `validation_error`. */
export function invalid(detail: string, attr: string | null = null, code = 'invalid_input'): never {
  fail(apiError(400, 'validation_error', code, detail, attr))
}

/** Stops the handler with the service's 404. */
export function notFound(detail = 'Not found.'): never {
  fail(apiError(404, 'invalid_request', 'not_found', detail))
}

/** The four-key body of each status that has its own, as `[type, code, detail]`. */
const DEFAULT_ERRORS: { readonly [status: number]: readonly [type: string, code: string, detail: string] } = {
  400: ['validation_error', 'invalid_input', 'Invalid input.'],
  401: ['authentication_error', 'not_authenticated', 'Authentication credentials were not provided.'],
  402: ['server_error', 'quota_limit_exceeded', 'Quota limit exceeded.'],
  403: ['authentication_error', 'permission_denied', 'You do not have permission to perform this action.'],
  404: ['invalid_request', 'not_found', 'Not found.'],
  405: ['invalid_request', 'method_not_allowed', 'Method not allowed.'],
  409: ['server_error', 'conflict', 'Conflict.'],
  503: ['server_error', 'error', 'Queries are a little too busy right now. Please try again in a moment.'],
}

/** The body a status gets when a test injects it without one. */
export function defaultErrorBody(status: number, retryAfterSeconds?: number): ErrorBody {
  if (status === 429) return throttledBody(retryAfterSeconds ?? 1)
  const fields = DEFAULT_ERRORS[status]
  if (fields) return errorBody(...fields)
  return status >= 500
    ? errorBody('server_error', 'error', 'A server error occurred.')
    : errorBody('invalid_request', 'error', `Request failed with status ${status}.`)
}

/** The 429 body (drf-exceptions-hog `throttled_error`). */
export function throttledBody(seconds: number): ErrorBody {
  return errorBody(
    'throttled_error',
    'throttled',
    `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  )
}
