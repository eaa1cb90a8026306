import { EndpointsOperations, endpointRunResult, endpointVersion } from './generated/endpoints.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import type { RequestOptions } from '../core/transport.js'
import type { EndpointCreateParams, EndpointRunGetParams, EndpointRunParams } from '../requests/endpoints.js'
import type { Endpoint, EndpointRunResult, EndpointVersion } from '../schemas/endpoints.js'

/**
 * Saved-query endpoints: `/api/projects/:project_id/endpoints/` (or `/api/environments/…` with the
 * client's `endpointsPrefix: 'environments'`). Endpoints are addressed by `name`, URL-encoded.
 */
export class Endpoints extends EndpointsOperations {
  /**
   * The writable fields of an endpoint as `create` takes them back (what the service derives left out). Sends nothing.
   */
  toCreateParams(endpoint: Endpoint): EndpointCreateParams {
    return writableFields('endpoints', endpoint, ['deleted']) as unknown as EndpointCreateParams
  }

  /**
   * Runs the endpoint's query (the latest version unless `version` is given) and resolves the query
   * response. Read-only, so retried like a GET. `Row` types the rows of `results` (not checked at run
   * time), e.g. `run<[event: string, count: number]>('top_events')` for a HogQL endpoint.
   *
   * `POST /api/projects/:project_id/endpoints/:name/run/` · scope `endpoint:read`
   */
  run<Row = unknown>(
    name: string,
    body?: EndpointRunParams,
    options?: RequestOptions,
  ): APIPromise<EndpointRunResult<Row>> {
    return this._transport.request('endpoints.run', endpointRunResult, { path: { name }, body }, options)
  }

  /**
   * Runs the endpoint with GET: no body, `version` in the query. `Row` types the rows, as for `run`.
   *
   * `GET /api/projects/:project_id/endpoints/:name/run/` · scope `endpoint:read`
   */
  runGet<Row = unknown>(
    name: string,
    params?: EndpointRunGetParams,
    options?: RequestOptions,
  ): APIPromise<EndpointRunResult<Row>> {
    return this._transport.request('endpoints.runGet', endpointRunResult, { path: { name }, query: params }, options)
  }

  /**
   * One version of the endpoint (an unknown one rejects with `NotFoundError`, detail `Version N not found`).
   *
   * `GET /api/projects/:project_id/endpoints/:name/versions/:versionNumber/` · scope `endpoint:read`
   */
  version(name: string, versionNumber: number | string, options?: RequestOptions): APIPromise<EndpointVersion> {
    return this._transport.request('endpoints.version', endpointVersion, { path: { name, versionNumber } }, options)
  }
}
