import { parseCommandLine } from './args.js'
import { EXIT, UsageError } from './errors.js'
import { groupHelp, toolHelp } from './help.js'
import { PipeSink } from './output.js'
import type { Io } from './command.js'
import { API_COMMANDS, CONFIG_COMMANDS, TOOL_COMMANDS } from './registry.js'

/**
 * `posthog-project`: the entry point. The command line names a command of the registry (registry.ts) and
 * args.ts reads its flags; then this prints the help or the version (without loading the SDK) or runs the
 * command, whose exit code becomes the process's.
 */

/** The package's version, written in by the build (tsup.config.ts). */
declare const __CLI_VERSION__: string

// A reader that goes away (`| head`) ends the output, not the command with a stack trace.
const stdout = new PipeSink(process.stdout)
const stderr = new PipeSink(process.stderr)

async function main(argv: readonly string[]): Promise<number> {
  let parsed
  try {
    parsed = await parseCommandLine(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    stderr.write(`posthog-project: ${error.message}\n`)
    return error.exitCode
  }
  if (parsed.kind === 'version') {
    stdout.write(`${__CLI_VERSION__}\n`)
    return EXIT.ok
  }
  if (parsed.kind === 'help') {
    const { command, group } = parsed
    stdout.write(command ? await command.help() : group ? groupHelp(group) : toolHelp(API_COMMANDS, CONFIG_COMMANDS, TOOL_COMMANDS))
    return EXIT.ok
  }
  return parsed.command.run(parsed.input, processIo())
}

/** The process's streams and environment; the signal aborts on Ctrl-C. */
function processIo(): Io {
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  return { stdout, stderr, stdin: process.stdin, env: process.env, signal: controller.signal }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    stderr.write(`posthog-project: unexpected failure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = EXIT.api
  },
)
