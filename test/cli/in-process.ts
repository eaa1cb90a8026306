import { parseCommandLine } from '../../src/cli/args.js'
import { UsageError } from '../../src/cli/errors.js'
import type { Sink } from '../../src/cli/output.js'

export interface Run {
  code: number
  stdout: string
  stderr: string
}

/** The command line run in this process with `env` as its whole environment (no terminal). */
export async function cli(argv: string[], env: Record<string, string>): Promise<Run> {
  const parsed = await parseCommandLine(argv).catch((error: unknown) => {
    if (error instanceof UsageError) return error
    throw error
  })
  if (parsed instanceof UsageError) return { code: parsed.exitCode, stdout: '', stderr: `posthog-project: ${parsed.message}\n` }
  if (parsed.kind !== 'run') throw new Error(`${argv.join(' ')}: ${parsed.kind}`)
  const out = { stdout: '', stderr: '' }
  const sink = (stream: 'stdout' | 'stderr'): Sink => ({
    write: (chunk) => ((out[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')), true),
    once: () => undefined,
  })
  const io = { stdout: sink('stdout'), stderr: sink('stderr'), stdin: (async function* () {})(), env, signal: new AbortController().signal }
  const code = await parsed.command.run(parsed.input, io)
  return { code, ...out }
}
