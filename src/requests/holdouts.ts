/** Request bodies and queries of `holdouts` (docs/service-behaviour.md §11.5). */
import * as z from 'zod/mini'
import { nullableOptional, type ShapeOutput } from '../model/shape.js'
import { holdoutGroupSchema } from '../model/holdout-groups.js'


const holdoutWriteFieldsShape = {
  /** Name (not unique), at most 400 characters. */
  name: z.exactOptional(z.string()),
  /** Description. */
  description: nullableOptional(z.string()),
  /** The held-out groups (at least one). */
  filters: z.exactOptional(z.array(holdoutGroupSchema)),
}
export interface HoldoutWriteFieldsSchema extends z.ZodMiniObject<typeof holdoutWriteFieldsShape, z.core.$strict> {}
export const holdoutWriteFieldsSchema: HoldoutWriteFieldsSchema = z.strictObject(holdoutWriteFieldsShape)
/** Fields accepted by `holdouts.update`. */
export interface HoldoutWriteFields extends ShapeOutput<typeof holdoutWriteFieldsShape> {}

const holdoutCreateParamsShape = {
  ...holdoutWriteFieldsShape,
  /** Name (required). */
  name: z.string(),
  /** The held-out groups (required, at least one). */
  filters: z.array(holdoutGroupSchema),
}
export interface HoldoutCreateParamsSchema extends z.ZodMiniObject<typeof holdoutCreateParamsShape, z.core.$strict> {}
export const holdoutCreateParamsSchema: HoldoutCreateParamsSchema = z.strictObject(holdoutCreateParamsShape)
/** `holdouts.create`: `name` and `filters` are required. */
export interface HoldoutCreateParams extends ShapeOutput<typeof holdoutCreateParamsShape> {}

export const holdoutUpdateParamsSchema = holdoutWriteFieldsSchema
/** `holdouts.update`: any writable field (changed `filters` reach every linked experiment's flag). */
export type HoldoutUpdateParams = HoldoutWriteFields

const holdoutListParamsShape = {
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
}
export interface HoldoutListParamsSchema extends z.ZodMiniObject<typeof holdoutListParamsShape, z.core.$strict> {}
export const holdoutListParamsSchema: HoldoutListParamsSchema = z.strictObject(holdoutListParamsShape)
/** Query of `holdouts.list`. */
export interface HoldoutListParams extends ShapeOutput<typeof holdoutListParamsShape> {}
