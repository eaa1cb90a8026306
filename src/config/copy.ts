import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { isReferable, referencesOf } from './graph.js'
import { kindOps, KIND_NAMES, KINDS } from './kinds.js'
import { plan } from './plan.js'
import { checkKinds, pull } from './pull.js'
import { nestedIds, topLevelIds } from './references.js'
import type { ConfigKind, CopyOptions, Plan, PlanWarning, ProjectConfig } from './types.js'

/**
 * Promotion: what `source` has, planned onto `target` (matched there by key, like any plan). Reads only.
 * Lifecycle fields are not carried (a running experiment arrives as a draft; one already in the target keeps
 * its own dates). What the copied specs reference (`$ref`: the flag, holdout and saved metrics of an
 * experiment, the actions its metrics count, the cohorts a flag targets, and what those reference in turn)
 * comes along: linked to the target's resource of the same key when it has one (left as it is), created
 * before what needs it otherwise; a `PlanWarning` says which. An experiment's own flag (of its
 * `feature_flag_key`) is promoted whole, like the experiment: created, or updated to the source's variants,
 * payloads and conditions where the target's differs (never linked as the target happens to have it).
 * Ids that mean nothing in the target (kinds the
 * configuration does not manage) are not sent: a top-level id field is left out; a spec that names such
 * objects by id inside its metrics, filters or inputs is not copied at all. Each is a `PlanWarning`.
 */
export async function planCopy(source: ProjectClient, target: ProjectClient, options: CopyOptions = {}): Promise<Plan> {
  const kinds = checkKinds(options.kinds)
  const keys = checkKeys(options.keys)
  // The kinds references can name are read too, to write references and to find the closure.
  const pulled = await pull(source, { kinds: KIND_NAMES.filter((kind) => kinds.includes(kind) || isReferable(kind)) })
  const unmatched = keys?.filter(
    (key) =>
      !kinds.some((kind) => ((pulled[kind] ?? []) as Spec[]).some((spec) => spec[kindOps(kind).keyField] === key)),
  )
  if (unmatched && unmatched.length > 0)
    throw new InvalidArgumentError(
      'options.keys',
      `${unmatched.map((key) => JSON.stringify(key)).join(', ')} matched nothing in project ` +
        `${source.projectId} (kinds ${kinds.join(', ')})`,
    )
  const selected = selectSpecs(pulled, kinds, keys)
  const closure = await dependencies(target, pulled, selected)
  const { config, warnings } = forCopy(toConfig([...selected, ...closure.created]))
  const planned = await plan(target, config, {
    ...(options.env && { env: options.env }),
    ...(options.allowEnv && { allowEnv: options.allowEnv }),
  })
  planned.warnings.unshift(...closure.warnings, ...warnings)
  planned.source = { id: source.projectId, host: source.baseUrl }
  return planned
}

type Spec = Record<string, unknown>

/** A spec and its kind. */
interface Node {
  kind: ConfigKind
  spec: Spec
}

function selectSpecs(pulled: ProjectConfig, kinds: readonly ConfigKind[], keys: readonly string[] | undefined): Node[] {
  return kinds.flatMap((kind) =>
    ((pulled[kind] ?? []) as Spec[])
      .filter((spec) => !keys || keys.includes(String(spec[kindOps(kind).keyField])))
      .map((spec) => ({ kind, spec })),
  )
}

/**
 * What the selected specs stand on and the selection lacks, each reference followed in turn: the target's
 * resource of the same key is linked (not changed), anything else is created. An experiment stands on the
 * flag of its key.
 */
