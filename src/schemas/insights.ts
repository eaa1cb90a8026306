import * as z from 'zod/mini'
import { createdShape, dateTime, describes, type Created } from './common.js'
import type { InsightRootQuery } from '../model/insight-queries.js'

/** An insight, as list, create, retrieve and update return it (docs/service-behaviour.md §14.2 [`I7`]). */
export interface Insight extends Created {
  /** The insight id. */
  id: number
  /** The service's 8-character short id (also accepted as `{id}` by retrieve). */
  short_id?: string
  /** Name (not unique; may be `null`). */
  name?: string | null
  /** The name the interface derives from the query. */
  derived_name?: string | null
  /** Description. */
  description?: string | null
  /** The query, as the service shows it (migrated to its newest version). */
  query?: InsightRootQuery | null
  /** Legacy filters (`{}` for a query insight). */
  filters?: Record<string, unknown>
  /** Position among the insights. */
  order?: number | null
  /** Soft-deleted (a deleted insight is not found). */
  deleted?: boolean
  /** The dashboards it is on, read from its tiles. */
  dashboards?: number[]
  /** Its tiles: `{ id, dashboard_id, deleted }`. */
  dashboard_tiles?: Array<{ id: number; dashboard_id: number; deleted?: boolean | null }>
  /** Tags. */
  tags?: string[]
  /** Favourite. */
  favorited?: boolean
  /** Saved. */
  saved?: boolean
  /** The last result computed (`null` until something computes the query). */
  result?: unknown
  /** Last material change. */
  last_modified_at?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `Insight` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type InsightUncheckedFields = 'query' | 'filters' | 'dashboards' | 'dashboard_tiles' | 'tags' | 'result'

/** The fields of `insightSchema` (exported for the tie test with `Insight`). */
export const insightShape = {
  id: z.number(),
  short_id: z.optional(z.string()),
  name: z.nullish(z.string()),
  derived_name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  order: z.nullish(z.number()),
  deleted: z.optional(z.boolean()),
  favorited: z.optional(z.boolean()),
  saved: z.optional(z.boolean()),
  ...createdShape,
  last_modified_at: z.nullish(dateTime),
}

/** An insight (docs/service-behaviour.md §14.2). */
export const insightSchema = describes<Insight>(z.looseObject(insightShape))
