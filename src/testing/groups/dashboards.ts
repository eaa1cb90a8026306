/**
 * Dashboards (docs/service-behaviour.md §14.1): no tiles made by a create (an insight's `dashboards` places it),
 * tiles changed by id on PATCH (text tiles made and edited there, nothing removed unless named), `filters` and
 * `variables` read from the raw body and applied only when truthy, DELETE refused (405), soft delete taking
 * the tiles along (and, asked, the insights found only there), a restore bringing every tile back, a read
 * that writes `last_accessed_at`, and the `copy_tile` action the SDK does not declare.
 */
import type { GroupHandlers, OperationContext } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { sortBy } from '../paging.js'
import { invalid, json, notFound } from '../responses.js'
import { bodyObject, integerField, isObject, parseBoolean } from '../validators.js'
import type { FakeDashboard, FakeDashboardTile } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { addTile, tilesOf, tilesOfInsight } from './dashboard-tiles.js'
import { presentInsight } from './insights.js'

/** A text tile's body is at most this long (`TextSerializer`). */
const TEXT_MAX = 4000
/** What a tile entry of a PATCH may change besides its text (§14.1 [`D10`]). */
const TILE_FIELDS = [
  'deleted',
  'color',
  'layouts',
  'filters_overrides',
  'show_description',
  'transparent_background',
] as const
/** The members the list's items have (`DashboardBasicSerializer`, §14.1 [`D13`]). */
const BASIC = [
  'id',
  'name',
  'description',
  'pinned',
  'created_at',
  'created_by',
  'last_accessed_at',
  'last_viewed_at',
  'is_shared',
  'deleted',
  'creation_mode',
  'tags',
  'restriction_level',
  'effective_restriction_level',
  'effective_privilege_level',
  'user_access_level',
  'access_control_version',
  'last_refresh',
  'team_id',
] as const

/** The dashboard a create copies its tiles from, until it has its id. */
const copying = new WeakMap<FakeDashboard, number>()

function blankDashboard(store: FakeStore): Omit<FakeDashboard, 'id'> {
  return {
    name: null,
    description: '',
    pinned: false,
    created_at: store.timestamp(),
    created_by: FAKE_USER,
    last_accessed_at: null,
    last_viewed_at: null,
    is_shared: false,
    deleted: false,
    creation_mode: 'default',
    filters: {},
    variables: null,
    breakdown_colors: [],
    data_color_theme_id: null,
    tags: [],
    restriction_level: 21,
    quick_filter_ids: null,
  }
}

/**
 * `filters` or `variables` as `create` and `update` read them from the raw body: applied only when truthy,
 * refused with the filters' message when not an object (§14.1 [`D5`], [`D8`]).
 */
function truthyObject(
  body: Record<string, unknown>,
  key: 'filters' | 'variables',
): Record<string, unknown> | undefined {
  const value = body[key]
  // Python's truth: an empty object or list is false.
  if (!value || (typeof value === 'object' && Object.keys(value).length === 0)) return undefined
  if (!isObject(value)) invalid('Filters must be a dictionary')
  return value
}

