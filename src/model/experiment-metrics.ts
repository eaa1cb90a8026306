/**
 * The nested payloads of an experiment (docs/service-behaviour.md §P1): metrics, parameters, exposure
 * criteria, statistics settings. Responses carry these as sent (checked by the service, not at run time
 * here); the legacy metric kinds only responses hold are plain types.
 */
import * as z from 'zod/mini'
import {
  CONVERSION_WINDOW_UNITS,
  EXPERIMENT_METRIC_GOALS,
  EXPERIMENT_STATS_METHODS,
  MULTIPLE_VARIANT_HANDLINGS,
  RETENTION_START_HANDLINGS,
} from './enums.js'
import {
  dateTimeInput,
  jsonRecord,
  nullableOptional,
  type ShapeOf,
  type StrictObject,
  strictObject,
  type TypedSchema,
} from './shape.js'
import {
  experimentFunnelMetricShape,
  experimentMeanMetricShape,
  experimentMetricBasePropertiesSchema,
  experimentMetricOutlierHandlingSchema,
  experimentMetricSourceSchema,
  experimentRatioMetricShape,
} from './generated/query-shapes.js'
import { actionsNodeSchema, breakdownFilterSchema, propertyFilterSchema } from './query-nodes.js'
import type { ActionsNode, EventsNode, ExperimentDataWarehouseNode } from './query-nodes.js'
import type { FunnelsQuery, TrendsQuery } from './insight-queries.js'

/** `second`, `minute`, `hour`, `day`, `week` or `month`. */
export type ConversionWindowUnit = (typeof CONVERSION_WINDOW_UNITS)[number]
/** Whether the metric should go up (`increase`) or down (`decrease`) for a variant to win. */
export type ExperimentMetricGoal = (typeof EXPERIMENT_METRIC_GOALS)[number]

// The metric unions are typed with their named members, so messages, hovers and declarations say
// `ExperimentMetricSource` / `ExperimentMetric` (and keep the members' field docs), not an expansion.
export { experimentMetricSourceSchema }
/** What a metric counts: events by name, a saved action, or a data-warehouse table. */
export type ExperimentMetricSource = EventsNode | ActionsNode | ExperimentDataWarehouseNode

// Members newer services' metrics have beyond the query schema the shapes are generated from
// (docs/service-behaviour.md §P1.2): a breakdown of every metric, a mean metric's threshold, a ratio's
// winsorization per side, and the retention metric.
const newerMetricFieldsShape = {
  /** Split the results by a property. */
  breakdownFilter: nullableOptional(breakdownFilterSchema),
}

// The metrics are made of generated parts: a part from another module keeps its members' docs in the
// declarations only when its type is named (`typeof part`), so each schema's type says its parts.
type MetricFieldsShape = typeof experimentMetricBasePropertiesSchema.shape & typeof newerMetricFieldsShape
export const experimentMetricFieldsSchema: StrictObject<MetricFieldsShape> = /* @__PURE__ */ strictObject(
  experimentMetricBasePropertiesSchema.shape,
  newerMetricFieldsShape,
)
/**
 * Fields every experiment metric takes (docs/service-behaviour.md §P1.2): `kind` (`ExperimentMetric`, filled
 * in when omitted), `uuid` (generated when omitted; send it with `primary_metrics_ordered_uuids`), `name`,
 * `conversion_window` + `conversion_window_unit`, `goal` (`increase` by default), and what the service adds:
 * `fingerprint`, `isSharedMetric` / `sharedMetricId` (copied from a shared metric), `response`, `version`.
 */
export interface ExperimentMetricFields extends ShapeOf<typeof experimentMetricFieldsSchema> {}

/** A mean, funnel or ratio metric: its generated part, the newer members, and the members of its own kind. */
type NewerMetric<Generated extends Shape, Own extends Shape = {}> = StrictObject<
  Generated & typeof newerMetricFieldsShape & Own
