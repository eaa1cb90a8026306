/** A holdout's groups (`filters`), as sent and as read (docs/service-behaviour.md §11.5). */
import * as z from 'zod/mini'
import { featureFlagPropertySchema } from './feature-flag-filters.js'
import { nullableOptional, type ShapeOf, strictObject } from './shape.js'

export const holdoutGroupSchema = strictObject({
  /** Properties the held-out users match (usually none). */
  properties: nullableOptional(z.array(featureFlagPropertySchema)),
  /**
   * Share of users excluded from every experiment using the holdout, 0–100 (the first group's is the one flags get).
   */
  rollout_percentage: z.number(),
  /** Set by the service to `holdout-<id>`. */
  variant: nullableOptional(z.string()),
})
/** A holdout's release group: `{ properties: [], rollout_percentage: 5 }`. */
export interface HoldoutGroup extends ShapeOf<typeof holdoutGroupSchema> {}
