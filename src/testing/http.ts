/**
 * Building blocks of the fake's answers: JSON responses, the four-key error bodies of drf-exceptions-hog
 * (docs/service-behaviour.md §1.6), DRF-style request-field checks and DRF's limit/offset pagination (§1.5).
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
export function apiError(status: number, type: string, code: string, detail: string, attr: string | null = null): Response {
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

/** The body a status gets when a test injects it without one. */
export function defaultErrorBody(status: number, retryAfterSeconds?: number): ErrorBody {
  switch (status) {
    case 400:
      return errorBody('validation_error', 'invalid_input', 'Invalid input.')
    case 401:
      return errorBody('authentication_error', 'not_authenticated', 'Authentication credentials were not provided.')
    case 403:
      return errorBody('authentication_error', 'permission_denied', 'You do not have permission to perform this action.')
    case 404:
      return errorBody('invalid_request', 'not_found', 'Not found.')
    case 405:
      return errorBody('invalid_request', 'method_not_allowed', 'Method not allowed.')
    case 409:
      return errorBody('server_error', 'conflict', 'Conflict.')
    case 429:
      return throttledBody(retryAfterSeconds ?? 1)
    case 402:
      return errorBody('server_error', 'quota_limit_exceeded', 'Quota limit exceeded.')
    case 503:
      return errorBody('server_error', 'error', 'Queries are a little too busy right now. Please try again in a moment.')
    default:
      return status >= 500
        ? errorBody('server_error', 'error', 'A server error occurred.')
        : errorBody('invalid_request', 'error', `Request failed with status ${status}.`)
  }
}

/** The 429 body (drf-exceptions-hog `throttled_error`). */
export function throttledBody(seconds: number): ErrorBody {
  return errorBody('throttled_error', 'throttled', `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`)
}

// ---------------------------------------------------------------------------------------------------
// Request fields, checked the way DRF serializers check them (first error wins, messages verbatim).

/** The request body as an object; anything else is DRF's non-field error. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {}
  if (!isObject(body)) {
    invalid(`Invalid data. Expected a dictionary, but got ${pythonType(body)}.`, null, 'invalid_input')
  }
  return body
}

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function pythonType(value: unknown): string {
  if (Array.isArray(value)) return 'list'
  if (value === null) return 'NoneType'
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  return 'dict'
}

interface FieldRules {
  required?: boolean
  nullable?: boolean
}

function present(body: Record<string, unknown>, key: string, rules: FieldRules, attr: string): boolean {
  const value = body[key]
  if (value === undefined) {
    if (rules.required) invalid('This field is required.', attr, 'required')
    return false
  }
  if (value === null) {
    if (!rules.nullable) invalid('This field may not be null.', attr, 'null')
    return false
  }
  return true
}

/** A string field: `undefined` when absent, `null` when null (and allowed). */
export function stringField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules & { maxLength?: number; allowBlank?: boolean } = {},
  attr = key,
): string | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (typeof value !== 'string') invalid('Not a valid string.', attr)
  if (value.trim() === '' && rules.allowBlank === false) invalid('This field may not be blank.', attr, 'blank')
  if (rules.maxLength !== undefined && value.length > rules.maxLength) {
    invalid(`Ensure this field has no more than ${rules.maxLength} characters.`, attr, 'max_length')
  }
  return value
}

/** A boolean field (DRF accepts `true`/`false` and their string and 0/1 forms). */
export function booleanField(body: Record<string, unknown>, key: string, rules: FieldRules = {}, attr = key): boolean | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const parsed = parseBoolean(body[key])
  if (parsed === undefined) invalid('Must be a valid boolean.', attr)
  return parsed
}

/** An integer field with optional bounds. */
export function integerField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules & { min?: number; max?: number } = {},
  attr = key,
): number | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  const number = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number)) invalid('A valid integer is required.', attr)
  if (rules.min !== undefined && number < rules.min) {
    invalid(`Ensure this value is greater than or equal to ${rules.min}.`, attr, 'min_value')
  }
  if (rules.max !== undefined && number > rules.max) {
    invalid(`Ensure this value is less than or equal to ${rules.max}.`, attr, 'max_value')
  }
  return number
}

/** A JSON object field. */
export function objectField(body: Record<string, unknown>, key: string, rules: FieldRules = {}, attr = key): Record<string, unknown> | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (!isObject(value)) invalid(`Expected a dictionary of items but got type "${pythonType(value)}".`, attr, 'not_a_dict')
  return value
}

/** A JSON array field. */
export function arrayField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules & { allowEmpty?: boolean } = {},
  attr = key,
): unknown[] | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (!Array.isArray(value)) invalid(`Expected a list of items but got type "${pythonType(value)}".`, attr, 'not_a_list')
  if (rules.allowEmpty === false && value.length === 0) invalid('This list may not be empty.', attr, 'empty')
  return value
}

/** A field limited to `choices` (`""` allowed only when listed). */
export function choiceField(
  body: Record<string, unknown>,
  key: string,
  choices: readonly string[],
  rules: FieldRules = {},
  attr = key,
): string | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (typeof value !== 'string' || !choices.includes(value)) {
    invalid(`"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`, attr, 'invalid_choice')
  }
  return value
}

