import { CohortsOperations } from './generated/cohorts.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { RequestOptions } from '../core/transport.js'
import type { CohortCreateParams } from '../requests/cohorts.js'
import { type Cohort } from '../schemas/cohorts.js'

/** Cohorts: `/api/projects/:project_id/cohorts/`. Never hard-deleted: use `softDelete`. */
export class Cohorts extends CohortsOperations {
  /**
   * The writable fields of a cohort as `create` takes them back (name, description, `filters` or `query`, `is_static`;
   * `deleted` and the recomputed `cohort_type` left out). Sends nothing.
   */
  toCreateParams(cohort: Cohort): CohortCreateParams {
    return writableFields('cohorts', cohort, ['deleted', 'cohort_type']) as unknown as CohortCreateParams
  }

  /**
   * Soft-deletes a cohort: one PATCH setting `deleted: true` (refused while active flags use it).
   *
   * `PATCH /api/projects/:project_id/cohorts/:id/` · scope `cohort:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Cohort> {
    return this._softDelete(id, options)
  }
}
