import { InvalidArgumentError } from './errors.js'
import type { PathParamKind } from './operations.js'

/**
 * Checks of caller input, run before any request is sent: plain JavaScript callers get a clear
 * `InvalidArgumentError` naming the argument instead of a confusing answer from the service.
 */

/** A path id the service addresses as an integer (experiments). */
export function integerId(name: string, value: unknown): number {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) {
    throw new InvalidArgumentError(name, `expected a non-negative integer, got ${show(value)}`)
  }
  return id
}

/** A path id the service addresses as a string (UUIDs, endpoint names, response UUIDs). */
export function stringId(name: string, value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value)
  if (typeof value !== 'string' || value.length === 0) {
    throw new InvalidArgumentError(name, `expected a non-empty string, got ${show(value)}`)
  }
  // URL parsers treat `.` and `..` (even percent-encoded) as dot segments: no encoding keeps them in place.
  if (value === '.' || value === '..') {
    throw new InvalidArgumentError(name, `"${value}" cannot be used as a path segment`)
  }
  if (!value.isWellFormed()) {
    throw new InvalidArgumentError(name, 'contains a lone surrogate, which cannot be URL-encoded')
  }
  return value
}

/** A positive integer (endpoint version numbers). */
export function positiveInteger(name: string, value: unknown): number {
  const number = integerId(name, value)
  if (number === 0) throw new InvalidArgumentError(name, `expected a positive integer, got ${show(value)}`)
  return number
}

/** A path parameter, checked by the kind its operation row gives it. */
export function pathParam(name: string, kind: PathParamKind, value: unknown): string | number {
  return kind === 'integer'
    ? integerId(name, value)
    : kind === 'number'
      ? positiveInteger(name, value)
      : stringId(name, value)
}

/** An optional plain-object argument (params, body). */
export function plainObject<T extends object>(name: string, value: T | undefined, required = false): T | undefined {
  if (value === undefined && !required) return undefined
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(name, `expected an object, got ${show(value)}`)
  }
  return value
}

const INTEGER_PARAMS = new Set(['limit', 'offset', 'page', 'created_by', 'created_by_id', 'owner'])

/**
 * Query parameters: an object of scalars or arrays. `limit`, `offset`, `page` and user ids must be
 * non-negative integers; anything that cannot go into a query string is refused.
 */
export function queryParams<T extends object>(name: string, value: T | undefined): T | undefined {
  const params = plainObject(name, value)
  if (!params) return undefined
  for (const [key, item] of Object.entries(params)) {
    if (item === undefined || item === null) continue
    if (INTEGER_PARAMS.has(key)) {
      if (typeof item !== 'number' || !Number.isSafeInteger(item) || item < 0) {
        throw new InvalidArgumentError(`${name}.${key}`, `expected a non-negative integer, got ${show(item)}`)
      }
    } else if (!isQueryValue(item) && !(Array.isArray(item) && item.every(isQueryValue))) {
      throw new InvalidArgumentError(
        `${name}.${key}`,
        `expected a string, number, boolean, date or an array of them, got ${show(item)}`,
      )
    }
  }
  return params
}

/**
 * Query parameters (checked as `queryParams` does) with the lists the service parses as JSON arrays
 * (`tags`, `excluded_properties`, …) sent as JSON array strings rather than comma lists.
 */
export function withJsonArrays<T extends object>(
  name: string,
  params: T | undefined,
  keys: readonly string[],
): Record<string, unknown> | undefined {
  const query: Record<string, unknown> | undefined = queryParams(name, params) && { ...params }
  for (const key of keys) {
    if (query?.[key] != null) query[key] = JSON.stringify(stringList(`${name}.${key}`, query[key], true))
  }
  return query
}

/** An array of strings for a query or a body (endpoint names, survey ids, tags); non-empty unless `allowEmpty`. */
export function stringList(name: string, value: unknown, allowEmpty = false): string[] {
  if (!Array.isArray(value) || (!allowEmpty && value.length === 0)) {
    throw new InvalidArgumentError(
      name,
      `expected ${allowEmpty ? 'an' : 'a non-empty'} array of strings, got ${show(value)}`,
    )
  }
  value.forEach((item, index) => {
    if (typeof item !== 'string' || item.length === 0) {
      throw new InvalidArgumentError(`${name}[${index}]`, `expected a non-empty string, got ${show(item)}`)
    }
  })
  return value as string[]
}

function isQueryValue(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    (value instanceof Date && !Number.isNaN(value.getTime()))
  )
}

/**
 * A date-time to send: a valid `Date` becomes ISO 8601 UTC; a string is sent as given once `Date.parse`
 * reads it (the service accepts ISO 8601 with or without a zone); `undefined` means now.
 */
export function dateTime(name: string, value: unknown): string {
  if (value === undefined) return new Date().toISOString()
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString()
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value
  throw new InvalidArgumentError(name, `expected a Date or an ISO 8601 date-time string, got ${show(value)}`)
}

/** A short, safe description of a value for error messages. */
export function show(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `an array of ${value.length}`
  if (typeof value === 'string') return value.length > 40 ? `"${value.slice(0, 40)}…"` : JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'undefined') return String(value)
  if (value instanceof Date) return 'an invalid Date'
  return typeof value === 'object' ? 'an object' : typeof value
}
