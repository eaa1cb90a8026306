/**
 * The form of an operation's declaration: everything the SDK, the command line, the configuration files,
 * the JSON Schemas and the fake know of one operation, written once (src/api/<group>.ts). The runtime does
 * not import declarations — they hold the full request shapes, which the main entry loads only on first
 * use — but what scripts/generate-operations.ts writes from them: the operation table
 * (src/core/operation-table.ts), the resource classes' methods (src/resources/generated/), the request shapes by
 * method (src/requests/by-method.ts) and the command line's rows (src/cli/command-table.ts).
 */
import type * as z from 'zod/mini'
import type { HttpMethod, PathParamKind } from '../core/operations.js'

/** How an operation's answer is read. */
export type Answer =
  /** One JSON value, checked by the schema. */
  | z.ZodMiniType
  /** A page of items, each checked by the schema: the method returns a walk (`PagePromise`). */
  | { readonly list: z.ZodMiniType }
  /** No body (204). */
  | 'none'
  /** Raw bytes (an image). */
  | 'blob'

/** What the command line shows of a result: its columns in `--format table`, or a table of its own. */
interface CommandFacts {
  /** One line for `--help` (every operation of a group the command line has). */
  readonly command?: string
  /** Columns of `--format table`, for the items of a list or the fields of one record. */
  readonly columns?: readonly string[]
  /** Results with a table of their own (src/cli/views.ts). */
  readonly view?: 'experiment-results'
}

/** One operation: a request the service answers, and the SDK method of the same name. */
export interface OperationDeclaration extends CommandFacts {
  readonly method: HttpMethod
  /**
   * Relative to `/api/projects/:project_id/` (`/api/environments/:project_id/` for the endpoints group when
   * chosen), with `{param}` placeholders and the trailing slash.
   */
  readonly path: string
  /** The path parameters, in the order the method takes them, with what each holds (its check). */
  readonly params?: { readonly [name: string]: PathParamKind }
  /**
   * Only where it is not the group's (`<resource>:read` for a GET, `:write` otherwise); `null`: none is listed, and
   * personal API keys are refused. The `Scope` type of src/core/operations.ts is read from the generated table.
   */
  readonly scope?: `${string}:${'read' | 'write'}` | null
  /** A POST that only reads (run, summaries): retried like a GET. */
  readonly idempotent?: true
  /** A DELETE the service always refuses (405): its errors say to soft-delete instead. */
  readonly softDeleteOnly?: true
  /** The JSON body the method takes (required unless `optionalBody`). */
  readonly body?: z.ZodMiniType
  /** The method's body may be left out; `{}` is sent then. */
  readonly optionalBody?: true
  /** The query, as the method's params object. */
  readonly query?: z.ZodMiniType
  /** Members of the query the service reads as JSON arrays (`tags=["a","b"]`), not repeated keys. */
  readonly jsonQuery?: readonly string[]
  /** How the answer is read. */
  readonly answer: Answer
  /** The method's doc comment (the wire line, `GET /api/… · scope …`, is added from the facts above). */
  readonly doc: string
  /**
   * The SDK method is written by hand in the resource class (src/resources/<group>.ts): it reshapes its
   * arguments or its answer. The declaration still gives its wire facts, shapes and command-line row.
   */
  readonly handWritten?: true
}

/**
 * An SDK method that is not an operation of its own: a lifecycle helper (`launch`, `archive`,
 * `softDelete`, …) sending another operation of the group, written by hand in the resource class.
 */
export interface HelperDeclaration extends CommandFacts {
  /** The operation it sends (`update`), or the first of those it sends. */
  readonly sends: string
  /** Another operation it sends, for `--help` (`experiments results`: a query per metric). */
  readonly also?: string
  /** Its leading id arguments, one positional name each. */
  readonly path: readonly string[]
  /** Its params object, given on the command line as flags. */
  readonly params?: z.ZodMiniType
  /** It returns a walk (`PagePromise`). */
  readonly list?: true
}

/** A resource group: the SDK methods of its resource class, each an operation of its own or a helper. */
export interface GroupDeclaration {
  /** The resource its scopes name: `experiment` for `experiment:read` and `experiment:write`. */
  readonly scope: string
  /**
   * The doc line of its `ProjectClient` property (`client.<group>`), naming its path; none for `query`, which is a
   * method of the client (`client.query(…)`), not a group.
   */
  readonly client?: string
  /** The methods, in the order the command line lists them (the operation table keeps the order of the operations). */
  readonly methods: { readonly [method: string]: OperationDeclaration | HelperDeclaration }
}

/** The columns of `--format table` for a group of named records with a description (holdouts, saved metrics). */
export const DESCRIBED_COLUMNS = ['id', 'name', 'description', 'updated_at'] as const

/** Declares a group (checked against `GroupDeclaration`, its literal types kept). */
export function declareGroup<const G extends GroupDeclaration>(group: G): G {
  return group
}

/** Whether a method is an operation of its own (it has a wire path) rather than a helper. */
export function isOperation(method: OperationDeclaration | HelperDeclaration): method is OperationDeclaration {
  return 'method' in method
}

/** A group's operations, in order: `[name, declaration]`. */
export function operationsOf(group: GroupDeclaration): Array<[string, OperationDeclaration]> {
  return Object.entries(group.methods).filter((entry): entry is [string, OperationDeclaration] => isOperation(entry[1]))
}

/** A group's helpers, in order: `[name, declaration]`. */
export function helpersOf(group: GroupDeclaration): Array<[string, HelperDeclaration]> {
  return Object.entries(group.methods).filter((entry): entry is [string, HelperDeclaration] => !isOperation(entry[1]))
}
