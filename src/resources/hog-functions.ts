import { plainObject, show } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import { InvalidArgumentError } from '../core/errors.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import type {
  HogFunction,
  HogFunctionBroadcastResult,
  HogFunctionIcon,
  HogFunctionInvocationResult,
  HogFunctionLogEntry,
  HogFunctionMetrics,
  HogFunctionMetricsTotals,
  HogFunctionMinimal,
} from '../schemas/hog-functions.js'
import type {
  HogFunctionBroadcastParams,
  HogFunctionCreateParams,
  HogFunctionIconParams,
  HogFunctionIconsParams,
  HogFunctionInvocationParams,
  HogFunctionListParams,
  HogFunctionLogsParams,
  HogFunctionMetricsParams,
  HogFunctionRearrangeParams,
  HogFunctionUpdateParams,
} from '../requests/hog-functions.js'
import { hogFunctionBroadcastResultSchema, hogFunctionIconSchema, hogFunctionInvocationResultSchema, hogFunctionLogEntrySchema, hogFunctionMetricsSchema, hogFunctionMetricsTotalsSchema, hogFunctionMinimalSchema, hogFunctionSchema } from '../schemas/hog-functions.js'
import { decodeWith } from '../core/validation.js'
import * as z from 'zod/mini'

// How each operation's answer is read.
const hogFunction = decodeWith(hogFunctionSchema)
const hogFunctionBroadcastResult = decodeWith(hogFunctionBroadcastResultSchema)
const hogFunctionIconArray = decodeWith(z.array(hogFunctionIconSchema))
const hogFunctionInvocationResult = decodeWith(hogFunctionInvocationResultSchema)
const hogFunctionArray = decodeWith(z.array(hogFunctionSchema))
const hogFunctionMetrics = decodeWith(hogFunctionMetricsSchema)
const hogFunctionMetricsTotals = decodeWith(hogFunctionMetricsTotalsSchema)

/**
 * Hog functions: `/api/projects/:project_id/hog_functions/`. Ids are UUID strings. `broadcast`,
 * `invocations`, `logs`, `metrics`, `metricsTotals`, `icon`, `icons` and `rearrange` declare no scope:
 * the service refuses them to personal API keys (403, `requiredScope: null`), only a session can call them.
 */
export class HogFunctions extends APIResource {
  /**
   * The writable fields of a hog function (from `retrieve`: list items are slim) as `create` takes them
   * back: what the service derives (id, dates, authors, bytecode of inputs, filters and masking, input order) is left out. Sends nothing.
   * A secret input comes back masked (`{ secret: true }`): set its `value` before creating the copy.
   */
  toCreateParams(hogFunction: HogFunction): HogFunctionCreateParams {
    const fields = writableFields('hogFunctions.create', hogFunction, ['deleted'])
    if (fields.inputs) fields.inputs = writableInputs(fields.inputs)
    for (const key of ['filters', 'masking'] as const) if (fields[key]) fields[key] = withoutCompiled(fields[key])
    if (Array.isArray(fields.mappings)) {
      fields.mappings = fields.mappings.map((mapping: Record<string, unknown>) => ({
        ...withoutCompiled(mapping),
        ...(mapping.inputs ? { inputs: writableInputs(mapping.inputs) } : {}),
        ...(mapping.filters ? { filters: withoutCompiled(mapping.filters) } : {}),
      }))
    }
    return fields as unknown as HogFunctionCreateParams
  }

  /**
   * Lists hog functions, by `execution_order` then newest update; soft-deleted ones are left out. The items
   * are the service's slim ones (no `inputs`, `inputs_schema`, `mappings`, `masking`): `retrieve(id)` reads a
   * whole function.
   *
   * `GET /api/projects/:project_id/hog_functions/` · scope `hog_function:read`
   */
  list(params?: HogFunctionListParams, options?: ListOptions): PagePromise<HogFunctionMinimal> {
    return this._transport.list('hogFunctions.list', hogFunctionMinimalSchema, { query: params }, options)
  }

  /**
   * Creates a hog function (`type` defaults to `destination`). A secret input must carry its `value`: the
   * mask a read returns (`{ secret: true }`) is refused before sending, since a new function has no stored
   * secret to keep.
   *
   * `POST /api/projects/:project_id/hog_functions/` · scope `hog_function:write`
   */
  create(body: HogFunctionCreateParams, options?: RequestOptions): APIPromise<HogFunction> {
    return this._transport.request('hogFunctions.create', hogFunction, () => ({ body: checkSecretsGiven(body) }), options)
  }

