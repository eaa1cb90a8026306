/**
 * Running an endpoint (docs/service-behaviour.md §6.2): the version asked for (the newest unless told), sync
 * refresh modes only, HogQL variables by code name, and the HogQL-like response with its version fields.
 */
import { findRecord } from '../group-kit.js'
import type { OperationContext } from '../context.js'
import { fail, invalid, json, notFound } from '../responses.js'
import { bodyObject, isObject } from '../validators.js'
import { ENDPOINT_REFRESH_MODES } from '../../model/enums.js'
import { evaluateSelect } from '../hogql-select.js'
import type { FakeEndpoint } from '../records.js'
import { clone, drfDateTime, hash128, type FakeStore } from '../store.js'

const SYNC_REFRESH: readonly string[] = ENDPOINT_REFRESH_MODES
const ASYNC_REFRESH = ['async', 'force_async', 'lazy_async', 'async_except_on_cache']

/** The endpoint the path's `name` names, or a 404. */
export function findEndpoint(context: OperationContext): FakeEndpoint {
  return findRecord(context, context.store.endpoints, { param: 'name' })
}

/** The newest version's number. */
export function currentVersion(endpoint: FakeEndpoint): number {
  return endpoint.versions[endpoint.versions.length - 1]?.version ?? 1
}

/** Code name → value: the stored values, overridden by the run's `variables`. */
function variableValues(query: Record<string, unknown>, sent: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const variable of Object.values(isObject(query['variables']) ? query['variables'] : {})) {
    if (isObject(variable) && typeof variable['code_name'] === 'string')
      values[variable['code_name']] = variable['value'] ?? null
  }
  if (isObject(sent)) {
    for (const [name, value] of Object.entries(sent)) {
      // Unknown names are refused (docs/service-behaviour.md §6.1, newer services).
      if (!Object.hasOwn(values, name))
        invalid(
          `Unknown variable: ${name}. This endpoint's variables: ${Object.keys(values).join(', ') || 'none'}.`,
          'variables',
        )
      values[name] = value
    }
  }
  return values
}

/** `?version=` or the body's `version`: `undefined` when absent, 400 `{error}` when not an integer. */
function requestedVersion(context: OperationContext, body: Record<string, unknown>): number | undefined {
  const raw = body['version'] ?? context.query.get('version') ?? undefined
  if (raw === undefined || raw === null || raw === '') return undefined
  const text = String(raw)
  if (!/^\d+$/.test(text)) fail(json({ error: `Invalid version parameter: ${text}` }, 400))
  return Number(text)
}

/** What a run keeps only with `debug: true` ([`EP9`]): the stripped keys of the query response. */
function debugFields(text: string, now: Date): Record<string, unknown> {
  return {
    calculation_trigger: null,
    cache_key: `cache_${hash128(text)}`,
    explain: null,
    modifiers: {},
    resolved_date_range: {
      date_from: drfDateTime(new Date(now.getTime() - 7 * 86_400_000)),
      date_to: drfDateTime(now),
    },
    timings: [{ k: './query', t: 0.01 }],
    hogql: text,
  }
}

