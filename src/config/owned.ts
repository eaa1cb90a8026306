import { isPlainObject } from './diff.js'
import type { ConfigKind } from './types.js'

/**
 * Fields the service owns: it adds, rewrites or derives them, so they say nothing about what the files decide
 * and differ from one project to the next (docs/service-behaviour.md §11.3 to §11.7). `pull` does not write them,
 * `plan` does not compare them (on either side: a file written by an older pull may hold them) and `apply`
 * does not send them.
 */

type Spec = Record<string, unknown>

/** What the service computes into a saved cohort condition (its compiled filter and the hash of it). */
const CONDITION_OWNED = ['bytecode', 'bytecode_error', 'conditionHash']
/** What the service compiles into a hog function's inputs and filters. */
const INPUT_OWNED = ['bytecode', 'order', 'transpiled']
const FILTERS_OWNED = ['bytecode', 'transpiled', 'bytecode_error']
/** What the service writes into a flag's release conditions: names read from what they name, freeze stamps. */
const PROPERTY_OWNED = ['cohort_name', 'group_key_names']
const GROUP_OWNED = ['exposure_frozen', 'exposure_frozen_cohort']
/** What the service keeps of an action's calculation, its own timestamps and constants. */
const ACTION_OWNED = [
  'bytecode_error',
  'pinned_at',
  'creation_context',
  'last_calculated_at',
  'is_calculating',
  'is_action',
]

/** What an early access feature writes on its flag's `filters` (older services: `super_groups`). */
const FEATURE_OWNED = ['feature_enrollment', 'super_groups']
/** A dashboard's and its tiles' fields that the service keeps (§14.1 [`D6`], [`D7`], [`D9`]). */
const DASHBOARD_OWNED = [
  ...['last_accessed_at', 'last_viewed_at', 'is_shared', 'creation_mode', 'effective_restriction_level'],
  ...['effective_privilege_level', 'user_access_level', 'access_control_version', 'last_refresh'],
  ...['persisted_filters', 'persisted_variables', 'team_id'],
]
const TILE_OWNED = ['id', 'order', 'last_refresh', 'is_cached', 'error']
/** An insight's fields the service derives or computes per read (§14.2 [`I7`], [`I8`]). */
const INSIGHT_OWNED = [
  ...['short_id', 'dashboard_tiles', 'saved', 'is_sample', 'timezone', 'alerts', 'last_viewed_at', 'search_match_type'],
  ...['result', 'hasMore', 'columns', 'last_refresh', 'cache_target_age', 'next_allowed_client_refresh', 'is_cached'],
  ...['query_status', 'hogql', 'types', 'resolved_date_range', 'filters_hash', 'refreshing'],
]

/** Each kind's owned fields removed from a spec, in place. */
const OWNED: Partial<Record<ConfigKind, (spec: Spec) => void>> = {
  holdouts(spec) {
    // Always `holdout-<id>`: the service overwrites it on every write.
    for (const group of objects(spec.filters)) delete group.variant
  },
  cohorts(spec) {
    // Recomputed from the filters (`realtime` or `null` for a dynamic cohort): a sent value is only checked.
    delete spec.cohort_type
    everyObject(spec.filters, (node) => remove(node, CONDITION_OWNED))
  },
  savedMetrics(spec) {
    // The service assigns the uuid and refuses to change it; another project's metric has its own.
    if (isPlainObject(spec.query)) remove(spec.query, ['uuid', 'fingerprint'])
  },
  experiments(spec) {
    for (const field of ['metrics', 'metrics_secondary']) {
      for (const metric of objects(spec[field])) delete metric.fingerprint
    }
    for (const [list, metrics] of ORDERED_LISTS) {
      // The entries that are not the spec's own metrics are its saved metrics' uuids, which the service adds.
      const own = ownUuids(spec, metrics)
      if (Array.isArray(spec[list])) spec[list] = (spec[list] as unknown[]).filter((uuid) => own.has(uuid))
    }
  },
  surveys(spec) {
    // Computed by the service from the sampling fields, and read back as JSON text.
    delete spec.response_sampling_daily_limits
  },
  actions(spec) {
    for (const step of objects(spec.steps)) delete step.selector_regex
    remove(spec, ACTION_OWNED)
  },
  featureFlags(spec) {
    const filters = isPlainObject(spec.filters) ? spec.filters : {}
    // Its early access feature's mark (docs/service-behaviour.md §14.4 [`X3`]): never the flag's spec.
    remove(filters, FEATURE_OWNED)
    for (const group of objects(filters.groups)) {
      remove(group, GROUP_OWNED)
      for (const property of objects(group.properties)) remove(property, PROPERTY_OWNED)
    }
  },
  dashboards(spec) {
    remove(spec, DASHBOARD_OWNED)
    for (const tile of objects(spec.tiles)) {
      remove(tile, TILE_OWNED)
      // A text is the tile's body; its id and authors are the service's.
      if (isPlainObject(tile.text)) tile.text = { body: tile.text.body ?? null }
    }
  },
  insights(spec) {
    remove(spec, INSIGHT_OWNED)
  },
  hogFunctions(spec) {
    remove(spec, ['bytecode', 'transpiled'])
    for (const owner of [spec, ...objects(spec.mappings)]) {
      const inputs = isPlainObject(owner.inputs) ? Object.values(owner.inputs) : []
      for (const input of inputs) if (isPlainObject(input)) remove(input, INPUT_OWNED)
      if (isPlainObject(owner.filters)) remove(owner.filters, FILTERS_OWNED)
    }
    if (isPlainObject(spec.masking)) delete spec.masking.bytecode
  },
}

