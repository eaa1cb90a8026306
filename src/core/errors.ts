import { cloudRegion } from './cloud.js'
import type { Scope } from './operations.js'

/** The service's four-key error body (drf-exceptions-hog), see docs/service-behaviour.md §1.6. */
export interface ApiErrorBody {
  /** The kind of error: `validation_error`, `authentication_error`, `invalid_request`, `throttled_error`, … */
  type?: string
  /** The specific error: `required`, `not_found`, `permission_denied`, `throttled`, … */
  code?: string
  /** The human-readable message. */
  detail?: string
  /** The field the error is about, or `null`. */
  attr?: string | null
  [key: string]: unknown
}

/** A zod-style issue: where a response departed from its schema, and how. */
export interface ValidationIssue {
  /** The kind of departure: zod's (`invalid_type`, `invalid_value`, …), or `invalid_json`, `foreign_next_link`. */
  readonly code: string
  /** Where in the body, e.g. `['results', 3, 'id']`; empty for the body itself. */
  readonly path: ReadonlyArray<PropertyKey>
  /** What went wrong. */
  readonly message: string
  readonly [key: string]: unknown
}

/** Base class of every error this SDK throws. */
export class ProjectClientError extends Error {
  override name = 'ProjectClientError'

  /** A plain, key-free form for logs and `JSON.stringify`. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message }
    for (const [key, value] of Object.entries(this)) {
      if (key === 'cause' || key === 'name') continue
      out[key] = value instanceof Headers ? Object.fromEntries(value.entries()) : serialisable(value)
    }
    return out
  }
}

/** `value`, or a note in its place when `JSON.stringify` cannot write it (an answer nested thousands deep, a cycle). */
function serialisable(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  try {
    JSON.stringify(value)
    return value
  } catch (error) {
    return `[not shown: ${(error as Error).message}]`
  }
}

/** Bad input caught before any request was sent. `argument` names the offending argument or option. */
export class InvalidArgumentError extends ProjectClientError {
  override name = 'InvalidArgumentError'
  /** The message reads ``Invalid argument `<argument>`: <message>``. */
  constructor(
    /** The argument or option at fault, e.g. `id`, `params.limit`, `apiKey`. */
    readonly argument: string,
    message: string,
  ) {
    super(`Invalid argument \`${argument}\`: ${message}`)
  }
}

/**
 * What an {@link ApiError} is built from: what the client knows about a failed HTTP exchange. The client
 * builds these itself; construct one to stub a failing call in your own tests, e.g.
 * `new NotFoundError({ status: 404, body: { detail: 'Not found.' }, headers: new Headers(), method: 'GET', url })`.
 */
export interface ApiErrorInit {
  /** HTTP status. */
  status: number
  /** The parsed JSON body, or the raw text when it is not JSON, or `undefined` when empty. */
  body: unknown
  /** Response headers. */
  headers: Headers
  /** Request method. */
  method: string
  /** Request URL. */
  url: string
  /** The scope the operation needs (null: not callable with a personal API key). */
  requiredScope?: Scope | null
  /** Replaces the default message (`<method> <url> failed with <status>: <detail> (attr: <field>)`). */
  message?: string
  /** What to do instead, appended to the message. */
  hint?: string
}

/** An HTTP error answered by the service. Subclasses exist for the common statuses. */
export class ApiError extends ProjectClientError {
  override name = 'ApiError'
  /** HTTP status. */
  readonly status: number
  /** Response body: parsed JSON, or the raw text when not JSON, or `undefined` when empty. */
  readonly body: unknown
  /** Response headers. */
  readonly headers: Headers
  /** Request method. */
  readonly method: string
  /** Request URL. */
  readonly url: string
  /** The API's error `type` (`validation_error`, `authentication_error`, …) when the body carries one. */
  readonly type: string | undefined
  /** The API's error `code` (`required`, `not_found`, `throttled`, …) when the body carries one. */
  readonly code: string | undefined
  /** The API's human-readable `detail` (or `error`) when the body carries one. */
  readonly detail: string | undefined
  /** The field the error is about (`attr`), or `null`, when the body carries one. */
  readonly attr: string | null | undefined

