import { parseCommandLine } from './args.js'
import { EXIT, UsageError } from './errors.js'
import { groupHelp, toolHelp } from './help.js'
import type { Io } from './command.js'
import { API_COMMANDS, CONFIG_COMMANDS, TOOL_COMMANDS } from './registry.js'

/**
 * One command line of `posthog-project`: it names a command of the registry (registry.ts) and args.ts reads
 * its flags; then this prints the help or the version (without loading the SDK) or runs the command, and
 * resolves to the exit code. main.ts runs it on the process; the tests run it in process. `io` is asked for
 * only when a command runs (on the process it reads stdin and listens for Ctrl-C).
 */
export async function runCommandLine(
  argv: readonly string[],
  version: string,
  output: Pick<Io, 'stdout' | 'stderr'>,
  io: () => Io,
): Promise<number> {
  let parsed
  try {
    parsed = await parseCommandLine(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    output.stderr.write(`posthog-project: ${error.message}\n`)
    return error.exitCode
  }
  if (parsed.kind === 'version') {
    output.stdout.write(`${version}\n`)
    return EXIT.ok
  }
  if (parsed.kind === 'help') {
    const { command, group } = parsed
    const help = command
      ? await command.help()
      : group
        ? groupHelp(group)
        : toolHelp(API_COMMANDS, CONFIG_COMMANDS, TOOL_COMMANDS)
    output.stdout.write(help)
    return EXIT.ok
  }
  return parsed.command.run(parsed.input, io())
}
