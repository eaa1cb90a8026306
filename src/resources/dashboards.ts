import { DashboardsOperations } from './generated/dashboards.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { RequestOptions } from '../core/transport.js'
import type { DashboardCreateParams } from '../requests/dashboards.js'
import { type Dashboard } from '../schemas/dashboards.js'

/** Dashboards: `/api/projects/:project_id/dashboards/`. Never hard-deleted: use `softDelete`. */
export class Dashboards extends DashboardsOperations {
  /**
   * The writable fields of a dashboard as `create` takes them back (name, description, pin, filters, tags; `deleted`
   * left out; tiles are not a create's). Sends nothing.
   */
  toCreateParams(dashboard: Dashboard): DashboardCreateParams {
    return writableFields('dashboards', dashboard, ['deleted']) as unknown as DashboardCreateParams
  }

  /**
   * Soft-deletes a dashboard: one PATCH setting `deleted: true` (its tiles go with it; its insights stay).
   *
   * `PATCH /api/projects/:project_id/dashboards/:id/` · scope `dashboard:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Dashboard> {
    return this._softDelete(id, options)
  }
}
