/**
 * The request bodies and queries of `experiments` (docs/service-behaviour.md §3, §P1); the nested
 * payloads (metrics, parameters, exposure criteria, …) are in ../model/experiment-metrics.ts.
 */
import * as z from 'zod/mini'
import {
  EXPERIMENT_CONCLUSIONS,
  EXPERIMENT_LIST_STATUSES,
  EXPERIMENT_TYPES,
  FEATURE_FLAG_EVALUATION_RUNTIMES,
} from '../model/enums.js'
import { anyJson, dateTimeInput, jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams, pageParams } from './group-shapes.js'
import {
  experimentDateSchema,
  experimentExposureCriteriaSchema,
  experimentFeatureFlagInputSchema,
  experimentMetricSchema,
  experimentMetricWithFingerprintSchema,
  experimentParametersSchema,
  experimentRunningTimeCalculationSchema,
  experimentSavedMetricRefSchema,
  experimentStatsConfigSchema,
} from '../model/experiment-metrics.js'

export const experimentWriteFieldsSchema = strictObject({
  /** Name, at most 400 characters. */
  name: z.exactOptional(z.string()),
  /** Description (at most 400 characters; newer services 3000). */
  description: nullableOptional(z.string()),
  /** Launch date-time: setting it launches the experiment and activates its flag; `null` makes it a draft. */
  start_date: z.exactOptional(experimentDateSchema),
  /** End date-time, after `start_date`. */
  end_date: z.exactOptional(experimentDateSchema),
  /**
   * Key of the feature flag. An existing flag is reused when it is multivariate with at least two
   * variants, the first `control`; otherwise a new one is created (400 when the key is taken).
   */
  feature_flag_key: z.exactOptional(z.string()),
  /** Id of a holdout group (users kept out of every variant). */
  holdout_id: nullableOptional(z.number()),
  /** Variants and other settings (default variants `control`/`test`, 50/50). */
  parameters: nullableOptional(experimentParametersSchema),
  /** Legacy secondary metrics. */
  secondary_metrics: nullableOptional(z.array(z.unknown())),
  /** Saved (shared) metrics to attach. */
  saved_metrics_ids: nullableOptional(z.array(experimentSavedMetricRefSchema)),
  /** Legacy filters. */
  filters: z.exactOptional(jsonRecord),
  /** Archive (hide from the list) or unarchive. */
  archived: z.exactOptional(z.boolean()),
  /** `true` soft-deletes, `false` restores. */
  deleted: nullableOptional(z.boolean()),
  /** `web` or `product`. */
  type: nullableOptional(z.enum(EXPERIMENT_TYPES)),
  /** Who counts as exposed (default: `$feature_flag_called` for the flag, duplicates excluded). */
  exposure_criteria: nullableOptional(experimentExposureCriteriaSchema),
  /** Primary metrics. */
  metrics: nullableOptional(z.array(experimentMetricSchema)),
  /** Secondary metrics. */
  metrics_secondary: nullableOptional(z.array(experimentMetricSchema)),
  /** Statistics settings (default: the organisation's method). */
  stats_config: nullableOptional(experimentStatsConfigSchema),
  /** Scheduling settings (newer services; free-form). */
  scheduling_config: anyJson,
  /** Folder to create the experiment in (create only). */
  _create_in_folder: z.exactOptional(z.string()),
  /** How it ended: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion: nullableOptional(z.enum(EXPERIMENT_CONCLUSIONS)),
  /** Why it ended (at most 4000 characters on newer services). */
  conclusion_comment: nullableOptional(z.string()),
  /** The order of `metrics`: must list the uuid of every primary metric (400 otherwise). */
  primary_metrics_ordered_uuids: nullableOptional(z.array(z.string())),
  /** The order of `metrics_secondary`: must list the uuid of every secondary metric (400 otherwise). */
  secondary_metrics_ordered_uuids: nullableOptional(z.array(z.string())),
  /** Pre-aggregate exposures (newer services). */
  exposure_preaggregation_enabled: z.exactOptional(z.boolean()),
  /** Running-time estimate settings (newer services). */
  running_time_calculation: nullableOptional(experimentRunningTimeCalculationSchema),
  /** Variant keys left out of the analysis (not the baseline or a holdout; newer services). */
  excluded_variants: nullableOptional(z.array(z.string())),
  /** Flag settings (newer services; write-only). */
  feature_flag: z.exactOptional(experimentFeatureFlagInputSchema),
  /** Required with `feature_flag` on a running experiment. */
  update_feature_flag_params: z.exactOptional(z.boolean()),
})
/**
 * Fields accepted by `experiments.create` and `experiments.update` (docs/service-behaviour.md §3.1,
 * §P1). A field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface ExperimentWriteFields extends ShapeOf<typeof experimentWriteFieldsSchema> {}

export const experimentCreateParamsSchema = createParams(experimentWriteFieldsSchema, {
  /** Name, at most 400 characters (required). */
  name: z.string(),
  /** Key of the feature flag to use or create (required). */
  feature_flag_key: z.string(),
})
/** `experiments.create`: `name` and `feature_flag_key` are required by the service. */
export interface ExperimentCreateParams extends ShapeOf<typeof experimentCreateParamsSchema> {}

export { experimentWriteFieldsSchema as experimentUpdateParamsSchema }
/** `experiments.update`: any writable field. */
export type ExperimentUpdateParams = ExperimentWriteFields

