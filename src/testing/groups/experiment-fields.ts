/**
 * The writable fields of an experiment (docs/service-behaviour.md §3, §P1): checked the way the serializer
 * does and copied onto the draft — dates in order, the holdout and saved metrics linked, each metric checked
 * and given its `uuid` and `fingerprint`, ordering lists naming every metric.
 */
import { invalid } from '../responses.js'
import { arrayField, booleanField, choiceField, dateTimeField, integerField, isObject, objectField, stringField } from '../validators.js'
import {
  CONVERSION_WINDOW_UNITS,
  EXPERIMENT_CONCLUSIONS,
  EXPERIMENT_METRIC_GOALS,
  EXPERIMENT_METRIC_MATH_TYPES,
  EXPERIMENT_METRIC_SOURCE_KINDS,
  EXPERIMENT_METRIC_TYPES,
  EXPERIMENT_STATS_METHODS,
  EXPERIMENT_TYPES,
  MULTIPLE_VARIANT_HANDLINGS,
} from '../../model/enums.js'
import type { FakeExperiment } from '../records.js'
import { hash128, type FakeStore } from '../store.js'
import { holdoutById, linkSavedMetrics } from './experiment-links.js'

const TYPES = [...EXPERIMENT_TYPES, '']
const CONCLUSIONS = [...EXPERIMENT_CONCLUSIONS, '']
const LEGACY_METRIC_KINDS = ['ExperimentTrendsQuery', 'ExperimentFunnelsQuery']
/** The source fields each metric type requires (docs/service-behaviour.md §P1.3). */
const METRIC_SOURCES: Record<(typeof EXPERIMENT_METRIC_TYPES)[number], { one: string[]; many?: string }> = {
  mean: { one: ['source'] },
  funnel: { one: [], many: 'series' },
  ratio: { one: ['numerator', 'denominator'] },
  retention: { one: ['start_event', 'completion_event'] },
}

/** Writable fields checked and copied onto `target` (create and PATCH). */
export function applyExperimentFields(store: FakeStore, target: FakeExperiment, body: Record<string, unknown>): void {
  const description = stringField(body, 'description', { nullable: true, maxLength: 400 })
  if (description !== undefined) target.description = description
  const start = dateTimeField(body, 'start_date', { nullable: true })
  if (start !== undefined) target.start_date = start
  const end = dateTimeField(body, 'end_date', { nullable: true })
  if (end !== undefined) target.end_date = end
  if (target.start_date && target.end_date && Date.parse(target.end_date) <= Date.parse(target.start_date)) {
    invalid('End date must be after start date')
  }
  const holdoutId = integerField(body, 'holdout_id', { nullable: true })
  if (holdoutId !== undefined) {
    target.holdout_id = holdoutId
    target.holdout = holdoutId === null ? null : holdoutById(store, holdoutId)
  }
  const parameters = objectField(body, 'parameters', { nullable: true })
  if (parameters !== undefined) target.parameters = parameters
  if (body['secondary_metrics'] !== undefined) target.secondary_metrics = arrayField(body, 'secondary_metrics', { nullable: true }) ?? null
  const savedMetricsIds = arrayField(body, 'saved_metrics_ids', { nullable: true })
  if (savedMetricsIds !== undefined) linkSavedMetrics(store, target, savedMetricsIds ?? [])
  const filters = objectField(body, 'filters')
  if (filters !== undefined && filters !== null) target.filters = filters
  const archived = booleanField(body, 'archived')
  if (archived !== undefined && archived !== null) target.archived = archived
  const deleted = booleanField(body, 'deleted', { nullable: true })
  if (deleted !== undefined) target.deleted = deleted === true
  const type = choiceField(body, 'type', TYPES, { nullable: true })
  if (type !== undefined) target.type = type
  const exposureCriteria = objectField(body, 'exposure_criteria', { nullable: true })
  if (exposureCriteria) choiceField(exposureCriteria, 'multiple_variant_handling', MULTIPLE_VARIANT_HANDLINGS, {}, 'exposure_criteria__multiple_variant_handling')
  if (exposureCriteria !== undefined) target.exposure_criteria = exposureCriteria
  for (const key of ['metrics', 'metrics_secondary'] as const) {
    const metrics = arrayField(body, key, { nullable: true })
    if (metrics !== undefined) target[key] = (metrics ?? []).map((metric, index) => withFingerprint(store, checkMetric(metric, `${key}__${index}`)))
  }
  const statsConfig = objectField(body, 'stats_config', { nullable: true })
  if (statsConfig) choiceField(statsConfig, 'method', EXPERIMENT_STATS_METHODS, {}, 'stats_config__method')
  if (statsConfig !== undefined) target.stats_config = statsConfig === null ? null : { method: 'bayesian', ...statsConfig }
  if (body['scheduling_config'] !== undefined) target.scheduling_config = body['scheduling_config']
  const conclusion = choiceField(body, 'conclusion', CONCLUSIONS, { nullable: true })
  if (conclusion !== undefined) target.conclusion = conclusion
  const comment = stringField(body, 'conclusion_comment', { nullable: true, maxLength: 4000 })
  if (comment !== undefined) target.conclusion_comment = comment
  for (const key of ['primary_metrics_ordered_uuids', 'secondary_metrics_ordered_uuids'] as const) {
    const uuids = arrayField(body, key, { nullable: true })
    if (uuids !== undefined) target[key] = uuids === null ? null : uuids.map(String)
  }
  checkOrderedUuids(target.metrics, target.primary_metrics_ordered_uuids, 'primary_metrics_ordered_uuids')
  checkOrderedUuids(target.metrics_secondary, target.secondary_metrics_ordered_uuids, 'secondary_metrics_ordered_uuids')
  const preaggregation = booleanField(body, 'exposure_preaggregation_enabled')
  if (preaggregation !== undefined && preaggregation !== null) target.exposure_preaggregation_enabled = preaggregation
}

