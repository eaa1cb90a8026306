/**
 * Every operation of the API as data: method, path, the scope a personal API key needs, whether it is
 * safe to retry, how its path parameters are checked, whether it takes a body, and what to do instead
 * when it fails. The transport, the argument checks, the retry policy, the scope table, the docs, the
 * command line and the fake all read these rows (docs/service-behaviour.md §1.4 and §3–§7).
 */
import { OPERATION_ROWS } from './operation-table.js'

/** A row of the generated table, with its literal types. */
type TableRow = (typeof OPERATION_ROWS)[keyof typeof OPERATION_ROWS]

/** The resource a path's scopes name: its first segment, singular (`hog_functions/{id}/` → `hog_function`). */
type PathResource<Path> = Path extends `${infer Segment}/${string}`
  ? Segment extends `${infer One}s`
    ? One
    : Segment
  : never

/** The scope a row needs by default: `<resource>:read` for a GET, `<resource>:write` otherwise. */
type DefaultScope<Row> = Row extends { readonly path: infer Path; readonly method: infer Method }
  ? `${PathResource<Path>}:${Method extends 'GET' ? 'read' : 'write'}`
  : never

/** The scope a row names, or its default. */
type RowScope<Row> = Row extends { readonly scope: infer Named } ? Named : DefaultScope<Row>

/**
 * An API key scope, as the service names it: one that an operation of the SDK needs (read from the generated
 * table, so a new group's scopes are in it once `npm run generate` wrote its rows).
 */
export type Scope = Exclude<RowScope<TableRow>, null>

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
  /**
   * Answered under the endpoints prefix chosen with `endpointsPrefix` (`projects` or `environments`): the endpoints
   * group.
   */
  readonly endpointsPrefix: boolean
  /** Added to the message of errors of this operation: what to do instead. */
  readonly hint?: string
}

/** A row of the generated table: only the exceptions to the defaults. */
type OperationRow = Omit<Operation, 'idempotent' | 'endpointsPrefix' | 'scope' | 'hint'> & {
  readonly idempotent?: true
  readonly scope?: Scope | null
  readonly softDeleteOnly?: true
}

/**
 * The table's rows (generated from the declarations of src/api into operation-table.ts) give only the
 * exceptions to the defaults: `idempotent` defaults from the method (GET and DELETE), `endpointsPrefix` from
 * the group (`endpoints`), `scope` from the path's resource (`defaultScope`: `<resource>:read` for a GET,
 * `<resource>:write` otherwise); `softDeleteOnly` gives the hint of a delete the service always refuses.
 */
const TABLE = OPERATION_ROWS satisfies { readonly [K in keyof typeof OPERATION_ROWS]: OperationRow }

/** The name of an operation, `group.method`. */
export type OperationId = keyof typeof OPERATION_ROWS

/**
 * The scope a row needs by default, read from its path as `PathResource` reads it; the generator writes a row's
 * scope when its group's scopes name another resource.
 */
function defaultScope<Row extends TableRow>(row: Row): DefaultScope<Row>
function defaultScope(row: TableRow): string {
  return `${/^[^/]+?(?=s?\/)/.exec(row.path)![0]}:${row.method === 'GET' ? 'read' : 'write'}`
}

/** The operations: the spec's, the survey responses list and the query API, keyed `group.method`. */
export const OPERATIONS = Object.fromEntries(
  Object.entries(TABLE).map(([id, entry]) => {
    const { softDeleteOnly, ...row }: OperationRow = entry
    const group = id.slice(0, id.indexOf('.'))
    const things = group.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)
    const operation: Operation = {
      ...row,
      scope: 'scope' in entry ? entry.scope : defaultScope(entry),
      idempotent: row.idempotent ?? (row.method === 'GET' || row.method === 'DELETE'),
      endpointsPrefix: group === 'endpoints',
      ...(softDeleteOnly && {
        hint: `${things} are never hard-deleted (the service always answers 405): use ${group}.softDelete(id)`,
      }),
    }
    return [id, operation]
  }),
) as { readonly [K in OperationId]: Operation }

/** The scope an operation needs, or `null` when personal API keys cannot call it. */
export function requiredScope(operationId: OperationId): Scope | null {
  return OPERATIONS[operationId].scope
}
