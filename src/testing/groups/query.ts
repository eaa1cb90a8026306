/**
 * The query API (docs/service-behaviour.md §10.3–§10.8): `POST query/` runs a query node, `GET query/:id/`
 * reads an async run. The fake evaluates the kinds the SDK sends: `HogQLQuery` (a `SELECT` of literals and
 * placeholders, and the survey-events subset of hogql-events.ts), `ExperimentQuery` and the two legacy
 * experiment kinds, computed from what `fake.seed.experimentData` gave (experiment-stats.ts). Any other kind,
 * or HogQL outside those subsets, answers 400 saying so. An async `refresh` answers 202; the run's first
 * status read answers 202 (still running), the next ones 200 with the result. `DELETE query/:id/` cancels a
 * run (its status is then 404).
 */
import { param, type GroupHandlers } from '../context.js'
import { apiError, fail, invalid, json } from '../responses.js'
import { bodyObject, isObject } from '../validators.js'
import {
  bayesian,
  compare,
  frequentist,
  normalCdf,
  normalQuantile,
  validationFailures,
  type StatisticKind,
  type VariantCounts,
} from '../experiment-stats.js'
import { evaluateSelect } from '../hogql-select.js'
import { evaluateEvents } from '../hogql-events.js'
import type { FakeExperiment, FakeExperimentData, FakeQueryRun } from '../records.js'
import { isoDateTime, type FakeStore } from '../store.js'

const ASYNC_REFRESH = ['async', 'force_async', 'lazy_async']
/** Legacy significance thresholds: exposures a variant needs, and the best variant's probability. */
const LEGACY_MIN_EXPOSURES = 100
const LEGACY_MIN_PROBABILITY = 0.9

export const queryHandlers: GroupHandlers<'query'> = {
  'query.run': (context) => {
    const { store } = context
    const body = bodyObject(context.body)
    const query = body['query']
    if (!isObject(query) || typeof query['kind'] !== 'string') invalid('This field is required.', 'query', 'required')
    const result = run(store, query)
    const id = typeof body['client_query_id'] === 'string' ? body['client_query_id'] : store.hex(32)
    if (body['async'] === true || ASYNC_REFRESH.includes(String(body['refresh']))) {
      const started = isoDateTime(store.now())
      store.queryRuns.set(id, { id, result, reads: 0, started })
      return json({ query_status: status(store, { id, result, reads: 0, started }, false) }, 202)
    }
    return json({ ...result, is_cached: false, last_refresh: isoDateTime(store.now()), timezone: 'UTC' })
  },

  'query.status': (context) => {
    const run = context.store.queryRuns.get(param(context, 'id'))
    if (!run) fail(apiError(404, 'invalid_request', 'not_found', 'Query not found.'))
    run.reads++
    const complete = run.reads > 1
    return json({ query_status: status(context.store, run, complete) }, complete ? 200 : 202)
  },

  'query.cancel': (context) => {
    const id = param(context, 'id')
    if (!context.store.queryRuns.delete(id)) fail(apiError(404, 'invalid_request', 'not_found', 'Query not found.'))
    return json({ message: 'Query cancelled.' })
  },
}

function status(store: FakeStore, run: FakeQueryRun, complete: boolean): Record<string, unknown> {
  return {
    id: run.id,
    query_async: true,
    team_id: store.projectId,
    error: false,
    complete,
    error_message: null,
    results: complete ? { ...run.result, is_cached: false, last_refresh: isoDateTime(store.now()) } : null,
    start_time: run.started,
    end_time: complete ? isoDateTime(store.now()) : null,
    expiration_time: null,
    pickup_time: run.started,
    task_id: null,
    query_progress: null,
    labels: null,
  }
}