>
function newerMetric<Generated extends Shape, Own extends Shape = {}>(
  generated: Generated,
  own?: Own,
): NewerMetric<Generated, Own> {
  return strictObject(generated, newerMetricFieldsShape, own ?? {}) as NewerMetric<Generated, Own>
}
type Shape = z.core.$ZodLooseShape

export { experimentMetricOutlierHandlingSchema }
/** Outlier handling (winsorization): percentiles as fractions in [0, 1], zeros left out or not. */
export interface ExperimentMetricOutlierHandling extends ShapeOf<typeof experimentMetricOutlierHandlingSchema> {}

const meanMetricOwnShape = {
  /** Also report the share of users whose value is at least this (sum and count math only). */
  threshold: nullableOptional(z.number()),
}
export const experimentMeanMetricSchema: NewerMetric<typeof experimentMeanMetricShape, typeof meanMetricOwnShape> =
  newerMetric(experimentMeanMetricShape, meanMetricOwnShape)
/** The mean of a per-user value (count, sum, average, …) of one `source`. */
export interface ExperimentMeanMetric extends ShapeOf<typeof experimentMeanMetricSchema> {}

export const experimentFunnelMetricSchema: NewerMetric<typeof experimentFunnelMetricShape> =
  newerMetric(experimentFunnelMetricShape)
/** The conversion rate through ordered `series` steps (exposure is the implicit first step). */
export interface ExperimentFunnelMetric extends ShapeOf<typeof experimentFunnelMetricSchema> {}

const ratioMetricOwnShape = {
  /** Winsorization of the numerator. */
  numerator_outlier_handling: nullableOptional(experimentMetricOutlierHandlingSchema),
  /** Winsorization of the denominator; leave unset for a binomial-style denominator. */
  denominator_outlier_handling: nullableOptional(experimentMetricOutlierHandlingSchema),
}
export const experimentRatioMetricSchema: NewerMetric<typeof experimentRatioMetricShape, typeof ratioMetricOwnShape> =
  newerMetric(experimentRatioMetricShape, ratioMetricOwnShape)
/** The ratio of two per-user sources (`numerator` / `denominator`, e.g. revenue per order). */
export interface ExperimentRatioMetric extends ShapeOf<typeof experimentRatioMetricSchema> {}

const retentionMetricOwnShape = {
  /** Discriminator. */
  metric_type: z.literal('retention'),
  /** The event that starts the window. */
  start_event: experimentMetricSourceSchema,
  /** The event that counts as retained. */
  completion_event: experimentMetricSourceSchema,
  /** Start of the retention window after `start_event`, in `retention_window_unit`s. */
  retention_window_start: nullableOptional(z.number()),
  /** End of the retention window, in `retention_window_unit`s. */
  retention_window_end: nullableOptional(z.number()),
  /** Unit of the window bounds. */
  retention_window_unit: nullableOptional(z.enum(CONVERSION_WINDOW_UNITS)),
  /** Which `start_event` counts when a user has several: `first_seen` or `last_seen`. */
  start_handling: nullableOptional(z.enum(RETENTION_START_HANDLINGS)),
}
export const experimentRetentionMetricSchema: StrictObject<typeof retentionMetricOwnShape & MetricFieldsShape> =
  strictObject(retentionMetricOwnShape, experimentMetricFieldsSchema.shape)
/** The share of users who do `completion_event` within a window after `start_event`. */
export interface ExperimentRetentionMetric extends ShapeOf<typeof experimentRetentionMetricSchema> {}

export const experimentMetricSchema: TypedSchema<ExperimentMetric> = z.discriminatedUnion('metric_type', [
  experimentMeanMetricSchema,
  experimentFunnelMetricSchema,
  experimentRatioMetricSchema,
  experimentRetentionMetricSchema,
])
/** An experiment metric, discriminated by `metric_type` (docs/service-behaviour.md §P1.1, §P1.3). */
export type ExperimentMetric =
  ExperimentMeanMetric | ExperimentFunnelMetric | ExperimentRatioMetric | ExperimentRetentionMetric

