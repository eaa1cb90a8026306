/**
 * Feature flags (docs/service-behaviour.md §11.2): keys unique among live flags and limited to
 * `[a-zA-Z0-9_-]`, release conditions checked and normalised as the flag serializer does, a DELETE refused
 * (405), soft delete by PATCH freeing the key (renamed `<key>:deleted:<id>` when an experiment ever used the
 * flag; restored on undelete), and the derived fields (`status`, `experiment_set`, `cohort_name`, …).
 * Experiments and surveys make their flags here too.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid } from '../responses.js'
import { isObject, parseBoolean } from '../validators.js'
import {
  FEATURE_FLAG_BUCKETING_IDENTIFIERS,
  FEATURE_FLAG_CREATION_CONTEXTS,
  FEATURE_FLAG_EVALUATION_RUNTIMES,
  FEATURE_FLAG_PROPERTY_TYPES,
} from '../../model/enums.js'
import type { FakeFeatureFlag, FakeMinimalFeatureFlag } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { behavioralCohort } from './cohorts.js'
import { featuresOnFlag } from './early-access-features.js'

const KEY_PATTERN = /^[a-zA-Z0-9_-]+$/
const TOMBSTONE = /:deleted:\d+$/

/** A variant of a multivariate flag. */
export interface FlagVariant {
  key: string
  name?: string
  rollout_percentage: number
}

/** The default experiment variants: `control` and `test`, 50/50 (docs/service-behaviour.md §3.1). */
export const DEFAULT_VARIANTS: FlagVariant[] = [
  { key: 'control', name: 'Control', rollout_percentage: 50 },
  { key: 'test', name: 'Test', rollout_percentage: 50 },
]

/** Flag filters for a multivariate flag with `variants`. */
export function multivariateFilters(
  variants: readonly FlagVariant[],
  aggregationGroupTypeIndex: unknown = null,
  rolloutPercentage = 100,
): Record<string, unknown> {
  return {
    // As the flag serializer stores it: the flag-level aggregation copied into the group.
    groups: [
      {
        properties: [],
        rollout_percentage: rolloutPercentage,
        variant: null,
        aggregation_group_type_index: aggregationGroupTypeIndex,
      },
    ],
    multivariate: {
      variants: variants.map((variant) => ({
        key: variant.key,
        name: variant.name ?? variant.key.charAt(0).toUpperCase() + variant.key.slice(1),
        rollout_percentage: variant.rollout_percentage,
      })),
    },
    aggregation_group_type_index: aggregationGroupTypeIndex,
    payloads: {},
  }
}

/** The variants of a flag (none for a boolean flag). */
export function flagVariants(flag: { filters: Record<string, unknown> }): Array<Record<string, unknown>> {
  const multivariate = flag.filters['multivariate']
  const variants = isObject(multivariate) ? multivariate['variants'] : undefined
  return Array.isArray(variants) ? variants.filter(isObject) : []
}

function blankFlag(store: FakeStore, now: string): Omit<FakeFeatureFlag, 'id'> {
  return {
    team_id: store.projectId,
    name: '',
    key: '',
    filters: { groups: [], payloads: {}, aggregation_group_type_index: null },
    deleted: false,
    active: true,
    archived: false,
    ensure_experience_continuity: false,
    has_encrypted_payloads: false,
    version: 1,
    evaluation_runtime: 'all',
    bucketing_identifier: 'distinct_id',
    evaluation_tags: [],
    evaluation_contexts: [],
    created_by: FAKE_USER,
    created_at: now,
    updated_at: now,
    last_modified_by: FAKE_USER,
    experiment_set: [],
    surveys: [],
    features: [],
    rollback_conditions: null,
    performed_rollback: false,
    can_edit: true,
    tags: [],
    usage_dashboard: null,
    analytics_dashboards: [],
    has_enriched_analytics: false,
    user_access_level: 'editor',
    is_remote_configuration: false,
    status: 'ACTIVE',
    last_called_at: null,
    is_used_in_replay_settings: false,
  }
}

