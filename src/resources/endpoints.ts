import { plainObject, positiveInteger, queryParams, stringList } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import type {
  EndpointCreateParams,
  EndpointListParams,
  EndpointRunGetParams,
  EndpointRunParams,
  EndpointUpdateParams,
  LastExecutionTimesParams,
} from '../requests/endpoints.js'
import type { Endpoint, EndpointMaterialization, EndpointRunResult, EndpointVersion, LastExecutionTimes } from '../schemas/endpoints.js'
import { endpointMaterializationSchema, endpointRunResultSchema, endpointSchema, endpointVersionSchema, lastExecutionTimesSchema } from '../schemas/endpoints.js'
import { decodeWith } from '../core/validation.js'

// How each operation's answer is read.
const endpoint = decodeWith(endpointSchema)
const endpointMaterialization = decodeWith(endpointMaterializationSchema)
const endpointRunResult = decodeWith(endpointRunResultSchema)
const endpointVersion = decodeWith(endpointVersionSchema)
const lastExecutionTimes = decodeWith(lastExecutionTimesSchema)


/** A version number: a positive integer, or a string of digits. */

/**
 * Saved-query endpoints: `/api/projects/:project_id/endpoints/` (or `/api/environments/…` with the
 * client's `endpointsPrefix: 'environments'`). Endpoints are addressed by `name`, URL-encoded.
 */
export class Endpoints extends APIResource {
  /** The writable fields of an endpoint as `create` takes them back (what the service derives left out). Sends nothing. */
  toCreateParams(endpoint: Endpoint): EndpointCreateParams {
    return writableFields('endpoints.create', endpoint, ['deleted']) as unknown as EndpointCreateParams
  }

  /**
   * Lists endpoints, whether the service pages them or sends them all as `{results}`.
   *
   * `GET /api/projects/:project_id/endpoints/` · scope `endpoint:read`
   */
  list(params?: EndpointListParams, options?: ListOptions): PagePromise<Endpoint> {
    return this._transport.list('endpoints.list', endpointSchema, { query: params }, options)
  }

  /**
   * Creates an endpoint (`name` and `query` required; version 1).
   *
   * `POST /api/projects/:project_id/endpoints/` · scope `endpoint:write`
   */
  create(body: EndpointCreateParams, options?: RequestOptions): APIPromise<Endpoint> {
    return this._transport.request('endpoints.create', endpoint, { body }, options)
  }

  /**
   * Reads one endpoint.
   *
   * `GET /api/projects/:project_id/endpoints/:name/` · scope `endpoint:read`
   */
  retrieve(name: string, options?: RequestOptions): APIPromise<Endpoint> {
    return this._transport.request('endpoints.retrieve', endpoint, { path: { name } }, options)
  }

  /**
   * Changes an endpoint; a changed `query` creates a new version. The spec lists no scope for it (newer
   * services take `endpoint:write`).
   *
   * `PATCH /api/projects/:project_id/endpoints/:name/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  update(name: string, body: EndpointUpdateParams, options?: RequestOptions): APIPromise<Endpoint> {
    return this._transport.request('endpoints.update', endpoint, { path: { name }, body }, options)
  }

  /**
   * Deletes an endpoint and cleans up its materialized query; resolves `undefined` (204).
   *
   * `DELETE /api/projects/:project_id/endpoints/:name/` · scope `endpoint:write`
   */
  delete(name: string, options?: RequestOptions): APIPromise<void> {
    return this._transport.request('endpoints.delete', 'none', { path: { name } }, options)
  }

  /**
   * The endpoint's materialization object alone (materialized or `{can_materialize, reason}`). The spec
   * lists no scope for it (newer services take `endpoint:read`).
   *
   * `GET /api/projects/:project_id/endpoints/:name/materialization_status/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  materializationStatus(name: string, options?: RequestOptions): APIPromise<EndpointMaterialization> {
    return this._transport.request('endpoints.materializationStatus', endpointMaterialization, { path: { name } }, options)
  }

  /**
   * Runs the endpoint's query (the latest version unless `version` is given) and resolves the query
   * response. Read-only, so retried like a GET. `Row` types the rows of `results` (not checked at run
   * time), e.g. `run<[event: string, count: number]>('top_events')` for a HogQL endpoint.
   *
   * `POST /api/projects/:project_id/endpoints/:name/run/` · scope `endpoint:read`
   */
  run<Row = unknown>(name: string, body?: EndpointRunParams, options?: RequestOptions): APIPromise<EndpointRunResult<Row>> {
    return this._transport.request('endpoints.run', endpointRunResult, { path: { name }, body }, options)
  }

  /**
   * Runs the endpoint with GET: no body, `version` in the query. `Row` types the rows, as for `run`.
   *
   * `GET /api/projects/:project_id/endpoints/:name/run/` · scope `endpoint:read`
   */
  runGet<Row = unknown>(name: string, params?: EndpointRunGetParams, options?: RequestOptions): APIPromise<EndpointRunResult<Row>> {
    return this._transport.request('endpoints.runGet', endpointRunResult, () => ({ path: { name }, query: checkRunVersion(params) }), options)
  }

  /**
   * Every version of the endpoint, newest first, whether sent as a bare array or as `{results}`.
   *
   * `GET /api/projects/:project_id/endpoints/:name/versions/` · scope `endpoint:read`
   */
  versions(name: string, options?: ListOptions): PagePromise<EndpointVersion> {
    return this._transport.list('endpoints.versions', endpointVersionSchema, { path: { name } }, options)
  }

  /**
   * One version of the endpoint (an unknown one rejects with `NotFoundError`, detail `Version N not found`).
   *
   * `GET /api/projects/:project_id/endpoints/:name/versions/:versionNumber/` · scope `endpoint:read`
   */
  version(name: string, versionNumber: number | string, options?: RequestOptions): APIPromise<EndpointVersion> {
    return this._transport.request('endpoints.version', endpointVersion, { path: { name, versionNumber } }, options)
  }

  /**
   * When each named endpoint last ran in the past 6 months: `query_status.results` holds
   * `[name, datetime]` pairs (names never run are absent). Read-only, so retried like a GET. The spec
   * lists no scope for it (newer services take `endpoint:read`).
   *
   * `POST /api/projects/:project_id/endpoints/last_execution_times/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  lastExecutionTimes(body: LastExecutionTimesParams, options?: RequestOptions): APIPromise<LastExecutionTimes> {
    return this._transport.request('endpoints.lastExecutionTimes', lastExecutionTimes, () => ({ body: checkNames(body) }), options)
  }
}

/** `version`, when given, is a positive integer. */
function checkRunVersion(params: EndpointRunGetParams | undefined): EndpointRunGetParams | undefined {
  const query = queryParams('params', params)
  if (query?.version !== undefined) positiveInteger('params.version', query.version)
  return query
}

/** At least one endpoint name. */
function checkNames(body: LastExecutionTimesParams): LastExecutionTimesParams {
  stringList('body.names', plainObject('body', body, true)?.names)
  return body
}