/** The tile changes of a PATCH, all checked before any is made (a 400 changes nothing). */
function tileChanges(store: FakeStore, dashboardId: number, entries: unknown): Array<() => void> {
  if (entries === undefined) return []
  if (!Array.isArray(entries)) invalid('Expected a list of items.', 'tiles')
  const changes: Array<() => void> = []
  for (const entry of entries) {
    if (!isObject(entry)) invalid('Expected a dictionary of items.', 'tiles')
    const tileId = typeof entry['id'] === 'number' ? entry['id'] : undefined
    const fields: Partial<FakeDashboardTile> = {}
    for (const key of TILE_FIELDS) if (key in entry) Object.assign(fields, { [key]: entry[key] })
    if (isObject(entry['text'])) {
      const text = entry['text']
      const body = text['body'] ?? null
      if (body !== null && typeof body !== 'string') invalid('Not a valid string.', 'text__body')
      if (typeof body === 'string' && body.length > TEXT_MAX)
        invalid(`Text body cannot exceed ${TEXT_MAX} characters`, 'text__body', 'max_length')
      const textId = typeof text['id'] === 'number' ? text['id'] : undefined
      if (textId !== undefined) {
        if (!store.texts.has(textId)) invalid('Text tile not found in this team.', 'text')
        if (!tilesOf(store, dashboardId, false).some((tile) => tile.text_id === textId))
          invalid('Text tile not found.', 'text')
        changes.push(() =>
          Object.assign(store.texts.get(textId)!, {
            body,
            last_modified_by: FAKE_USER,
            last_modified_at: store.timestamp(),
          }),
        )
        if (tileId !== undefined) changes.push(() => upsertTile(store, dashboardId, tileId, fields))
      } else {
        changes.push(() => {
          const id = store.nextId('text')
          const now = store.timestamp()
          store.texts.set(id, {
            id,
            body,
            created_by: FAKE_USER,
            created_at: now,
            last_modified_by: FAKE_USER,
            last_modified_at: now,
          })
          addTile(store, { ...fields, dashboard_id: dashboardId, text_id: id })
        })
      }
      continue
    }
    // An insight entry's `insight` is dropped: insights are placed by their own `dashboards` (§14.1 [`D10`]).
    if (Object.keys(fields).length > 0) changes.push(() => upsertTile(store, dashboardId, tileId, fields))
  }
  return changes
}

/** `update_or_create(id=…, dashboard=…)`: the named tile of this dashboard changed, or a new one. */
function upsertTile(
  store: FakeStore,
  dashboardId: number,
  tileId: number | undefined,
  fields: Partial<FakeDashboardTile>,
): void {
  const tile = tileId === undefined ? undefined : store.dashboardTiles.get(tileId)
  if (tile && tile.dashboard_id === dashboardId) Object.assign(tile, fields)
  else addTile(store, { ...fields, dashboard_id: dashboardId })
}

/**
 * Soft delete (§14.1 [`D3`]): every tile goes; with `delete_insights`, the insights whose only live tile was here too.
 */
function softDelete(store: FakeStore, dashboard: FakeDashboard, deleteInsights: boolean): void {
  for (const tile of tilesOf(store, dashboard.id, false)) {
    if (tile.deleted) continue
    if (
      deleteInsights &&
      tile.insight_id !== null &&
      tilesOfInsight(store, tile.insight_id).every((one) => one.dashboard_id === dashboard.id)
    ) {
      store.insights.get(tile.insight_id)!.deleted = true
    }
    tile.deleted = true
  }
}

/** Restore (§14.1 [`D4`]): every tile the dashboard ever had comes back, and the insights on them. */
function restore(store: FakeStore, dashboard: FakeDashboard): void {
  for (const tile of tilesOf(store, dashboard.id, false)) {
    tile.deleted = false
    if (tile.insight_id !== null) store.insights.get(tile.insight_id)!.deleted = false
  }
}

