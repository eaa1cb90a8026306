import * as z from 'zod/mini'
import { dateTime, json, jsonObject, minimalFeatureFlagSchema, nullish, openEnum, userBasicSchema } from './common.js'

/** The holdout group embedded in an experiment (api-contract.md §3.1). */
export const holdoutSchema = z.looseObject({
  id: z.number(),
  name: z.optional(z.string()),
  description: nullish(z.string()),
  filters: nullish(json),
  created_by: nullish(userBasicSchema),
  created_at: z.optional(dateTime),
  updated_at: z.optional(dateTime),
})
/** The holdout group of an experiment: users kept out of every variant. */
export type Holdout = z.infer<typeof holdoutSchema>

/** A saved metric attached to an experiment. */
export const experimentSavedMetricSchema = z.looseObject({
  id: z.number(),
  experiment: z.optional(z.number()),
  saved_metric: z.optional(z.number()),
  metadata: nullish(json),
  created_at: z.optional(dateTime),
  query: nullish(json),
  name: z.optional(z.string()),
})
/** A saved metric attached to an experiment. */
export type ExperimentSavedMetric = z.infer<typeof experimentSavedMetricSchema>

/** Experiment type: `web`, `product`, or a value added later. */
export const experimentTypeSchema = openEnum<'web' | 'product'>()
/** Experiment conclusion. */
export const experimentConclusionSchema = openEnum<'won' | 'lost' | 'inconclusive' | 'stopped_early' | 'invalid'>()

/** An experiment, as list, create, retrieve, update and duplicate return it (api-contract.md §3.1). */
export const experimentSchema = z.looseObject({
  id: z.number(),
  name: z.optional(z.string()),
  description: nullish(z.string()),
  start_date: nullish(dateTime),
  end_date: nullish(dateTime),
  feature_flag_key: z.optional(z.string()),
  feature_flag: nullish(minimalFeatureFlagSchema),
  holdout: nullish(holdoutSchema),
  holdout_id: nullish(z.number()),
  exposure_cohort: nullish(z.number()),
  parameters: nullish(jsonObject),
  secondary_metrics: nullish(json),
  saved_metrics: nullish(z.array(experimentSavedMetricSchema)),
  saved_metrics_ids: nullish(z.array(json)),
  filters: nullish(json),
  archived: z.optional(z.boolean()),
  deleted: nullish(z.boolean()),
  created_by: nullish(userBasicSchema),
  created_at: z.optional(dateTime),
  updated_at: z.optional(dateTime),
  type: nullish(experimentTypeSchema),
  exposure_criteria: nullish(json),
  metrics: nullish(z.array(json)),
  metrics_secondary: nullish(z.array(json)),
  stats_config: nullish(json),
  scheduling_config: nullish(json),
  conclusion: nullish(experimentConclusionSchema),
  conclusion_comment: nullish(z.string()),
  primary_metrics_ordered_uuids: nullish(z.array(z.string())),
  secondary_metrics_ordered_uuids: nullish(z.array(z.string())),
  exposure_preaggregation_enabled: z.optional(z.boolean()),
  user_access_level: nullish(z.string()),
  status: nullish(z.string()),
})
/** An experiment. */
export type Experiment = z.infer<typeof experimentSchema>

/** Fields accepted by `experiments.create` and `experiments.update` (the spec's request fields). */
export interface ExperimentWriteFields {
  name?: string
  description?: string | null
  start_date?: string | null
  end_date?: string | null
  feature_flag_key?: string
  holdout_id?: number | null
  parameters?: Record<string, unknown> | null
  secondary_metrics?: unknown
  saved_metrics_ids?: Array<{ id: number; metadata?: Record<string, unknown> }> | null
  filters?: Record<string, unknown>
  archived?: boolean
  deleted?: boolean | null
  type?: 'web' | 'product' | (string & {}) | null
  exposure_criteria?: Record<string, unknown> | null
  metrics?: unknown[] | null
  metrics_secondary?: unknown[] | null
  stats_config?: Record<string, unknown> | null
  scheduling_config?: unknown
  _create_in_folder?: string
  conclusion?: 'won' | 'lost' | 'inconclusive' | 'stopped_early' | 'invalid' | (string & {}) | null
  conclusion_comment?: string | null
  primary_metrics_ordered_uuids?: string[] | null
  secondary_metrics_ordered_uuids?: string[] | null
  /** Fields the service added after the spec are passed through as given. */
  [field: string]: unknown
}

/** `experiments.create`: `name` and `feature_flag_key` are required by the service. */
export interface ExperimentCreateParams extends ExperimentWriteFields {
  name: string
  feature_flag_key: string
}

/** `experiments.update`: any writable field. */
export type ExperimentUpdateParams = ExperimentWriteFields

