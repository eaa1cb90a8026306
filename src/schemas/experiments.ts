import * as z from '../core/zod.js'
import {
  dateTime,
  describes,
  json,
  maybeJson,
  jsonObject,
  minimalFeatureFlagSchema,
  openEnum,
  userBasicSchema,
  type MinimalFeatureFlag,
  type OpenEnum,
  type Unchecked,
  type UserBasic,
} from './common.js'
import type { EXPERIMENT_CONCLUSIONS, EXPERIMENT_LIST_STATUSES, EXPERIMENT_TYPES } from './enums.js'
import type {
  ExperimentDate,
  ExperimentExposureCriteria,
  ExperimentFeatureFlagInput,
  ExperimentMetric,
  ExperimentMetricResult,
  ExperimentMetricWithFingerprint,
  ExperimentParameters,
  ExperimentRunningTimeCalculation,
  ExperimentSavedMetricRef,
  ExperimentStatsConfig,
} from './experiment-metrics.js'

/** The holdout group embedded in an experiment (docs/service-behaviour.md §3.1). */
export const holdoutSchema = z.looseObject({
  /** The holdout id. */
  id: z.number(),
  /** Name. */
  name: z.optional(z.string()),
  /** Description. */
  description: z.nullish(z.string()),
  /** Release groups; the variant is `holdout-<id>`. */
  filters: z.nullish(json),
  /** Who created it. */
  created_by: z.nullish(userBasicSchema),
  /** Creation date-time. */
  created_at: z.optional(dateTime),
  /** Last change. */
  updated_at: z.optional(dateTime),
})
/** The holdout group of an experiment: users kept out of every variant. */
export type Holdout = z.infer<typeof holdoutSchema>

/** A saved metric attached to an experiment. */
export const experimentSavedMetricSchema = z.looseObject({
  /** The attachment id. */
  id: z.number(),
  /** The experiment id. */
  experiment: z.optional(z.number()),
  /** The saved metric id. */
  saved_metric: z.optional(z.number()),
  /** `{ type: "primary" | "secondary" }`. */
  metadata: z.nullish(json),
  /** When it was attached. */
  created_at: z.optional(dateTime),
  /** The metric (with its `fingerprint`). */
  query: z.nullish(json),
  /** The saved metric name. */
  name: z.optional(z.string()),
})
/** A saved metric attached to an experiment. */
export type ExperimentSavedMetric = z.infer<typeof experimentSavedMetricSchema>

/** Experiment type: `web`, `product`, or a value added later. */
export const experimentTypeSchema = openEnum<(typeof EXPERIMENT_TYPES)[number]>()
/** Experiment conclusion. */
export const experimentConclusionSchema = openEnum<(typeof EXPERIMENT_CONCLUSIONS)[number]>()

/** `web` (a no-code web experiment) or `product` (code behind a feature flag). */
export type ExperimentType = (typeof EXPERIMENT_TYPES)[number]
/** How an experiment ended: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
export type ExperimentConclusion = (typeof EXPERIMENT_CONCLUSIONS)[number]

/**
 * An experiment, as list, create, retrieve, update and duplicate return it (docs/service-behaviour.md
 * §3.1). Fields the service added later are kept as sent.
 */
