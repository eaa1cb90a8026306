import { isPlainObject } from './diff.js'
import type { Resource } from './kinds.js'

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

/** The variants an experiment spec gives the flag it creates: `parameters.feature_flag_variants`, each share its `split_percent` else its `rollout_percentage`. */
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
