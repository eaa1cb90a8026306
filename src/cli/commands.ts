import type { ProjectClient } from '../client.js'
import { OPERATIONS, type Operation, type OperationId } from '../core/operations.js'
import type { PagePromise } from '../core/pagination.js'

/**
 * The command table of `posthog-project`: one row per SDK method (`client[group][method]`), saying how
 * its arguments come from the command line. The wire facts (HTTP method, path, scope, hint) stay in
 * `OPERATIONS`; this table adds what the SDK only knows as TypeScript types (which query parameters a
 * method takes and of what kind), since the SDK keeps no runtime list of them out of the browser bundle.
 *
 * The table is checked against the SDK's own signatures (`satisfies CommandTable` below): every method of
 * every group has a row, the positional count equals the method's leading id parameters, the flags of a
 * query equal the keys of its params type, each flag's kind matches its type, and `body` says `required`
 * exactly when the SDK's body parameter is. A method added to or changed in the SDK fails the type check
 * here until its row follows.
 */

/** The SDK's resource groups, as `ProjectClient` properties. */
export type Group = 'experiments' | 'hogFunctions' | 'surveys' | 'endpoints' | 'eventDefinitions'

/** How a query flag's text becomes the value the SDK takes. */
export type FlagKind = 'integer' | 'boolean' | 'date' | 'string' | 'list'

/** The kind of flag that carries a query parameter of type `T` (`never` for a type a flag cannot carry). */
export type KindOf<T> = [Extract<T, readonly unknown[]>] extends [never]
  ? [T] extends [number]
    ? 'integer'
    : [T] extends [boolean | 'true' | 'false']
      ? 'boolean'
      : [T] extends [string | Date]
        ? Date extends T
          ? 'date'
          : 'string'
        : never
  : 'list'

/** The flags of a query params type: every key, each with the kind of its value. */
export type FlagsOf<Q> = { readonly [K in keyof Q]-?: KindOf<NonNullable<Q[K]>> }

type AnyMethod = (...args: never[]) => unknown

/** The public methods of one group. */
export type SdkMethod<G extends Group> = {
  [M in keyof ProjectClient[G]]: ProjectClient[G][M] extends AnyMethod ? M : never
}[keyof ProjectClient[G]] &
  string

type Arguments<G extends Group, M extends SdkMethod<G>> = ProjectClient[G][M] extends (...args: infer A) => unknown ? A : never
type Result<G extends Group, M extends SdkMethod<G>> = ProjectClient[G][M] extends (...args: never[]) => infer R ? R : never

/** The leading id parameters of a signature (strings or numbers), one positional name each. */
type PathNames<A extends readonly unknown[], Names extends readonly string[] = []> = A extends readonly [infer Head, ...infer Rest]
  ? [Head] extends [string | number]
    ? PathNames<Rest, readonly [...Names, string]>
    : Names
  : Names

/** What follows the ids: nothing but the request options, or a query, or a body. */
type InputSpec<A extends readonly unknown[], Path extends readonly unknown[]> = Required<A>['length'] extends [...Path, unknown]['length']
  ? { readonly flags?: never; readonly body?: never }
  :
      | { readonly flags: FlagsOf<NonNullable<A[Path['length']]>>; readonly body?: never }
      | { readonly body: undefined extends A[Path['length']] ? 'optional' : 'required'; readonly flags?: never }

