/**
 * Query building blocks shared by experiment metrics and endpoint queries (docs/service-behaviour.md
 * §P1.2a, §P1.4, §P3.2): property filters, event and action series, breakdowns, date ranges. Types only:
 * nothing here exists at run time.
 */
import type { DateTimeInput } from './common.js'
import type {
  EXPERIMENT_METRIC_MATH_TYPES,
  PROPERTY_FILTER_TYPES,
  PROPERTY_OPERATORS,
} from './enums.js'

/** What a property filter applies to: `event`, `person`, `session`, `cohort`, `hogql`, … */
export type PropertyFilterType = (typeof PROPERTY_FILTER_TYPES)[number]
/** How a property filter compares: `exact`, `icontains`, `gt`, `is_set`, … */
export type PropertyOperator = (typeof PROPERTY_OPERATORS)[number]
/** A scalar a property filter compares with. */
export type PropertyFilterScalar = string | number | boolean

/**
 * One property filter, e.g. `{ type: 'event', key: '$browser', operator: 'exact', value: ['Chrome'] }`.
 * For `type: 'hogql'` the `key` is a HogQL expression; for `type: 'cohort'` the `key` is `id` and the
 * `value` the cohort id.
 */
export interface PropertyFilter {
  /** What the property belongs to. */
  type: PropertyFilterType
  /** The property name (a HogQL expression for `hogql` filters). */
  key: string
  /** The value(s) to compare with; absent for `is_set` / `is_not_set`. */
  value?: PropertyFilterScalar | PropertyFilterScalar[] | null
  /** The comparison; the service's default is `exact`. */
  operator?: PropertyOperator
  /** Group filters: the group type (0…4). */
  group_type_index?: 0 | 1 | 2 | 3 | 4 | null
  /** A label shown in PostHog's interface. */
  label?: string
}

/** `math` of a metric source: `total` (the default, count of events), `sum`, `avg`, `dau`, `hogql`, … */
export type ExperimentMetricMathType = (typeof EXPERIMENT_METRIC_MATH_TYPES)[number]

/** Fields every entity node (event, action, warehouse table) takes. */
export interface EntityNodeFields {
  /** Display name. */
  name?: string
  /** A name replacing `name` in charts. */
  custom_name?: string
  /** How to aggregate: `total` (default) counts events; `sum`, `avg`, `min`, `max` need `math_property`. */
  math?: ExperimentMetricMathType
  /** The property `sum`/`avg`/`min`/`max` aggregate. */
  math_property?: string
  /** Type of `math_property` (e.g. `event_properties`). */
  math_property_type?: string
  /** HogQL expression for `math: 'hogql'` (without it the service falls back to a count). */
  math_hogql?: string
  /** Group type for `math: 'unique_group'` (0…4). */
  math_group_type_index?: 0 | 1 | 2 | 3 | 4
  /** Multiplies the aggregated value. */
  math_multiplier?: number
  /** Revenue currency: a property holding it, or a fixed ISO 4217 code. */
  math_property_revenue_currency?: { property?: string; static?: string }
  /** Filters on the events (or rows) counted. */
  properties?: PropertyFilter[]
  /** Filters always applied, not editable in the interface. */
  fixedProperties?: PropertyFilter[]
  /** Funnels: the step may be skipped. */
  optionalInFunnel?: boolean
}

/** A series of events, by event name (`event: null` means every event). */
export interface EventsNode extends EntityNodeFields {
  /** Discriminator. */
  kind: 'EventsNode'
  /** The event name, e.g. `$pageview`; `null` for all events. */
  event?: string | null
  /** At most this many events. */
  limit?: number
  /** HogQL order-by expressions. */
  orderBy?: string[]
}

/** A series of the events matching a saved action. */
export interface ActionsNode extends EntityNodeFields {
  /** Discriminator. */
  kind: 'ActionsNode'
  /** The action id. */
  id: number
}

/** A data-warehouse table joined to events, as an experiment metric source. */
export interface ExperimentDataWarehouseNode extends EntityNodeFields {
  /** Discriminator. */
  kind: 'ExperimentDataWarehouseNode'
  /** The warehouse table. */
  table_name: string
  /** The table's timestamp column. */
  timestamp_field: string
  /** The events column joined on (e.g. `distinct_id`). */
  events_join_key: string
  /** The table column joined on. */
  data_warehouse_join_key: string
}

/** One breakdown of a `BreakdownFilter`'s `breakdowns` list. */
export interface Breakdown {
  /** The property (or cohort id) to break down by. */
  property: string | number
  /** What the property belongs to (default `event`). */
  type?: 'person' | 'event' | 'event_metadata' | 'group' | 'session' | 'hogql' | 'cohort' | 'revenue_analytics' | 'data_warehouse' | 'data_warehouse_person_property' | null
  /** Strip query strings and trailing slashes from URLs. */
  normalize_url?: boolean
  /** Group breakdowns: the group type. */
  group_type_index?: number | null
  /** Numeric breakdowns: bucket into this many bins. */
  histogram_bin_count?: number
}

/** How results are split (docs/service-behaviour.md §P1.2a). */
export interface BreakdownFilter {
  /** What `breakdown` refers to (default `event`). */
  breakdown_type?: Breakdown['type']
  /** The property (or cohort ids) to break down by. */
  breakdown?: string | number | Array<string | number> | null
  /** Several breakdowns at once (at most 3). */
  breakdowns?: Breakdown[]
  /** At most this many breakdown values (the rest is "other"). */
  breakdown_limit?: number
  /** Strip query strings and trailing slashes from URL values. */
  breakdown_normalize_url?: boolean
  /** Apply the project's path-cleaning rules. */
  breakdown_path_cleaning?: boolean
  /** Group breakdowns: the group type. */
  breakdown_group_type_index?: number | null
  /** Numeric breakdowns: bucket into this many bins. */
  breakdown_histogram_bin_count?: number
  /** Hide the "other" aggregation. */
  breakdown_hide_other_aggregation?: boolean | null
}

/**
 * A date range. Each bound is a `Date` (sent as ISO 8601 UTC), an ISO date-time or a relative value
 * such as `-7d`, `-2w`, `-1m`, `-1h`, `-1mStart`, `-1yStart`; `null` means open. Responses hold strings.
 */
export interface DateRange {
  /** Start (inclusive). */
  date_from?: DateTimeInput | null
  /** End (inclusive); `null` is now. */
  date_to?: DateTimeInput | null
  /** Use the bounds as given, not rounded to the interval. */
  explicitDate?: boolean | null
}
