import type { FieldChange } from './types.js'

/** Where a value sits inside a spec: object keys and array indexes, never a path string parsed back. */
export type Segments = ReadonlyArray<string | number>

/** One field that differs, located by its segments. */
export interface Difference {
  at: Segments
  before: unknown
  after: unknown
}

/**
 * The fields where a live resource differs from its spec, compared only where the spec says something: a
 * field (at any depth) the spec leaves out is the service's to fill (question ids, schema defaults, a
 * metric's fingerprint) and is not compared. An explicit `null` matches an absent field (a read leaves
 * nulls out). Arrays of the same length are compared item by item, others as a whole. Date-like strings
 * match when they name the same instant (the service writes its own precision).
 */
export function diffFields(live: unknown, desired: unknown, at: Segments = []): Difference[] {
  if (desired === undefined) return []
  if (desired === DIFFERENT) return [{ at, before: live, after: desired }]
  if (desired === null) return live === null || live === undefined ? [] : [{ at, before: live, after: null }]
  if (desired instanceof Date) return sameScalar(live, desired) ? [] : [{ at, before: live, after: desired }]
  if (Array.isArray(desired)) {
    if (!Array.isArray(live) || live.length !== desired.length) return [{ at, before: live, after: desired }]
    return desired.flatMap((item, index) => diffFields(live[index], item, [...at, index]))
  }
  if (isPlainObject(desired)) {
    if (!isPlainObject(live)) return [{ at, before: live, after: desired }]
    return Object.entries(desired).flatMap(([key, value]) => diffFields(live[key], value, [...at, key]))
  }
  return sameScalar(live, desired) ? [] : [{ at, before: live, after: desired }]
}

/** A difference as a plan shows it: its location as a path for reading. */
export function fieldChange({ at, before, after }: Difference): FieldChange {
  return { path: pathText(at), before, after }
}

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/

/**
 * Segments as a path for reading: `mappings[0].inputs.api_token`; a key that is not a plain name is quoted
 * (`inputs["x.y"]`), so no two locations read the same. For display only: nothing parses it back.
 */
export function pathText(at: Segments): string {
  return at
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`
      if (!PLAIN_KEY.test(segment)) return `[${JSON.stringify(segment)}]`
      return index === 0 ? segment : `.${segment}`
    })
    .join('')
}

/** Whether `at` is `parent` or inside it. */
export function isWithin(at: Segments, parent: Segments): boolean {
  return parent.length <= at.length && parent.every((segment, index) => at[index] === segment)
}

/** A desired value that differs from anything live (a secret to re-send: its live value cannot be read). */
export const DIFFERENT: unique symbol = Symbol('different')

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

function sameScalar(live: unknown, desired: unknown): boolean {
  if (Object.is(live, desired)) return true
  if (desired instanceof Date) return typeof live === 'string' && Date.parse(live) === desired.getTime()
  return (
    typeof live === 'string' &&
    typeof desired === 'string' &&
    DATE_LIKE.test(live) &&
    DATE_LIKE.test(desired) &&
    Date.parse(live) === Date.parse(desired)
  )
}

/** JSON with object keys sorted: equal for equal values whatever the key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  )
}