const dashboards = new GroupKit<FakeDashboard>({
  records: (store) => store.dashboards,
  idKind: 'dashboard',
  blank: blankDashboard,
  softDeletes: true,
  writable: {
    name: field.text({ nullable: true, maxLength: 400 }),
    description: field.text(),
    pinned: field.boolean(),
    breakdown_colors: (body) => body['breakdown_colors'],
    data_color_theme_id: field.integer({ nullable: true }),
    tags: field.strings(),
    restriction_level: (body) => {
      const level = body['restriction_level']
      if (level !== undefined && level !== 21 && level !== 37)
        invalid(`"${String(level)}" is not a valid choice.`, 'restriction_level', 'invalid_choice')
      return level
    },
    quick_filter_ids: field.list({ nullable: true }),
    deleted: field.boolean(),
  },
  check(store, draft, body, previous) {
    const useDashboard = body['use_dashboard'] ?? null
    if (!previous && useDashboard !== null) {
      const source = typeof useDashboard === 'number' ? store.dashboards.get(useDashboard) : undefined
      if (!source || source.deleted) invalid('Invalid value provided', 'use_dashboard')
    }
    if (!previous && useDashboard !== null && body['use_template'])
      invalid('`use_dashboard` and `use_template` cannot be used together')
    // The fake has no dashboard templates: every name is unknown.
    if (!previous && body['use_template'])
      invalid(`Invalid template provided: ${String(body['use_template'])}`, 'use_template')
    const filters = truthyObject(body, 'filters')
    const variables = truthyObject(body, 'variables')
    if (filters) draft.filters = filters
    if (variables) draft.variables = variables
    if (!previous) {
      if (useDashboard !== null) {
        draft.creation_mode = 'duplicate'
        copying.set(draft, useDashboard as number)
      }
      return
    }
    const changes = tileChanges(store, draft.id, body['tiles'])
    if (draft.deleted && !previous.deleted) softDelete(store, draft, parseBoolean(body['delete_insights']) === true)
    if (!draft.deleted && previous.deleted) restore(store, draft)
    for (const change of changes) change()
  },
  written(store, dashboard, previous) {
    const source = previous ? undefined : copying.get(dashboard)
    if (source === undefined) return
    for (const tile of tilesOf(store, source, true)) {
      const { id: _id, dashboard_id: _from, text_id, ...fields } = clone(tile)
      let textId = text_id
      if (text_id !== null) {
        textId = store.nextId('text')
        store.texts.set(textId, { ...clone(store.texts.get(text_id)!), id: textId })
      }
      addTile(store, { ...fields, dashboard_id: dashboard.id, text_id: textId })
    }
  },
  present: presentDashboard,
})

/** A tile as the service answers it (§14.1 [`D9`]): the insight in full, the text, its order in the `sm` layout. */
function presentTile(store: FakeStore, tile: FakeDashboardTile, order: number): Record<string, unknown> {
  const insight = tile.insight_id === null ? null : store.insights.get(tile.insight_id)
  const text = tile.text_id === null ? null : store.texts.get(tile.text_id)
  return {
    id: tile.id,
    insight: insight ? presentInsight(store, insight) : null,
    text: text ? { ...clone(text), team: store.projectId } : null,
    button_tile: null,
    layouts: clone(tile.layouts),
    color: tile.color,
    filters_overrides: clone(tile.filters_overrides),
    show_description: tile.show_description,
    transparent_background: tile.transparent_background,
    order,
    last_refresh: tile.last_refresh,
    is_cached: false,
  }
}

/** Where a tile sits in the `sm` layout: by row, then column; unplaced tiles last (`sort_tiles_by_layout`). */
function smPlace(tile: FakeDashboardTile): [number, number] {
  const sm = isObject(tile.layouts['sm']) ? tile.layouts['sm'] : {}
  return [typeof sm['y'] === 'number' ? sm['y'] : 100, typeof sm['x'] === 'number' ? sm['x'] : 100]
}

/** A dashboard as retrieve, create and update answer it, with its live tiles. */
export function presentDashboard(store: FakeStore, dashboard: FakeDashboard): Record<string, unknown> {
  const tiles = tilesOf(store, dashboard.id, true).sort((a, b) => {
    const [ay, ax] = smPlace(a)
    const [by, bx] = smPlace(b)
    return ay - by || ax - bx
  })
  return {
    ...clone(dashboard),
    effective_restriction_level: dashboard.restriction_level,
    effective_privilege_level: 37,
    user_access_level: 'editor',
    access_control_version: 'v2',
    last_refresh: null,
    persisted_filters: clone(dashboard.filters),
    persisted_variables: clone(dashboard.variables),
    team_id: store.projectId,
    tiles: tiles.map((tile, order) => presentTile(store, tile, order)),
  }
}

/** A dashboard as the list shows it: no tiles, filters or variables. */
function presentBasic(store: FakeStore, dashboard: FakeDashboard): Record<string, unknown> {
  const full = presentDashboard(store, dashboard)
  return Object.fromEntries(BASIC.map((key) => [key, full[key]]))
}

