import { InvalidArgumentError } from '../core/errors.js'
import { integerId, plainObject, queryParams, show, stringId, stringList } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import { decodePage, type ListOptions, type PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import {
  endpointMaterializationSchema,
  endpointRunResultSchema,
  endpointSchema,
  endpointVersionSchema,
  lastExecutionTimesSchema,
  type Endpoint,
  type EndpointCreateParams,
  type EndpointListParams,
  type EndpointMaterialization,
  type EndpointRunGetParams,
  type EndpointRunParams,
  type EndpointRunResult,
  type EndpointUpdateParams,
  type EndpointVersion,
  type LastExecutionTimes,
  type LastExecutionTimesParams,
} from '../schemas/endpoints.js'

const endpoint = decodeWith(endpointSchema)
// The list is `{results}` only in the thin-spec era and a paginated envelope later; decodePage takes both.
const endpointPage = decodePage(endpointSchema)
const materialization = decodeWith(endpointMaterializationSchema)
const runResult = decodeWith(endpointRunResultSchema)
// Versions come as a bare array (thin-spec era) or `{results}` (newest); decodePage takes both.
const versionPage = decodePage(endpointVersionSchema)
const endpointVersion = decodeWith(endpointVersionSchema)
const lastExecutionTimes = decodeWith(lastExecutionTimesSchema)

/** A version number: a positive integer, or a string of digits. */
function positiveVersion(name: string, value: unknown): number {
  const number = integerId(name, value)
  if (number === 0) throw new InvalidArgumentError(name, `expected a positive integer, got ${show(value)}`)
  return number
}

/**
 * Saved-query endpoints: `/api/projects/:project_id/endpoints/` (or `/api/environments/…` with the
 * client's `endpointsPrefix: 'environments'`). Endpoints are addressed by `name`, URL-encoded.
 */
export class Endpoints extends APIResource {
  /**
   * Lists endpoints, whether the service pages them or sends them all as `{results}`.
   *
   * `GET /api/projects/:project_id/endpoints/` · scope `endpoint:read`
   */
  list(params?: EndpointListParams, options?: ListOptions): PagePromise<Endpoint> {
    return this._client.list(() => ({
      operation: 'endpoints.list',
      query: queryParams('params', params),
      decode: endpointPage,
      options,
    }))
  }

  /**
   * Creates an endpoint (`name` and `query` required; version 1).
   *
   * `POST /api/projects/:project_id/endpoints/` · scope `endpoint:write`
   */
  create(body: EndpointCreateParams, options?: RequestOptions): APIPromise<Endpoint> {
    return this._client.request(() => ({
      operation: 'endpoints.create',
      body: plainObject('body', body, true),
      decode: endpoint,
      options,
    }))
  }

  /**
   * Reads one endpoint.
   *
   * `GET /api/projects/:project_id/endpoints/:name/` · scope `endpoint:read`
   */
  retrieve(name: string, options?: RequestOptions): APIPromise<Endpoint> {
    return this._client.request(() => ({
      operation: 'endpoints.retrieve',
      path: { name: stringId('name', name) },
      decode: endpoint,
      options,
    }))
  }

  /**
   * Changes an endpoint; a changed `query` creates a new version. The spec lists no scope for it (newer
   * services take `endpoint:write`).
   *
   * `PATCH /api/projects/:project_id/endpoints/:name/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  update(name: string, body: EndpointUpdateParams, options?: RequestOptions): APIPromise<Endpoint> {
    return this._client.request(() => ({
      operation: 'endpoints.update',
      path: { name: stringId('name', name) },
      body: plainObject('body', body, true),
      decode: endpoint,
      options,
    }))
  }

  /**
   * Deletes an endpoint and cleans up its materialized query; resolves `undefined` (204).
   *
   * `DELETE /api/projects/:project_id/endpoints/:name/` · scope `endpoint:write`
   */
  delete(name: string, options?: RequestOptions): APIPromise<void> {
    return this._client.request(() => ({
      operation: 'endpoints.delete',
      path: { name: stringId('name', name) },
      decode: 'none',
      options,
    }))
  }

  /**
   * The endpoint's materialization object alone (materialized or `{can_materialize, reason}`). The spec
   * lists no scope for it (newer services take `endpoint:read`).
   *
   * `GET /api/projects/:project_id/endpoints/:name/materialization_status/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  materializationStatus(name: string, options?: RequestOptions): APIPromise<EndpointMaterialization> {
    return this._client.request(() => ({
      operation: 'endpoints.materializationStatus',
      path: { name: stringId('name', name) },
      decode: materialization,
      options,
    }))
  }

  /**
   * Runs the endpoint's query (the latest version unless `version` is given) and resolves the query
   * response. Read-only, so retried like a GET.
   *
   * `POST /api/projects/:project_id/endpoints/:name/run/` · scope `endpoint:read`
   */
  run(name: string, body?: EndpointRunParams, options?: RequestOptions): APIPromise<EndpointRunResult> {
    return this._client.request(() => ({
      operation: 'endpoints.run',
      path: { name: stringId('name', name) },
      body: plainObject('body', body) ?? {},
      decode: runResult,
      options,
    }))
  }

  /**
   * Runs the endpoint with GET: no body, `version` in the query.
   *
   * `GET /api/projects/:project_id/endpoints/:name/run/` · scope `endpoint:read`
   */
  runGet(name: string, params?: EndpointRunGetParams, options?: RequestOptions): APIPromise<EndpointRunResult> {
    return this._client.request(() => {
      const query = queryParams('params', params)
      if (query?.version !== undefined) positiveVersion('params.version', query.version)
      return {
        operation: 'endpoints.runGet',
        path: { name: stringId('name', name) },
        query,
        decode: runResult,
        options,
      }
    })
  }

  /**
   * Every version of the endpoint, newest first, whether sent as a bare array or as `{results}`.
   *
   * `GET /api/projects/:project_id/endpoints/:name/versions/` · scope `endpoint:read`
   */
  versions(name: string, options?: ListOptions): PagePromise<EndpointVersion> {
    return this._client.list(() => ({
      operation: 'endpoints.versions',
      path: { name: stringId('name', name) },
      decode: versionPage,
      options,
    }))
  }

  /**
   * One version of the endpoint (an unknown one rejects with `NotFoundError`, detail `Version N not found`).
   *
   * `GET /api/projects/:project_id/endpoints/:name/versions/:versionNumber/` · scope `endpoint:read`
   */
  version(name: string, versionNumber: number | string, options?: RequestOptions): APIPromise<EndpointVersion> {
    return this._client.request(() => ({
      operation: 'endpoints.version',
      path: { name: stringId('name', name), versionNumber: positiveVersion('versionNumber', versionNumber) },
      decode: endpointVersion,
      options,
    }))
  }

  /**
   * When each named endpoint last ran in the past 6 months: `query_status.results` holds
   * `[name, datetime]` pairs (names never run are absent). Read-only, so retried like a GET. The spec
   * lists no scope for it (newer services take `endpoint:read`).
   *
   * `POST /api/projects/:project_id/endpoints/last_execution_times/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  lastExecutionTimes(body: LastExecutionTimesParams, options?: RequestOptions): APIPromise<LastExecutionTimes> {
    return this._client.request(() => {
      const checked = plainObject('body', body, true) as LastExecutionTimesParams
      stringList('body.names', checked.names)
      return {
        operation: 'endpoints.lastExecutionTimes',
        body: checked,
        decode: lastExecutionTimes,
        options,
      }
    })
  }
}
