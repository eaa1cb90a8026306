import { isPlainObject } from './diff.js'
import type { ConfigKind } from './types.js'

/**
 * Ids of other objects of a project inside a spec: holdouts, saved metrics, flags, insights, owners at the
 * top level; actions, cohorts and integrations deeper (metrics, filters, inputs, mappings). None of their
 * kinds is managed by the configuration, so such an id means something only in the project it was read
 * from: `planCopy` does not carry it, and `plan` warns when it sends one.
 */

/** Top-level fields that hold ids of other objects of the project. */
export const ID_FIELDS: Record<ConfigKind, readonly string[]> = {
  experiments: ['holdout_id', 'saved_metrics_ids'],
  surveys: ['linked_flag_id', 'targeting_flag_id', 'linked_insight_id'],
  hogFunctions: [],
  endpoints: [],
  eventDefinitions: ['owner'],
}

type Spec = Record<string, unknown>

/** The top-level id fields of `spec` that hold an id (not `null`, not an empty list). */
export function topLevelIds(kind: ConfigKind, spec: Spec): string[] {
  return ID_FIELDS[kind].filter((field) => spec[field] !== undefined && spec[field] !== null && !(Array.isArray(spec[field]) && (spec[field] as unknown[]).length === 0))
}

/** Paths inside a spec that name an action, a cohort or an integration by id. */
export function nestedIds(spec: Spec): string[] {
  const found = integrationInputs(spec, 'inputs')
  const mappings: unknown[] = Array.isArray(spec.mappings) ? spec.mappings : []
  mappings.forEach((mapping, index) => {
    if (isPlainObject(mapping)) found.push(...integrationInputs(mapping, `mappings[${index}].inputs`))
  })
  walk(spec, '', (value, path) => {
    if ((value.kind === 'ActionsNode' || value.type === 'actions') && value.id !== undefined) found.push(`${path} action ${String(value.id)}`)
    if (value.type === 'cohort' && value.value !== undefined) found.push(`${path} cohort ${String(value.value)}`)
  })
  return found
}

/** Every id of another object that `body` would send: top-level fields with their values, then nested paths. */
export function sentIds(kind: ConfigKind, body: Spec): string[] {
  return [...topLevelIds(kind, body).map((field) => `${field} ${JSON.stringify(body[field])}`), ...nestedIds(body)]
}

/** The inputs of `owner` (a hog function or one of its mappings) that hold an integration's id. */
function integrationInputs(owner: Spec, path: string): string[] {
  const schema = Array.isArray(owner.inputs_schema) ? owner.inputs_schema : []
  const keys = schema.filter((item: unknown) => isPlainObject(item) && item.type === 'integration').map((item) => String((item as Spec).key))
  return keys.filter((key) => isPlainObject(owner.inputs) && owner.inputs[key] !== undefined).map((key) => `${path}.${key}`)
}

function walk(value: unknown, path: string, visit: (object: Spec, path: string) => void): void {
  if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`, visit))
  else if (isPlainObject(value)) {
    visit(value, path)
    for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key, visit)
  }
}
