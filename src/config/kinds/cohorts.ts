import { isPlainObject } from '../diff.js'
import { at, BELOW, declareKind, everyObject, memberIs, narrowed, remove, type Resource } from './declare.js'

/** What the service computes into a saved cohort condition (its compiled filter and the hash of it). */
const CONDITION_OWNED = ['bytecode', 'bytecode_error', 'conditionHash']

const behavioral = memberIs('type', 'behavioral')

// Only soft-deleted; names not unique (docs/service-behaviour.md §12.2).
export const cohorts = declareKind({
  kind: 'cohorts',
  folder: 'cohorts',
  keyField: 'name',
  singular: 'cohort',
  sdk: (client) => client.cohorts,
  search: (spec) => ({ search: spec.name }),
  uniqueOnService: false,
  softDelete: true,
  references: [
    at(
      ['filters', BELOW],
      { field: 'value', target: 'cohorts', where: memberIs('type', 'cohort') },
      { field: 'key', target: 'actions', where: narrowed(behavioral, (node) => node.event_type === 'actions') },
      {
        field: 'seq_event',
        target: 'actions',
        where: narrowed(behavioral, (node) => node.seq_event_type === 'actions'),
      },
    ),
  ],
  owned(spec) {
    // Recomputed from the filters (`realtime` or `null` for a dynamic cohort): a sent value is only checked.
    delete spec.cohort_type
    everyObject(spec.filters, (node) => remove(node, CONDITION_OWNED))
  },
  defaults: { query: null, groups: [] },
  plan: {
    refuseCreate: staticCohortRefusal,
    createWarnings: staticPeopleWarnings,
  },
})

/** The leaves of a cohort's condition tree (`filters.properties`: groups of `values`). */
export function leavesOf(filters: unknown): Resource[] {
  const leaves: Resource[] = []
  const visit = (node: unknown) => {
    if (!isPlainObject(node)) return
    if (Array.isArray(node.values) && (node.type === 'AND' || node.type === 'OR')) node.values.forEach(visit)
    else leaves.push(node)
  }
  if (isPlainObject(filters)) visit(filters.properties)
  return leaves
}

/**
 * A static cohort the service creates: one with criteria, a query, or `_create_static_person_ids` (an empty list
 * makes it empty); anything else it refuses (`Invalid source for static cohort. Requires criteria, a csv, feature
 * flag, existing cohort or query.`, docs/service-behaviour.md §11.3). `undefined` when it can be created.
 */
export function staticCohortRefusal(spec: Resource, project: string): string | undefined {
  if (spec.is_static !== true || spec._create_static_person_ids !== undefined) return undefined
  if (isPlainObject(spec.query) || leavesOf(spec.filters).length > 0) return undefined
  return (
    'static with no source: the service refuses it ("Invalid source for static cohort"). Its people are not part ' +
    'of a spec (PostHog keeps persons per project), so none are copied: write _create_static_person_ids: [] in its ' +
    `spec to create it empty and add people in project ${project}, or give it criteria or a query`
  )
}

/**
 * A static cohort's people are not part of its spec: PostHog keeps persons per project (a list of another
 * project's person ids is ignored), so a static cohort is created without them unless its spec names this
 * project's, or the service fills it from its `query` (docs/service-behaviour.md §12.5).
 */
function staticPeopleWarnings(spec: Resource, project: string): string[] {
  const given = spec._create_static_person_ids
  if (spec.is_static !== true || (Array.isArray(given) && given.length > 0)) return []
  if (isPlainObject(spec.query))
    return [
      `static, with a query: the service fills it from the query over the persons of project ${project} ` +
        'when it is created; no people are copied from elsewhere',
    ]
  if (given === undefined) {
    return [
      `static, with criteria: the service fills it from them over the persons of project ${project} ` +
        'when it is created; no people are copied from elsewhere',
    ]
  }
  return [
    'static: created without people. Its members are not part of a spec (PostHog keeps persons per project), so ' +
      `none are copied; add them in project ${project} (a CSV of distinct ids or emails on the cohort's page, or ` +
      "_create_static_person_ids with this project's person ids)",
  ]
}
