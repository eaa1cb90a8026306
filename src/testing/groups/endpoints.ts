/**
 * Saved-query endpoints (docs/service-behaviour.md §6), thin-spec era: the list is `{results}` only, versions a
 * bare array, a changed `query` on PATCH makes a new version, `run` answers a HogQL-like response (endpoint-runs.ts).
 * The same store answers under `/api/projects/:id/` and `/api/environments/:id/`.
 */
import { param, type GroupHandlers, type OperationContext } from '../context.js'
import { field, GroupKit, seededAt } from '../group-kit.js'
import { sortBy } from '../paging.js'
import { fail, invalid, json } from '../responses.js'
import {
  arrayField,
  bodyObject,
  booleanField,
  integerField,
  isObject,
  objectField,
  parseBoolean,
  stringField,
} from '../validators.js'
import {
  ENDPOINT_BUCKET_FUNCTIONS,
  ENDPOINT_DATA_FRESHNESS_SECONDS,
  ENDPOINT_QUERY_KINDS,
  ENDPOINT_SYNC_FREQUENCIES,
} from '../../model/enums.js'
import { placeholders } from '../hogql-select.js'
import type { FakeEndpoint, FakeEndpointVersion, FakeRunResult } from '../records.js'
import { FAKE_USER, clone, isoDateTime, type FakeStore } from '../store.js'
import { dumpQueryNode } from '../query-dump.js'
import { currentVersion, findEndpoint, run } from './endpoint-runs.js'

const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,127}$/
const QUERY_KINDS: readonly string[] = ENDPOINT_QUERY_KINDS
const SYNC_FREQUENCIES = ENDPOINT_SYNC_FREQUENCIES
const SIX_MONTHS_MS = 183 * 86_400_000

/** Fields a seed may set. */
export type EndpointSeed = Partial<FakeEndpoint>

/** The rows a HogQL endpoint answers unless a seed sets `run_result`. */
export const DEFAULT_RUN_RESULT: FakeRunResult = {
  columns: ['event', 'count'],
  types: [
    ['event', 'String'],
    ['count', 'UInt64'],
  ],
  results: [
    ['$pageview', 128],
    ['$autocapture', 64],
  ],
}

function newVersion(store: FakeStore, version: number, query: Record<string, unknown>, at: Date = store.now()) {
  return { id: store.uuid(), version, query: clone(query), created_at: isoDateTime(at), created_by: FAKE_USER }
}

function hasVariables(query: Record<string, unknown>): boolean {
  return isObject(query['variables']) && Object.keys(query['variables']).length > 0
}

/** Why an endpoint cannot be materialized, or `null` when it can. */
function materializationBlocker(query: Record<string, unknown>): string | null {
  if (query['kind'] !== 'HogQLQuery') return 'Only HogQL queries can be materialized.'
  if (typeof query['query'] !== 'string' || query['query'].trim() === '') return 'Query is empty or invalid.'
  if (hasVariables(query)) return 'Queries with variables cannot be materialized.'
  return null
}

function materialization(endpoint: FakeEndpoint): Record<string, unknown> {
  if (endpoint.is_materialized) {
    return {
      status: 'Completed',
      can_materialize: true,
      last_materialized_at: endpoint.updated_at.replace(/Z$/, '+00:00'),
      error: '',
      sync_frequency: endpoint.sync_frequency ?? '24hour',
    }
  }
  const reason = materializationBlocker(endpoint.query)
  return { can_materialize: reason === null, reason }
}

/** The endpoint representation (§6.2). */
export function presentEndpoint(store: FakeStore, endpoint: FakeEndpoint): Record<string, unknown> {
  return clone({
    id: endpoint.id,
    name: endpoint.name,
    description: endpoint.description,
    query: endpoint.query,
    parameters: endpoint.parameters,
    is_active: endpoint.is_active,
    cache_age_seconds: endpoint.cache_age_seconds,
    endpoint_path: `/api/environments/${store.projectId}/endpoints/${endpoint.name}/run`,
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
    created_by: endpoint.created_by,
    is_materialized: endpoint.is_materialized,
    current_version: currentVersion(endpoint),
    versions_count: endpoint.versions.length,
    derived_from_insight: endpoint.derived_from_insight,
    materialization: materialization(endpoint),
  })
}

function checkQuery(body: Record<string, unknown>, required: boolean): Record<string, unknown> | undefined {
  const query = objectField(body, 'query', { required })
  if (!query) return undefined
  if (typeof query['kind'] !== 'string' || !QUERY_KINDS.includes(query['kind'])) {
    invalid(`Unsupported query kind: ${String(query['kind'])}. Expected one of ${QUERY_KINDS.join(', ')}.`, 'query')
  }
  if (query['kind'] === 'HogQLQuery') checkHogQL(query)
  for (const name of INSIGHT_REQUIRED[query['kind']] ?? []) {
    if (query[name] === undefined || query[name] === null) invalid(`${query['kind']}.${name}: Field required`, 'query')
  }
  return dumpQueryNode(query)
}

