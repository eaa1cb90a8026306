/**
 * The queries an endpoint runs and the legacy experiment metrics embed (docs/service-behaviour.md
 * §P3.2, §P3.3): a HogQL query or an insight query, discriminated by `kind`. Types only.
 */
import type { QUERY_INTERVALS } from '../schemas/enums.js'
import type { ActionsNode, BreakdownFilter, DateRange, EventsNode, PropertyFilter } from './query-nodes.js'

/** A HogQL variable bound to a `{variables.<code_name>}` placeholder (an insight variable of the project). */
export interface HogQLVariable {
  /** The id (a UUID) of the project's insight variable. */
  variableId: string
  /** The name used in the query: `{variables.<code_name>}`. */
  code_name: string
  /** The value; the variable's default when absent. */
  value?: unknown
  /** Send SQL `NULL` instead of a value. */
  isNull?: boolean
}

/** Filters a HogQL query applies where it says `{filters}`. */
export interface HogQLFilters {
  /** Property filters. */
  properties?: PropertyFilter[]
  /** The date range. */
  dateRange?: DateRange
  /** Leave the project's test accounts out. */
  filterTestAccounts?: boolean
}

/** Tags recorded with a query in the query log. */
export interface QueryTags {
  /** The PostHog scene. */
  scene?: string
  /** The product. */
  productKey?: string
  /** A name of your choosing. */
  name?: string
}

/**
 * A HogQL (SQL) query. Placeholders: `{variables.<code_name>}` (each needs an entry in `variables`
 * whose `code_name` matches) and `{filters}`.
 */
export interface HogQLQuery {
  /** Discriminator. */
  kind: 'HogQLQuery'
  /** The SQL, e.g. `select event, count() from events where event = {variables.event_name} group by event`. */
  query: string
  /** Variables keyed by their `variableId` (a UUID). */
  variables?: Record<string, HogQLVariable>
  /** Constants for `{placeholder}`s. */
  values?: Record<string, unknown>
  /** Filters applied where the query says `{filters}`. */
  filters?: HogQLFilters
  /** Query-log tags. */
  tags?: QueryTags
  /** A label of your choosing. */
  name?: string
  /** Schema-migration version. */
  version?: number
}

/** A series item of an insight: events, an action, or a warehouse table. */
export type InsightSeriesNode = EventsNode | ActionsNode | DataWarehouseNode

/** A data-warehouse table as an insight series. */
export interface DataWarehouseNode {
  /** Discriminator. */
  kind: 'DataWarehouseNode'
  /** The table id. */
  id: string
  /** The table name. */
  table_name: string
  /** The timestamp column. */
  timestamp_field: string
  /** The column identifying a distinct user. */
  distinct_id_field: string
  /** The column identifying the row. */
  id_field: string
  /** Aggregation (default `total`). */
  math?: string
  /** The aggregated column. */
  math_property?: string
  /** Filters on the rows. */
  properties?: PropertyFilter[]
}

/** Fields every insight query takes. */
export interface InsightQueryFields {
  /** The date range (default: the last 7 days). */
  dateRange?: DateRange
  /** Leave the project's test accounts out (default `false`). */
  filterTestAccounts?: boolean
  /** Filters on every series. */
  properties?: PropertyFilter[]
  /** Group analytics: aggregate by this group type. */
  aggregation_group_type_index?: number | null
  /** Sample this fraction of the data (e.g. `0.1`). */
  samplingFactor?: number | null
  /** Query-log tags. */
  tags?: QueryTags
  /** Schema-migration version. */
  version?: number
}

/** Time bucket of a trends, lifecycle or stickiness query (default `day`). */
export type QueryInterval = (typeof QUERY_INTERVALS)[number]

/** Compare with the previous period. */
export interface CompareFilter {
  /** Compare with the previous period. */
  compare?: boolean
  /** A relative offset to compare with, e.g. `-1y`. */
  compare_to?: string
}

/** Counts of events over time. */
export interface TrendsQuery extends InsightQueryFields {
  /** Discriminator. */
  kind: 'TrendsQuery'
  /** The series. */
  series: InsightSeriesNode[]
  /** Time bucket (default `day`). */
  interval?: QueryInterval
  /** Display and formula settings (e.g. `{ display: 'ActionsLineGraph', formula: 'A/B' }`). */
  trendsFilter?: Record<string, unknown>
  /** Split the series by a property. */
  breakdownFilter?: BreakdownFilter
  /** Compare with the previous period. */
  compareFilter?: CompareFilter
}