/** Release conditions checked and normalised as the flag serializer does; every refusal names `filters`. */
function normalizeFilters(
  store: FakeStore,
  filters: Record<string, unknown>,
  creating: boolean,
  remoteConfig = false,
): Record<string, unknown> {
  const sent = filters['groups'] ?? []
  if (!Array.isArray(sent)) invalid('groups must be a list', 'filters')
  let groups: unknown[] = sent
  if (creating && groups.length === 0) invalid('Feature flags must have at least one condition set (group).', 'filters')
  // A new remote configuration is served to everyone: a group at 0 or null goes to 100 ([`FF9`]).
  if (creating && remoteConfig) {
    const full = (group: unknown) =>
      isObject(group) && !group['rollout_percentage'] ? { ...group, rollout_percentage: 100 } : group
    groups = groups.map(full)
  }
  const variants = isObject(filters['multivariate']) ? filters['multivariate']['variants'] : []
  if (!Array.isArray(variants)) invalid('multivariate.variants must be a list', 'filters')
  const keys = variants.map((variant) => (isObject(variant) ? variant['key'] : undefined))
  if (
    variants.length > 0 &&
    variants.reduce(
      (sum: number, variant) =>
        sum +
        (isObject(variant) && typeof variant['rollout_percentage'] === 'number' ? variant['rollout_percentage'] : 0),
      0,
    ) !== 100
  ) {
    invalid('Invalid variant definitions: Variant rollout percentages must sum to 100.', 'filters')
  }
  const flagLevel = filters['aggregation_group_type_index'] ?? null
  const normalized = groups.map((group, index) => normalizeGroup(store, group, index, keys, flagLevel))
  const levels = new Set(normalized.map((group) => group['aggregation_group_type_index']))
  const { holdout_groups: _legacyHoldout, super_groups: _legacySuper, ...rest } = filters
  return {
    ...(creating ? filters : rest),
    groups: normalized,
    payloads: normalizePayloads(filters['payloads']),
    aggregation_group_type_index: levels.size === 1 ? [...levels][0] : normalized.length === 0 ? flagLevel : null,
  }
}

function normalizeGroup(
  store: FakeStore,
  group: unknown,
  index: number,
  variantKeys: unknown[],
  flagLevel: unknown,
): Record<string, unknown> {
  if (!isObject(group)) invalid(`groups[${index}] must be an object`, 'filters')
  const rollout = group['rollout_percentage'] ?? null
  if (rollout !== null && (typeof rollout !== 'number' || rollout < 0 || rollout > 100)) {
    invalid(`groups[${index}].rollout_percentage must be between 0 and 100, got ${JSON.stringify(rollout)}`, 'filters')
  }
  const variant = group['variant'] ?? null
  if (variant !== null && !variantKeys.includes(variant))
    invalid('Filters are not valid (variant override does not exist)', 'filters')
  const properties = group['properties'] ?? []
  if (!Array.isArray(properties)) invalid(`groups[${index}].properties must be a list`, 'filters')
  properties.forEach((property, position) => checkProperty(store, property, `groups[${index}].properties[${position}]`))
  return {
    ...group,
    properties,
    rollout_percentage: rollout,
    variant,
    aggregation_group_type_index:
      'aggregation_group_type_index' in group ? group['aggregation_group_type_index'] : flagLevel,
  }
}

