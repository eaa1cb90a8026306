import { isPlainObject, stableJson } from '../diff.js'
import { flagForExperiment } from '../experiment-flag.js'
import { flagPayloadSecrets, payloadVariables } from '../flag-payloads.js'
import { behavioralCohortErrors } from '../refusals.js'
import { at, declareKind, ITEMS, narrowed, objects, remove, type Resource } from './declare.js'

type Spec = Resource

/** What the service writes into a flag's release conditions: names read from what they name, freeze stamps. */
const PROPERTY_OWNED = ['cohort_name', 'group_key_names']
const GROUP_OWNED = ['exposure_frozen', 'exposure_frozen_cohort']
/** What an early access feature writes on its flag's `filters` (older services: `super_groups`). */
const FEATURE_OWNED = ['feature_enrollment', 'super_groups']

const EMPTY_GROUPS =
  'filters.groups is empty: the service refuses to create a flag without a condition set ' +
  '("Feature flags must have at least one condition set (group).")'

// Only soft-deleted; keys unique among live flags (docs/service-behaviour.md §12.2).
export const featureFlags = declareKind({
  kind: 'featureFlags',
  folder: 'feature-flags',
  keyField: 'key',
  singular: 'flag',
  sdk: (client) => client.featureFlags,
  search: (spec) => ({ key: spec.key }),
  uniqueOnService: true,
  softDelete: true,
  references: [
    at(
      ['filters', 'groups', ITEMS, 'properties', ITEMS],
      {
        field: 'value',
        target: 'cohorts',
        derived: 'cohort_name',
        where: narrowed(undefined, (property) => property.type === 'cohort'),
      },
      {
        field: 'key',
        target: 'featureFlags',
        form: 'string',
        where: narrowed(undefined, (property) => property.type === 'flag'),
      },
    ),
    at(['filters', 'holdout'], { field: 'id', target: 'holdouts' }),
  ],
  idFields: ['analytics_dashboards'],
  owned(spec) {
    const filters = isPlainObject(spec.filters) ? spec.filters : {}
    // Its early access feature's mark (docs/service-behaviour.md §14.4 [`X3`]): never the flag's spec.
    remove(filters, FEATURE_OWNED)
    for (const group of objects(filters.groups)) {
      remove(group, GROUP_OWNED)
      for (const property of objects(group.properties)) remove(property, PROPERTY_OWNED)
    }
  },
  tagged: true,
  dropDefaults(spec) {
    // The older name of evaluation_contexts, read back as the same list.
    const contexts = spec.evaluation_contexts
    const same = Array.isArray(contexts) && stableJson(spec.evaluation_tags) === stableJson(contexts)
    if (same) delete spec.evaluation_tags
    if (isPlainObject(spec.filters)) dropFilterDefaults(spec.filters)
  },
  asStored(spec, live) {
    if (!isPlainObject(spec.filters)) return spec
    const liveFilters = isPlainObject(live?.filters) ? live.filters : {}
    return { ...spec, filters: filtersAsStored(spec.filters, liveFilters) }
  },
  problems,
  secrets: flagPayloadSecrets,
  pull: {
    warning(flag) {
      const variables = payloadVariables(flag)
      if (variables.length === 0) return undefined
      return (
        'its encrypted payloads are written as $env references, never their values (the service answers them ' +
        `decrypted): set ${variables.join(', ')} to apply or copy it`
      )
    },
  },
  plan: {
    beforeCreate: flagForExperiment,
    refuseCreate(spec) {
      const groups = isPlainObject(spec.filters) ? spec.filters.groups : undefined
      return Array.isArray(groups) && groups.length === 0 ? EMPTY_GROUPS : undefined
    },
    updateBody: wholeFilters,
    checkPlan: behavioralCohortErrors,
  },
})

