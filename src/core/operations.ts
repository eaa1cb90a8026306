/**
 * Every operation of the API as data: method, path, the scope a personal API key needs, whether it is
 * safe to retry, how its path parameters are checked, whether it takes a body, and what to do instead
 * when it fails. The transport, the argument checks, the retry policy, the scope table, the docs, the
 * command line and the fake all read these rows (docs/service-behaviour.md §1.4 and §3–§7).
 */

/** An API key scope, as the service names it. */
export type Scope =
  | 'experiment:read'
  | 'experiment:write'
  | 'feature_flag:read'
  | 'feature_flag:write'
  | 'cohort:read'
  | 'cohort:write'
  | 'action:read'
  | 'action:write'
  | 'experiment_holdout:read'
  | 'experiment_holdout:write'
  | 'experiment_saved_metric:read'
  | 'experiment_saved_metric:write'
  | 'hog_function:read'
  | 'hog_function:write'
  | 'survey:read'
  | 'survey:write'
  | 'activity_log:read'
  | 'endpoint:read'
  | 'endpoint:write'
  | 'event_definition:read'
  | 'event_definition:write'
  | 'query:read'

/** HTTP methods used by the API. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * What a path parameter holds, and so how it is checked before a request is sent: `integer` a
 * non-negative integer id (experiments); `uuid` the service's UUID ids and `name` an endpoint name, both
 * checked as non-empty strings (a malformed one is the service's 404 to give); `number` a positive version
 * number. Every value is URL-encoded into its own path segment.
 */
export type PathParamKind = 'integer' | 'uuid' | 'name' | 'number'

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
  /**
   * Safe to send again after the server may have acted on it: GET and DELETE, and the POSTs that only
   * read (endpoint runs, summaries). Decides which failures are retried.
   */
  readonly idempotent: boolean
  /** The path parameters, in the order the SDK's methods take them, with what each holds. */
  readonly params?: { readonly [name: string]: PathParamKind }
  /** `required`: the method needs a body object; `optional`: `{}` is sent when none is given. */
  readonly body?: 'required' | 'optional'
  /** Answered under the endpoints prefix chosen with `endpointsPrefix` (`projects` or `environments`): the endpoints group. */
  readonly endpointsPrefix: boolean
  /** Added to the message of errors of this operation: what to do instead. */
  readonly hint?: string
}

/**
 * A row as written below: only the exceptions to the defaults. `idempotent` defaults from the method (GET
 * and DELETE), `endpointsPrefix` from the group (`endpoints`), `scope` from the group's resource
 * (`GROUP_SCOPES`: `<resource>:read` for a GET, `<resource>:write` otherwise); `softDeleteOnly` gives the
 * hint of a delete the service always refuses.
 */
type OperationRow = Omit<Operation, 'idempotent' | 'endpointsPrefix' | 'scope' | 'hint'> & {
  readonly idempotent?: true
  readonly scope?: Scope | null
  readonly softDeleteOnly?: true
}

/** The resource named by the scopes of each group's operations. */
const GROUP_SCOPES: { readonly [group: string]: string } = {
  experiments: 'experiment',
  hogFunctions: 'hog_function',
  surveys: 'survey',
  endpoints: 'endpoint',
  eventDefinitions: 'event_definition',
  query: 'query',
  featureFlags: 'feature_flag',
  cohorts: 'cohort',
  actions: 'action',
  holdouts: 'experiment_holdout',
  savedMetrics: 'experiment_saved_metric',
}

const ID = { id: 'integer' } as const
const UUID = { id: 'uuid' } as const
const NAME = { name: 'name' } as const

