import { dateTime, plainObject, queryParams, stringId } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import type { ExperimentResults, ExperimentResultsParams } from '../schemas/queries.js'
import { experimentResults } from './experiment-results.js'
import type {
  EligibleFeatureFlagsParams,
  Experiment,
  ExperimentCreateParams,
  ExperimentListParams,
  ExperimentStats,
  ExperimentUpdateParams,
  ExperimentDuplicateParams,
  ExposureCohortParams,
  ExposureCohortResult,
  FeatureFlag,
  RecalculateTimeseriesParams,
  RequiresFlagImplementation,
  TimeseriesRecalculation,
  TimeseriesResults,
  TimeseriesResultsParams,
} from '../schemas/experiments.js'

/** What `experiments.launch` sets. */
export interface ExperimentLaunchParams {
  /** When the experiment starts, as a `Date` or an ISO 8601 string. Default: now. */
  start_date?: Date | string
}

/** What `experiments.end` sets. */
export interface ExperimentEndParams {
  /** When the experiment ends, as a `Date` or an ISO 8601 string. Default: now. */
  end_date?: Date | string
  /** The outcome: `won`, `lost`, `inconclusive`, `stopped_early` or `invalid`. */
  conclusion?: 'won' | 'lost' | 'inconclusive' | 'stopped_early' | 'invalid'
  /** Why, in a sentence or two. */
  conclusion_comment?: string
}

/** Experiments: `/api/projects/:project_id/experiments/`. Ids are integers. */
export class Experiments extends APIResource {
  /**
   * Lists experiments, newest first; archived ones only with `archived: true`.
   *
   * `GET /api/projects/:project_id/experiments/` · scope `experiment:read`
   */
  list(params?: ExperimentListParams, options?: ListOptions): PagePromise<Experiment> {
    return this._client.list('experiments.list', { query: params }, options)
  }

  /**
   * Creates an experiment (and its feature flag).
   *
   * `POST /api/projects/:project_id/experiments/` · scope `experiment:write`
   */
  create(body: ExperimentCreateParams, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.create', { body }, options)
  }

  /**
   * Reads one experiment (404 once soft-deleted).
   *
   * `GET /api/projects/:project_id/experiments/:id/` · scope `experiment:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.retrieve', { path: { id } }, options)
  }

  /**
   * Changes any writable fields.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  update(id: number, body: ExperimentUpdateParams, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.update', { path: { id }, body }, options)
  }

  /**
   * The service never hard-deletes an experiment: this always rejects with `MethodNotAllowedError` (405).
   *
   * `DELETE /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   * @deprecated Always fails on the real service. Use {@link Experiments.softDelete}.
   */
  delete(id: number, options?: RequestOptions): APIPromise<never> {
    return this._client.request('experiments.delete', { path: { id } }, options) as APIPromise<never>
  }

  /**
   * Launches an experiment: one PATCH setting `start_date` (default: now).
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  launch(id: number, params: ExperimentLaunchParams = {}, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.update', () => ({ path: { id }, body: { start_date: dateTime('params.start_date', plainObject('params', params)?.start_date) } }), options)
  }

  /**
   * Ends an experiment: one PATCH setting `end_date` (default: now) and, when given, the conclusion.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  end(id: number, params: ExperimentEndParams = {}, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.update', () => ({ path: { id }, body: { ...plainObject('params', params), end_date: dateTime('params.end_date', params?.end_date) } }), options)
  }

  /**
   * Archives an experiment (hidden from the default list): one PATCH setting `archived: true`.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  archive(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.update', { path: { id }, body: { archived: true } }, options)
  }

  /**
   * Removes an experiment the way the service allows: PATCH `{ deleted: true }`.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.update', { path: { id }, body: { deleted: true } }, options)
  }

  /**
   * Creates the cohort of users exposed to a launched experiment.
   *
   * `POST /api/projects/:project_id/experiments/:id/create_exposure_cohort_for_experiment/` · scope `experiment:write`
   */
  createExposureCohort(id: number, body?: ExposureCohortParams, options?: RequestOptions): APIPromise<ExposureCohortResult> {
    return this._client.request('experiments.createExposureCohort', { path: { id }, body }, options)
  }

