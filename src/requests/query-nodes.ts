/**
 * Query building blocks shared by experiment metrics and endpoint queries (docs/service-behaviour.md
 * §P1.2a, §P1.4, §P3.2): property filters, event and action series, breakdowns, date ranges.
 */
import * as z from 'zod/mini'
import { EXPERIMENT_METRIC_MATH_TYPES, PROPERTY_FILTER_TYPES, PROPERTY_OPERATORS } from '../schemas/enums.js'
import { dateTimeInput, nullableOptional, type ShapeOutput } from './common.js'

/** What a property filter applies to: `event`, `person`, `session`, `cohort`, `hogql`, … */
export type PropertyFilterType = (typeof PROPERTY_FILTER_TYPES)[number]
/** How a property filter compares: `exact`, `icontains`, `gt`, `is_set`, … */
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number]

const propertyFilterScalarSchema = z.union([z.string(), z.number(), z.boolean()])
/** A scalar a property filter compares with. */
export type PropertyFilterScalar = z.infer<typeof propertyFilterScalarSchema>

/** A group type index (0…4). */
export const groupTypeIndexSchema = z.literal([0, 1, 2, 3, 4])

const propertyFilterShape = {
  /** What the property belongs to. */
  type: z.enum(PROPERTY_FILTER_TYPES),
  /** The property name (a HogQL expression for `hogql` filters). */
  key: z.string(),
  /** The value(s) to compare with; absent for `is_set` / `is_not_set`. */
  value: nullableOptional(z.union([propertyFilterScalarSchema, z.array(propertyFilterScalarSchema)])),
  /** The comparison; the service's default is `exact`. */
  operator: z.exactOptional(z.enum(PROPERTY_OPERATORS)),
  /** Group filters: the group type (0…4). */
  group_type_index: nullableOptional(groupTypeIndexSchema),
  /** A label shown in PostHog's interface. */
  label: z.exactOptional(z.string()),
}
export interface PropertyFilterSchema extends z.ZodMiniObject<typeof propertyFilterShape, z.core.$strict> {}
export const propertyFilterSchema: PropertyFilterSchema = z.strictObject(propertyFilterShape)
/**
 * One property filter, e.g. `{ type: 'event', key: '$browser', operator: 'exact', value: ['Chrome'] }`.
 * For `type: 'hogql'` the `key` is a HogQL expression; for `type: 'cohort'` the `key` is `id` and the
 * `value` the cohort id.
 */
export interface PropertyFilter extends ShapeOutput<typeof propertyFilterShape> {}

/** `math` of a metric source: `total` (the default, count of events), `sum`, `avg`, `dau`, `hogql`, … */
export type ExperimentMetricMathType = (typeof EXPERIMENT_METRIC_MATH_TYPES)[number]

const entityNodeShape = {
  /** Display name. */
  name: z.exactOptional(z.string()),
  /** A name replacing `name` in charts. */
  custom_name: z.exactOptional(z.string()),
  /** How to aggregate: `total` (default) counts events; `sum`, `avg`, `min`, `max` need `math_property`. */
  math: z.exactOptional(z.enum(EXPERIMENT_METRIC_MATH_TYPES)),
  /** The property `sum`/`avg`/`min`/`max` aggregate. */
  math_property: z.exactOptional(z.string()),
  /** Type of `math_property` (e.g. `event_properties`). */
  math_property_type: z.exactOptional(z.string()),
  /** HogQL expression for `math: 'hogql'` (without it the service falls back to a count). */
  math_hogql: z.exactOptional(z.string()),
  /** Group type for `math: 'unique_group'` (0…4). */
  math_group_type_index: z.exactOptional(groupTypeIndexSchema),
  /** Multiplies the aggregated value. */
  math_multiplier: z.exactOptional(z.number()),
  /** Revenue currency: a property holding it, or a fixed ISO 4217 code. */
  math_property_revenue_currency: z.exactOptional(
    z.strictObject({
      /** The property holding the currency. */
      property: z.exactOptional(z.string()),
      /** A fixed ISO 4217 code. */
      static: z.exactOptional(z.string()),
    }),
  ),
  /** Filters on the events (or rows) counted. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
  /** Filters always applied, not editable in the interface. */
  fixedProperties: z.exactOptional(z.array(propertyFilterSchema)),
  /** Funnels: the step may be skipped. */
  optionalInFunnel: z.exactOptional(z.boolean()),
}
export const entityNodeFieldsSchema = z.strictObject(entityNodeShape)
/** Fields every entity node (event, action, warehouse table) takes. */
export interface EntityNodeFields extends z.infer<typeof entityNodeFieldsSchema> {}

const eventsNodeShape = {
  /** Discriminator. */
  kind: z.literal('EventsNode'),
  /** The event name, e.g. `$pageview`; `null` for all events. */
  event: nullableOptional(z.string()),
  /** At most this many events. */
  limit: z.exactOptional(z.number()),
  /** HogQL order-by expressions. */
  orderBy: z.exactOptional(z.array(z.string())),
  ...entityNodeShape,
}
export interface EventsNodeSchema extends z.ZodMiniObject<typeof eventsNodeShape, z.core.$strict> {}
export const eventsNodeSchema: EventsNodeSchema = z.strictObject(eventsNodeShape)
/** A series of events, by event name (`event: null` means every event). */
export interface EventsNode extends ShapeOutput<typeof eventsNodeShape> {}

