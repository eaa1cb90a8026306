/**
 * The queries an endpoint runs and the legacy experiment metrics embed (docs/service-behaviour.md
 * §P3.2, §P3.3): a HogQL query or an insight query, discriminated by `kind`.
 */
import * as z from 'zod/mini'
import { QUERY_INTERVALS } from './enums.js'
import { jsonRecord, nullableOptional, type ShapeOutput } from './shape.js'
import {
  hogQLFiltersSchema,
  type hogQLFiltersShape,
  hogQLQueryModifiersSchema,
  type hogQLQueryModifiersShape,
  hogQLQuerySchema,
  type hogQLQueryShape,
  hogQLVariableSchema,
  type hogQLVariableShape,
  pathsQuerySchema,
  type pathsQueryShape,
} from './generated/query-shapes.js'
import { queryTagsSchema } from './query-externals.js'
import {
  actionsNodeSchema,
  breakdownFilterSchema,
  dateRangeSchema,
  eventsNodeSchema,
  propertyFilterSchema,
} from './query-nodes.js'
import type { ActionsNode, EventsNode } from './query-nodes.js'

export type {
  HogQLFiltersSchema,
  HogQLQueryModifiersSchema,
  HogQLQuerySchema,
  HogQLVariableSchema,
  PathsQuerySchema,
} from './generated/query-shapes.js'
export { hogQLFiltersSchema, hogQLQueryModifiersSchema, hogQLQuerySchema, hogQLVariableSchema, pathsQuerySchema }
export { queryTagsSchema, type QueryTags, type QueryTagsSchema } from './query-externals.js'

/** A HogQL variable bound to a `{variables.<code_name>}` placeholder (an insight variable of the project). */
export interface HogQLVariable extends ShapeOutput<typeof hogQLVariableShape> {}

/** Filters a HogQL query applies where it says `{filters}`. */
export interface HogQLFilters extends ShapeOutput<typeof hogQLFiltersShape> {}

/** Settings of how the service runs a query (the project's defaults when absent). */
export interface HogQLQueryModifiers extends ShapeOutput<typeof hogQLQueryModifiersShape> {}

/**
 * A HogQL (SQL) query. Placeholders: `{variables.<code_name>}` (each needs an entry in `variables`, keyed
 * by its `variableId`, whose `code_name` matches) and `{filters}`. The service sends every member it does
 * not hold as `null` (`explain`, `filters`, `modifiers`, `name`, `response`, `tags`, `values`, …).
 */
export interface HogQLQuery extends ShapeOutput<typeof hogQLQueryShape> {}

// Members of every query node: how it runs, its last answer, query-log tags and its schema version.
const queryNodeFieldsShape = {
  /** How the service runs it. */
  modifiers: nullableOptional(hogQLQueryModifiersSchema),
  /** The last answer the interface kept with the query. */
  response: nullableOptional(jsonRecord),
  /** Query-log tags. */
  tags: nullableOptional(queryTagsSchema),
  /** Schema-migration version. */
  version: nullableOptional(z.number()),
}

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
  math: nullableOptional(z.string()),
  /** The aggregated column. */
  math_property: nullableOptional(z.string()),
  /** Filters on the rows. */
  properties: nullableOptional(z.array(propertyFilterSchema)),
}
export interface DataWarehouseNodeSchema extends z.ZodMiniObject<typeof dataWarehouseNodeShape, z.core.$strict> {}
export const dataWarehouseNodeSchema: DataWarehouseNodeSchema = z.strictObject(dataWarehouseNodeShape)
/** A data-warehouse table as an insight series. */
export interface DataWarehouseNode extends ShapeOutput<typeof dataWarehouseNodeShape> {}

export const insightSeriesNodeSchema = z.discriminatedUnion('kind', [
  eventsNodeSchema,
  actionsNodeSchema,
  dataWarehouseNodeSchema,
])
/** A series item of an insight: events, an action, or a warehouse table. */
export type InsightSeriesNode = EventsNode | ActionsNode | DataWarehouseNode

// Stickiness queries take every field but `aggregation_group_type_index`.
const stickinessQueryFieldsShape = {
  /** The date range (default: the last 7 days). */
  dateRange: nullableOptional(dateRangeSchema),
  /** Leave the project's test accounts out (default `false`). */
  filterTestAccounts: nullableOptional(z.boolean()),
  /** Filters on every series. */
  properties: nullableOptional(z.array(propertyFilterSchema)),
  /** Sample this fraction of the data (e.g. `0.1`). */
  samplingFactor: nullableOptional(z.number()),
  /** Colours of the insight's chart (a theme id). */
  dataColorTheme: nullableOptional(z.number()),
  ...queryNodeFieldsShape,
}
const insightQueryFieldsShape = {
  ...stickinessQueryFieldsShape,
  /** Group analytics: aggregate by this group type. */
  aggregation_group_type_index: nullableOptional(z.number()),
}
export interface InsightQueryFieldsSchema extends z.ZodMiniObject<typeof insightQueryFieldsShape, z.core.$strict> {}
export const insightQueryFieldsSchema: InsightQueryFieldsSchema =
  /* @__PURE__ */ z.strictObject(insightQueryFieldsShape)
