import type { KindOps, Resource } from './kinds.js'
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
    message:
      `${matches.length} experiments share this ${ops.keyField}: the one managed is id ${String(ops.id(managed))}` +
      (managed.archived === true ? ' (the newest; all are archived)' : ' (not archived)') +
      `; ${others.length === 1 ? 'id' : 'ids'} ${others.join(', ')} left alone`,
  }
}

/**
 * Of the live resources that share a key, the one managed: the only match, or the one the kind's history picks
 * (experiments that share a flag key: the one not archived, else the newest); undefined when ambiguous.
 */
export function managedAmong(ops: KindOps, matches: readonly Resource[]): Resource | undefined {
  if (matches.length < 2) return matches[0]
  return ops.managedAmong?.(matches)
}
