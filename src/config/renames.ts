import { diffFields } from './diff.js'
import type { KindOps, Resource } from './kinds.js'
import { writeOf } from './pending.js'
import { isEnvReference } from './secrets.js'
import type { PlanChange, PlanWarning } from './types.js'

/**
 * Renames. A spec's `$renamedFrom: '<old key>'` makes `plan` update the resource that has the old key
 * (`plan.ts`); without it, a renamed spec plans a create and (with prune) a delete, which loses what the
 * service keeps by id (a survey's responses, a function's logs): when their other fields match, the plan
 * says so.
 */

/** The member of a spec that names the key it had before. Never sent, never written by `writeConfig`. */
export const RENAMED_FROM = '$renamedFrom'

/** A warning on each create whose fields (but the key) match a delete of the same kind. */
export function suggestRenames(
  ops: KindOps,
  changes: readonly PlanChange[],
  deletedSpec: (change: PlanChange) => Resource | undefined,
): PlanWarning[] {
  // An experiment's key cannot change: no rename to suggest.
  if (ops.keyField === 'feature_flag_key') return []
  const deletes = changes.filter((change) => change.action === 'delete')
  if (deletes.length === 0) return []
  const warnings: PlanWarning[] = []
  for (const create of changes.filter((change) => change.action === 'create')) {
    const { [ops.keyField]: _key, ...fields } = writeOf(create)?.send ?? {}
    const match = deletes.find((change) => {
      const live = deletedSpec(change)
      return live !== undefined && diffFields(live, fields).every((field) => containsEnv(field.after))
    })
    if (match)
      warnings.push({
        kind: ops.kind,
        key: create.key,
        message:
          `looks like "${match.key}" renamed (every other field matches): add ${RENAMED_FROM}: ` +
          `${JSON.stringify(match.key)} to its spec to update it in place instead of a create and a delete ` +
          `(which loses what the service keeps by id)`,
      })
  }
  return warnings
}

/** A secret written as `$env` cannot be compared with the live one: it does not tell two resources apart. */
function containsEnv(value: unknown): boolean {
  if (isEnvReference(value)) return true
  return typeof value === 'object' && value !== null && Object.values(value).some(containsEnv)
}
