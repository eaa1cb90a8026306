/** Request bodies and queries of `holdouts` (docs/service-behaviour.md §11.5). */
import * as z from 'zod/mini'
import { nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams, pageParams } from './group-shapes.js'
import { holdoutGroupSchema } from '../model/holdout-groups.js'

export const holdoutWriteFieldsSchema = strictObject({
  /** Name (not unique), at most 400 characters. */
  name: z.exactOptional(z.string()),
  /** Description. */
  description: nullableOptional(z.string()),
  /** The held-out groups (at least one). */
  filters: z.exactOptional(z.array(holdoutGroupSchema)),
})
/** Fields accepted by `holdouts.update`. */
export interface HoldoutWriteFields extends ShapeOf<typeof holdoutWriteFieldsSchema> {}

export const holdoutCreateParamsSchema = createParams(holdoutWriteFieldsSchema, {
  /** Name (required). */
  name: z.string(),
  /** The held-out groups (required, at least one). */
  filters: z.array(holdoutGroupSchema),
})
/** `holdouts.create`: `name` and `filters` are required. */
export interface HoldoutCreateParams extends ShapeOf<typeof holdoutCreateParamsSchema> {}

export { holdoutWriteFieldsSchema as holdoutUpdateParamsSchema }
/** `holdouts.update`: any writable field (changed `filters` reach every linked experiment's flag). */
export type HoldoutUpdateParams = HoldoutWriteFields

export const holdoutListParamsSchema = strictObject(pageParams)
/** Query of `holdouts.list`. */
export interface HoldoutListParams extends ShapeOf<typeof holdoutListParamsSchema> {}
