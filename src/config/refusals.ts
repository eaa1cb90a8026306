import { isPlainObject } from './diff.js'
import type { Resource, WholePlan } from './kinds/declare.js'
import { leavesOf } from './kinds/cohorts.js'
import type { PlanError } from './types.js'

/**
 * What the service refuses for a reason the files show, refused by `plan` instead, naming the spec and the
 * resource, before anything is sent: an apply that stops half-way leaves what it made behind. What one kind's
 * spec alone shows is its declaration's (`plan.refuseCreate`, src/config/kinds/); this module holds what spans two
 * kinds (a flag and the cohorts it targets).
 */

/**
 * A plan error for each flag spec that targets a cohort with behavioral (event-based) conditions, directly or
 * through a cohort it names: the service refuses the flag (`behavioral_cohort_found`, docs/service-behaviour.md
 * §11.2). A cohort is the configuration's spec when it has one (what it will be), else the live one.
 */
export function behavioralCohortErrors(plan: WholePlan): PlanError[] {
  const { desired } = plan
  const specs = (desired.cohorts ?? []) as Resource[]
  const live = plan.live('cohorts')
  const byRef = (value: unknown): Resource | undefined => {
    const parsed = plan.referenced(value)
    if (parsed !== undefined) {
      if (parsed.kind !== 'cohorts') return undefined
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
