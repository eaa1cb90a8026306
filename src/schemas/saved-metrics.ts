import * as z from 'zod/mini'
import { createdShape, dateTime, describes, json, type Created } from './common.js'
import type { ExperimentMetricResult } from '../model/experiment-metrics.js'

/** A saved (shared) metric, as its group returns it (docs/service-behaviour.md §11.6). */
export interface SavedMetric extends Created {
  /** The saved metric id. */
  id: number
  /** Name. */
  name: string
  /** Description. */
  description?: string | null
  /** The metric, with the `uuid` the service assigned (action names refreshed on read). */
  query?: ExperimentMetricResult | null
  /** Last change. */
  updated_at?: string | null
  /** Tags. */
  tags?: unknown[] | null
  /** The caller's access level. */
  user_access_level?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `SavedMetric` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type SavedMetricUncheckedFields = 'query'

/** The fields of `savedMetricSchema` (exported for the tie test with `SavedMetric`). */
export const savedMetricShape = {
  id: z.number(),
  name: z.string(),
  description: z.nullish(z.string()),
  ...createdShape,
  updated_at: z.nullish(dateTime),
  tags: z.nullish(z.array(json)),
  user_access_level: z.nullish(z.string()),
}

/** A saved metric (docs/service-behaviour.md §11.6). */
export const savedMetricSchema = describes<SavedMetric>(z.looseObject(savedMetricShape))
