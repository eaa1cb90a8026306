import { createHash } from 'node:crypto'
import * as z from 'zod/mini'
import { stableJson, type Segments } from './diff.js'
import type { EnvReader } from './env.js'
import type { Plan, PlanChange } from './types.js'

/**
 * What a plan will do, held in it as data: each change carries its {@link PlannedWrite} and the plan its
 * {@link PlanState}, each a member under a symbol that is not enumerable, so never in the plan's JSON, a
 * `formatPlan` or a comparison of its fields. A saved plan is the same data encoded as JSON (saved-plan.ts).
 * No secret value is in any of it: a secret is its `{ $env: NAME }` reference, read when the change is sent.
 */

/** The data a create, update or delete needs, as a saved plan holds it beside the change's own fields. */
export const plannedWriteShape = {
  /** A create's or update's fields as the spec writes them (`$env` references in place of secrets). */
  send: z.optional(z.record(z.string(), z.unknown())),
  /** The live resource's writable fields when planned (SHA-256): `apply` writes only if they still match. */
  fingerprint: z.optional(z.string()),
  /** A delete: the resources the live one names (`<folder>/<key>`), deleted after it when the plan deletes them. */
  references: z.optional(z.array(z.string())),
}

export interface PlannedWrite extends z.infer<z.ZodMiniObject<typeof plannedWriteShape>> {
  /** The secret inputs and payloads of `send` (`['inputs', 'api_token']`): a saved plan holds none as a value. */
  secrets?: readonly Segments[]
  /**
   * `send` was checked against the request shape already (its spec read by `readConfig`, a body by `readPlan`):
   * the SDK does not check it again. Never saved: `readPlan` checks what it reads itself.
   */
  checked?: boolean
}

/** A plan's own data, beside its changes. */
export interface PlanState {
  /** The ids of the target's resources the references named when it was made (`<folder>/<key>` → id). */
  targets: Readonly<Record<string, string | number>>
  /** Re-send every secret input that has a `$env` value. */
  rotateSecrets: boolean
  /** Read back from a file (`readPlan`): `apply` reads every resource it changes before any write. */
  saved: boolean
  /**
   * Where the `$env` references are read when the plan is applied, and every value read so far (for the
   * scrubber: none is shown). The one member that is not data: the plan holds names, this holds the values.
   */
  env: EnvReader
  applied: boolean
}

/**
 * The writable fields of a live resource (`KindOps.toSpec`, secrets as read: a mapping's secret changed by
 * hand makes it stale) as a SHA-256 digest: a saved plan holds it without holding a value.
 */
export function fingerprint(writable: object): string {
  return createHash('sha256').update(stableJson(writable)).digest('hex')
}

const WRITE = Symbol('write')
const STATE = Symbol('plan')

interface Carrying {
  [WRITE]?: PlannedWrite
  [STATE]?: PlanState
}

function carry<T extends object>(value: T, key: typeof WRITE | typeof STATE, data: PlannedWrite | PlanState): T {
  Object.defineProperty(value, key, { value: data, enumerable: false, configurable: true })
  return value
}

/** `change`, carrying what it will send. */
export function withWrite(change: PlanChange, write: PlannedWrite): PlanChange {
  return carry(change, WRITE, write)
}

export function writeOf(change: PlanChange): PlannedWrite | undefined {
  return (change as Carrying)[WRITE]
}

/** `plan`, made by `plan()` (or read by `readPlan()`), carrying its state. */
export function planned(plan: Plan, state: Omit<PlanState, 'applied'>): Plan {
  return carry(plan, STATE, { ...state, applied: false })
}

export function stateOf(plan: Plan): PlanState | undefined {
  return (plan as Carrying)[STATE]
}

/** Whether `plan` was made by `plan()` (or read by `readPlan()`) and not applied yet. */
export function isPlanned(plan: Plan): boolean {
  return stateOf(plan)?.applied === false
}

/**
 * Marks `plan` applied: `false` when it was not made by `plan()` or was applied already (it is applied once: a
 * second run would create twice).
 */
export function markApplied(plan: Plan): boolean {
  const state = stateOf(plan)
  if (state === undefined || state.applied) return false
  state.applied = true
  return true
}
