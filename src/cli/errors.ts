import { closest } from '../core/closest.js'

/** Exit codes of `posthog-project`. */
export const EXIT = {
  /** The call succeeded. */
  ok: 0,
  /** The service answered an error (`ApiError` and subclasses) or a body the SDK could not read. */
  api: 1,
  /** A usage error: unknown group, method or flag, a bad argument. Nothing was sent. */
  usage: 2,
  /** No answer: the connection failed or timed out. */
  connection: 3,
  /** Interrupted (Ctrl-C), as shells report SIGINT. */
  interrupted: 130,
} as const

/**
 * A command-line mistake found before anything is sent. The message reads like the SDK's
 * `InvalidArgumentError` (``Invalid argument `<argument>`: <message>``), so a bad flag and a bad id
 * caught by the SDK look alike; the CLI keeps its own class so that `--help` never loads the SDK.
 */
export class UsageError extends Error {
  override name = 'UsageError'
  /** The exit code: 2, unless the command says otherwise (with `plan --detailed-exitcode`, 1). */
  exitCode: number = EXIT.usage
  constructor(
    /** The word, flag or argument at fault: `--limit`, `id`, `hog-fn`. */
    readonly argument: string,
    message: string,
  ) {
    super(`Invalid argument \`${argument}\`: ${message}`)
  }
}

/**
 * `; did you mean surveys? (groups: surveys, …`: the choices, the one nearest to what was typed first
 * (when one is near), for the caller to close.
 */
export function choices(what: string, typed: string, names: readonly string[]): string {
  const nearest = closest(typed, names)
  if (nearest === undefined) return ` (${what}: ${names.join(', ')}`
  return `; did you mean ${nearest}? (${what}: ${[nearest, ...names.filter((name) => name !== nearest)].join(', ')}`
}