/** A property leaf: a known type, and the cohort or flag it names existing in the project. */
function checkProperty(store: FakeStore, property: unknown, path: string): void {
  if (!isObject(property) || typeof property['key'] !== 'string') invalid(`${path}.key: field required`, 'filters')
  if (!(FEATURE_FLAG_PROPERTY_TYPES as readonly unknown[]).includes(property['type']))
    invalid(`${path}.type: invalid property type`, 'filters')
  if (property['type'] === 'cohort') {
    const cohort = store.cohorts.get(Number(property['value']))
    if (!cohort || cohort.deleted)
      invalid(`Cohort with id ${String(property['value'])} does not exist`, 'filters', 'cohort_does_not_exist')
    const onEvents = behavioralCohort(store, cohort.id)
    if (onEvents) {
      const detail = `Cohort '${onEvents.name}' with filters on events cannot be used in feature flags.`
      invalid(detail, 'filters', 'behavioral_cohort_found')
    }
  }
  if (property['type'] === 'flag') {
    if (!/^\d+$/.test(property['key'])) {
      invalid(
        'Flag dependencies must reference flag IDs (integers), not flag keys. Use the id of the flag depended on.',
        'filters',
      )
    }
    const dependency = store.featureFlags.get(Number(property['key']))
    if (!dependency || dependency.deleted)
      invalid(`Flag dependency references non-existent flag with ID ${property['key']}`, 'filters')
    if (!dependency.active) {
      const detail = `Cannot create dependency on disabled flag '${dependency.key}' (ID: ${dependency.id}).`
      invalid(`${detail} Flag dependencies must reference active flags only.`, 'filters')
    }
  }
}

/** The keys of the flags a flag's conditions depend on. */
function dependencyKeys(store: FakeStore, filters: Record<string, unknown>): string[] {
  const groups = Array.isArray(filters['groups']) ? filters['groups'] : []
  const properties = groups.flatMap((group) =>
    isObject(group) && Array.isArray(group['properties']) ? group['properties'] : [],
  )
  return properties
    .filter((property) => isObject(property) && property['type'] === 'flag')
    .map((property) => store.featureFlags.get(Number((property as Record<string, unknown>)['key']))?.key)
    .filter((key): key is string => key !== undefined)
}

/** No flag depends on itself, directly or through others ([`FF11`]). */
function checkDependencyCycles(store: FakeStore, key: string, filters: Record<string, unknown>): void {
  const direct = dependencyKeys(store, filters)
  if (direct.includes(key)) invalid(`Feature flag '${key}' cannot depend on itself`, 'filters')
  const walk = (current: string, path: string[]): void => {
    if (path.includes(current)) {
      invalid(`Circular dependency detected: ${[...path.slice(path.indexOf(current)), current].join(' → ')}`, 'filters')
    }
    const flag = flagByKey(store, current)
    for (const next of flag ? dependencyKeys(store, flag.filters) : []) walk(next, [...path, current])
  }
  for (const dependency of direct) walk(dependency, [key])
}

/** Payload values are JSON text: other values are encoded, text that is not JSON is refused. */
function normalizePayloads(payloads: unknown): Record<string, string> {
  if (!isObject(payloads)) return {}
  return Object.fromEntries(
    Object.entries(payloads).map(([key, value]) => {
      if (typeof value !== 'string') return [key, JSON.stringify(value)]
      try {
        JSON.parse(value)
      } catch {
        invalid(`Payload for key '${key}' is not valid JSON.`, 'filters')
      }
      return [key, value]
    }),
  )
}

/** The live experiments using a flag. */
function experimentsOf(store: FakeStore, flag: FakeFeatureFlag) {
  return flag.experiment_set
    .map((id) => store.experiments.get(Number(id)))
    .filter((experiment) => experiment !== undefined && !experiment.deleted)
}

/**
 * Soft delete: refused while a running experiment uses the flag; frees the key (renamed when an experiment ever used
 * it).
 */
function softDelete(store: FakeStore, draft: FakeFeatureFlag): void {
  if (featuresOnFlag(store, draft.id).length > 0) {
    invalid(
      'Cannot delete a feature flag that is in use with early access features. Please delete the early access ' +
        'feature before deleting the flag.',
    )
  }
  const running = experimentsOf(store, draft).filter((experiment) => experiment!.start_date && !experiment!.end_date)
  if (running.length > 0) {
    const names = running.map((experiment) => `"${experiment!.name}" (ID: ${experiment!.id})`).join(', ')
    invalid(
      `Cannot delete a feature flag that is linked to running experiment(s): ${names}. Please stop the ` +
        `experiment(s) before deleting the flag.`,
    )
  }
  if (draft.experiment_set.length > 0) draft.key = `${draft.key}:deleted:${draft.id}`
}

