/**
 * The request bodies and queries of `experiments` (docs/service-behaviour.md §3, §P1); the nested
 * payloads (metrics, parameters, exposure criteria, …) are in ./experiment-metrics.ts.
 */
import * as z from 'zod/mini'
import { EXPERIMENT_CONCLUSIONS, EXPERIMENT_LIST_STATUSES, EXPERIMENT_TYPES, FEATURE_FLAG_EVALUATION_RUNTIMES } from '../schemas/enums.js'
import { anyJson, dateTimeInput, jsonRecord, nullableOptional, type ShapeOutput } from './common.js'
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
} from './experiment-metrics.js'

const experimentWriteFieldsShape = {
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
}
export interface ExperimentWriteFieldsSchema extends z.ZodMiniObject<typeof experimentWriteFieldsShape, z.core.$strict> {}
export const experimentWriteFieldsSchema: ExperimentWriteFieldsSchema = z.strictObject(experimentWriteFieldsShape)
/**
 * Fields accepted by `experiments.create` and `experiments.update` (docs/service-behaviour.md §3.1,
 * §P1). A field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface ExperimentWriteFields extends ShapeOutput<typeof experimentWriteFieldsShape> {}

const experimentCreateParamsShape = {
  ...experimentWriteFieldsShape,
  /** Name, at most 400 characters (required). */
  name: z.string(),
  /** Key of the feature flag to use or create (required). */
  feature_flag_key: z.string(),
}
export interface ExperimentCreateParamsSchema extends z.ZodMiniObject<typeof experimentCreateParamsShape, z.core.$strict> {}
export const experimentCreateParamsSchema: ExperimentCreateParamsSchema = z.strictObject(experimentCreateParamsShape)
/** `experiments.create`: `name` and `feature_flag_key` are required by the service. */
export interface ExperimentCreateParams extends ShapeOutput<typeof experimentCreateParamsShape> {}

export const experimentUpdateParamsSchema = experimentWriteFieldsSchema
/** `experiments.update`: any writable field. */
export type ExperimentUpdateParams = ExperimentWriteFields

const experimentDuplicateParamsShape = {
  /** The copy's flag key (default: the same flag). */
  feature_flag_key: z.exactOptional(z.string()),
}
export interface ExperimentDuplicateParamsSchema extends z.ZodMiniObject<typeof experimentDuplicateParamsShape, z.core.$strict> {}
export const experimentDuplicateParamsSchema: ExperimentDuplicateParamsSchema = z.strictObject(experimentDuplicateParamsShape)
/** Body of `experiments.duplicate`: optionally another flag for the copy. */
export interface ExperimentDuplicateParams extends ShapeOutput<typeof experimentDuplicateParamsShape> {}

export const exposureCohortParamsSchema = z.record(z.string(), z.never())
/** Body of `experiments.createExposureCohort`: the service reads none. */
export type ExposureCohortParams = z.infer<typeof exposureCohortParamsSchema>

const experimentLaunchParamsShape = {
  /** When the experiment starts, as a `Date` or an ISO 8601 string. Default: now. */
  start_date: z.exactOptional(dateTimeInput),
}
export interface ExperimentLaunchParamsSchema extends z.ZodMiniObject<typeof experimentLaunchParamsShape, z.core.$strict> {}
export const experimentLaunchParamsSchema: ExperimentLaunchParamsSchema = z.strictObject(experimentLaunchParamsShape)
/** What `experiments.launch` sets. */
export interface ExperimentLaunchParams extends ShapeOutput<typeof experimentLaunchParamsShape> {}

const experimentEndParamsShape = {
  /** When the experiment ends, as a `Date` or an ISO 8601 string. Default: now. */
  end_date: z.exactOptional(dateTimeInput),
  /** The outcome: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion: z.exactOptional(z.enum(EXPERIMENT_CONCLUSIONS)),
  /** Why, in a sentence or two. */
  conclusion_comment: z.exactOptional(z.string()),
}
export interface ExperimentEndParamsSchema extends z.ZodMiniObject<typeof experimentEndParamsShape, z.core.$strict> {}
export const experimentEndParamsSchema: ExperimentEndParamsSchema = z.strictObject(experimentEndParamsShape)
/** What `experiments.end` sets. */
export interface ExperimentEndParams extends ShapeOutput<typeof experimentEndParamsShape> {}

