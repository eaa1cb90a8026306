import { withJsonArrays } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import type { FeatureFlagCreateParams, FeatureFlagListParams, FeatureFlagUpdateParams } from '../requests/feature-flags.js'
import { featureFlagSchema, type FeatureFlag } from '../schemas/feature-flags.js'

// How each operation's answer is read.
const featureFlag = decodeWith(featureFlagSchema)

/** The list filters that the service parses as JSON arrays (docs/service-behaviour.md §11.2). */
const JSON_ARRAY_PARAMS = ['tags', 'excluded_tags', 'excluded_properties'] as const

/** Feature flags: `/api/projects/:project_id/feature_flags/`. Never hard-deleted: `softDelete` frees the key. */
export class FeatureFlags extends APIResource {
  /** The writable fields of a flag as `create` takes them back (the key, `filters`, tags and settings; `deleted` and `version` left out). Sends nothing. */
  toCreateParams(flag: FeatureFlag): FeatureFlagCreateParams {
    return writableFields('featureFlags.create', flag, ['deleted', 'version']) as unknown as FeatureFlagCreateParams
  }

  /**
   * Lists live flags, newest first; archived flags only with `archived: true`. `tags`, `excluded_tags`
   * and `excluded_properties` are sent as JSON arrays.
   *
   * `GET /api/projects/:project_id/feature_flags/` · scope `feature_flag:read`
   */
  list(params?: FeatureFlagListParams, options?: ListOptions): PagePromise<FeatureFlag> {
    return this._transport.list('featureFlags.list', featureFlagSchema, () => ({ query: withJsonArrays('params', params, JSON_ARRAY_PARAMS), givenQuery: params }), options)
  }

  /**
   * Creates a flag (201). `key` is required and unique among live flags; `filters.groups` needs at least
   * one release condition, and a multivariate flag's variant percentages add up to 100.
   *
   * `POST /api/projects/:project_id/feature_flags/` · scope `feature_flag:write`
   */
  create(body: FeatureFlagCreateParams, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request('featureFlags.create', featureFlag, { body }, options)
  }

  /**
   * Reads one flag (a soft-deleted one too, with `deleted: true`).
   *
   * `GET /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request('featureFlags.retrieve', featureFlag, { path: { id } }, options)
  }

  /**
   * Changes writable fields. Send `filters` whole: newer services merge its top-level keys, older ones replace it.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  update(id: number, body: FeatureFlagUpdateParams, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request('featureFlags.update', featureFlag, { path: { id }, body }, options)
  }

  /**
   * The service never hard-deletes a flag: this always rejects with `MethodNotAllowedError` (405).
   *
   * `DELETE /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   * @deprecated Always fails on the real service. Use {@link FeatureFlags.softDelete}.
   */
  delete(id: number, options?: RequestOptions): APIPromise<never> {
    return this._transport.request('featureFlags.delete', 'none', { path: { id } }, options) as APIPromise<never>
  }

  /**
   * Soft-deletes a flag: one PATCH setting `deleted: true`. It leaves the list, its key is free again,
   * and `update(id, { deleted: false })` restores it.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request('featureFlags.update', featureFlag, { path: { id }, body: { deleted: true } }, options)
  }

  /**
   * Turns a flag on: one PATCH setting `active: true`.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  enable(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request('featureFlags.update', featureFlag, { path: { id }, body: { active: true } }, options)
  }

  /**
   * Turns a flag off (a kill switch): one PATCH setting `active: false`.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  disable(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request('featureFlags.update', featureFlag, { path: { id }, body: { active: false } }, options)
  }
}