/**
 * The server gives each metric a `uuid` when it has none and (re)computes its `fingerprint`
 * (docs/service-behaviour.md §3.1, §P1.2).
 */
function withFingerprint(store: FakeStore, metric: Record<string, unknown>): Record<string, unknown> {
  const { fingerprint: _ignored, ...rest } = metric
  if (typeof rest['uuid'] !== 'string') rest['uuid'] = store.uuid()
  const { uuid: _uuid, ...definition } = rest
  return { ...rest, fingerprint: hash128(JSON.stringify(definition)) + hash128(`${JSON.stringify(definition)}#`) }
}

/** What the service checks of one metric (docs/service-behaviour.md §P1.1–§P1.4); `attr` as `metrics__0`. */
function checkMetric(metric: unknown, attr: string): Record<string, unknown> {
  if (!isObject(metric)) invalid('Metric must be an object.', attr)
  const kind = metric['kind'] ?? 'ExperimentMetric'
  if (typeof kind === 'string' && LEGACY_METRIC_KINDS.includes(kind)) return metric
  if (kind !== 'ExperimentMetric') invalid(`Invalid metric kind: ${String(kind)}.`, `${attr}__kind`)
  const type = choiceField(metric, 'metric_type', EXPERIMENT_METRIC_TYPES, { required: true }, `${attr}__metric_type`) as (typeof EXPERIMENT_METRIC_TYPES)[number]
  choiceField(metric, 'goal', EXPERIMENT_METRIC_GOALS, {}, `${attr}__goal`)
  choiceField(metric, 'conversion_window_unit', CONVERSION_WINDOW_UNITS, {}, `${attr}__conversion_window_unit`)
  const { one, many } = METRIC_SOURCES[type]
  for (const key of one) checkSource(metric[key], `${attr}__${key}`)
  if (many) {
    const series = metric[many]
    if (!Array.isArray(series) || series.length === 0) invalid('A funnel metric needs at least one step.', `${attr}__${many}`)
    series.forEach((step, index) => checkSource(step, `${attr}__${many}__${index}`))
  }
  return metric
}

/** An `EventsNode`, `ActionsNode` or `ExperimentDataWarehouseNode` with the fields its kind requires. */
function checkSource(source: unknown, attr: string): void {
  if (!isObject(source)) invalid('This field is required.', attr, 'required')
  const kind = choiceField(source, 'kind', EXPERIMENT_METRIC_SOURCE_KINDS, { required: true }, `${attr}__kind`)
  choiceField(source, 'math', EXPERIMENT_METRIC_MATH_TYPES, {}, `${attr}__math`)
  if (kind === 'ActionsNode') integerField(source, 'id', { required: true }, `${attr}__id`)
  if (kind === 'ExperimentDataWarehouseNode') {
    for (const key of ['table_name', 'timestamp_field', 'events_join_key', 'data_warehouse_join_key']) {
      stringField(source, key, { required: true, allowBlank: false }, `${attr}__${key}`)
    }
  }
}

/** An ordering list, when set, must name every metric's uuid (docs/service-behaviour.md §3.1). */
function checkOrderedUuids(metrics: unknown[] | null, ordered: string[] | null, attr: string): void {
  if (ordered === null) return
  const missing = (metrics ?? []).map((metric) => (isObject(metric) ? metric['uuid'] : undefined)).filter((uuid) => !ordered.includes(String(uuid)))
  if (missing.length > 0) invalid(`${attr} must contain every metric uuid; missing: ${missing.join(', ')}.`, attr)
}
