/**
 * What the query API takes (docs/service-behaviour.md §10.3): the body of `client.query` and the params
 * of the reads built on it (`experiments.results`; `surveys.responses` is in ./surveys.ts).
 */
import * as z from 'zod/mini'
import { QUERY_REFRESH_VALUES } from '../model/enums.js'
import { type ShapeOf, strictObject } from '../model/shape.js'

/**
 * How a query may use the cache (`refresh` of the request; default `blocking`). `async` kinds answer 202 until done;
 * the client polls.
 */
export type QueryRefresh = (typeof QUERY_REFRESH_VALUES)[number]

/** Any query node the service accepts, by `kind` (`TrendsQuery`, `EventsQuery`, …): sent as given. */
export const queryNodeSchema = z.looseObject({
  /** The node's kind. */
  kind: z.string(),
})
/** Any query node the service accepts, by `kind` (`TrendsQuery`, `EventsQuery`, …): sent as given. */
export type QueryNode = z.infer<typeof queryNodeSchema>

export const queryRunParamsSchema = strictObject({
  /** The query node. */
  query: queryNodeSchema,
  /** How the query may use the cache (default `blocking`). */
  refresh: z.exactOptional(z.enum(QUERY_REFRESH_VALUES)),
})
/** The body of `POST query/` as `client.query` sends it. */
export interface QueryRunParams extends ShapeOf<typeof queryRunParamsSchema> {}

export const experimentResultsParamsSchema = strictObject({
  /** Only these metrics, by `uuid`, in this order (default: every primary metric, then every secondary one). */
  metrics: z.exactOptional(z.array(z.string())),
  /** `refresh` of each query: `force_blocking` recomputes past the cache. */
  refresh: z.exactOptional(z.enum(QUERY_REFRESH_VALUES)),
})
/** What `experiments.results` takes. */
export interface ExperimentResultsParams extends ShapeOf<typeof experimentResultsParamsSchema> {}