/** Undelete: the original key comes back, `-2`, `-3`, … when it was taken meanwhile. */
function restore(store: FakeStore, draft: FakeFeatureFlag): void {
  const original = draft.key.replace(TOMBSTONE, '')
  let key = original
  for (let suffix = 2; flagByKey(store, key); suffix++) key = `${original}-${suffix}`
  draft.key = key
}

const flags = new GroupKit<FakeFeatureFlag>({
  records: (store) => store.featureFlags,
  idKind: 'flag',
  blank: blankFlag,
  softDeletes: true,
  writable: {
    key: field.text({ maxLength: 400, allowBlank: false }),
    name: field.text(),
    filters: field.object(),
    active: field.boolean(),
    archived: field.boolean(),
    deleted: field.boolean(),
    ensure_experience_continuity: field.boolean({ nullable: true }),
    tags: field.strings(),
    evaluation_contexts: field.strings(),
    evaluation_tags: field.strings(),
    analytics_dashboards: field.list(),
    has_enriched_analytics: field.boolean({ nullable: true }),
    creation_context: field.choice(FEATURE_FLAG_CREATION_CONTEXTS),
    is_remote_configuration: field.boolean({ nullable: true }),
    has_encrypted_payloads: field.boolean({ nullable: true }),
    evaluation_runtime: field.choice([...FEATURE_FLAG_EVALUATION_RUNTIMES, ''], { nullable: true }),
    bucketing_identifier: field.choice([...FEATURE_FLAG_BUCKETING_IDENTIFIERS, ''], { nullable: true }),
  },
  unique: { field: 'key', message: () => 'There is already a feature flag with this key.' },
  check(store, draft, body, previous) {
    if (!previous && body['key'] === undefined) invalid('This field is required.', 'key', 'required')
    if (typeof body['key'] === 'string' && !KEY_PATTERN.test(draft.key))
      invalid('Only letters, numbers, hyphens (-) & underscores (_) are allowed.', 'key', 'invalid_key')
    const remoteConfig = draft.is_remote_configuration === true
    // A new remote configuration sent without filters gets one group for everyone ([`FF9`]).
    const everyone = { groups: [{ properties: [], rollout_percentage: 100, variant: null }] }
    const filters = isObject(body['filters']) ? body['filters'] : !previous && remoteConfig ? everyone : undefined
    if (filters) {
      const merged = previous ? { ...previous.filters, ...filters } : filters
      draft.filters = normalizeFilters(store, merged, !previous, remoteConfig)
      checkDependencyCycles(store, draft.key, draft.filters)
    }
    if (draft.has_encrypted_payloads === true && !remoteConfig) {
      invalid('Encrypted payloads require the flag to be a remote configuration.')
    }
    if (draft.archived && draft.active) {
      if (previous?.archived && body['active'] === true)
        invalid('Cannot enable an archived feature flag. Unarchive it first.')
      invalid('Cannot archive an enabled feature flag. Disable it first, or send active: false in the same request.')
    }
    if (draft.deleted && !previous?.deleted) softDelete(store, draft)
    if (previous?.deleted && !draft.deleted) restore(store, draft)
    // A new flag takes a key held only by soft-deleted flags: those tombstones go.
    if (!previous)
      for (const old of [...store.featureFlags.values()])
        if (old.deleted && old.key === draft.key) store.featureFlags.delete(old.id)
  },
  stored(store, flag, previous) {
    if (!previous) return
    flag.version = (previous.version ?? 0) + 1
    flag.updated_at = store.timestamp()
    flag.last_modified_by = FAKE_USER
  },
  present: presentFlag,
})