/** The operation table, in the order of the spec; the reads added since at the end of their group (docs/service-behaviour.md §10). */
const TABLE = {
  'experiments.list': { method: 'GET', path: 'experiments/' },
  'experiments.create': { method: 'POST', path: 'experiments/', body: 'required' },
  'experiments.retrieve': { method: 'GET', path: 'experiments/{id}/', params: ID },
  'experiments.update': { method: 'PATCH', path: 'experiments/{id}/', params: ID, body: 'required' },
  'experiments.delete': { method: 'DELETE', path: 'experiments/{id}/', params: ID, softDeleteOnly: true },
  'experiments.createExposureCohort': {
    method: 'POST',
    path: 'experiments/{id}/create_exposure_cohort_for_experiment/',
    params: ID,
    body: 'optional',
  },
  'experiments.duplicate': { method: 'POST', path: 'experiments/{id}/duplicate/', params: ID, body: 'optional' },
  'experiments.recalculateTimeseries': { method: 'POST', path: 'experiments/{id}/recalculate_timeseries/', params: ID, body: 'required' },
  'experiments.timeseriesResults': { method: 'GET', path: 'experiments/{id}/timeseries_results/', params: ID },
  'experiments.eligibleFeatureFlags': { method: 'GET', path: 'experiments/eligible_feature_flags/', scope: 'feature_flag:read' },
  'experiments.requiresFlagImplementation': { method: 'GET', path: 'experiments/requires_flag_implementation/' },
  'experiments.stats': { method: 'GET', path: 'experiments/stats/' },
  'experiments.shipVariant': { method: 'POST', path: 'experiments/{id}/ship_variant/', params: ID, body: 'required' },

  'hogFunctions.list': { method: 'GET', path: 'hog_functions/' },
  'hogFunctions.create': { method: 'POST', path: 'hog_functions/', body: 'required' },
  'hogFunctions.retrieve': { method: 'GET', path: 'hog_functions/{id}/', params: UUID },
  'hogFunctions.update': { method: 'PATCH', path: 'hog_functions/{id}/', params: UUID, body: 'required' },
  'hogFunctions.delete': { method: 'DELETE', path: 'hog_functions/{id}/', params: UUID, softDeleteOnly: true },
  'hogFunctions.broadcast': { method: 'POST', path: 'hog_functions/{id}/broadcast/', scope: null, params: UUID, body: 'optional' },
  'hogFunctions.invocations': { method: 'POST', path: 'hog_functions/{id}/invocations/', scope: null, params: UUID, body: 'required' },
  'hogFunctions.logs': { method: 'GET', path: 'hog_functions/{id}/logs/', scope: null, params: UUID },
  'hogFunctions.metrics': { method: 'GET', path: 'hog_functions/{id}/metrics/', scope: null, params: UUID },
  'hogFunctions.metricsTotals': { method: 'GET', path: 'hog_functions/{id}/metrics/totals/', scope: null, params: UUID },
  'hogFunctions.icon': { method: 'GET', path: 'hog_functions/icon/', scope: null },
  'hogFunctions.icons': { method: 'GET', path: 'hog_functions/icons/', scope: null },
  'hogFunctions.rearrange': { method: 'PATCH', path: 'hog_functions/rearrange/', scope: null, body: 'required' },

  'surveys.list': { method: 'GET', path: 'surveys/' },
  'surveys.create': { method: 'POST', path: 'surveys/', body: 'required' },
  'surveys.retrieve': { method: 'GET', path: 'surveys/{id}/', params: UUID },
  'surveys.update': { method: 'PATCH', path: 'surveys/{id}/', params: UUID, body: 'required' },
  'surveys.delete': { method: 'DELETE', path: 'surveys/{id}/', params: UUID },
  'surveys.activity': { method: 'GET', path: 'surveys/{id}/activity/', scope: 'activity_log:read', params: UUID },
  'surveys.archivedResponseUuids': { method: 'GET', path: 'surveys/{id}/archived-response-uuids/', params: UUID },
  'surveys.duplicateToProjects': { method: 'POST', path: 'surveys/{id}/duplicate_to_projects/', params: UUID, body: 'required' },
  'surveys.archiveResponse': { method: 'POST', path: 'surveys/{id}/responses/{responseUuid}/archive/', params: { id: 'uuid', responseUuid: 'uuid' } },
  'surveys.unarchiveResponse': { method: 'POST', path: 'surveys/{id}/responses/{responseUuid}/unarchive/', params: { id: 'uuid', responseUuid: 'uuid' } },
  'surveys.stats': { method: 'GET', path: 'surveys/{id}/stats/', params: UUID },
  'surveys.summarizeResponses': {
    method: 'POST',
    path: 'surveys/{id}/summarize_responses/',
    scope: 'survey:read',
    idempotent: true,
    params: UUID,
    body: 'optional',
  },
  'surveys.summaryHeadline': {
    method: 'POST',
    path: 'surveys/{id}/summary_headline/',
    scope: 'survey:read',
    idempotent: true,
    params: UUID,
    body: 'optional',
  },
  'surveys.allActivity': { method: 'GET', path: 'surveys/activity/', scope: 'activity_log:read' },
  'surveys.responsesCount': { method: 'GET', path: 'surveys/responses_count/' },
  'surveys.allStats': { method: 'GET', path: 'surveys/stats/' },
  'surveys.responses': { method: 'GET', path: 'surveys/{id}/responses/', params: UUID },

  'endpoints.list': { method: 'GET', path: 'endpoints/' },
  'endpoints.create': { method: 'POST', path: 'endpoints/', body: 'required' },
  'endpoints.retrieve': { method: 'GET', path: 'endpoints/{name}/', params: NAME },
  'endpoints.update': { method: 'PATCH', path: 'endpoints/{name}/', scope: null, params: NAME, body: 'required' },
  'endpoints.delete': { method: 'DELETE', path: 'endpoints/{name}/', params: NAME },
  'endpoints.materializationStatus': { method: 'GET', path: 'endpoints/{name}/materialization_status/', scope: null, params: NAME },
  'endpoints.runGet': { method: 'GET', path: 'endpoints/{name}/run/', params: NAME },
  'endpoints.run': {
    method: 'POST',
    path: 'endpoints/{name}/run/',
    scope: 'endpoint:read',
    idempotent: true,
    params: NAME,
    body: 'optional',
  },
  'endpoints.versions': { method: 'GET', path: 'endpoints/{name}/versions/', params: NAME },
  'endpoints.version': { method: 'GET', path: 'endpoints/{name}/versions/{versionNumber}/', params: { name: 'name', versionNumber: 'number' } },
  'endpoints.lastExecutionTimes': {
    method: 'POST',
    path: 'endpoints/last_execution_times/',
    scope: null,
    idempotent: true,
    body: 'required',
  },

  'eventDefinitions.list': { method: 'GET', path: 'event_definitions/' },
  'eventDefinitions.create': { method: 'POST', path: 'event_definitions/', body: 'required' },
  'eventDefinitions.retrieve': { method: 'GET', path: 'event_definitions/{id}/', params: UUID },
  'eventDefinitions.update': { method: 'PATCH', path: 'event_definitions/{id}/', params: UUID, body: 'required' },
  'eventDefinitions.delete': { method: 'DELETE', path: 'event_definitions/{id}/', params: UUID },
  'eventDefinitions.metrics': { method: 'GET', path: 'event_definitions/{id}/metrics/', scope: null, params: UUID },
  'eventDefinitions.golang': { method: 'GET', path: 'event_definitions/golang/' },
  'eventDefinitions.python': { method: 'GET', path: 'event_definitions/python/' },
  'eventDefinitions.typescript': { method: 'GET', path: 'event_definitions/typescript/' },

  // The query API: every kind counts as a read, and a query only reads, so it is retried like a GET (docs/service-behaviour.md §10.3).
  'query.run': { method: 'POST', path: 'query/', scope: 'query:read', idempotent: true, body: 'required' },
  'query.status': { method: 'GET', path: 'query/{id}/', scope: 'query:read', params: UUID },
  'query.cancel': { method: 'DELETE', path: 'query/{id}/', scope: 'query:read', params: UUID },

  // The project's graph (docs/service-behaviour.md §11).
  'featureFlags.list': { method: 'GET', path: 'feature_flags/' },
  'featureFlags.create': { method: 'POST', path: 'feature_flags/', body: 'required' },
  'featureFlags.retrieve': { method: 'GET', path: 'feature_flags/{id}/', params: ID },
  'featureFlags.update': { method: 'PATCH', path: 'feature_flags/{id}/', params: ID, body: 'required' },
  'featureFlags.delete': { method: 'DELETE', path: 'feature_flags/{id}/', params: ID, softDeleteOnly: true },

  'cohorts.list': { method: 'GET', path: 'cohorts/' },
  'cohorts.create': { method: 'POST', path: 'cohorts/', body: 'required' },
  'cohorts.retrieve': { method: 'GET', path: 'cohorts/{id}/', params: ID },
  'cohorts.update': { method: 'PATCH', path: 'cohorts/{id}/', params: ID, body: 'required' },
  'cohorts.delete': { method: 'DELETE', path: 'cohorts/{id}/', params: ID, softDeleteOnly: true },

  'actions.list': { method: 'GET', path: 'actions/' },
  'actions.create': { method: 'POST', path: 'actions/', body: 'required' },
  'actions.retrieve': { method: 'GET', path: 'actions/{id}/', params: ID },
  'actions.update': { method: 'PATCH', path: 'actions/{id}/', params: ID, body: 'required' },
  'actions.delete': { method: 'DELETE', path: 'actions/{id}/', params: ID, softDeleteOnly: true },
  'actions.references': { method: 'GET', path: 'actions/{id}/references/', params: ID },

  'holdouts.list': { method: 'GET', path: 'experiment_holdouts/' },
  'holdouts.create': { method: 'POST', path: 'experiment_holdouts/', body: 'required' },
  'holdouts.retrieve': { method: 'GET', path: 'experiment_holdouts/{id}/', params: ID },
  'holdouts.update': { method: 'PATCH', path: 'experiment_holdouts/{id}/', params: ID, body: 'required' },
  'holdouts.delete': { method: 'DELETE', path: 'experiment_holdouts/{id}/', params: ID },

  'savedMetrics.list': { method: 'GET', path: 'experiment_saved_metrics/' },
  'savedMetrics.create': { method: 'POST', path: 'experiment_saved_metrics/', body: 'required' },
  'savedMetrics.retrieve': { method: 'GET', path: 'experiment_saved_metrics/{id}/', params: ID },
  'savedMetrics.update': { method: 'PATCH', path: 'experiment_saved_metrics/{id}/', params: ID, body: 'required' },
  'savedMetrics.delete': { method: 'DELETE', path: 'experiment_saved_metrics/{id}/', params: ID },
} as const satisfies Record<string, OperationRow>

/** The name of an operation, `group.method`. */
export type OperationId = keyof typeof TABLE

/** The operations: the spec's, the survey responses list and the query API, keyed `group.method`. */
export const OPERATIONS = Object.fromEntries(
  Object.entries(TABLE).map(([id, { softDeleteOnly, ...row }]: [string, OperationRow]) => {
    const group = id.slice(0, id.indexOf('.'))
    const things = group.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
    const operation: Operation = {
      ...row,
      scope: row.scope === undefined ? (`${GROUP_SCOPES[group]}:${row.method === 'GET' ? 'read' : 'write'}` as Scope) : row.scope,
      idempotent: row.idempotent ?? (row.method === 'GET' || row.method === 'DELETE'),
      endpointsPrefix: group === 'endpoints',
      ...(softDeleteOnly && { hint: `${things} are never hard-deleted (the service always answers 405): use ${group}.softDelete(id)` }),
    }
    return [id, operation]
  }),
) as { readonly [K in OperationId]: Operation }

/** The scope an operation needs, or `null` when personal API keys cannot call it. */
export function requiredScope(operationId: OperationId): Scope | null {
  return OPERATIONS[operationId].scope
}