const fingerprintShape = {
  /** SHA-256 of the metric definition and experiment settings; `timeseriesResults` needs it. */
  fingerprint: z.exactOptional(z.string()),
}
// A returned metric, sent back to `recalculateTimeseries` (shapes spread rather than `z.extend`: one zod
// function less in the main bundle).
export const experimentMetricWithFingerprintSchema: TypedSchema<ExperimentMetricWithFingerprint> = z.discriminatedUnion(
  'metric_type',
  [
    z.strictObject({ ...experimentMeanMetricSchema.shape, ...fingerprintShape }),
    z.strictObject({ ...experimentFunnelMetricSchema.shape, ...fingerprintShape }),
    z.strictObject({ ...experimentRatioMetricSchema.shape, ...fingerprintShape }),
    z.strictObject({ ...experimentRetentionMetricSchema.shape, ...fingerprintShape }),
  ],
)
/** A metric as the service returns it: with the `fingerprint` it computes on save. */
export type ExperimentMetricWithFingerprint = ExperimentMetric & {
  /** SHA-256 of the metric definition and experiment settings; `timeseriesResults` needs it. */
  fingerprint?: string
}

/** Fields of the legacy metric kinds. */
interface LegacyMetricFields {
  /** The metric's id. */
  uuid?: string
  /** Display name. */
  name?: string
  /** The experiment it belongs to. */
  experiment_id?: number
  /** Computed by the service on save. */
  fingerprint?: string
}

/** A legacy (pre-2025) trends metric, still returned for old experiments (§P1.6). */
export interface ExperimentTrendsQuery extends LegacyMetricFields {
  /** Discriminator. */
  kind: 'ExperimentTrendsQuery'
  /** The counted series. */
  count_query: TrendsQuery
  /** The exposure series (default `$feature_flag_called`). */
  exposure_query?: TrendsQuery
}

/** A legacy (pre-2025) funnel metric, still returned for old experiments (§P1.6). */
export interface ExperimentFunnelsQuery extends LegacyMetricFields {
  /** Discriminator. */
  kind: 'ExperimentFunnelsQuery'
  /** The funnel. */
  funnels_query: FunnelsQuery
}

/** An item of a response's `metrics` / `metrics_secondary`: a current metric or a legacy kind. */
export type ExperimentMetricResult = ExperimentMetricWithFingerprint | ExperimentTrendsQuery | ExperimentFunnelsQuery

export const experimentVariantSchema = strictObject({
  /** The variant key; exactly one variant is `control`. */
  key: z.string(),
  /** Display name. */
  name: z.exactOptional(z.string()),
  /** Share of users in this variant (0–100); the variants' values sum to 100. */
  split_percent: z.exactOptional(z.number()),
  /** Older spelling of `split_percent` (still read). */
  rollout_percentage: z.exactOptional(z.number()),
})
/** One variant of an experiment's flag. */
export interface ExperimentVariant extends ShapeOf<typeof experimentVariantSchema> {}

export const experimentParametersSchema = strictObject({
  /** 2 to 20 variants, one keyed `control` (default: `control`/`test`, 50/50). */
  feature_flag_variants: z.exactOptional(z.array(experimentVariantSchema)),
  /** Smallest effect worth detecting, in percent. */
  minimum_detectable_effect: z.exactOptional(z.number()),
  /** Share of all users in the experiment (0–100, default 100). */
  rollout_percentage: z.exactOptional(z.number()),
  /** Notes per variant key. */
  variant_notes: z.exactOptional(z.record(z.string(), z.string())),
  /** Group analytics: the group type the experiment randomises on (`null` for persons). */
  aggregation_group_type_index: nullableOptional(z.number()),
  /** Keep a user's variant across anonymous and identified sessions. */
  ensure_experience_continuity: z.exactOptional(z.boolean()),
  /** Legacy: a custom exposure filter (use `exposure_criteria`). */
  custom_exposure_filter: z.exactOptional(jsonRecord),
  /** Legacy: estimated running time in days (now `running_time_calculation`). */
  recommended_running_time: z.exactOptional(z.number()),
  /** Legacy: estimated sample size (now `running_time_calculation`). */
  recommended_sample_size: z.exactOptional(z.number()),
})
/**
 * `parameters` (docs/service-behaviour.md §P1.7). Flag settings sent here are copied onto the
 * experiment's flag; reads project the flag's current settings back here.
 */
