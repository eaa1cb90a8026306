/** Request bodies and queries of `dashboards` (docs/service-behaviour.md §14.1). */
import * as z from 'zod/mini'
import { jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { pageParams } from './group-shapes.js'

/** A breakpoint's place of a tile on the grid (12 columns wide at `sm`). */
const tileLayoutSchema = strictObject({
  /** Column of the left edge. */
  x: z.number(),
  /** Row of the top edge. */
  y: z.number(),
  /** Width in columns. */
  w: z.number(),
  /** Height in rows. */
  h: z.number(),
  /** Smallest width. */
  minW: z.exactOptional(z.number()),
  /** Smallest height. */
  minH: z.exactOptional(z.number()),
})

export const dashboardTileParamsSchema = strictObject({
  /** The tile's id: left out to create a text tile. */
  id: z.exactOptional(z.number()),
  /** A text tile's text: `{ body }` to create one, `{ id, body }` to edit it (body at most 4,000 characters). */
  text: z.exactOptional(strictObject({ id: z.exactOptional(z.number()), body: nullableOptional(z.string()) })),
  /** The tile's place by breakpoint (`sm`, `xs`), replaced whole. */
  layouts: z.exactOptional(z.record(z.string(), tileLayoutSchema)),
  /** Colour. */
  color: nullableOptional(z.string()),
  /** Filters applied to this tile only. */
  filters_overrides: nullableOptional(jsonRecord),
  /** Show the insight's description. */
  show_description: nullableOptional(z.boolean()),
  /** No background. */
  transparent_background: nullableOptional(z.boolean()),
  /** `true` takes the tile off the dashboard. */
  deleted: z.exactOptional(z.boolean()),
})
/** A tile in `dashboards.update`: upserted by id; tiles not named stay (docs/service-behaviour.md §14.1 [`D10`]). */
export interface DashboardTileParams extends ShapeOf<typeof dashboardTileParamsSchema> {}

const dashboardFieldsShape = {
  /** Name (not unique). */
  name: nullableOptional(z.string()),
  /** Description. */
  description: z.exactOptional(z.string()),
  /** Pinned dashboards are listed first. */
  pinned: z.exactOptional(z.boolean()),
  /**
   * Dashboard filters (`date_from`, `date_to`, `properties`, `breakdown_filter`); `{}` leaves them as they are on
   * update.
   */
  filters: z.exactOptional(jsonRecord),
  /** Values of the SQL variables, by variable id; `{}` leaves them as they are on update. */
  variables: nullableOptional(jsonRecord),
  /** Colours of breakdown values. */
  breakdown_colors: z.exactOptional(z.unknown()),
  /** Colour theme. */
  data_color_theme_id: nullableOptional(z.number()),
  /** Tags. */
  tags: z.exactOptional(z.array(z.string())),
  /** 21: anyone in the project can edit; 37: only those invited. */
  restriction_level: z.exactOptional(z.literal([21, 37])),
  /** Quick filters shown on the dashboard. */
  quick_filter_ids: nullableOptional(z.array(z.string())),
  /** `true` soft-deletes (its tiles too), `false` restores (every tile). */
  deleted: z.exactOptional(z.boolean()),
  /** With `deleted: true`: soft-delete the insights found only on this dashboard too. */
  delete_insights: z.exactOptional(z.boolean()),
}

export const dashboardCreateParamsSchema = strictObject({
  ...dashboardFieldsShape,
  /** A template's name to copy tiles from. */
  use_template: z.exactOptional(z.string()),
  /** Another dashboard's id to copy tiles from. */
  use_dashboard: nullableOptional(z.number()),
  /** Folder to create the dashboard in. */
  _create_in_folder: z.exactOptional(z.string()),
})
/** `dashboards.create`: nothing is required; a new dashboard has no tiles (an insight's `dashboards` places it). */
export interface DashboardCreateParams extends ShapeOf<typeof dashboardCreateParamsSchema> {}

export const dashboardUpdateParamsSchema = strictObject({
  ...dashboardFieldsShape,
  /** Tiles to change, add (text) or remove (`deleted: true`), by id; an insight is placed by its own `dashboards`. */
  tiles: z.exactOptional(z.array(dashboardTileParamsSchema)),
})
/** `dashboards.update`: any writable field, and tiles by id. */
export interface DashboardUpdateParams extends ShapeOf<typeof dashboardUpdateParamsSchema> {}

export const dashboardListParamsSchema = strictObject(pageParams, {
  /** Only dashboards with these tags. */
  tags: z.optional(z.array(z.string())),
  /** Only dashboards made this way: `default`, `template`, `duplicate`, `unlisted` (listed only so). */
  creation_mode: z.optional(z.string()),
  /** Leave out generated dashboards. */
  exclude_generated: z.optional(z.boolean()),
})
/** Query of `dashboards.list`. */
export interface DashboardListParams extends ShapeOf<typeof dashboardListParamsSchema> {}
