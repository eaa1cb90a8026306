import { plainObject, stringList } from '../core/args.js'
import { BadRequestError, InvalidArgumentError } from '../core/errors.js'
import type { RequestOptions } from '../core/options.js'
import type { Transport } from '../core/transport.js'
import type { ExperimentResultsParams } from '../requests/query.js'
import type {
  ExperimentLegacyQueryResponse,
  ExperimentQueryResponse,
  ExperimentResults,
  MetricResult,
} from '../schemas/queries.js'
import { experimentSchema } from '../schemas/experiments.js'
import { decodeWith } from '../core/validation.js'
import { loadDerived } from './load-derived.js'
import { runQuery } from './query.js'

// How the experiment is read.
const experimentAnswer = decodeWith(experimentSchema)

/**
 * `experiments.results`: the experiment, then one query per metric (docs/service-behaviour.md §10.5, §10.6);
 * the values are derived by experiment-values.ts.
 */
export async function experimentResults(
  transport: Transport,
  id: number,
  params: ExperimentResultsParams = {},
  options?: RequestOptions,
): Promise<ExperimentResults> {
  const { metrics: wanted, refresh } = plainObject('params', params) ?? {}
  if (wanted !== undefined) stringList('params.metrics', wanted)
  const [{ data: experiment }, { metricsOf, metricQuery, metricResult, metricError }] = await Promise.all([
    transport.send('experiments.retrieve', experimentAnswer, { path: { id } }, options),
    loadDerived(),
  ])
  if (!experiment.start_date)
    throw new InvalidArgumentError('id', `experiment ${id} is a draft (never launched): no results`)
  const all = metricsOf(experiment)
  const chosen = wanted?.map((uuid, index) => {
    const found = all.find(([metric]) => metric.uuid === uuid)
    if (!found) throw new InvalidArgumentError(`params.metrics[${index}]`, `no metric ${uuid} in experiment ${id}`)
    return found
  })
  const results: MetricResult[] = []
  // One query at a time: the service runs at most three queries of a project at once, and answers more with 429.
  for (const [metric, secondary] of chosen ?? all) {
    const { head, query } = metricQuery(experiment, metric, secondary)
    try {
      const { data } = await runQuery<ExperimentQueryResponse & ExperimentLegacyQueryResponse>(transport, query, {
        ...options,
        refresh,
      })
      results.push(metricResult(head, data))
    } catch (error) {
      // The service's 400 for this metric (no such event, a bad definition) is this metric's result, not the call's.
      if (!(error instanceof BadRequestError)) throw error
      results.push(metricError(head, error.detail ?? error.message))
    }
  }
  return { experiment_id: experiment.id, metrics: results }
}
