/**
 * Cohorts (docs/service-behaviour.md §11.3): a condition tree checked as the service's models check it,
 * `cohort_type` recomputed, DELETE refused (405), soft delete by PATCH refused while a live flag uses the
 * cohort or another cohort names it, and the calculation fields a new dynamic cohort starts with.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid } from '../responses.js'
import { isObject, parseBoolean } from '../validators.js'
import { COHORT_TYPES } from '../../model/enums.js'
import type { FakeCohort, FakeFeatureFlag } from '../records.js'
import { FAKE_USER, clone, hash128, type FakeStore } from '../store.js'

const LEAF_TYPES = ['person', 'person_metadata', 'cohort', 'behavioral']
/** Behaviours that make a cohort `analytical` rather than `behavioral`. */
const ANALYTICAL = [
  'performed_event_first_time',
  'performed_event_regularly',
  'performed_event_sequence',
  'stopped_performing_event',
  'restarted_performing_event',
]

function blankCohort(store: FakeStore): Omit<FakeCohort, 'id'> {
  return {
    name: null,
    description: '',
    groups: [],
    deleted: false,
    filters: null,
    query: null,
    version: null,
    pending_version: null,
    is_calculating: false,
    created_by: FAKE_USER,
    created_at: store.timestamp(),
    last_calculation: null,
    last_backfill_person_properties_at: null,
    errors_calculating: 0,
    last_error_message: null,
    count: null,
    is_static: false,
    cohort_type: null,
    experiment_set: [],
    search_match_type: null,
  }
}

/** Every leaf of a condition tree, checked on the way: `{type: AND|OR, values}` groups, known leaf types. */
function leavesOf(node: unknown, path = 'properties'): Record<string, unknown>[] {
  if (!isObject(node)) invalid(`${path}: must be an object`, 'filters')
  if (node['type'] === 'AND' || node['type'] === 'OR') {
    if (!Array.isArray(node['values'])) invalid(`${path}.values: field required`, 'filters')
    return node['values'].flatMap((value, index) => leavesOf(value, `${path}.values[${index}]`))
  }
  if (!LEAF_TYPES.includes(String(node['type'])))
    invalid(`${path}.type: invalid condition type ${JSON.stringify(node['type'])}`, 'filters')
  if (node['type'] === 'person' && node['operator'] === undefined)
    invalid('Missing required keys for person filter: operator', 'filters')
  return [node]
}

/**
 * What the service computes from the filters: `static`, `behavioral`, `analytical` or `person_property`
 * (docs/service-behaviour.md §11.3).
 */
function cohortTypeOf(cohort: FakeCohort, leaves: Record<string, unknown>[]): string {
  if (cohort.is_static) return 'static'
  if (leaves.some((leaf) => leaf['type'] === 'behavioral' && ANALYTICAL.includes(String(leaf['value']))))
    return 'analytical'
  if (leaves.some((leaf) => leaf['type'] === 'behavioral')) return 'behavioral'
  return 'person_property'
}

/** What the service writes into a saved condition and never takes from a request ([`CO3`]). */
const DERIVED_LEAF_KEYS = ['bytecode', 'bytecode_error', 'conditionHash']

/**
 * A dynamic cohort's condition tree as the service stores it ([`CO3`]): every leaf's derived keys computed
 * from the condition itself (what a request sent there is dropped), `negation` written out (the model's default).
 * Person leaves compile (`bytecode`, `conditionHash`); behavioral leaves get a `conditionHash` and, the fake
 * computing no realtime events, a `bytecode_error`; cohort leaves get neither.
 */
function compiled(node: unknown): unknown {
  if (!isObject(node)) return node
  if (node['type'] === 'AND' || node['type'] === 'OR') {
    return { ...node, values: (node['values'] as unknown[]).map(compiled) }
  }
  const leaf = Object.fromEntries(Object.entries(node).filter(([key]) => !DERIVED_LEAF_KEYS.includes(key)))
  const condition: Record<string, unknown> = { ...leaf, negation: leaf['negation'] ?? false }
  if (condition['type'] === 'cohort') return condition
  const conditionHash = hash128(JSON.stringify(condition)).slice(0, 16)
  if (condition['type'] === 'behavioral') {
    return { ...condition, bytecode_error: 'Behavioral conditions are not realtime', conditionHash }
  }
  const bytecode = ['_H', 1, 32, condition['key'], 32, JSON.stringify(condition['value'] ?? null), 11]
  return { ...condition, bytecode, conditionHash }
}

/** Whether a condition tree has any leaf at all (`cohort_filters_have_values`). */
function hasValues(filters: unknown): boolean {
  return isObject(filters) && isObject(filters['properties']) && leavesOf(filters['properties']).length > 0
}

