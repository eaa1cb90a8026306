import type { Sink } from './output.js'
import type { FlagValues, Options } from './settings.js'

/** What a command of `posthog-project` is (registry.ts holds them all), and what it runs with. */

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