/** A date-time field (ISO 8601), kept as sent. */
export function dateTimeField(body: Record<string, unknown>, key: string, rules: FieldRules = {}, attr = key): string | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) || Number.isNaN(Date.parse(value))) {
    invalid(
      'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
      attr,
    )
  }
  return value
}

/** DRF's reading of a boolean (query parameters included): `undefined` when not a boolean. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === false) return value
  if (value === 1 || value === 0) return value === 1
  if (typeof value !== 'string') return undefined
  const lower = value.toLowerCase()
  if (['true', '1', 'yes', 'on', 't', 'y'].includes(lower)) return true
  if (['false', '0', 'no', 'off', 'f', 'n'].includes(lower)) return false
  return undefined
}

/** `true` only for a query flag spelled as a true boolean. */
export function queryFlag(query: URLSearchParams, key: string): boolean {
  const value = query.get(key)
  return value !== null && parseBoolean(value) === true
}

// ---------------------------------------------------------------------------------------------------
// Pagination

/** A DRF limit/offset page. */
export interface PageBody<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

/**
 * DRF `LimitOffsetPagination`: `limit` must be a positive integer (else the default), `offset` a
 * non-negative one (else 0); `next`/`previous` are absolute URLs built from the request URL with the
 * parameters replaced and re-encoded in sorted order; the `previous` of page 2 drops `offset`.
 */
export function paginate<T>(url: URL, items: readonly T[], defaultLimit: number): PageBody<T> {
  const limit = positiveInt(url.searchParams.get('limit'), true) ?? defaultLimit
  const offset = positiveInt(url.searchParams.get('offset'), false) ?? 0
  const count = items.length
  const results = count === 0 || offset > count ? [] : items.slice(offset, offset + limit)
  let next: string | null = null
  if (offset + limit < count) {
    next = replaceQueryParam(new URL(replaceQueryParam(url, 'limit', limit)), 'offset', offset + limit)
  }
  let previous: string | null = null
  if (offset > 0) {
    const withLimit = new URL(replaceQueryParam(url, 'limit', limit))
    previous = offset - limit <= 0 ? removeQueryParam(withLimit, 'offset') : replaceQueryParam(withLimit, 'offset', offset - limit)
  }
  return { count, next, previous, results }
}

/** Presents only the items of a page: presenting (cloning) the whole list on every request made long walks quadratic. */
export function presentPage<T, R>(page: PageBody<T>, present: (item: T) => R): PageBody<R> {
  return { ...page, results: page.results.map((item) => present(item)) }
}

/** DRF's `_positive_int`: `undefined` when absent or invalid (or zero under `strict`). */
export function positiveInt(value: string | null, strict: boolean): number | undefined {
  if (value === null || !/^\s*\+?\d+\s*$/.test(value)) return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || (strict && number === 0)) return undefined
  return number
}

/** DRF `replace_query_param`: sets one parameter and re-encodes every parameter in sorted order. */
export function replaceQueryParam(url: URL, key: string, value: string | number): string {
  return rewriteQuery(url, (params) => params.set(key, [String(value)]))
}

/** DRF `remove_query_param`. */
export function removeQueryParam(url: URL, key: string): string {
  return rewriteQuery(url, (params) => params.delete(key))
}

function rewriteQuery(url: URL, change: (params: Map<string, string[]>) => void): string {
  const params = new Map<string, string[]>()
  for (const [key, value] of url.searchParams) {
    const values = params.get(key)
    if (values) values.push(value)
    else params.set(key, [value])
  }
  change(params)
  const search = new URLSearchParams()
  for (const key of [...params.keys()].sort()) {
    for (const value of params.get(key) ?? []) search.append(key, value)
  }
  const out = new URL(url.href)
  out.hash = ''
  // Python's `urlencode` leaves `~` alone and escapes `*`; URLSearchParams does the opposite.
  out.search = search.toString().replace(/%7E/g, '~').replace(/\*/g, '%2A')
  return out.href
}

/** Orders records by `fields` (`-` prefix: descending). Nulls sort last either way. */
export function sortBy<T>(items: T[], fields: readonly string[], read: (item: T, field: string) => unknown): T[] {
  return items.sort((a, b) => {
    for (const spec of fields) {
      const descending = spec.startsWith('-')
      const field = descending ? spec.slice(1) : spec
      const left = read(a, field)
      const right = read(b, field)
      if (left === right) continue
      if (left === null || left === undefined) return 1
      if (right === null || right === undefined) return -1
      const order = (left as string | number) < (right as string | number) ? -1 : (left as string | number) > (right as string | number) ? 1 : 0
      if (order !== 0) return descending ? -order : order
    }
    return 0
  })
}

/** Case-insensitive "contains". */
export function icontains(haystack: unknown, needle: string): boolean {
  return typeof haystack === 'string' && haystack.toLowerCase().includes(needle.toLowerCase())
}
