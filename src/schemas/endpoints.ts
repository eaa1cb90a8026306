import * as z from 'zod/mini'
import {
  dateTime,
  describes,
  json,
  jsonObject,
  openEnum,
  userBasicSchema,
  type Unchecked,
  type UserBasic,
} from './common.js'
import type { ENDPOINT_SYNC_FREQUENCIES } from '../model/enums.js'
import type { EndpointQuery } from '../model/insight-queries.js'

/**
 * The query an endpoint runs, discriminated by `kind` (`EndpointQuery`). At run time only its `kind` is
 * checked; the rest is the service's to validate.
 */
export const endpointQueryReadSchema = z.looseObject({ kind: z.string() }) as unknown as Unchecked<EndpointQuery>

/** How often a materialized endpoint is refreshed. */
export const syncFrequencySchema = openEnum<(typeof ENDPOINT_SYNC_FREQUENCIES)[number]>()
/** How often a materialized endpoint is refreshed (`24hour` by default). */
export type SyncFrequency = z.infer<typeof syncFrequencySchema>

/**
 * Materialization of an endpoint (docs/service-behaviour.md §6.2). It comes in two shapes, both covered here:
 * - materialized: `{status, can_materialize: true, last_materialized_at, error, sync_frequency}`
 *   (`error` is `""` when none; newer versions add `name`, `enabled`, `ready`, `saved_query_id`);
 * - not materialized: `{can_materialize, reason}` (`reason` says why it cannot be, or `null`).
 */
export const endpointMaterializationSchema = z.looseObject({
  /** `Completed`, `Running`, `Failed`, … (`Unknown` when the backing query has none). Materialized only. */
  status: z.optional(openEnum<'Completed' | 'Running' | 'Failed' | 'Cancelled' | 'Modified' | 'Unknown'>()),
  can_materialize: z.optional(z.boolean()),
  /** Why the query cannot be materialized, e.g. `Only HogQL queries can be materialized.` */
  reason: z.nullish(z.string()),
  /** `+00:00` form. */
  last_materialized_at: z.nullish(dateTime),
  error: z.nullish(z.string()),
  sync_frequency: z.nullish(syncFrequencySchema),
  name: z.optional(z.string()),
  enabled: z.optional(z.boolean()),
  ready: z.optional(z.boolean()),
  saved_query_id: z.nullish(z.string()),
})
/** Materialization of an endpoint: the materialized shape or the `{can_materialize, reason}` shape. */
export type EndpointMaterialization = z.infer<typeof endpointMaterializationSchema>

/** A column of an endpoint's result (newest versions). */
export const endpointColumnSchema = z.looseObject({
  /** The column name. */
  name: z.optional(z.string()),
  /** `integer`, `float`, `string`, `datetime`, `date`, `boolean`, `array`, `json`, `unknown`. */
  type: z.optional(z.string()),
})
/** A column of an endpoint's result. */
export type EndpointColumn = z.infer<typeof endpointColumnSchema>