export interface Experiment {
  /** The experiment's id. */
  id: number
  /** Name (at most 400 characters). */
  name: string
  /** Description. */
  description?: string | null
  /** Launch date-time; `null` while a draft. */
  start_date: string | null
  /** End date-time; `null` while running. */
  end_date: string | null
  /** Key of the experiment's feature flag. */
  feature_flag_key: string
  /** The experiment's feature flag. */
  feature_flag?: MinimalFeatureFlag | null
  /** The holdout group, `null` when none. */
  holdout?: Holdout | null
  /** Id of the holdout group. */
  holdout_id?: number | null
  /** Id of the exposure cohort (`createExposureCohort`). */
  exposure_cohort?: number | null
  /** Variants and other settings (flag settings projected from the flag). */
  parameters?: ExperimentParameters | null
  /** Legacy secondary metrics. */
  secondary_metrics?: unknown
  /** Saved (shared) metrics attached to the experiment. */
  saved_metrics?: ExperimentSavedMetric[] | null
  /** The saved metrics as written: `{ id, metadata: { type } }`. */
  saved_metrics_ids?: ExperimentSavedMetricRef[] | null
  /** Legacy filters, usually `{}`. */
  filters?: unknown
  /** Archived experiments are hidden from the list unless asked for. */
  archived: boolean
  /** Soft-deleted (then 404 on retrieve). */
  deleted?: boolean | null
  /** Who created it. */
  created_by?: UserBasic | null
  /** Creation date-time. */
  created_at: string
  /** Last change. */
  updated_at?: string
  /** `web`, `product`, `""`, or a value added later. */
  type?: OpenEnum<ExperimentType> | null
  /** Who counts as exposed. */
  exposure_criteria?: ExperimentExposureCriteria | null
  /** Primary metrics (each with its `fingerprint`), legacy kinds included. */
  metrics?: ExperimentMetricResult[] | null
  /** Secondary metrics. */
  metrics_secondary?: ExperimentMetricResult[] | null
  /** Statistics settings (`method` filled from the organisation's default). */
  stats_config?: ExperimentStatsConfig | null
  /** Scheduling settings (newer services). */
  scheduling_config?: unknown
  /** How it ended: `won`, `lost`, `inconclusive`, `stopped_early`, `invalid`, `""`, or later values. */
  conclusion?: OpenEnum<ExperimentConclusion> | null
  /** Why it ended. */
  conclusion_comment?: string | null
  /** Order of the primary metrics, by uuid. */
  primary_metrics_ordered_uuids?: string[] | null
  /** Order of the secondary metrics, by uuid. */
  secondary_metrics_ordered_uuids?: string[] | null
  /** Whether exposures are pre-aggregated (newer services). */
  exposure_preaggregation_enabled?: boolean
  /** The caller's access level, e.g. `editor`, `viewer`. */
  user_access_level?: string | null
  /** `draft`, `running`, `paused`, `exposure_frozen`, `stopped` (newer services). */
  status?: OpenEnum<'draft' | 'running' | 'paused' | 'exposure_frozen' | 'stopped'> | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `experimentSchema` (exported for the tie test with `Experiment`). */
export const experimentShape = {
  id: z.number(),
  name: z.string(),
  description: z.nullish(z.string()),
  start_date: z.nullable(dateTime),
  end_date: z.nullable(dateTime),
  feature_flag_key: z.string(),
  feature_flag: z.nullish(minimalFeatureFlagSchema),
  holdout: z.nullish(holdoutSchema),
  holdout_id: z.nullish(z.number()),
  exposure_cohort: z.nullish(z.number()),
  parameters: maybeJson as Unchecked<ExperimentParameters>,
  secondary_metrics: maybeJson,
  saved_metrics: z.nullish(z.array(experimentSavedMetricSchema)),
  saved_metrics_ids: maybeJson as Unchecked<ExperimentSavedMetricRef[]>,
  filters: maybeJson,
  archived: z.boolean(),
  deleted: z.nullish(z.boolean()),
  created_by: z.nullish(userBasicSchema),
  created_at: dateTime,
  updated_at: z.optional(dateTime),
  type: z.nullish(experimentTypeSchema),
  exposure_criteria: maybeJson as Unchecked<ExperimentExposureCriteria>,
  metrics: maybeJson as Unchecked<ExperimentMetricResult[]>,
  metrics_secondary: maybeJson as Unchecked<ExperimentMetricResult[]>,
  stats_config: maybeJson as Unchecked<ExperimentStatsConfig>,
  scheduling_config: maybeJson,
  conclusion: z.nullish(experimentConclusionSchema),
  conclusion_comment: z.nullish(z.string()),
  primary_metrics_ordered_uuids: z.nullish(z.array(z.string())),
  secondary_metrics_ordered_uuids: z.nullish(z.array(z.string())),
  exposure_preaggregation_enabled: z.optional(z.boolean()),
  user_access_level: z.nullish(z.string()),
  status: z.nullish(openEnum<'draft' | 'running' | 'paused' | 'exposure_frozen' | 'stopped'>()),
}

/** An experiment, as list, create, retrieve, update and duplicate return it (docs/service-behaviour.md §3.1). */
export const experimentSchema = describes<Experiment>(z.looseObject(experimentShape))

/**
 * Fields accepted by `experiments.create` and `experiments.update` (docs/service-behaviour.md §3.1,
 * §P1). A field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface ExperimentWriteFields {
  /** Name, at most 400 characters. */
  name?: string
  /** Description (at most 400 characters; newer services 3000). */
  description?: string | null
  /** Launch date-time: setting it launches the experiment and activates its flag; `null` makes it a draft. */
  start_date?: ExperimentDate
  /** End date-time, after `start_date`. */
  end_date?: ExperimentDate
  /**
   * Key of the feature flag. An existing flag is reused when it is multivariate with at least two
   * variants, the first `control`; otherwise a new one is created (400 when the key is taken).
   */
  feature_flag_key?: string
  /** Id of a holdout group (users kept out of every variant). */
  holdout_id?: number | null
  /** Variants and other settings (default variants `control`/`test`, 50/50). */
  parameters?: ExperimentParameters | null
  /** Legacy secondary metrics. */
  secondary_metrics?: unknown[] | null
  /** Saved (shared) metrics to attach. */
  saved_metrics_ids?: ExperimentSavedMetricRef[] | null
  /** Legacy filters. */
  filters?: Record<string, unknown>
  /** Archive (hide from the list) or unarchive. */
  archived?: boolean
  /** `true` soft-deletes, `false` restores. */
  deleted?: boolean | null
  /** `web` or `product`. */
  type?: ExperimentType | null
  /** Who counts as exposed (default: `$feature_flag_called` for the flag, duplicates excluded). */
  exposure_criteria?: ExperimentExposureCriteria | null
  /** Primary metrics. */
  metrics?: ExperimentMetric[] | null
  /** Secondary metrics. */
  metrics_secondary?: ExperimentMetric[] | null
  /** Statistics settings (default: the organisation's method). */
  stats_config?: ExperimentStatsConfig | null
  /** Scheduling settings (newer services; free-form). */
  scheduling_config?: unknown
  /** Folder to create the experiment in (create only). */
  _create_in_folder?: string
  /** How it ended: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion?: ExperimentConclusion | null
  /** Why it ended (at most 4000 characters on newer services). */
  conclusion_comment?: string | null
  /** The order of `metrics`: must list the uuid of every primary metric (400 otherwise). */
  primary_metrics_ordered_uuids?: string[] | null
  /** The order of `metrics_secondary`: must list the uuid of every secondary metric (400 otherwise). */
  secondary_metrics_ordered_uuids?: string[] | null
  /** Pre-aggregate exposures (newer services). */
  exposure_preaggregation_enabled?: boolean
  /** Running-time estimate settings (newer services). */
  running_time_calculation?: ExperimentRunningTimeCalculation | null
  /** Variant keys left out of the analysis (not the baseline or a holdout; newer services). */
  excluded_variants?: string[] | null
  /** Flag settings (newer services; write-only). */
  feature_flag?: ExperimentFeatureFlagInput
  /** Required with `feature_flag` on a running experiment. */
  update_feature_flag_params?: boolean
}

