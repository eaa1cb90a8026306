import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { KINDS } from './kinds.js'
import { plan } from './plan.js'
import { checkKinds, pull } from './pull.js'
import { ID_FIELDS, nestedIds, topLevelIds } from './references.js'
import type { ConfigKind, CopyOptions, Plan, PlanWarning, ProjectConfig } from './types.js'

/**
 * Promotion: what `source` has, planned onto `target` (matched there by key, like any plan). Reads only.
 * Lifecycle fields are not carried (a running experiment arrives as a draft; one already in the target keeps
 * its own dates), and ids that mean nothing in the target are not sent: a top-level id field is left out; a
 * spec that names actions, cohorts or integrations by id inside its metrics, filters or inputs is not copied
 * at all (it would point at whatever has that id in the target). Each is a `PlanWarning`.
 */
export async function planCopy(source: ProjectClient, target: ProjectClient, options: CopyOptions = {}): Promise<Plan> {
  const kinds = checkKinds(options.kinds)
  const keys = checkKeys(options.keys)
  const pulled = await pull(source, { kinds })
  const { config, warnings } = forCopy(pulled, { kinds, ...(keys && { keys }) })
  const unmatched = keys?.filter((key) => !keyed(pulled, key))
  if (unmatched && unmatched.length > 0) throw new InvalidArgumentError('options.keys', `${unmatched.map((key) => JSON.stringify(key)).join(', ')} matched nothing in project ${source.projectId} (kinds ${kinds.join(', ')})`)
  const planned = await plan(target, config, { ...(options.env && { env: options.env }), ...(options.allowEnv && { allowEnv: options.allowEnv }) })
  planned.warnings.unshift(...warnings)
  return planned
}

/** Fields that say where a resource is in its life, not what it is: each project has its own. */
const LIFECYCLE_FIELDS: Partial<Record<ConfigKind, readonly string[]>> = {
  experiments: ['start_date', 'end_date', 'conclusion', 'conclusion_comment', 'archived', 'deleted'],
  surveys: ['start_date', 'end_date', 'archived', 'current_iteration', 'current_iteration_start_date', 'iteration_start_dates', 'response_sampling_start_date', 'response_sampling_daily_limits'],
}

export interface CopySelection {
  kinds?: readonly ConfigKind[]
  keys?: readonly string[]
}

type Spec = Record<string, unknown>

/** A pulled configuration made fit for another project, and what was left behind. */
export function forCopy(config: ProjectConfig, selection: CopySelection = {}): { config: ProjectConfig; warnings: PlanWarning[] } {
  const warnings: PlanWarning[] = []
  const out: Record<string, Spec[]> = {}
  for (const ops of KINDS) {
    const specs = config[ops.kind] as Spec[] | undefined
    if (!specs || (selection.kinds && !selection.kinds.includes(ops.kind))) continue
    out[ops.kind] = specs
      .filter((spec) => !selection.keys || selection.keys.includes(String(spec[ops.keyField])))
      .flatMap((spec) => {
        const key = String(spec[ops.keyField])
        const references = nestedIds(spec)
        if (references.length > 0) {
          warnings.push({ kind: ops.kind, key, message: `not copied: it names objects of the source project by id (${references.join(', ')}); create them in the target and write their ids into the spec` })
          return []
        }
        const ids = topLevelIds(ops.kind, spec)
        for (const field of ids) warnings.push({ kind: ops.kind, key, message: `${field} ${JSON.stringify(spec[field])} means nothing in the target project: not sent` })
        // An id field is not carried even when empty: the target keeps its own links.
        const left = new Set([...(LIFECYCLE_FIELDS[ops.kind] ?? []), ...ID_FIELDS[ops.kind]])
        return [Object.fromEntries(Object.entries(spec).filter(([field]) => !left.has(field)))]
      })
  }
  return { config: out as ProjectConfig, warnings }
}

function keyed(config: ProjectConfig, key: string): boolean {
  return KINDS.some((ops) => ((config[ops.kind] ?? []) as Spec[]).some((spec) => spec[ops.keyField] === key))
}

function checkKeys(keys: readonly string[] | undefined): readonly string[] | undefined {
  if (keys === undefined) return undefined
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string' || key === '')) throw new InvalidArgumentError('options.keys', 'expected an array of keys (strings)')
  return keys
}
