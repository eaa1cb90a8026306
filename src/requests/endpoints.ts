/** Request bodies and queries of `endpoints` (docs/service-behaviour.md §6, §P3). */
import * as z from 'zod/mini'
import {
  ENDPOINT_BUCKET_FUNCTIONS,
  ENDPOINT_DATA_FRESHNESS_SECONDS,
  ENDPOINT_REFRESH_MODES,
  ENDPOINT_SYNC_FREQUENCIES,
} from '../model/enums.js'
import { dateTimeInput, jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams } from './group-shapes.js'
import { endpointQuerySchema } from '../model/insight-queries.js'
import { breakdownFilterSchema, propertyFilterSchema } from '../model/query-nodes.js'

/**
 * `data_freshness_seconds`: 900, 1800, 3600, 21600, 43200, 86400 (default) or 604800. Spelled out
 * (`ENDPOINT_DATA_FRESHNESS_SECONDS` holds the same, checked by test/schemas/ties.ts) so the reference shows the
 * numbers.
 */
export type EndpointDataFreshness = 900 | 1800 | 3600 | 21600 | 43200 | 86400 | 604800

export const endpointWriteFieldsSchema = strictObject({
  /**
   * Starts with a letter; letters, digits, `-` and `_`; 1–128 characters (`^[a-zA-Z][a-zA-Z0-9_-]{0,127}$`); unique per
   * project.
   */
  name: z.exactOptional(z.string()),
  /** A HogQL or insight query (`kind` discriminates). Changing it on update creates a new version. */
  query: z.exactOptional(endpointQuerySchema),
  /** Description. */
  description: nullableOptional(z.string()),
  /** Older services: cache age, 300…86400 seconds. */
  cache_age_seconds: nullableOptional(z.number()),
  /** Newer services: how fresh results must be (default 86400). */
  data_freshness_seconds: nullableOptional(z.literal(ENDPOINT_DATA_FRESHNESS_SECONDS)),
  /** Short id of the insight it came from. */
  derived_from_insight: nullableOptional(z.string()),
  /** Inactive endpoints cannot run (default `true`). */
  is_active: nullableOptional(z.boolean()),
  /** Materialize the results (HogQL queries without variables only; not on an inactive endpoint). */
  is_materialized: nullableOptional(z.boolean()),
  /** Older services: how often a materialized endpoint is refreshed (default `24hour`). */
  sync_frequency: nullableOptional(z.enum(ENDPOINT_SYNC_FREQUENCIES)),
  /** Update: the version to change (default: the current one). */
  version: nullableOptional(z.number()),
  /** Column → time bucket (`hour`, `day`, `week` or `month`). */
  bucket_overrides: nullableOptional(z.record(z.string(), z.enum(ENDPOINT_BUCKET_FUNCTIONS))),
  /** Replaces the tags; omit to leave them. */
  tags: nullableOptional(z.array(z.string())),
  /** Breakdown properties callers may leave out (`TrendsQuery` / `RetentionQuery` only; newer services). */
  optional_breakdown_properties: nullableOptional(z.array(z.string())),
  /** `true` soft-deletes. */
  deleted: z.exactOptional(z.boolean()),
})
/**
 * Fields accepted by `endpoints.create` and `endpoints.update` (docs/service-behaviour.md §6.1, §P3.1).
 * A field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface EndpointWriteFields extends ShapeOf<typeof endpointWriteFieldsSchema> {}

export const endpointCreateParamsSchema = createParams(endpointWriteFieldsSchema, {
  /** Starts with a letter; letters, digits, `-` and `_`; 1–128 characters (required). */
  name: z.string(),
  /** The query to run (required). */
  query: endpointQuerySchema,
})
/** `endpoints.create`: `name` and `query` are required by the service. */
export interface EndpointCreateParams extends ShapeOf<typeof endpointCreateParamsSchema> {}

export { endpointWriteFieldsSchema as endpointUpdateParamsSchema }
/** `endpoints.update`: any writable field. */
export type EndpointUpdateParams = EndpointWriteFields

export const endpointListParamsSchema = strictObject({
  /** Page size. */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** Only active (`true`) or inactive (`false`) endpoints. */
  is_active: z.optional(z.boolean()),
  /** A user id. */
  created_by: z.optional(z.number()),
})
/** Query of `endpoints.list`. */
export interface EndpointListParams extends ShapeOf<typeof endpointListParamsSchema> {}

/**
 * `refresh` of a run. Thin-spec era: `blocking` (default) or `force_blocking`; newer versions:
 * `cache` (default), `force`, `direct` (materialized endpoints only).
 */
export type EndpointRefresh = (typeof ENDPOINT_REFRESH_MODES)[number]

export const endpointFiltersOverrideSchema = strictObject({
  /** Start: a `Date`, an ISO date-time or a relative value such as `-7d`. */
  date_from: nullableOptional(dateTimeInput),
  /** End. */
  date_to: nullableOptional(dateTimeInput),
  /** Use the bounds as given. */
  explicitDate: nullableOptional(z.boolean()),
  /** Property filters added to the query's. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
  /** Breakdown replacing the query's. */
  breakdown_filter: z.exactOptional(breakdownFilterSchema),
})
/** Dashboard-style filters over an insight endpoint's query (deprecated by the service; refused for HogQL). */
export interface EndpointFiltersOverride extends ShapeOf<typeof endpointFiltersOverrideSchema> {}

export const endpointRunParamsSchema = strictObject({
  /** Your id for this run, to find (poll or cancel) it in the query log. */
  client_query_id: z.exactOptional(z.string()),
  /** Deprecated by the service: filters over an insight endpoint's query (refused for HogQL endpoints). */
  filters_override: nullableOptional(endpointFiltersOverrideSchema),
  /** Refused by newer services ("use variables instead"); older ones merged it over an insight query. */
  query_override: nullableOptional(jsonRecord),
  /** `cache` (default) / `force` / `direct` (materialized only); older services `blocking` / `force_blocking`. */
  refresh: z.exactOptional(z.enum(ENDPOINT_REFRESH_MODES)),
  /**
   * Variable values by name: a HogQL endpoint's variables by `code_name`; an insight endpoint's
   * `date_from`, `date_to` and its breakdown property. Unknown names are refused (400).
   */
  variables: nullableOptional(jsonRecord),
  /** The version to run (default: the latest). */
  version: nullableOptional(z.number()),
  /** Keep the debug keys (`timings`, `hogql`, `explain`, …) in the response. */
  debug: z.exactOptional(z.boolean()),
  /** At most this many rows (≥ 1). */
  limit: z.exactOptional(z.number()),
  /** Rows to skip (needs `limit`; HogQL endpoints only). */
  offset: z.exactOptional(z.number()),
})
/** Body of `endpoints.run` (docs/service-behaviour.md §6.1, §P3.4). Every field is optional. */
export interface EndpointRunParams extends ShapeOf<typeof endpointRunParamsSchema> {}

export const endpointRunGetParamsSchema = strictObject({
  /** The version to run (default: the latest); a positive integer. */
  version: z.optional(z.number().check(z.positive(), z.multipleOf(1))),
})
/** Query of `endpoints.runGet`. */
export interface EndpointRunGetParams extends ShapeOf<typeof endpointRunGetParamsSchema> {}

export const lastExecutionTimesParamsSchema = strictObject({
  /** Endpoint names; non-empty. Names never run in the past 6 months are absent from the answer. */
  names: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
})
/** Body of `endpoints.lastExecutionTimes`. */
export interface LastExecutionTimesParams extends ShapeOf<typeof lastExecutionTimesParamsSchema> {}
