import { parseArgs } from 'node:util'
import { closest } from '../core/closest.js'
import { CALL_OPTIONS } from './call.js'
import type { Group } from './commands.js'
import { EXIT, UsageError, choices } from './errors.js'
import type { Command, FlagSet } from './command.js'
import { lookUp, missingWords } from './registry.js'
import type { FlagValues, Options } from './settings.js'

/**
 * The one reader of the command line, for every command of the registry: the first words name the command
 * (registry.ts), then its flags are read strictly with Node's `util.parseArgs` and the command makes its input
 * from them. Pure: no I/O, nothing sent; every mistake is a `UsageError`.
 */

/** What the command line asks for: the version, a help text, or a command to run with its input. */
export type Parsed =
  | { kind: 'version' }
  | { kind: 'help'; group?: Group; command?: Command }
  | { kind: 'run'; command: Command; input: unknown }

/**
 * Parses `argv` (without `node` and the script). `help [words…]` is `[words…] --help`. A method's flags come
 * from its request shapes, loaded (with zod) only then: `--version` and `--help` start without them.
 */
export async function parseCommandLine(given: readonly string[]): Promise<Parsed> {
  const argv = given[0] === 'help' ? [...given.slice(1), '--help'] : given
  if (argv.length === 0) return { kind: 'help' }
  // First pass: only the words (the flags a command takes depend on the command).
  const loose = parseArgs({ args: [...argv], options: CALL_OPTIONS, strict: false, allowPositionals: true })
  const words = loose.positionals
  if (loose.values.version === true && words.length === 0) return { kind: 'version' }
  const found = lookUp(words)
  if (loose.values.help === true) return { kind: 'help', ...found }
  const command = found.command
  if (!command) throw missingWords(found)
  try {
    const flags = await command.flags()
    const { values, positionals } = readFlags(argv, command.words.join(' '), flags)
    return { kind: 'run', command, input: await command.read(values, positionals.slice(command.words.length)) }
  } catch (error) {
    if (error instanceof UsageError) error.exitCode = command.usageExit?.(argv) ?? EXIT.usage
    throw error
  }
}

/** Second pass: the whole command line, strictly, with the command's flags. */
function readFlags(
  argv: readonly string[],
  where: string,
  flags: FlagSet,
): { values: FlagValues; positionals: string[] } {
  const options: Options = { ...flags.shared, ...flags.siblings, ...flags.own }
  let parsed
  try {
    parsed = parseArgs({
      args: normalize(argv, flags.bare ?? [], options),
      options,
      strict: true,
      allowPositionals: true,
    })
  } catch (error) {
    throw parseError(error, where, flags)
  }
  const own = Object.keys(flags.own)
  for (const flag of Object.keys(parsed.values)) {
    if (!Object.hasOwn(flags.own, flag) && !Object.hasOwn(flags.shared, flag)) {
      throw new UsageError(
        `--${flag}`,
        `not a flag of ${where}${choices(
          'its flags',
          `--${flag}`,
          own.map((name) => `--${name}`),
        )})`,
      )
    }
  }
  return { values: parsed.values, positionals: parsed.positionals }
}

/**
 * Two shapes parseArgs cannot read on its own: a boolean flag of a method given bare (`--archived`) means
 * `true` (parseArgs has no optional values, so it becomes `--archived=true` unless `true`/`false`
 * follows), and a value starting with a dash and a digit (`--date_from -30d`, PostHog's relative dates;
 * `--max -1`, refused later with a clear message) is joined to its flag (`--date_from=-30d`) instead of
 * being refused as ambiguous.
 */
function normalize(argv: readonly string[], bare: readonly string[], options: Options): string[] {
  const out: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!
    const flag = arg.startsWith('--') ? arg.slice(2) : ''
    const next = argv[index + 1]
    if (bare.includes(flag) && next !== 'true' && next !== 'false') {
      out.push(`${arg}=true`)
    } else if (
      Object.hasOwn(options, flag) &&
      options[flag]!.type === 'string' &&
      next !== undefined &&
      /^-\d/.test(next)
    ) {
      out.push(`${arg}=${next}`)
      index++
    } else {
      out.push(arg)
    }
  }
  return out
}

/** parseArgs' refusal, naming the flag (and, for an unknown one, the nearest flag the command takes). */
function parseError(error: unknown, where: string, flags: FlagSet): UsageError {
  const code = (error as { code?: unknown }).code
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '?'
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const own = Object.keys(flags.own).map((name) => `--${name}`)
    const nearest = closest(flag, [...own, ...Object.keys(flags.shared).map((name) => `--${name}`)])
    const hint = nearest === undefined ? '' : `; did you mean ${nearest}?`
    return new UsageError(
      flag,
      `unknown flag of ${where}${hint} (${own.length ? `its flags: ${own.join(', ')}; ` : ''}see ${where} --help)`,
    )
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new UsageError(flag, /argument missing/.test(message) ? 'expects a value' : message)
  }
  return new UsageError('arguments', message)
}
