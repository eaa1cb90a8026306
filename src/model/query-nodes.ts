/**
 * Query building blocks shared by experiment metrics and endpoint queries (docs/service-behaviour.md
 * §P1.2a, §P1.4, §P3.2): property filters, event and action series, breakdowns, date ranges. The node
 * shapes are generated from PostHog's query schema (src/model/generated/query-shapes.ts): every member
 * the service's model has, `null` wherever it takes one.
 */
import * as z from 'zod/mini'
import { EXPERIMENT_METRIC_MATH_TYPES, PROPERTY_FILTER_TYPES, PROPERTY_OPERATORS } from './enums.js'
import type { ShapeOf } from './shape.js'
import type * as generated from './generated/query-shapes.js'

export {
  actionsNodeSchema,
  breakdownFilterSchema,
  breakdownSchema,
  dateRangeSchema,
  eventsNodeSchema,
  experimentDataWarehouseNodeSchema,
} from './generated/query-shapes.js'
export {
  groupTypeIndexSchema,
  propertyFilterSchema,
  type PropertyFilter,
  type PropertyFilterScalar,
} from './query-externals.js'

/** What a property filter applies to: `event`, `person`, `session`, `cohort`, `hogql`, … */
export type PropertyFilterType = (typeof PROPERTY_FILTER_TYPES)[number]
/** How a property filter compares: `exact`, `icontains`, `gt`, `is_set`, … */
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number]

/** `math` of a metric source: `total` (the default, count of events), `sum`, `avg`, `dau`, `hogql`, … */
export type ExperimentMetricMathType = (typeof EXPERIMENT_METRIC_MATH_TYPES)[number]

/** Fields every entity node (event, action, warehouse table) takes. */
export interface EntityNodeFields extends Omit<
  z.infer<typeof generated.eventsNodeSchema>,
  'kind' | 'event' | 'limit' | 'orderBy'
> {}

/**
 * A series of events, by event name (`event: null` means every event). `math` aggregates (`total`, the
 * default, counts events; `sum`, `avg`, `min`, `max` need `math_property`); `properties` filter the events.
 */
export interface EventsNode extends ShapeOf<typeof generated.eventsNodeSchema> {}

/** A series of the events matching a saved action (`id`). */
export interface ActionsNode extends ShapeOf<typeof generated.actionsNodeSchema> {}

/**
 * A data-warehouse table joined to events (`events_join_key` = `data_warehouse_join_key`), as an experiment metric
 * source.
 */
export interface ExperimentDataWarehouseNode extends ShapeOf<typeof generated.experimentDataWarehouseNodeSchema> {}

/** One breakdown of a `BreakdownFilter`'s `breakdowns` list. */
export interface Breakdown extends ShapeOf<typeof generated.breakdownSchema> {}

/** How results are split (docs/service-behaviour.md §P1.2a). */
export interface BreakdownFilter extends ShapeOf<typeof generated.breakdownFilterSchema> {}

/**
 * A date range. Each bound is a `Date` (sent as ISO 8601 UTC), an ISO date-time or a relative value
 * such as `-7d`, `-2w`, `-1m`, `-1h`, `-1mStart`, `-1yStart`; `null` means open. Responses hold strings.
 */
export interface DateRange extends ShapeOf<typeof generated.dateRangeSchema> {}
