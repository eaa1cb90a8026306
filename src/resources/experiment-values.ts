import type { ExperimentMetricResult } from '../model/experiment-metrics.js'
import type { Experiment, ExperimentSavedMetric } from '../schemas/experiments.js'
import type { QueryNode } from '../requests/query.js'
import type {
  ExperimentLegacyQueryResponse,
  ExperimentQueryResponse,
  ExperimentStatsBase,
  MetricResult,
  VariantResult,
} from '../schemas/queries.js'

/**
 * What `experiments.results` computes from what the service answers (docs/service-behaviour.md §10.5, §10.6):
 * which metrics an experiment has, the query each is read with, and the values PostHog's interface derives
 * from each answer. Pure functions, loaded on first use (load-derived.ts).
 */

/** A metric as an experiment holds it, current or legacy. */
export type AnyMetric = ExperimentMetricResult & {
  uuid?: string
  name?: string
  goal?: 'increase' | 'decrease'
  metric_type?: MetricResult['metric_type']
  /** Not the service's: the experiment's link to the saved metric a metric comes from (its name and id). */
  saved?: ExperimentSavedMetric
}

/**
 * The metrics with whether each is secondary: primary first, each list in its `…_ordered_uuids` order, saved metrics
 * included. A saved metric's name and id are on its link, not in its query: the name PostHog's interface shows is the
 * saved metric's (docs/service-behaviour.md §3.1, `saved_metrics`).
 */
export function metricsOf(experiment: Experiment): Array<[AnyMetric, boolean]> {
  const saved = experiment.saved_metrics ?? []
  const list = (own: unknown, type: string, order: string[] | null | undefined): AnyMetric[] => {
    const metrics = [
      ...((own as AnyMetric[] | null | undefined) ?? []),
      ...saved
        .filter((entry) => ((entry.metadata as { type?: string } | null)?.type ?? 'primary') === type)
        .map((entry): AnyMetric => ({ ...(entry.query as AnyMetric), saved: entry })),
    ]
    const rank = (metric: AnyMetric) =>
      order?.includes(metric.uuid!) ? order.indexOf(metric.uuid!) : Number.MAX_SAFE_INTEGER
    return order ? metrics.sort((a, b) => rank(a) - rank(b)) : metrics
  }
  return [
    ...list(experiment.metrics, 'primary', experiment.primary_metrics_ordered_uuids).map(
      (metric): [AnyMetric, boolean] => [metric, false],
    ),
    ...list(experiment.metrics_secondary, 'secondary', experiment.secondary_metrics_ordered_uuids).map(
      (metric): [AnyMetric, boolean] => [metric, true],
    ),
  ]
}

/** A metric's result before its answer: what it is, and the query that reads it (a legacy metric is its own query). */
export function metricQuery(
  experiment: Experiment,
  metric: AnyMetric,
  secondary: boolean,
): { head: Omit<MetricResult, 'baseline' | 'variants'>; query: QueryNode } {
  const kind = metric.kind ?? 'ExperimentMetric'
  const method = experiment.stats_config?.method === 'frequentist' ? 'frequentist' : 'bayesian'
  const { saved, ...sent } = metric
  const head = {
    uuid: metric.uuid ?? '',
    name: saved?.name ?? metric.name,
    kind,
    metric_type: metric.metric_type,
    goal: metric.goal ?? 'increase',
    secondary,
    method,
  } as const
  const query = (
    kind === 'ExperimentMetric'
      ? { kind: 'ExperimentQuery', experiment_id: experiment.id, metric: sent }
      : { ...sent, experiment_id: experiment.id }
  ) as QueryNode
  return { head: saved ? { ...head, saved_metric: saved.saved_metric } : head, query }
}

/** The result of a metric from its query's answer. */
export function metricResult(
  head: Omit<MetricResult, 'baseline' | 'variants'>,
  data: ExperimentQueryResponse & ExperimentLegacyQueryResponse,
): MetricResult {
  if (head.kind !== 'ExperimentMetric') return { ...head, ...fromLegacy(data) }
  const variants = (data.variant_results ?? []).map((variant) => compared(variant, head.goal === 'decrease'))
  return {
    ...head,
    method: data.variant_results?.[0]?.method ?? head.method,
    baseline: counted(data.baseline ?? NOTHING),
    variants,
  }
}

/** A metric the service refused: its error, nothing counted. */
export function metricError(head: Omit<MetricResult, 'baseline' | 'variants'>, error: string): MetricResult {
  return { ...head, baseline: counted(NOTHING), variants: [], error }
}

const NOTHING: ExperimentStatsBase = { key: 'control', number_of_samples: 0, sum: 0 }

/** A variant's counts and value: the mean, the conversion rate, or a ratio metric's sum over its denominator's. */
function counted({
  key,
  number_of_samples,
  sum,
  denominator_sum,
  validation_failures,
}: ExperimentStatsBase): VariantResult {
  const units = denominator_sum ?? number_of_samples
  return { key, number_of_samples, sum, value: units ? sum / units : 0, validation_failures: validation_failures ?? [] }
}

/**
 * A test variant with the values the interface derives (docs/service-behaviour.md §10.5): the lift is the middle
 * of the interval, winning is a lift the goal's way, and the chance to win is turned round for a `decrease` goal.
 */
function compared(
  variant: NonNullable<ExperimentQueryResponse['variant_results']>[number],
  decrease: boolean,
): VariantResult {
  const result = counted(variant)
  const interval =
    variant.method === 'frequentist'
      ? variant.confidence_interval
      : (variant as { credible_interval?: [number, number] }).credible_interval
  const chance = (variant as { chance_to_win?: number | null }).chance_to_win
  const pValue = (variant as { p_value?: number | null }).p_value
  if (typeof variant.significant === 'boolean') result.significant = variant.significant
  if (typeof chance === 'number') result.chance_to_win = decrease ? 1 - chance : chance
  if (typeof pValue === 'number') result.p_value = pValue
  if (interval) {
    result.interval = interval
    result.delta = (interval[0] + interval[1]) / 2
    result.winning = decrease ? result.delta < 0 : result.delta > 0
  }
  return result
}

/**
 * A legacy answer (docs/service-behaviour.md §10.6): each variant's rate per exposure, the probability of being
 * best as the chance to win, significant for the best variant when the metric is. Its intervals are of the
 * rates themselves, not of a lift, so they are left out; the lift is the rate over the control's, less 1.
 */
function fromLegacy({
  variants,
  probability,
  significant,
}: ExperimentLegacyQueryResponse): Pick<MetricResult, 'baseline' | 'variants'> {
  const rows = variants.map((variant) => {
    const result = counted({
      key: variant.key,
      number_of_samples:
        variant.absolute_exposure ?? variant.exposure ?? (variant.success_count ?? 0) + (variant.failure_count ?? 0),
      sum: variant.count ?? variant.success_count ?? 0,
    })
    const chance = probability?.[variant.key]
    if (typeof chance === 'number') result.chance_to_win = chance
    return result
  })
  const baseline = rows.find((row) => row.key === 'control') ?? rows[0] ?? counted(NOTHING)
  const best = Math.max(...rows.map((row) => row.chance_to_win ?? 0))
  const tests = rows.filter((row) => row !== baseline)
  for (const row of tests) {
    row.significant = significant === true && row.chance_to_win === best
    if (baseline.value) {
      row.delta = row.value / baseline.value - 1
      row.winning = row.delta > 0
    }
  }
  delete baseline.chance_to_win
  return { baseline, variants: tests }
}
