import { FeatureFlagsOperations, featureFlag } from './generated/feature-flags.js'
import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { RequestOptions } from '../core/transport.js'
import type { FeatureFlagCreateParams } from '../requests/feature-flags.js'
import { type FeatureFlag } from '../schemas/feature-flags.js'

/** Feature flags: `/api/projects/:project_id/feature_flags/`. Never hard-deleted: `softDelete` frees the key. */
export class FeatureFlags extends FeatureFlagsOperations {
  /**
   * The writable fields of a flag as `create` takes them back (the key, `filters`, tags and settings; `deleted` and
   * `version` left out). Sends nothing.
   */
  toCreateParams(flag: FeatureFlag): FeatureFlagCreateParams {
    return writableFields('featureFlags', flag, ['deleted', 'version']) as unknown as FeatureFlagCreateParams
  }

  /**
   * Soft-deletes a flag: one PATCH setting `deleted: true`. It leaves the list, its key is free again,
   * and `update(id, { deleted: false })` restores it.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._softDelete(id, options)
  }

  /**
   * Turns a flag on: one PATCH setting `active: true`.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  enable(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request(
      'featureFlags.update',
      featureFlag,
      { path: { id }, body: { active: true } },
      options,
    )
  }

  /**
   * Turns a flag off (a kill switch): one PATCH setting `active: false`.
   *
   * `PATCH /api/projects/:project_id/feature_flags/:id/` · scope `feature_flag:write`
   */
  disable(id: number, options?: RequestOptions): APIPromise<FeatureFlag> {
    return this._transport.request(
      'featureFlags.update',
      featureFlag,
      { path: { id }, body: { active: false } },
      options,
    )
  }
}