const actionsNodeShape = {
  /** Discriminator. */
  kind: z.literal('ActionsNode'),
  /** The action id. */
  id: z.number(),
  ...entityNodeShape,
}
export interface ActionsNodeSchema extends z.ZodMiniObject<typeof actionsNodeShape, z.core.$strict> {}
export const actionsNodeSchema: ActionsNodeSchema = z.strictObject(actionsNodeShape)
/** A series of the events matching a saved action. */
export interface ActionsNode extends ShapeOutput<typeof actionsNodeShape> {}

const experimentDataWarehouseNodeShape = {
  /** Discriminator. */
  kind: z.literal('ExperimentDataWarehouseNode'),
  /** The warehouse table. */
  table_name: z.string(),
  /** The table's timestamp column. */
  timestamp_field: z.string(),
  /** The events column joined on (e.g. `distinct_id`). */
  events_join_key: z.string(),
  /** The table column joined on. */
  data_warehouse_join_key: z.string(),
  ...entityNodeShape,
}
export interface ExperimentDataWarehouseNodeSchema extends z.ZodMiniObject<typeof experimentDataWarehouseNodeShape, z.core.$strict> {}
export const experimentDataWarehouseNodeSchema: ExperimentDataWarehouseNodeSchema = z.strictObject(experimentDataWarehouseNodeShape)
/** A data-warehouse table joined to events, as an experiment metric source. */
export interface ExperimentDataWarehouseNode extends ShapeOutput<typeof experimentDataWarehouseNodeShape> {}

const breakdownTypeSchema = z.enum(['person', 'event', 'event_metadata', 'group', 'session', 'hogql', 'cohort', 'revenue_analytics', 'data_warehouse', 'data_warehouse_person_property'])

const breakdownShape = {
  /** The property (or cohort id) to break down by. */
  property: z.union([z.string(), z.number()]),
  /** What the property belongs to (default `event`). */
  type: nullableOptional(breakdownTypeSchema),
  /** Strip query strings and trailing slashes from URLs. */
  normalize_url: z.exactOptional(z.boolean()),
  /** Group breakdowns: the group type. */
  group_type_index: nullableOptional(z.number()),
  /** Numeric breakdowns: bucket into this many bins. */
  histogram_bin_count: z.exactOptional(z.number()),
}
export interface BreakdownSchema extends z.ZodMiniObject<typeof breakdownShape, z.core.$strict> {}
export const breakdownSchema: BreakdownSchema = z.strictObject(breakdownShape)
/** One breakdown of a `BreakdownFilter`'s `breakdowns` list. */
export interface Breakdown extends ShapeOutput<typeof breakdownShape> {}

const breakdownFilterShape = {
  /** What `breakdown` refers to (default `event`). */
  breakdown_type: nullableOptional(breakdownTypeSchema),
  /** The property (or cohort ids) to break down by. */
  breakdown: nullableOptional(z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])),
  /** Several breakdowns at once (at most 3). */
  breakdowns: z.exactOptional(z.array(breakdownSchema)),
  /** At most this many breakdown values (the rest is "other"). */
  breakdown_limit: z.exactOptional(z.number()),
  /** Strip query strings and trailing slashes from URL values. */
  breakdown_normalize_url: z.exactOptional(z.boolean()),
  /** Apply the project's path-cleaning rules. */
  breakdown_path_cleaning: z.exactOptional(z.boolean()),
  /** Group breakdowns: the group type. */
  breakdown_group_type_index: nullableOptional(z.number()),
  /** Numeric breakdowns: bucket into this many bins. */
  breakdown_histogram_bin_count: z.exactOptional(z.number()),
  /** Hide the "other" aggregation. */
  breakdown_hide_other_aggregation: nullableOptional(z.boolean()),
}
export interface BreakdownFilterSchema extends z.ZodMiniObject<typeof breakdownFilterShape, z.core.$strict> {}
export const breakdownFilterSchema: BreakdownFilterSchema = z.strictObject(breakdownFilterShape)
/** How results are split (docs/service-behaviour.md §P1.2a). */
export interface BreakdownFilter extends ShapeOutput<typeof breakdownFilterShape> {}

const dateRangeShape = {
  /** Start (inclusive). */
  date_from: nullableOptional(dateTimeInput),
  /** End (inclusive); `null` is now. */
  date_to: nullableOptional(dateTimeInput),
  /** Use the bounds as given, not rounded to the interval. */
  explicitDate: nullableOptional(z.boolean()),
}
export interface DateRangeSchema extends z.ZodMiniObject<typeof dateRangeShape, z.core.$strict> {}
export const dateRangeSchema: DateRangeSchema = z.strictObject(dateRangeShape)
/**
 * A date range. Each bound is a `Date` (sent as ISO 8601 UTC), an ISO date-time or a relative value
 * such as `-7d`, `-2w`, `-1m`, `-1h`, `-1mStart`, `-1yStart`; `null` means open. Responses hold strings.
 */
export interface DateRange extends ShapeOutput<typeof dateRangeShape> {}
