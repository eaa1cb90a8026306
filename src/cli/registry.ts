import { callCommand, queryCommand } from './call.js'
import { COMMANDS, GROUPS, findCommand, findGroup, kebab, methodsOf, type CommandSpec, type Group } from './commands.js'
import { completionCommand } from './completion.js'
import { CONFIG_COMMANDS } from './config-commands.js'
import { UsageError, choices } from './errors.js'
import type { Command } from './command.js'

/**
 * The registry of `posthog-project`: every command as a row with its words, summary, flags, help, reading
 * and run function — an API call per SDK method (`<group> <method>`, from the rows of commands.ts), `query`,
 * and the configuration commands (`pull`, `plan`, `apply`, `copy`). args.ts finds a command here by its
 * words and reads its flags; main.ts runs it; help.ts lists them all.
 */

/** The command of each SDK method, by group and method (as commands.ts names them), in its order. */
const CALLS: ReadonlyMap<Group, ReadonlyMap<string, Command>> = new Map(GROUPS.map((group) => [group, callsOf(group)]))

function callsOf(group: Group): ReadonlyMap<string, Command> {
  const rows: Readonly<Record<string, CommandSpec>> = COMMANDS[group]
  return new Map(Object.entries(rows).map(([method, spec]) => [method, callCommand(group, method, spec)]))
}

/** The API commands: every method, group by group, then `query`. */
export const API_COMMANDS: readonly Command[] = [
  ...[...CALLS.values()].flatMap((methods) => [...methods.values()]),
  queryCommand,
]

export { CONFIG_COMMANDS }

/** The commands about the tool itself: `completion`, whose script lists every command of the registry. */
export const TOOL_COMMANDS: readonly Command[] = [completionCommand(() => REGISTRY)]

/** Every command. */
export const REGISTRY: readonly Command[] = [...API_COMMANDS, ...CONFIG_COMMANDS, ...TOOL_COMMANDS]

/** The commands named by one word. */
const WORD_COMMANDS: ReadonlyMap<string, Command> = new Map(
  REGISTRY.filter(({ words }) => words.length === 1).map((command) => [command.words[0]!, command]),
)

/** What the first words of a command line name: a command, or a group (whose help was asked for). */
export interface Found {
  group?: Group
  command?: Command
}

/**
 * The command the words name (`surveys list`, `query`, `plan`), or the group named alone; an unknown group or
 * method is a `UsageError` naming the nearest. Groups and methods answer to kebab and camel case.
 */
export function lookUp(words: readonly string[]): Found {
  const [first, second] = words
  if (first === undefined) return {}
  const command = WORD_COMMANDS.get(first)
  if (command) return { command }
  const group = findGroup(first)
  if (!group) throw new UsageError(first, `unknown group${choices('groups', first, GROUPS.map(kebab))}; or query)`)
  if (second === undefined) return { group }
  const found = findCommand(group, second)
  if (!found)
    throw new UsageError(
      second,
      `unknown method of ${kebab(group)}${choices('methods', second, methodsOf(group).map(kebab))})`,
    )
  return { group, command: CALLS.get(group)!.get(found.method)! }
}

/** Why the words name no command: the group, or its method, is missing. */
export function missingWords(found: Found): UsageError {
  if (!found.group)
    return new UsageError('group', `missing: one of ${GROUPS.map(kebab).join(', ')}, or query (see --help)`)
  return new UsageError(
    'method',
    `missing: one of ${methodsOf(found.group).map(kebab).join(', ')} (see ${kebab(found.group)} --help)`,
  )
}
