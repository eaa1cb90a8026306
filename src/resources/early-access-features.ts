import { EarlyAccessFeaturesOperations } from './generated/early-access-features.js'
import { writableFields } from '../core/create-params.js'
import type { EarlyAccessFeatureCreateParams } from '../requests/early-access-features.js'
import { type EarlyAccessFeature } from '../schemas/early-access-features.js'

/** Early access features: `/api/projects/:project_id/early_access_feature/`. Deleted for good (204). */
export class EarlyAccessFeatures extends EarlyAccessFeaturesOperations {
  /** The writable fields of a feature as `create` takes them back, its flag as `feature_flag_id`. Sends nothing. */
  toCreateParams(feature: EarlyAccessFeature): EarlyAccessFeatureCreateParams {
    const fields = writableFields('earlyAccessFeatures', feature)
    if (feature.feature_flag) fields.feature_flag_id = feature.feature_flag.id
    return fields as unknown as EarlyAccessFeatureCreateParams
  }
}
