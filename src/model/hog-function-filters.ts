/** The `events` and `actions` entries of a hog function's `filters`, as sent and as read (docs/service-behaviour.md §4). */
import * as z from 'zod/mini'
import { propertyFilterSchema } from './query-nodes.js'
import { type ShapeOutput } from './shape.js'

const hogFunctionFilterEntityShape = {
  /** The event name (`events`) or the action id as a string (`actions`). */
  id: z.string(),
  /** `events` or `actions`. */
  type: z.literal(['events', 'actions']),
  /** Display name. */
  name: z.exactOptional(z.string()),
  /** Position. */
  order: z.exactOptional(z.number()),
  /** Filters on the event's properties. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
}
export interface HogFunctionFilterEntitySchema extends z.ZodMiniObject<
  typeof hogFunctionFilterEntityShape,
  z.core.$strict
> {}
export const hogFunctionFilterEntitySchema: HogFunctionFilterEntitySchema = z.strictObject(hogFunctionFilterEntityShape)
/** An `events` or `actions` item of a hog function's `filters`. */
export interface HogFunctionFilterEntity extends ShapeOutput<typeof hogFunctionFilterEntityShape> {}