  /** Reads `type`/`code`/`detail`/`attr` from `init.body` when it is the service's error body. */
  constructor(init: ApiErrorInit) {
    const fields = errorFields(init.body)
    const message = init.message ?? describe(init.status, init.method, init.url, fields.detail, fields.attr)
    super(init.hint ? `${message} — ${init.hint}` : message)
    this.status = init.status
    this.body = init.body
    this.headers = init.headers
    this.method = init.method
    this.url = init.url
    this.type = fields.type
    this.code = fields.code
    this.detail = fields.detail
    this.attr = fields.attr
  }
}

/** 400: the service rejected the input (`attr` names the field). */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError'
}
/**
 * What a 401 says when the key is a project API key (`phc_…`): it only sends events, and the service
 * looks keys of this API up among personal API keys only (docs/service-behaviour.md §1.3).
 */
export const PROJECT_KEY_HINT =
  'the key is a project API key (`phc_…`), which only sends events: this API needs a personal API key ' +
  '(`phx_…`, made under Personal API keys in your PostHog account settings)'

/**
 * 401: no key, or the key is invalid (docs/service-behaviour.md [`AU1`], [`AU2`]). From PostHog Cloud
 * (`https://us.posthog.com`, `https://eu.posthog.com`) the message of an invalid key names the usual causes: a key
 * of the other region (keys do not cross) or a revoked key. For a project API key (`phc_…`) it says instead that a
 * personal API key (`phx_…`) is needed, the cause being known. A key that never reached the service (a proxy in front
 * dropped the header) is said so.
 */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError'
  /** Adds to `init.hint` what the service's detail and the host say of the cause, unless the hint already gives it. */
  constructor(init: ApiErrorInit) {
    const detail = errorFields(init.body).detail ?? ''
    const region = cloudRegion(init.url)
    const other = region === 'us' ? 'https://eu.posthog.com' : 'https://us.posthog.com'
    const why = /not provided/.test(detail)
      ? 'the Authorization header did not reach the service (a proxy in front may drop it)'
      : region &&
        init.hint !== PROJECT_KEY_HINT &&
        /invalid|^$/i.test(detail) &&
        `PostHog Cloud keys work only in their own region: a key made on ${other} needs baseUrl ${other}; ` +
          `otherwise the key may have been revoked`
    super(why ? { ...init, hint: init.hint ? `${init.hint}; ${why}` : why } : init)
  }
}
/**
 * 403: the key lacks the scope, or the project, or the service refuses personal API keys for the action whatever
 * their scopes (`requiredScope: null`): the message follows the service's words (docs/service-behaviour.md
 * [`AU3`]–[`AU6`]).
 */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError'
  /**
   * The scope the operation needs: the one the service named, else the operation's; `null` when the service refuses
   * personal API keys for it, whatever their scopes. A scope no operation of the SDK needs (a `request()` to
   * another path) is the service's name as it wrote it.
   */
  readonly requiredScope: Scope | (string & {}) | null
  /** Reads the scope and the cause from the service's detail; advice is added only for a cause the detail names. */
  constructor(init: ApiErrorInit) {
    const fields = errorFields(init.body)
    const detail = fields.detail ?? ''
    const fromDetail = /missing required scope '([^']+)'/.exec(detail)?.[1]
    const refused = /does not support personal API key/i.test(detail)
    const requiredScope = refused ? null : (fromDetail ?? init.requiredScope ?? null)
    // The service's refusals of a project or an organisation are not about a scope.
    const why = /access to the (requested )?(project|organization)/i.test(detail)
      ? 'the key cannot reach this project: check projectId, and the projects the key (and its user) may use'
      : requiredScope === null
        ? 'personal API keys cannot call it, whatever their scopes (only a logged-in session can)'
        : fromDetail && `the API key needs the scope '${requiredScope}'`
    const message = describe(init.status, init.method, init.url, fields.detail, fields.attr)
    super({ ...init, message: init.message ?? (why ? `${message} — ${why}` : message) })
    this.requiredScope = requiredScope
  }
}
/** 404: no such resource (or soft-deleted). */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError'
}
/** 405: the method is refused; experiments and hog functions are never hard-deleted (use `softDelete`). */
export class MethodNotAllowedError extends ApiError {
  override name = 'MethodNotAllowedError'
}
/** 409: conflict. */
export class ConflictError extends ApiError {
  override name = 'ConflictError'
}
/** 429: throttled. `retryAfter` is the wait in seconds the service asked for, when it said. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError'
  /** Seconds to wait, from `Retry-After` or from the detail ("Expected available in N seconds"). */
  readonly retryAfter: number | null
  /** Reads `retryAfter` from the `Retry-After` header of `init.headers`, else from the detail. */
  constructor(init: ApiErrorInit) {
    super(init)
    this.retryAfter = parseRetryAfter(init.headers.get('retry-after')) ?? retryAfterFromDetail(this.detail)
  }
}
/** 5xx: the service failed. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError'
}

/** The request never got an HTTP answer: refused, DNS, dropped connection, TLS. */
export class ConnectionError extends ProjectClientError {
  override name = 'ConnectionError'
}
/** An attempt took longer than `timeout` (after the retries allowed). */
export class TimeoutError extends ProjectClientError {
  override name = 'TimeoutError'
}
/** The caller's `signal` aborted the request. */
export class AbortError extends ProjectClientError {
  override name = 'AbortError'
}
/** A response did not match its schema, or was not JSON. Nothing is lost: `body` holds what came. */
export class ResponseValidationError extends ProjectClientError {
  override name = 'ResponseValidationError'
  /** The message names the request and the first three issues. */
  constructor(
    /** Where the body departed from the schema. */
    readonly issues: ReadonlyArray<ValidationIssue>,
    /** The body as received: parsed JSON, or the raw text when it was not JSON. */
    readonly body: unknown,
    /** Request method. */
    readonly method: string,
    /** Request URL. */
    readonly url: string,
    /** HTTP status of the response. */
    readonly status: number,
  ) {
    super(`Unexpected response from ${method} ${url} (${status}): ${summarizeIssues(issues)}`)
  }
}