/** Fields a create reads and no read returns (write-only): sent on create, never compared nor sent again. */
const CREATE_ONLY = ['_create_static_person_ids', '_create_in_folder']

/** `spec` without what only a create reads. */
export function withoutCreateOnly(spec: Spec): Spec {
  if (!CREATE_ONLY.some((field) => field in spec)) return spec
  return Object.fromEntries(Object.entries(spec).filter(([field]) => !CREATE_ONLY.includes(field)))
}

/**
 * The flag's config as an experiment's `parameters` show it: the service projects the linked flag's live config
 * into them on read, and refuses them on a create that links an existing flag ("… the experiment links to it
 * as-is, so its config cannot be set here"). Where the flag has a spec of its own (or is live for a create), the
 * flag decides them and the experiment's spec does not.
 */
const FLAG_CONFIG = [
  'feature_flag_variants',
  'rollout_percentage',
  'aggregation_group_type_index',
  'feature_flag_payloads',
  'ensure_experience_continuity',
]

/** An experiment spec without the flag config in its `parameters` (left out once empty). */
export function withoutFlagConfig(spec: Spec): Spec {
  if (!isPlainObject(spec.parameters) || !FLAG_CONFIG.some((key) => key in (spec.parameters as Spec))) return spec
  const parameters = Object.fromEntries(Object.entries(spec.parameters).filter(([key]) => !FLAG_CONFIG.includes(key)))
  const { parameters: _parameters, ...rest } = spec
  return Object.keys(parameters).length > 0 ? { ...rest, parameters } : rest
}

/** An experiment's ordering lists and the metrics each orders. */
const ORDERED_LISTS = [
  ['primary_metrics_ordered_uuids', 'metrics'],
  ['secondary_metrics_ordered_uuids', 'metrics_secondary'],
] as const

/** A copy of `spec` without the fields the service owns (the spec itself when its kind has none). */
export function withoutOwned(kind: ConfigKind, spec: Spec): Spec {
  const strip = OWNED[kind]
  if (strip === undefined) return spec
  const copy = structuredClone(spec)
  strip(copy)
  return copy
}

/**
 * An experiment update's ordering lists with the live saved metrics' uuids kept after the spec's own: the spec
 * orders its own metrics, and the service's entries stay (a list it is sent replaces the stored one).
 */
export function withOwnedOrder(kind: ConfigKind, body: Spec, live: Spec): Spec {
  if (kind !== 'experiments') return body
  let out = body
  for (const [list, metrics] of ORDERED_LISTS) {
    if (!Array.isArray(body[list]) || !Array.isArray(live[list])) continue
    const own = ownUuids(live, metrics)
    const kept = (live[list] as unknown[]).filter((uuid) => !own.has(uuid) && !(body[list] as unknown[]).includes(uuid))
    if (kept.length > 0) out = { ...out, [list]: [...(body[list] as unknown[]), ...kept] }
  }
  return out
}

function ownUuids(spec: Spec, metrics: string): Set<unknown> {
  return new Set(objects(spec[metrics]).map((metric) => metric.uuid))
}

function objects(value: unknown): Spec[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : []
}

function remove(object: Spec, fields: readonly string[]): void {
  for (const field of fields) delete object[field]
}

function everyObject(value: unknown, visit: (object: Spec) => void): void {
  if (Array.isArray(value)) for (const item of value) everyObject(item, visit)
  else if (isPlainObject(value)) {
    visit(value)
    for (const inner of Object.values(value)) everyObject(inner, visit)
  }
}
