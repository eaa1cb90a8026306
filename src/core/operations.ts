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

/** The five rows every group has (the endpoints group differs: `{name}`, and `update` has no scope). */
const CRUD = `list GET
create POST
retrieve GET {id}/
update PATCH {id}/
delete DELETE {id}/`

/**
 * The operation table, one line per operation: `name METHOD path [scope]`, the path relative to the group's
 * base. Scope: omitted means `<group scope>:read` for GET and read-only POST, `<group scope>:write`
 * otherwise; `-` means none (`null`). `POST.read` is a POST that only reads. Kept as text because the
 * object literal of 61 rows was 5 kB of the minified browser bundle.
 */
const TABLE: ReadonlyArray<readonly [group: string, base: string, scope: string, rows: string]> = [
  [
    'experiments',
    'experiments/',
    'experiment',
    `${CRUD}
createExposureCohort POST {id}/create_exposure_cohort_for_experiment/
duplicate POST {id}/duplicate/
recalculateTimeseries POST {id}/recalculate_timeseries/
timeseriesResults GET {id}/timeseries_results/
eligibleFeatureFlags GET eligible_feature_flags/ feature_flag:read
requiresFlagImplementation GET requires_flag_implementation/
stats GET stats/`,
  ],
  [
    'hogFunctions',
    'hog_functions/',
    'hog_function',
    `${CRUD}
broadcast POST {id}/broadcast/ -
invocations POST {id}/invocations/ -
logs GET {id}/logs/ -
metrics GET {id}/metrics/ -
metricsTotals GET {id}/metrics/totals/ -
icon GET icon/ -
icons GET icons/ -
rearrange PATCH rearrange/ -`,
  ],
  [
    'surveys',
    'surveys/',
    'survey',
    `${CRUD}
activity GET {id}/activity/ activity_log:read
archivedResponseUuids GET {id}/archived-response-uuids/
duplicateToProjects POST {id}/duplicate_to_projects/
archiveResponse POST {id}/responses/{responseUuid}/archive/
unarchiveResponse POST {id}/responses/{responseUuid}/unarchive/
stats GET {id}/stats/
summarizeResponses POST.read {id}/summarize_responses/
summaryHeadline POST.read {id}/summary_headline/
allActivity GET activity/ activity_log:read
responsesCount GET responses_count/
allStats GET stats/`,
  ],
  [
    'endpoints',
    'endpoints/',
    'endpoint',
    `list GET
create POST
retrieve GET {name}/
update PATCH {name}/ -
delete DELETE {name}/
materializationStatus GET {name}/materialization_status/ -
runGet GET {name}/run/
run POST.read {name}/run/
versions GET {name}/versions/
version GET {name}/versions/{versionNumber}/
lastExecutionTimes POST.read last_execution_times/ -`,
  ],
  [
    'eventDefinitions',
    'event_definitions/',
    'event_definition',
    `${CRUD}
metrics GET {id}/metrics/ -
golang GET golang/
python GET python/
typescript GET typescript/`,
  ],
]

/** Added to the message of errors of these operations: what to do instead. */
const HINTS: Partial<Record<OperationId, string>> = {
  'experiments.delete': 'experiments are never hard-deleted (the service always answers 405): use experiments.softDelete(id)',
  'hogFunctions.delete': 'hog functions are never hard-deleted (the service always answers 405): use hogFunctions.softDelete(id)',
}

type Methods = {
  experiments:
    | 'list' | 'create' | 'retrieve' | 'update' | 'delete' | 'createExposureCohort' | 'duplicate' | 'recalculateTimeseries'
    | 'timeseriesResults' | 'eligibleFeatureFlags' | 'requiresFlagImplementation' | 'stats'
  hogFunctions:
    | 'list' | 'create' | 'retrieve' | 'update' | 'delete' | 'broadcast' | 'invocations' | 'logs' | 'metrics' | 'metricsTotals'
    | 'icon' | 'icons' | 'rearrange'
  surveys:
    | 'list' | 'create' | 'retrieve' | 'update' | 'delete' | 'activity' | 'archivedResponseUuids' | 'duplicateToProjects'
    | 'archiveResponse' | 'unarchiveResponse' | 'stats' | 'summarizeResponses' | 'summaryHeadline' | 'allActivity'
    | 'responsesCount' | 'allStats'
  endpoints:
    | 'list' | 'create' | 'retrieve' | 'update' | 'delete' | 'materializationStatus' | 'runGet' | 'run' | 'versions' | 'version'
    | 'lastExecutionTimes'
  eventDefinitions:
    | 'list' | 'create' | 'retrieve' | 'update' | 'delete' | 'metrics' | 'golang' | 'python' | 'typescript'
}

/** The name of an operation, `group.method`. */
export type OperationId = { [G in keyof Methods]: `${G}.${Methods[G]}` }[keyof Methods]

/** The 61 operations of the spec, keyed `group.method`, in the order of the spec. */
export const OPERATIONS: { readonly [K in OperationId]: Operation } = /* @__PURE__ */ (() => {
  const table: Record<string, Operation> = {}
  for (const [group, base, groupScope, rows] of TABLE) {
    for (const row of rows.split('\n')) {
      const [name, http, path = '', scope] = row.split(' ') as [string, string, string?, string?]
      const method = http.split('.')[0] as HttpMethod
      const id = `${group}.${name}` as OperationId
      const operation: { -readonly [K in keyof Operation]: Operation[K] } = {
        method,
        path: base + path,
        scope: scope === '-' ? null : ((scope ?? `${groupScope}:${method === 'GET' || http !== method ? 'read' : 'write'}`) as Scope),
      }
      if (http !== method) operation.readOnlyPost = true
      if (group === 'endpoints') operation.endpointsPrefix = true
      if (HINTS[id]) operation.hint = HINTS[id]
      table[id] = operation
    }
  }
  return table as { readonly [K in OperationId]: Operation }
})()

/** The scope an operation needs, or `null` when personal API keys cannot call it. */
export function requiredScope(operationId: OperationId): Scope | null {
  return OPERATIONS[operationId].scope
}

/** Whether a retry is safe once the server may have acted on the request. */
export function isIdempotent(operation: Operation): boolean {
  return operation.method === 'GET' || operation.method === 'DELETE' || operation.readOnlyPost === true
}
