import { isPlainObject } from './diff.js'
import { KINDS } from './kinds.js'
import type { ConfigKind, PlanWarning, ProjectConfig } from './types.js'

/**
 * A pulled configuration made fit for another project (the command line's `copy`): lifecycle fields are not
 * carried (a running experiment arrives as a draft), and ids that mean nothing there are not sent. A
 * top-level id field is left out; a spec that names actions, cohorts or integrations by id inside its
 * metrics, filters or inputs is not copied at all (it would point at whatever has that id in the target).
 * Each is reported as a warning.
 */

const LIFECYCLE_FIELDS = ['start_date', 'end_date', 'conclusion', 'conclusion_comment', 'archived']

/** Top-level fields that hold ids of other objects of the source project. */
const ID_FIELDS: Record<ConfigKind, readonly string[]> = {
  experiments: ['holdout_id', 'saved_metrics_ids'],
  surveys: ['linked_flag_id', 'targeting_flag_id', 'linked_insight_id'],
  hogFunctions: [],
  endpoints: [],
  eventDefinitions: ['owner'],
}

export interface CopySelection {
  kinds?: readonly ConfigKind[]
  keys?: readonly string[]
}

type Spec = Record<string, unknown>

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
        const copy: Spec = {}
        for (const [field, value] of Object.entries(spec)) {
          if (LIFECYCLE_FIELDS.includes(field) && (ops.kind === 'experiments' || ops.kind === 'surveys')) continue
          if (ID_FIELDS[ops.kind].includes(field) && value !== null && !(Array.isArray(value) && value.length === 0)) {
            warnings.push({ kind: ops.kind, key, message: `${field} ${JSON.stringify(value)} means nothing in the target project: not sent` })
            continue
          }
          copy[field] = value
        }
        return [copy]
      })
  }
  return { config: out as ProjectConfig, warnings }
}

/** Paths inside a spec that name an action, a cohort or an integration by id. */
function nestedIds(spec: Spec): string[] {
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