export interface ExperimentParameters extends ShapeOf<typeof experimentParametersSchema> {}

export const experimentEventExposureConfigSchema = strictObject({
  /** Discriminator; the default, so it may be omitted. */
  kind: z.exactOptional(z.literal('ExperimentEventExposureConfig')),
  /** The exposure event. */
  event: z.string(),
  /** Filters on the exposure event; `[]` for none. */
  properties: z.array(propertyFilterSchema),
  /** Kept by the interface with the node. */
  response: nullableOptional(jsonRecord),
  /** Schema-migration version. */
  version: nullableOptional(z.number()),
})
/** The default exposure: users who saw a given event (usually `$feature_flag_called`). */
export interface ExperimentEventExposureConfig extends ShapeOf<typeof experimentEventExposureConfigSchema> {}

export const experimentExposureCriteriaSchema = strictObject({
  /** Leave the project's test accounts out. */
  filterTestAccounts: z.exactOptional(z.boolean()),
  /** The exposure event or action (default `$feature_flag_called` for the experiment's flag). */
  exposure_config: z.exactOptional(z.union([experimentEventExposureConfigSchema, actionsNodeSchema])),
  /** Users seen in several variants: `exclude` (default) drops them, `first_seen` keeps their first. */
  multiple_variant_handling: z.exactOptional(z.enum(MULTIPLE_VARIANT_HANDLINGS)),
})
/** Who counts as exposed (docs/service-behaviour.md §P1.8). */
export interface ExperimentExposureCriteria extends ShapeOf<typeof experimentExposureCriteriaSchema> {}

export const experimentDifferenceTypeSchema = z.literal(['relative', 'absolute', 'RELATIVE', 'ABSOLUTE'])
/** Spellings of a difference or prior type the service reads. */
export type ExperimentDifferenceType = z.infer<typeof experimentDifferenceTypeSchema>

const bayesianSettingsSchema = strictObject({
  /** Credible interval level, 0–1 (default 0.95 or the team's confidence level). */
  ci_level: z.exactOptional(z.number()),
  /** Relative (default) or absolute differences. */
  difference_type: z.exactOptional(experimentDifferenceTypeSchema),
  /** Relative (default) or absolute prior. */
  prior_type: z.exactOptional(experimentDifferenceTypeSchema),
})

const frequentistSettingsSchema = strictObject({
  /** Significance level, 0–1 (default 0.05, or 1 − the team's confidence level). */
  alpha: z.exactOptional(z.number()),
  /** Relative (default) or absolute differences. */
  difference_type: z.exactOptional(experimentDifferenceTypeSchema),
})

export const experimentStatsConfigSchema = strictObject({
  /** `bayesian` or `frequentist`; missing means the organisation's default (else `bayesian`). */
  method: z.exactOptional(z.enum(EXPERIMENT_STATS_METHODS)),
  /** Bayesian settings. */
  bayesian: z.exactOptional(bayesianSettingsSchema),
  /** Frequentist settings. */
  frequentist: z.exactOptional(frequentistSettingsSchema),
})
/** Statistics settings (docs/service-behaviour.md §P1.9); other keys are kept by the service. */
export interface ExperimentStatsConfig extends ShapeOf<typeof experimentStatsConfigSchema> {}

