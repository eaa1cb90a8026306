/**
 * The queries an endpoint runs and the legacy experiment metrics embed (docs/service-behaviour.md
 * §P3.2, §P3.3): a HogQL query or an insight query, discriminated by `kind`.
 */
import * as z from 'zod/mini'
import { QUERY_INTERVALS } from '../schemas/enums.js'
import { anyJson, jsonRecord, nullableOptional, type ShapeOutput } from './common.js'
import { actionsNodeSchema, breakdownFilterSchema, dateRangeSchema, eventsNodeSchema, propertyFilterSchema } from './query-nodes.js'
import type { ActionsNode, EventsNode } from './query-nodes.js'

const hogQLVariableShape = {
  /** The id (a UUID) of the project's insight variable. */
  variableId: z.string(),
  /** The name used in the query: `{variables.<code_name>}`. */
  code_name: z.string(),
  /** The value; the variable's default when absent. */
  value: anyJson,
  /** Send SQL `NULL` instead of a value. */
  isNull: z.exactOptional(z.boolean()),
}
export interface HogQLVariableSchema extends z.ZodMiniObject<typeof hogQLVariableShape, z.core.$strict> {}
export const hogQLVariableSchema: HogQLVariableSchema = z.strictObject(hogQLVariableShape)
/** A HogQL variable bound to a `{variables.<code_name>}` placeholder (an insight variable of the project). */
export interface HogQLVariable extends ShapeOutput<typeof hogQLVariableShape> {}

const hogQLFiltersShape = {
  /** Property filters. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
  /** The date range. */
  dateRange: z.exactOptional(dateRangeSchema),
  /** Leave the project's test accounts out. */
  filterTestAccounts: z.exactOptional(z.boolean()),
}
export interface HogQLFiltersSchema extends z.ZodMiniObject<typeof hogQLFiltersShape, z.core.$strict> {}
export const hogQLFiltersSchema: HogQLFiltersSchema = z.strictObject(hogQLFiltersShape)
/** Filters a HogQL query applies where it says `{filters}`. */
export interface HogQLFilters extends ShapeOutput<typeof hogQLFiltersShape> {}

const queryTagsShape = {
  /** The PostHog scene. */
  scene: z.exactOptional(z.string()),
  /** The product. */
  productKey: z.exactOptional(z.string()),
  /** A name of your choosing. */
  name: z.exactOptional(z.string()),
}
export interface QueryTagsSchema extends z.ZodMiniObject<typeof queryTagsShape, z.core.$strict> {}
export const queryTagsSchema: QueryTagsSchema = z.strictObject(queryTagsShape)
/** Tags recorded with a query in the query log. */
export interface QueryTags extends ShapeOutput<typeof queryTagsShape> {}

const hogQLQueryShape = {
  /** Discriminator. */
  kind: z.literal('HogQLQuery'),
  /** The SQL, e.g. `select event, count() from events where event = {variables.event_name} group by event`. */
  query: z.string(),
  /** Variables keyed by their `variableId` (a UUID). */
  variables: z.exactOptional(z.record(z.string(), hogQLVariableSchema)),
  /** Constants for `{placeholder}`s. */
  values: z.exactOptional(jsonRecord),
  /** Filters applied where the query says `{filters}`. */
  filters: z.exactOptional(hogQLFiltersSchema),
  /** Query-log tags. */
  tags: z.exactOptional(queryTagsSchema),
  /** A label of your choosing. */
  name: z.exactOptional(z.string()),
  /** Schema-migration version. */
  version: z.exactOptional(z.number()),
}
export interface HogQLQuerySchema extends z.ZodMiniObject<typeof hogQLQueryShape, z.core.$strict> {}
export const hogQLQuerySchema: HogQLQuerySchema = z.strictObject(hogQLQueryShape)
/**
 * A HogQL (SQL) query. Placeholders: `{variables.<code_name>}` (each needs an entry in `variables`
 * whose `code_name` matches) and `{filters}`.
 */
export interface HogQLQuery extends ShapeOutput<typeof hogQLQueryShape> {}

