import * as z from 'zod/mini'
import type { ProjectClient, RequestOptions } from 'posthog-project-client'
import { nullableOptional, strictObject } from '../model/shape.js'
import { dashboardCreateParamsSchema, dashboardTileParamsSchema } from '../requests/dashboards.js'
import { isPlainObject, stableJson } from './diff.js'
import type { Id, Resource } from './kinds/declare.js'

/**
 * A dashboard's tiles as its spec holds them (docs/service-behaviour.md §14.1, §14.4 [`X1`]): an insight tile
 * names its insight (`insight: { $ref: 'insights/<name>' }`), a text tile carries `text.body`, each with its
 * `layouts` and looks. The service makes an insight's tile through the insight's `dashboards` ([`I6`]) and changes a
 * tile through the dashboard's `tiles`, by the tile's id ([`D10`]): apply does both, and never re-creates a tile
 * to move it. Text tiles have no key: they are matched by body, then by position ([`D11`]).
 */

const { id: _id, text: _text, deleted: _deleted, ...tileLooks } = dashboardTileParamsSchema.def.shape

/** A tile of a dashboard spec. */
const tileSpecSchema = strictObject({
  /** The insight it shows, by its id or (in the files) `{ $ref: 'insights/<name>' }`. */
  insight: z.exactOptional(z.number()),
  /** A text tile's text. */
  text: z.exactOptional(strictObject({ body: nullableOptional(z.string()) })),
  ...tileLooks,
})

/** A dashboard's files: its create body and its tiles. */
export const dashboardSpecSchema = strictObject({
  ...dashboardCreateParamsSchema.def.shape,
  /** The tiles, in the order of the files (a tile's place is its `layouts`). */
  tiles: z.exactOptional(z.array(tileSpecSchema)),
})

/** What a tile spec says besides the insight or text it shows. */
const LOOKS = ['layouts', 'color', 'filters_overrides', 'show_description', 'transparent_background'] as const

/** A read tile as the spec holds it; `undefined` for a tile of another sort (a button), which is not managed. */
function tileSpec(tile: Resource): Resource | undefined {
  const spec: Resource = {}
  if (isPlainObject(tile.insight)) spec.insight = tile.insight.id
  else if (typeof tile.insight === 'number') spec.insight = tile.insight
  else if (isPlainObject(tile.text)) spec.text = { body: tile.text.body ?? null }
  else return undefined
  for (const field of LOOKS) if (tile[field] !== null && tile[field] !== undefined) spec[field] = tile[field]
  return spec
}

/** The writable fields of a read dashboard with its tiles (ids, order and cached results are the service's, [`D6`]). */
export function dashboardSpec(client: ProjectClient, resource: Resource): Resource {
  const spec = client.dashboards.toCreateParams(resource as never) as unknown as Resource
  const tiles = Array.isArray(resource.tiles) ? resource.tiles.filter(isPlainObject) : []
  spec.tiles = tiles.flatMap((tile) => tileSpec(tile) ?? [])
  return spec
}

/**
 * For each wanted tile the index of the live tile that is it, or -1: an insight tile by its insight (the same id,
 * or the same `$ref`), a text tile by its body, then the text tiles left over in their order (by position).
 */
export function matchTiles(wanted: readonly Resource[], live: readonly Resource[]): number[] {
  const taken = new Set<number>()
  const identity = (tile: Resource) => (tile.insight !== undefined ? `insight ${stableJson(tile.insight)}` : undefined)
  const bodyOf = (tile: Resource) => (isPlainObject(tile.text) ? (tile.text.body ?? null) : undefined)
  const take = (predicate: (tile: Resource) => boolean) => {
    const index = live.findIndex((tile, at) => !taken.has(at) && predicate(tile))
    if (index >= 0) taken.add(index)
    return index
  }
  const matched = wanted.map((tile) => {
    const insight = identity(tile)
    if (insight !== undefined) return take((other) => identity(other) === insight)
    const body = bodyOf(tile)
    return body === undefined ? -1 : take((other) => bodyOf(other) === body)
  })
  const isText = (tile: Resource) => bodyOf(tile) !== undefined
  return matched.map((index, at) => (index >= 0 || !isText(wanted[at]!) ? index : take(isText)))
}

/**
 * The live dashboard's spec with its tiles in the order of the wanted spec's (each matched to the wanted tile it
 * is, `null` where a wanted tile is new, the live tiles that are not wanted last): a change of one tile shows as
 * that tile's fields (`tiles[2].layouts.sm.x`).
 */
