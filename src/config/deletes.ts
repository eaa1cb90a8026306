import type { ProjectClient } from 'posthog-project-client'
import { isRef, NAMED_BY, parseRef, referenceSites, refTo, siteValue } from './graph.js'
import { KINDS, kindOps, type Resource } from './kinds.js'
import { RENAMED_FROM } from './renames.js'
import type { ConfigKind, Plan, PlanChange, ProjectConfig } from './types.js'

/**
 * Prune never leaves a reference behind: a delete of a resource that a resource staying in the project still
 * names (a spec of the configuration, or a live resource the plan leaves alone, of any kind) is a plan error,
 * and then nothing is sent. The service itself refuses some of these (a cohort an active flag targets) and
 * accepts the others, leaving the staying resource naming a deleted one (an action an experiment counts).
 */

/** The kinds a plan reads besides those it manages, to check its deletes of the `pruned` kinds. */
export function namingKinds(pruned: readonly ConfigKind[]): ConfigKind[] {
  return [...new Set(pruned.flatMap((kind) => NAMED_BY[kind] ?? []))]
}

/** What stays and what the plan deletes, as `plan` read them. */
export interface DeleteContext {
  client: ProjectClient
  desired: ProjectConfig
  managed: readonly ConfigKind[]
  read: readonly ConfigKind[]
  /** The live resources of each kind of `read`, in `KINDS` order. */
  live: ReadonlyArray<readonly Resource[]>
}

/** A plan error on each delete that a staying resource names, saying which and where. */
export function checkDeletes(result: Plan, context: DeleteContext): void {
  const deletes = result.changes.filter((change) => change.action === 'delete')
  if (deletes.length === 0) return
  const byRef = new Map(deletes.map((change) => [refTo(change.kind, change.key).$ref, change]))
  const byId = new Map(deletes.map((change) => [`${change.kind} ${String(change.id)}`, change]))
  const namedBy = new Map<PlanChange, string[]>()
  const visit = (kind: ConfigKind, spec: Resource, by: string) => {
    const note = (change: PlanChange | undefined, path: string) =>
      change && namedBy.set(change, [...(namedBy.get(change) ?? []), `${by} (${path})`])
    for (const site of referenceSites(kind, spec)) {
      const value = siteValue(site)
      const parsed = isRef(value) ? parseRef(value.$ref) : undefined
      if (typeof parsed === 'object') note(byRef.get(refTo(parsed.kind, parsed.key).$ref), site.path)
      else if (typeof value === 'number' || typeof value === 'string')
        note(byId.get(`${site.target} ${String(value)}`), site.path)
    }
    // What it stands on by its key (an experiment: the flag of its feature_flag_key).
    const { keyNames, keyField } = kindOps(kind)
    if (keyNames !== undefined && typeof spec[keyField] === 'string')
      note(byRef.get(refTo(keyNames, spec[keyField]).$ref), keyField)
  }
  KINDS.forEach((ops, index) => {
    if (!context.read.includes(ops.kind)) return
    const specs = context.managed.includes(ops.kind) ? ((context.desired[ops.kind] ?? []) as Resource[]) : []
    // A live resource a spec names (by its key, or the key it is renamed from) becomes the spec.
    const specKeys = new Set(specs.flatMap((spec) => [spec[ops.keyField], spec[RENAMED_FROM]]))
    for (const spec of specs) visit(ops.kind, spec, `${ops.folder}/${String(spec[ops.keyField])}`)
    for (const resource of context.live[index]!) {
      if (byId.has(`${ops.kind} ${String(ops.id(resource))}`) || specKeys.has(resource[ops.keyField])) continue
      visit(ops.kind, ops.toSpec(context.client, resource), `${ops.folder}/${String(resource[ops.keyField])}`)
    }
  })
  for (const [change, names] of namedBy) {
    result.errors.push({
      kind: change.kind,
      key: change.key,
      message:
        `not deleted: ${names.join(', ')} stay${names.length === 1 ? 's' : ''} and ` +
        `name${names.length === 1 ? 's' : ''} it; remove the reference, or delete ` +
        `${names.length === 1 ? 'that' : 'those'} too`,
    })
  }
}
