import { withJsonArrays } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import type { ActionCreateParams, ActionListParams, ActionUpdateParams } from '../requests/actions.js'
import { actionReferencesSchema, actionSchema, type Action, type ActionReference } from '../schemas/actions.js'

// How each operation's answer is read.
const action = decodeWith(actionSchema)
const actionReferences = decodeWith(actionReferencesSchema)

/** Actions: `/api/projects/:project_id/actions/`. Never hard-deleted: use `softDelete`. */
export class Actions extends APIResource {
  /** The writable fields of a action as `create` takes them back (name, description, tags, Slack settings and steps; `deleted` and the pin left out). Sends nothing. */
  toCreateParams(action: Action): ActionCreateParams {
    return writableFields('actions.create', action, ['deleted', 'pinned_at']) as unknown as ActionCreateParams
  }

  /**
   * Lists live actions. The service answers them all in one page (`{count, results}`, older services
   * `{results}`, never a `next`); with `limit`, the walk pages by offset. `tags` is sent as a JSON array.
   *
   * `GET /api/projects/:project_id/actions/` · scope `action:read`
   */
  list(params?: ActionListParams, options?: ListOptions): PagePromise<Action> {
    return this._transport.list('actions.list', actionSchema, () => ({ query: withJsonArrays('params', params, ['tags']), givenQuery: params }), options)
  }

  /**
   * Creates an action (201); a `name` is unique among live actions.
   *
   * `POST /api/projects/:project_id/actions/` · scope `action:write`
   */
  create(body: ActionCreateParams, options?: RequestOptions): APIPromise<Action> {
    return this._transport.request('actions.create', action, { body }, options)
  }

  /**
   * Reads one action (a soft-deleted one too, with `deleted: true`).
   *
   * `GET /api/projects/:project_id/actions/:id/` · scope `action:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Action> {
    return this._transport.request('actions.retrieve', action, { path: { id } }, options)
  }

  /**
   * Changes writable fields.
   *
   * `PATCH /api/projects/:project_id/actions/:id/` · scope `action:write`
   */
  update(id: number, body: ActionUpdateParams, options?: RequestOptions): APIPromise<Action> {
    return this._transport.request('actions.update', action, { path: { id }, body }, options)
  }

  /**
   * The service never hard-deletes an action: this always rejects with `MethodNotAllowedError` (405).
   *
   * `DELETE /api/projects/:project_id/actions/:id/` · scope `action:write`
   * @deprecated Always fails on the real service. Use {@link Actions.softDelete}.
   */
  delete(id: number, options?: RequestOptions): APIPromise<never> {
    return this._transport.request('actions.delete', 'none', { path: { id } }, options) as APIPromise<never>
  }

  /**
   * Soft-deletes an action: one PATCH setting `deleted: true` (its name is free again).
   *
   * `PATCH /api/projects/:project_id/actions/:id/` · scope `action:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Action> {
    return this._transport.request('actions.update', action, { path: { id }, body: { deleted: true } }, options)
  }

  /**
   * The insights, experiments, cohorts and hog functions using an action (at most 50): check before deleting it.
   *
   * `GET /api/projects/:project_id/actions/:id/references/` · scope `action:read`
   */
  references(id: number, options?: RequestOptions): APIPromise<ActionReference[]> {
    return this._transport.request('actions.references', actionReferences, { path: { id } }, options)
  }
}
