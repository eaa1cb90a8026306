import type { ProjectClient } from '../client.js'
import { OPERATIONS, type Operation, type OperationId } from '../core/operations.js'
import type { PagePromise } from '../core/pagination.js'

/**
 * The command table of `posthog-project`: one row per SDK method (`client[group][method]`), saying how
 * its arguments come from the command line. The wire facts (HTTP method, path, scope, hint) stay in
 * `OPERATIONS`; the shapes of a method's params (its flags) and body are the request shapes of
 * src/requests (`REQUESTS`), read when a command needs them (shapes.ts). A row names its `operation` only
 * when it is not `group.method` (`softDelete` and the lifecycle helpers send `update`).
 *
 * The table is checked against the SDK's own signatures (`satisfies CommandTable` below): every method of
 * every group has a row, the positional count equals the method's leading id parameters, `params` is set
 * exactly when the method takes a params object, and `body` says `required` exactly when the SDK's body
 * parameter is. A method added to or changed in the SDK fails the type check here until its row follows.
 */

/** The SDK's resource groups, as `ProjectClient` properties. */
export type Group = 'experiments' | 'hogFunctions' | 'surveys' | 'endpoints' | 'eventDefinitions' | 'featureFlags' | 'cohorts' | 'actions' | 'holdouts' | 'savedMetrics'

type AnyMethod = (...args: never[]) => unknown

/** The public methods of one group that call the service (`toCreateParams` only reshapes a resource). */
export type SdkMethod<G extends Group> = Exclude<
  {
    [M in keyof ProjectClient[G]]: ProjectClient[G][M] extends AnyMethod ? M : never
  }[keyof ProjectClient[G]] &
    string,
  'toCreateParams'
>

type Arguments<G extends Group, M extends SdkMethod<G>> = ProjectClient[G][M] extends (...args: infer A) => unknown ? A : never
type Result<G extends Group, M extends SdkMethod<G>> = ProjectClient[G][M] extends (...args: never[]) => infer R ? R : never

/** The leading id parameters of a signature (strings or numbers), one positional name each. */
type PathNames<A extends readonly unknown[], Names extends readonly string[] = []> = A extends readonly [infer Head, ...infer Rest]
  ? [Head] extends [string | number]
    ? PathNames<Rest, readonly [...Names, string]>
    : Names
  : Names

/** What follows the ids: nothing but the request options, or a params object (flags), or a body. */
type InputSpec<A extends readonly unknown[], Path extends readonly unknown[]> = Required<A>['length'] extends [...Path, unknown]['length']
  ? { readonly params?: never; readonly body?: never }
  :
      | { readonly params: true; readonly body?: never }
      | { readonly body: undefined extends A[Path['length']] ? 'optional' : 'required'; readonly params?: never }

/** The operation a method sends: written only when it is not `group.method`. */
type OperationSpec<G extends Group, M extends string> = `${G}.${M}` extends OperationId
  ? { readonly operation?: never }
  : { readonly operation: Extract<OperationId, `${G}.${string}`> }

/** One row of the table, as the SDK's signature of `client[G][M]` allows it. */
export type CommandSpecFor<G extends Group, M extends SdkMethod<G>> = OperationSpec<G, M> & {
  /** One line for `--help`. */
  readonly summary: string
  /** Path parameters, positional, in the SDK's order. */
  readonly path: PathNames<Required<Arguments<G, M>>>
  /** Columns of `--format table`, for the items of a list or the fields of one record. */
  readonly columns?: readonly string[]
  /** An operation the method also sends (`experiments results`: a query per metric), for `--help`. */
  readonly also?: OperationId
  /** A table of its own for `--format table`, instead of columns. */
  readonly view?: View
} & (Result<G, M> extends PagePromise<unknown> ? { readonly list: true } : { readonly list?: never }) &
  InputSpec<Arguments<G, M>, PathNames<Required<Arguments<G, M>>>>

/** The whole table: every method of every group. */
export type CommandTable = { readonly [G in Group]: { readonly [M in SdkMethod<G>]: CommandSpecFor<G, M> } }

/** Results with a table of their own (src/cli/views.ts). */
export type View = 'experiment-results'

/** A row of the table as the runtime reads it, its operation filled in. */
export interface CommandSpec {
  readonly operation: OperationId
  readonly summary: string
  readonly path: readonly string[]
  readonly columns?: readonly string[]
  readonly also?: OperationId
  readonly view?: View
  readonly list?: true
  /** The method takes a params object, given as flags (their shape: `REQUESTS['group.method'].params`). */
  readonly params?: true
  readonly body?: 'required' | 'optional'
}

