import * as z from 'zod/mini'
import { json, type OpenEnum } from './common.js'
import type { QueryStatus } from './endpoints.js'
import type {
  ExperimentFunnelsQuery,
  ExperimentMetric,
  ExperimentMetricGoal,
  ExperimentTrendsQuery,
} from '../model/experiment-metrics.js'

/**
 * The query API (docs/service-behaviour.md §10.3–§10.7): the nodes `client.query` sends, the answers it
 * reads, and the experiment results `experiments.results` derives from them.
 */

/** The results of one metric of an experiment, read by the new engine. */
export interface ExperimentQuery {
  /** Discriminator. */
  kind: 'ExperimentQuery'
  /** The experiment (launched). */
  experiment_id: number
  /** The metric, as the experiment holds it (with its `uuid`). */
  metric: ExperimentMetric
  /** A label for the query log. */
  name?: string
}

/** A legacy metric of an experiment as a query of its own kind, with the experiment's id. */
export type ExperimentLegacyQuery = (ExperimentTrendsQuery | ExperimentFunnelsQuery) & { experiment_id: number }

/**
 * Why a variant has no statistics: too few exposures (< 50), too few conversions (funnels, < 5), a baseline of zero.
 */
export type ExperimentValidationFailure = OpenEnum<
  'not-enough-exposures' | 'not-enough-metric-data' | 'baseline-mean-is-zero'
>