/** Query of `experiments.list`. `limit`/`offset` are the spec's; the rest the service also reads (§3.2). */
export interface ExperimentListParams {
  limit?: number
  offset?: number
  /** `draft`, `running`, `complete` or `all`. */
  status?: 'draft' | 'running' | 'complete' | 'all' | (string & {})
  /** Archived experiments are hidden unless `true`. */
  archived?: boolean
  search?: string
  order?: string
  created_by_id?: number
}

/** A feature flag as `eligibleFeatureFlags` returns it (OAS `FeatureFlag`). */
export const featureFlagSchema = z.looseObject({
  id: z.number(),
  name: z.optional(z.string()),
  key: z.optional(z.string()),
  filters: nullish(jsonObject),
  deleted: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
  created_by: nullish(userBasicSchema),
  created_at: nullish(dateTime),
  updated_at: nullish(dateTime),
  version: nullish(z.number()),
  last_modified_by: nullish(userBasicSchema),
  ensure_experience_continuity: nullish(z.boolean()),
  experiment_set: nullish(z.array(json)),
  surveys: nullish(json),
  features: nullish(json),
  rollback_conditions: nullish(json),
  performed_rollback: nullish(z.boolean()),
  can_edit: z.optional(z.boolean()),
  tags: nullish(z.array(json)),
  usage_dashboard: nullish(z.number()),
  analytics_dashboards: nullish(z.array(json)),
  has_enriched_analytics: nullish(z.boolean()),
  user_access_level: nullish(z.string()),
  is_remote_configuration: nullish(z.boolean()),
  has_encrypted_payloads: nullish(z.boolean()),
  status: nullish(z.string()),
  evaluation_runtime: nullish(openEnum<'server' | 'client' | 'all'>()),
  bucketing_identifier: nullish(openEnum<'distinct_id' | 'device_id'>()),
  last_called_at: nullish(dateTime),
  is_used_in_replay_settings: nullish(z.boolean()),
})
/** A feature flag. */
export type FeatureFlag = z.infer<typeof featureFlagSchema>

/** Query of `experiments.eligibleFeatureFlags` (spec rule 5). */
export interface EligibleFeatureFlagsParams {
  search?: string
  /** Default 20, at most 100. */
  limit?: number
  offset?: number
  active?: boolean | 'true' | 'false'
  created_by_id?: number
  order?: string
  evaluation_runtime?: 'server' | 'client' | 'all' | (string & {})
  has_evaluation_tags?: boolean | 'true' | 'false'
}

/** `createExposureCohort`: `{ cohort }` (the service answers 201). */
export const exposureCohortResultSchema = z.looseObject({
  cohort: nullish(
    z.looseObject({
      id: z.number(),
      name: nullish(z.string()),
      description: nullish(z.string()),
      groups: nullish(json),
      filters: nullish(json),
      is_static: z.optional(z.boolean()),
      created_by: nullish(userBasicSchema),
      created_at: nullish(dateTime),
    }),
  ),
})
/** What `experiments.createExposureCohort` returns: `{ cohort }`, the cohort created. */
export type ExposureCohortResult = z.infer<typeof exposureCohortResultSchema>

/** Body of `recalculateTimeseries`. */
export interface RecalculateTimeseriesParams {
  /** The full metric object to recalculate (with its `uuid`). */
  metric: Record<string, unknown>
  /** Fingerprint of the metric configuration. */
  fingerprint: string
}

/** A timeseries recalculation request. */
export const timeseriesRecalculationSchema = z.looseObject({
  id: z.optional(z.union([z.string(), z.number()])),
  experiment_id: z.optional(z.number()),
  metric_uuid: z.optional(z.string()),
  fingerprint: z.optional(z.string()),
  status: z.optional(openEnum<'pending' | 'in_progress' | 'completed' | 'failed'>()),
  created_at: nullish(dateTime),
})
/** What `experiments.recalculateTimeseries` returns: the recalculation request and its status. */
export type TimeseriesRecalculation = z.infer<typeof timeseriesRecalculationSchema>

/** Query of `timeseriesResults`. */
export interface TimeseriesResultsParams {
  metric_uuid: string
  fingerprint: string
}

/** Daily results of one experiment metric (api-contract.md §3.2). */
export const timeseriesResultsSchema = z.looseObject({
  experiment_id: z.optional(z.number()),
  metric_uuid: z.optional(z.string()),
  status: z.optional(openEnum<'pending' | 'failed' | 'completed' | 'partial'>()),
  timeseries: nullish(z.catchall(z.object({}), json)),
  errors: nullish(z.catchall(z.object({}), json)),
  computed_at: nullish(dateTime),
  created_at: nullish(dateTime),
  updated_at: nullish(dateTime),
  recalculation_status: nullish(z.string()),
  recalculation_created_at: nullish(dateTime),
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
  percent_change: nullish(z.number()),
  active_experiments: z.optional(z.number()),
  completed_last_30d: z.optional(z.number()),
})
/** What `experiments.stats` returns: experiments launched, active and completed over 30 days. */
export type ExperimentStats = z.infer<typeof experimentStatsSchema>
