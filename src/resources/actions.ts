import { ActionsOperations, actionReferences } from './generated/actions.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { RequestOptions } from '../core/transport.js'
import type { ActionCreateParams } from '../requests/actions.js'
import { type Action, type ActionReference } from '../schemas/actions.js'

/** Actions: `/api/projects/:project_id/actions/`. Never hard-deleted: use `softDelete`. */
export class Actions extends ActionsOperations {
  /**
   * The writable fields of a action as `create` takes them back (name, description, tags, Slack settings and steps;
   * `deleted` and the pin left out). Sends nothing.
   */
  toCreateParams(action: Action): ActionCreateParams {
    return writableFields('actions', action, ['deleted', 'pinned_at']) as unknown as ActionCreateParams
  }

  /**
   * Soft-deletes an action: one PATCH setting `deleted: true` (its name is free again).
   *
   * `PATCH /api/projects/:project_id/actions/:id/` · scope `action:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Action> {
    return this._softDelete(id, options)
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
