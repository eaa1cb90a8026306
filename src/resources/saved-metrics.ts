import { SavedMetricsOperations } from './generated/saved-metrics.js'
import { writableFields } from '../core/create-params.js'
import type { SavedMetricCreateParams } from '../requests/saved-metrics.js'
import { type SavedMetric } from '../schemas/saved-metrics.js'

/** Saved (shared) experiment metrics: `/api/projects/:project_id/experiment_saved_metrics/`. */
export class SavedMetrics extends SavedMetricsOperations {
  /**
   * The writable fields of a saved metric as `create` takes them back (name, description, query and tags). Sends
   * nothing.
   */
  toCreateParams(metric: SavedMetric): SavedMetricCreateParams {
    return writableFields('savedMetrics', metric) as unknown as SavedMetricCreateParams
  }
}
