import * as z from 'zod/mini'
import { dateTime, json, jsonObject, nullish, openEnum, userBasicSchema } from './common.js'

/**
 * The query an endpoint runs: a HogQL query (`{kind: "HogQLQuery", query: "select …", variables?}`)
 * or an insight query (`TrendsQuery`, `FunnelsQuery`, …), told apart by `kind`.
 */
export const endpointQuerySchema = z.looseObject({
  kind: z.optional(z.string()),
})
/** The query an endpoint runs, discriminated by `kind`. */
export type EndpointQuery = z.infer<typeof endpointQuerySchema>

/** How often a materialized endpoint is refreshed. */
export const syncFrequencySchema = openEnum<'5min' | '15min' | '30min' | '1hour' | '6hour' | '12hour' | '24hour' | '7day' | '30day'>()
/** How often a materialized endpoint is refreshed (`24hour` by default). */
export type SyncFrequency = z.infer<typeof syncFrequencySchema>

/**
 * Materialization of an endpoint (api-contract.md §6.2). It comes in two shapes, both covered here:
 * - materialized: `{status, can_materialize: true, last_materialized_at, error, sync_frequency}`
 *   (`error` is `""` when none; newer versions add `name`, `enabled`, `ready`, `saved_query_id`);
 * - not materialized: `{can_materialize, reason}` (`reason` says why it cannot be, or `null`).
 */
export const endpointMaterializationSchema = z.looseObject({
  /** `Completed`, `Running`, `Failed`, … (`Unknown` when the backing query has none). Materialized only. */
  status: z.optional(openEnum<'Completed' | 'Running' | 'Failed' | 'Cancelled' | 'Modified' | 'Unknown'>()),
  can_materialize: z.optional(z.boolean()),
  /** Why the query cannot be materialized, e.g. `Only HogQL queries can be materialized.` */
  reason: nullish(z.string()),
  /** `+00:00` form. */
  last_materialized_at: nullish(dateTime),
  error: nullish(z.string()),
  sync_frequency: nullish(syncFrequencySchema),
  name: z.optional(z.string()),
  enabled: z.optional(z.boolean()),
  ready: z.optional(z.boolean()),
  saved_query_id: nullish(z.string()),
})
/** Materialization of an endpoint: the materialized shape or the `{can_materialize, reason}` shape. */
export type EndpointMaterialization = z.infer<typeof endpointMaterializationSchema>

/** A column of an endpoint's result (newest versions). */
export const endpointColumnSchema = z.looseObject({
  name: z.optional(z.string()),
  /** `integer`, `float`, `string`, `datetime`, `date`, `boolean`, `array`, `json`, `unknown`. */
  type: z.optional(z.string()),
})
/** A column of an endpoint's result. */
export type EndpointColumn = z.infer<typeof endpointColumnSchema>

const endpointShape = {
  id: z.string(),
  name: z.optional(z.string()),
  description: nullish(z.string()),
  query: nullish(endpointQuerySchema),
  /** `{}`; thin-spec-era versions only. */
  parameters: nullish(jsonObject),
  is_active: z.optional(z.boolean()),
  /** Thin-spec era: cache age (300…86400). Newer versions send `data_freshness_seconds` instead. */
  cache_age_seconds: nullish(z.number()),
  /** Newer versions: 900, 1800, 3600, 21600, 43200, 86400 or 604800. Replaces `cache_age_seconds`. */
  data_freshness_seconds: nullish(z.number()),
  /** `/api/environments/<team>/endpoints/<name>/run`. */
  endpoint_path: z.optional(z.string()),
  url: nullish(z.string()),
  ui_url: nullish(z.string()),
  created_at: z.optional(dateTime),
  updated_at: z.optional(dateTime),
  created_by: nullish(userBasicSchema),
  is_materialized: z.optional(z.boolean()),
  current_version: z.optional(z.number()),
  current_version_id: nullish(z.string()),
  versions_count: z.optional(z.number()),
  derived_from_insight: nullish(z.string()),
  materialization: nullish(endpointMaterializationSchema),
  last_executed_at: nullish(dateTime),
  bucket_overrides: nullish(jsonObject),
  columns: nullish(z.array(endpointColumnSchema)),
  tags: nullish(z.array(z.string())),
  optional_breakdown_properties: nullish(z.array(z.string())),
}