export function alignTiles(live: Resource, wanted: Resource): Resource {
  if (!Array.isArray(live.tiles) || !Array.isArray(wanted.tiles)) return live
  const tiles = live.tiles as Resource[]
  const matched = matchTiles(wanted.tiles as Resource[], tiles)
  const rest = tiles.filter((_tile, index) => !matched.includes(index))
  return { ...live, tiles: [...matched.map((index) => (index >= 0 ? tiles[index] : null)), ...rest] }
}

/**
 * Creates a dashboard (its fields; a create makes no tiles, [`D5`]), then its tiles as {@link writeDashboard}.
 */
export async function createDashboard(
  client: ProjectClient,
  body: Resource,
  options: RequestOptions,
): Promise<Resource> {
  const { tiles, ...fields } = body
  const created = (await client.dashboards.create(fields as never, options)) as unknown as Resource
  if (!Array.isArray(tiles)) return created
  return writeDashboard(client, created.id as number, { tiles }, options)
}

/**
 * Writes a dashboard's fields and tiles (their insights as ids): each insight not on it yet is placed through
 * its own `dashboards` ([`I6`], the complete set: its other dashboards kept), then one PATCH of the dashboard
 * sets every tile's layout and looks by the tile's id, makes or edits the text tiles and takes off the insight
 * and text tiles the spec does not have ([`D10`], [`D11`]).
 */
export async function writeDashboard(
  client: ProjectClient,
  id: Id,
  body: Resource,
  options: RequestOptions,
): Promise<Resource> {
  const { tiles, ...fields } = body
  const update = async (changes: Resource) =>
    (await client.dashboards.update(id as number, changes as never, options)) as unknown as Resource
  if (!Array.isArray(tiles)) return update(fields)
  const wanted = tiles as Resource[]
  let live = await liveTiles(client, id, options)
  const placed = matchTiles(wanted, live)
  const isMissing = (tile: Resource, index: number) => placed[index]! < 0 && typeof tile.insight === 'number'
  const missing = wanted.flatMap((tile, index) => (isMissing(tile, index) ? [tile.insight as number] : []))
  for (const insightId of new Set(missing)) {
    const insight = (await client.insights.retrieve(insightId, options)) as unknown as Resource
    const on = Array.isArray(insight.dashboards) ? (insight.dashboards as number[]) : []
    const others = on.filter((other) => other !== id)
    await client.insights.update(insightId, { dashboards: [...others, id as number] }, options)
  }
  if (missing.length > 0) live = await liveTiles(client, id, options)
  const matched = matchTiles(wanted, live)
  const entries: Resource[] = []
  wanted.forEach((tile, index) => {
    const current = matched[index]! >= 0 ? live[matched[index]!]!.read : undefined
    const looks = Object.fromEntries(LOOKS.flatMap((look) => (tile[look] === undefined ? [] : [[look, tile[look]]])))
    if (isPlainObject(tile.text)) {
      const textId = current && isPlainObject(current.text) ? { id: current.text.id } : {}
      entries.push({ ...(current && { id: current.id }), text: { ...textId, body: tile.text.body }, ...looks })
    } else if (current && Object.keys(looks).length > 0) {
      entries.push({ id: current.id, ...looks })
    }
  })
  live.forEach((tile, index) => {
    if (!matched.includes(index)) entries.push({ id: tile.read.id, deleted: true })
  })
  if (entries.length === 0 && Object.keys(fields).length === 0) {
    return (await client.dashboards.retrieve(id as number, options)) as unknown as Resource
  }
  return update({ ...fields, ...(entries.length > 0 && { tiles: entries }) })
}

/** A live tile as a spec (to match) and as read (its ids). */
type LiveTile = Resource & { read: Resource }

/** The dashboard's insight and text tiles, each as its spec and as read. */
async function liveTiles(client: ProjectClient, id: Id, options: RequestOptions): Promise<LiveTile[]> {
  const dashboard = (await client.dashboards.retrieve(id as number, options)) as unknown as Resource
  const tiles = Array.isArray(dashboard.tiles) ? dashboard.tiles.filter(isPlainObject) : []
  return tiles.flatMap((read) => {
    const spec = tileSpec(read)
    return spec ? [{ ...spec, read }] : []
  })
}
