/**
 * The `events` and `actions` entries of a hog function's `filters`, as sent and as read (docs/service-behaviour.md §4).
 */
import * as z from 'zod/mini'
import { propertyFilterSchema } from './query-nodes.js'
import { type ShapeOf, strictObject } from './shape.js'

export const hogFunctionFilterEntitySchema = strictObject({
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
})
/** An `events` or `actions` item of a hog function's `filters`. */
export interface HogFunctionFilterEntity extends ShapeOf<typeof hogFunctionFilterEntitySchema> {}
