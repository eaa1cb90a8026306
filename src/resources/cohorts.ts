import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import type { CohortCreateParams, CohortListParams, CohortUpdateParams } from '../requests/cohorts.js'
import { cohortSchema, type Cohort } from '../schemas/cohorts.js'

// How each operation's answer is read.
const cohort = decodeWith(cohortSchema)

/** Cohorts: `/api/projects/:project_id/cohorts/`. Never hard-deleted: use `softDelete`. */
export class Cohorts extends APIResource {
  /** The writable fields of a cohort as `create` takes them back (name, description, `filters` or `query`, `is_static`; `deleted` and the recomputed `cohort_type` left out). Sends nothing. */
  toCreateParams(cohort: Cohort): CohortCreateParams {
    return writableFields('cohorts.create', cohort, ['deleted', 'cohort_type']) as unknown as CohortCreateParams
  }

  /**
   * Lists live cohorts, newest first (with `search`: exact matches first).
   *
   * `GET /api/projects/:project_id/cohorts/` · scope `cohort:read`
   */
  list(params?: CohortListParams, options?: ListOptions): PagePromise<Cohort> {
    return this._transport.list('cohorts.list', cohortSchema, { query: params }, options)
  }

  /**
   * Creates a cohort (201): dynamic with `filters`, or static (`is_static`) with a `query` or person ids.
   *
   * `POST /api/projects/:project_id/cohorts/` · scope `cohort:write`
   */
  create(body: CohortCreateParams, options?: RequestOptions): APIPromise<Cohort> {
    return this._transport.request('cohorts.create', cohort, { body }, options)
  }

  /**
   * Reads one cohort (a soft-deleted one too, with `deleted: true`).
   *
   * `GET /api/projects/:project_id/cohorts/:id/` · scope `cohort:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Cohort> {
    return this._transport.request('cohorts.retrieve', cohort, { path: { id } }, options)
  }

  /**
   * Changes writable fields.
   *
   * `PATCH /api/projects/:project_id/cohorts/:id/` · scope `cohort:write`
   */
  update(id: number, body: CohortUpdateParams, options?: RequestOptions): APIPromise<Cohort> {
    return this._transport.request('cohorts.update', cohort, { path: { id }, body }, options)
  }

  /**
   * The service never hard-deletes a cohort: this always rejects with `MethodNotAllowedError` (405).
   *
   * `DELETE /api/projects/:project_id/cohorts/:id/` · scope `cohort:write`
   * @deprecated Always fails on the real service. Use {@link Cohorts.softDelete}.
   */
  delete(id: number, options?: RequestOptions): APIPromise<never> {
    return this._transport.request('cohorts.delete', 'none', { path: { id } }, options) as APIPromise<never>
  }

  /**
   * Soft-deletes a cohort: one PATCH setting `deleted: true` (refused while active flags use it).
   *
   * `PATCH /api/projects/:project_id/cohorts/:id/` · scope `cohort:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Cohort> {
    return this._transport.request('cohorts.update', cohort, { path: { id }, body: { deleted: true } }, options)
  }
}
