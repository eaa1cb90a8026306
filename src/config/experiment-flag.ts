import { isPlainObject } from './diff.js'
import type { PlanContext, Resource } from './kinds/declare.js'

/**
 * An experiment and the flag of its `feature_flag_key` (docs/service-behaviour.md §12.3). The service links an
 * existing flag only when it is multivariate with a `control` variant, and otherwise creates the flag from the
 * experiment's `parameters`. A flag spec with the experiment's key is created first (kinds order); where it
 * leaves `filters.multivariate` out, the plan gives it the variants the experiment would have given its own
 * flag, so the service links it; where it says something else (no variants, no `control`), it is a plan error.
 */

/** A flag variant as the flag's create body takes it. */
export interface FlagVariant {
  key: string
  name?: string
  rollout_percentage: number
}

/** What the service gives a flag it creates for an experiment without `feature_flag_variants`. */
const DEFAULT_VARIANTS: readonly FlagVariant[] = [
  { key: 'control', name: 'Control', rollout_percentage: 50 },
  { key: 'test', name: 'Test', rollout_percentage: 50 },
]

/**
 * The variants an experiment spec gives the flag it creates: `parameters.feature_flag_variants`, each share its
 * `split_percent` else its `rollout_percentage`.
 */
export function experimentVariants(experiment: Resource): FlagVariant[] {
  const parameters = isPlainObject(experiment.parameters) ? experiment.parameters : {}
  const variants = parameters.feature_flag_variants
  if (!Array.isArray(variants) || variants.length === 0) return DEFAULT_VARIANTS.map((variant) => ({ ...variant }))
  return variants.filter(isPlainObject).map((variant) => {
    const share = [variant.split_percent, variant.rollout_percentage].find((value) => typeof value === 'number') as
      number | undefined
    return {
      key: String(variant.key),
      ...(typeof variant.name === 'string' && { name: variant.name }),
      rollout_percentage: share ?? 0,
    }
  })
}

/** A flag's (or flag spec's) variants: `undefined` when it leaves `filters.multivariate` out, `[]` when it has none. */
export function flagVariants(flag: Resource): unknown[] | undefined {
  if (!isPlainObject(flag.filters) || flag.filters.multivariate === undefined) return undefined
  const multivariate = flag.filters.multivariate
  return isPlainObject(multivariate) && Array.isArray(multivariate.variants) ? multivariate.variants : []
}

/** Whether the service links a flag with these variants to an experiment: at least two, one keyed `control`. */
export function linkable(variants: readonly unknown[]): boolean {
  return variants.length >= 2 && variants.some((variant) => isPlainObject(variant) && variant.key === 'control')
}

/**
 * The flag spec with the variants of `experiment`, when it leaves `filters.multivariate` out (else `undefined`):
 * the service then links the created flag. Without `filters.groups`, it gets the one group the service would
 * give the experiment's own flag (`parameters.rollout_percentage`, default 100): a created flag needs one.
 */
export function withExperimentVariants(flag: Resource, experiment: Resource): Resource | undefined {
  if (flagVariants(flag) !== undefined) return undefined
  const filters = isPlainObject(flag.filters) ? flag.filters : {}
  const parameters = isPlainObject(experiment.parameters) ? experiment.parameters : {}
  const rollout = typeof parameters.rollout_percentage === 'number' ? parameters.rollout_percentage : 100
  const groups =
    Array.isArray(filters.groups) && filters.groups.length > 0
      ? filters.groups
      : [{ properties: [], rollout_percentage: rollout }]
  return { ...flag, filters: { ...filters, groups, multivariate: { variants: experimentVariants(experiment) } } }
}

/** The variants as a plan shows them: `control 50, test 50`. */
export function variantsText(variants: readonly FlagVariant[]): string {
  return variants.map((variant) => `${variant.key} ${variant.rollout_percentage}`).join(', ')
}

/**
 * Why an experiment created with a flag spec of the same key cannot be planned (`undefined`: it can): the flag is
 * created or updated first and the experiment links it, which the service accepts only for a multivariate flag
 * with a `control` variant (the spec's variants, else the live flag's, else those the plan gives a created flag).
 */
export function experimentFlagProblem({ key, desired, live }: PlanContext, creating: boolean): string | undefined {
  const flag = ((desired.featureFlags ?? []) as Resource[]).find((spec) => spec.key === key)
  const experiment = ((desired.experiments ?? []) as Resource[]).find((spec) => spec.feature_flag_key === key)
  if (!creating || !flag || !experiment) return undefined
  const [current] = live('featureFlags', key)
  const stated = flagVariants(flag)
  const variants = stated ?? (current ? (flagVariants(current) ?? []) : experimentVariants(experiment))
  if (linkable(variants)) return undefined
  const lacks = variants.length < 2 ? 'fewer than two variants' : 'no "control" variant'
  const why =
    stated !== undefined
      ? `the flag spec feature-flags/${key} has ${lacks} in filters.multivariate`
      : current
        ? `the live flag ${key} (id ${String(current.id)}) has ${lacks} and its spec leaves filters.multivariate out`
        : `parameters.feature_flag_variants, which the plan gives the flag spec feature-flags/${key} ` +
          `(it leaves filters.multivariate out), has ${lacks}`
  return (
    `${why}: the service links only a multivariate flag with a "control" variant to an experiment. Give the flag ` +
    'spec filters.multivariate.variants with "control" (or leave them out to get the experiment\'s), or leave the ' +
    'flag spec out and let the experiment create its flag'
  )
}

/**
 * A flag spec the plan creates for an experiment spec of the same key, given the experiment's variants when
 * it leaves `filters.multivariate` out (said in a warning), so that the service links it.
 */
export function flagForExperiment(spec: Resource, { key, desired, warn }: PlanContext): Resource {
  const experiment = ((desired.experiments ?? []) as Resource[]).find((item) => item.feature_flag_key === key)
  const filled = experiment && withExperimentVariants(spec, experiment)
  if (!filled || !linkable(experimentVariants(experiment))) return spec
  warn(
    `filters.multivariate is left out of the spec: created with the variants experiments/${key} gives its flag ` +
      `(${variantsText(experimentVariants(experiment))}), as the service links only a multivariate flag with a ` +
      '"control" variant to an experiment',
  )
  return filled
}

/**
 * Whether an experiment's own flag decides its flag config: it has a spec of its own, or (for a create, which
 * links it as it is) it is live.
 */
export function flagDecides({ key, desired, live }: PlanContext, creating: boolean): boolean {
  return (
    ((desired.featureFlags ?? []) as Resource[]).some((spec) => spec.key === key) ||
    (creating && live('featureFlags', key).length > 0)
  )
}
