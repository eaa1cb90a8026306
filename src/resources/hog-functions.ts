import { HogFunctionsOperations, hogFunction } from './generated/hog-functions.js'
import { plainObject } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import { InvalidArgumentError } from '../core/errors.js'
import type { RequestOptions } from '../core/transport.js'
import type { HogFunction, HogFunctionIcon } from '../schemas/hog-functions.js'
import type {
  HogFunctionCreateParams,
  HogFunctionIconsParams,
  HogFunctionRearrangeParams,
} from '../requests/hog-functions.js'
import { hogFunctionIconSchema, hogFunctionSchema } from '../schemas/hog-functions.js'
import { decodeWith } from '../core/validation.js'
import * as z from 'zod/mini'

// How each operation's answer is read.
const hogFunctionIconArray = decodeWith(z.array(hogFunctionIconSchema))
const hogFunctionArray = decodeWith(z.array(hogFunctionSchema))

/**
 * Hog functions: `/api/projects/:project_id/hog_functions/`. Ids are UUID strings. `broadcast`,
 * `invocations`, `logs`, `metrics`, `metricsTotals`, `icon`, `icons` and `rearrange` declare no scope:
 * the service refuses them to personal API keys (403, `requiredScope: null`), only a session can call them.
 */
export class HogFunctions extends HogFunctionsOperations {
  /**
   * The writable fields of a hog function (from `retrieve`: list items are slim) as `create` takes them
   * back: what the service derives (id, dates, authors, bytecode of inputs, filters and masking, input order) is left
   * out. Sends nothing.
   * A secret input comes back masked (`{ secret: true }`): set its `value` before creating the copy.
   */
  toCreateParams(hogFunction: HogFunction): HogFunctionCreateParams {
    const fields = writableFields('hogFunctions', hogFunction, ['deleted'])
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
   * Creates a hog function (`type` defaults to `destination`). A secret input must carry its `value`: the
   * mask a read returns (`{ secret: true }`) is refused before sending, since a new function has no stored
   * secret to keep.
   *
   * `POST /api/projects/:project_id/hog_functions/` · scope `hog_function:write`
   */
  create(body: HogFunctionCreateParams, options?: RequestOptions): APIPromise<HogFunction> {
    return this._transport.request(
      'hogFunctions.create',
      hogFunction,
      () => ({ body: checkSecretsGiven(body) }),
      options,
    )
  }

  /**
   * Removes a hog function the way the service allows: PATCH `{ deleted: true }` (then 404 on GET).
   *
   * `PATCH /api/projects/:project_id/hog_functions/:id/` · scope `hog_function:write`
   */
  softDelete(id: string, options?: RequestOptions): APIPromise<HogFunction> {
    return this._transport.request(
      'hogFunctions.update',
      hogFunction,
      { path: { id }, body: { deleted: true } },
      options,
    )
  }

  /**
   * Searches logos for a company or domain (`[]` without `query`).
   *
   * `GET /api/projects/:project_id/hog_functions/icons/` · no scope: personal API keys are refused (403,
   * `requiredScope: null`)
   */
  icons(params?: HogFunctionIconsParams, options?: RequestOptions): APIPromise<HogFunctionIcon[]> {
    return this._transport.request('hogFunctions.icons', hogFunctionIconArray, { query: params }, options)
  }

  /**
   * Sets the `execution_order` of several functions at once (`orders`: id → order) and returns every
   * non-deleted transformation, in order, as a plain array.
   *
   * `PATCH /api/projects/:project_id/hog_functions/rearrange/` · no scope: personal API keys are refused (403,
   * `requiredScope: null`)
   */
  rearrange(body: HogFunctionRearrangeParams, options?: RequestOptions): APIPromise<HogFunction[]> {
    return this._transport.request('hogFunctions.rearrange', hogFunctionArray, { body }, options)
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
  if (Array.isArray(mappings))
    mappings.forEach((mapping: { inputs?: unknown } | null, index) =>
      checkNoSecretMask(`body.mappings.${index}.inputs`, mapping?.inputs),
    )
  return body
}

function checkNoSecretMask(name: string, inputs: unknown): void {
  if (typeof inputs !== 'object' || inputs === null) return
  for (const [key, input] of Object.entries(inputs)) {
    const masked =
      typeof input === 'object' &&
      input !== null &&
      (input as { secret?: unknown }).secret === true &&
      !('value' in input)
    if (!masked) continue
    throw new InvalidArgumentError(
      `${name}.${key}`,
      'is only the mask a read returns for a secret (`{ secret: true }`), and a new function has no stored ' +
        'secret to keep: send the secret itself as `value`, from where you keep it (an environment variable or a ' +
        'secret manager), e.g. `{ value: process.env.WEBHOOK_TOKEN }`',
    )
  }
}

/**
 * Input values as a create sends them: the value, its templating and the secret flag, not what the service compiles.
 */
function writableInputs(inputs: unknown): unknown {
  if (typeof inputs !== 'object' || inputs === null) return inputs
  return Object.fromEntries(
    Object.entries(inputs).map(([name, input]: [string, Record<string, unknown> | null]) => {
      if (typeof input !== 'object' || input === null) return [name, input]
      const { value, templating, secret } = input
      return [
        name,
        {
          ...(value !== undefined && { value }),
          ...(templating != null && { templating }),
          ...(secret != null && { secret }),
        },
      ]
    }),
  )
}

/** An object without what the service compiles from it (`bytecode`, `transpiled`, `bytecode_error`). */
function withoutCompiled(value: unknown): Record<string, unknown> {
  const {
    bytecode: _bytecode,
    transpiled: _transpiled,
    bytecode_error: _error,
    ...rest
  } = value as Record<string, unknown>
  return rest
}