/** Whether a cohort's conditions, or those of a cohort it names (at any depth), are on events ([`FF8`]). */
export function behavioralCohort(store: FakeStore, id: number, seen = new Set<number>()): FakeCohort | undefined {
  const cohort = store.cohorts.get(id)
  if (!cohort || seen.has(id) || !isObject(cohort.filters) || !isObject(cohort.filters['properties'])) return undefined
  seen.add(id)
  if (leavesOf(cohort.filters['properties']).some((leaf) => leaf['type'] === 'behavioral')) return cohort
  for (const named of referencedCohorts(cohort)) {
    const found = behavioralCohort(store, named, seen)
    if (found) return found
  }
  return undefined
}

/** The live active flags targeting a cohort. */
function activeFlagsUsing(store: FakeStore, id: number) {
  const names = (property: unknown) =>
    isObject(property) && property['type'] === 'cohort' && Number(property['value']) === id
  const usedBy = (group: unknown) =>
    isObject(group) && Array.isArray(group['properties']) && group['properties'].some(names)
  const groupsOf = (flag: FakeFeatureFlag) => (flag.filters['groups'] as unknown[] | undefined) ?? []
  return [...store.featureFlags.values()].filter((flag) => !flag.deleted && flag.active && groupsOf(flag).some(usedBy))
}

/** The cohorts a cohort's conditions name (directly). */
function referencedCohorts(cohort: FakeCohort): number[] {
  if (!isObject(cohort.filters)) return []
  return leavesOf(cohort.filters['properties'])
    .filter((leaf) => leaf['type'] === 'cohort')
    .map((leaf) => Number(leaf['value']))
}

function checkFilters(
  store: FakeStore,
  draft: FakeCohort,
  body: Record<string, unknown>,
  previous: FakeCohort | undefined,
): void {
  if (
    body['filters'] !== undefined &&
    body['query'] !== undefined &&
    body['filters'] !== null &&
    body['query'] !== null
  )
    invalid('Cannot set both query and filters at the same time.')
  if (draft.query !== null && !draft.is_static)
    invalid('Cannot create a dynamic cohort with a query. Set is_static to true.', 'query')
  if (!previous && draft.is_static) checkStaticSource(draft, body)
  if (!isObject(draft.filters)) return
  if (draft.is_static && !hasValues(draft.filters) && body['filters'] !== undefined) return
  if (!isObject(draft.filters['properties'])) invalid("Must contain a 'properties' key with type and values", 'filters')
  if (previous?.is_static && body['filters'] !== undefined)
    invalid(
      'Editing the criteria of a static cohort is not supported yet. Create a new static cohort instead.',
      'filters',
    )
  const leaves = leavesOf(draft.filters['properties'])
  const onEvents = leaves.some((leaf) => leaf['type'] === 'behavioral')
  if (previous && body['filters'] !== undefined && onEvents && activeFlagsUsing(store, previous.id).length > 0) {
    const detail = 'Behavioral filters cannot be added to cohorts used in feature flags.'
    invalid(detail, 'filters', 'behavioral_cohort_found')
  }
  for (const id of referencedCohorts(draft)) {
    const target = store.cohorts.get(id)
    if (!target || target.deleted) invalid(`Referenced cohort ${id} not found`, 'filters')
    if (id === draft.id || (draft.id !== 0 && reaches(store, id, draft.id)))
      invalid('Cohorts cannot reference other cohorts in a loop.', 'filters')
  }
  const computed = cohortTypeOf(draft, leaves)
  if (typeof body['cohort_type'] === 'string' && body['cohort_type'] !== computed) {
    invalid(
      `Cohort type '${body['cohort_type']}' does not match the filters. Expected type: '${computed}'`,
      'cohort_type',
    )
  }
}

/**
 * A new static cohort needs people to start from ([`CO4`]): person ids (an empty list counts: people added
 * later), a query, or conditions with values; a CSV upload or a copy of a flag or cohort are the service's
 * other sources, none of which the fake takes.
 */
function checkStaticSource(draft: FakeCohort, body: Record<string, unknown>): void {
  if (Array.isArray(body['_create_static_person_ids']) || draft.query !== null || hasValues(draft.filters)) return
  invalid('Invalid source for static cohort. Requires criteria, a csv, feature flag, existing cohort or query.')
}

/** Whether cohort `from` names `to`, directly or through other cohorts. */
function reaches(store: FakeStore, from: number, to: number, seen = new Set<number>()): boolean {
  if (seen.has(from)) return false
  seen.add(from)
  const cohort = store.cohorts.get(from)
  return cohort !== undefined && referencedCohorts(cohort).some((id) => id === to || reaches(store, id, to, seen))
}

