import { byAge, type KindOps, type Resource } from './kinds.js'
import type { PlanWarning } from './types.js'

/** What pull and plan say about the experiments of a shared flag key that they leave alone. */
export function historyWarning(
  ops: KindOps,
  key: string,
  managed: Resource,
  matches: readonly Resource[],
): PlanWarning {
  const others = matches
    .filter((resource) => resource !== managed)
    .map((resource) => `${String(ops.id(resource))}${resource.archived === true ? ' (archived)' : ''}`)
  return {
    kind: ops.kind,
    key,
    message: `${matches.length} experiments share this ${ops.keyField}: the one managed is id ${String(ops.id(managed))}${managed.archived === true ? ' (the newest; all are archived)' : ' (not archived)'}; ${others.length === 1 ? 'id' : 'ids'} ${others.join(', ')} left alone`,
  }
}

/**
 * History: of the experiments that share a flag key (an archived v1 and a running v2), the one managed is
 * the one not archived, else the newest; undefined when several are not archived (the key is ambiguous).
 * Any other kind: the only match, or undefined.
 */
export function managedAmong(ops: KindOps, matches: readonly Resource[]): Resource | undefined {
  if (matches.length < 2) return matches[0]
  if (ops.kind !== 'experiments') return undefined
  const current = matches.filter((resource) => resource.archived !== true)
  if (current.length > 1) return undefined
  return current[0] ?? [...matches].sort(byAge).at(-1)
}
