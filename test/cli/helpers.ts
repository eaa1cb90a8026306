import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { Sink } from '../../src/cli/output.js'
import { builtPackage } from '../helpers/package-build.js'

/**
 * The built `posthog-project` command, spawned as users run it. The package is built with tsup into a
 * staging folder (a copy of package.json, node_modules linked, dist/ built; no type declarations, which the
 * command does not need), so it never races other tests or ./dist, and the command's
 * `import('posthog-project-client')` resolves to the staged build, as it would installed. The build is made
 * once for the sources as they are and shared by the test files.
 */

const root = new URL('../..', import.meta.url).pathname

/** A staged build of the package. */
export interface StagedCli {
  /** Absolute path of the built bin (`dist/cli.cjs`). */
  bin: string
  /** The staging folder (a package root). */
  dir: string
  remove(): void
}

/**
 * A fresh staging folder of the package, built: a copy of the build made once for the current sources and
 * shared by the test files (test/helpers/package-build.ts), so what a test writes or moves in its folder
 * stays its own.
 */
export function buildCli(): StagedCli {
  const built = builtPackage({ declarations: false })
  const dir = mkdtempSync(join(tmpdir(), 'phc-cli-'))
  cpSync(join(root, 'package.json'), join(dir, 'package.json'))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
  cpSync(join(built, 'dist'), join(dir, 'dist'), { recursive: true })
  return { bin: join(dir, 'dist', 'cli.cjs'), dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** What a finished run of the command printed and returned. */
export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/** Options of one run. */
export interface RunOptions {
  /** The environment (nothing of the test process's own is passed but PATH). */
  env?: Record<string, string>
  /** Written to stdin, then closed. */
  input?: string
  cwd?: string
}

/**
 * Runs the command asynchronously (the fake answering it lives in this process, so a synchronous spawn
 * would block its event loop).
 */
export function runCli(bin: string, args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const child = startCli(bin, args, options)
  return finished(child)
}

/** Starts the command and returns the process, to watch its output while it runs. */
export function startCli(bin: string, args: readonly string[], options: RunOptions = {}): ChildProcess {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? root,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  // A command that exits before reading stdin (`--help`) closes the pipe first: that EPIPE is no failure.
  child.stdin!.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
  child.stdin!.end(options.input ?? '')
  return child
}

/** Collects a started command's output until it exits. */
export function finished(child: ChildProcess): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** Output kept in memory, as the command writes it. */
class Captured implements Sink {
  readonly isTTY = false
  readonly #chunks: Buffer[] = []
  write(chunk: string | Uint8Array): boolean {
    this.#chunks.push(Buffer.from(chunk))
    return true
  }
  once(): this {
    return this
  }
  text(): string {
    return Buffer.concat(this.#chunks).toString('utf8')
  }
}

/**
 * Runs the command line in this process, through the code the bin runs (src/cli/program.ts, with the SDK
 * from the sources): what a case proves of a command's flags, request and output, without starting a
 * process per case. `runCli` runs the built bin itself.
 */
export async function runInProcess(args: readonly string[], options: Omit<RunOptions, 'cwd'> = {}): Promise<CliResult> {
  const { runCommandLine } = await import('../../src/cli/program.js')
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  const stdout = new Captured()
  const stderr = new Captured()
  const stdin = Readable.from(options.input ? [options.input] : [])
  const io = () => ({ stdout, stderr, stdin, env: { ...options.env }, signal: new AbortController().signal })
  const code = await runCommandLine(args, version, { stdout, stderr }, io)
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

/** The command line run in this process with `env` as its whole environment (no terminal, empty stdin). */
export function cli(args: readonly string[], env: Record<string, string>): Promise<CliResult> {
  return runInProcess(args, { env })
}

/** The environment that points the command at a fake server. */
export function fakeEnv(fake: { apiKey: string; projectId: number }, url: string): Record<string, string> {
  return { POSTHOG_PERSONAL_API_KEY: fake.apiKey, POSTHOG_PROJECT_ID: String(fake.projectId), POSTHOG_BASE_URL: url }
}
