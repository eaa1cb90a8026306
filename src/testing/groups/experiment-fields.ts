/**
 * The writable fields of an experiment (docs/service-behaviour.md §3, §P1): checked the way the serializer
 * does and copied onto the draft — dates in order, the holdout and saved metrics linked, each metric checked
 * and given its `uuid` and `fingerprint`, ordering lists naming every metric.
 */
import { field, type FieldRead, type Write } from '../group-kit.js'
import { invalid } from '../responses.js'
import {
  arrayField,
  booleanField,
  choiceField,
  dateTimeField,
  integerField,
  isObject,
  objectField,
  stringField,
} from '../validators.js'
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

/** A nullable list of strings: `undefined` when absent. */
function uuidList(body: Record<string, unknown>, key: string): string[] | null | undefined {
  const uuids = arrayField(body, key, { nullable: true })
  return uuids === undefined || uuids === null ? uuids : uuids.map(String)
}

/** The metrics of `key` checked, each given its `uuid` and `fingerprint`. */
function readMetrics(
  body: Record<string, unknown>,
  key: string,
  { store }: Write<FakeExperiment>,
): unknown[] | undefined {
  const metrics = arrayField(body, key, { nullable: true })
  return metrics === undefined
    ? undefined
    : (metrics ?? []).map((metric, index) => withFingerprint(store, checkMetric(metric, `${key}__${index}`)))
}

/** The writable fields of an experiment, in the serializer's order (create and PATCH). */
export const EXPERIMENT_WRITABLE: Readonly<Record<string, FieldRead<FakeExperiment>>> = {
  name: field.text({ required: 'on create', maxLength: 400, allowBlank: false }),
  // Set on create only; the flag is made from `parameters` and `start_date`, so they are checked before the other
  // fields.
  feature_flag_key: (body, key, { previous }) => {
    // Fixed once created ([`XP6`]): the same key is a no-op, another is refused by the update validation.
    if (previous) {
      const sent = body[key]
      if (sent !== undefined && sent !== previous.feature_flag_key) {
        invalid("Can't update keys: get_feature_flag_key on Experiment")
      }
      return undefined
    }
    const flagKey = stringField(body, key, { required: true, allowBlank: false })
    objectField(body, 'parameters', { nullable: true })
    dateTimeField(body, 'start_date', { nullable: true })
    return flagKey
  },
  description: field.text({ nullable: true, maxLength: 400 }),
  start_date: field.dateTime({ nullable: true }),
  end_date: (body, key, { draft }) => {
    const end = dateTimeField(body, key, { nullable: true })
    const last = end === undefined ? draft.end_date : end
    if (draft.start_date && last && Date.parse(last) <= Date.parse(draft.start_date))
      invalid('End date must be after start date')
    return end
  },
  holdout_id: (body, key, { store, draft }) => {
    const holdoutId = integerField(body, key, { nullable: true })
    if (holdoutId !== undefined) draft.holdout = holdoutId === null ? null : holdoutById(store, holdoutId)
    return holdoutId
  },
  parameters: field.object({ nullable: true }),
  secondary_metrics: field.list({ nullable: true }),
  saved_metrics_ids: (body, key, { store, draft }) => {
    const items = arrayField(body, key, { nullable: true })
    if (items !== undefined) linkSavedMetrics(store, draft, items ?? [])
    return undefined
  },
  filters: field.object(),
  archived: field.boolean(),
  deleted: (body, key) => {
    const deleted = booleanField(body, key, { nullable: true })
    return deleted === undefined ? undefined : deleted === true
  },
  type: field.choice(TYPES, { nullable: true }),
  exposure_criteria: (body, key) => {
    const criteria = objectField(body, key, { nullable: true })
    if (criteria)
      choiceField(
        criteria,
        'multiple_variant_handling',
        MULTIPLE_VARIANT_HANDLINGS,
        {},
        'exposure_criteria__multiple_variant_handling',
      )
    return criteria
  },
  metrics: readMetrics,
  metrics_secondary: readMetrics,
  stats_config: (body, key) => {
    const config = objectField(body, key, { nullable: true })
    if (config) choiceField(config, 'method', EXPERIMENT_STATS_METHODS, {}, 'stats_config__method')
    return config === undefined || config === null ? config : { method: 'bayesian', ...config }
  },
  scheduling_config: (body, key) => body[key],
  conclusion: field.choice(CONCLUSIONS, { nullable: true }),
  conclusion_comment: field.text({ nullable: true, maxLength: 4000 }),
  primary_metrics_ordered_uuids: uuidList,
  // Both ordering lists, as they now stand, must name every metric.
  secondary_metrics_ordered_uuids: (body, key, { draft }) => {
    const uuids = uuidList(body, key)
    checkOrderedUuids(draft.metrics, draft.primary_metrics_ordered_uuids, 'primary_metrics_ordered_uuids')
    checkOrderedUuids(draft.metrics_secondary, uuids === undefined ? draft.secondary_metrics_ordered_uuids : uuids, key)
    return uuids
  },
  exposure_preaggregation_enabled: field.boolean(),
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
  const type = choiceField(
    metric,
    'metric_type',
    EXPERIMENT_METRIC_TYPES,
    { required: true },
    `${attr}__metric_type`,
  ) as (typeof EXPERIMENT_METRIC_TYPES)[number]
  choiceField(metric, 'goal', EXPERIMENT_METRIC_GOALS, {}, `${attr}__goal`)
  choiceField(metric, 'conversion_window_unit', CONVERSION_WINDOW_UNITS, {}, `${attr}__conversion_window_unit`)
  checkBreakdownFilter(metric['breakdownFilter'], `${attr}__breakdownFilter`)
  const { one, many } = METRIC_SOURCES[type]
  for (const key of one) checkSource(metric[key], `${attr}__${key}`)
  if (many) {
    const series = metric[many]
    if (!Array.isArray(series) || series.length === 0)
      invalid('A funnel metric needs at least one step.', `${attr}__${many}`)
    series.forEach((step, index) => checkSource(step, `${attr}__${many}__${index}`))
  }
  return metric
}

/** A metric's `breakdownFilter` ([`P3`]): an object whose `breakdowns` are at most 3, each naming its `property`. */
function checkBreakdownFilter(filter: unknown, attr: string): void {
  if (filter === undefined || filter === null) return
  if (!isObject(filter)) invalid('Input should be a valid dictionary.', attr)
  const breakdowns = filter['breakdowns'] ?? []
  if (!Array.isArray(breakdowns)) invalid('Input should be a valid list.', `${attr}__breakdowns`)
  if (breakdowns.length > 3) invalid('List should have at most 3 items after validation.', `${attr}__breakdowns`)
  breakdowns.forEach((item, index) => {
    const property = isObject(item) ? item['property'] : undefined
    if (typeof property !== 'string' && typeof property !== 'number') {
      invalid('Field required', `${attr}__breakdowns__${index}__property`, 'required')
    }
  })
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
  const missing = (metrics ?? [])
    .map((metric) => (isObject(metric) ? metric['uuid'] : undefined))
    .filter((uuid) => !ordered.includes(String(uuid)))
  if (missing.length > 0) invalid(`${attr} must contain every metric uuid; missing: ${missing.join(', ')}.`, attr)
}