/** Fields every insight query takes. */
export interface InsightQueryFields extends ShapeOutput<typeof insightQueryFieldsShape> {}

/** Time bucket of a trends, lifecycle or stickiness query (default `day`). */
export type QueryInterval = (typeof QUERY_INTERVALS)[number]

const compareFilterShape = {
  /** Compare with the previous period. */
  compare: nullableOptional(z.boolean()),
  /** A relative offset to compare with, e.g. `-1y`. */
  compare_to: nullableOptional(z.string()),
}
export interface CompareFilterSchema extends z.ZodMiniObject<typeof compareFilterShape, z.core.$strict> {}
export const compareFilterSchema: CompareFilterSchema = z.strictObject(compareFilterShape)
/** Compare with the previous period. */
export interface CompareFilter extends ShapeOutput<typeof compareFilterShape> {}

/** A conversion goal of web analytics and trends: an action or a custom event. */
const conversionGoalSchema = z.union([
  z.strictObject({
    /** The action's id. */
    actionId: z.number(),
  }),
  z.strictObject({
    /** The event name. */
    customEventName: z.string(),
  }),
])

const trendsQueryShape = {
  /** Compare against a conversion goal (an action or a custom event). */
  conversionGoal: nullableOptional(conversionGoalSchema),
  /** Discriminator. */
  kind: z.literal('TrendsQuery'),
  /** The series. */
  series: z.array(insightSeriesNodeSchema),
  /** Time bucket (default `day`). */
  interval: nullableOptional(z.enum(QUERY_INTERVALS)),
  /** Display and formula settings (e.g. `{ display: 'ActionsLineGraph', formula: 'A/B' }`). */
  trendsFilter: nullableOptional(jsonRecord),
  /** Split the series by a property. */
  breakdownFilter: nullableOptional(breakdownFilterSchema),
  /** Compare with the previous period. */
  compareFilter: nullableOptional(compareFilterSchema),
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
  funnelsFilter: nullableOptional(jsonRecord),
  /** Split by a property. */
  breakdownFilter: nullableOptional(breakdownFilterSchema),
  /** Time bucket for the `trends` visualisation. */
  interval: nullableOptional(z.enum(QUERY_INTERVALS)),
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
  breakdownFilter: nullableOptional(breakdownFilterSchema),
  ...insightQueryFieldsShape,
}
export interface RetentionQuerySchema extends z.ZodMiniObject<typeof retentionQueryShape, z.core.$strict> {}
export const retentionQuerySchema: RetentionQuerySchema = z.strictObject(retentionQueryShape)
/** Users coming back after a first event. */
export interface RetentionQuery extends ShapeOutput<typeof retentionQueryShape> {}

/** User paths between events (`pathsFilter` holds the settings; all optional). */
export interface PathsQuery extends ShapeOutput<typeof pathsQueryShape> {}

const stickinessQueryShape = {
  /** Discriminator. */
  kind: z.literal('StickinessQuery'),
  /** The series. */
  series: z.array(insightSeriesNodeSchema),
  /** Time bucket. */
  interval: nullableOptional(z.enum(QUERY_INTERVALS)),
  /** Stickiness settings. */
  stickinessFilter: nullableOptional(jsonRecord),
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
  interval: nullableOptional(z.enum(QUERY_INTERVALS)),
  /** Lifecycle settings. */
  lifecycleFilter: nullableOptional(jsonRecord),
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
  dateRange: nullableOptional(dateRangeSchema),
  /** Leave test accounts out. */
  filterTestAccounts: nullableOptional(z.boolean()),
  /** Sample this fraction of the data. */
  samplingFactor: nullableOptional(z.number()),
  /** Apply the project's path-cleaning rules. */
  doPathCleaning: nullableOptional(z.boolean()),
  /** A conversion goal: an action or a custom event. */
  conversionGoal: nullableOptional(conversionGoalSchema),
  /** Compare with the previous period. */
  compareFilter: nullableOptional(compareFilterSchema),
  /** Use the precomputed tables. */
  useWebAnalyticsPrecompute: nullableOptional(z.boolean()),
  ...queryNodeFieldsShape,
}
export interface WebAnalyticsQueryFieldsSchema extends z.ZodMiniObject<
  typeof webAnalyticsQueryFieldsShape,
  z.core.$strict
> {}
export const webAnalyticsQueryFieldsSchema: WebAnalyticsQueryFieldsSchema =
  /* @__PURE__ */ z.strictObject(webAnalyticsQueryFieldsShape)
/** Fields of the web analytics queries. */
export interface WebAnalyticsQueryFields extends ShapeOutput<typeof webAnalyticsQueryFieldsShape> {}

