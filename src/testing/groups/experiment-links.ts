/**
 * How an experiment ties into the project's graph (docs/service-behaviour.md §11.7): the flag it creates
 * from `parameters` or links by key, its holdout (written into a new or draft experiment's flag as
 * `filters.holdout`), its saved metrics (`saved_metrics_ids` in, `saved_metrics` out), and `ship_variant`.
 */
import type { OperationContext } from '../context.js'
import { invalid } from '../responses.js'
import { bodyObject, booleanField, choiceField, isObject, stringField } from '../validators.js'
import { EXPERIMENT_CONCLUSIONS } from '../../model/enums.js'
import type { FakeExperiment, FakeFeatureFlag, FakeHoldout } from '../records.js'
import { clone, hash128, type FakeStore } from '../store.js'
import {
  DEFAULT_VARIANTS,
  createFlag,
  flagByKey,
  flagVariants,
  isEligibleForExperiment,
  minimalFlag,
  multivariateFilters,
  touchFlag,
  type FlagVariant,
} from './feature-flags.js'
import { holdoutForFlag } from './holdouts.js'

/**
 * The flag an experiment uses: a live flag with the key, linked as it is (multivariate with a `control`
 * variant), or a new one from `parameters` carrying the holdout.
 */
export function resolveFlag(
  store: FakeStore,
  experiment: FakeExperiment,
  parameters: Record<string, unknown> | null | undefined,
  active: boolean,
): FakeFeatureFlag {
  const existing = flagByKey(store, experiment.feature_flag_key)
  if (existing) {
    if (flagVariants(existing).length < 2)
      invalid('Feature flag must have at least 2 variants (control and at least one test variant)', 'feature_flag_key')
    if (!isEligibleForExperiment(existing))
      invalid("Feature flag must have a variant with key 'control'", 'feature_flag_key')
    return existing
  }
  const rollout = typeof parameters?.['rollout_percentage'] === 'number' ? parameters['rollout_percentage'] : 100
  const filters = multivariateFilters(
    variantsOf(parameters),
    parameters?.['aggregation_group_type_index'] ?? null,
    rollout,
  )
  const payloads = parameters?.['feature_flag_payloads']
  return createFlag(store, {
    key: experiment.feature_flag_key,
    name: `Feature Flag for Experiment ${experiment.name}`,
    active,
    creation_context: 'experiments',
    ensure_experience_continuity: parameters?.['ensure_experience_continuity'] === true,
    filters: {
      ...filters,
      payloads: isObject(payloads) ? payloads : {},
      holdout: experiment.holdout ? holdoutForFlag(experiment.holdout) : null,
    },
  })
}

/**
 * The variants of a new flag, from `parameters.feature_flag_variants` (docs/service-behaviour.md §P1.7):
 * each variant's share is its `split_percent`, else its `rollout_percentage`, and the shares must add up to
 * 100, which the flag's own serializer checks (a 400 on `filters`).
 */
function variantsOf(parameters: Record<string, unknown> | null | undefined): FlagVariant[] {
  const variants = parameters?.['feature_flag_variants']
  if (!Array.isArray(variants)) return DEFAULT_VARIANTS
  if (variants.length > 20) invalid('Feature flag variants must be less than 21', 'parameters')
  if (!variants.some((variant) => isObject(variant) && variant['key'] === 'control')) {
    invalid("Feature flag variants must contain a variant with key 'control' (lowercase, exactly).", 'parameters')
  }
  const flagVariants = variants.map((variant, index) => {
    const fields = isObject(variant) ? variant : {}
    const share = [fields['split_percent'], fields['rollout_percentage']].find((value) => typeof value === 'number') as
      number | undefined
    return {
      key: typeof fields['key'] === 'string' ? fields['key'] : `variant-${index}`,
      name: typeof fields['name'] === 'string' ? fields['name'] : undefined,
      rollout_percentage: share ?? 0,
    }
  })
  if (flagVariants.reduce((sum, variant) => sum + variant.rollout_percentage, 0) !== 100) {
    invalid('Invalid variant definitions: Variant rollout percentages must sum to 100.', 'filters')
  }
  return flagVariants
}

/** A holdout of the project by id: DRF's related-field refusal otherwise. */
export function holdoutById(store: FakeStore, id: number): FakeHoldout {
  const holdout = store.holdouts.get(id)
  if (!holdout) invalid(`Invalid pk "${id}" - object does not exist.`, 'holdout_id', 'does_not_exist')
  return clone(holdout)
}

/**
 * `saved_metrics_ids` (the complete set) as the links `saved_metrics` shows: each id a saved metric of the
 * project, the type `primary` unless the metadata says otherwise; the metric uuids join the ordering lists.
 */