/**
 * Soft delete: refused while a live flag or another live cohort uses the cohort; experiments drop it as their exposure
 * cohort.
 */
function checkSoftDelete(store: FakeStore, draft: FakeCohort): void {
  const flags = activeFlagsUsing(store, draft.id)
  if (flags.length > 0)
    invalid(
      `This cohort is used in ${flags.length} active feature flag(s): ${flags.map((flag) => flag.key).join(', ')}`,
    )
  const cohorts = [...store.cohorts.values()].filter(
    (cohort) => !cohort.deleted && cohort.id !== draft.id && referencedCohorts(cohort).includes(draft.id),
  )
  if (cohorts.length > 0)
    invalid(
      `This cohort is used as criteria in ${cohorts.length} other cohort(s): ` +
        `${cohorts.map((cohort) => cohort.name).join(', ')}`,
    )
}

const cohorts = new GroupKit<FakeCohort>({
  records: (store) => store.cohorts,
  idKind: 'cohort',
  blank: blankCohort,
  softDeletes: true,
  writable: {
    name: field.text({ nullable: true, maxLength: 400 }),
    description: field.text({ maxLength: 1000 }),
    groups: field.list(),
    deleted: field.boolean(),
    filters: field.object({ nullable: true }),
    query: field.object({ nullable: true }),
    is_static: field.boolean(),
    cohort_type: field.choice(COHORT_TYPES, { nullable: true }),
  },
  check(store, draft, body, previous) {
    checkFilters(store, draft, body, previous)
    if (draft.deleted && !previous?.deleted) checkSoftDelete(store, draft)
  },
  stored(store, cohort, previous) {
    if (!cohort.is_static && isObject(cohort.filters) && isObject(cohort.filters['properties'])) {
      cohort.filters = { ...cohort.filters, properties: compiled(cohort.filters['properties']) }
    }
    const leaves =
      isObject(cohort.filters) && isObject(cohort.filters['properties']) ? leavesOf(cohort.filters['properties']) : []
    // Dynamic cohorts with filters: the service overwrites the type (`null` when not every leaf compiles to realtime
    // bytecode).
    cohort.cohort_type = cohort.is_static
      ? 'static'
      : leaves.length > 0
        ? cohortTypeOf(cohort, leaves) === 'person_property'
          ? 'realtime'
          : null
        : cohort.cohort_type
    if (!previous || JSON.stringify(previous.filters) !== JSON.stringify(cohort.filters)) {
      cohort.is_calculating = !cohort.is_static && leaves.length > 0
      cohort.version = Number(cohort.version ?? 0) + 1
      cohort.pending_version = cohort.version
    }
    if (cohort.deleted)
      for (const experiment of store.experiments.values())
        if (experiment.exposure_cohort === cohort.id) experiment.exposure_cohort = null
  },
  present: (_store, cohort) => clone(cohort),
})

/** Stores a cohort built from `seed` without validation. */
export function seedCohort(store: FakeStore, seed: Partial<FakeCohort>): FakeCohort {
  return cohorts.seed(store, { name: `Cohort ${store.cohorts.size + 1}`, ...seed })
}

export const cohortHandlers: GroupHandlers<'cohorts'> = {
  'cohorts.list': (context) => {
    const { store, query } = context
    let items = cohorts.live(store)
    const search = query.get('search')
    if (search && search.length > 200) invalid('Search term cannot exceed 200 characters', 'search')
    if (search) items = items.filter((cohort) => icontains(cohort.name, search))
    const type = query.get('type')
    if (type === 'static' || type === 'dynamic')
      items = items.filter((cohort) => cohort.is_static === (type === 'static'))
    const createdBy = query.get('created_by_id')
    if (createdBy) items = items.filter((cohort) => String(cohort.created_by?.id) === createdBy)
    if (parseBoolean(query.get('hide_behavioral_cohorts')))
      items = items.filter((cohort) => cohort['cohort_type'] !== 'behavioral' && cohort['cohort_type'] !== 'analytical')
    sortBy(items, ['-created_at', '-id'], (cohort, name) => cohort[name])
    if (search) sortBy(items, ['match'], (cohort) => (cohort.name?.toLowerCase() === search.toLowerCase() ? 0 : 1))
    if (parseBoolean(query.get('basic')) !== true) return cohorts.page(context, items)
    return cohorts.page(context, items, (cohort) => {
      const { filters: _filters, query: _query, groups: _groups, ...basic } = clone(cohort)
      return basic
    })
  },
  'cohorts.create': cohorts.create,
  'cohorts.retrieve': cohorts.retrieve,
  'cohorts.update': cohorts.update,
  // Never hard-deleted: 405 with an empty body, whatever the id.
  'cohorts.delete': cohorts.delete,
}
