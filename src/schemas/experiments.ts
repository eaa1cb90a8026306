import * as z from 'zod/mini'
import {
  createdShape,
  dateTime,
  describes,
  json,
  minimalFeatureFlagSchema,
  openEnum,
  userBasicSchema,
} from './common.js'
import type { MinimalFeatureFlag, OpenEnum, UserBasic } from './common.js'
import type { EXPERIMENT_CONCLUSIONS, EXPERIMENT_TYPES } from '../model/enums.js'
import type {
  ExperimentExposureCriteria,
  ExperimentMetricResult,
  ExperimentParameters,
  ExperimentSavedMetricRef,
  ExperimentStatsConfig,
} from '../model/experiment-metrics.js'

import { holdoutSchema, type Holdout } from './holdouts.js'
import { featureFlagSchema, type FeatureFlag } from './feature-flags.js'

export { holdoutSchema, featureFlagSchema, type Holdout, type FeatureFlag }

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

/** The fields of `Experiment` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type ExperimentUncheckedFields =
  | 'parameters'
  | 'secondary_metrics'
  | 'saved_metrics_ids'
  | 'filters'
  | 'exposure_criteria'
  | 'metrics'
  | 'metrics_secondary'
  | 'stats_config'
  | 'scheduling_config'

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
  saved_metrics: z.nullish(z.array(experimentSavedMetricSchema)),
  archived: z.boolean(),
  deleted: z.nullish(z.boolean()),
  created_by: z.nullish(userBasicSchema),
  created_at: dateTime,
  updated_at: z.optional(dateTime),
  type: z.nullish(experimentTypeSchema),
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
      ...createdShape,
    }),
  ),
})
/** What `experiments.createExposureCohort` returns: `{ cohort }`, the cohort created. */
export type ExposureCohortResult = z.infer<typeof exposureCohortResultSchema>

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

/** Daily results of one experiment metric (docs/service-behaviour.md §3.2). */
export const timeseriesResultsSchema = z.looseObject({
  /** The experiment. */
  experiment_id: z.optional(z.number()),
  /** The metric. */
  metric_uuid: z.optional(z.string()),
  /** `pending`, `failed`, `completed`, `partial`, or later values. */
  status: z.optional(openEnum<'pending' | 'failed' | 'completed' | 'partial'>()),
  /** `YYYY-MM-DD` (project time zone) → that day's metric result, or `null` while not computed. */
  timeseries: z.nullish(z.record(z.string(), json)),
  /** `null`, or date → error message. */
  errors: z.nullish(z.record(z.string(), json)),
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
