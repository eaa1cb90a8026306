/**
 * Insights (docs/service-behaviour.md §14.2): the query checked against the service's insight queries before
 * anything else (400 `parse_error`), placed on dashboards by `dashboards` (the complete set, through tiles),
 * DELETE refused (405), soft delete by PATCH taking it off every dashboard, a restore that does not, `{id}`
 * read as the id or the short id, and every PATCH saving it.
 */
import type { OperationContext, GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { apiError, fail, invalid, notFound } from '../responses.js'
import { isObject, parseBoolean } from '../validators.js'
import { insightRootQuerySchema } from '../../model/insight-queries.js'
import type { FakeInsight } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { placeInsight, tilesOfInsight } from './dashboard-tiles.js'

/** Fields whose change moves `last_modified_at` (§14.2 [`I10`]). */
const MATERIAL = ['name', 'derived_name', 'description', 'query', 'filters', 'tags'] as const

/** The dashboards a create places the insight on, until it has its id. */
const placing = new WeakMap<FakeInsight, number[]>()

function blankInsight(store: FakeStore, now: string): Omit<FakeInsight, 'id'> {
  return {
    short_id: store.hex(8),
    name: null,
    derived_name: null,
    description: null,
    query: null,
    filters: {},
    order: null,
    deleted: false,
    tags: [],
    favorited: false,
    saved: false,
    is_sample: false,
    created_at: now,
    created_by: FAKE_USER,
    updated_at: now,
    last_modified_at: now,
    last_modified_by: FAKE_USER,
  }
}

/** The query as the service's parser checks it before the view runs (§14.2 [`I5`]). */
function readQuery(body: Record<string, unknown>): Record<string, unknown> | null | undefined {
  if (!('query' in body)) return undefined
  const query = body['query']
  if (!query) return null
  if (!isObject(query)) invalid('Query must be a valid JSON object', 'query')
  const parsed = insightRootQuerySchema.safeParse(query)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    fail(
      apiError(
        400,
        'invalid_request',
        'parse_error',
        `1 validation error for QuerySchemaRoot\n${issue.path.join('.')}\n  ${issue.message}`,
      ),
    )
  }
  return query
}

/** `dashboards`: ids of this project's dashboards (deleted ones pass, and are ignored when placing). */
function readDashboards(store: FakeStore, body: Record<string, unknown>): number[] | undefined {
  const ids = body['dashboards']
  if (ids === undefined) return undefined
  if (!Array.isArray(ids)) invalid(`Expected a list of items but got type "${typeof ids}".`, 'dashboards', 'not_a_list')
  for (const id of ids) {
    if (typeof id !== 'number' || !store.dashboards.has(id))
      invalid(`Invalid pk "${String(id)}" - object does not exist.`, 'dashboards', 'does_not_exist')
  }
  return ids as number[]
}

const insights = new GroupKit<FakeInsight>({
  records: (store) => store.insights,
  idKind: 'insight',
  blank: blankInsight,
  softDeletes: true,
  writable: {
    name: field.text({ nullable: true, maxLength: 400 }),
    derived_name: field.text({ nullable: true, maxLength: 400 }),
    description: field.text({ nullable: true, maxLength: 400 }),
    query: (body) => readQuery(body),
    filters: field.object(),
    order: field.integer({ nullable: true }),
    deleted: field.boolean(),
    tags: field.strings(),
    favorited: field.boolean(),
    saved: field.boolean(),
  },
  check(store, draft, body, previous) {
    const dashboards = readDashboards(store, body)
    if (!previous) {
      if (dashboards) placing.set(draft, dashboards)
      return
    }
    // Every PATCH saves the insight and takes it out of the samples (§14.2 [`I10`]).
    draft.is_sample = false
    if (!('saved' in body)) draft.saved = true
    const now = store.timestamp()
    draft.updated_at = now
    if (MATERIAL.some((key) => JSON.stringify(draft[key]) !== JSON.stringify(previous[key])))
      Object.assign(draft, { last_modified_at: now, last_modified_by: FAKE_USER })
    // Soft delete takes it off every dashboard; a restore alone does not put it back (§14.2 [`I3`]).
    if (draft.deleted && !previous.deleted) for (const tile of tilesOfInsight(store, draft.id)) tile.deleted = true
    if (dashboards && !draft.deleted) placeInsight(store, draft.id, dashboards)
  },
  written(store, insight, previous) {
    const dashboards = placing.get(insight)
    if (!previous && dashboards) placeInsight(store, insight.id, dashboards)
  },
  present: presentInsight,
})

