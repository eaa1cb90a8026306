import { createHash } from 'node:crypto'
import { stableJson, type Segments } from './diff.js'
import type { EnvReader } from './env.js'
import type { Plan, PlanChange } from './types.js'

/**
 * What a plan will send, held beside it (never in its fields, so never in its JSON or a log of it): a plan
 * is applied in the process that made it.
 */
export interface PendingWrite {
  /** The body of a create or an update (secrets included). */
  body?: Record<string, unknown>
  /** The same fields as the spec has them (`$env` references in place of secrets): what a saved plan holds. */
  written?: Record<string, unknown>
  /** The live resource's writable fields when planned: `apply` re-reads it and writes only if they still match. */
  fingerprint?: string
  /** Where a hog function's secrets are read, whether they are re-sent, and the inputs that hold them (`['inputs', 'api_token']`). */
  secrets?: { env: EnvReader; rotate: boolean; paths?: readonly Segments[] }
  /** A delete: the resources the live one names (`<folder>/<key>`), deleted after it when the plan deletes them too. */
  references?: readonly string[]
  /** Read back from a file (`readPlan`): `body` is made from `written` when applied. */
  saved?: boolean
}

/**
 * The writable fields of a live resource (`KindOps.toSpec`, secrets as read: a mapping's secret changed by
 * hand makes it stale) as a SHA-256 digest: a saved plan holds it without holding a value.
 */
export function fingerprint(writable: object): string {
  return createHash('sha256').update(stableJson(writable)).digest('hex')
}

const writes = new WeakMap<PlanChange, PendingWrite>()
const plans = new WeakSet<Plan>()
const targets = new WeakMap<Plan, ReadonlyMap<string, string | number>>()

/** Records the ids of the target's resources a plan's references named when it was made (`<folder>/<key>` → id). */
export function setTargets(plan: Plan, ids: ReadonlyMap<string, string | number>): void {
  targets.set(plan, ids)
}

export function targetsOf(plan: Plan): ReadonlyMap<string, string | number> {
  return targets.get(plan) ?? new Map()
}

/** `change`, with what it will send held beside it (read back by `pendingWrite`). */
export function withPendingWrite(change: PlanChange, write: PendingWrite): PlanChange {
  writes.set(change, write)
  return change
}

export function pendingWrite(change: PlanChange): PendingWrite | undefined {
  return writes.get(change)
}

export function markPlanned(plan: Plan): Plan {
  plans.add(plan)
  return plan
}

/** Whether `plan` was made by `plan()` (or read by `readPlan()`) and not applied yet. */
export function isPlanned(plan: Plan): boolean {
  return plans.has(plan)
}

/**
 * Marks `plan` applied: `false` when it was not made by `plan()` here or was applied already (it is applied
 * once: a second run would create twice).
 */
export function markApplied(plan: Plan): boolean {
  return plans.delete(plan)
}