  /**
   * Copies an experiment (`<name> (Copy)`, dates cleared); `feature_flag_key` may name another flag.
   *
   * `POST /api/projects/:project_id/experiments/:id/duplicate/` · scope `experiment:write`
   */
  duplicate(id: number, body?: ExperimentDuplicateParams, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request('experiments.duplicate', { path: { id }, body }, options)
  }

  /**
   * Requests a recalculation of one metric's timeseries.
   *
   * `POST /api/projects/:project_id/experiments/:id/recalculate_timeseries/` · scope `experiment:write`
   */
  recalculateTimeseries(id: number, body: RecalculateTimeseriesParams, options?: RequestOptions): APIPromise<TimeseriesRecalculation> {
    return this._client.request('experiments.recalculateTimeseries', () => ({ path: { id }, body: checkRecalculation(body) }), options)
  }

  /**
   * The daily results of one experiment metric as a timeseries.
   *
   * `GET /api/projects/:project_id/experiments/:id/timeseries_results/` · scope `experiment:read`
   */
  timeseriesResults(id: number, params: TimeseriesResultsParams, options?: RequestOptions): APIPromise<TimeseriesResults> {
    return this._client.request('experiments.timeseriesResults', () => ({ path: { id }, query: checkMetricRef(params) }), options)
  }

  /**
   * The results of the experiment's metrics, primary then secondary (or those `params.metrics` names), each
   * read with one query, with the values PostHog's interface derives: per variant the exposures, the value
   * (mean or conversion rate), the interval, chance to win or p-value, significance, the lift (`delta`) and
   * whether it is `winning`, both the goal's way. Variants with too few exposures are reported in
   * `validation_failures`, not thrown. A draft experiment rejects with `InvalidArgumentError` before any
   * query. Legacy metrics are read through their own query kinds.
   *
   * `GET /api/projects/:project_id/experiments/:id/` · scope `experiment:read`, then per metric
   * `POST /api/projects/:project_id/query/` · scope `query:read`
   */
  results(id: number, params?: ExperimentResultsParams, options?: RequestOptions): Promise<ExperimentResults> {
    return experimentResults(this._client, id, params, options)
  }

  /**
   * Feature flags usable by an experiment (multivariate, first variant `control`), 20 a page by default.
   *
   * `GET /api/projects/:project_id/experiments/eligible_feature_flags/` · scope `feature_flag:read`
   */
  eligibleFeatureFlags(params?: EligibleFeatureFlagsParams, options?: ListOptions): PagePromise<FeatureFlag> {
    return this._client.list('experiments.eligibleFeatureFlags', { query: params }, options)
  }

  /**
   * Whether the project's experiments still need a flag implementation (`{ result }`).
   *
   * `GET /api/projects/:project_id/experiments/requires_flag_implementation/` · scope `experiment:read`
   */
  requiresFlagImplementation(options?: RequestOptions): APIPromise<RequiresFlagImplementation> {
    return this._client.request('experiments.requiresFlagImplementation', {}, options)
  }

  /**
   * Experimentation velocity over the last 30 days.
   *
   * `GET /api/projects/:project_id/experiments/stats/` · scope `experiment:read`
   */
  stats(options?: RequestOptions): APIPromise<ExperimentStats> {
    return this._client.request('experiments.stats', {}, options)
  }
}

/** `metric` and `fingerprint` are both required: the service recalculates nothing without them. */
function checkRecalculation(body: RecalculateTimeseriesParams): RecalculateTimeseriesParams {
  plainObject('body', body, true)
  plainObject('body.metric', body.metric, true)
  stringId('body.fingerprint', body.fingerprint)
  return body
}

/** A timeseries is addressed by the metric's uuid and its fingerprint, both required. */
function checkMetricRef(params: TimeseriesResultsParams): TimeseriesResultsParams {
  queryParams('params', params)
  stringId('params.metric_uuid', params?.metric_uuid)
  stringId('params.fingerprint', params?.fingerprint)
  return params
}
