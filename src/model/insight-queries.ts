/**
 * The queries an endpoint runs and the legacy experiment metrics embed (docs/service-behaviour.md
 * §P3.2, §P3.3): a HogQL query or an insight query, discriminated by `kind`.
 */
import * as z from 'zod/mini'
import { QUERY_INTERVALS } from './enums.js'
import { jsonRecord, looseObject, nullableOptional, type ShapeOf, strictObject, type TypedSchema } from './shape.js'
import {
  hogQLFiltersSchema,
  hogQLQueryModifiersSchema,
  hogQLQuerySchema,
  hogQLVariableSchema,
  pathsQuerySchema,
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

export { hogQLFiltersSchema, hogQLQueryModifiersSchema, hogQLQuerySchema, hogQLVariableSchema, pathsQuerySchema }
export { queryTagsSchema, type QueryTags } from './query-externals.js'

/** A HogQL variable bound to a `{variables.<code_name>}` placeholder (an insight variable of the project). */
export interface HogQLVariable extends ShapeOf<typeof hogQLVariableSchema> {}

/** Filters a HogQL query applies where it says `{filters}`. */
export interface HogQLFilters extends ShapeOf<typeof hogQLFiltersSchema> {}

/** Settings of how the service runs a query (the project's defaults when absent). */
export interface HogQLQueryModifiers extends ShapeOf<typeof hogQLQueryModifiersSchema> {}

/**
 * A HogQL (SQL) query. Placeholders: `{variables.<code_name>}` (each needs an entry in `variables`, keyed
 * by its `variableId`, whose `code_name` matches) and `{filters}`. The service sends every member it does
 * not hold as `null` (`explain`, `filters`, `modifiers`, `name`, `response`, `tags`, `values`, …).
 */
export interface HogQLQuery extends ShapeOf<typeof hogQLQuerySchema> {}

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

export const dataWarehouseNodeSchema = strictObject({
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
})
/** A data-warehouse table as an insight series. */
export interface DataWarehouseNode extends ShapeOf<typeof dataWarehouseNodeSchema> {}

export const insightSeriesNodeSchema: TypedSchema<InsightSeriesNode> = z.discriminatedUnion('kind', [
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
export const insightQueryFieldsSchema = /* @__PURE__ */ strictObject(insightQueryFieldsShape)
/** Fields every insight query takes. */
export interface InsightQueryFields extends ShapeOf<typeof insightQueryFieldsSchema> {}

/** Time bucket of a trends, lifecycle or stickiness query (default `day`). */
export type QueryInterval = (typeof QUERY_INTERVALS)[number]

// What a trends, stickiness or lifecycle query counts: a series in time buckets.
const seriesOverTimeShape = {
  /** The series. */
  series: z.array(insightSeriesNodeSchema),
  /** Time bucket (default `day`). */
  interval: nullableOptional(z.enum(QUERY_INTERVALS)),
}
type SeriesOverTime<Kind extends string> = {
  /** Discriminator. */
  kind: z.ZodMiniLiteral<Kind>
} & typeof seriesOverTimeShape
/** The first members of a stickiness or lifecycle query: its `kind`, then the series in time buckets. */
function seriesOverTime<const Kind extends string>(kind: Kind): SeriesOverTime<Kind> {
  return { kind: z.literal(kind), ...seriesOverTimeShape }
}

export const compareFilterSchema = strictObject({
  /** Compare with the previous period. */
  compare: nullableOptional(z.boolean()),
  /** A relative offset to compare with, e.g. `-1y`. */
  compare_to: nullableOptional(z.string()),
})
/** Compare with the previous period. */
export interface CompareFilter extends ShapeOf<typeof compareFilterSchema> {}

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

export const trendsQuerySchema = strictObject(
  {
    /** Compare against a conversion goal (an action or a custom event). */
    conversionGoal: nullableOptional(conversionGoalSchema),
    /** Discriminator. */
    kind: z.literal('TrendsQuery'),
  },
  seriesOverTimeShape,
  {
    /** Display and formula settings (e.g. `{ display: 'ActionsLineGraph', formula: 'A/B' }`). */
    trendsFilter: nullableOptional(jsonRecord),
    /** Split the series by a property. */
    breakdownFilter: nullableOptional(breakdownFilterSchema),
    /** Compare with the previous period. */
    compareFilter: nullableOptional(compareFilterSchema),
  },
  insightQueryFieldsShape,
)
/** Counts of events over time. */
export interface TrendsQuery extends ShapeOf<typeof trendsQuerySchema> {}

export const funnelsQuerySchema = strictObject(
  {
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
  },
  insightQueryFieldsShape,
)
/** Conversion through ordered steps. */
export interface FunnelsQuery extends ShapeOf<typeof funnelsQuerySchema> {}

export const retentionQuerySchema = strictObject(
  {
    /** Discriminator. */
    kind: z.literal('RetentionQuery'),
    /** Retention settings (`targetEntity`, `returningEntity`, `period`, `totalIntervals` (default 8), …). */
    retentionFilter: jsonRecord,
    /** Split by a property. */
    breakdownFilter: nullableOptional(breakdownFilterSchema),
  },
  insightQueryFieldsShape,
)
/** Users coming back after a first event. */
export interface RetentionQuery extends ShapeOf<typeof retentionQuerySchema> {}

/** User paths between events (`pathsFilter` holds the settings; all optional). */
export interface PathsQuery extends ShapeOf<typeof pathsQuerySchema> {}

export const stickinessQuerySchema = strictObject(
  seriesOverTime('StickinessQuery'),
  {
    /** Stickiness settings. */
    stickinessFilter: nullableOptional(jsonRecord),
  },
  stickinessQueryFieldsShape,
)
/** How many intervals users repeat an event. */
export interface StickinessQuery extends ShapeOf<typeof stickinessQuerySchema> {}

export const lifecycleQuerySchema = strictObject(
  seriesOverTime('LifecycleQuery'),
  {
    /** Lifecycle settings. */
    lifecycleFilter: nullableOptional(jsonRecord),
  },
  insightQueryFieldsShape,
)
/** New, returning, resurrecting and dormant users. */
export interface LifecycleQuery extends ShapeOf<typeof lifecycleQuerySchema> {}

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
export const webAnalyticsQueryFieldsSchema = /* @__PURE__ */ strictObject(webAnalyticsQueryFieldsShape)
/** Fields of the web analytics queries. */
export interface WebAnalyticsQueryFields extends ShapeOf<typeof webAnalyticsQueryFieldsSchema> {}

export const webStatsTableQuerySchema = strictObject(
  {
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
  },
  webAnalyticsQueryFieldsShape,
)
/** A web analytics table (top pages, sources, …). */
export interface WebStatsTableQuery extends ShapeOf<typeof webStatsTableQuerySchema> {}

export const webOverviewQuerySchema = strictObject(
  {
    /** Discriminator. */
    kind: z.literal('WebOverviewQuery'),
  },
  webAnalyticsQueryFieldsShape,
)
/** The web analytics overview numbers. */
export interface WebOverviewQuery extends ShapeOf<typeof webOverviewQuerySchema> {}

// The product-analytics queries: an insight shows them (`InsightVizNode`), an endpoint runs them.
const productAnalyticsQuerySchemas = [
  trendsQuerySchema,
  funnelsQuerySchema,
  retentionQuerySchema,
  pathsQuerySchema,
  stickinessQuerySchema,
  lifecycleQuerySchema,
] as const

// The unions are typed with their named members (declarations say `InsightQuery`, not an expansion); the
// endpoint's union nests the untyped one, a discriminated union's option.
const insightQueryUnion = z.discriminatedUnion('kind', [
  ...productAnalyticsQuerySchemas,
  webStatsTableQuerySchema,
  webOverviewQuerySchema,
])
export const insightQuerySchema: TypedSchema<InsightQuery> = insightQueryUnion
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

export const endpointQuerySchema: TypedSchema<EndpointQuery> = z.discriminatedUnion('kind', [
  hogQLQuerySchema,
  insightQueryUnion,
])
/** The query an endpoint runs, discriminated by `kind`: HogQL or an insight query (docs/service-behaviour.md §P3.2). */
export type EndpointQuery = HogQLQuery | InsightQuery

/*
 * An insight's `query` (docs/service-behaviour.md §14.2 [`I5`]): the root nodes the service's insight schema
 * documents. `kind` and `source` are checked in full; the interface's display settings of a root node (which
 * panels it shows, chart and table settings) are kept as the service stores them.
 */
export const insightVizNodeSchema = looseObject({
  /** Discriminator. */
  kind: z.literal('InsightVizNode'),
  /** The insight query. */
  source: z.discriminatedUnion('kind', productAnalyticsQuerySchemas) as TypedSchema<
    TrendsQuery | FunnelsQuery | RetentionQuery | PathsQuery | StickinessQuery | LifecycleQuery
  >,
})
/** A product-analytics insight: a trends, funnels, retention, paths, stickiness or lifecycle query. */
export interface InsightVizNode extends ShapeOf<typeof insightVizNodeSchema> {
  /** Display settings of the interface (`showHeader`, `showTable`, `vizSpecificOptions`, …), kept as stored. */
  [setting: string]: unknown
}

export const dataTableNodeSchema = looseObject({
  /** Discriminator. */
  kind: z.literal('DataTableNode'),
  /** The query whose rows the table shows (`EventsQuery`, `HogQLQuery`, `ActorsQuery`, …). */
  source: z.looseObject({ kind: z.string() }),
})
/** A table of a query's rows. */
export interface DataTableNode {
  /** Discriminator. */
  kind: 'DataTableNode'
  /** The query whose rows the table shows (`EventsQuery`, `HogQLQuery`, `ActorsQuery`, …). */
  source: { kind: string; [member: string]: unknown }
  /** Columns and display settings of the interface, kept as stored. */
  [setting: string]: unknown
}

export const dataVisualizationNodeSchema = looseObject({
  /** Discriminator. */
  kind: z.literal('DataVisualizationNode'),
  /** The SQL insight's query. */
  source: hogQLQuerySchema,
})
/** An SQL insight: a HogQL query and how to chart it (`display`, `chartSettings`, `tableSettings`). */
export interface DataVisualizationNode extends ShapeOf<typeof dataVisualizationNodeSchema> {
  /** Chart and table settings of the interface, kept as stored. */
  [setting: string]: unknown
}

export const hogQuerySchema = strictObject(
  {
    /** Discriminator. */
    kind: z.literal('HogQuery'),
    /** The Hog program. */
    code: nullableOptional(z.string()),
  },
  queryNodeFieldsShape,
)
/** A Hog program whose value the insight shows. */
export interface HogQuery extends ShapeOf<typeof hogQuerySchema> {}

export const insightRootQuerySchema: TypedSchema<InsightRootQuery> = z.discriminatedUnion('kind', [
  insightVizNodeSchema,
  dataTableNodeSchema,
  dataVisualizationNodeSchema,
  hogQuerySchema,
])
/** An insight's `query`, discriminated by `kind` (docs/service-behaviour.md §14.2 [`I5`]). */
export type InsightRootQuery = InsightVizNode | DataTableNode | DataVisualizationNode | HogQuery
