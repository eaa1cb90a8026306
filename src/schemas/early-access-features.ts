import * as z from 'zod/mini'
import { dateTime, describes, minimalFeatureFlagSchema, openEnum, userBasicSchema } from './common.js'
import type { MinimalFeatureFlag, OpenEnum, UserBasic } from './common.js'
import type { EARLY_ACCESS_FEATURE_STAGES } from '../model/enums.js'

/** An early access feature (docs/service-behaviour.md §14.3 [`E4`]); no `feature_flag_id` on read. */
export interface EarlyAccessFeature {
  /** The feature id (a UUID). */
  id: string
  /** The flag it stands on. */
  feature_flag?: MinimalFeatureFlag | null
  /** Name. */
  name?: string
  /** Description. */
  description?: string
  /** `draft`, `concept`, `alpha`, `beta`, `general-availability`, `archived`, or later values. */
  stage?: OpenEnum<(typeof EARLY_ACCESS_FEATURE_STAGES)[number]>
  /** Link to the documentation. */
  documentation_url?: string
  /** Free-form JSON (`{}` when empty). */
  payload?: Record<string, unknown> | null
  /** Who owns it (newer services). */
  assignee?: { type: string; id: number | string; [field: string]: unknown } | null
  /** Who created it (newer services). */
  created_by?: UserBasic | null
  /** Creation date-time. */
  created_at?: string
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/**
 * The fields of `EarlyAccessFeature` its schema passes unchecked (any JSON): typed and documented by the interface
 * alone.
 */
export type EarlyAccessFeatureUncheckedFields = 'payload' | 'assignee'

/** The fields of `earlyAccessFeatureSchema` (exported for the tie test with `EarlyAccessFeature`). */
export const earlyAccessFeatureShape = {
  id: z.string(),
  feature_flag: z.nullish(minimalFeatureFlagSchema),
  name: z.optional(z.string()),
  description: z.optional(z.string()),
  stage: z.optional(openEnum<(typeof EARLY_ACCESS_FEATURE_STAGES)[number]>()),
  documentation_url: z.optional(z.string()),
  created_by: z.nullish(userBasicSchema),
  created_at: z.optional(dateTime),
}

/** An early access feature (docs/service-behaviour.md §14.3). */
export const earlyAccessFeatureSchema = describes<EarlyAccessFeature>(z.looseObject(earlyAccessFeatureShape))
