import { InsightsOperations } from './generated/insights.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { RequestOptions } from '../core/transport.js'
import type { InsightCreateParams } from '../requests/insights.js'
import { type Insight } from '../schemas/insights.js'

/** Insights: `/api/projects/:project_id/insights/`. Never hard-deleted: use `softDelete`. */
export class Insights extends InsightsOperations {
  /**
   * The writable fields of an insight as `create` takes them back (name, description, query, dashboards, tags;
   * `deleted` and `saved` left out). Sends nothing.
   */
  toCreateParams(insight: Insight): InsightCreateParams {
    return writableFields('insights', insight, ['deleted', 'saved']) as unknown as InsightCreateParams
  }

  /**
   * Soft-deletes an insight: one PATCH setting `deleted: true` (off every dashboard).
   *
   * `PATCH /api/projects/:project_id/insights/:id/` · scope `insight:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Insight> {
    return this._softDelete(id, options)
  }
}