/** `experiments.create`: `name` and `feature_flag_key` are required by the service. */
export interface ExperimentCreateParams extends ExperimentWriteFields {
  /** Name, at most 400 characters (required). */
  name: string
  /** Key of the feature flag to use or create (required). */
  feature_flag_key: string
}

/** `experiments.update`: any writable field. */
export type ExperimentUpdateParams = ExperimentWriteFields

/** Body of `experiments.duplicate`: optionally another flag for the copy. */
export interface ExperimentDuplicateParams {
  /** The copy's flag key (default: the same flag). */
  feature_flag_key?: string
}

/** Body of `experiments.createExposureCohort`: the service reads none. */
export type ExposureCohortParams = Record<string, never>

/** Query of `experiments.list`. `limit`/`offset` are the spec's; the rest the service also reads (§3.2). */
export interface ExperimentListParams {
  /** Page size (default 100). */
  limit?: number
  /** Items to skip. */
  offset?: number
  /** `draft`, `running`, `complete` or `all` (default: all). */
  status?: (typeof EXPERIMENT_LIST_STATUSES)[number]
  /** `true`: only the archived experiments; `false` or left out: only those not archived. Both: `experiments.listIncludingArchived()`. */
  archived?: boolean
  /** Name contains. */
  search?: string
  /** A field (or `duration`, `status`), `-`-prefixed for descending (default `-created_at`). */
  order?: string
  /** Only experiments created by this user id. */
  created_by_id?: number
}