/** A flag as the service answers it: derived fields computed, write-only ones left out, cohort names added. */
export function presentFlag(store: FakeStore, flag: FakeFeatureFlag): Record<string, unknown> {
  const { creation_context: _writeOnly, ...rest } = clone(flag)
  const experiments = experimentsOf(store, flag)
  const variants = flagVariants(flag)
  for (const group of (rest.filters['groups'] as unknown[] | undefined) ?? []) {
    for (const property of (isObject(group) && Array.isArray(group['properties'])
      ? group['properties']
      : []) as unknown[]) {
      if (isObject(property) && property['type'] === 'cohort')
        property['cohort_name'] = store.cohorts.get(Number(property['value']))?.name ?? null
    }
  }
  return {
    ...rest,
    status: flag.deleted ? 'DELETED' : flag['archived'] ? 'ARCHIVED' : 'ACTIVE',
    experiment_set: experiments.map((experiment) => experiment!.id),
    experiment_set_metadata: experiments.map((experiment) => ({
      id: experiment!.id,
      name: experiment!.name,
      is_running: Boolean(experiment!.start_date && !experiment!.end_date),
    })),
    is_eligible_for_experiment: variants.length >= 2 && variants.length <= 20,
  }
}

/**
 * Creates and stores a flag without validation; fields not given get the service's defaults (multivariate
 * `control`/`test`).
 */
export function createFlag(store: FakeStore, fields: Partial<FakeFeatureFlag> & { key: string }): FakeFeatureFlag {
  return flags.seed(store, { filters: multivariateFilters(DEFAULT_VARIANTS), ...fields })
}

/** Stores a flag built from `seed` without validation (multivariate `control`/`test` unless told otherwise). */
export function seedFeatureFlag(store: FakeStore, seed: Partial<FakeFeatureFlag>): FakeFeatureFlag {
  const flag = createFlag(store, { key: seed.key ?? `flag-${store.featureFlags.size + 1}`, ...seed })
  if (!seed.name) flag.name = `Flag ${flag.id}`
  return flag
}

/** Changes a stored flag as a write through the API would (version bumped, `updated_at` now). */
export function touchFlag(store: FakeStore, flag: FakeFeatureFlag, change: (flag: FakeFeatureFlag) => void): void {
  const previous = clone(flag)
  change(flag)
  flags.spec.stored?.(store, flag, previous)
}

/** The embedded (minimal) form of a flag. */
export function minimalFlag(flag: FakeFeatureFlag): FakeMinimalFeatureFlag {
  return clone({
    id: flag.id,
    team_id: flag.team_id,
    name: flag.name,
    key: flag.key,
    filters: flag.filters,
    deleted: flag.deleted,
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    has_encrypted_payloads: flag.has_encrypted_payloads,
    version: flag.version,
    evaluation_runtime: flag.evaluation_runtime,
    bucketing_identifier: flag.bucketing_identifier,
    evaluation_tags: flag.evaluation_tags,
  })
}

/** A live flag by key. */
export function flagByKey(store: FakeStore, key: string): FakeFeatureFlag | undefined {
  for (const flag of store.featureFlags.values()) if (flag.key === key && !flag.deleted) return flag
  return undefined
}

/**
 * Usable by an experiment: multivariate with at least 2 variants, one of them `control` (docs/service-behaviour.md
 * §11.7).
 */
export function isEligibleForExperiment(flag: FakeFeatureFlag): boolean {
  const variants = flagVariants(flag)
  return variants.length >= 2 && variants.some((variant) => variant['key'] === 'control')
}

/** The flags surveys manage themselves, which the list leaves out (docs/service-behaviour.md §11.2). */
function surveyInternalFlagIds(store: FakeStore): Set<number> {
  const ids = new Set<number>()
  for (const survey of store.surveys.values()) {
    for (const flag of [survey.targeting_flag, survey.internal_targeting_flag]) if (flag) ids.add(flag.id)
  }
  return ids
}