const dataWarehouseNodeShape = {
  /** Discriminator. */
  kind: z.literal('DataWarehouseNode'),
  /** The table id. */
  id: z.string(),
  /** The table name. */
  table_name: z.string(),
  /** The timestamp column. */
  timestamp_field: z.string(),
  /** The column identifying a distinct user. */
  distinct_id_field: z.string(),
  /** The column identifying the row. */
  id_field: z.string(),
  /** Aggregation (default `total`). */
  math: z.exactOptional(z.string()),
  /** The aggregated column. */
  math_property: z.exactOptional(z.string()),
  /** Filters on the rows. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
}
export interface DataWarehouseNodeSchema extends z.ZodMiniObject<typeof dataWarehouseNodeShape, z.core.$strict> {}
export const dataWarehouseNodeSchema: DataWarehouseNodeSchema = z.strictObject(dataWarehouseNodeShape)
/** A data-warehouse table as an insight series. */
export interface DataWarehouseNode extends ShapeOutput<typeof dataWarehouseNodeShape> {}

export const insightSeriesNodeSchema = z.discriminatedUnion('kind', [eventsNodeSchema, actionsNodeSchema, dataWarehouseNodeSchema])
/** A series item of an insight: events, an action, or a warehouse table. */
export type InsightSeriesNode = EventsNode | ActionsNode | DataWarehouseNode

// Stickiness queries take every field but `aggregation_group_type_index`.
const stickinessQueryFieldsShape = {
  /** The date range (default: the last 7 days). */
  dateRange: z.exactOptional(dateRangeSchema),
  /** Leave the project's test accounts out (default `false`). */
  filterTestAccounts: z.exactOptional(z.boolean()),
  /** Filters on every series. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
  /** Sample this fraction of the data (e.g. `0.1`). */
  samplingFactor: nullableOptional(z.number()),
  /** Query-log tags. */
  tags: z.exactOptional(queryTagsSchema),
  /** Schema-migration version. */
  version: z.exactOptional(z.number()),
}
const insightQueryFieldsShape = {
  ...stickinessQueryFieldsShape,
  /** Group analytics: aggregate by this group type. */
  aggregation_group_type_index: nullableOptional(z.number()),
}
export interface InsightQueryFieldsSchema extends z.ZodMiniObject<typeof insightQueryFieldsShape, z.core.$strict> {}
export const insightQueryFieldsSchema: InsightQueryFieldsSchema = z.strictObject(insightQueryFieldsShape)
/** Fields every insight query takes. */
export interface InsightQueryFields extends ShapeOutput<typeof insightQueryFieldsShape> {}

/** Time bucket of a trends, lifecycle or stickiness query (default `day`). */
export type QueryInterval = (typeof QUERY_INTERVALS)[number]

const compareFilterShape = {
  /** Compare with the previous period. */
  compare: z.exactOptional(z.boolean()),
  /** A relative offset to compare with, e.g. `-1y`. */
  compare_to: z.exactOptional(z.string()),
}
export interface CompareFilterSchema extends z.ZodMiniObject<typeof compareFilterShape, z.core.$strict> {}
export const compareFilterSchema: CompareFilterSchema = z.strictObject(compareFilterShape)
/** Compare with the previous period. */
export interface CompareFilter extends ShapeOutput<typeof compareFilterShape> {}

const trendsQueryShape = {
  /** Discriminator. */
  kind: z.literal('TrendsQuery'),
  /** The series. */
  series: z.array(insightSeriesNodeSchema),
  /** Time bucket (default `day`). */
  interval: z.exactOptional(z.enum(QUERY_INTERVALS)),
  /** Display and formula settings (e.g. `{ display: 'ActionsLineGraph', formula: 'A/B' }`). */
  trendsFilter: z.exactOptional(jsonRecord),
  /** Split the series by a property. */
  breakdownFilter: z.exactOptional(breakdownFilterSchema),
  /** Compare with the previous period. */
  compareFilter: z.exactOptional(compareFilterSchema),
  ...insightQueryFieldsShape,
}
export interface TrendsQuerySchema extends z.ZodMiniObject<typeof trendsQueryShape, z.core.$strict> {}
export const trendsQuerySchema: TrendsQuerySchema = z.strictObject(trendsQueryShape)
/** Counts of events over time. */
export interface TrendsQuery extends ShapeOutput<typeof trendsQueryShape> {}

const funnelsQueryShape = {
  /** Discriminator. */
  kind: z.literal('FunnelsQuery'),
  /** The steps. */
  series: z.array(insightSeriesNodeSchema),
  /** Funnel settings (`funnelOrderType`, `funnelWindowInterval` (default 14), `funnelVizType`, …). */
  funnelsFilter: z.exactOptional(jsonRecord),
  /** Split by a property. */
  breakdownFilter: z.exactOptional(breakdownFilterSchema),
  /** Time bucket for the `trends` visualisation. */
  interval: z.exactOptional(z.enum(QUERY_INTERVALS)),
  ...insightQueryFieldsShape,
}
export interface FunnelsQuerySchema extends z.ZodMiniObject<typeof funnelsQueryShape, z.core.$strict> {}
export const funnelsQuerySchema: FunnelsQuerySchema = z.strictObject(funnelsQueryShape)
/** Conversion through ordered steps. */
export interface FunnelsQuery extends ShapeOutput<typeof funnelsQueryShape> {}

const retentionQueryShape = {
  /** Discriminator. */
  kind: z.literal('RetentionQuery'),
  /** Retention settings (`targetEntity`, `returningEntity`, `period`, `totalIntervals` (default 8), …). */
  retentionFilter: jsonRecord,
  /** Split by a property. */
  breakdownFilter: z.exactOptional(breakdownFilterSchema),
  ...insightQueryFieldsShape,
}
export interface RetentionQuerySchema extends z.ZodMiniObject<typeof retentionQueryShape, z.core.$strict> {}
export const retentionQuerySchema: RetentionQuerySchema = z.strictObject(retentionQueryShape)
/** Users coming back after a first event. */
export interface RetentionQuery extends ShapeOutput<typeof retentionQueryShape> {}

const pathsQueryShape = {
  /** Discriminator. */
  kind: z.literal('PathsQuery'),
  /** Paths settings (all optional). */
  pathsFilter: jsonRecord,
  ...insightQueryFieldsShape,
}
export interface PathsQuerySchema extends z.ZodMiniObject<typeof pathsQueryShape, z.core.$strict> {}
export const pathsQuerySchema: PathsQuerySchema = z.strictObject(pathsQueryShape)
/** User paths between events. */
export interface PathsQuery extends ShapeOutput<typeof pathsQueryShape> {}

const stickinessQueryShape = {
  /** Discriminator. */
  kind: z.literal('StickinessQuery'),
  /** The series. */
  series: z.array(insightSeriesNodeSchema),
  /** Time bucket. */
  interval: z.exactOptional(z.enum(QUERY_INTERVALS)),
  /** Stickiness settings. */
  stickinessFilter: z.exactOptional(jsonRecord),
  ...stickinessQueryFieldsShape,
}
export interface StickinessQuerySchema extends z.ZodMiniObject<typeof stickinessQueryShape, z.core.$strict> {}
export const stickinessQuerySchema: StickinessQuerySchema = z.strictObject(stickinessQueryShape)
/** How many intervals users repeat an event. */
export interface StickinessQuery extends ShapeOutput<typeof stickinessQueryShape> {}

const lifecycleQueryShape = {
  /** Discriminator. */
  kind: z.literal('LifecycleQuery'),
  /** The series. */
  series: z.array(insightSeriesNodeSchema),
  /** Time bucket. */
  interval: z.exactOptional(z.enum(QUERY_INTERVALS)),
  /** Lifecycle settings. */
  lifecycleFilter: z.exactOptional(jsonRecord),
  ...insightQueryFieldsShape,
}
export interface LifecycleQuerySchema extends z.ZodMiniObject<typeof lifecycleQueryShape, z.core.$strict> {}
export const lifecycleQuerySchema: LifecycleQuerySchema = z.strictObject(lifecycleQueryShape)
/** New, returning, resurrecting and dormant users. */
export interface LifecycleQuery extends ShapeOutput<typeof lifecycleQueryShape> {}

const webAnalyticsQueryFieldsShape = {
  /** Property filters (event, person, session or cohort). */
  properties: z.array(propertyFilterSchema),
  /** The date range. */
  dateRange: z.exactOptional(dateRangeSchema),
  /** Leave test accounts out. */
  filterTestAccounts: z.exactOptional(z.boolean()),
  /** Sample this fraction of the data. */
  samplingFactor: nullableOptional(z.number()),
  /** Apply the project's path-cleaning rules. */
  doPathCleaning: z.exactOptional(z.boolean()),
  /** A conversion goal: an action or a custom event. */
  conversionGoal: nullableOptional(
    z.union([
      z.strictObject({
        /** The action's id. */
        actionId: z.number(),
      }),
      z.strictObject({
        /** The event name. */
        customEventName: z.string(),
      }),
    ]),
  ),
  /** Compare with the previous period. */
  compareFilter: z.exactOptional(compareFilterSchema),
  /** Use the precomputed tables. */
  useWebAnalyticsPrecompute: z.exactOptional(z.boolean()),
}
export interface WebAnalyticsQueryFieldsSchema extends z.ZodMiniObject<typeof webAnalyticsQueryFieldsShape, z.core.$strict> {}
export const webAnalyticsQueryFieldsSchema: WebAnalyticsQueryFieldsSchema = z.strictObject(webAnalyticsQueryFieldsShape)
/** Fields of the web analytics queries. */
export interface WebAnalyticsQueryFields extends ShapeOutput<typeof webAnalyticsQueryFieldsShape> {}

const webStatsTableQueryShape = {
  /** Discriminator. */
  kind: z.literal('WebStatsTableQuery'),
  /** The dimension: `Page`, `InitialPage`, `Browser`, `Country`, … */
  breakdownBy: z.string(),
  /** Order: `[field, 'ASC' | 'DESC']`. */
  orderBy: z.exactOptional(z.tuple([z.string(), z.literal(['ASC', 'DESC'])])),
  /** Rows per page. */
  limit: z.exactOptional(z.number()),
  /** Rows to skip. */
  offset: z.exactOptional(z.number()),
  /** Add the scroll-depth columns. */
  includeScrollDepth: z.exactOptional(z.boolean()),
  /** Add the bounce-rate column. */
  includeBounceRate: z.exactOptional(z.boolean()),
  ...webAnalyticsQueryFieldsShape,
}
export interface WebStatsTableQuerySchema extends z.ZodMiniObject<typeof webStatsTableQueryShape, z.core.$strict> {}
export const webStatsTableQuerySchema: WebStatsTableQuerySchema = z.strictObject(webStatsTableQueryShape)
/** A web analytics table (top pages, sources, …). */
export interface WebStatsTableQuery extends ShapeOutput<typeof webStatsTableQueryShape> {}

const webOverviewQueryShape = {
  /** Discriminator. */
  kind: z.literal('WebOverviewQuery'),
  ...webAnalyticsQueryFieldsShape,
}
export interface WebOverviewQuerySchema extends z.ZodMiniObject<typeof webOverviewQueryShape, z.core.$strict> {}
export const webOverviewQuerySchema: WebOverviewQuerySchema = z.strictObject(webOverviewQueryShape)
/** The web analytics overview numbers. */
export interface WebOverviewQuery extends ShapeOutput<typeof webOverviewQueryShape> {}

export const insightQuerySchema = z.discriminatedUnion('kind', [
  trendsQuerySchema,
  funnelsQuerySchema,
  retentionQuerySchema,
  pathsQuerySchema,
  stickinessQuerySchema,
  lifecycleQuerySchema,
  webStatsTableQuerySchema,
  webOverviewQuerySchema,
])
/** An insight query an endpoint can run. */
export type InsightQuery = TrendsQuery | FunnelsQuery | RetentionQuery | PathsQuery | StickinessQuery | LifecycleQuery | WebStatsTableQuery | WebOverviewQuery

export const endpointQuerySchema = z.discriminatedUnion('kind', [hogQLQuerySchema, insightQuerySchema])
/** The query an endpoint runs, discriminated by `kind`: HogQL or an insight query (docs/service-behaviour.md §P3.2). */
export type EndpointQuery = HogQLQuery | InsightQuery