/** A feature flag as `eligibleFeatureFlags` returns it (OAS `FeatureFlag`). */
export const featureFlagSchema = z.looseObject({
  id: z.number(),
  name: z.optional(z.string()),
  key: z.optional(z.string()),
  filters: z.nullish(jsonObject),
  deleted: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
  created_by: z.nullish(userBasicSchema),
  created_at: z.nullish(dateTime),
  updated_at: z.nullish(dateTime),
  version: z.nullish(z.number()),
  last_modified_by: z.nullish(userBasicSchema),
  ensure_experience_continuity: z.nullish(z.boolean()),
  experiment_set: z.nullish(z.array(json)),
  surveys: z.nullish(json),
  features: z.nullish(json),
  rollback_conditions: z.nullish(json),
  performed_rollback: z.nullish(z.boolean()),
  can_edit: z.optional(z.boolean()),
  tags: z.nullish(z.array(json)),
  usage_dashboard: z.nullish(z.number()),
  analytics_dashboards: z.nullish(z.array(json)),
  has_enriched_analytics: z.nullish(z.boolean()),
  user_access_level: z.nullish(z.string()),
  is_remote_configuration: z.nullish(z.boolean()),
  has_encrypted_payloads: z.nullish(z.boolean()),
  status: z.nullish(z.string()),
  evaluation_runtime: z.nullish(openEnum<'server' | 'client' | 'all'>()),
  bucketing_identifier: z.nullish(openEnum<'distinct_id' | 'device_id'>()),
  last_called_at: z.nullish(dateTime),
  is_used_in_replay_settings: z.nullish(z.boolean()),
})
/** A feature flag. */
export type FeatureFlag = z.infer<typeof featureFlagSchema>

/** Query of `experiments.eligibleFeatureFlags` (spec rule 5). */
export interface EligibleFeatureFlagsParams {
  /** Flag key or name contains. */
  search?: string
  /** Default 20, at most 100. */
  limit?: number
  /** Items to skip. */
  offset?: number
  /** Only active (`true`) or inactive (`false`) flags. */
  active?: boolean | 'true' | 'false'
  /** Only flags created by this user id. */
  created_by_id?: number
  /** A field, `-`-prefixed for descending (default `-created_at`). */
  order?: string
  /** `server`, `client` or `all`. */
  evaluation_runtime?: 'server' | 'client' | 'all'
  /** Only flags with (`true`) or without (`false`) evaluation tags. */
  has_evaluation_tags?: boolean | 'true' | 'false'
}

/** `createExposureCohort`: `{ cohort }` (the service answers 201). */
export const exposureCohortResultSchema = z.looseObject({
  cohort: z.nullish(
    z.looseObject({
      id: z.number(),
      name: z.nullish(z.string()),
      description: z.nullish(z.string()),
      groups: z.nullish(json),
      filters: z.nullish(json),
      is_static: z.optional(z.boolean()),
      created_by: z.nullish(userBasicSchema),
      created_at: z.nullish(dateTime),
    }),
  ),
})
/** What `experiments.createExposureCohort` returns: `{ cohort }`, the cohort created. */
export type ExposureCohortResult = z.infer<typeof exposureCohortResultSchema>