const savedMetricMetadataSchema = strictObject({
  /** `primary` or `secondary`. */
  type: z.literal(['primary', 'secondary']),
})

export const experimentSavedMetricRefSchema = strictObject({
  /** The saved metric's id. */
  id: z.number(),
  /** Whether it is a primary or secondary metric. */
  metadata: z.exactOptional(savedMetricMetadataSchema),
})
/** A saved (shared) metric attached on write: `{ id, metadata: { type } }`. */
export interface ExperimentSavedMetricRef extends ShapeOf<typeof experimentSavedMetricRefSchema> {}

const exposureEstimateConfigSchema = strictObject({
  /** `manual` or `automatic`. */
  conversionRateInputType: z.literal(['manual', 'automatic']),
  /** Manual estimates: what the baseline measures. */
  manualMetricType: z.exactOptional(z.literal(['funnel', 'mean_count', 'mean_sum_or_avg'])),
  /** Manual estimates: the baseline value. */
  manualBaselineValue: z.exactOptional(z.number()),
  /** Manual estimates: exposures per day. */
  manualExposureRate: z.exactOptional(z.number()),
})

export const experimentRunningTimeCalculationSchema = strictObject({
  /** Smallest effect worth detecting, in percent. */
  minimum_detectable_effect: z.exactOptional(z.number()),
  /** Estimated running time in days. */
  recommended_running_time: z.exactOptional(z.number()),
  /** Estimated sample size. */
  recommended_sample_size: z.exactOptional(z.number()),
  /** How the exposure estimate is made. */
  exposure_estimate_config: z.exactOptional(exposureEstimateConfigSchema),
})
/** How the running time is estimated (the canonical home of the old `parameters` keys). */
export interface ExperimentRunningTimeCalculation extends ShapeOf<typeof experimentRunningTimeCalculationSchema> {}

export const experimentFlagVariantSchema = strictObject({
  /** Variant key; one is `control`. */
  key: z.string(),
  /** Display name. */
  name: z.exactOptional(z.string()),
  /** Share of users (0–100); the variants sum to 100. */
  rollout_percentage: z.number(),
})
/** A variant of `feature_flag.filters.multivariate` (write-only flag settings). */
export interface ExperimentFlagVariant extends ShapeOf<typeof experimentFlagVariantSchema> {}

const flagReleaseGroupSchema = strictObject({
  /** Share of users the group releases to (0–100). */
  rollout_percentage: z.number(),
  /** Always `[]`. */
  properties: z.tuple([]),
})

const flagMultivariateSchema = strictObject({
  /** The variants. */
  variants: z.array(experimentFlagVariantSchema),
})

const flagFiltersInputSchema = strictObject({
  /** Release conditions: one group with `properties: []`. */
  groups: z.exactOptional(z.array(flagReleaseGroupSchema)),
  /** 2–20 variants summing to 100. */
  multivariate: z.exactOptional(flagMultivariateSchema),
  /** Group analytics: the group type (`null` for persons). */
  aggregation_group_type_index: nullableOptional(z.number()),
  /** Payload (JSON text) per variant key. */
  payloads: z.exactOptional(z.record(z.string(), z.string())),
})

export const experimentFeatureFlagInputSchema = strictObject({
  /** The flag's release conditions and variants. */
  filters: z.exactOptional(flagFiltersInputSchema),
  /** Keep a user's variant across anonymous and identified sessions. */
  ensure_experience_continuity: z.exactOptional(z.boolean()),
})
/**
 * Flag settings sent with an experiment (newer services; on a running experiment also send `update_feature_flag_params:
 * true`).
 */
export interface ExperimentFeatureFlagInput extends ShapeOf<typeof experimentFeatureFlagInputSchema> {}

export const experimentDateSchema = z.nullable(dateTimeInput)
/** Dates an experiment request may carry. */
export type ExperimentDate = z.infer<typeof experimentDateSchema>