export const experimentDuplicateParamsSchema = strictObject({
  /** The copy's flag key (default: the same flag). */
  feature_flag_key: z.exactOptional(z.string()),
})
/** Body of `experiments.duplicate`: optionally another flag for the copy. */
export interface ExperimentDuplicateParams extends ShapeOf<typeof experimentDuplicateParamsSchema> {}

export const exposureCohortParamsSchema = z.record(z.string(), z.never())
/** Body of `experiments.createExposureCohort`: the service reads none. */
export type ExposureCohortParams = z.infer<typeof exposureCohortParamsSchema>

export const experimentLaunchParamsSchema = strictObject({
  /** When the experiment starts, as a `Date` or an ISO 8601 string. Default: now. */
  start_date: z.exactOptional(dateTimeInput),
})
/** What `experiments.launch` sets. */
export interface ExperimentLaunchParams extends ShapeOf<typeof experimentLaunchParamsSchema> {}

export const experimentEndParamsSchema = strictObject({
  /** When the experiment ends, as a `Date` or an ISO 8601 string. Default: now. */
  end_date: z.exactOptional(dateTimeInput),
  /** The outcome: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion: z.exactOptional(z.enum(EXPERIMENT_CONCLUSIONS)),
  /** Why, in a sentence or two. */
  conclusion_comment: z.exactOptional(z.string()),
})
/** What `experiments.end` sets. */
export interface ExperimentEndParams extends ShapeOf<typeof experimentEndParamsSchema> {}

export const experimentShipVariantParamsSchema = strictObject({
  /** The variant rolled out to everyone the flag's conditions match (100%; the others 0%). */
  variant_key: z.string(),
  /** The outcome: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion: nullableOptional(z.enum(EXPERIMENT_CONCLUSIONS)),
  /** Why, at most 4,000 characters. */
  conclusion_comment: nullableOptional(z.string()),
  /** Newer services: also put a 100% condition first, so the variant reaches everyone (default `false`). */
  release_to_everyone: z.exactOptional(z.boolean()),
})
/** `experiments.shipVariant`: the variant to ship and, when given, the conclusion. */
export interface ExperimentShipVariantParams extends ShapeOf<typeof experimentShipVariantParamsSchema> {}

export const experimentListParamsSchema = strictObject(pageParams, {
  /** `draft`, `running`, `complete` or `all` (default: all). */
  status: z.optional(z.enum(EXPERIMENT_LIST_STATUSES)),
  /**
   * `true`: only the archived experiments; `false` or left out: only those not archived. Both:
   * `experiments.listIncludingArchived()`.
   */
  archived: z.optional(z.boolean()),
  /** Name contains. */
  search: z.optional(z.string()),
  /** A field (or `duration`, `status`), `-`-prefixed for descending (default `-created_at`). */
  order: z.optional(z.string()),
  /** Only experiments created by this user id. */
  created_by_id: z.optional(z.number()),
})
/** Query of `experiments.list`. `limit`/`offset` are the spec's; the rest the service also reads (§3.2). */
export interface ExperimentListParams extends ShapeOf<typeof experimentListParamsSchema> {}

/** Query of `experiments.listIncludingArchived`: that of `list`, less `archived` (it walks both kinds). */
export const experimentListIncludingArchivedParamsSchema = strictObject(lessArchived(experimentListParamsSchema.shape))

/** A shape less its `archived` member (rather than `z.omit`: one zod function less in the main bundle). */
function lessArchived<Shape extends { archived: unknown }>({
  archived: _archived,
  ...rest
}: Shape): Omit<Shape, 'archived'> {
  return rest
}

const booleanQuerySchema = z.union([z.boolean(), z.literal(['true', 'false'])])

export const eligibleFeatureFlagsParamsSchema = strictObject({
  /** Flag key or name contains. */
  search: z.optional(z.string()),
  /** Default 20, at most 100. */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** Only active (`true`) or inactive (`false`) flags. */
  active: z.optional(booleanQuerySchema),
  /** Only flags created by this user id. */
  created_by_id: z.optional(z.number()),
  /** A field, `-`-prefixed for descending (default `-created_at`). */
  order: z.optional(z.string()),
  /** `server`, `client` or `all`. */
  evaluation_runtime: z.optional(z.enum(FEATURE_FLAG_EVALUATION_RUNTIMES)),
  /** Only flags with (`true`) or without (`false`) evaluation tags. */
  has_evaluation_tags: z.optional(booleanQuerySchema),
})
/** Query of `experiments.eligibleFeatureFlags` (spec rule 5). */
export interface EligibleFeatureFlagsParams extends ShapeOf<typeof eligibleFeatureFlagsParamsSchema> {}

export const recalculateTimeseriesParamsSchema = strictObject({
  /** The full metric to recalculate, with its `uuid` (as the experiment returns it). */
  metric: experimentMetricWithFingerprintSchema,
  /** The metric's `fingerprint`, as the experiment returns it. */
  fingerprint: z.string().check(z.minLength(1)),
})
/** Body of `recalculateTimeseries`. */
export interface RecalculateTimeseriesParams extends ShapeOf<typeof recalculateTimeseriesParamsSchema> {}

export const timeseriesResultsParamsSchema = strictObject({
  /** The metric's `uuid`. */
  metric_uuid: z.string().check(z.minLength(1)),
  /** The metric's `fingerprint` (in the experiment's `metrics`). */
  fingerprint: z.string().check(z.minLength(1)),
})
/** Query of `timeseriesResults`. */
export interface TimeseriesResultsParams extends ShapeOf<typeof timeseriesResultsParamsSchema> {}
