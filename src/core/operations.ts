/**
 * Every operation of the API as data: method, path template, the scope a personal API key needs, and
 * whether it is safe to retry after the server may have acted on it. The transport, the retry policy,
 * the scope table and the docs all read these rows (see shared/spec/api-spec.md, "Endpoints").
 */

/** An API key scope, as the service names it. */
export type Scope =
  | 'experiment:read'
  | 'experiment:write'
  | 'feature_flag:read'
  | 'hog_function:read'
  | 'hog_function:write'
  | 'survey:read'
  | 'survey:write'
  | 'activity_log:read'
  | 'endpoint:read'
  | 'endpoint:write'
  | 'event_definition:read'
  | 'event_definition:write'

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** One operation of the API. */
export interface Operation {
  /** HTTP method. */
  readonly method: HttpMethod
  /**
   * Path template relative to `/api/projects/:project_id/` (or `/api/environments/:project_id/` for the
   * endpoints group), with `{param}` placeholders and the trailing slash.
   */
  readonly path: string
  /**
   * Scope a personal API key needs. `null`: the spec lists no scope, and the real service refuses personal
   * API keys for the operation (403 `This action does not support personal API key access`).
   */
  readonly scope: Scope | null
  /** A POST that only reads (run, summaries): retried like a GET. */
  readonly readOnlyPost?: true
  /** Answered under the endpoints prefix chosen with `endpointsPrefix`. */
  readonly endpointsPrefix?: true
  /** Added to the message of errors of this operation: what to do instead. */
  readonly hint?: string
}

const op = (method: HttpMethod, path: string, scope: Scope | null, extra?: Partial<Operation>): Operation => ({
  method,
  path,
  scope,
  ...extra,
})
const endpoint = (method: HttpMethod, path: string, scope: Scope | null, extra?: Partial<Operation>): Operation =>
  op(method, path, scope, { endpointsPrefix: true, ...extra })

