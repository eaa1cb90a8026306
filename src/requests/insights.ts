/** Request bodies and queries of `insights` (docs/service-behaviour.md §14.2). */
import * as z from 'zod/mini'
import { insightRootQuerySchema } from '../model/insight-queries.js'
import { jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { pageParams } from './group-shapes.js'

export const insightWriteFieldsSchema = strictObject({
  /** Name (not unique; `null` shows `derived_name`). */
  name: nullableOptional(z.string()),
  /** The name the interface derives from the query. */
  derived_name: nullableOptional(z.string()),
  /** Description. */
  description: nullableOptional(z.string()),
  /** The query: `InsightVizNode`, `DataTableNode`, `DataVisualizationNode` (SQL) or `HogQuery`. */
  query: nullableOptional(insightRootQuerySchema),
  /** Legacy filters (refused for some users: use `query`). */
  filters: z.exactOptional(jsonRecord),
  /** Position among the insights. */
  order: nullableOptional(z.number()),
  /** `true` soft-deletes (off every dashboard), `false` restores (without its tiles). */
  deleted: z.exactOptional(z.boolean()),
  /** The dashboards it is on, complete: one tile each; a dashboard left out loses its tile. */
  dashboards: z.exactOptional(z.array(z.number())),
  /** Tags. */
  tags: z.exactOptional(z.array(z.string())),
  /** Favourite. */
  favorited: z.exactOptional(z.boolean()),
  /** Saved (every update saves it). */
  saved: z.exactOptional(z.boolean()),
  /** Folder to create the insight in. */
  _create_in_folder: z.exactOptional(z.string()),
})
/** Fields accepted by `insights.create` and `update`. */
export interface InsightWriteFields extends ShapeOf<typeof insightWriteFieldsSchema> {}

export { insightWriteFieldsSchema as insightCreateParamsSchema }
/** `insights.create`: nothing is required. */
export type InsightCreateParams = InsightWriteFields
export { insightWriteFieldsSchema as insightUpdateParamsSchema }
/** `insights.update`: any writable field; `dashboards` is the complete set. */
export type InsightUpdateParams = InsightWriteFields

export const insightListParamsSchema = strictObject(pageParams, {
  /** Name, description and tags contain this. */
  search: z.optional(z.string()),
  /** Only the insight with this short id. */
  short_id: z.optional(z.string()),
  /** Leave the result fields out. */
  basic: z.optional(z.boolean()),
  /** Only saved (or unsaved) insights. */
  saved: z.optional(z.boolean()),
  /** Only favourites. */
  favorited: z.optional(z.boolean()),
  /** Only insights of this kind: `TRENDS`, `FUNNELS`, `RETENTION`, `PATHS`, `STICKINESS`, `LIFECYCLE`, `SQL`, … */
  insight: z.optional(z.string()),
})
/** Query of `insights.list`. */
export interface InsightListParams extends ShapeOf<typeof insightListParamsSchema> {}
