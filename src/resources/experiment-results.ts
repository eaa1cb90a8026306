import { plainObject, stringList } from '../core/args.js'
import { BadRequestError, InvalidArgumentError } from '../core/errors.js'
import type { RequestOptions } from '../core/options.js'
import type { Transport } from '../core/transport.js'
import type { Experiment } from '../schemas/experiments.js'
import type { ExperimentMetricResult } from '../schemas/experiment-metrics.js'
import type {
  ExperimentLegacyQueryResponse,
  ExperimentQueryResponse,
  ExperimentResults,
  ExperimentResultsParams,
  ExperimentStatsBase,
  MetricResult,
  QueryNode,
  VariantResult,
} from '../schemas/queries.js'
import { runQuery } from './query.js'

/**
 * `experiments.results`: the experiment, then one query per metric (docs/service-behaviour.md §10.5,
 * §10.6), and the values PostHog's interface derives from each answer.
 */

type AnyMetric = ExperimentMetricResult & { uuid?: string; name?: string; goal?: 'increase' | 'decrease'; metric_type?: MetricResult['metric_type'] }

/** Reads the results of the experiment's metrics (or those `params.metrics` names). */
export async function experimentResults(transport: Transport, id: number, params: ExperimentResultsParams = {}, options?: RequestOptions): Promise<ExperimentResults> {
  const { metrics: wanted, refresh } = plainObject('params', params) ?? {}
  if (wanted !== undefined) stringList('params.metrics', wanted)
  const { data: experiment } = await transport.send('experiments.retrieve', { path: { id } }, options)
  if (!experiment.start_date) {
    throw new InvalidArgumentError('id', `experiment ${id} is a draft (never launched): no results`)
  }
  const all = metricsOf(experiment)
  const chosen = wanted
    ? wanted.map((uuid, index) => all.find(([metric]) => metric.uuid === uuid) ?? fail(`params.metrics[${index}]`, `no metric ${uuid} in experiment ${id}`))
    : all
  const method = experiment.stats_config?.method === 'frequentist' ? 'frequentist' : 'bayesian'
  const results: MetricResult[] = []
  // One query at a time: the service runs at most three queries of a project at once, and answers more with 429.
  for (const [metric, secondary] of chosen) results.push(await readMetric(transport, experiment.id, metric, secondary, method, { ...options, refresh }))
  return { experiment_id: experiment.id, metrics: results }
}

function fail(argument: string, message: string): never {
  throw new InvalidArgumentError(argument, message)
}

/** The metrics with whether each is secondary: primary first, each list in its `…_ordered_uuids` order, saved metrics included. */
function metricsOf(experiment: Experiment): Array<[AnyMetric, boolean]> {
  const saved = experiment.saved_metrics ?? []
  const list = (own: unknown, type: string, order: string[] | null | undefined): AnyMetric[] => {
    const metrics = [
      ...((own as AnyMetric[] | null | undefined) ?? []),
      ...saved.filter((entry) => ((entry.metadata as { type?: string } | null)?.type ?? 'primary') === type).map((entry) => entry.query as AnyMetric),
    ]
    const rank = (metric: AnyMetric) => (order?.includes(metric.uuid!) ? order.indexOf(metric.uuid!) : Number.MAX_SAFE_INTEGER)
    return order ? metrics.sort((a, b) => rank(a) - rank(b)) : metrics
  }
  return [
    ...list(experiment.metrics, 'primary', experiment.primary_metrics_ordered_uuids).map((metric): [AnyMetric, boolean] => [metric, false]),
    ...list(experiment.metrics_secondary, 'secondary', experiment.secondary_metrics_ordered_uuids).map((metric): [AnyMetric, boolean] => [metric, true]),
  ]
}

/** One metric through its query: the current engine's `ExperimentQuery`, or a legacy metric's own kind. */
async function readMetric(
  transport: Transport,
  experimentId: number,
  metric: AnyMetric,
  secondary: boolean,
  method: MetricResult['method'],
  options: RequestOptions & { refresh?: ExperimentResultsParams['refresh'] },
): Promise<MetricResult> {
  const kind = metric.kind ?? 'ExperimentMetric'
  const legacy = kind !== 'ExperimentMetric'
  const decrease = metric.goal === 'decrease'
  const head = { uuid: metric.uuid ?? '', name: metric.name, kind, metric_type: metric.metric_type, goal: metric.goal ?? 'increase', secondary, method }
  const query = (legacy ? { ...metric, experiment_id: experimentId } : { kind: 'ExperimentQuery', experiment_id: experimentId, metric }) as QueryNode
  try {
    const { data } = await runQuery<ExperimentQueryResponse & ExperimentLegacyQueryResponse>(transport, query, options)
    if (legacy) return { ...head, ...fromLegacy(data) }
    const variants = (data.variant_results ?? []).map((variant) => compared(variant, decrease))
    return { ...head, method: data.variant_results?.[0]?.method ?? method, baseline: counted(data.baseline ?? { key: 'control', number_of_samples: 0, sum: 0 }), variants }
  } catch (error) {
    // The service's 400 for this metric (no such event, a bad definition) is this metric's result, not the call's.
    if (!(error instanceof BadRequestError)) throw error
    return { ...head, baseline: counted({ key: 'control', number_of_samples: 0, sum: 0 }), variants: [], error: error.detail ?? error.message }
  }
}

/** A variant's counts and value: the mean, the conversion rate, or a ratio metric's sum over its denominator's. */
function counted({ key, number_of_samples, sum, denominator_sum, validation_failures }: ExperimentStatsBase): VariantResult {
  const units = denominator_sum ?? number_of_samples
  return { key, number_of_samples, sum, value: units ? sum / units : 0, validation_failures: validation_failures ?? [] }
}

/**
 * A test variant with the values the interface derives (docs/service-behaviour.md §10.5): the lift is the middle
 * of the interval, winning is a lift the goal's way, and the chance to win is turned round for a `decrease` goal.
 */
function compared(variant: NonNullable<ExperimentQueryResponse['variant_results']>[number], decrease: boolean): VariantResult {
  const result = counted(variant)
  const interval = variant.method === 'frequentist' ? variant.confidence_interval : (variant as { credible_interval?: [number, number] }).credible_interval
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
function fromLegacy({ variants, probability, significant }: ExperimentLegacyQueryResponse): Pick<MetricResult, 'baseline' | 'variants'> {
  const rows = variants.map((variant) => {
    const result = counted({
      key: variant.key,
      number_of_samples: variant.absolute_exposure ?? variant.exposure ?? (variant.success_count ?? 0) + (variant.failure_count ?? 0),
      sum: variant.count ?? variant.success_count ?? 0,
    })
    const chance = probability?.[variant.key]
    if (typeof chance === 'number') result.chance_to_win = chance
    return result
  })
  const baseline = rows.find((row) => row.key === 'control') ?? rows[0] ?? counted({ key: 'control', number_of_samples: 0, sum: 0 })
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