/** An insight as the service answers it (§14.2 [`I7`]–[`I9`]); `basic` leaves the result fields out. */
export function presentInsight(store: FakeStore, insight: FakeInsight, basic = false): Record<string, unknown> {
  const tiles = tilesOfInsight(store, insight.id)
  const { is_sample, ...rest } = clone(insight)
  const answer: Record<string, unknown> = {
    ...rest,
    // A query insight shows `filters: {}` (§14.2 [`I9`]).
    filters: insight.query ? {} : rest.filters,
    dashboards: tiles.map((tile) => tile.dashboard_id),
    dashboard_tiles: tiles.map((tile) => ({ id: tile.id, dashboard_id: tile.dashboard_id, deleted: tile.deleted })),
    is_sample,
    effective_restriction_level: 21,
    effective_privilege_level: 37,
    user_access_level: 'editor',
    timezone: 'UTC',
    alerts: [],
    last_viewed_at: null,
  }
  if (basic) return answer
  // Nothing is computed by a read with the default `refresh` (§14.2 [`I8`]).
  return {
    ...answer,
    last_refresh: null,
    cache_target_age: null,
    next_allowed_client_refresh: null,
    result: null,
    hasMore: null,
    columns: null,
    is_cached: false,
    query_status: null,
    hogql: null,
    types: null,
    resolved_date_range: null,
    filters_hash: `cache_${insight.short_id}`,
  }
}

/**
 * The insight `{id}` names: the id when it is a number, else (or when no insight has that id) the short id
 * (§14.2 [`I1`]). Deleted insights are found only by a PATCH sending a false `deleted` (§14.2 [`I3`]).
 */
function findInsight(context: OperationContext, forUpdate: boolean): FakeInsight {
  const { store, params } = context
  const raw = params['id'] ?? ''
  const insight =
    (/^\d+$/.test(raw) ? store.insights.get(Number(raw)) : undefined) ??
    [...store.insights.values()].find((one) => one.short_id === raw)
  const restoring = forUpdate && isObject(context.body) && 'deleted' in context.body && !context.body['deleted']
  if (!insight || (insight.deleted && !restoring)) notFound()
  return insight
}

/** Stores an insight built from `seed` without validation (a trends insight of `$pageview` unless told otherwise). */
export function seedInsight(store: FakeStore, seed: Partial<FakeInsight> & { dashboards?: number[] }): FakeInsight {
  const { dashboards, ...fields } = seed
  const query = {
    kind: 'InsightVizNode',
    source: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }] },
  }
  const insight = insights.seed(store, { name: `Insight ${store.insights.size + 1}`, query, saved: true, ...fields })
  if (dashboards) placeInsight(store, insight.id, dashboards)
  return insight
}

export const insightHandlers: GroupHandlers<'insights'> = {
  'insights.list': (context) => {
    const { store, query } = context
    let items = insights.live(store)
    const search = query.get('search')
    if (search)
      items = items.filter((insight) =>
        [insight.name, insight.derived_name, insight.description].some((text) => icontains(text, search)),
      )
    const shortId = query.get('short_id')
    if (shortId) items = items.filter((insight) => insight.short_id === shortId)
    for (const flag of ['saved', 'favorited'] as const) {
      const wanted = parseBoolean(query.get(flag))
      if (wanted !== undefined) items = items.filter((insight) => insight[flag] === wanted)
    }
    const dashboards = JSON.parse(query.get('dashboards') ?? '[]') as unknown
    if (Array.isArray(dashboards)) {
      items = items.filter((insight) =>
        dashboards.every((id) => tilesOfInsight(store, insight.id).some((tile) => tile.dashboard_id === id)),
      )
    }
    sortBy(items, ['order', 'id'], (insight, name) => insight[name])
    const basic = parseBoolean(query.get('basic')) === true
    return insights.page(context, items, (insight) => presentInsight(store, insight, basic))
  },
  'insights.create': insights.create,
  'insights.retrieve': (context) =>
    insights.retrieve({ ...context, params: { ...context.params, id: String(findInsight(context, false).id) } }),
  'insights.update': (context) =>
    insights.update({ ...context, params: { ...context.params, id: String(findInsight(context, true).id) } }),
  // Never hard-deleted: 405 with an empty body, whatever the id (forbid_destroy_model.py).
  'insights.delete': insights.delete,
}