export function linkSavedMetrics(store: FakeStore, target: FakeExperiment, items: unknown[]): void {
  const links = items.map((item, index) => {
    if (!isObject(item)) invalid('Saved metric must be an object', 'saved_metrics_ids')
    if (item['id'] === undefined) invalid('Saved metric must have an id', 'saved_metrics_ids')
    if (
      item['metadata'] !== undefined &&
      item['metadata'] !== null &&
      (!isObject(item['metadata']) || item['metadata']['type'] === undefined)
    ) {
      invalid('Metadata must have a type key', 'saved_metrics_ids')
    }
    const metric = store.savedMetrics.get(Number(item['id']))
    if (!metric) invalid('Saved metric does not exist or does not belong to this project', 'saved_metrics_ids')
    const metadata = isObject(item['metadata']) ? item['metadata'] : { type: 'primary' }
    const query: Record<string, unknown> = {
      ...clone(metric.query),
      fingerprint: hash128(`${target.id}:${JSON.stringify(metric.query)}`),
    }
    return {
      id: index + 1,
      experiment: target.id,
      saved_metric: metric.id,
      metadata,
      created_at: store.timestamp(),
      query,
      name: metric.name,
    }
  })
  target.saved_metrics = links
  target.saved_metrics_ids = null
  for (const [type, key] of [
    ['primary', 'primary_metrics_ordered_uuids'],
    ['secondary', 'secondary_metrics_ordered_uuids'],
  ] as const) {
    const uuids = links
      .filter((link) => (link.metadata['type'] ?? 'primary') === type)
      .map((link) => String(link.query['uuid']))
    if (uuids.length > 0) target[key] = [...new Set([...(target[key] ?? []), ...uuids])]
  }
}

/** A draft's holdout change rewrites its flag's `filters.holdout`; a running experiment's holdout cannot change. */
export function syncHoldout(store: FakeStore, experiment: FakeExperiment, previous: FakeExperiment): void {
  if (experiment.holdout_id === previous.holdout_id) return
  if (previous.start_date && !previous.end_date) invalid("Can't update holdout on running Experiment")
  const flag = flagOf(store, experiment)
  if (flag)
    touchFlag(
      store,
      flag,
      () =>
        (flag.filters = { ...flag.filters, holdout: experiment.holdout ? holdoutForFlag(experiment.holdout) : null }),
    )
}

/** The stored flag of an experiment. */
export function flagOf(store: FakeStore, experiment: FakeExperiment): FakeFeatureFlag | undefined {
  return experiment.feature_flag
    ? store.featureFlags.get(experiment.feature_flag.id)
    : flagByKey(store, experiment.feature_flag_key)
}

/**
 * An experiment as answered: its flag and holdout as they are now (a ship, a holdout change or delete shows at once).
 */
export function withCurrentLinks(store: FakeStore, experiment: FakeExperiment): FakeExperiment {
  const answer = clone(experiment)
  const flag = flagOf(store, experiment)
  if (flag) answer.feature_flag = minimalFlag(flag)
  const holdout = experiment.holdout_id === null ? undefined : store.holdouts.get(experiment.holdout_id)
  answer.holdout = holdout ? clone(holdout) : null
  return answer
}

/**
 * `POST experiments/{id}/ship_variant/`: the flag serves the variant to 100% (the others 0%, names kept;
 * `release_to_everyone` puts a catch-all condition first), a running experiment ends now, and the conclusion
 * is set when given (docs/service-behaviour.md §11.7).
 */
export function shipVariant(context: OperationContext, experiment: FakeExperiment): void {
  const { store } = context
  const body = bodyObject(context.body)
  const key = stringField(body, 'variant_key', { required: true, allowBlank: false }) as string
  const conclusion = choiceField(body, 'conclusion', EXPERIMENT_CONCLUSIONS, { nullable: true })
  const comment = stringField(body, 'conclusion_comment', { nullable: true, maxLength: 4000 })
  const everyone = booleanField(body, 'release_to_everyone') === true
  if (!experiment.start_date) invalid('Experiment has not been launched yet.')
  const flag = flagOf(store, experiment)
  if (!flag) invalid('Experiment does not have a linked feature flag.')
  const variants = flagVariants(flag)
  if (!variants.some((variant) => variant['key'] === key)) invalid(`Variant '${key}' not found on feature flag.`)
  touchFlag(store, flag, () => {
    const groups = (flag.filters['groups'] as unknown[] | undefined) ?? []
    const catchAll = {
      properties: [],
      rollout_percentage: 100,
      description: 'Added automatically when the experiment was ended to keep only one variant.',
    }
    flag.filters = {
      ...flag.filters,
      groups: everyone ? [catchAll, ...groups] : groups,
      multivariate: {
        ...(flag.filters['multivariate'] as object),
        variants: variants.map((variant) => ({ ...variant, rollout_percentage: variant['key'] === key ? 100 : 0 })),
      },
    }
  })
  if (!experiment.end_date) experiment.end_date = store.timestamp()
  if (conclusion !== undefined) experiment.conclusion = conclusion
  if (comment !== undefined) experiment.conclusion_comment = comment
  experiment.updated_at = store.timestamp()
}
