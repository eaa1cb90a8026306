import * as z from 'zod/mini'
import { createdNonNullShape, dateTime, describes, openEnum, type Created, type OpenEnum } from './common.js'
import type { DASHBOARD_CREATION_MODES } from '../model/enums.js'
import type { Insight } from './insights.js'

/** A tile's place on the grid at one breakpoint. */
export interface TileLayout {
  x: number
  y: number
  w: number
  h: number
  minW?: number
  minH?: number
  [field: string]: unknown
}

/** A tile of a dashboard: an insight or a text (docs/service-behaviour.md §14.1 [`D9`]). */
export interface DashboardTile {
  /** The tile id. */
  id: number
  /** The insight on it (in full), or `null` for a text tile. */
  insight?: Insight | null
  /** The text of a text tile (`{ id, body, … }`), or `null`. */
  text?: { id: number; body?: string | null; [field: string]: unknown } | null
  /** Its place by breakpoint (`sm`, `xs`); `{}` until placed. */
  layouts?: Record<string, TileLayout>
  /** Colour. */
  color?: string | null
  /** Filters applied to this tile only. */
  filters_overrides?: Record<string, unknown> | null
  /** Show the insight's description. */
  show_description?: boolean | null
  /** No background. */
  transparent_background?: boolean | null
  /** Its index in the `sm` layout's order (the service's). */
  order?: number
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/**
 * A dashboard, as create, retrieve and update return it; the list leaves out `tiles`, `filters`, `variables` (§14.1).
 */
export interface Dashboard extends Created<string> {
  /** The dashboard id. */
  id: number
  /** Name (not unique). */
  name?: string | null
  /** Description. */
  description?: string | null
  /** Pinned. */
  pinned?: boolean
  /** Soft-deleted (a deleted dashboard is not found). */
  deleted?: boolean
  /** `default`, `template`, `duplicate`, `unlisted`, or later values. */
  creation_mode?: OpenEnum<(typeof DASHBOARD_CREATION_MODES)[number]>
  /** Tags. */
  tags?: string[]
  /** 21: anyone in the project can edit; 37: only those invited. */
  restriction_level?: number
  /** Dashboard filters. */
  filters?: Record<string, unknown>
  /** Values of the SQL variables. */
  variables?: Record<string, unknown> | null
  /** The live tiles, in the order of their `sm` layout. */
  tiles?: DashboardTile[] | null
  /** Last read (every retrieve moves it). */
  last_accessed_at?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `Dashboard` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type DashboardUncheckedFields = 'tags' | 'filters' | 'variables' | 'tiles'

/** The fields of `dashboardSchema` (exported for the tie test with `Dashboard`). */
export const dashboardShape = {
  id: z.number(),
  name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  pinned: z.optional(z.boolean()),
  deleted: z.optional(z.boolean()),
  creation_mode: z.optional(openEnum<(typeof DASHBOARD_CREATION_MODES)[number]>()),
  restriction_level: z.optional(z.number()),
  ...createdNonNullShape,
  last_accessed_at: z.nullish(dateTime),
}

/** A dashboard (docs/service-behaviour.md §14.1). */
export const dashboardSchema = describes<Dashboard>(z.looseObject(dashboardShape))
