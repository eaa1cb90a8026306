/** Request bodies and queries of `earlyAccessFeatures` (docs/service-behaviour.md §14.3). */
import * as z from 'zod/mini'
import { EARLY_ACCESS_FEATURE_STAGES } from '../model/enums.js'
import { jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { pageParams } from './group-shapes.js'

const earlyAccessFeatureFieldsShape = {
  /** Name, at most 200 characters (not unique; without a flag, its slug is the new flag's key). */
  name: z.exactOptional(z.string()),
  /** `alpha`, `beta` and `general-availability` mark the flag (`filters.feature_enrollment`); the others clear it. */
  stage: z.exactOptional(z.enum(EARLY_ACCESS_FEATURE_STAGES)),
  /** Description. */
  description: z.exactOptional(z.string()),
  /** Link to the documentation (a URL, at most 800 characters, or `""`). */
  documentation_url: z.exactOptional(z.string()),
  /** Free-form JSON the SDKs hand to the app (`{}` when empty). */
  payload: nullableOptional(jsonRecord),
  /** Who owns it: a user or a role, by id. */
  assignee: nullableOptional(strictObject({ type: z.enum(['user', 'role']), id: z.union([z.number(), z.string()]) })),
}

export const earlyAccessFeatureCreateParamsSchema = strictObject({
  ...earlyAccessFeatureFieldsShape,
  /** Name (required). */
  name: z.string(),
  /** Stage (required). */
  stage: z.enum(EARLY_ACCESS_FEATURE_STAGES),
  /**
   * The flag it stands on (a boolean, person-based flag no other feature uses); left out, the service makes one. Fixed
   * once created.
   */
  feature_flag_id: z.exactOptional(z.number()),
  /** Folder to create the feature in. */
  _create_in_folder: z.exactOptional(z.string()),
})
/** `earlyAccessFeatures.create`: `name` and `stage` are required. */
export interface EarlyAccessFeatureCreateParams extends ShapeOf<typeof earlyAccessFeatureCreateParamsSchema> {}

export const earlyAccessFeatureUpdateParamsSchema = strictObject({
  ...earlyAccessFeatureFieldsShape,
  /** With `stage: 'general-availability'`: roll the flag out to everyone (and clear its enrollment mark). */
  rollout_to_all: z.exactOptional(z.boolean()),
})
/** `earlyAccessFeatures.update`: any writable field; the flag cannot change (delete and create instead). */
export interface EarlyAccessFeatureUpdateParams extends ShapeOf<typeof earlyAccessFeatureUpdateParamsSchema> {}

export const earlyAccessFeatureListParamsSchema = strictObject(pageParams)
/** Query of `earlyAccessFeatures.list`. */
export interface EarlyAccessFeatureListParams extends ShapeOf<typeof earlyAccessFeatureListParamsSchema> {}
