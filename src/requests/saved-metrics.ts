/** Request bodies and queries of `savedMetrics` (docs/service-behaviour.md §11.6). */
import * as z from 'zod/mini'
import { nullableOptional, type ShapeOutput } from '../model/shape.js'
import { experimentMetricSchema } from '../model/experiment-metrics.js'

const savedMetricWriteFieldsShape = {
  /** Name, at most 400 characters; unique per project, case-insensitively (newer services). */
  name: z.exactOptional(z.string()),
  /** Description. */
  description: nullableOptional(z.string()),
  /** The metric (an `ExperimentMetric`: mean, funnel, ratio or retention). The service assigns its `uuid`. */
  query: z.exactOptional(experimentMetricSchema),
  /** Tags. */
  tags: z.exactOptional(z.array(z.string())),
}
export interface SavedMetricWriteFieldsSchema extends z.ZodMiniObject<typeof savedMetricWriteFieldsShape, z.core.$strict> {}
export const savedMetricWriteFieldsSchema: SavedMetricWriteFieldsSchema = z.strictObject(savedMetricWriteFieldsShape)
/** Fields accepted by `savedMetrics.update`. */
export interface SavedMetricWriteFields extends ShapeOutput<typeof savedMetricWriteFieldsShape> {}

const savedMetricCreateParamsShape = {
  ...savedMetricWriteFieldsShape,
  /** Name (required). */
  name: z.string(),
  /** The metric (required). */
  query: experimentMetricSchema,
}
export interface SavedMetricCreateParamsSchema extends z.ZodMiniObject<typeof savedMetricCreateParamsShape, z.core.$strict> {}
export const savedMetricCreateParamsSchema: SavedMetricCreateParamsSchema = z.strictObject(savedMetricCreateParamsShape)
/** `savedMetrics.create`: `name` and `query` are required. */
export interface SavedMetricCreateParams extends ShapeOutput<typeof savedMetricCreateParamsShape> {}

export const savedMetricUpdateParamsSchema = savedMetricWriteFieldsSchema
/** `savedMetrics.update`: any writable field (the metric's `uuid` cannot change). */
export type SavedMetricUpdateParams = SavedMetricWriteFields

const savedMetricListParamsShape = {
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** Name, description or tag contains (newer services). */
  search: z.optional(z.string()),
  /** Metrics using this event, directly or through an action (newer services). */
  event: z.optional(z.string()),
}
export interface SavedMetricListParamsSchema extends z.ZodMiniObject<typeof savedMetricListParamsShape, z.core.$strict> {}
export const savedMetricListParamsSchema: SavedMetricListParamsSchema = z.strictObject(savedMetricListParamsShape)
/** Query of `savedMetrics.list`. */
export interface SavedMetricListParams extends ShapeOutput<typeof savedMetricListParamsShape> {}