const EXPERIMENT_COLUMNS = ['id', 'name', 'feature_flag_key', 'start_date', 'end_date', 'archived'] as const
const HOG_FUNCTION_COLUMNS = ['id', 'name', 'type', 'enabled', 'execution_order', 'updated_at'] as const
const SURVEY_COLUMNS = ['id', 'name', 'type', 'start_date', 'end_date', 'archived'] as const
const ENDPOINT_COLUMNS = ['name', 'is_active', 'current_version', 'last_executed_at', 'updated_at'] as const
const EVENT_DEFINITION_COLUMNS = ['id', 'name', 'verified', 'last_seen_at', 'tags'] as const
const FEATURE_FLAG_COLUMNS = ['id', 'key', 'name', 'active', 'deleted', 'updated_at'] as const
const COHORT_COLUMNS = ['id', 'name', 'is_static', 'count', 'deleted', 'created_at'] as const
const ACTION_COLUMNS = ['id', 'name', 'description', 'deleted', 'created_at'] as const
const HOLDOUT_COLUMNS = ['id', 'name', 'description', 'updated_at'] as const
const SAVED_METRIC_COLUMNS = ['id', 'name', 'description', 'updated_at'] as const
const ACTIVITY_COLUMNS = ['created_at', 'activity', 'scope', 'item_id', 'user'] as const

