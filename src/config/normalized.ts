import { isPlainObject, stableJson } from './diff.js'
import type { ConfigKind } from './types.js'

/**
 * Values the service normalizes: it stores them in another form (a flag payload as JSON text), reorders them
 * (tags), or fills them in from elsewhere (a condition set's aggregation from the flag's). Beside owned.ts
 * (fields the service owns outright), these are the files' to decide, but a spec written in another form than
 * the stored one would show an update on every plan. So each is either:
 * - brought to the form the service stores (`asStored`), before it is compared and sent, so that one apply
 *   converges; or
 * - refused when the files are read, naming file and line (`normalizationProblems`), where no form of the spec
 *   would converge (the service drops or rewrites what was written).
 * docs/service-behaviour.md §11.2 (flags), §12 (configuration).
 */

type Spec = Record<string, unknown>

/** Kinds whose `tags` the service keeps as a set: deduplicated, in an order of its own. */
const TAGGED: readonly ConfigKind[] = ['featureFlags', 'actions', 'eventDefinitions', 'savedMetrics', 'endpoints']

/**
 * `spec` in the form the service stores it, given the live resource it is compared with (`undefined` for a
 * create): the spec itself when nothing is normalized, else a copy.
 */
export function asStored(kind: ConfigKind, spec: Spec, live: Spec | undefined): Spec {
  let out = spec
  if (TAGGED.includes(kind) && Array.isArray(spec.tags)) out = { ...out, tags: tagsAsStored(spec.tags, live?.tags) }
  if (kind === 'featureFlags' && isPlainObject(spec.filters)) {
    const liveFilters = isPlainObject(live?.filters) ? live.filters : {}
    out = { ...out, filters: flagFiltersAsStored(spec.filters, liveFilters) }
  }
  return out
}

/** Tags without repeats, in the live order when they are the same set (the service keeps no order). */
function tagsAsStored(tags: unknown[], live: unknown): unknown[] {
  const unique = [...new Set(tags)]
  if (!Array.isArray(live) || live.length !== unique.length) return unique
  return unique.every((tag) => live.includes(tag)) ? [...live] : unique
}

function flagFiltersAsStored(filters: Spec, live: Spec): Spec {
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

/**
 * What no form of the spec would keep, as `path: message` (readConfig names the file and line): a payload
 * text that is not JSON (refused), the legacy condition lists the service drops on every write, a variant key
 * that the service rewrites as `control`.
 */
export function normalizationProblems(kind: ConfigKind, spec: Spec): string[] {
  const problems: string[] = []
  if (kind === 'featureFlags' && isPlainObject(spec.filters)) {
    const filters = spec.filters
    if (isPlainObject(filters.payloads)) {
      for (const [key, value] of Object.entries(filters.payloads)) {
        if (typeof value === 'string' && !isJson(value)) {
          const refused = `the service refuses it ("Payload for key '${key}' is not valid JSON.")`
          problems.push(
            `filters.payloads.${key}: not JSON text: ${refused}; write the value itself (a mapping, a list, a number) or JSON text`,
          )
        }
      }
    }
    for (const legacy of ['super_groups', 'holdout_groups']) {
      if (legacy in filters)
        problems.push(`filters.${legacy}: the service drops it on every write (a legacy field): leave it out`)
    }
  }
  const parameters = kind === 'experiments' && isPlainObject(spec.parameters) ? spec.parameters : {}
  const variants = parameters.feature_flag_variants
  if (Array.isArray(variants)) {
    variants.forEach((variant, index) => {
      const key = isPlainObject(variant) ? variant.key : undefined
      if (typeof key === 'string' && key !== 'control' && key.toLowerCase() === 'control') {
        const at = `parameters.feature_flag_variants[${index}].key`
        problems.push(`${at}: the service stores ${JSON.stringify(key)} as "control": write control`)
      }
    })
  }
  return problems
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Of an action step, the members the service stores as null when a step leaves them out. */
const STEP_NULLS = ['selector', 'tag_name', 'text', 'href', 'url', 'text_matching', 'href_matching', 'properties']
/** Per kind, top-level members whose value when left out is this one (docs/service-behaviour.md §11.3 to §11.5). */
const TOP_DEFAULTS: Partial<Record<ConfigKind, Record<string, unknown>>> = {
  actions: { pinned_at: null },
  cohorts: { query: null, groups: [] },
  holdouts: { description: null },
}

/**
 * A pulled spec without the members the service gives a resource that leaves them out (defaults, and values
 * it derives from other members): a reviewer reads only what was decided. Each one removed is one the service
 * stores back the same when the spec is applied anywhere, and `plan` compares only what a spec says, so the
 * plan stays empty. In place.
 */
export function dropDefaults(kind: ConfigKind, spec: Spec): void {
  for (const [field, value] of Object.entries(TOP_DEFAULTS[kind] ?? {})) {
    if (field in spec && stableJson(spec[field]) === stableJson(value)) delete spec[field]
  }
  if (kind === 'actions' && Array.isArray(spec.steps)) {
    for (const step of spec.steps.filter(isPlainObject)) {
      for (const field of STEP_NULLS) if (step[field] === null) delete step[field]
      if (step.url_matching === 'contains') delete step.url_matching
    }
  }
  if (kind === 'featureFlags') {
    // The older name of evaluation_contexts, read back as the same list.
    const contexts = spec.evaluation_contexts
    const same = Array.isArray(contexts) && stableJson(spec.evaluation_tags) === stableJson(contexts)
    if (same) delete spec.evaluation_tags
    if (isPlainObject(spec.filters)) dropFlagFilterDefaults(spec.filters)
  }
}

function dropFlagFilterDefaults(filters: Spec): void {
  const flagLevel = filters.aggregation_group_type_index ?? null
  for (const group of Array.isArray(filters.groups) ? filters.groups.filter(isPlainObject) : []) {
    if (group.variant === null) delete group.variant
    // Filled in from the flag's when left out.
    const level = group.aggregation_group_type_index
    const inherited = 'aggregation_group_type_index' in group && (level ?? null) === flagLevel
    if (inherited) delete group.aggregation_group_type_index
  }
  if (filters.aggregation_group_type_index === null) delete filters.aggregation_group_type_index
  if (isPlainObject(filters.payloads) && Object.keys(filters.payloads).length === 0) delete filters.payloads
}
