import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import type { HoldoutCreateParams, HoldoutListParams, HoldoutUpdateParams } from '../requests/holdouts.js'
import { holdoutSchema, type Holdout } from '../schemas/holdouts.js'

// How each operation's answer is read.
const holdout = decodeWith(holdoutSchema)

/** Experiment holdouts: `/api/projects/:project_id/experiment_holdouts/`. */
export class Holdouts extends APIResource {
  /** The writable fields of a holdout as `create` takes them back (name, description and groups). Sends nothing. */
  toCreateParams(holdout: Holdout): HoldoutCreateParams {
    return writableFields('holdouts.create', holdout) as unknown as HoldoutCreateParams
  }

  /**
   * Lists holdouts.
   *
   * `GET /api/projects/:project_id/experiment_holdouts/` · scope `experiment_holdout:read`
   */
  list(params?: HoldoutListParams, options?: ListOptions): PagePromise<Holdout> {
    return this._transport.list('holdouts.list', holdoutSchema, { query: params }, options)
  }

  /**
   * Creates a holdout (201); the service names each group's variant `holdout-<id>`.
   *
   * `POST /api/projects/:project_id/experiment_holdouts/` · scope `experiment_holdout:write`
   */
  create(body: HoldoutCreateParams, options?: RequestOptions): APIPromise<Holdout> {
    return this._transport.request('holdouts.create', holdout, { body }, options)
  }

  /**
   * Reads one holdout.
   *
   * `GET /api/projects/:project_id/experiment_holdouts/:id/` · scope `experiment_holdout:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Holdout> {
    return this._transport.request('holdouts.retrieve', holdout, { path: { id } }, options)
  }

  /**
   * Changes writable fields; changed `filters` reach the flags of the experiments using it.
   *
   * `PATCH /api/projects/:project_id/experiment_holdouts/:id/` · scope `experiment_holdout:write`
   */
  update(id: number, body: HoldoutUpdateParams, options?: RequestOptions): APIPromise<Holdout> {
    return this._transport.request('holdouts.update', holdout, { path: { id }, body }, options)
  }

  /**
   * Deletes a holdout for good (204): resolves `undefined`. The flags using it lose their `filters.holdout`.
   *
   * `DELETE /api/projects/:project_id/experiment_holdouts/:id/` · scope `experiment_holdout:write`
   */
  delete(id: number, options?: RequestOptions): APIPromise<void> {
    return this._transport.request('holdouts.delete', 'none', { path: { id } }, options)
  }
}
