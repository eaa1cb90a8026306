/** A holdout's groups (`filters`), as sent and as read (docs/service-behaviour.md §11.5). */
import * as z from 'zod/mini'
import { featureFlagPropertySchema } from './feature-flag-filters.js'
import { nullableOptional, type ShapeOutput } from './shape.js'

const holdoutGroupShape = {
  /** Properties the held-out users match (usually none). */
  properties: nullableOptional(z.array(featureFlagPropertySchema)),
  /** Share of users excluded from every experiment using the holdout, 0–100 (the first group's is the one flags get). */
  rollout_percentage: z.number(),
  /** Set by the service to `holdout-<id>`. */
  variant: nullableOptional(z.string()),
}
export interface HoldoutGroupSchema extends z.ZodMiniObject<typeof holdoutGroupShape, z.core.$strict> {}
export const holdoutGroupSchema: HoldoutGroupSchema = z.strictObject(holdoutGroupShape)
/** A holdout's release group: `{ properties: [], rollout_percentage: 5 }`. */
export interface HoldoutGroup extends ShapeOutput<typeof holdoutGroupShape> {}