const webStatsTableQueryShape = {
  /** Discriminator. */
  kind: z.literal('WebStatsTableQuery'),
  /** The dimension: `Page`, `InitialPage`, `Browser`, `Country`, … */
  breakdownBy: z.string(),
  /** Order: `[field, 'ASC' | 'DESC']`. */
  orderBy: nullableOptional(z.tuple([z.string(), z.literal(['ASC', 'DESC'])])),
  /** Rows per page. */
  limit: nullableOptional(z.number()),
  /** Rows to skip. */
  offset: nullableOptional(z.number()),
  /** Add the scroll-depth columns. */
  includeScrollDepth: nullableOptional(z.boolean()),
  /** Add the bounce-rate column. */
  includeBounceRate: nullableOptional(z.boolean()),
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
export type InsightQuery =
  | TrendsQuery
  | FunnelsQuery
  | RetentionQuery
  | PathsQuery
  | StickinessQuery
  | LifecycleQuery
  | WebStatsTableQuery
  | WebOverviewQuery

export const endpointQuerySchema = z.discriminatedUnion('kind', [hogQLQuerySchema, insightQuerySchema])
/** The query an endpoint runs, discriminated by `kind`: HogQL or an insight query (docs/service-behaviour.md §P3.2). */
export type EndpointQuery = HogQLQuery | InsightQuery

/*
 * An insight's `query` (docs/service-behaviour.md §14.2 [`I5`]): the root nodes the service's insight schema
 * documents. `kind` and `source` are checked in full; the interface's display settings of a root node (which
 * panels it shows, chart and table settings) are kept as the service stores them.
 */
const insightVizNodeShape = {
  /** Discriminator. */
  kind: z.literal('InsightVizNode'),
  /** The insight query. */
  source: z.discriminatedUnion('kind', [
    trendsQuerySchema,
    funnelsQuerySchema,
    retentionQuerySchema,
    pathsQuerySchema,
    stickinessQuerySchema,
    lifecycleQuerySchema,
  ]),
}
export interface InsightVizNodeSchema extends z.ZodMiniObject<typeof insightVizNodeShape, z.core.$loose> {}
export const insightVizNodeSchema: InsightVizNodeSchema = z.looseObject(insightVizNodeShape)
/** A product-analytics insight: a trends, funnels, retention, paths, stickiness or lifecycle query. */
export interface InsightVizNode extends ShapeOutput<typeof insightVizNodeShape> {
  /** Display settings of the interface (`showHeader`, `showTable`, `vizSpecificOptions`, …), kept as stored. */
  [setting: string]: unknown
}

const dataTableNodeShape = {
  /** Discriminator. */
  kind: z.literal('DataTableNode'),
  /** The query whose rows the table shows (`EventsQuery`, `HogQLQuery`, `ActorsQuery`, …). */
  source: z.looseObject({ kind: z.string() }),
}
export interface DataTableNodeSchema extends z.ZodMiniObject<typeof dataTableNodeShape, z.core.$loose> {}
export const dataTableNodeSchema: DataTableNodeSchema = z.looseObject(dataTableNodeShape)
/** A table of a query's rows. */
export interface DataTableNode {
  /** Discriminator. */
  kind: 'DataTableNode'
  /** The query whose rows the table shows (`EventsQuery`, `HogQLQuery`, `ActorsQuery`, …). */
  source: { kind: string; [member: string]: unknown }
  /** Columns and display settings of the interface, kept as stored. */
  [setting: string]: unknown
}

const dataVisualizationNodeShape = {
  /** Discriminator. */
  kind: z.literal('DataVisualizationNode'),
  /** The SQL insight's query. */
  source: hogQLQuerySchema,
}
export interface DataVisualizationNodeSchema extends z.ZodMiniObject<
  typeof dataVisualizationNodeShape,
  z.core.$loose
> {}
export const dataVisualizationNodeSchema: DataVisualizationNodeSchema = z.looseObject(dataVisualizationNodeShape)
/** An SQL insight: a HogQL query and how to chart it (`display`, `chartSettings`, `tableSettings`). */
export interface DataVisualizationNode extends ShapeOutput<typeof dataVisualizationNodeShape> {
  /** Chart and table settings of the interface, kept as stored. */
  [setting: string]: unknown
}

const hogQueryShape = {
  /** Discriminator. */
  kind: z.literal('HogQuery'),
  /** The Hog program. */
  code: nullableOptional(z.string()),
  ...queryNodeFieldsShape,
}
export interface HogQuerySchema extends z.ZodMiniObject<typeof hogQueryShape, z.core.$strict> {}
export const hogQuerySchema: HogQuerySchema = z.strictObject(hogQueryShape)
/** A Hog program whose value the insight shows. */
export interface HogQuery extends ShapeOutput<typeof hogQueryShape> {}

export const insightRootQuerySchema = z.discriminatedUnion('kind', [
  insightVizNodeSchema,
  dataTableNodeSchema,
  dataVisualizationNodeSchema,
  hogQuerySchema,
])
/** An insight's `query`, discriminated by `kind` (docs/service-behaviour.md §14.2 [`I5`]). */
export type InsightRootQuery = InsightVizNode | DataTableNode | DataVisualizationNode | HogQuery