/** Conversion through ordered steps. */
export interface FunnelsQuery extends InsightQueryFields {
  /** Discriminator. */
  kind: 'FunnelsQuery'
  /** The steps. */
  series: InsightSeriesNode[]
  /** Funnel settings (`funnelOrderType`, `funnelWindowInterval` (default 14), `funnelVizType`, …). */
  funnelsFilter?: Record<string, unknown>
  /** Split by a property. */
  breakdownFilter?: BreakdownFilter
  /** Time bucket for the `trends` visualisation. */
  interval?: QueryInterval
}

/** Users coming back after a first event. */
export interface RetentionQuery extends InsightQueryFields {
  /** Discriminator. */
  kind: 'RetentionQuery'
  /** Retention settings (`targetEntity`, `returningEntity`, `period`, `totalIntervals` (default 8), …). */
  retentionFilter: Record<string, unknown>
  /** Split by a property. */
  breakdownFilter?: BreakdownFilter
}

/** User paths between events. */
export interface PathsQuery extends InsightQueryFields {
  /** Discriminator. */
  kind: 'PathsQuery'
  /** Paths settings (all optional). */
  pathsFilter: Record<string, unknown>
}

/** How many intervals users repeat an event. */
export interface StickinessQuery extends Omit<InsightQueryFields, 'aggregation_group_type_index'> {
  /** Discriminator. */
  kind: 'StickinessQuery'
  /** The series. */
  series: InsightSeriesNode[]
  /** Time bucket. */
  interval?: QueryInterval
  /** Stickiness settings. */
  stickinessFilter?: Record<string, unknown>
}

/** New, returning, resurrecting and dormant users. */
export interface LifecycleQuery extends InsightQueryFields {
  /** Discriminator. */
  kind: 'LifecycleQuery'
  /** The series. */
  series: InsightSeriesNode[]
  /** Time bucket. */
  interval?: QueryInterval
  /** Lifecycle settings. */
  lifecycleFilter?: Record<string, unknown>
}

/** Fields of the web analytics queries. */
export interface WebAnalyticsQueryFields {
  /** Property filters (event, person, session or cohort). */
  properties: PropertyFilter[]
  /** The date range. */
  dateRange?: DateRange
  /** Leave test accounts out. */
  filterTestAccounts?: boolean
  /** Sample this fraction of the data. */
  samplingFactor?: number | null
  /** Apply the project's path-cleaning rules. */
  doPathCleaning?: boolean
  /** A conversion goal: an action or a custom event. */
  conversionGoal?: { actionId: number } | { customEventName: string } | null
  /** Compare with the previous period. */
  compareFilter?: CompareFilter
  /** Use the precomputed tables. */
  useWebAnalyticsPrecompute?: boolean
}

/** A web analytics table (top pages, sources, …). */
export interface WebStatsTableQuery extends WebAnalyticsQueryFields {
  /** Discriminator. */
  kind: 'WebStatsTableQuery'
  /** The dimension: `Page`, `InitialPage`, `Browser`, `Country`, … */
  breakdownBy: string
  /** Order: `[field, 'ASC' | 'DESC']`. */
  orderBy?: [string, 'ASC' | 'DESC']
  /** Rows per page. */
  limit?: number
  /** Rows to skip. */
  offset?: number
  /** Add the scroll-depth columns. */
  includeScrollDepth?: boolean
  /** Add the bounce-rate column. */
  includeBounceRate?: boolean
}

/** The web analytics overview numbers. */
export interface WebOverviewQuery extends WebAnalyticsQueryFields {
  /** Discriminator. */
  kind: 'WebOverviewQuery'
}

/** An insight query an endpoint can run. */
export type InsightQuery = TrendsQuery | FunnelsQuery | RetentionQuery | PathsQuery | StickinessQuery | LifecycleQuery | WebStatsTableQuery | WebOverviewQuery

/** The query an endpoint runs, discriminated by `kind`: HogQL or an insight query (docs/service-behaviour.md §P3.2). */
export type EndpointQuery = HogQLQuery | InsightQuery