const experimentShipVariantParamsShape = {
  /** The variant rolled out to everyone the flag's conditions match (100%; the others 0%). */
  variant_key: z.string(),
  /** The outcome: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion: nullableOptional(z.enum(EXPERIMENT_CONCLUSIONS)),
  /** Why, at most 4,000 characters. */
  conclusion_comment: nullableOptional(z.string()),
  /** Newer services: also put a 100% condition first, so the variant reaches everyone (default `false`). */
  release_to_everyone: z.exactOptional(z.boolean()),
}
export interface ExperimentShipVariantParamsSchema extends z.ZodMiniObject<typeof experimentShipVariantParamsShape, z.core.$strict> {}
export const experimentShipVariantParamsSchema: ExperimentShipVariantParamsSchema = z.strictObject(experimentShipVariantParamsShape)
/** `experiments.shipVariant`: the variant to ship and, when given, the conclusion. */
export interface ExperimentShipVariantParams extends ShapeOutput<typeof experimentShipVariantParamsShape> {}

const experimentListParamsShape = {
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** `draft`, `running`, `complete` or `all` (default: all). */
  status: z.optional(z.enum(EXPERIMENT_LIST_STATUSES)),
  /** `true`: only the archived experiments; `false` or left out: only those not archived. Both: `experiments.listIncludingArchived()`. */
  archived: z.optional(z.boolean()),
  /** Name contains. */
  search: z.optional(z.string()),
  /** A field (or `duration`, `status`), `-`-prefixed for descending (default `-created_at`). */
  order: z.optional(z.string()),
  /** Only experiments created by this user id. */
  created_by_id: z.optional(z.number()),
}
export interface ExperimentListParamsSchema extends z.ZodMiniObject<typeof experimentListParamsShape, z.core.$strict> {}
export const experimentListParamsSchema: ExperimentListParamsSchema = z.strictObject(experimentListParamsShape)
/** Query of `experiments.list`. `limit`/`offset` are the spec's; the rest the service also reads (§3.2). */
export interface ExperimentListParams extends ShapeOutput<typeof experimentListParamsShape> {}

/** Query of `experiments.listIncludingArchived`: that of `list`, less `archived` (it walks both kinds). */
export const experimentListIncludingArchivedParamsSchema = z.strictObject(lessArchived(experimentListParamsShape))

/** A shape less its `archived` member (rather than `z.omit`: one zod function less in the main bundle). */
function lessArchived<Shape extends { archived: unknown }>({ archived: _archived, ...rest }: Shape): Omit<Shape, 'archived'> {
  return rest
}

const booleanQuerySchema = z.union([z.boolean(), z.literal(['true', 'false'])])

const eligibleFeatureFlagsParamsShape = {
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
}
export interface EligibleFeatureFlagsParamsSchema extends z.ZodMiniObject<typeof eligibleFeatureFlagsParamsShape, z.core.$strict> {}
export const eligibleFeatureFlagsParamsSchema: EligibleFeatureFlagsParamsSchema = z.strictObject(eligibleFeatureFlagsParamsShape)
/** Query of `experiments.eligibleFeatureFlags` (spec rule 5). */
export interface EligibleFeatureFlagsParams extends ShapeOutput<typeof eligibleFeatureFlagsParamsShape> {}

const recalculateTimeseriesParamsShape = {
  /** The full metric to recalculate, with its `uuid` (as the experiment returns it). */
  metric: experimentMetricWithFingerprintSchema,
  /** The metric's `fingerprint`, as the experiment returns it. */
  fingerprint: z.string(),
}
export interface RecalculateTimeseriesParamsSchema extends z.ZodMiniObject<typeof recalculateTimeseriesParamsShape, z.core.$strict> {}
export const recalculateTimeseriesParamsSchema: RecalculateTimeseriesParamsSchema = z.strictObject(recalculateTimeseriesParamsShape)
/** Body of `recalculateTimeseries`. */
export interface RecalculateTimeseriesParams extends ShapeOutput<typeof recalculateTimeseriesParamsShape> {}

const timeseriesResultsParamsShape = {
  /** The metric's `uuid`. */
  metric_uuid: z.string(),
  /** The metric's `fingerprint` (in the experiment's `metrics`). */
  fingerprint: z.string(),
}
export interface TimeseriesResultsParamsSchema extends z.ZodMiniObject<typeof timeseriesResultsParamsShape, z.core.$strict> {}
export const timeseriesResultsParamsSchema: TimeseriesResultsParamsSchema = z.strictObject(timeseriesResultsParamsShape)
/** Query of `timeseriesResults`. */
export interface TimeseriesResultsParams extends ShapeOutput<typeof timeseriesResultsParamsShape> {}