/** The answer of one query node (400 for what the fake does not evaluate). */
function run(store: FakeStore, query: Record<string, unknown>): Record<string, unknown> {
  switch (query['kind']) {
    case 'HogQLQuery':
      return hogql(store, query)
    case 'ExperimentQuery':
      return experimentQuery(store, query)
    case 'ExperimentTrendsQuery':
    case 'ExperimentFunnelsQuery':
      return legacyQuery(store, query)
    default:
      invalid(
        `The fake does not evaluate ${String(query['kind'])} queries (it answers HogQLQuery, ExperimentQuery ` +
          `and the legacy experiment kinds).`,
      )
  }
}

function hogql(store: FakeStore, query: Record<string, unknown>): Record<string, unknown> {
  const sql = query['query']
  if (typeof sql !== 'string' || sql.trim() === '') invalid('This field is required.', 'query', 'required')
  const values = isObject(query['values']) ? query['values'] : {}
  // `{name}` placeholders read `values` as `{variables.name}` would read variables.
  const answer =
    evaluateEvents(store, sql, values) ??
    evaluateSelect(sql.replace(/\{\s*([A-Za-z_]\w*)\s*\}/g, '{variables.$1}'), values)
  if (!answer)
    invalid(
      'The fake evaluates a SELECT of literals and placeholders, and the survey-event reads of the SDK; not ' +
        'this query.',
    )
  return { ...answer, hogql: sql, kind: 'HogQLQueryResponse' }
}

/** The experiment a query names, launched (docs/service-behaviour.md §10.5). */
function experimentOf(store: FakeStore, query: Record<string, unknown>): FakeExperiment {
  const id = query['experiment_id']
  if (typeof id !== 'number') invalid('experiment_id is required')
  const experiment = store.experiments.get(id)
  if (!experiment || experiment.deleted) invalid(`Experiment with id ${id} not found`)
  if (!experiment.start_date) invalid('Experiment has not started yet')
  return experiment
}

/** The variant keys of an experiment: its flag's, else those of its data, else `control` and `test`. */
function variantKeys(experiment: FakeExperiment, data: FakeExperimentData | undefined): string[] {
  const flag = experiment.feature_flag?.filters?.['multivariate'] as { variants?: Array<{ key: string }> } | undefined
  const keys = flag?.variants?.map((variant) => variant.key) ?? Object.keys(data ?? {})
  return keys.length > 0 ? keys : ['control', 'test']
}

/**
 * The counts of every variant for a metric (its own data, else the experiment's, else nothing counted). A ratio
 * metric's denominator defaults to one per exposed unit (the ratio is then the mean).
 */
function countsOf(
  store: FakeStore,
  experiment: FakeExperiment,
  metricUuid: unknown,
  kind: StatisticKind,
): VariantCounts[] {
  const seeded = store.experimentData.get(experiment.id)
  const data = (typeof metricUuid === 'string' ? seeded?.get(metricUuid) : undefined) ?? seeded?.get('*')
  return variantKeys(experiment, data).map((key) => {
    const entry = data?.[key]
    const proportion = kind === 'proportion'
    const exposures = entry?.exposures ?? 0
    const sum = (proportion ? entry?.conversions : (entry?.sum ?? entry?.conversions)) ?? 0
    const counts: VariantCounts = {
      key,
      number_of_samples: exposures,
      sum,
      sum_squares: proportion ? sum : (entry?.sum_squares ?? sum),
    }
    if (kind !== 'ratio') return counts
    return {
      ...counts,
      denominator_sum: entry?.denominator_sum ?? exposures,
      denominator_sum_squares: entry?.denominator_sum_squares ?? entry?.denominator_sum ?? exposures,
      numerator_denominator_sum_product: entry?.numerator_denominator_sum_product ?? sum,
    }
  })
}

/** How PostHog's runner reads a metric's counts: mean and ratio metrics as such, every other kind as a proportion. */
function statisticKind(metricType: unknown): StatisticKind {
  return metricType === 'mean' || metricType === 'ratio' ? metricType : 'proportion'
}

