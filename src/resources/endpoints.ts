import { EndpointsOperations, endpointRunResult, endpointVersion, lastExecutionTimes } from './generated/endpoints.js'
import { plainObject, positiveInteger, queryParams, stringList } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import type { RequestOptions } from '../core/transport.js'
import type { EndpointCreateParams, EndpointRunGetParams, EndpointRunParams, LastExecutionTimesParams } from '../requests/endpoints.js'
import type { Endpoint, EndpointRunResult, EndpointVersion, LastExecutionTimes } from '../schemas/endpoints.js'


/** A version number: a positive integer, or a string of digits. */

/**
 * Saved-query endpoints: `/api/projects/:project_id/endpoints/` (or `/api/environments/…` with the
 * client's `endpointsPrefix: 'environments'`). Endpoints are addressed by `name`, URL-encoded.
 */
export class Endpoints extends EndpointsOperations {
  /** The writable fields of an endpoint as `create` takes them back (what the service derives left out). Sends nothing. */
  toCreateParams(endpoint: Endpoint): EndpointCreateParams {
    return writableFields('endpoints.create', endpoint, ['deleted']) as unknown as EndpointCreateParams
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