/**
 * A flag update's `filters` sent whole: older services replace the stored object with what a PATCH sends, newer
 * ones merge its top-level members (docs/service-behaviour.md §11.8), so the members the spec leaves out (an
 * experiment's variants, the holdout) are sent as the live flag has them and both keep them.
 */
function wholeFilters(part: Resource, live: Resource): Resource {
  return isPlainObject(part.filters) && isPlainObject(live.filters)
    ? { ...part, filters: { ...live.filters, ...part.filters } }
    : part
}

function filtersAsStored(filters: Spec, live: Spec): Spec {
  let out = filters
  if (isPlainObject(filters.payloads)) out = { ...out, payloads: payloadsAsStored(filters.payloads, live.payloads) }
  if (Array.isArray(filters.groups) && 'aggregation_group_type_index' in filters) {
    // The service gives each condition set lacking it the flag's aggregation, then sets the flag's to theirs
    // when they all agree, else to null: written so here, what is sent is what is stored.
    const flagLevel = filters.aggregation_group_type_index ?? null
    const inherits = (group: unknown) => isPlainObject(group) && !('aggregation_group_type_index' in group)
    const groups = filters.groups.map((group) =>
      inherits(group) ? { ...(group as Spec), aggregation_group_type_index: flagLevel } : group,
    )
    const levels = new Set(
      groups.map((group) => (isPlainObject(group) ? group.aggregation_group_type_index : flagLevel)),
    )
    const common = levels.size === 1 ? [...levels][0] : null
    if (groups.length > 0 && common !== flagLevel) out = { ...out, groups, aggregation_group_type_index: common }
  }
  return out
}

/**
 * Payloads as JSON text, as the service stores them (it encodes any other value): the live text where it
 * holds the same value (the service's encoding may space it differently), else the value's JSON.
 */
function payloadsAsStored(payloads: Spec, live: unknown): Spec {
  const stored = isPlainObject(live) ? live : {}
  return Object.fromEntries(
    Object.entries(payloads).map(([key, value]) => {
      if (typeof value === 'string' || value === null || (isPlainObject(value) && '$env' in value)) return [key, value]
      const kept = stored[key]
      return [key, typeof kept === 'string' && sameJson(kept, value) ? kept : JSON.stringify(value)]
    }),
  )
}

function sameJson(text: string, value: unknown): boolean {
  try {
    return stableJson(JSON.parse(text)) === stableJson(value)
  } catch {
    return false
  }
}

/** A payload text that is not JSON (refused), the legacy condition lists the service drops on every write. */
function problems(spec: Spec): string[] {
  const found: string[] = []
  if (!isPlainObject(spec.filters)) return found
  const filters = spec.filters
  if (isPlainObject(filters.payloads)) {
    for (const [key, value] of Object.entries(filters.payloads)) {
      if (typeof value === 'string' && !isJson(value)) {
        const refused = `the service refuses it ("Payload for key '${key}' is not valid JSON.")`
        found.push(
          `filters.payloads.${key}: not JSON text: ${refused}; ` +
            'write the value itself (a mapping, a list, a number) or JSON text',
        )
      }
    }
  }
  for (const legacy of ['super_groups', 'holdout_groups']) {
    if (legacy in filters)
      found.push(`filters.${legacy}: the service drops it on every write (a legacy field): leave it out`)
  }
  return found
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function dropFilterDefaults(filters: Spec): void {
  const flagLevel = filters.aggregation_group_type_index ?? null
  for (const group of objects(filters.groups)) {
    if (group.variant === null) delete group.variant
    // Filled in from the flag's when left out.
    const level = group.aggregation_group_type_index
    const inherited = 'aggregation_group_type_index' in group && (level ?? null) === flagLevel
    if (inherited) delete group.aggregation_group_type_index
  }
  if (filters.aggregation_group_type_index === null) delete filters.aggregation_group_type_index
  if (isPlainObject(filters.payloads) && Object.keys(filters.payloads).length === 0) delete filters.payloads
}