  /**
   * Reads one hog function (404 once soft-deleted).
   *
   * `GET /api/projects/:project_id/hog_functions/:id/` · scope `hog_function:read`
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<HogFunction> {
    return this._transport.request('hogFunctions.retrieve', hogFunction, { path: { id } }, options)
  }

  /**
   * Changes any writable fields (`type` is immutable).
   *
   * `PATCH /api/projects/:project_id/hog_functions/:id/` · scope `hog_function:write`
   */
  update(id: string, body: HogFunctionUpdateParams, options?: RequestOptions): APIPromise<HogFunction> {
    return this._transport.request('hogFunctions.update', hogFunction, { path: { id }, body }, options)
  }

  /**
   * The service never hard-deletes a hog function: this always rejects with `MethodNotAllowedError` (405).
   *
   * `DELETE /api/projects/:project_id/hog_functions/:id/` · scope `hog_function:write`
   * @deprecated Always fails on the real service. Use {@link HogFunctions.softDelete}.
   */
  delete(id: string, options?: RequestOptions): APIPromise<never> {
    return this._transport.request('hogFunctions.delete', 'none', { path: { id } }, options) as APIPromise<never>
  }

  /**
   * Removes a hog function the way the service allows: PATCH `{ deleted: true }` (then 404 on GET).
   *
   * `PATCH /api/projects/:project_id/hog_functions/:id/` · scope `hog_function:write`
   */
  softDelete(id: string, options?: RequestOptions): APIPromise<HogFunction> {
    return this._transport.request('hogFunctions.update', hogFunction, { path: { id }, body: { deleted: true } }, options)
  }