function experimentQuery(store: FakeStore, query: Record<string, unknown>): Record<string, unknown> {
  const experiment = experimentOf(store, query)
  const metric = query['metric']
  if (!isObject(metric)) invalid('Field required', 'metric', 'required')
  const kind = statisticKind(metric['metric_type'])
  const config = experiment.stats_config ?? {}
  const method = config['method'] === 'frequentist' ? 'frequentist' : 'bayesian'
  const baselineKey = typeof config['baseline_variant_key'] === 'string' ? config['baseline_variant_key'] : 'control'
  const counts = countsOf(store, experiment, metric['uuid'], kind)
  const baseline = counts.find((entry) => entry.key === baselineKey) ?? counts[0]!
  const baselineFailures = validationFailures(baseline, kind, true)
  const variantResults = counts
    .filter((entry) => entry !== baseline)
    .map((entry) => {
      const failures = validationFailures(entry, kind, false)
      const result: Record<string, unknown> = { ...entry, validation_failures: failures, method }
      // The statistics are absent when either side failed validation.
      if (failures.length > 0 || baselineFailures.length > 0) return result
      const comparison = compare(entry, baseline, kind)
      const level = (config[method] as { ci_level?: number; alpha?: number } | undefined) ?? {}
      return {
        ...result,
        ...(method === 'bayesian'
          ? bayesian(comparison, level.ci_level ?? 0.95)
          : frequentist(comparison, level.alpha ?? 0.05)),
      }
    })
  return {
    kind: 'ExperimentQuery',
    metric,
    baseline: { ...baseline, validation_failures: baselineFailures },
    variant_results: variantResults,
  }
}

/**
 * A legacy kind's answer (docs/service-behaviour.md §10.6): each variant's rate per exposure with its
 * interval, each test variant's chance to beat control as its probability (control's: 1 − the best of
 * them), significant when every variant has `LEGACY_MIN_EXPOSURES` and the best probability reaches
 * `LEGACY_MIN_PROBABILITY`.
 */
function legacyQuery(store: FakeStore, query: Record<string, unknown>): Record<string, unknown> {
  const experiment = experimentOf(store, query)
  const funnel = query['kind'] === 'ExperimentFunnelsQuery'
  const counts = countsOf(store, experiment, query['uuid'], funnel ? 'proportion' : 'mean')
  const control = counts.find((entry) => entry.key === 'control') ?? counts[0]!
  const z = normalQuantile(0.975)
  const probability: Record<string, number> = {}
  const intervals: Record<string, [number, number]> = {}
  for (const entry of counts) {
    const rate = entry.number_of_samples ? entry.sum / entry.number_of_samples : 0
    const spread = entry.number_of_samples
      ? (z * Math.sqrt(funnel ? (rate * (1 - rate)) / entry.number_of_samples : entry.sum)) /
        (funnel ? 1 : entry.number_of_samples)
      : 0
    intervals[entry.key] = [rate - spread, rate + spread]
    if (entry !== control)
      probability[entry.key] =
        control.sum > 0 && entry.number_of_samples > 0 ? normalCdf(compareOrZero(entry, control, funnel)) : 0
  }
  const best = Math.max(0, ...Object.values(probability))
  probability[control.key] = 1 - best
  const enough = counts.every((entry) => entry.number_of_samples >= LEGACY_MIN_EXPOSURES)
  const significant = enough && best >= LEGACY_MIN_PROBABILITY
  const variants = counts.map((entry) =>
    funnel
      ? { key: entry.key, success_count: entry.sum, failure_count: entry.number_of_samples - entry.sum }
      : {
          key: entry.key,
          count: entry.sum,
          exposure: entry.number_of_samples,
          absolute_exposure: entry.number_of_samples,
        },
  )
  return {
    kind: query['kind'],
    insight: [],
    variants,
    probability,
    significant,
    significance_code: !enough ? 'not_enough_exposure' : significant ? 'significant' : 'low_win_probability',
    p_value: 1 - best,
    credible_intervals: intervals,
    stats_version: 2,
  }
}

function compareOrZero(test: VariantCounts, control: VariantCounts, funnel: boolean): number {
  const { lift, sd } = compare(test, control, funnel ? 'proportion' : 'mean')
  return sd > 0 ? lift / sd : 0
}
