import { alignTiles, createDashboard, dashboardSpec, dashboardSpecSchema, writeDashboard } from '../dashboards.js'
import { isPlainObject } from '../diff.js'
import { at, declareKind, ITEMS, objects, remove } from './declare.js'

/** A dashboard's and its tiles' fields that the service keeps (§14.1 [`D6`], [`D7`], [`D9`]). */
const DASHBOARD_OWNED = [
  ...['last_accessed_at', 'last_viewed_at', 'is_shared', 'creation_mode', 'effective_restriction_level'],
  ...['effective_privilege_level', 'user_access_level', 'access_control_version', 'last_refresh'],
  ...['persisted_filters', 'persisted_variables', 'team_id'],
]
const TILE_OWNED = ['id', 'order', 'last_refresh', 'is_cached', 'error']

// Only soft-deleted; names not unique (docs/service-behaviour.md §14 [`D14`]). Their list has no tiles: each
// is read whole; it has no search either.
export const dashboards = declareKind({
  kind: 'dashboards',
  folder: 'dashboards',
  keyField: 'name',
  sdk: (client) => client.dashboards,
  readEach: true,
  uniqueOnService: false,
  softDelete: true,
  specShape: dashboardSpecSchema,
  toSpec: (client, resource) => dashboardSpec(client, resource as Record<string, unknown>),
  create: (client, body, options) => createDashboard(client, body, options),
  update: (client, id, body, options) => writeDashboard(client, id, body, options),
  references: [at(['tiles', ITEMS], { field: 'insight', target: 'insights' })],
  // A colour theme and quick filters are the project's own.
  idFields: ['data_color_theme_id', 'quick_filter_ids'],
  owned(spec) {
    remove(spec, DASHBOARD_OWNED)
    for (const tile of objects(spec.tiles)) {
      remove(tile, TILE_OWNED)
      // A text is the tile's body; its id and authors are the service's.
      if (isPlainObject(tile.text)) tile.text = { body: tile.text.body ?? null }
    }
  },
  plan: { compared: alignTiles },
})
