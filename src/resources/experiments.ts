import { integerId, plainObject, queryParams, stringId } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import { decodePage, type PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import {
  experimentSchema,
  experimentStatsSchema,
  exposureCohortResultSchema,
  featureFlagSchema,
  requiresFlagImplementationSchema,
  timeseriesRecalculationSchema,
  timeseriesResultsSchema,
  type EligibleFeatureFlagsParams,
  type Experiment,
  type ExperimentCreateParams,
  type ExperimentListParams,
  type ExperimentStats,
  type ExperimentUpdateParams,
  type ExperimentDuplicateParams,
  type ExposureCohortParams,
  type ExposureCohortResult,
  type FeatureFlag,
  type RecalculateTimeseriesParams,
  type RequiresFlagImplementation,
  type TimeseriesRecalculation,
  type TimeseriesResults,
  type TimeseriesResultsParams,
} from '../schemas/experiments.js'

const experiment = decodeWith(experimentSchema)
const experimentPage = decodePage(experimentSchema)
const featureFlagPage = decodePage(featureFlagSchema)
const exposureCohortResult = decodeWith(exposureCohortResultSchema)
const timeseriesRecalculation = decodeWith(timeseriesRecalculationSchema)
const timeseriesResults = decodeWith(timeseriesResultsSchema)
const requiresFlagImplementation = decodeWith(requiresFlagImplementationSchema)
const experimentStats = decodeWith(experimentStatsSchema)

/** Experiments: `/api/projects/:project_id/experiments/`. Ids are integers. */
export class Experiments extends APIResource {
  /**
   * Lists experiments, newest first; archived ones only with `archived: true`.
   *
   * `GET /api/projects/:project_id/experiments/` · scope `experiment:read`
   */
  list(params?: ExperimentListParams, options?: RequestOptions): PagePromise<Experiment> {
    return this._client.list(() => ({
      operation: 'experiments.list',
      query: queryParams('params', params),
      decode: experimentPage,
      options,
    }))
  }

  /**
   * Creates an experiment (and its feature flag).
   *
   * `POST /api/projects/:project_id/experiments/` · scope `experiment:write`
   */
  create(body: ExperimentCreateParams, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request(() => ({
      operation: 'experiments.create',
      body: plainObject('body', body, true),
      decode: experiment,
      options,
    }))
  }

  /**
   * Reads one experiment (404 once soft-deleted).
   *
   * `GET /api/projects/:project_id/experiments/:id/` · scope `experiment:read`
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request(() => ({
      operation: 'experiments.retrieve',
      path: { id: integerId('id', id) },
      decode: experiment,
      options,
    }))
  }

  /**
   * Changes any writable fields.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  update(id: number, body: ExperimentUpdateParams, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request(() => ({
      operation: 'experiments.update',
      path: { id: integerId('id', id) },
      body: plainObject('body', body, true),
      decode: experiment,
      options,
    }))
  }

  /**
   * The service never hard-deletes an experiment: this always rejects with `MethodNotAllowedError` (405).
   *
   * `DELETE /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   * @deprecated Always fails on the real service. Use {@link Experiments.softDelete}.
   */
  delete(id: number, options?: RequestOptions): APIPromise<never> {
    return this._client.request(() => ({
      operation: 'experiments.delete',
      path: { id: integerId('id', id) },
      decode: 'none',
      options,
    }))
  }

  /**
   * Removes an experiment the way the service allows: PATCH `{ deleted: true }`.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request(() => ({
      operation: 'experiments.update',
      path: { id: integerId('id', id) },
      body: { deleted: true },
      decode: experiment,
      options,
    }))
  }

  /**
   * Creates the cohort of users exposed to a launched experiment.
   *
   * `POST /api/projects/:project_id/experiments/:id/create_exposure_cohort_for_experiment/` · scope `experiment:write`
   */
  createExposureCohort(id: number, body?: ExposureCohortParams, options?: RequestOptions): APIPromise<ExposureCohortResult> {
    return this._client.request(() => ({
      operation: 'experiments.createExposureCohort',
      path: { id: integerId('id', id) },
      body: plainObject('body', body) ?? {},
      decode: exposureCohortResult,
      options,
    }))
  }

  /**
   * Copies an experiment (`<name> (Copy)`, dates cleared); `feature_flag_key` may name another flag.
   *
   * `POST /api/projects/:project_id/experiments/:id/duplicate/` · scope `experiment:write`
   */
  duplicate(id: number, body?: ExperimentDuplicateParams, options?: RequestOptions): APIPromise<Experiment> {
    return this._client.request(() => ({
      operation: 'experiments.duplicate',
      path: { id: integerId('id', id) },
      body: plainObject('body', body) ?? {},
      decode: experiment,
      options,
    }))
  }

  /**
   * Requests a recalculation of one metric's timeseries.
   *
   * `POST /api/projects/:project_id/experiments/:id/recalculate_timeseries/` · scope `experiment:write`
   */
  recalculateTimeseries(id: number, body: RecalculateTimeseriesParams, options?: RequestOptions): APIPromise<TimeseriesRecalculation> {
    return this._client.request(() => {
      const checked = plainObject('body', body, true) as RecalculateTimeseriesParams
      plainObject('body.metric', checked.metric, true)
      stringId('body.fingerprint', checked.fingerprint)
      return {
        operation: 'experiments.recalculateTimeseries',
        path: { id: integerId('id', id) },
        body: checked,
        decode: timeseriesRecalculation,
        options,
      }
    })
  }

  /**
   * The daily results of one experiment metric as a timeseries.
   *
   * `GET /api/projects/:project_id/experiments/:id/timeseries_results/` · scope `experiment:read`
   */
  timeseriesResults(id: number, params: TimeseriesResultsParams, options?: RequestOptions): APIPromise<TimeseriesResults> {
    return this._client.request(() => {
      const query = queryParams('params', params) as TimeseriesResultsParams | undefined
      stringId('params.metric_uuid', query?.metric_uuid)
      stringId('params.fingerprint', query?.fingerprint)
      return {
        operation: 'experiments.timeseriesResults',
        path: { id: integerId('id', id) },
        query,
        decode: timeseriesResults,
        options,
      }
    })
  }

  /**
   * Feature flags usable by an experiment (multivariate, first variant `control`), 20 a page by default.
   *
   * `GET /api/projects/:project_id/experiments/eligible_feature_flags/` · scope `feature_flag:read`
   */
  eligibleFeatureFlags(params?: EligibleFeatureFlagsParams, options?: RequestOptions): PagePromise<FeatureFlag> {
    return this._client.list(() => ({
      operation: 'experiments.eligibleFeatureFlags',
      query: queryParams('params', params),
      decode: featureFlagPage,
      options,
    }))
  }

  /**
   * Whether the project's experiments still need a flag implementation (`{ result }`).
   *
   * `GET /api/projects/:project_id/experiments/requires_flag_implementation/` · scope `experiment:read`
   */
  requiresFlagImplementation(options?: RequestOptions): APIPromise<RequiresFlagImplementation> {
    return this._client.request(() => ({
      operation: 'experiments.requiresFlagImplementation',
      decode: requiresFlagImplementation,
      options,
    }))
  }

  /**
   * Experimentation velocity over the last 30 days.
   *
   * `GET /api/projects/:project_id/experiments/stats/` · scope `experiment:read`
   */
  stats(options?: RequestOptions): APIPromise<ExperimentStats> {
    return this._client.request(() => ({
      operation: 'experiments.stats',
      decode: experimentStats,
      options,
    }))
  }
}