/** An endpoint (saved query), as list, create, retrieve and update return it (api-contract.md §6.2). */
export const endpointSchema = z.looseObject(endpointShape)
/** An endpoint (saved query). */
export type Endpoint = z.infer<typeof endpointSchema>

/**
 * One version of an endpoint. Thin-spec-era versions send `{id, version, query, created_at, created_by}`
 * (later `is_active` too); the newest send the full endpoint with the version's fields (`version`,
 * `version_id`, `endpoint_is_active`, `version_created_at`, …). Both fit.
 */
export const endpointVersionSchema = z.looseObject({
  ...endpointShape,
  version: z.optional(z.number()),
  /** `+00:00` form in the thin-spec era. */
  created_at: z.optional(dateTime),
  version_id: nullish(z.string()),
  endpoint_is_active: z.optional(z.boolean()),
  version_created_at: nullish(dateTime),
  version_updated_at: nullish(dateTime),
  version_created_by: nullish(userBasicSchema),
})
/** One version of an endpoint. */
export type EndpointVersion = z.infer<typeof endpointVersionSchema>

/** Fields accepted by `endpoints.create` and `endpoints.update` (OAS `EndpointRequest`). */
export interface EndpointWriteFields {
  /** `^[a-zA-Z][a-zA-Z0-9_-]{0,127}$`, unique per project. */
  name?: string
  /** A HogQL or insight query (`kind` discriminates). Changing it on update creates a new version. */
  query?: EndpointQuery
  description?: string | null
  /** Thin-spec era: 300…86400. */
  cache_age_seconds?: number | null
  /** Newer versions: 900, 1800, 3600, 21600, 43200, 86400 or 604800. */
  data_freshness_seconds?: number | null
  /** Short id of the insight it came from. */
  derived_from_insight?: string | null
  is_active?: boolean | null
  is_materialized?: boolean | null
  sync_frequency?: SyncFrequency | null
  /** Update: the version to change (default: the current one). */
  version?: number | null
  bucket_overrides?: Record<string, unknown> | null
  tags?: string[] | null
  /** Fields the service added after the spec are passed through as given. */
  [field: string]: unknown
}

/** `endpoints.create`: `name` and `query` are required by the service. */
export interface EndpointCreateParams extends EndpointWriteFields {
  name: string
  query: EndpointQuery
}

/** `endpoints.update`: any writable field. */
export type EndpointUpdateParams = EndpointWriteFields

/** Query of `endpoints.list`. */
export interface EndpointListParams {
  limit?: number
  offset?: number
  is_active?: boolean
  /** A user id. */
  created_by?: number
}

/**
 * `refresh` of a run. Thin-spec era: `blocking` (default) or `force_blocking`; newer versions:
 * `cache` (default), `force`, `direct` (materialized endpoints only).
 */
export type EndpointRefresh = 'blocking' | 'force_blocking' | 'cache' | 'force' | 'direct' | (string & {})

/** Body of `endpoints.run` (OAS `EndpointRunRequest`). Every field is optional. */
export interface EndpointRunParams {
  /** Your id for this run, to find it in the query log. */
  client_query_id?: string
  /** Dashboard-style filters (date range, properties) applied over an insight endpoint's query. */
  filters_override?: Record<string, unknown> | null
  /** Fields merged over the stored query (insight endpoints, thin-spec era). */
  query_override?: Record<string, unknown> | null
  refresh?: EndpointRefresh
  /** HogQL variables: code name → value. */
  variables?: Record<string, unknown> | null
  /** The version to run (default: the latest). */
  version?: number | null
  /** Keep the debug keys (`timings`, `hogql`, `explain`, …) in the response. */
  debug?: boolean
  limit?: number
  offset?: number
  /** Fields the service added later are passed through as given. */
  [field: string]: unknown
}

/** Query of `endpoints.runGet`. */
export interface EndpointRunGetParams {
  /** The version to run (default: the latest); a positive integer. */
  version?: number
}

