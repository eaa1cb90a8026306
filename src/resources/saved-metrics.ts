import type { APIPromise } from '../core/api-promise.js'
import { writableFields } from '../core/create-params.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import type { SavedMetricCreateParams, SavedMetricListParams, SavedMetricUpdateParams } from '../requests/saved-metrics.js'
import { savedMetricSchema, type SavedMetric } from '../schemas/saved-metrics.js'

// How each operation's answer is read.
const savedMetric = decodeWith(savedMetricSchema)

/** Saved (shared) experiment metrics: `/api/projects/:project_id/experiment_saved_metrics/`. */
export class SavedMetrics extends APIResource {
  /** The writable fields of a saved metric as `create` takes them back (name, description, query and tags). Sends nothing. */
  toCreateParams(metric: SavedMetric): SavedMetricCreateParams {
    return writableFields('savedMetrics.create', metric) as unknown as SavedMetricCreateParams
  }

  /**
   * Lists saved metrics by name (case-insensitive).
   *
   * `GET /api/projects/:project_id/experiment_saved_metrics/` · scope `experiment_saved_metric:read`
   */
  list(params?: SavedMetricListParams, options?: ListOptions): PagePromise<SavedMetric> {
    return this._transport.list('savedMetrics.list', savedMetricSchema, { query: params }, options)
  }

  /**
   * Creates a saved metric (201); the service assigns the metric's `uuid`.
   *
   * `POST /api/projects/:project_id/experiment_saved_metrics/` · scope `experiment_saved_metric:write`
   */
  create(body: SavedMetricCreateParams, options?: RequestOptions): APIPromise<SavedMetric> {
    return this._transport.request('savedMetrics.create', savedMetric, { body }, options)
  }

  /**
   * Reads one saved metric.
   *
   * `GET /api/projects/:project_id/experiment_saved_metrics/:id/` · scope `experiment_saved_metric:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<SavedMetric> {
    return this._transport.request('savedMetrics.retrieve', savedMetric, { path: { id } }, options)
  }

  /**
   * Changes writable fields (the metric's `uuid` cannot change).
   *
   * `PATCH /api/projects/:project_id/experiment_saved_metrics/:id/` · scope `experiment_saved_metric:write`
   */
  update(id: number, body: SavedMetricUpdateParams, options?: RequestOptions): APIPromise<SavedMetric> {
    return this._transport.request('savedMetrics.update', savedMetric, { path: { id }, body }, options)
  }

  /**
   * Deletes a saved metric for good (204): resolves `undefined`. Experiments using it lose it silently.
   *
   * `DELETE /api/projects/:project_id/experiment_saved_metrics/:id/` · scope `experiment_saved_metric:write`
   */
  delete(id: number, options?: RequestOptions): APIPromise<void> {
    return this._transport.request('savedMetrics.delete', 'none', { path: { id } }, options)
  }
}