/** One row of the table, as the SDK's signature of `client[G][M]` allows it. */
export type CommandSpecFor<G extends Group, M extends SdkMethod<G>> = {
  /** The operation sent (`softDelete` sends `update`). */
  readonly operation: Extract<OperationId, `${G}.${string}`>
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

/** A row of the table as the runtime reads it. */
export interface CommandSpec {
  readonly operation: OperationId
  readonly summary: string
  readonly path: readonly string[]
  readonly columns?: readonly string[]
  readonly also?: OperationId
  readonly view?: View
  readonly list?: true
  readonly flags?: { readonly [flag: string]: FlagKind }
  readonly body?: 'required' | 'optional'
}

const LIST = { limit: 'integer', offset: 'integer' } as const
const EXPERIMENT_COLUMNS = ['id', 'name', 'feature_flag_key', 'start_date', 'end_date', 'archived'] as const
const HOG_FUNCTION_COLUMNS = ['id', 'name', 'type', 'enabled', 'execution_order', 'updated_at'] as const
const SURVEY_COLUMNS = ['id', 'name', 'type', 'start_date', 'end_date', 'archived'] as const
const ENDPOINT_COLUMNS = ['name', 'is_active', 'current_version', 'last_executed_at', 'updated_at'] as const
const EVENT_DEFINITION_COLUMNS = ['id', 'name', 'verified', 'last_seen_at', 'tags'] as const
const ACTIVITY_COLUMNS = ['created_at', 'activity', 'scope', 'item_id', 'user'] as const
const HOG_FUNCTION_METRICS = {
  after: 'date',
  before: 'date',
  interval: 'string',
  breakdown_by: 'string',
  name: 'list',
  kind: 'list',
  instance_id: 'string',
} as const

export const COMMANDS = {
  experiments: {
    list: {
      operation: 'experiments.list',
      summary: 'List experiments, newest first (archived ones only with --archived).',
      path: [],
      list: true,
      flags: { ...LIST, status: 'string', archived: 'boolean', search: 'string', order: 'string', created_by_id: 'integer' },
      columns: EXPERIMENT_COLUMNS,
    },
    create: { operation: 'experiments.create', summary: 'Create an experiment (and its feature flag).', path: [], body: 'required', columns: EXPERIMENT_COLUMNS },
    retrieve: { operation: 'experiments.retrieve', summary: 'Read one experiment.', path: ['id'], columns: EXPERIMENT_COLUMNS },
    update: { operation: 'experiments.update', summary: 'Change writable fields of an experiment.', path: ['id'], body: 'required', columns: EXPERIMENT_COLUMNS },
    delete: { operation: 'experiments.delete', summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    launch: { operation: 'experiments.update', summary: 'Launch an experiment: PATCH start_date (default: now).', path: ['id'], flags: { start_date: 'date' }, columns: EXPERIMENT_COLUMNS },
    end: {
      operation: 'experiments.update',
      summary: 'End an experiment: PATCH end_date (default: now) and, when given, the conclusion.',
      path: ['id'],
      flags: { end_date: 'date', conclusion: 'string', conclusion_comment: 'string' },
      columns: EXPERIMENT_COLUMNS,
    },
    archive: { operation: 'experiments.update', summary: 'Archive an experiment: PATCH {"archived": true}.', path: ['id'], columns: EXPERIMENT_COLUMNS },
    softDelete: { operation: 'experiments.update', summary: 'Soft-delete an experiment (PATCH {"deleted": true}).', path: ['id'], columns: EXPERIMENT_COLUMNS },
    createExposureCohort: { operation: 'experiments.createExposureCohort', summary: 'Create the cohort of users exposed to a launched experiment.', path: ['id'], body: 'optional' },
    duplicate: { operation: 'experiments.duplicate', summary: 'Copy an experiment.', path: ['id'], body: 'optional', columns: EXPERIMENT_COLUMNS },
    recalculateTimeseries: { operation: 'experiments.recalculateTimeseries', summary: "Recalculate one metric's timeseries ({metric, fingerprint}).", path: ['id'], body: 'required' },
    timeseriesResults: {
      operation: 'experiments.timeseriesResults',
      summary: 'Daily results of one experiment metric.',
      path: ['id'],
      flags: { metric_uuid: 'string', fingerprint: 'string' },
    },
    eligibleFeatureFlags: {
      operation: 'experiments.eligibleFeatureFlags',
      summary: 'Feature flags an experiment can use.',
      path: [],
      list: true,
      flags: {
        ...LIST,
        search: 'string',
        active: 'boolean',
        created_by_id: 'integer',
        order: 'string',
        evaluation_runtime: 'string',
        has_evaluation_tags: 'boolean',
      },
      columns: ['id', 'key', 'name', 'active'],
    },
    results: {
      operation: 'experiments.retrieve',
      also: 'query.run',
      summary: 'Results of the metrics (or --metrics uuid,…): per variant exposures, value, lift, interval, significance.',
      path: ['id'],
      flags: { metrics: 'list', refresh: 'string' },
      view: 'experiment-results',
    },
    requiresFlagImplementation: { operation: 'experiments.requiresFlagImplementation', summary: "Whether the project's experiments still need a flag implementation.", path: [] },
    stats: { operation: 'experiments.stats', summary: 'Experimentation velocity over the last 30 days.', path: [] },
  },
  hogFunctions: {
    list: {
      operation: 'hogFunctions.list',
      summary: 'List hog functions.',
      path: [],
      list: true,
      flags: {
        ...LIST,
        created_at: 'date',
        created_by: 'integer',
        enabled: 'boolean',
        id: 'string',
        search: 'string',
        type: 'list',
        updated_at: 'date',
      },
      columns: HOG_FUNCTION_COLUMNS,
    },
    create: { operation: 'hogFunctions.create', summary: 'Create a hog function.', path: [], body: 'required', columns: HOG_FUNCTION_COLUMNS },
    retrieve: { operation: 'hogFunctions.retrieve', summary: 'Read one hog function.', path: ['id'], columns: HOG_FUNCTION_COLUMNS },
    update: { operation: 'hogFunctions.update', summary: 'Change writable fields of a hog function.', path: ['id'], body: 'required', columns: HOG_FUNCTION_COLUMNS },
    delete: { operation: 'hogFunctions.delete', summary: 'Always refused by the service (405): use soft-delete.', path: ['id'] },
    softDelete: { operation: 'hogFunctions.update', summary: 'Soft-delete a hog function (PATCH {"deleted": true}).', path: ['id'], columns: HOG_FUNCTION_COLUMNS },
    broadcast: { operation: 'hogFunctions.broadcast', summary: 'Broadcast a hog function.', path: ['id'], body: 'optional' },
    invocations: { operation: 'hogFunctions.invocations', summary: 'Test-run a configuration against an event ({configuration, globals}).', path: ['id'], body: 'required' },
    logs: {
      operation: 'hogFunctions.logs',
      summary: 'Log entries of a hog function, newest first.',
      path: ['id'],
      list: true,
      flags: { limit: 'integer', after: 'date', before: 'date', level: 'list', search: 'string', instance_id: 'string' },
      columns: ['timestamp', 'level', 'instance_id', 'message'],
    },
    metrics: { operation: 'hogFunctions.metrics', summary: 'App metrics of a hog function over time.', path: ['id'], flags: HOG_FUNCTION_METRICS },
    metricsTotals: { operation: 'hogFunctions.metricsTotals', summary: 'App metric totals of a hog function.', path: ['id'], flags: HOG_FUNCTION_METRICS },
    icon: { operation: 'hogFunctions.icon', summary: 'One logo image (raw bytes on stdout).', path: [], flags: { id: 'string' } },
    icons: { operation: 'hogFunctions.icons', summary: 'Search logos by company or domain name.', path: [], flags: { query: 'string' }, columns: ['id', 'name', 'url'] },
    rearrange: { operation: 'hogFunctions.rearrange', summary: 'Set execution orders ({orders: {id: order}}).', path: [], body: 'required', columns: HOG_FUNCTION_COLUMNS },
  },
  surveys: {
    list: {
      operation: 'surveys.list',
      summary: 'List surveys.',
      path: [],
      list: true,
      flags: { ...LIST, search: 'string' },
      columns: SURVEY_COLUMNS,
    },
    create: { operation: 'surveys.create', summary: 'Create a survey.', path: [], body: 'required', columns: SURVEY_COLUMNS },
    retrieve: { operation: 'surveys.retrieve', summary: 'Read one survey.', path: ['id'], columns: SURVEY_COLUMNS },
    update: { operation: 'surveys.update', summary: 'Change writable fields of a survey.', path: ['id'], body: 'required', columns: SURVEY_COLUMNS },
    delete: { operation: 'surveys.delete', summary: 'Delete a survey.', path: ['id'] },
    launch: { operation: 'surveys.update', summary: 'Launch a survey: PATCH start_date (default: now).', path: ['id'], flags: { start_date: 'date' }, columns: SURVEY_COLUMNS },
    stop: { operation: 'surveys.update', summary: 'Stop a survey: PATCH end_date (default: now).', path: ['id'], flags: { end_date: 'date' }, columns: SURVEY_COLUMNS },
    resume: { operation: 'surveys.update', summary: 'Resume a stopped survey: PATCH {"end_date": null}.', path: ['id'], columns: SURVEY_COLUMNS },
    archive: { operation: 'surveys.update', summary: 'Archive a survey: PATCH {"archived": true}.', path: ['id'], columns: SURVEY_COLUMNS },
    activity: {
      operation: 'surveys.activity',
      summary: 'Activity log of one survey.',
      path: ['id'],
      list: true,
      flags: { limit: 'integer', page: 'integer' },
      columns: ACTIVITY_COLUMNS,
    },
    allActivity: {
      operation: 'surveys.allActivity',
      summary: 'Activity log of every survey.',
      path: [],
      list: true,
      flags: { limit: 'integer', page: 'integer' },
      columns: ACTIVITY_COLUMNS,
    },
    archivedResponseUuids: { operation: 'surveys.archivedResponseUuids', summary: 'UUIDs of the archived responses of a survey.', path: ['id'] },
    duplicateToProjects: { operation: 'surveys.duplicateToProjects', summary: 'Copy a survey into other projects ({target_team_ids}).', path: ['id'], body: 'required' },
    archiveResponse: { operation: 'surveys.archiveResponse', summary: 'Archive one response.', path: ['id', 'responseUuid'] },
    unarchiveResponse: { operation: 'surveys.unarchiveResponse', summary: 'Unarchive one response.', path: ['id', 'responseUuid'] },
    stats: { operation: 'surveys.stats', summary: 'Response statistics of one survey.', path: ['id'], flags: { date_from: 'date', date_to: 'date', exclude_archived: 'boolean' } },
    allStats: { operation: 'surveys.allStats', summary: 'Response statistics of every survey.', path: [], flags: { date_from: 'date', date_to: 'date' } },
    summarizeResponses: { operation: 'surveys.summarizeResponses', summary: 'AI summary of the responses of a survey.', path: ['id'], body: 'optional' },
    summaryHeadline: { operation: 'surveys.summaryHeadline', summary: 'AI headline of the responses of a survey.', path: ['id'], body: 'optional' },
    responses: {
      operation: 'surveys.responses',
      summary: 'Responses of a survey, newest first: one row per submission, answers resolved.',
      path: ['id'],
      list: true,
      flags: { ...LIST, exclude_archived: 'boolean', question_id: 'string', score_gte: 'integer', score_lte: 'integer', since: 'date', until: 'date' },
      columns: ['submitted_at', 'uuid', 'distinct_id', 'answers'],
    },
    responsesCount: { operation: 'surveys.responsesCount', summary: 'Response counts by survey id.', path: [], flags: { exclude_archived: 'boolean', survey_ids: 'list' } },
  },
  endpoints: {
    list: {
      operation: 'endpoints.list',
      summary: 'List endpoints (saved queries).',
      path: [],
      list: true,
      flags: { ...LIST, is_active: 'boolean', created_by: 'integer' },
      columns: ENDPOINT_COLUMNS,
    },
    create: { operation: 'endpoints.create', summary: 'Create an endpoint ({name, query}).', path: [], body: 'required', columns: ENDPOINT_COLUMNS },
    retrieve: { operation: 'endpoints.retrieve', summary: 'Read one endpoint.', path: ['name'], columns: ENDPOINT_COLUMNS },
    update: { operation: 'endpoints.update', summary: 'Change writable fields of an endpoint.', path: ['name'], body: 'required', columns: ENDPOINT_COLUMNS },
    delete: { operation: 'endpoints.delete', summary: 'Delete an endpoint.', path: ['name'] },
    materializationStatus: { operation: 'endpoints.materializationStatus', summary: 'Materialization status of an endpoint.', path: ['name'] },
    run: { operation: 'endpoints.run', summary: 'Run an endpoint (POST, optional body of overrides).', path: ['name'], body: 'optional' },
    runGet: { operation: 'endpoints.runGet', summary: 'Run an endpoint (GET, optional --version).', path: ['name'], flags: { version: 'integer' } },
    versions: {
      operation: 'endpoints.versions',
      summary: 'Versions of an endpoint.',
      path: ['name'],
      list: true,
      columns: ['version', 'created_at', 'endpoint_is_active', 'version_id'],
    },
    version: { operation: 'endpoints.version', summary: 'One version of an endpoint.', path: ['name', 'versionNumber'] },
    lastExecutionTimes: { operation: 'endpoints.lastExecutionTimes', summary: 'When endpoints last ran ({names}).', path: [], body: 'required' },
  },
  eventDefinitions: {
    list: {
      operation: 'eventDefinitions.list',
      summary: 'List event definitions.',
      path: [],
      list: true,
      flags: {
        ...LIST,
        search: 'string',
        event_type: 'string',
        exclude_hidden: 'boolean',
        excluded_properties: 'list',
        tags: 'list',
        ordering: 'list',
      },
      columns: EVENT_DEFINITION_COLUMNS,
    },
    create: { operation: 'eventDefinitions.create', summary: 'Create an event definition ({name}).', path: [], body: 'required', columns: EVENT_DEFINITION_COLUMNS },
    retrieve: { operation: 'eventDefinitions.retrieve', summary: 'Read one event definition.', path: ['id'], columns: EVENT_DEFINITION_COLUMNS },
    update: { operation: 'eventDefinitions.update', summary: 'Change writable fields of an event definition.', path: ['id'], body: 'required', columns: EVENT_DEFINITION_COLUMNS },
    delete: { operation: 'eventDefinitions.delete', summary: 'Delete an event definition.', path: ['id'] },
    metrics: { operation: 'eventDefinitions.metrics', summary: 'How often the event was used in queries over 30 days.', path: ['id'] },
    golang: { operation: 'eventDefinitions.golang', summary: 'Generated Go code for the event definitions.', path: [] },
    python: { operation: 'eventDefinitions.python', summary: 'Generated Python code for the event definitions.', path: [] },
    typescript: { operation: 'eventDefinitions.typescript', summary: 'Generated TypeScript code for the event definitions.', path: [] },
  },
} as const satisfies CommandTable

/** The groups in the order of the table. */
export const GROUPS = Object.keys(COMMANDS) as Group[]

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
