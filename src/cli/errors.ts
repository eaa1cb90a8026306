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
  constructor(
    /** The word, flag or argument at fault: `--limit`, `id`, `hog-fn`. */
    readonly argument: string,
    message: string,
  ) {
    super(`Invalid argument \`${argument}\`: ${message}`)
  }
}