  /**
   * Runs the function once for each person matched by its `filters.properties` (400 when disabled).
   *
   * `POST /api/projects/:project_id/hog_functions/:id/broadcast/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  broadcast(id: string, body?: HogFunctionBroadcastParams, options?: RequestOptions): APIPromise<HogFunctionBroadcastResult> {
    return this._transport.request('hogFunctions.broadcast', hogFunctionBroadcastResult, { path: { id }, body }, options)
  }

  /**
   * Test-runs a configuration against an event (async functions mocked by default).
   *
   * `POST /api/projects/:project_id/hog_functions/:id/invocations/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  invocations(id: string, body: HogFunctionInvocationParams, options?: RequestOptions): APIPromise<HogFunctionInvocationResult> {
    return this._transport.request('hogFunctions.invocations', hogFunctionInvocationResult, () => ({ path: { id }, body: checkConfiguration(body) }), options)
  }

  /**
   * The function's log entries, newest first (50 a page by default, at most 500).
   *
   * `GET /api/projects/:project_id/hog_functions/:id/logs/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  logs(id: string, params?: HogFunctionLogsParams, options?: ListOptions): PagePromise<HogFunctionLogEntry> {
    return this._transport.list('hogFunctions.logs', hogFunctionLogEntrySchema, { path: { id }, query: params }, options)
  }

  /**
   * App metrics over time (`labels` are dates, one value per label in each series).
   *
   * `GET /api/projects/:project_id/hog_functions/:id/metrics/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  metrics(id: string, params?: HogFunctionMetricsParams, options?: RequestOptions): APIPromise<HogFunctionMetrics> {
    return this._transport.request('hogFunctions.metrics', hogFunctionMetrics, { path: { id }, query: params }, options)
  }

  /**
   * App metric totals by kind (or by name with `breakdown_by: 'name'`).
   *
   * `GET /api/projects/:project_id/hog_functions/:id/metrics/totals/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  metricsTotals(id: string, params?: HogFunctionMetricsParams, options?: RequestOptions): APIPromise<HogFunctionMetricsTotals> {
    return this._transport.request('hogFunctions.metricsTotals', hogFunctionMetricsTotals, { path: { id }, query: params }, options)
  }

  /**
   * A logo image, as a `Blob` typed by the service's `Content-Type` (400 without `id`, 404 when the
   * logo service is not configured).
   *
   * `GET /api/projects/:project_id/hog_functions/icon/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  icon(params?: HogFunctionIconParams, options?: RequestOptions): APIPromise<Blob> {
    // The default `Accept: application/json` is kept on purpose: DRF negotiates before the view runs,
    // and an image-only Accept can be refused with 406 before the image is fetched.
    return this._transport.request('hogFunctions.icon', 'blob', { query: params }, options)
  }

  /**
   * Searches logos for a company or domain (`[]` without `query`).
   *
   * `GET /api/projects/:project_id/hog_functions/icons/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  icons(params?: HogFunctionIconsParams, options?: RequestOptions): APIPromise<HogFunctionIcon[]> {
    return this._transport.request('hogFunctions.icons', hogFunctionIconArray, { query: params }, options)
  }

  /**
   * Sets the `execution_order` of several functions at once (`orders`: id → order) and returns every
   * non-deleted transformation, in order, as a plain array.
   *
   * `PATCH /api/projects/:project_id/hog_functions/rearrange/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  rearrange(body: HogFunctionRearrangeParams, options?: RequestOptions): APIPromise<HogFunction[]> {
    return this._transport.request('hogFunctions.rearrange', hogFunctionArray, () => ({ body: checkOrders(body) }), options)
  }
}

/**
 * No input of a new function may be only the mask of a secret (`{ secret: true }` without `value`), as a
 * function read back shows it: the service keeps a stored secret only on update; on create there is none,
 * and the input would be left without a value (docs/service-behaviour.md §P4.2).
 */
function checkSecretsGiven(body: HogFunctionCreateParams): HogFunctionCreateParams {
  const { inputs, mappings } = plainObject('body', body, true) as { inputs?: unknown; mappings?: unknown }
  checkNoSecretMask('body.inputs', inputs)
  if (Array.isArray(mappings)) mappings.forEach((mapping: { inputs?: unknown } | null, index) => checkNoSecretMask(`body.mappings.${index}.inputs`, mapping?.inputs))
  return body
}

function checkNoSecretMask(name: string, inputs: unknown): void {
  if (typeof inputs !== 'object' || inputs === null) return
  for (const [key, input] of Object.entries(inputs)) {
    const masked = typeof input === 'object' && input !== null && (input as { secret?: unknown }).secret === true && !('value' in input)
    if (!masked) continue
    throw new InvalidArgumentError(
      `${name}.${key}`,
      'is only the mask a read returns for a secret (`{ secret: true }`), and a new function has no stored secret to keep: send the secret itself as `value`, from where you keep it (an environment variable or a secret manager), e.g. `{ value: process.env.WEBHOOK_TOKEN }`',
    )
  }
}

/** A test run needs the `configuration` to run. */
function checkConfiguration(body: HogFunctionInvocationParams): HogFunctionInvocationParams {
  plainObject('body.configuration', plainObject('body', body, true)?.configuration, true)
  return body
}

/** At least one `id: order` entry, each an integer: the service answers 400 `No orders provided` to `{}`. */
function checkOrders(body: HogFunctionRearrangeParams): HogFunctionRearrangeParams {
  const entries = Object.entries(plainObject('body.orders', plainObject('body', body, true)?.orders, true) ?? {})
  if (entries.length === 0) throw new InvalidArgumentError('body.orders', 'expected at least one `id: order` entry')
  for (const [key, order] of entries) {
    if (typeof order !== 'number' || !Number.isSafeInteger(order)) {
      throw new InvalidArgumentError(`body.orders.${key}`, `expected an integer execution order, got ${show(order)}`)
    }
  }
  return body
}

/** Input values as a create sends them: the value, its templating and the secret flag, not what the service compiles. */
function writableInputs(inputs: unknown): unknown {
  if (typeof inputs !== 'object' || inputs === null) return inputs
  return Object.fromEntries(
    Object.entries(inputs).map(([name, input]: [string, Record<string, unknown> | null]) => {
      if (typeof input !== 'object' || input === null) return [name, input]
      const { value, templating, secret } = input
      return [name, { ...(value !== undefined && { value }), ...(templating != null && { templating }), ...(secret != null && { secret }) }]
    }),
  )
}

/** An object without what the service compiles from it (`bytecode`, `transpiled`, `bytecode_error`). */
function withoutCompiled(value: unknown): Record<string, unknown> {
  const { bytecode: _bytecode, transpiled: _transpiled, bytecode_error: _error, ...rest } = value as Record<string, unknown>
  return rest
}