/** What the engine counted for one variant (docs/service-behaviour.md §10.5). */
export interface ExperimentStatsBase {
  /** The variant key (`control`, `test`, `holdout-<id>`, …). */
  key: string
  /** Exposed units. */
  number_of_samples: number
  /** The metric summed over them (conversions for a funnel). */
  sum: number
  /** The sum of squares (for the variance). */
  sum_squares?: number
  /** Ratio metrics: the denominator's sum. */
  denominator_sum?: number | null
  /** Ratio metrics: the denominator's sum of squares. */
  denominator_sum_squares?: number | null
  /** Ratio metrics: Σ numerator × denominator. */
  numerator_denominator_sum_product?: number | null
  /** Funnels: units reaching each step. */
  step_counts?: number[] | null
  /** Why this variant has no statistics; empty when it has them. */
  validation_failures?: ExperimentValidationFailure[]
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/**
 * A test variant against the baseline, Bayesian. The statistics are absent when either side has validation failures.
 */
export interface ExperimentVariantResultBayesian extends ExperimentStatsBase {
  method: 'bayesian'
  /** The interval excludes no change at `ci_level` (chance to win above it, or below 1 − it). */
  significant?: boolean
  /** The chance the variant beats the baseline (higher is better, whatever the metric's goal). */
  chance_to_win?: number
  /** Credible interval of the relative lift (a fraction: 0.1 is +10%). */
  credible_interval?: [number, number]
}

/** A test variant against the baseline, frequentist (two-sided). */
export interface ExperimentVariantResultFrequentist extends ExperimentStatsBase {
  method: 'frequentist'
  /** `p_value` below `alpha`. */
  significant?: boolean
  /** The p-value. */
  p_value?: number
  /** Confidence interval of the relative lift (a fraction). */
  confidence_interval?: [number, number]
}

/** What an `ExperimentQuery` answers (the new engine; legacy kinds answer {@link ExperimentLegacyQueryResponse}). */
export interface ExperimentQueryResponse {
  /** The baseline (`control` unless the experiment names another). */
  baseline?: ExperimentStatsBase
  /** Every test variant against it. */
  variant_results?: Array<ExperimentVariantResultBayesian | ExperimentVariantResultFrequentist>
  /** Answered from the cache. */
  is_cached?: boolean
  /** When the results were computed. */
  last_refresh?: string | null
  /** Status of an async run. */
  query_status?: QueryStatus | null
  /** Fields the service added later (breakdowns, the HogQL run, …), kept as sent. */
  [field: string]: unknown
}

/** One variant of a legacy metric: trends count per exposure, or funnel successes and failures. */
export interface ExperimentLegacyVariant {
  key: string
  /** Trends: events counted. */
  count?: number
  /** Trends: exposure, relative. */
  exposure?: number
  /** Trends: exposed users. */
  absolute_exposure?: number
  /** Funnels: users who converted. */
  success_count?: number
  /** Funnels: users who did not. */
  failure_count?: number
  [field: string]: unknown
}

/**
 * What the legacy kinds (`ExperimentTrendsQuery`, `ExperimentFunnelsQuery`) answer (docs/service-behaviour.md §10.6).
 */
export interface ExperimentLegacyQueryResponse {
  kind?: 'ExperimentTrendsQuery' | 'ExperimentFunnelsQuery'
  variants: ExperimentLegacyVariant[]
  /** Variant key → probability of being the best. */
  probability: Record<string, number>
  /** Whether the best variant is significant. */
  significant: boolean
  /** `significant`, `not_enough_exposure`, `low_win_probability`, `high_loss`, `high_p_value`. */
  significance_code: OpenEnum<
    'significant' | 'not_enough_exposure' | 'low_win_probability' | 'high_loss' | 'high_p_value'
  >
  p_value?: number
  /** Variant key → interval of its rate (absolute, not a lift). */
  credible_intervals: Record<string, [number, number]>
  [field: string]: unknown
}

/**
 * What a `HogQLQuery` answers: rows in `columns` order. `Row` names the row type (rows are not checked at run time).
 */
export interface HogQLQueryResponse<Row = unknown[]> {
  /** The rows (at most 100 when the SQL has no `LIMIT`, see `hasMore`). */
  results: Row[]
  /** The column names. */
  columns: string[]
  /** `[[column, ClickHouse type], …]`. */
  types: Array<[string, string, ...unknown[]]>
  /** More rows than the 100 answered (only when the SQL has no `LIMIT`). */
  hasMore?: boolean | null
  /** The HogQL as run. */
  hogql?: string | null
  /** Answered from the cache. */
  is_cached?: boolean
  /** Status of an async run. */
  query_status?: QueryStatus | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The answer of a query of any other kind: an object, kept as sent. */
export type QueryResponse = Record<string, unknown>

// Run-time schemas: a query's answer is an object whatever its kind; for the kinds the SDK types, what the
// SDK reads is checked too (rows and columns, the experiment counts). An unfinished async run (202) carries
// `query_status` with `complete: false`; a finished one read by its status has the answer in `results`.

const queryStatusShape = { id: z.optional(z.string()), complete: z.nullish(z.boolean()), results: z.optional(json) }

/** Any query's answer. */
export const queryResponseSchema = z.looseObject({ query_status: z.nullish(z.looseObject(queryStatusShape)) })
/** The status read of an async query (`GET query/:id/`). */
export const queryStatusResponseSchema = z.looseObject({ query_status: z.looseObject(queryStatusShape) })

/** A `HogQLQuery`'s answer. */
export const hogqlQueryResponseSchema = z.looseObject({
  results: z.array(json),
  columns: z.array(z.string()),
  types: z.array(z.array(json)),
})

const experimentStats = z.looseObject({ key: z.string(), number_of_samples: z.number(), sum: z.number() })

/** An `ExperimentQuery`'s answer: the counts the derived values are computed from. */
export const experimentQueryResponseSchema = z.looseObject({
  baseline: z.optional(experimentStats),
  variant_results: z.optional(z.array(experimentStats)),
})

/** A legacy kind's answer. */
export const experimentLegacyQueryResponseSchema = z.looseObject({
  variants: z.array(z.looseObject({ key: z.string() })),
})

/** The results of every metric read by `experiments.results`. */
export interface ExperimentResults {
  /** The experiment. */
  experiment_id: number
  /** One per metric: primary first, then secondary, or those named, in that order. */
  metrics: MetricResult[]
}

/** The results of one metric. */
export interface MetricResult {
  /** The metric's `uuid`. */
  uuid: string
  /** Its name, when it has one: a saved metric's is the saved metric's name. */
  name?: string
  /** The saved metric it comes from (its id), for a metric the experiment shares through `saved_metrics`. */
  saved_metric?: number
  /** `ExperimentMetric`, or a legacy kind (read through that kind's own query). */
  kind: 'ExperimentMetric' | 'ExperimentTrendsQuery' | 'ExperimentFunnelsQuery'
  /** `mean`, `funnel`, `ratio` or `retention` (current metrics). */
  metric_type?: ExperimentMetric['metric_type']
  /** Which way wins; `winning` and `chance_to_win` already account for it. */
  goal: ExperimentMetricGoal
  /** A secondary metric. */
  secondary: boolean
  /** How the statistics were computed (the experiment's `stats_config.method`). */
  method: 'bayesian' | 'frequentist'
  /** The baseline variant: counts and value only. */
  baseline: VariantResult
  /** Each test variant against the baseline. */
  variants: VariantResult[]
  /**
   * The service refused to compute this metric (its 400 detail): then `baseline` counts nothing and `variants` is
   * empty.
   */
  error?: string
}

/** One variant of a metric, with the values PostHog's interface derives (docs/service-behaviour.md §10.5). */
export interface VariantResult {
  /** The variant key. */
  key: string
  /** Exposed units. */
  number_of_samples: number
  /** The metric summed over them. */
  sum: number
  /** The mean per unit, or the conversion rate as a fraction (ratio metrics: sum over the denominator's sum). */
  value: number
  /** The difference is significant (absent when the variant has validation failures, and for the baseline). */
  significant?: boolean
  /** Bayesian: the chance this variant is better than the baseline, in the direction of the metric's goal. */
  chance_to_win?: number
  /** Frequentist: the p-value. */
  p_value?: number
  /** The interval of the relative lift (a fraction: 0.1 is +10%). */
  interval?: [number, number]
  /** The relative lift (a fraction): the middle of the interval; legacy metrics: value over the baseline's, less 1. */
  delta?: number
  /** The lift goes the metric's way (`delta` above 0, or below 0 for a `decrease` goal). */
  winning?: boolean
  /** Why there are no statistics (`not-enough-exposures`, …); empty when there are. */
  validation_failures: string[]
}
