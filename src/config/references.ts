import { isPlainObject } from './diff.js'
import { isRef, referenceSites, siteValue } from './graph.js'
import type { ConfigKind } from './types.js'

/**
 * Ids of other objects of a project inside a spec that are not references by key: ids of objects of kinds
 * the configuration does not manage (insights, dashboards, owners, integrations), and ids of managed kinds
 * where a spec holds the id itself instead of a `$ref` (graph.ts). Such an id means something only in the
 * project it was read from: `planCopy` does not carry it, and `plan` warns when it sends one.
 */

/** Top-level fields that hold ids of objects of kinds the configuration does not manage. */
export const ID_FIELDS: Record<ConfigKind, readonly string[]> = {
  experiments: [],
  surveys: ['linked_insight_id'],
  hogFunctions: [],
  endpoints: [],
  eventDefinitions: ['owner'],
  featureFlags: ['analytics_dashboards'],
  cohorts: [],
  actions: [],
  holdouts: [],
  savedMetrics: [],
  // A colour theme and quick filters are the project's own; the assignee is a user or a role.
  dashboards: ['data_color_theme_id', 'quick_filter_ids'],
  insights: [],
  earlyAccessFeatures: ['assignee'],
}

type Spec = Record<string, unknown>

/**
 * The top-level fields of `spec` that hold an id (not `null`, not an empty list): those of unmanaged kinds,
 * and reference fields holding an id rather than a `$ref` (an experiment's `holdout_id`, a survey's flag ids).
 */
export function topLevelIds(kind: ConfigKind, spec: Spec): string[] {
  const unmanaged = ID_FIELDS[kind].filter(
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

/** Paths inside a spec (below the top level) that name an object by id: reference fields holding an id, and integrations. */
export function nestedIds(kind: ConfigKind, spec: Spec): string[] {
  const found = integrationInputs(spec, 'inputs')
  const mappings: unknown[] = Array.isArray(spec.mappings) ? spec.mappings : []
  mappings.forEach((mapping, index) => {
    if (isPlainObject(mapping)) found.push(...integrationInputs(mapping, `mappings[${index}].inputs`))
  })
  for (const site of referenceSites(kind, spec)) {
    const value = siteValue(site)
    if (!isTopLevel(spec, site) && !isRef(value)) found.push(`${site.path} ${SINGULAR[site.target]} ${String(value)}`)
  }
  if (kind === 'insights') found.push(...queryIds(spec.query, 'query'))
  return found
}

/** A site of a top-level field: the field itself, or an item of `saved_metrics_ids` (a list of links). */
function isTopLevel(spec: Spec, site: ReturnType<typeof referenceSites>[number]): boolean {
  return site.holder === spec || site.path.startsWith('saved_metrics_ids[')
}

function topField(site: ReturnType<typeof referenceSites>[number]): string {
  return site.path.startsWith('saved_metrics_ids[') ? 'saved_metrics_ids' : String(site.field)
}

/** Top-level fields that hold references: left out of a copy unless they hold `$ref`s (an empty one: the target keeps its own links). */
export const REFERENCE_FIELDS: Partial<Record<ConfigKind, readonly string[]>> = {
  experiments: ['holdout_id', 'saved_metrics_ids'],
  surveys: ['linked_flag_id', 'targeting_flag_id'],
  earlyAccessFeatures: ['feature_flag_id'],
}

const SINGULAR: Partial<Record<ConfigKind, string>> = {
  actions: 'action',
  cohorts: 'cohort',
  featureFlags: 'flag',
  holdouts: 'holdout',
  savedMetrics: 'saved metric',
  insights: 'insight',
}

/** Every id of another object that `body` would send: top-level fields with their values, then nested paths. */
export function sentIds(kind: ConfigKind, body: Spec): string[] {
  return [
    ...topLevelIds(kind, body).map((field) => `${field} ${JSON.stringify(body[field])}`),
    ...nestedIds(kind, body),
  ]
}

/**
 * Ids inside an insight's query that are not references: the cohorts of a breakdown by cohort and the project's
 * SQL variables (keyed by their id), docs/service-behaviour.md §14.2 [`I13`].
 */
function queryIds(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => queryIds(item, `${path}[${index}]`))
  if (!isPlainObject(value)) return []
  const found: string[] = []
  const cohorts = Array.isArray(value.breakdown) ? value.breakdown.filter((item) => typeof item === 'number') : []
  if (value.breakdown_type === 'cohort' && cohorts.length > 0)
    found.push(`${path}.breakdown cohorts ${cohorts.join(', ')}`)
  if (value.kind === 'HogQLQuery' && isPlainObject(value.variables) && Object.keys(value.variables).length > 0) {
    found.push(`${path}.variables ${Object.keys(value.variables).join(', ')}`)
  }
  for (const [key, inner] of Object.entries(value))
    if (key !== 'variables') found.push(...queryIds(inner, `${path}.${key}`))
  return found
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