/** An endpoint (saved query), as list, create, retrieve and update return it (docs/service-behaviour.md §6.2). */
export interface Endpoint {
  /** The endpoint's id (a UUID). */
  id: string
  /** The name: the path key, unique per project. */
  name: string
  /** Description (`""` by default). */
  description?: string | null
  /** The query it runs (the current version's). */
  query: EndpointQuery
  /** `{}`; older services only. */
  parameters?: Record<string, unknown> | null
  /** Inactive endpoints cannot run (404). */
  is_active: boolean
  /** Older services: cache age in seconds (300…86400). */
  cache_age_seconds?: number | null
  /** Newer services: 900, 1800, 3600, 21600, 43200, 86400 or 604800. Replaces `cache_age_seconds`. */
  data_freshness_seconds?: number | null
  /** `/api/environments/<team>/endpoints/<name>/run`. */
  endpoint_path?: string
  /** Absolute URL of the run path. */
  url?: string | null
  /** Absolute URL in PostHog's interface. */
  ui_url?: string | null
  /** Creation date-time. */
  created_at: string
  /** Last change. */
  updated_at?: string
  /** Who created it. */
  created_by?: UserBasic | null
  /** Whether results are materialized. */
  is_materialized?: boolean
  /** The current version, from 1. */
  current_version?: number
  /** Id of the current version (newer services). */
  current_version_id?: string | null
  /** How many versions exist. */
  versions_count?: number
  /** Short id of the insight it came from. */
  derived_from_insight?: string | null
  /** Materialization: the materialized shape or `{ can_materialize, reason }`. */
  materialization?: EndpointMaterialization | null
  /** Last run (newer services). */
  last_executed_at?: string | null
  /** Column → time bucket (newer services). */
  bucket_overrides?: Record<string, unknown> | null
  /** The result columns (newer services). */
  columns?: EndpointColumn[] | null
  /** Tags (newer services). */
  tags?: string[] | null
  /** Breakdown properties callers may leave out (newer services). */
  optional_breakdown_properties?: string[] | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `endpointSchema` (exported for the tie test with `Endpoint`). */
export const endpointShape = {
  id: z.string(),
  name: z.string(),
  description: z.nullish(z.string()),
  query: endpointQueryReadSchema,
  parameters: z.nullish(jsonObject),
  is_active: z.boolean(),
  cache_age_seconds: z.nullish(z.number()),
  data_freshness_seconds: z.nullish(z.number()),
  endpoint_path: z.optional(z.string()),
  url: z.nullish(z.string()),
  ui_url: z.nullish(z.string()),
  created_at: dateTime,
  updated_at: z.optional(dateTime),
  created_by: z.nullish(userBasicSchema),
  is_materialized: z.optional(z.boolean()),
  current_version: z.optional(z.number()),
  current_version_id: z.nullish(z.string()),
  versions_count: z.optional(z.number()),
  derived_from_insight: z.nullish(z.string()),
  materialization: z.nullish(endpointMaterializationSchema),
  last_executed_at: z.nullish(dateTime),
  bucket_overrides: z.nullish(jsonObject),
  columns: z.nullish(z.array(endpointColumnSchema)),
  tags: z.nullish(z.array(z.string())),
  optional_breakdown_properties: z.nullish(z.array(z.string())),
}

/** An endpoint (saved query), as list, create, retrieve and update return it (docs/service-behaviour.md §6.2). */
export const endpointSchema = describes<Endpoint>(z.looseObject(endpointShape))

/**
 * One version of an endpoint. Thin-spec-era versions send `{id, version, query, created_at, created_by}`
 * (later `is_active` too); the newest send the full endpoint with the version's fields (`version`,
 * `version_id`, `endpoint_is_active`, `version_created_at`, …). Both fit.
 */
export const endpointVersionSchema = z.looseObject({
  ...endpointShape,
  // Older versions send only `{id, version, query, created_at, created_by}`.
  name: z.optional(z.string()),
  is_active: z.optional(z.boolean()),
  query: z.nullish(endpointQueryReadSchema),
  version: z.optional(z.number()),
  /** `+00:00` form in the thin-spec era. */
  created_at: z.optional(dateTime),
  version_id: z.nullish(z.string()),
  endpoint_is_active: z.optional(z.boolean()),
  version_created_at: z.nullish(dateTime),
  version_updated_at: z.nullish(dateTime),
  version_created_by: z.nullish(userBasicSchema),
})
/** One version of an endpoint. */
export type EndpointVersion = z.infer<typeof endpointVersionSchema>

/**
 * Status of a query (OAS `QueryStatus`). Every key is present, unset ones `null`; `id` is `""`
 * inside `last_execution_times`.
 */
const queryStatusShape = {
  /** The query id (`""` inside `last_execution_times`). */
  id: z.optional(z.string()),
  /** Whether it finished. */
  complete: z.nullish(z.boolean()),
  /** The dashboard it ran for. */
  dashboard_id: z.nullish(z.number()),
  /** When it ended. */
  end_time: z.nullish(dateTime),
  /** Whether it failed. */
  error: z.nullish(z.boolean()),
  /** Why it failed. */
  error_message: z.nullish(z.string()),
  /** When the result expires. */
  expiration_time: z.nullish(dateTime),
  /** The insight it ran for. */
  insight_id: z.nullish(z.number()),
  /** Labels. */
  labels: z.nullish(z.array(z.string())),
  /** When a worker picked it up. */
  pickup_time: z.nullish(dateTime),
  /** Always `true`. */
  query_async: z.optional(z.boolean()),
  /** Progress of a running query. */
  query_progress: z.nullish(json),
  /** The results, when complete. */
  results: z.nullish(json),
  /** When it started. */
  start_time: z.nullish(dateTime),
  /** The worker task. */
  task_id: z.nullish(z.string()),
  /** The project id. */
  team_id: z.nullish(z.number()),
}
export const queryStatusSchema = z.looseObject(queryStatusShape)
/** Status of a query. */
export type QueryStatus = z.infer<typeof queryStatusSchema>

/**
 * What `run` answers: the query response with `results` first (docs/service-behaviour.md §6.3, §P3.5).
 * A HogQL endpoint answers rows (`results`, in `columns` order, with `types`); an insight endpoint that
 * insight's own response (e.g. Trends series objects in `results`). `Row` is the type of one row, as
 * the caller names it with `run<Row>()` (rows are not checked at run time). Unless `debug` is set,
 * `timings`, `hogql`, `explain`, `modifiers`, `cache_key`, `calculation_trigger` and
 * `resolved_date_range` are removed.
 */
export interface EndpointRunResult<Row = unknown> {
  /** The rows (HogQL: arrays in `columns` order) or the insight's results; `null` while an async run is incomplete. */
  results?: Row[] | null
  /** HogQL: the column names. */
  columns?: string[] | null
  /** HogQL: `[[column, ClickHouse type], …]`. */
  types?: Array<[string, string, ...unknown[]]> | null
  /** More rows exist beyond `limit`. */
  hasMore?: boolean | null
  /** Rows per page. */
  limit?: number | null
  /** Rows skipped. */
  offset?: number | null
  /** Answered from the cache. */
  is_cached?: boolean | null
  /** When the results were computed. */
  last_refresh?: string | null
  /** The earliest a forced refresh is allowed. */
  next_allowed_client_refresh?: string | null
  /** When cached results expire. */
  cache_target_age?: string | null
  /** The executed SQL. */
  clickhouse?: string | null
  /** An error message. */
  error?: string | null
  /** Query metadata. */
  metadata?: unknown
  /** The query as run. */
  query?: unknown
  /** Status of an async run. */
  query_status?: QueryStatus | null
  /** The project's time zone. */
  timezone?: string | null
  /** The version that ran. */
  endpoint_version?: number | null
  /** When that version was created (`+00:00` form). */
  endpoint_version_created_at?: string | null
  /** Answered from the materialized table. */
  endpoint_materialized?: boolean | null
  /** When the table was last materialized. */
  endpoint_materialized_at?: string | null
  /** Newer services: the id of this execution in the endpoint's logs. */
  execution_id?: string | null
  /** Newer services: the endpoint's name. */
  name?: string | null
  /** Fields the service added later (and the debug keys), kept as sent. */
  [field: string]: unknown
}

/**
 * The fields of `EndpointRunResult` its schema passes unchecked (any JSON): typed and documented by the interface
 * alone.
 */
export type EndpointRunResultUncheckedFields = 'metadata' | 'query'

/** The fields of `endpointRunResultSchema` (exported for the tie test with `EndpointRunResult`). */
export const endpointRunResultShape = {
  results: z.nullish(z.array(json)),
  columns: z.nullish(z.array(z.string())),
  // `[name, type, …]`: the service adds further items to some columns.
  types: z.nullish(z.array(z.tuple([z.string(), z.string()], json))),
  hasMore: z.nullish(z.boolean()),
  limit: z.nullish(z.number()),
  offset: z.nullish(z.number()),
  is_cached: z.nullish(z.boolean()),
  last_refresh: z.nullish(dateTime),
  next_allowed_client_refresh: z.nullish(dateTime),
  cache_target_age: z.nullish(dateTime),
  clickhouse: z.nullish(z.string()),
  error: z.nullish(z.string()),
  query_status: z.nullish(queryStatusSchema),
  timezone: z.nullish(z.string()),
  endpoint_version: z.nullish(z.number()),
  endpoint_version_created_at: z.nullish(dateTime),
  endpoint_materialized: z.nullish(z.boolean()),
  endpoint_materialized_at: z.nullish(dateTime),
  execution_id: z.nullish(z.string()),
  name: z.nullish(z.string()),
}

/**
 * What `run` answers. Typed with `never` rows, which fit any `Row`, so `run<Row>()` can name the row
 * type the caller expects (the rows themselves are not checked).
 */
export const endpointRunResultSchema = describes<EndpointRunResult<never>>(z.looseObject(endpointRunResultShape))

/** A `[name, last execution date-time]` pair. */
export const lastExecutionTimeSchema = z.tuple([z.string(), dateTime])
/** A `[name, last execution date-time]` pair. */
export type LastExecutionTime = z.infer<typeof lastExecutionTimeSchema>

/** A `QueryStatus` whose `results` are `[name, datetime]` pairs, or `null` when no name was given. */
export const lastExecutionTimesStatusSchema = z.looseObject({
  ...queryStatusShape,
  results: z.nullish(z.array(lastExecutionTimeSchema)),
})
/** A `QueryStatus` whose `results` are `[name, datetime]` pairs, or `null`. */
export type LastExecutionTimesStatus = z.infer<typeof lastExecutionTimesStatusSchema>

/** What `lastExecutionTimes` answers: `{ query_status }`. */
export const lastExecutionTimesSchema = z.looseObject({
  query_status: lastExecutionTimesStatusSchema,
})
/** What `lastExecutionTimes` answers: `{ query_status }`. */
export type LastExecutionTimes = z.infer<typeof lastExecutionTimesSchema>
