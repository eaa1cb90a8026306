/** Request bodies and queries of `savedMetrics` (docs/service-behaviour.md §11.6). */
import * as z from 'zod/mini'
import { nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams, pageParams } from './group-shapes.js'
import { experimentMetricSchema } from '../model/experiment-metrics.js'

export const savedMetricWriteFieldsSchema = strictObject({
  /** Name, at most 400 characters; unique per project, case-insensitively (newer services). */
  name: z.exactOptional(z.string()),
  /** Description. */
  description: nullableOptional(z.string()),
  /** The metric (an `ExperimentMetric`: mean, funnel, ratio or retention). The service assigns its `uuid`. */
  query: z.exactOptional(experimentMetricSchema),
  /** Tags. */
  tags: z.exactOptional(z.array(z.string())),
})
/** Fields accepted by `savedMetrics.update`. */
export interface SavedMetricWriteFields extends ShapeOf<typeof savedMetricWriteFieldsSchema> {}

export const savedMetricCreateParamsSchema = createParams(savedMetricWriteFieldsSchema, {
  /** Name (required). */
  name: z.string(),
  /** The metric (required). */
  query: experimentMetricSchema,
})
/** `savedMetrics.create`: `name` and `query` are required. */
export interface SavedMetricCreateParams extends ShapeOf<typeof savedMetricCreateParamsSchema> {}

export { savedMetricWriteFieldsSchema as savedMetricUpdateParamsSchema }
/** `savedMetrics.update`: any writable field (the metric's `uuid` cannot change). */
export type SavedMetricUpdateParams = SavedMetricWriteFields

export const savedMetricListParamsSchema = strictObject(pageParams, {
  /** Name, description or tag contains (newer services). */
  search: z.optional(z.string()),
  /** Metrics using this event, directly or through an action (newer services). */
  event: z.optional(z.string()),
})
/** Query of `savedMetrics.list`. */
export interface SavedMetricListParams extends ShapeOf<typeof savedMetricListParamsSchema> {}
