import { isPlainObject } from './diff.js'
import { stateOf } from './pending.js'
import { SECRET_SHOWN } from './secrets.js'
import type { Plan } from './types.js'

/**
 * The last line of defence: every value a plan read from the environment, removed from whatever it shows.
 * Secrets are hidden by construction first (secrets.ts); this catches what construction cannot see, such as
 * a service's error text echoing the body it was sent. Each value is removed as written and as JSON or a
 * URL would escape it.
 */

/** Shorter values are not removed: they would erase ordinary text, and no secret is that short. */
export const MIN_SCRUBBED = 4

export class Scrubber {
  readonly #pattern: RegExp | undefined

  constructor(values: Iterable<string>) {
    const forms = new Set<string>()
    for (const value of values) {
      if (value.length < MIN_SCRUBBED) continue
      const json = JSON.stringify(value).slice(1, -1)
      for (const form of [value, json, JSON.stringify(json).slice(1, -1), encodeURIComponent(value)]) forms.add(form)
    }
    // Longest first, so a value that holds another is removed whole.
    const alternatives = [...forms]
      .sort((a, b) => b.length - a.length)
      .map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    this.#pattern = alternatives.length === 0 ? undefined : new RegExp(alternatives.join('|'), 'g')
  }

  text(text: string): string {
    return this.#pattern === undefined ? text : text.replace(this.#pattern, SECRET_SHOWN)
  }

  /** A copy of `value` (plain objects, arrays, strings) with every read value removed from its strings and keys. */
  value<T>(value: T): T {
    if (this.#pattern === undefined) return value
    if (typeof value === 'string') return this.text(value) as T
    if (Array.isArray(value)) return value.map((item: unknown) => this.value(item)) as T
    if (isPlainObject(value))
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [this.text(key), this.value(inner)])) as T
    return value
  }

  /**
   * Removes every read value from what a plan shows, in place (its changes keep their identity: what they send
   * is carried in them). The values of its fields are replaced by clean copies: they may share objects with
   * the bodies to send and with the caller's specs, which must stay as they are.
   */
  plan(plan: Plan): void {
    if (this.#pattern === undefined) return
    for (const change of plan.changes) {
      change.key = this.text(change.key)
      if (change.fields) change.fields = this.value(change.fields)
    }
    plan.errors = this.value(plan.errors)
    plan.warnings = this.value(plan.warnings)
  }

  /**
   * Removes every read value from `target` where it stands (objects keep their identity): its strings and
   * keys, at any depth, and an error's message, stack, body and cause. For what was made to be shown (an
   * `ApplyReport` and its errors), never for what is sent.
   */
  inPlace(target: unknown): void {
    if (this.#pattern !== undefined) this.#walk(target, new Set())
  }

  #walk(target: unknown, seen: Set<object>): void {
    if (typeof target !== 'object' || target === null || seen.has(target)) return
    seen.add(target)
    if (!Array.isArray(target) && !isPlainObject(target) && !(target instanceof Error)) return
    const record = target as Record<string, unknown>
    for (const key of Object.getOwnPropertyNames(record)) {
      const inner = record[key]
      const clean = this.text(key)
      if (typeof inner === 'string') {
        const text = this.text(inner)
        if (clean !== key || text !== inner) replace(record, key, clean, text)
      } else {
        this.#walk(inner, seen)
        if (clean !== key) replace(record, key, clean, inner)
      }
    }
  }
}

/** Sets `record[key]` as `record[clean]`, whatever its property kind (an error's `stack` may be an accessor). */
function replace(record: Record<string, unknown>, key: string, clean: string, value: unknown): void {
  const descriptor = Object.getOwnPropertyDescriptor(record, key)
  if (clean !== key) delete record[key]
  Object.defineProperty(record, clean, {
    value,
    writable: true,
    configurable: true,
    enumerable: descriptor?.enumerable ?? true,
  })
}

/** What removes every value read for `plan` so far (by `plan()`, or by `apply` for its secrets); none for another. */
export function scrubberOf(plan: Plan): Scrubber {
  return new Scrubber(stateOf(plan)?.env.values ?? [])
}