/** Body of `recalculateTimeseries`. */
export interface RecalculateTimeseriesParams {
  /** The full metric to recalculate, with its `uuid` (as the experiment returns it). */
  metric: ExperimentMetricWithFingerprint
  /** The metric's `fingerprint`, as the experiment returns it. */
  fingerprint: string
}

/** A timeseries recalculation request. */
export const timeseriesRecalculationSchema = z.looseObject({
  /** The recalculation id. */
  id: z.optional(z.union([z.string(), z.number()])),
  /** The experiment. */
  experiment_id: z.optional(z.number()),
  /** The metric. */
  metric_uuid: z.optional(z.string()),
  /** The metric fingerprint. */
  fingerprint: z.optional(z.string()),
  /** `pending`, `in_progress`, `completed`, `failed`, or later values. */
  status: z.optional(openEnum<'pending' | 'in_progress' | 'completed' | 'failed'>()),
  /** When it was requested (`+00:00` form). */
  created_at: z.nullish(dateTime),
})
/** What `experiments.recalculateTimeseries` returns: the recalculation request and its status. */
export type TimeseriesRecalculation = z.infer<typeof timeseriesRecalculationSchema>

/** Query of `timeseriesResults`. */
export interface TimeseriesResultsParams {
  /** The metric's `uuid`. */
  metric_uuid: string
  /** The metric's `fingerprint` (in the experiment's `metrics`). */
  fingerprint: string
}

/** Daily results of one experiment metric (docs/service-behaviour.md §3.2). */
export const timeseriesResultsSchema = z.looseObject({
  /** The experiment. */
  experiment_id: z.optional(z.number()),
  /** The metric. */
  metric_uuid: z.optional(z.string()),
  /** `pending`, `failed`, `completed`, `partial`, or later values. */
  status: z.optional(openEnum<'pending' | 'failed' | 'completed' | 'partial'>()),
  /** `YYYY-MM-DD` (project time zone) → that day's metric result, or `null` while not computed. */
  timeseries: z.nullish(z.catchall(z.object({}), json)),
  /** `null`, or date → error message. */
  errors: z.nullish(z.catchall(z.object({}), json)),
  /** `null` until a day completes. */
  computed_at: z.nullish(dateTime),
  /** Creation date-time. */
  created_at: z.nullish(dateTime),
  /** Last change. */
  updated_at: z.nullish(dateTime),
  /** Status of the latest recalculation request, if any. */
  recalculation_status: z.nullish(z.string()),
  /** When that recalculation was requested. */
  recalculation_created_at: z.nullish(dateTime),
})
/** What `experiments.timeseriesResults` returns: daily results of one metric, keyed by date. */
export type TimeseriesResults = z.infer<typeof timeseriesResultsSchema>

/** `requiresFlagImplementation`. */
export const requiresFlagImplementationSchema = z.looseObject({ result: z.optional(z.boolean()) })
/** What `experiments.requiresFlagImplementation` returns: `{ result }`. */
export type RequiresFlagImplementation = z.infer<typeof requiresFlagImplementationSchema>

/** Experimentation velocity (`experiments.stats`). */
export const experimentStatsSchema = z.looseObject({
  launched_last_30d: z.optional(z.number()),
  launched_previous_30d: z.optional(z.number()),
  /** Change between the two, in percent (1 decimal). */
  percent_change: z.nullish(z.number()),
  /** Running now. */
  active_experiments: z.optional(z.number()),
  completed_last_30d: z.optional(z.number()),
})
/** What `experiments.stats` returns: experiments launched, active and completed over 30 days. */
export type ExperimentStats = z.infer<typeof experimentStatsSchema>
