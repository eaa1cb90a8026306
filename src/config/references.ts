import { isPlainObject } from './diff.js'
import { isRef, referenceSites, siteValue } from './graph.js'
import { kindOps } from './kinds.js'
import type { ConfigKind } from './types.js'

/**
 * Ids of other objects of a project inside a spec that are not references by key: ids of objects of kinds
 * the configuration does not manage (insights, dashboards, owners, integrations), and ids of managed kinds
 * where a spec holds the id itself instead of a `$ref` (graph.ts). Such an id means something only in the
 * project it was read from: `planCopy` does not carry it, and `plan` warns when it sends one. Each kind declares
 * its own (`idFields`, `otherIds`, the `singular` a path names the target by).
 */

type Spec = Record<string, unknown>

/**
 * The top-level fields of `spec` that hold an id (not `null`, not an empty list): those of unmanaged kinds,
 * and reference fields holding an id rather than a `$ref` (an experiment's `holdout_id`, a survey's flag ids).
 */
export function topLevelIds(kind: ConfigKind, spec: Spec): string[] {
  const unmanaged = kindOps(kind).idFields.filter(
    (field) =>
      spec[field] !== undefined &&
      spec[field] !== null &&
      !(Array.isArray(spec[field]) && (spec[field] as unknown[]).length === 0),
  )
  const bare = referenceSites(kind, spec)
    .filter((site) => !isRef(siteValue(site)) && isTopLevel(spec, site))
    .map((site) => topField(site))
  return [...unmanaged, ...new Set(bare)]
}

/**
 * Paths inside a spec (below the top level) that name an object by id: reference fields holding an id, and
 * integrations.
 */
export function nestedIds(kind: ConfigKind, spec: Spec): string[] {
  const found = integrationInputs(spec, 'inputs')
  const mappings: unknown[] = Array.isArray(spec.mappings) ? spec.mappings : []
  mappings.forEach((mapping, index) => {
    if (isPlainObject(mapping)) found.push(...integrationInputs(mapping, `mappings[${index}].inputs`))
  })
  for (const site of referenceSites(kind, spec)) {
    const value = siteValue(site)
    if (!isTopLevel(spec, site) && !isRef(value))
      found.push(`${site.path} ${kindOps(site.target).singular!} ${String(value)}`)
  }
  found.push(...(kindOps(kind).otherIds?.(spec) ?? []))
  return found
}

/** A site of a top-level field: the field itself, or an item of `saved_metrics_ids` (a list of links). */
function isTopLevel(spec: Spec, site: ReturnType<typeof referenceSites>[number]): boolean {
  return site.holder === spec || site.path.startsWith('saved_metrics_ids[')
}

function topField(site: ReturnType<typeof referenceSites>[number]): string {
  return site.path.startsWith('saved_metrics_ids[') ? 'saved_metrics_ids' : String(site.field)
}

/** Every id of another object that `body` would send: top-level fields with their values, then nested paths. */
export function sentIds(kind: ConfigKind, body: Spec): string[] {
  return [
    ...topLevelIds(kind, body).map((field) => `${field} ${JSON.stringify(body[field])}`),
    ...nestedIds(kind, body),
  ]
}

/** The inputs of `owner` (a hog function or one of its mappings) that hold an integration's id. */
function integrationInputs(owner: Spec, path: string): string[] {
  const schema = Array.isArray(owner.inputs_schema) ? owner.inputs_schema : []
  const keys = schema
    .filter((item: unknown) => isPlainObject(item) && item.type === 'integration')
    .map((item) => String((item as Spec).key))
  return keys
    .filter((key) => isPlainObject(owner.inputs) && owner.inputs[key] !== undefined)
    .map((key) => `${path}.${key}`)
}
