import { parseCommandLine } from './args.js'
import { EXIT, UsageError } from './errors.js'
import { groupHelp, methodHelp, queryHelp, toolHelp } from './help.js'
import { PipeSink } from './output.js'

/**
 * `posthog-project`: the entry point. Parses the command line, answers `--help` and `--version` without
 * loading the SDK, and hands calls to `run.ts` (imported on demand: it loads the SDK).
 */

/** The package's version, written in by the build (tsup.config.ts). */
declare const __CLI_VERSION__: string

// A reader that goes away (`| head`) ends the output, not the command with a stack trace.
const stdout = new PipeSink(process.stdout)
const stderr = new PipeSink(process.stderr)

async function main(given: readonly string[]): Promise<number> {
  const argv = helpAsFlag(given)
  if (isConfigCommand(argv[0])) return configCommand(argv)
  let parsed
  try {
    parsed = await parseCommandLine(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    stderr.write(`posthog-project: ${error.message}\n`)
    return EXIT.usage
  }
  if (parsed.kind === 'version') {
    stdout.write(`${__CLI_VERSION__}\n`)
    return EXIT.ok
  }
  if (parsed.kind === 'help') {
    const { group, method } = parsed
    stdout.write(group === 'query' ? queryHelp() : method ? methodHelp(group!, method, await import('./shapes.js')) : group ? groupHelp(group) : toolHelp())
    return EXIT.ok
  }
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  const { runCall } = await import('./run.js')
  return runCall(parsed, { stdout, stderr, stdin: process.stdin, env: process.env, signal: controller.signal })
}

/** `help [group [method]]` and `help <command>` are `… --help`. */
function helpAsFlag(argv: readonly string[]): readonly string[] {
  return argv[0] === 'help' ? [...argv.slice(1), '--help'] : argv
}

function isConfigCommand(word: string | undefined): boolean {
  return word === 'pull' || word === 'plan' || word === 'apply' || word === 'copy'
}

/** `pull`, `plan`, `apply`, `copy` (src/cli/config-commands.ts, loaded only for them). */
async function configCommand(argv: readonly string[]): Promise<number> {
  const { parseConfigCommand, runConfigCommand, configHelp } = await import('./config-commands.js')
  let parsed
  try {
    parsed = parseConfigCommand(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    stderr.write(`posthog-project: ${error.message}\n`)
    // With --detailed-exitcode, 2 means "the plan has changes" and nothing else: a mistyped flag is a failure.
    return argv.includes('--detailed-exitcode') ? EXIT.api : EXIT.usage
  }
  if (parsed.kind === 'help') {
    stdout.write(configHelp(parsed.command))
    return EXIT.ok
  }
  const controller = new AbortController()
  process.once('SIGINT', () => controller.abort())
  return runConfigCommand(parsed, { stdout, stderr, stdin: process.stdin, env: process.env, signal: controller.signal })
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
