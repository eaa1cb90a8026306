import { isPlainObject } from './diff.js'
import { isRef, parseRef } from './graph.js'
import type { Resource } from './kinds.js'
import type { PlanError, ProjectConfig } from './types.js'

/**
 * What the service refuses for a reason the files show, refused by `plan` instead, naming the spec and the
 * resource, before anything is sent: an apply that stops half-way leaves what it made behind.
 */

/** The leaves of a cohort's condition tree (`filters.properties`: groups of `values`). */
function leavesOf(filters: unknown): Resource[] {
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

/** The cohorts the live project and the configuration know, to follow a flag's cohorts and theirs. */
export interface CohortIndex {
  desired: ProjectConfig
  live: readonly Resource[]
}

/**
 * A plan error for each flag spec that targets a cohort with behavioral (event-based) conditions, directly or
 * through a cohort it names: the service refuses the flag (`behavioral_cohort_found`, docs/service-behaviour.md
 * §11.2). A cohort is the configuration's spec when it has one (what it will be), else the live one.
 */
export function behavioralCohortErrors({ desired, live }: CohortIndex): PlanError[] {
  const specs = (desired.cohorts ?? []) as Resource[]
  const byRef = (value: unknown): Resource | undefined => {
    if (isRef(value)) {
      const parsed = parseRef(value.$ref)
      if (typeof parsed !== 'object' || parsed.kind !== 'cohorts') return undefined
      return specs.find((spec) => spec.name === parsed.key) ?? live.find((cohort) => cohort.name === parsed.key)
    }
    const cohort = live.find((item) => String(item.id) === String(value))
    return (cohort && specs.find((spec) => spec.name === cohort.name)) ?? cohort
  }
  /** The cohort (by name) that has behavioral conditions, following nested cohorts; `undefined` if none. */
  const behavioral = (cohort: Resource, seen: Set<Resource>): Resource | undefined => {
    if (seen.has(cohort)) return undefined
    seen.add(cohort)
    for (const leaf of leavesOf(cohort.filters)) {
      if (leaf.type === 'behavioral') return cohort
      const nested = leaf.type === 'cohort' ? byRef(leaf.value) : undefined
      const found = nested && behavioral(nested, seen)
      if (found) return found
    }
    return undefined
  }
  const errors: PlanError[] = []
  for (const flag of (desired.featureFlags ?? []) as Resource[]) {
    const groups = isPlainObject(flag.filters) && Array.isArray(flag.filters.groups) ? flag.filters.groups : []
    groups.forEach((group: unknown, index) => {
      const properties = isPlainObject(group) && Array.isArray(group.properties) ? group.properties : []
      properties.forEach((property: unknown, at) => {
        if (!isPlainObject(property) || property.type !== 'cohort') return
        const cohort = byRef(property.value)
        const found = cohort && behavioral(cohort, new Set())
        if (!cohort || !found) return
        const through = found === cohort ? '' : ` through cohort "${String(found.name)}"`
        const message =
          `filters.groups[${index}].properties[${at}]: cohort "${String(cohort.name)}" has behavioral (event-based) ` +
          `conditions${through}, which the service refuses in a flag (behavioral_cohort_found): target a cohort of ` +
          'person properties'
        errors.push({ kind: 'featureFlags', key: String(flag.key), message })
      })
    })
  }
  return errors
}