/** The 61 operations of the spec, keyed `group.method`. */
export const OPERATIONS = {
  'experiments.list': op('GET', 'experiments/', 'experiment:read'),
  'experiments.create': op('POST', 'experiments/', 'experiment:write'),
  'experiments.retrieve': op('GET', 'experiments/{id}/', 'experiment:read'),
  'experiments.update': op('PATCH', 'experiments/{id}/', 'experiment:write'),
  'experiments.delete': op('DELETE', 'experiments/{id}/', 'experiment:write', {
    hint: 'experiments are never hard-deleted (the service always answers 405): use experiments.softDelete(id)',
  }),
  'experiments.createExposureCohort': op(
    'POST',
    'experiments/{id}/create_exposure_cohort_for_experiment/',
    'experiment:write',
  ),
  'experiments.duplicate': op('POST', 'experiments/{id}/duplicate/', 'experiment:write'),
  'experiments.recalculateTimeseries': op('POST', 'experiments/{id}/recalculate_timeseries/', 'experiment:write'),
  'experiments.timeseriesResults': op('GET', 'experiments/{id}/timeseries_results/', 'experiment:read'),
  'experiments.eligibleFeatureFlags': op('GET', 'experiments/eligible_feature_flags/', 'feature_flag:read'),
  'experiments.requiresFlagImplementation': op('GET', 'experiments/requires_flag_implementation/', 'experiment:read'),
  'experiments.stats': op('GET', 'experiments/stats/', 'experiment:read'),

  'hogFunctions.list': op('GET', 'hog_functions/', 'hog_function:read'),
  'hogFunctions.create': op('POST', 'hog_functions/', 'hog_function:write'),
  'hogFunctions.retrieve': op('GET', 'hog_functions/{id}/', 'hog_function:read'),
  'hogFunctions.update': op('PATCH', 'hog_functions/{id}/', 'hog_function:write'),
  'hogFunctions.delete': op('DELETE', 'hog_functions/{id}/', 'hog_function:write', {
    hint: 'hog functions are never hard-deleted (the service always answers 405): use hogFunctions.softDelete(id)',
  }),
  'hogFunctions.broadcast': op('POST', 'hog_functions/{id}/broadcast/', null),
  'hogFunctions.invocations': op('POST', 'hog_functions/{id}/invocations/', null),
  'hogFunctions.logs': op('GET', 'hog_functions/{id}/logs/', null),
  'hogFunctions.metrics': op('GET', 'hog_functions/{id}/metrics/', null),
  'hogFunctions.metricsTotals': op('GET', 'hog_functions/{id}/metrics/totals/', null),
  'hogFunctions.icon': op('GET', 'hog_functions/icon/', null),
  'hogFunctions.icons': op('GET', 'hog_functions/icons/', null),
  'hogFunctions.rearrange': op('PATCH', 'hog_functions/rearrange/', null),

  'surveys.list': op('GET', 'surveys/', 'survey:read'),
  'surveys.create': op('POST', 'surveys/', 'survey:write'),
  'surveys.retrieve': op('GET', 'surveys/{id}/', 'survey:read'),
  'surveys.update': op('PATCH', 'surveys/{id}/', 'survey:write'),
  'surveys.delete': op('DELETE', 'surveys/{id}/', 'survey:write'),
  'surveys.activity': op('GET', 'surveys/{id}/activity/', 'activity_log:read'),
  'surveys.archivedResponseUuids': op('GET', 'surveys/{id}/archived-response-uuids/', 'survey:read'),
  'surveys.duplicateToProjects': op('POST', 'surveys/{id}/duplicate_to_projects/', 'survey:write'),
  'surveys.archiveResponse': op('POST', 'surveys/{id}/responses/{responseUuid}/archive/', 'survey:write'),
  'surveys.unarchiveResponse': op('POST', 'surveys/{id}/responses/{responseUuid}/unarchive/', 'survey:write'),
  'surveys.stats': op('GET', 'surveys/{id}/stats/', 'survey:read'),
  'surveys.summarizeResponses': op('POST', 'surveys/{id}/summarize_responses/', 'survey:read', {
    readOnlyPost: true,
  }),
  'surveys.summaryHeadline': op('POST', 'surveys/{id}/summary_headline/', 'survey:read', { readOnlyPost: true }),
  'surveys.allActivity': op('GET', 'surveys/activity/', 'activity_log:read'),
  'surveys.responsesCount': op('GET', 'surveys/responses_count/', 'survey:read'),
  'surveys.allStats': op('GET', 'surveys/stats/', 'survey:read'),

  'endpoints.list': endpoint('GET', 'endpoints/', 'endpoint:read'),
  'endpoints.create': endpoint('POST', 'endpoints/', 'endpoint:write'),
  'endpoints.retrieve': endpoint('GET', 'endpoints/{name}/', 'endpoint:read'),
  'endpoints.update': endpoint('PATCH', 'endpoints/{name}/', null),
  'endpoints.delete': endpoint('DELETE', 'endpoints/{name}/', 'endpoint:write'),
  'endpoints.materializationStatus': endpoint('GET', 'endpoints/{name}/materialization_status/', null),
  'endpoints.runGet': endpoint('GET', 'endpoints/{name}/run/', 'endpoint:read'),
  'endpoints.run': endpoint('POST', 'endpoints/{name}/run/', 'endpoint:read', { readOnlyPost: true }),
  'endpoints.versions': endpoint('GET', 'endpoints/{name}/versions/', 'endpoint:read'),
  'endpoints.version': endpoint('GET', 'endpoints/{name}/versions/{versionNumber}/', 'endpoint:read'),
  'endpoints.lastExecutionTimes': endpoint('POST', 'endpoints/last_execution_times/', null, { readOnlyPost: true }),

  'eventDefinitions.list': op('GET', 'event_definitions/', 'event_definition:read'),
  'eventDefinitions.create': op('POST', 'event_definitions/', 'event_definition:write'),
  'eventDefinitions.retrieve': op('GET', 'event_definitions/{id}/', 'event_definition:read'),
  'eventDefinitions.update': op('PATCH', 'event_definitions/{id}/', 'event_definition:write'),
  'eventDefinitions.delete': op('DELETE', 'event_definitions/{id}/', 'event_definition:write'),
  'eventDefinitions.metrics': op('GET', 'event_definitions/{id}/metrics/', null),
  'eventDefinitions.golang': op('GET', 'event_definitions/golang/', 'event_definition:read'),
  'eventDefinitions.python': op('GET', 'event_definitions/python/', 'event_definition:read'),
  'eventDefinitions.typescript': op('GET', 'event_definitions/typescript/', 'event_definition:read'),
} as const satisfies Record<string, Operation>

/** The name of an operation, `group.method`. */
export type OperationId = keyof typeof OPERATIONS

/** The scope an operation needs, or `null` when personal API keys cannot call it. */
export function requiredScope(operationId: OperationId): Scope | null {
  return OPERATIONS[operationId].scope
}

/** Whether a retry is safe once the server may have acted on the request. */
export function isIdempotent(operation: Operation): boolean {
  return operation.method === 'GET' || operation.method === 'DELETE' || operation.readOnlyPost === true
}