/**
 * Status of a query (OAS `QueryStatus`). Every key is present, unset ones `null`; `id` is `""`
 * inside `last_execution_times`.
 */
export const queryStatusSchema = z.looseObject({
  id: z.optional(z.string()),
  complete: nullish(z.boolean()),
  dashboard_id: nullish(z.number()),
  end_time: nullish(dateTime),
  error: nullish(z.boolean()),
  error_message: nullish(z.string()),
  expiration_time: nullish(dateTime),
  insight_id: nullish(z.number()),
  labels: nullish(z.array(z.string())),
  pickup_time: nullish(dateTime),
  query_async: z.optional(z.boolean()),
  query_progress: nullish(json),
  results: nullish(json),
  start_time: nullish(dateTime),
  task_id: nullish(z.string()),
  team_id: nullish(z.number()),
})
/** Status of a query. */
export type QueryStatus = z.infer<typeof queryStatusSchema>

/**
 * What `run` answers: the query response with `results` first (api-contract.md §6.3). A HogQL endpoint
 * answers rows (`results`, `columns`, `types`, …); an insight endpoint that insight's own response
 * (e.g. Trends series objects in `results`). Unless `debug` is set, `timings`, `hogql`, `explain`,
 * `modifiers`, `cache_key`, `calculation_trigger` and `resolved_date_range` are removed.
 */
export const endpointRunResultSchema = z.looseObject({
  /** Row arrays (HogQL) or the insight's result objects; `null` while an async run is incomplete. */
  results: nullish(z.array(json)),
  columns: nullish(z.array(json)),
  /** `[[column, ClickHouse type], …]` (HogQL). */
  types: nullish(z.array(z.tuple([z.string(), z.string()], json))),
  hasMore: nullish(z.boolean()),
  limit: nullish(z.number()),
  offset: nullish(z.number()),
  is_cached: nullish(z.boolean()),
  last_refresh: nullish(dateTime),
  next_allowed_client_refresh: nullish(dateTime),
  cache_target_age: nullish(dateTime),
  /** The executed SQL. */
  clickhouse: nullish(z.string()),
  error: nullish(z.string()),
  metadata: nullish(json),
  query: nullish(json),
  query_status: nullish(queryStatusSchema),
  timezone: nullish(z.string()),
  endpoint_version: nullish(z.number()),
  /** `+00:00` form. */
  endpoint_version_created_at: nullish(dateTime),
  endpoint_materialized: nullish(z.boolean()),
  endpoint_materialized_at: nullish(dateTime),
  /** Newest versions: the id of this execution in the endpoint's logs. */
  execution_id: nullish(z.string()),
  /** Newest versions: the endpoint's name. */
  name: nullish(z.string()),
})
/** What `run` answers. */
export type EndpointRunResult = z.infer<typeof endpointRunResultSchema>

/** Body of `endpoints.lastExecutionTimes`. */
export interface LastExecutionTimesParams {
  /** Endpoint names; non-empty. Names never run in the past 6 months are absent from the answer. */
  names: string[]
}

/** A `[name, last execution date-time]` pair. */
export const lastExecutionTimeSchema = z.tuple([z.string(), dateTime])
/** A `[name, last execution date-time]` pair. */
export type LastExecutionTime = z.infer<typeof lastExecutionTimeSchema>

/** A `QueryStatus` whose `results` are `[name, datetime]` pairs, or `null` when no name was given. */
export const lastExecutionTimesStatusSchema = z.looseObject({
  // A spread shape, not z.extend: the same schema, and z.extend costs 350 B of the browser bundle.
  ...queryStatusSchema.shape,
  results: nullish(z.array(lastExecutionTimeSchema)),
})
/** A `QueryStatus` whose `results` are `[name, datetime]` pairs, or `null`. */
export type LastExecutionTimesStatus = z.infer<typeof lastExecutionTimesStatusSchema>

/** What `lastExecutionTimes` answers: `{ query_status }`. */
export const lastExecutionTimesSchema = z.looseObject({
  query_status: lastExecutionTimesStatusSchema,
})
/** What `lastExecutionTimes` answers: `{ query_status }`. */
export type LastExecutionTimes = z.infer<typeof lastExecutionTimesSchema>