function runResponse(
  store: FakeStore,
  endpoint: FakeEndpoint,
  version: FakeEndpoint['versions'][number],
  body: Record<string, unknown>,
): Record<string, unknown> {
  const now = store.now()
  const versionFields: Record<string, unknown> = {
    endpoint_version: version.version,
    endpoint_version_created_at: version.created_at,
  }
  if (endpoint.is_materialized) {
    versionFields['endpoint_materialized'] = true
    versionFields['endpoint_materialized_at'] = endpoint.updated_at.replace(/Z$/, '+00:00')
  }
  const query = clone(version.query)
  if (query['kind'] === 'HogQLQuery') {
    const values = variableValues(query, body['variables'])
    for (const variable of Object.values(isObject(query['variables']) ? query['variables'] : {})) {
      if (isObject(variable) && typeof variable['code_name'] === 'string')
        variable['value'] = values[variable['code_name']]
    }
    // A SELECT of literals and variables is evaluated; any other query answers the seeded rows.
    const text = String(query['query'])
    const evaluated = evaluateSelect(text, values)
    const answer = evaluated ?? endpoint.run_result
    const limit = typeof body['limit'] === 'number' ? body['limit'] : 100
    const offset = typeof body['offset'] === 'number' ? body['offset'] : 0
    const rows = answer.results.slice(offset, offset + limit)
    return {
      results: clone(rows),
      cache_target_age: null,
      clickhouse: evaluated
        ? text.replace(/\{\s*variables\.(\w+)\s*\}/g, (_, name: string) => JSON.stringify(values[name] ?? null))
        : `SELECT ${answer.columns.join(', ')} FROM events WHERE team_id = ${store.projectId} LIMIT ${limit}`,
      columns: [...answer.columns],
      error: null,
      hasMore: offset + limit < answer.results.length,
      is_cached: false,
      last_refresh: drfDateTime(now),
      limit,
      metadata: null,
      next_allowed_client_refresh: drfDateTime(new Date(now.getTime() + 60_000)),
      offset,
      query,
      query_status: null,
      timezone: 'UTC',
      types: clone(answer.types),
      ...versionFields,
      ...(body['debug'] === true ? debugFields(text, now) : {}),
    }
  }
  // Insight endpoints answer that insight's shape; a Trends-like series is close enough for clients.
  const days = Array.from({ length: 7 }, (_, index) =>
    new Date(now.getTime() - (6 - index) * 86_400_000).toISOString().slice(0, 10),
  )
  const data = days.map((_, index) => (index + 1) * 3)
  return {
    results: [
      {
        action: { id: '$pageview', type: 'events', order: 0, name: '$pageview' },
        label: '$pageview',
        count: data.reduce((sum, value) => sum + value, 0),
        data,
        labels: days,
        days,
      },
    ],
    is_cached: false,
    last_refresh: drfDateTime(now),
    next_allowed_client_refresh: drfDateTime(new Date(now.getTime() + 60_000)),
    query_status: null,
    timezone: 'UTC',
    ...versionFields,
  }
}

export function run(context: OperationContext): Response {
  const { store } = context
  const endpoint = findEndpoint(context)
  // Inactive endpoints cannot run (§6.2).
  if (!endpoint.is_active) notFound()
  const body = context.method === 'POST' ? bodyObject(context.body) : {}
  const number = requestedVersion(context, body)
  const version =
    number === undefined
      ? endpoint.versions[endpoint.versions.length - 1]
      : endpoint.versions.find((item) => item.version === number)
  if (!version) {
    fail(
      json(
        {
          error: `Version ${number} not found for endpoint '${endpoint.name}'`,
          current_version: currentVersion(endpoint),
        },
        404,
      ),
    )
  }
  const refresh = body['refresh'] ?? context.query.get('refresh') ?? 'blocking'
  if (typeof refresh !== 'string' || ASYNC_REFRESH.includes(refresh))
    invalid('Only sync modes are supported (refresh param)', 'refresh')
  if (!SYNC_REFRESH.includes(refresh)) invalid(`"${refresh}" is not a valid choice.`, 'refresh', 'invalid_choice')
  if (refresh === 'direct' && !endpoint.is_materialized)
    invalid("'direct' refresh is only supported for materialized endpoints", 'refresh')
  const isHogQL = version.query['kind'] === 'HogQLQuery'
  if (isHogQL && body['query_override'] !== undefined && body['query_override'] !== null) {
    invalid('query_override is not supported for HogQL endpoints; use variables instead.', 'query_override')
  }
  if (!isHogQL && body['variables'] !== undefined && body['variables'] !== null) {
    invalid('variables are only supported for HogQL endpoints.', 'variables')
  }
  endpoint.last_executed_at = drfDateTime(store.now())
  return json(runResponse(store, endpoint, version, body))
}