/** What each insight kind's model requires besides `kind` (docs/service-behaviour.md [`P22`]). */
const INSIGHT_REQUIRED: Readonly<Record<string, readonly string[]>> = {
  TrendsQuery: ['series'],
  FunnelsQuery: ['series'],
  StickinessQuery: ['series'],
  LifecycleQuery: ['series'],
  RetentionQuery: ['retentionFilter'],
  PathsQuery: ['pathsFilter'],
  WebStatsTableQuery: ['properties', 'breakdownBy'],
  WebOverviewQuery: ['properties'],
}

/**
 * A HogQL query's text and variables (docs/service-behaviour.md §P3.2): `variables` is keyed by each
 * variable's `variableId`, every `{variables.X}` placeholder has a variable whose `code_name` is X, and
 * a direct external connection (`connectionId`) is refused.
 */
function checkHogQL(query: Record<string, unknown>): void {
  const text = query['query']
  if (typeof text !== 'string' || text.trim() === '') invalid('A HogQL query needs its query text.', 'query')
  if (query['connectionId'] !== undefined && query['connectionId'] !== null)
    invalid('Endpoints cannot use a direct external connection.', 'query')
  const variables = query['variables'] ?? {}
  if (!isObject(variables)) invalid('HogQL variables must be an object keyed by variable id.', 'query')
  const codeNames = new Set<string>()
  for (const [key, variable] of Object.entries(variables)) {
    if (
      !isObject(variable) ||
      typeof variable['code_name'] !== 'string' ||
      typeof variable['variableId'] !== 'string'
    ) {
      invalid(`Variable ${key} needs a variableId and a code_name.`, 'query')
    }
    if (variable['variableId'] !== key)
      invalid(`Variable ${key} is keyed by another id than its variableId (${variable['variableId']}).`, 'query')
    codeNames.add(variable['code_name'])
  }
  const missing = placeholders(text).filter((name) => !codeNames.has(name))
  if (missing.length > 0) invalid(`The query uses variables with no definition: ${missing.join(', ')}.`, 'query')
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || !NAME.test(value)) {
    invalid(
      'Endpoint name must start with a letter and contain only letters, numbers, hyphens or underscores (at ' +
        'most 128 characters).',
      'name',
    )
  }
  return value
}

/** The version `?version=` names (a 404 `{error}` when it names none), or `undefined` when not given. */
function targetedVersion(context: OperationContext, endpoint: FakeEndpoint): FakeEndpointVersion | undefined {
  const wanted = context.query.get('version')
  if (wanted === null) return undefined
  return (
    endpoint.versions.find((item) => String(item.version) === wanted) ??
    fail(json({ error: `Version ${wanted} not found` }, 404))
  )
}

function blankEndpoint(store: FakeStore, now: string): Omit<FakeEndpoint, 'id'> {
  return {
    name: '',
    description: '',
    query: {},
    parameters: {},
    is_active: true,
    cache_age_seconds: null,
    is_materialized: false,
    sync_frequency: null,
    derived_from_insight: null,
    created_at: now,
    updated_at: now,
    created_by: FAKE_USER,
    versions: [],
    last_executed_at: null,
    run_result: clone(DEFAULT_RUN_RESULT),
  }
}

