/**
 * The tiles that put insights and texts on dashboards (docs/service-behaviour.md §14.1 [`D9`]–[`D12`],
 * §14.2 [`I6`]): records of their own, soft-deleted rather than removed, so that a restored dashboard gets
 * every tile back and an insight placed again on a dashboard gets its old tile (and layouts).
 */
import type { FakeDashboardTile } from '../records.js'
import type { FakeStore } from '../store.js'

/** The tiles of a dashboard (`live`: not soft-deleted, their insight not deleted either), oldest first. */
export function tilesOf(store: FakeStore, dashboardId: number, live: boolean): FakeDashboardTile[] {
  return [...store.dashboardTiles.values()].filter(
    (tile) =>
      tile.dashboard_id === dashboardId &&
      (!live || (!tile.deleted && !(tile.insight_id !== null && store.insights.get(tile.insight_id)?.deleted))),
  )
}

/** The live tiles of an insight on live dashboards, oldest first. */
export function tilesOfInsight(store: FakeStore, insightId: number): FakeDashboardTile[] {
  return [...store.dashboardTiles.values()].filter(
    (tile) => tile.insight_id === insightId && !tile.deleted && !store.dashboards.get(tile.dashboard_id)?.deleted,
  )
}

/** Stores a new tile. */
export function addTile(
  store: FakeStore,
  fields: Partial<FakeDashboardTile> & { dashboard_id: number },
): FakeDashboardTile {
  const tile: FakeDashboardTile = {
    id: store.nextId('tile'),
    insight_id: null,
    text_id: null,
    // A tile placed through an insight starts without a place: the interface puts it (§14.1 [`D12`]).
    layouts: {},
    color: null,
    filters_overrides: null,
    show_description: null,
    transparent_background: null,
    deleted: false,
    last_refresh: null,
    ...fields,
  }
  store.dashboardTiles.set(tile.id, tile)
  return tile
}

/**
 * Puts an insight on exactly `dashboardIds` (§14.2 [`I6`]): a dashboard it leaves loses the tile (soft-deleted),
 * one it joins gets its old tile back when there is one (layouts kept), else a new one; deleted dashboards are ignored.
 */
export function placeInsight(store: FakeStore, insightId: number, dashboardIds: readonly number[]): void {
  const wanted = new Set(dashboardIds.filter((id) => store.dashboards.get(id)?.deleted === false))
  const tiles = [...store.dashboardTiles.values()].filter((tile) => tile.insight_id === insightId)
  for (const tile of tiles)
    if (!tile.deleted && !wanted.has(tile.dashboard_id) && !store.dashboards.get(tile.dashboard_id)?.deleted)
      tile.deleted = true
  for (const dashboardId of wanted) {
    const old = tiles.find((tile) => tile.dashboard_id === dashboardId)
    if (old) old.deleted = false
    else addTile(store, { dashboard_id: dashboardId, insight_id: insightId, last_refresh: store.timestamp() })
  }
}