async function dependencies(
  target: ProjectClient,
  pulled: ProjectConfig,
  selected: readonly Node[],
): Promise<{ created: Node[]; warnings: PlanWarning[] }> {
  const name = (kind: ConfigKind, key: string) => `${kindOps(kind).folder}/${key}`
  const have = new Set(selected.map((node) => name(node.kind, String(node.spec[kindOps(node.kind).keyField]))))
  const needed: Array<{ node: Node; by: string; own: boolean }> = []
  const queue = [...selected]
  for (let node = queue.shift(); node; node = queue.shift()) {
    const by = name(node.kind, String(node.spec[kindOps(node.kind).keyField]))
    const references = referencesOf(node.kind, node.spec)
    // What it stands on by its key (an experiment: the flag of its feature_flag_key), last.
    const keyNames = kindOps(node.kind).keyNames
    const standsOn = keyNames && { kind: keyNames, key: String(node.spec[kindOps(node.kind).keyField]) }
    if (standsOn) references.push(standsOn)
    for (const reference of references) {
      const ref = name(reference.kind, reference.key)
      const spec = ((pulled[reference.kind] ?? []) as Spec[]).find(
        (candidate) => candidate[kindOps(reference.kind).keyField] === reference.key,
      )
      if (have.has(ref) || !spec) continue
      have.add(ref)
      const own = reference === standsOn
      needed.push({ node: { kind: reference.kind, spec }, by, own })
      queue.push({ kind: reference.kind, spec })
    }
  }
  const kinds = [...new Set(needed.map((item) => item.node.kind))]
  const live = await Promise.all(kinds.map((kind) => kindOps(kind).live(target)))
  const created: Node[] = []
  const warnings: PlanWarning[] = []
  for (const { node, by, own } of needed) {
    const ops = kindOps(node.kind)
    const key = String(node.spec[ops.keyField])
    const there = live[kinds.indexOf(node.kind)]!.filter((resource) => resource[ops.keyField] === key)
    if (own && there.length > 0) {
      created.push(node)
      const message =
        `promoted whole: the own flag of ${by}, updated to the source's variants, payloads and conditions ` +
        `where project ${target.projectId}'s differs`
      warnings.push({ kind: node.kind, key, message })
    } else if (there.length === 0) {
      created.push(node)
      warnings.push({
        kind: node.kind,
        key,
        message: `created: ${by} needs it and project ${target.projectId} has none`,
      })
    } else if (there.length === 1) {
      warnings.push({
        kind: node.kind,
        key,
        message:
          `linked: ${by} needs it and project ${target.projectId} has it (id ${String(ops.id(there[0]!))}), left ` +
          `as it is`,
      })
    }
  }
  return { created, warnings }
}

function toConfig(nodes: readonly Node[]): ProjectConfig {
  const config: Record<string, Spec[]> = {}
  for (const node of nodes) (config[node.kind] ??= []).push(node.spec)
  return config as ProjectConfig
}

export interface CopySelection {
  kinds?: readonly ConfigKind[]
  keys?: readonly string[]
}

/** A pulled configuration made fit for another project, and what was left behind. */
export function forCopy(
  config: ProjectConfig,
  selection: CopySelection = {},
): { config: ProjectConfig; warnings: PlanWarning[] } {
  const warnings: PlanWarning[] = []
  const out: Record<string, Spec[]> = {}
  for (const ops of KINDS) {
    const specs = config[ops.kind] as Spec[] | undefined
    if (!specs || (selection.kinds && !selection.kinds.includes(ops.kind))) continue
    out[ops.kind] = specs
      .filter((spec) => !selection.keys || selection.keys.includes(String(spec[ops.keyField])))
      .flatMap((spec) => {
        const key = String(spec[ops.keyField])
        const references = nestedIds(ops.kind, spec)
        if (references.length > 0) {
          warnings.push({
            kind: ops.kind,
            key,
            message:
              `not copied: it names objects of the source project by id (${references.join(', ')}); create them ` +
              `in the target and write their ids into the spec`,
          })
          return []
        }
        const ids = topLevelIds(ops.kind, spec)
        for (const field of ids)
          warnings.push({
            kind: ops.kind,
            key,
            message: `${field} ${JSON.stringify(spec[field])} means nothing in the target project: not sent`,
          })
        // An id field is not carried even when empty: the target keeps its own links.
        const empty = ops.referenceFields.filter(
          (field) => spec[field] === null || (Array.isArray(spec[field]) && (spec[field] as unknown[]).length === 0),
        )
        const left = new Set([...ops.lifecycleFields, ...ops.idFields, ...ids, ...empty])
        return [Object.fromEntries(Object.entries(spec).filter(([field]) => !left.has(field)))]
      })
  }
  return { config: out as ProjectConfig, warnings }
}

function checkKeys(keys: readonly string[] | undefined): readonly string[] | undefined {
  if (keys === undefined) return undefined
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string' || key === ''))
    throw new InvalidArgumentError('options.keys', 'expected an array of keys (strings)')
  return keys
}