const endpoints = new GroupKit<FakeEndpoint, string>({
  records: (store) => store.endpoints,
  idKind: 'uuid',
  keyOf: (endpoint) => endpoint.name,
  param: 'name',
  blank: blankEndpoint,
  // HogQL unless told otherwise, with version 1 unless `versions` is given.
  seeded(store, _endpoint, seed, index) {
    const createdAt = seed.created_at ?? seededAt(store, index)
    const query = dumpQueryNode(
      seed.query ?? { kind: 'HogQLQuery', query: 'SELECT event, count() FROM events GROUP BY event' },
    )
    const versions = seed.versions ?? [newVersion(store, 1, query, new Date(Date.parse(createdAt)))]
    return {
      name: `endpoint_${store.endpoints.size + 1}`,
      created_at: createdAt,
      updated_at: createdAt,
      ...seed,
      query,
      versions,
    }
  },
  softDeletes: false,
  writable: {
    name: (body, key, { previous }) =>
      previous
        ? body[key] === undefined
          ? undefined
          : checkName(body[key])
        : checkName(stringField(body, key, { required: true, allowBlank: false })),
    query: (body, key, { previous }) => checkQuery(body, !previous),
    description: (body, key) => {
      const description = stringField(body, key, { nullable: true })
      return description === undefined ? undefined : (description ?? '')
    },
    cache_age_seconds: field.integer({ nullable: true, min: 300, max: 86_400 }),
    is_active: field.keptOnNull(field.boolean({ nullable: true })),
    sync_frequency: field.choice(SYNC_FREQUENCIES, { nullable: true }),
    data_freshness_seconds: (body, key) => {
      const freshness = integerField(body, key, { nullable: true })
      if (typeof freshness === 'number' && !(ENDPOINT_DATA_FRESHNESS_SECONDS as readonly number[]).includes(freshness))
        invalid(`"${freshness}" is not a valid choice.`, key, 'invalid_choice')
      return freshness
    },
    bucket_overrides: (body, key) => {
      const buckets = objectField(body, key, { nullable: true })
      for (const [column, bucket] of Object.entries(buckets ?? {})) {
        if (!(ENDPOINT_BUCKET_FUNCTIONS as readonly unknown[]).includes(bucket))
          invalid(`Unsupported bucket function for ${column}: ${String(bucket)}.`, key)
      }
      return buckets
    },
    derived_from_insight: field.text({ nullable: true }),
    is_materialized: (body, key, { draft }) => {
      const materialized = booleanField(body, key, { nullable: true })
      if (materialized === undefined || materialized === null) return undefined
      const reason = materialized ? materializationBlocker(draft.query) : null
      if (reason) invalid(reason, key)
      if (materialized) draft.sync_frequency ??= '24hour'
      return materialized
    },
  },
  // Any failure after validation, a duplicate name included, is this one message (§6.3); a rename is refused at once.
  unique: {
    field: 'name',
    attr: null,
    code: 'invalid_input',
    message: (_holder, previous) => (previous ? 'Failed to update endpoint.' : 'Failed to create endpoint.'),
    withField: { update: true },
    onChangeOnly: true,
  },
  check(store, draft, body, previous, context) {
    if (!previous) {
      draft.versions = [newVersion(store, 1, draft.query)]
      return
    }
    if (body['query'] === undefined || JSON.stringify(draft.query) === JSON.stringify(previous.query)) return
    const targeted = targetedVersion(context, previous)
    const version = targeted && draft.versions.find((item) => item.version === targeted.version)
    // A changed query makes a new version (§6.2), or changes the one `?version=` names.
    if (version) version.query = clone(draft.query)
    else draft.versions.push(newVersion(store, currentVersion(previous) + 1, draft.query))
  },
  written(store, endpoint, previous) {
    if (previous) endpoint.updated_at = store.timestamp()
  },
  present: presentEndpoint,
})

/** Stores an endpoint built from `seed` without validation; it gets one version unless `versions` is given. */
export function seedEndpoint(store: FakeStore, seed: EndpointSeed, index: number): FakeEndpoint {
  return endpoints.seed(store, seed, index)
}

export const endpointHandlers: GroupHandlers<'endpoints'> = {
  // Thin-spec era: `{results}` only, no count or links (§6.3).
  'endpoints.list': ({ store, query }) => {
    let items = [...store.endpoints.values()]
    const active = query.get('is_active')
    if (active !== null && parseBoolean(active) !== undefined)
      items = items.filter((item) => item.is_active === parseBoolean(active))
    const createdBy = query.get('created_by')
    if (createdBy) items = items.filter((item) => String(item.created_by?.id) === createdBy)
    sortBy(items, ['-created_at', 'name'], (item, field) => item[field])
    return json({ results: items.map((item) => presentEndpoint(store, item)) })
  },

  'endpoints.create': endpoints.create,
  'endpoints.retrieve': endpoints.retrieve,
  'endpoints.update': (context) => {
    targetedVersion(context, endpoints.find(context))
    return endpoints.update(context)
  },
  'endpoints.delete': endpoints.delete,

  'endpoints.materializationStatus': (context) => json(clone(materialization(findEndpoint(context)))),

  'endpoints.runGet': run,

  'endpoints.run': run,

  // Thin-spec era: a bare array, newest first (§6.3).
  'endpoints.versions': (context) => json(clone([...findEndpoint(context).versions].reverse())),

  'endpoints.version': (context) => {
    const endpoint = findEndpoint(context)
    const number = param(context, 'versionNumber')
    const version = /^\d+$/.test(number) ? endpoint.versions.find((item) => item.version === Number(number)) : undefined
    if (!version) return json({ error: `Version ${number} not found` }, 404)
    return json(clone(version))
  },

  'endpoints.lastExecutionTimes': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const names = arrayField(body, 'names', { required: true }) as unknown[]
    for (const name of names)
      if (typeof name !== 'string' || !NAME.test(name)) invalid(`Invalid endpoint name: ${String(name)}`, 'names')
    const now = store.now()
    const since = now.getTime() - SIX_MONTHS_MS
    const results =
      names.length === 0
        ? null
        : (names as string[]).flatMap((name) => {
            const executed = store.endpoints.get(name)?.last_executed_at
            return executed && Date.parse(executed) >= since
              ? [[name, new Date(Date.parse(executed)).toISOString()]]
              : []
          })
    return json({
      query_status: {
        complete: true,
        dashboard_id: null,
        end_time: now.toISOString(),
        error: false,
        error_message: null,
        expiration_time: null,
        id: '',
        insight_id: null,
        labels: null,
        pickup_time: null,
        query_async: true,
        query_progress: null,
        results,
        start_time: null,
        task_id: null,
        team_id: store.projectId,
      },
    })
  },
}
