import { EXIT } from './errors.js'
import { PipeSink } from './output.js'
import type { Io } from './command.js'
import { runCommandLine } from './program.js'

/** `posthog-project`: the entry point. It runs the command line (program.ts) on the process's streams. */

/** The package's version, written in by the build (tsup.config.ts). */
declare const __CLI_VERSION__: string

// A reader that goes away (`| head`) ends the output, not the command with a stack trace.
const stdout = new PipeSink(process.stdout)
const stderr = new PipeSink(process.stderr)

/** The process's streams and environment; the signal aborts on Ctrl-C. */
function processIo(): Io {
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  return { stdout, stderr, stdin: process.stdin, env: process.env, signal: controller.signal }
}

runCommandLine(process.argv.slice(2), __CLI_VERSION__, { stdout, stderr }, processIo).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    stderr.write(
      `posthog-project: unexpected failure: ` +
        `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exitCode = EXIT.api
  },
)
