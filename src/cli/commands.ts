import type { GroupName } from '../api/index.js'
import { OPERATIONS, type Operation, type OperationId } from '../core/operations.js'
import { COMMAND_TABLE } from './command-table.js'

/**
 * The command table of `posthog-project`: one row per SDK method (`client[group][method]`), saying how its
 * arguments come from the command line. Generated from the declarations of src/api into command-table.ts
 * (scripts/generate-operations.ts), so that the command line starts without loading the request shapes: an
 * operation's row from its path parameters (positional), its query (flags), its body and its answer (a list or
 * one record); a helper's (`launch`, `softDelete`, …) as it declares it. test/cli/commands.test.ts checks that
 * every SDK method has a row and every row a method.
 */

/** The SDK's resource groups, as `ProjectClient` properties (the query API is `client.query`, not a group). */
export type Group = Exclude<GroupName, 'query'>

/** Results with a table of their own (src/cli/views.ts). */
export type View = 'experiment-results'

/** A row of the table as the runtime reads it. */
export interface CommandSpec {
  readonly operation: OperationId
  readonly summary: string
  /** Path parameters, positional, in the SDK's order. */
  readonly path: readonly string[]
  /** Columns of `--format table`, for the items of a list or the fields of one record. */
  readonly columns?: readonly string[]
  /** An operation the method also sends (`experiments results`: a query per metric), for `--help`. */
  readonly also?: OperationId
  readonly view?: View
  readonly list?: true
  /** The method takes a params object, given as flags (their shape: `REQUESTS['group.method'].params`). */
  readonly params?: true
  readonly body?: 'required' | 'optional'
}

/** The groups, in the order of the declarations. */
export const GROUPS = Object.keys(COMMAND_TABLE) as Group[]

/** Every group's rows. */
export const COMMANDS: { readonly [G in Group]: { readonly [M in keyof (typeof COMMAND_TABLE)[G]]: CommandSpec } } =
  COMMAND_TABLE

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
    const positional = params
      .split(',')
      .map((param) => param.trim())
      .filter(Boolean)
    return [kebab(found), kebab(method), ...positional.map((param) => `<${param}>`)].join(' ')
  })
}