/** A JSON-encoded list of strings in the query, or nothing. */
function jsonList(query: URLSearchParams, name: string): string[] | undefined {
  const raw = query.get(name)
  if (raw === null) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    invalid(`${name} must be a JSON-encoded list`, name)
  }
  return Array.isArray(value) ? value.map(String) : undefined
}

/**
 * The list's other filters ([`FF7`]): tags (any of), excluded tags and keys, creator, runtime, contexts,
 * eligibility.
 */
function filterByLists(flags: FakeFeatureFlag[], query: URLSearchParams): FakeFeatureFlag[] {
  let items = flags
  const tags = jsonList(query, 'tags')
  if (tags && tags.length > 0) items = items.filter((flag) => flag.tags.some((tag) => tags.includes(tag)))
  const excludedTags = jsonList(query, 'excluded_tags')
  if (excludedTags) items = items.filter((flag) => !flag.tags.some((tag) => excludedTags.includes(tag)))
  const excludedKeys = jsonList(query, 'excluded_properties')
  if (excludedKeys) items = items.filter((flag) => !excludedKeys.includes(flag.key))
  const createdBy = query.get('created_by_id')
  if (createdBy) {
    const ids = createdBy.replace(/[[\]\s]/g, '').split(',')
    items = items.filter((flag) => ids.includes(String(flag.created_by?.id)))
  }
  const runtime = query.get('evaluation_runtime')
  if (runtime) items = items.filter((flag) => flag.evaluation_runtime === runtime)
  const contexts = parseBoolean(query.get('has_evaluation_contexts'))
  const hasContexts = (flag: FakeFeatureFlag) =>
    ((flag['evaluation_contexts'] as unknown[] | undefined) ?? []).length > 0
  if (contexts !== undefined) items = items.filter((flag) => hasContexts(flag) === contexts)
  const eligible = (flag: FakeFeatureFlag) => flagVariants(flag).length >= 2 && flagVariants(flag).length <= 20
  if (parseBoolean(query.get('eligible_for_experiment')) === true) items = items.filter(eligible)
  return items
}

export const featureFlagHandlers: GroupHandlers<'featureFlags'> = {
  'featureFlags.list': (context) => {
    const { store, query } = context
    const internal = surveyInternalFlagIds(store)
    let items = flags.live(store).filter((flag) => !internal.has(flag.id))
    const archived = parseBoolean(query.get('archived'))
    items = items.filter((flag) => Boolean(flag['archived']) === (archived === true))
    const search = query.get('search')
    if (search && search.length > 200) invalid('Search term cannot exceed 200 characters', 'search')
    if (search) items = items.filter((flag) => icontains(flag.key, search) || icontains(flag.name, search))
    const key = query.get('key')
    if (key) items = items.filter((flag) => flag.key.toLowerCase() === key.toLowerCase())
    const active = query.get('active')
    if (active === 'true' || active === 'false') items = items.filter((flag) => flag.active === (active === 'true'))
    // The fake's flags are never stale (no evaluations are counted): `STALE` lists none.
    if (active === 'STALE') items = []
    const type = query.get('type')
    if (type === 'boolean') items = items.filter((flag) => flagVariants(flag).length === 0)
    if (type === 'multivariant') items = items.filter((flag) => flagVariants(flag).length > 0)
    if (type === 'experiment') items = items.filter((flag) => experimentsOf(store, flag).length > 0)
    if (type === 'remote_config') items = items.filter((flag) => flag.is_remote_configuration === true)
    items = filterByLists(items, query)
    sortBy(items, [query.get('order') ?? '-created_at', '-id'], (flag, name) => flag[name])
    return flags.page(context, items)
  },
  'featureFlags.create': flags.create,
  'featureFlags.retrieve': flags.retrieve,
  'featureFlags.update': flags.update,
  // Never hard-deleted: 405 with an empty body, whatever the id (forbid_destroy_model.py).
  'featureFlags.delete': flags.delete,
}