const TABLE = {
  experiments: {
    list: {
      summary: 'List experiments that are not archived, newest first (--archived: the archived ones only).',
      path: [],
      list: true,
      params: true,
      columns: EXPERIMENT_COLUMNS,
    },
    listIncludingArchived: {
      operation: 'experiments.list',
      summary: 'Every experiment, archived or not (with --all: a complete export): the list, then the archived ones.',
      path: [],
      list: true,
      params: true,
      columns: EXPERIMENT_COLUMNS,
    },
    create: { summary: 'Create an experiment (and its feature flag).', path: [], body: 'required', columns: EXPERIMENT_COLUMNS },
    retrieve: { summary: 'Read one experiment.', path: ['id'], columns: EXPERIMENT_COLUMNS },
    update: { summary: 'Change writable fields of an experiment.', path: ['id'], body: 'required', columns: EXPERIMENT_COLUMNS },
    delete: { summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    launch: { operation: 'experiments.update', summary: 'Launch an experiment: PATCH start_date (default: now).', path: ['id'], params: true, columns: EXPERIMENT_COLUMNS },
    end: {
      operation: 'experiments.update',
      summary: 'End an experiment: PATCH end_date (default: now) and, when given, the conclusion.',
      path: ['id'],
      params: true,
      columns: EXPERIMENT_COLUMNS,
    },
    archive: { operation: 'experiments.update', summary: 'Archive an experiment: PATCH {"archived": true}.', path: ['id'], columns: EXPERIMENT_COLUMNS },
    softDelete: { operation: 'experiments.update', summary: 'Soft-delete an experiment (PATCH {"deleted": true}).', path: ['id'], columns: EXPERIMENT_COLUMNS },
    shipVariant: {
      summary: 'Ship a variant: the flag serves it to 100%, a running experiment ends ({variant_key, conclusion?, conclusion_comment?}).',
      path: ['id'],
      body: 'required',
      columns: EXPERIMENT_COLUMNS,
    },
    createExposureCohort: { summary: 'Create the cohort of users exposed to a launched experiment.', path: ['id'], body: 'optional' },
    duplicate: { summary: 'Copy an experiment.', path: ['id'], body: 'optional', columns: EXPERIMENT_COLUMNS },
    recalculateTimeseries: { summary: "Recalculate one metric's timeseries ({metric, fingerprint}).", path: ['id'], body: 'required' },
    timeseriesResults: {
      summary: 'Daily results of one experiment metric.',
      path: ['id'],
      params: true,
    },
    eligibleFeatureFlags: {
      summary: 'Feature flags an experiment can use.',
      path: [],
      list: true,
      params: true,
      columns: ['id', 'key', 'name', 'active'],
    },
    results: {
      operation: 'experiments.retrieve',
      also: 'query.run',
      summary: 'Results of the metrics (or --metrics uuid,…): per variant exposures, value, lift, interval, significance.',
      path: ['id'],
      params: true,
      view: 'experiment-results',
    },
    requiresFlagImplementation: { summary: "Whether the project's experiments still need a flag implementation.", path: [] },
    stats: { summary: 'Experimentation velocity over the last 30 days.', path: [] },
  },
  hogFunctions: {
    list: {
      summary: 'List hog functions: slim items, without inputs or mappings (hog-functions retrieve <id> for one in full).',
      path: [],
      list: true,
      params: true,
      columns: HOG_FUNCTION_COLUMNS,
    },
    create: { summary: 'Create a hog function.', path: [], body: 'required', columns: HOG_FUNCTION_COLUMNS },
    retrieve: { summary: 'Read one hog function.', path: ['id'], columns: HOG_FUNCTION_COLUMNS },
    update: { summary: 'Change writable fields of a hog function.', path: ['id'], body: 'required', columns: HOG_FUNCTION_COLUMNS },
    delete: { summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    softDelete: { operation: 'hogFunctions.update', summary: 'Soft-delete a hog function (PATCH {"deleted": true}).', path: ['id'], columns: HOG_FUNCTION_COLUMNS },
    broadcast: { summary: 'Broadcast a hog function.', path: ['id'], body: 'optional' },
    invocations: { summary: 'Test-run a configuration against an event ({configuration, globals}).', path: ['id'], body: 'required' },
    logs: {
      summary: 'Log entries of a hog function, newest first.',
      path: ['id'],
      list: true,
      params: true,
      columns: ['timestamp', 'level', 'instance_id', 'message'],
    },
    metrics: { summary: 'App metrics of a hog function over time.', path: ['id'], params: true },
    metricsTotals: { summary: 'App metric totals of a hog function.', path: ['id'], params: true },
    icon: { summary: 'One logo image (raw bytes on stdout).', path: [], params: true },
    icons: { summary: 'Search logos by company or domain name.', path: [], params: true, columns: ['id', 'name', 'url'] },
    rearrange: { summary: 'Set execution orders ({orders: {id: order}}).', path: [], body: 'required', columns: HOG_FUNCTION_COLUMNS },
  },
  surveys: {
    list: {
      summary: 'List surveys.',
      path: [],
      list: true,
      params: true,
      columns: SURVEY_COLUMNS,
    },
    create: { summary: 'Create a survey.', path: [], body: 'required', columns: SURVEY_COLUMNS },
    retrieve: { summary: 'Read one survey.', path: ['id'], columns: SURVEY_COLUMNS },
    update: { summary: 'Change writable fields of a survey.', path: ['id'], body: 'required', columns: SURVEY_COLUMNS },
    delete: { summary: 'Delete a survey.', path: ['id'] },
    launch: { operation: 'surveys.update', summary: 'Launch a survey: PATCH start_date (default: now).', path: ['id'], params: true, columns: SURVEY_COLUMNS },
    stop: { operation: 'surveys.update', summary: 'Stop a survey: PATCH end_date (default: now).', path: ['id'], params: true, columns: SURVEY_COLUMNS },
    resume: { operation: 'surveys.update', summary: 'Resume a stopped survey: PATCH {"end_date": null}.', path: ['id'], columns: SURVEY_COLUMNS },
    archive: { operation: 'surveys.update', summary: 'Archive a survey: PATCH {"archived": true}.', path: ['id'], columns: SURVEY_COLUMNS },
    activity: {
      summary: 'Activity log of one survey.',
      path: ['id'],
      list: true,
      params: true,
      columns: ACTIVITY_COLUMNS,
    },
    allActivity: {
      summary: 'Activity log of every survey.',
      path: [],
      list: true,
      params: true,
      columns: ACTIVITY_COLUMNS,
    },
    archivedResponseUuids: { summary: 'UUIDs of the archived responses of a survey.', path: ['id'] },
    duplicateToProjects: { summary: 'Copy a survey into other projects ({target_team_ids}).', path: ['id'], body: 'required' },
    archiveResponse: { summary: 'Archive one response.', path: ['id', 'responseUuid'] },
    unarchiveResponse: { summary: 'Unarchive one response.', path: ['id', 'responseUuid'] },
    stats: { summary: 'Response statistics of one survey.', path: ['id'], params: true },
    allStats: { summary: 'Response statistics of every survey.', path: [], params: true },
    summarizeResponses: { summary: 'AI summary of the responses of a survey.', path: ['id'], body: 'optional' },
    summaryHeadline: { summary: 'AI headline of the responses of a survey.', path: ['id'], body: 'optional' },
    responses: {
      summary: 'Responses of a survey, newest first: one row per submission, answers resolved.',
      path: ['id'],
      list: true,
      params: true,
      columns: ['submitted_at', 'uuid', 'distinct_id', 'answers'],
    },
    responsesCount: { summary: 'Response counts by survey id.', path: [], params: true },
  },
  endpoints: {
    list: {
      summary: 'List endpoints (saved queries).',
      path: [],
      list: true,
      params: true,
      columns: ENDPOINT_COLUMNS,
    },
    create: { summary: 'Create an endpoint ({name, query}).', path: [], body: 'required', columns: ENDPOINT_COLUMNS },
    retrieve: { summary: 'Read one endpoint.', path: ['name'], columns: ENDPOINT_COLUMNS },
    update: { summary: 'Change writable fields of an endpoint.', path: ['name'], body: 'required', columns: ENDPOINT_COLUMNS },
    delete: { summary: 'Delete an endpoint.', path: ['name'] },
    materializationStatus: { summary: 'Materialization status of an endpoint.', path: ['name'] },
    run: { summary: 'Run an endpoint (POST, optional body of overrides).', path: ['name'], body: 'optional' },
    runGet: { summary: 'Run an endpoint (GET, optional --version).', path: ['name'], params: true },
    versions: {
      summary: 'Versions of an endpoint.',
      path: ['name'],
      list: true,
      columns: ['version', 'created_at', 'endpoint_is_active', 'version_id'],
    },
    version: { summary: 'One version of an endpoint.', path: ['name', 'versionNumber'] },
    lastExecutionTimes: { summary: 'When endpoints last ran ({names}).', path: [], body: 'required' },
  },
  eventDefinitions: {
    list: {
      summary: 'List event definitions.',
      path: [],
      list: true,
      params: true,
      columns: EVENT_DEFINITION_COLUMNS,
    },
    create: { summary: 'Create an event definition ({name}).', path: [], body: 'required', columns: EVENT_DEFINITION_COLUMNS },
    retrieve: { summary: 'Read one event definition.', path: ['id'], columns: EVENT_DEFINITION_COLUMNS },
    update: { summary: 'Change writable fields of an event definition.', path: ['id'], body: 'required', columns: EVENT_DEFINITION_COLUMNS },
    delete: { summary: 'Delete an event definition.', path: ['id'] },
    metrics: { summary: 'How often the event was used in queries over 30 days.', path: ['id'] },
    golang: { summary: 'Generated Go code for the event definitions.', path: [] },
    python: { summary: 'Generated Python code for the event definitions.', path: [] },
    typescript: { summary: 'Generated TypeScript code for the event definitions.', path: [] },
  },
  featureFlags: {
    list: { summary: 'List live feature flags, newest first (--archived: the archived ones).', path: [], list: true, params: true, columns: FEATURE_FLAG_COLUMNS },
    create: { summary: 'Create a feature flag ({key, filters: {groups: [...]}}).', path: [], body: 'required', columns: FEATURE_FLAG_COLUMNS },
    retrieve: { summary: 'Read one feature flag (a soft-deleted one too).', path: ['id'], columns: FEATURE_FLAG_COLUMNS },
    update: { summary: 'Change writable fields of a feature flag (send filters whole).', path: ['id'], body: 'required', columns: FEATURE_FLAG_COLUMNS },
    delete: { summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    softDelete: { operation: 'featureFlags.update', summary: 'Soft-delete a feature flag (PATCH {"deleted": true}); its key is free again.', path: ['id'], columns: FEATURE_FLAG_COLUMNS },
    enable: { operation: 'featureFlags.update', summary: 'Turn a feature flag on (PATCH {"active": true}).', path: ['id'], columns: FEATURE_FLAG_COLUMNS },
    disable: { operation: 'featureFlags.update', summary: 'Turn a feature flag off, a kill switch (PATCH {"active": false}).', path: ['id'], columns: FEATURE_FLAG_COLUMNS },
  },
  cohorts: {
    list: { summary: 'List live cohorts, newest first.', path: [], list: true, params: true, columns: COHORT_COLUMNS },
    create: { summary: 'Create a cohort ({name, filters: {properties: {type, values}}} or is_static).', path: [], body: 'required', columns: COHORT_COLUMNS },
    retrieve: { summary: 'Read one cohort (a soft-deleted one too).', path: ['id'], columns: COHORT_COLUMNS },
    update: { summary: 'Change writable fields of a cohort.', path: ['id'], body: 'required', columns: COHORT_COLUMNS },
    delete: { summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    softDelete: { operation: 'cohorts.update', summary: 'Soft-delete a cohort (PATCH {"deleted": true}).', path: ['id'], columns: COHORT_COLUMNS },
  },
  actions: {
    list: { summary: 'List live actions (one page: the service sends no next).', path: [], list: true, params: true, columns: ACTION_COLUMNS },
    create: { summary: 'Create an action ({name, steps: [...]}); names are unique.', path: [], body: 'required', columns: ACTION_COLUMNS },
    retrieve: { summary: 'Read one action (a soft-deleted one too).', path: ['id'], columns: ACTION_COLUMNS },
    update: { summary: 'Change writable fields of an action.', path: ['id'], body: 'required', columns: ACTION_COLUMNS },
    delete: { summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    softDelete: { operation: 'actions.update', summary: 'Soft-delete an action (PATCH {"deleted": true}); its name is free again.', path: ['id'], columns: ACTION_COLUMNS },
    references: { summary: 'The insights, experiments, cohorts and hog functions using an action.', path: ['id'], columns: ['type', 'id', 'name', 'url'] },
  },
  holdouts: {
    list: { summary: 'List experiment holdouts.', path: [], list: true, params: true, columns: HOLDOUT_COLUMNS },
    create: { summary: 'Create a holdout ({name, filters: [{properties: [], rollout_percentage}]}).', path: [], body: 'required', columns: HOLDOUT_COLUMNS },
    retrieve: { summary: 'Read one holdout.', path: ['id'], columns: HOLDOUT_COLUMNS },
    update: { summary: 'Change writable fields of a holdout.', path: ['id'], body: 'required', columns: HOLDOUT_COLUMNS },
    delete: { summary: 'Delete a holdout (its flags lose filters.holdout).', path: ['id'] },
  },
  savedMetrics: {
    list: { summary: 'List saved experiment metrics by name.', path: [], list: true, params: true, columns: SAVED_METRIC_COLUMNS },
    create: { summary: 'Create a saved metric ({name, query: ExperimentMetric}).', path: [], body: 'required', columns: SAVED_METRIC_COLUMNS },
    retrieve: { summary: 'Read one saved metric.', path: ['id'], columns: SAVED_METRIC_COLUMNS },
    update: { summary: 'Change writable fields of a saved metric.', path: ['id'], body: 'required', columns: SAVED_METRIC_COLUMNS },
    delete: { summary: 'Delete a saved metric (experiments using it lose it).', path: ['id'] },
  },
} as const satisfies CommandTable

/** The groups in the order of the table. */
export const GROUPS = Object.keys(TABLE) as Group[]

/** The table with every row's operation filled in. */
export const COMMANDS = Object.fromEntries(
  GROUPS.map((group) => [
    group,
    Object.fromEntries(Object.entries(TABLE[group]).map(([method, row]) => [method, { operation: `${group}.${method}`, ...row }])),
  ]),
) as { readonly [G in Group]: { readonly [M in keyof (typeof TABLE)[G]]: CommandSpec } }

/** `hogFunctions` → `hog-functions`: every group and method also answers to its kebab-case name. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}

/** `hog-functions` → `hogFunctions` (a camel-case name is returned as is). */
export function camel(name: string): string {
  return name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/** The group a command-line word names, if any. */
export function findGroup(word: string): Group | undefined {
  const name = camel(word)
  return (GROUPS as string[]).includes(name) ? (name as Group) : undefined
}

/** The methods of a group, as the table lists them. */
export function methodsOf(group: Group): string[] {
  return Object.keys(COMMANDS[group])
}

/** The row of a method of a group, if the word names one. */
export function findCommand(group: Group, word: string): { method: string; spec: CommandSpec } | undefined {
  const method = camel(word)
  const commands: Readonly<Record<string, CommandSpec>> = COMMANDS[group]
  return Object.hasOwn(commands, method) ? { method, spec: commands[method]! } : undefined
}

/** The wire facts of a row's operation. */
export function operationOf(spec: CommandSpec): Operation {
  return OPERATIONS[spec.operation]
}

/**
 * An operation's hint as the command line says it: each SDK call it names becomes the command
 * (`use hogFunctions.softDelete(id)` → `use hog-functions soft-delete <id>`).
 */
export function commandHint(hint: string): string {
  return hint.replace(/\b(\w+)\.(\w+)\(([\w, ]*)\)/g, (call, group: string, method: string, params: string) => {
    const found = findGroup(group)
    if (!found || !findCommand(found, method)) return call
    const positional = params.split(',').map((param) => param.trim()).filter(Boolean)
    return [kebab(found), kebab(method), ...positional.map((param) => `<${param}>`)].join(' ')
  })
}
