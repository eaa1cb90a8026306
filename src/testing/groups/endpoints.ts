/**
 * Saved-query endpoints (docs/service-behaviour.md §6), thin-spec era: the list is `{results}` only, versions a
 * bare array, a changed `query` on PATCH makes a new version, `run` answers a HogQL-like response (endpoint-runs.ts).
 * The same store answers under `/api/projects/:id/` and `/api/environments/:id/`.
 */
import { param, type GroupHandlers } from '../context.js'
import { sortBy } from '../paging.js'
import { empty, fail, invalid, json } from '../responses.js'
import { arrayField, bodyObject, booleanField, choiceField, integerField, isObject, objectField, parseBoolean, stringField } from '../validators.js'
import { ENDPOINT_BUCKET_FUNCTIONS, ENDPOINT_DATA_FRESHNESS_SECONDS, ENDPOINT_QUERY_KINDS, ENDPOINT_SYNC_FREQUENCIES } from '../../model/enums.js'
import { placeholders } from '../hogql-select.js'
import type { FakeEndpoint, FakeRunResult } from '../records.js'
import { FAKE_USER, clone, isoDateTime, type FakeStore } from '../store.js'
import { dumpQueryNode } from '../query-dump.js'
import { currentVersion, findEndpoint, run } from './endpoint-runs.js'

const NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,127}$/
const QUERY_KINDS: readonly string[] = ENDPOINT_QUERY_KINDS
const SYNC_FREQUENCIES = ENDPOINT_SYNC_FREQUENCIES
const SIX_MONTHS_MS = 183 * 86_400_000

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

/** Fields a seed may set. */
export type EndpointSeed = Partial<FakeEndpoint>

/** Stores an endpoint built from `seed` without validation; it gets one version unless `versions` is given. */
export function seedEndpoint(store: FakeStore, seed: EndpointSeed, index: number): FakeEndpoint {
  const createdAt = seed.created_at ?? store.timestamp(-(30 * 60_000) + index * 1000)
  const name = seed.name ?? `endpoint_${store.endpoints.size + 1}`
  const query = dumpQueryNode(seed.query ?? { kind: 'HogQLQuery', query: 'SELECT event, count() FROM events GROUP BY event' })
  const endpoint = baseEndpoint(store, name, query, createdAt)
  Object.assign(endpoint, seed, { query })
  if (seed.versions === undefined) endpoint.versions = [newVersion(store, 1, endpoint.query, new Date(Date.parse(createdAt)))]
  store.endpoints.set(endpoint.name, endpoint)
  return endpoint
}

function baseEndpoint(store: FakeStore, name: string, query: Record<string, unknown>, createdAt: string): FakeEndpoint {
  return {
    id: store.uuid(),
    name,
    description: '',
    query,
    parameters: {},
    is_active: true,
    cache_age_seconds: null,
    is_materialized: false,
    sync_frequency: null,
    derived_from_insight: null,
    created_at: createdAt,
    updated_at: createdAt,
    created_by: FAKE_USER,
    versions: [],
    last_executed_at: null,
    run_result: clone(DEFAULT_RUN_RESULT),
  }
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
  return dumpQueryNode(query)
}

/**
 * A HogQL query's text and variables (docs/service-behaviour.md §P3.2): `variables` is keyed by each
 * variable's `variableId`, every `{variables.X}` placeholder has a variable whose `code_name` is X, and
 * a direct external connection (`connectionId`) is refused.
 */
function checkHogQL(query: Record<string, unknown>): void {
  const text = query['query']
  if (typeof text !== 'string' || text.trim() === '') invalid('A HogQL query needs its query text.', 'query')
  if (query['connectionId'] !== undefined && query['connectionId'] !== null) invalid('Endpoints cannot use a direct external connection.', 'query')
  const variables = query['variables'] ?? {}
  if (!isObject(variables)) invalid('HogQL variables must be an object keyed by variable id.', 'query')
  const codeNames = new Set<string>()
  for (const [key, variable] of Object.entries(variables)) {
    if (!isObject(variable) || typeof variable['code_name'] !== 'string' || typeof variable['variableId'] !== 'string') {
      invalid(`Variable ${key} needs a variableId and a code_name.`, 'query')
    }
    if (variable['variableId'] !== key) invalid(`Variable ${key} is keyed by another id than its variableId (${variable['variableId']}).`, 'query')
    codeNames.add(variable['code_name'])
  }
  const missing = placeholders(text).filter((name) => !codeNames.has(name))
  if (missing.length > 0) invalid(`The query uses variables with no definition: ${missing.join(', ')}.`, 'query')
}

