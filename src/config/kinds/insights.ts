import { isPlainObject } from '../diff.js'
import { at, BELOW, declareKind, memberIs, narrowed, remove, type Resource } from './declare.js'

/** An insight's fields the service derives or computes per read (§14.2 [`I7`], [`I8`]). */
const INSIGHT_OWNED = [
  ...['short_id', 'dashboard_tiles', 'saved', 'is_sample', 'timezone', 'alerts', 'last_viewed_at', 'search_match_type'],
  ...['result', 'hasMore', 'columns', 'last_refresh', 'cache_target_age', 'next_allowed_client_refresh', 'is_cached'],
  ...['query_status', 'hogql', 'types', 'resolved_date_range', 'filters_hash', 'refreshing'],
]

// An insight is placed by the tiles of the dashboards that show it (docs/service-behaviour.md §14.4 [`X1`]).
const PLACED_BY_DASHBOARDS =
  'dashboards: an insight is placed by the dashboards that show it: list it in their tiles ' +
  "({ insight: { $ref: 'insights/<name>' } }) and leave dashboards out of its spec"

/** Every property filter schema (`key`, `type` and `value`): a JSON Schema cannot say which `type` is a cohort. */
const COHORT_FILTER = narrowed(
  {
    spec: () => true,
    schema: (schema) =>
      ['key', 'type', 'value'].every((member) => member in ((schema.properties as object | undefined) ?? {})),
  },
  (node) => node.type === 'cohort' && node.key === 'id',
)

// Only soft-deleted; names not unique (§14 [`I11`]). One without a name (the interface shows its
// `derived_name`) has no key, and is left alone.
export const insights = declareKind({
  kind: 'insights',
  folder: 'insights',
  keyField: 'name',
  singular: 'insight',
  sdk: (client) => client.insights,
  search: (spec) => ({ search: spec.name }),
  keep: (item) => typeof item.name === 'string' && item.name !== '',
  uniqueOnService: false,
  softDelete: true,
  // Its place on dashboards is the dashboards' (their tiles); a query insight shows `filters: {}` (§14.2 [`I9`]).
  toSpec(client, resource) {
    const params = client.insights.toCreateParams(resource as never) as unknown as Resource
    const { dashboards: _dashboards, ...spec } = params
    if (isEmptyObject(spec.filters) && spec.query !== undefined && spec.query !== null) delete spec.filters
    return spec
  },
  // An action counted and a cohort filtered by, anywhere in the query (docs/service-behaviour.md §14.2 [`I13`]).
  references: [
    at(
      ['query', BELOW],
      { field: 'id', target: 'actions', where: memberIs('kind', 'ActionsNode') },
      { field: 'value', target: 'cohorts', where: COHORT_FILTER },
    ),
  ],
  otherIds: (spec) => queryIds(spec.query, 'query'),
  owned: (spec) => remove(spec, INSIGHT_OWNED),
  plan: {
    refuseSpec: (spec) => (spec.dashboards !== undefined ? PLACED_BY_DASHBOARDS : undefined),
  },
})

function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0
}

/**
 * Ids inside an insight's query that are not references: the cohorts of a breakdown by cohort and the project's
 * SQL variables (keyed by their id), docs/service-behaviour.md §14.2 [`I13`].
 */
function queryIds(value: unknown, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => queryIds(item, `${path}[${index}]`))
  if (!isPlainObject(value)) return []
  const found: string[] = []
  const cohorts = Array.isArray(value.breakdown) ? value.breakdown.filter((item) => typeof item === 'number') : []
  if (value.breakdown_type === 'cohort' && cohorts.length > 0)
    found.push(`${path}.breakdown cohorts ${cohorts.join(', ')}`)
  if (value.kind === 'HogQLQuery' && isPlainObject(value.variables) && Object.keys(value.variables).length > 0) {
    found.push(`${path}.variables ${Object.keys(value.variables).join(', ')}`)
  }
  for (const [key, inner] of Object.entries(value))
    if (key !== 'variables') found.push(...queryIds(inner, `${path}.${key}`))
  return found
}
