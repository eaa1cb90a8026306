import { ExperimentsOperations, experiment } from './generated/experiments.js'
import { dateTime, plainObject } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import { InvalidArgumentError } from '../core/errors.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import type { RequestOptions } from '../core/transport.js'
import type { ExperimentResultsParams } from '../requests/query.js'
import type { ExperimentResults } from '../schemas/queries.js'
import { experimentResults } from './experiment-results.js'
import type {
  ExperimentCreateParams,
  ExperimentEndParams,
  ExperimentLaunchParams,
  ExperimentListParams,
} from '../requests/experiments.js'
import type { Experiment } from '../schemas/experiments.js'
import { experimentSchema } from '../schemas/experiments.js'

/** Experiments: `/api/projects/:project_id/experiments/`. Ids are integers. */
export class Experiments extends ExperimentsOperations {
  /**
   * The writable fields of an experiment as `create` takes them back: what the service derives (id,
   * dates it stamps, authors, the flag object, metric fingerprints) is left out. Sends nothing; a copy
   * keeps the launch and end dates, so clear them (or use the command line's `copy`) for a draft.
   */
  toCreateParams(experiment: Experiment): ExperimentCreateParams {
    const fields = writableFields('experiments', experiment, ['feature_flag', 'deleted'])
    for (const key of ['metrics', 'metrics_secondary'] as const)
      if (Array.isArray(fields[key])) fields[key] = fields[key].map(withoutFingerprint)
    return fields as unknown as ExperimentCreateParams
  }

  /**
   * Every experiment, archived or not (a backup, an export): walks `list(params)` and then
   * `list({ ...params, archived: true })` as one walk, each newest first. The last page of the first list
   * has the first page of the archived ones as its `next`; each page's `count` is its own list's.
   *
   * `GET /api/projects/:project_id/experiments/` · scope `experiment:read`
   */
  listIncludingArchived(
    params?: Omit<ExperimentListParams, 'archived'>,
    options?: ListOptions,
  ): PagePromise<Experiment> {
    return this._transport.list(
      'experiments.list',
      experimentSchema,
      () => ({ query: withoutArchived(params) }),
      options,
      { then: () => ({ query: { ...params, archived: true } }) },
    )
  }

  /**
   * Launches an experiment: one PATCH setting `start_date` (default: now).
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  launch(id: number, params: ExperimentLaunchParams = {}, options?: RequestOptions): APIPromise<Experiment> {
    return this._transport.request(
      'experiments.update',
      experiment,
      () => ({
        path: { id },
        body: { start_date: dateTime('params.start_date', plainObject('params', params)?.start_date) },
      }),
      options,
    )
  }

  /**
   * Ends an experiment: one PATCH setting `end_date` (default: now) and, when given, the conclusion.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  end(id: number, params: ExperimentEndParams = {}, options?: RequestOptions): APIPromise<Experiment> {
    return this._transport.request(
      'experiments.update',
      experiment,
      () => ({
        path: { id },
        body: { ...plainObject('params', params), end_date: dateTime('params.end_date', params?.end_date) },
      }),
      options,
    )
  }

  /**
   * Archives an experiment (hidden from the default list): one PATCH setting `archived: true`.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  archive(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._transport.request(
      'experiments.update',
      experiment,
      { path: { id }, body: { archived: true } },
      options,
    )
  }

  /**
   * Removes an experiment the way the service allows: PATCH `{ deleted: true }`.
   *
   * `PATCH /api/projects/:project_id/experiments/:id/` · scope `experiment:write`
   */
  softDelete(id: number, options?: RequestOptions): APIPromise<Experiment> {
    return this._softDelete(id, options)
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
    return experimentResults(this._transport, id, params, options)
  }
}

/** A metric as the service returned it, without the `fingerprint` it computes on save. */
function withoutFingerprint(metric: unknown): unknown {
  if (typeof metric !== 'object' || metric === null) return metric
  const { fingerprint: _derived, ...rest } = metric as Record<string, unknown>
  return rest
}

/** `listIncludingArchived` walks the archived experiments itself: an `archived` of the caller would walk them twice. */
function withoutArchived(
  params: Omit<ExperimentListParams, 'archived'> | undefined,
): Omit<ExperimentListParams, 'archived'> | undefined {
  if ((params as { archived?: unknown } | undefined)?.archived !== undefined) {
    throw new InvalidArgumentError(
      'params.archived',
      'listIncludingArchived lists archived and other experiments both: use list({ archived }) for one kind',
    )
  }
  return params
}