/** Writable fields other than `name` and `query`, checked and copied onto `target`. */
function applyWritable(target: FakeEndpoint, body: Record<string, unknown>): void {
  const description = stringField(body, 'description', { nullable: true })
  if (description !== undefined) target.description = description ?? ''
  const cacheAge = integerField(body, 'cache_age_seconds', { nullable: true, min: 300, max: 86_400 })
  if (cacheAge !== undefined) target.cache_age_seconds = cacheAge
  const active = booleanField(body, 'is_active', { nullable: true })
  if (active !== undefined && active !== null) target.is_active = active
  const frequency = choiceField(body, 'sync_frequency', SYNC_FREQUENCIES, { nullable: true })
  if (frequency !== undefined) target.sync_frequency = frequency
  const freshness = integerField(body, 'data_freshness_seconds', { nullable: true })
  if (typeof freshness === 'number' && !(ENDPOINT_DATA_FRESHNESS_SECONDS as readonly number[]).includes(freshness)) {
    invalid(`"${freshness}" is not a valid choice.`, 'data_freshness_seconds', 'invalid_choice')
  }
  if (freshness !== undefined) target['data_freshness_seconds'] = freshness
  const buckets = objectField(body, 'bucket_overrides', { nullable: true })
  for (const [column, bucket] of Object.entries(buckets ?? {})) {
    if (!(ENDPOINT_BUCKET_FUNCTIONS as readonly unknown[]).includes(bucket)) invalid(`Unsupported bucket function for ${column}: ${String(bucket)}.`, 'bucket_overrides')
  }
  if (buckets !== undefined) target['bucket_overrides'] = buckets
  const insight = stringField(body, 'derived_from_insight', { nullable: true })
  if (insight !== undefined) target.derived_from_insight = insight
  const materialized = booleanField(body, 'is_materialized', { nullable: true })
  if (materialized !== undefined && materialized !== null) {
    const reason = materialized ? materializationBlocker(target.query) : null
    if (reason) invalid(reason, 'is_materialized')
    target.is_materialized = materialized
    if (materialized) target.sync_frequency ??= '24hour'
  }
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || !NAME.test(value)) {
    invalid('Endpoint name must start with a letter and contain only letters, numbers, hyphens or underscores (at most 128 characters).', 'name')
  }
  return value
}

export const endpointHandlers: GroupHandlers<'endpoints'> = {
  // Thin-spec era: `{results}` only, no count or links (§6.3).
  'endpoints.list': ({ store, query }) => {
    let items = [...store.endpoints.values()]
    const active = query.get('is_active')
    if (active !== null && parseBoolean(active) !== undefined) items = items.filter((item) => item.is_active === parseBoolean(active))
    const createdBy = query.get('created_by')
    if (createdBy) items = items.filter((item) => String(item.created_by?.id) === createdBy)
    sortBy(items, ['-created_at', 'name'], (item, field) => item[field])
    return json({ results: items.map((item) => presentEndpoint(store, item)) })
  },

  'endpoints.create': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const nameValue = stringField(body, 'name', { required: true, allowBlank: false })
    const name = checkName(nameValue)
    const query = checkQuery(body, true) as Record<string, unknown>
    const endpoint = baseEndpoint(store, name, query, store.timestamp())
    applyWritable(endpoint, body)
    // Any failure after validation, a duplicate name included, is this one message (§6.3).
    if (store.endpoints.has(name)) invalid('Failed to create endpoint.')
    endpoint.versions = [newVersion(store, 1, query)]
    store.endpoints.set(name, endpoint)
    return json(presentEndpoint(store, endpoint), 201)
  },

  'endpoints.retrieve': (context) => json(presentEndpoint(context.store, findEndpoint(context))),

  'endpoints.update': (context) => {
    const { store } = context
    const endpoint = findEndpoint(context)
    const body = bodyObject(context.body)
    const versionParam = context.query.get('version')
    const targeted = versionParam === null ? undefined : endpoint.versions.find((item) => String(item.version) === versionParam)
    if (versionParam !== null && !targeted) fail(json({ error: `Version ${versionParam} not found` }, 404))
    const draft = clone(endpoint)
    const name = body['name'] === undefined ? undefined : checkName(body['name'])
    if (name !== undefined && name !== endpoint.name && store.endpoints.has(name)) invalid('Failed to update endpoint.')
    const query = checkQuery(body, false)
    if (query) draft.query = query
    applyWritable(draft, body)
    if (name !== undefined) draft.name = name
    if (query && JSON.stringify(query) !== JSON.stringify(endpoint.query)) {
      if (targeted) {
        const index = draft.versions.findIndex((item) => item.version === targeted.version)
        const target = draft.versions[index]
        if (target) target.query = clone(query)
      } else {
        // A changed query makes a new version (§6.2).
        draft.versions.push(newVersion(store, currentVersion(endpoint) + 1, query))
      }
    }
    draft.updated_at = store.timestamp()
    store.endpoints.delete(endpoint.name)
    Object.assign(endpoint, draft)
    store.endpoints.set(endpoint.name, endpoint)
    return json(presentEndpoint(store, endpoint))
  },

  'endpoints.delete': (context) => {
    const endpoint = findEndpoint(context)
    context.store.endpoints.delete(endpoint.name)
    return empty(204)
  },

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
    for (const name of names) if (typeof name !== 'string' || !NAME.test(name)) invalid(`Invalid endpoint name: ${String(name)}`, 'names')
    const now = store.now()
    const since = now.getTime() - SIX_MONTHS_MS
    const results =
      names.length === 0
        ? null
        : (names as string[]).flatMap((name) => {
            const executed = store.endpoints.get(name)?.last_executed_at
            return executed && Date.parse(executed) >= since ? [[name, new Date(Date.parse(executed)).toISOString()]] : []
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
