import { callCommand, queryCommand } from './call.js'
import { COMMANDS, GROUPS, findCommand, findGroup, kebab, methodsOf, type CommandSpec, type Group } from './commands.js'
import { CONFIG_COMMANDS } from './config-commands.js'
import { UsageError, choices } from './errors.js'
import type { Sink } from './output.js'
import type { FlagValues, Options } from './settings.js'

/**
 * The registry of `posthog-project`: every command as a row with its words, summary, flags, help, reading
 * and run function — an API call per SDK method (`<group> <method>`, from the rows of commands.ts), `query`,
 * and the configuration commands (`pull`, `plan`, `apply`, `copy`). args.ts finds a command here by its
 * words and reads its flags; main.ts runs it; help.ts lists them all.
 */

/** The process's streams and environment, as a command sees them. */
export interface Io {
  stdout: Sink
  stderr: Sink
  stdin: AsyncIterable<string | Uint8Array>
  env: Readonly<Record<string, string | undefined>>
  /** Aborted on Ctrl-C. */
  signal: AbortSignal
}

/** The flags a command takes, as `util.parseArgs` options. */
export interface FlagSet {
  /** Its own: listed in its help and when a flag is mistyped. */
  readonly own: Options
  /** Those it shares with the commands of its kind (the settings; an API call's output flags). */
  readonly shared: Options
  /** Its sibling commands' flags: read, so as to be refused by name (`--prune`: not a flag of pull). */
  readonly siblings?: Options
  /** Own flags that mean `true` when given bare (`--archived`): the booleans of a method's params. */
  readonly bare?: readonly string[]
}

/** One command. `Input` is what its flags and arguments ask for: what `read` makes and `run` takes. */
export interface Command<Input = unknown> {
  /** The words that name it: `['surveys', 'list']`, `['query']`, `['plan']`. */
  readonly words: readonly string[]
  /** One line: what it does. */
  readonly summary: string
  /** How the tool's help lists it, when not by its group (`plan [DIR] [--detailed-exitcode]`). */
  readonly synopsis?: string
  /** The flags it takes (a method's are read from its request shapes, loading zod). */
  flags(): FlagSet | Promise<FlagSet>
  /** Its `--help`. */
  help(): string | Promise<string>
  /** What the flags and the arguments after its words ask for; a mistake is a `UsageError`. */
  read(values: FlagValues, args: readonly string[]): Input | Promise<Input>
  /** Runs it and resolves to the exit code; a failure is reported on stderr, never thrown. */
  run(input: Input, io: Io): Promise<number>
  /** The exit code of a refused command line, when it is not 2 (`plan --detailed-exitcode`: 1). */
  usageExit?(argv: readonly string[]): number
}

/** The command of each SDK method, by group and method (as commands.ts names them), in its order. */
const CALLS: ReadonlyMap<Group, ReadonlyMap<string, Command>> = new Map(GROUPS.map((group) => [group, callsOf(group)]))

function callsOf(group: Group): ReadonlyMap<string, Command> {
  const rows: Readonly<Record<string, CommandSpec>> = COMMANDS[group]
  return new Map(Object.entries(rows).map(([method, spec]) => [method, callCommand(group, method, spec)]))
}

/** The API commands: every method, group by group, then `query`. */
export const API_COMMANDS: readonly Command[] = [...[...CALLS.values()].flatMap((methods) => [...methods.values()]), queryCommand]

export { CONFIG_COMMANDS }

/** Every command. */
export const REGISTRY: readonly Command[] = [...API_COMMANDS, ...CONFIG_COMMANDS]

/** The commands named by one word. */
const WORD_COMMANDS: ReadonlyMap<string, Command> = new Map(REGISTRY.filter(({ words }) => words.length === 1).map((command) => [command.words[0]!, command]))

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
  if (!found) throw new UsageError(second, `unknown method of ${kebab(group)}${choices('methods', second, methodsOf(group).map(kebab))})`)
  return { group, command: CALLS.get(group)!.get(found.method)! }
}

/** Why the words name no command: the group, or its method, is missing. */
export function missingWords(found: Found): UsageError {
  if (!found.group) return new UsageError('group', `missing: one of ${GROUPS.map(kebab).join(', ')}, or query (see --help)`)
  return new UsageError('method', `missing: one of ${methodsOf(found.group).map(kebab).join(', ')} (see ${kebab(found.group)} --help)`)
}