/**
 * An answer longer than the client's `maxResponseBytes` (counted after decompression): the client stopped
 * reading it there and let the rest go, so it is never held in memory. Not retried: the same request would
 * get the same answer.
 */
export class ResponseTooLargeError extends ProjectClientError {
  override name = 'ResponseTooLargeError'
  /** The message names the request and the limit. */
  constructor(
    /** The limit, in bytes (`maxResponseBytes`). */
    readonly limit: number,
    /** Request method. */
    readonly method: string,
    /** Request URL. */
    readonly url: string,
    /** HTTP status of the response. */
    readonly status: number,
  ) {
    super(
      `${method} ${url} answered (${status}) more than maxResponseBytes (${limit} bytes, after decompression): ` +
        `not read further`,
    )
  }
}

/** The error class of each HTTP status that has one of its own. */
const BY_STATUS: { readonly [status: number]: typeof ApiError } = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  429: RateLimitError,
}

/** Builds the error class that matches an HTTP status. */
export function toApiError(init: ApiErrorInit): ApiError {
  const Type = BY_STATUS[init.status] ?? (init.status >= 500 && init.status <= 599 ? InternalServerError : ApiError)
  return new Type(init)
}

/** `Retry-After` in seconds, from delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === '') return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

/** The service puts the wait in the 429 detail rather than in a header (docs/service-behaviour.md §1.7). */
export function retryAfterFromDetail(detail: string | undefined): number | null {
  const match = /Expected available in (\d+(?:\.\d+)?) seconds?/.exec(detail ?? '')
  return match ? Number(match[1]) : null
}

function errorFields(body: unknown): Pick<ApiError, 'type' | 'code' | 'detail' | 'attr'> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { type: undefined, code: undefined, detail: undefined, attr: undefined }
  }
  const record = body as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return {
    type: text(record.type),
    code: text(record.code),
    // Some views answer `{"error": "..."}` instead of the four-key body (docs/service-behaviour.md §1.6).
    detail: text(record.detail) ?? text(record.error),
    attr: typeof record.attr === 'string' || record.attr === null ? record.attr : undefined,
  }
}

/**
 * `<method> <url> failed with <status>: <detail> (attr: <field>)`: the service names the field in `attr`, not in the
 * detail.
 */
function describe(
  status: number,
  method: string,
  url: string,
  detail: string | undefined,
  attr: string | null | undefined,
): string {
  return `${method} ${url} failed with ${status}${detail ? `: ${detail}` : ''}${attr ? ` (attr: ${attr})` : ''}`
}

function summarizeIssues(issues: ReadonlyArray<ValidationIssue>): string {
  const shown = issues.slice(0, 3).map((issue) => {
    const where = issue.path.length ? issue.path.map(String).join('.') : '(root)'
    // zod/mini ships no messages ("Invalid input"): say what was expected when the issue knows.
    const what = typeof issue.expected === 'string' ? `expected ${issue.expected}` : issue.message
    return `${where}: ${what}`
  })
  return shown.join('; ') + (issues.length > 3 ? ` (+${issues.length - 3} more)` : '')
}