/** A dashboard hidden unless this is a PATCH sending a false `deleted` (§14.1 [`D3`]). */
function checkVisible(context: OperationContext, forUpdate: boolean): void {
  const dashboard = dashboards.find(context)
  const restoring = forUpdate && isObject(context.body) && 'deleted' in context.body && !context.body['deleted']
  if (dashboard.deleted && !restoring) notFound()
}

/** Stores a dashboard built from `seed` without validation. */
export function seedDashboard(store: FakeStore, seed: Partial<FakeDashboard>): FakeDashboard {
  return dashboards.seed(store, { name: `Dashboard ${store.dashboards.size + 1}`, ...seed })
}

/** A tile's place and look, which a copy takes along (`DashboardTile.copy_to_dashboard`). */
function tileLook(tile: FakeDashboardTile): Partial<FakeDashboardTile> {
  const { layouts, color, show_description, transparent_background, filters_overrides } = clone(tile)
  return { layouts, color, show_description, transparent_background, filters_overrides }
}

/**
 * `POST dashboards/{id}/copy_tile/ {fromDashboardId, tileId}` (§14.1 [`D15`]): the tile's insight or text — the
 * same one, shared, not a copy — placed on this dashboard with the tile's layouts, color and display fields; a
 * soft-deleted tile of that content here comes back rather than a new one. Answers this dashboard with its tiles.
 */
export function copyTile(context: OperationContext): Response {
  const { store } = context
  checkVisible(context, false)
  const destination = dashboards.find(context)
  const body = bodyObject(context.body)
  const fromId = integerField(body, 'fromDashboardId', { required: true }) as number
  const tileId = integerField(body, 'tileId', { required: true }) as number
  if (fromId === destination.id) invalid('Destination must be a different dashboard than the source.')
  // `get_object_or_404` through the managers that leave soft-deleted dashboards and tiles out.
  if (store.dashboards.get(fromId)?.deleted !== false) notFound()
  const tile = store.dashboardTiles.get(tileId)
  if (!tile || tile.deleted || tile.dashboard_id !== fromId) notFound()
  const isInsight = tile.insight_id !== null
  if (!isInsight && tile.text_id === null) invalid('Only insight and text tiles can be copied between dashboards.')
  const existing = tilesOf(store, destination.id, false).find((one) =>
    isInsight ? one.insight_id === tile.insight_id : one.text_id === tile.text_id,
  )
  if (existing && !existing.deleted) {
    invalid(`This ${isInsight ? 'insight' : 'text card'} is already on the destination dashboard.`)
  }
  if (existing) Object.assign(existing, tileLook(tile), { deleted: false })
  else {
    const { insight_id, text_id } = tile
    addTile(store, { ...tileLook(tile), dashboard_id: destination.id, insight_id, text_id })
  }
  return json(presentDashboard(store, destination))
}

export const dashboardHandlers: GroupHandlers<'dashboards'> = {
  'dashboards.list': (context) => {
    const { store, query } = context
    const mode = query.get('creation_mode')
    let items = dashboards
      .live(store)
      .filter((dashboard) => (mode ? dashboard.creation_mode === mode : dashboard.creation_mode !== 'unlisted'))
    const tags = query.getAll('tags')
    if (tags.length > 0) items = items.filter((dashboard) => tags.some((tag) => dashboard.tags.includes(tag)))
    sortBy(items, ['-pinned', 'name'], (dashboard, name) => dashboard[name])
    return dashboards.page(context, items, (dashboard) => presentBasic(store, dashboard))
  },
  'dashboards.create': dashboards.create,
  'dashboards.retrieve': (context) => {
    checkVisible(context, false)
    const dashboard = dashboards.find(context)
    // A read writes: `last_accessed_at` (§14.1 [`D7`]).
    dashboard.last_accessed_at = context.store.timestamp()
    return json(presentDashboard(context.store, dashboard))
  },
  'dashboards.update': (context) => {
    checkVisible(context, true)
    return dashboards.update(context)
  },
  // Never hard-deleted: 405 with an empty body, whatever the id (forbid_destroy_model.py).
  'dashboards.delete': dashboards.delete,
}
