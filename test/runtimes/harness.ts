// What every runtime's test shares: the fake on 127.0.0.1 (in this Node process), a consumer folder where
// `posthog-project-client` resolves by name to this checkout's built package, and esbuild bundles of the
// scenario. The runtime under test only talks to the fake over a socket.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { build, type BuildOptions } from 'esbuild'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { SEEDED, type ScenarioConfig, type ScenarioResult } from './scenario.js'

export const root = new URL('../..', import.meta.url).pathname

/**
 * The binary of the npm package `bun` or `deno`, taken from the platform package it depends on
 * (`@oven/bun-linux-x64`, `@deno/linux-x64-glibc`, …): the packages' own `bin` entries only work once
 * their postinstall script has run (bun's fails without it), and an install may skip scripts.
 */
export function runtimeBinary(runtime: 'bun' | 'deno'): string {
  const arch = process.arch === 'arm64' ? (runtime === 'bun' ? 'aarch64' : 'arm64') : process.arch
  const libc = runtime === 'deno' && process.platform === 'linux' ? '-glibc' : ''
  const file =
    runtime === 'bun'
      ? `@oven/bun-${process.platform}-${arch}/bin/bun`
      : `@deno/${process.platform}-${arch}${libc}/deno`
  const shipped = join(root, 'node_modules', file)
  if (existsSync(shipped)) return shipped
  // Another platform's layout: the package's own entry (which needs its postinstall to have run).
  return createRequire(join(root, 'package.json'))
    .resolve(`${runtime}/package.json`)
    .replace(/package\.json$/, runtime === 'bun' ? 'bin/bun.exe' : 'bin.cjs')
}

/** The fake, seeded for the scenario and listening on 127.0.0.1. */
export interface ScenarioFake {
  fake: FakeApi
  server: FakeServer
  config: ScenarioConfig
}

export async function startFake(): Promise<ScenarioFake> {
  const fake = createFakeApi()
  fake.seed.experiments(Array.from({ length: SEEDED }, (_, index) => ({ name: `Experiment ${index + 1}` })))
  const server = await fake.listen()
  return { fake, server, config: fake.clientOptions(server.url) }
}

/** The operations the fake saw (CORS preflights left out). */
export function operationsSeen(fake: FakeApi): Array<string | null> {
  return fake.requests.filter((request) => request.method !== 'OPTIONS').map((request) => request.operation)
}

/**
 * A fresh folder with `package.json` and `node_modules/posthog-project-client` linked to this checkout, so
 * the runtime resolves the package by name through its `exports` map to `dist/` (as after `npm install`).
 */
export function consumerFolder(prefix: string): string {
  if (!existsSync(join(root, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first')
  const dir = mkdtempSync(join(tmpdir(), `phc-${prefix}-`))
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(root, join(dir, 'node_modules/posthog-project-client'), 'dir')
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `${prefix}-consumer`,
      private: true,
      type: 'module',
      dependencies: { 'posthog-project-client': '*' },
    }),
  )
  return dir
}

export function removeFolder(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true })
}

/**
 * Bundles `entry` (a path under test/) into `outfile`; by default the SDK stays an import by name. Returns the files
 * bundled in.
 */
export async function bundle(entry: string, outfile: string, options: BuildOptions = {}): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [join(root, 'test', entry)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: ['posthog-project-client'],
    logLevel: 'error',
    metafile: true,
    // Not the repo's tsconfig: its `paths` would send `posthog-project-client` to src/ instead of the package.
    tsconfigRaw: {},
    ...options,
  })
  return Object.keys(metafile?.inputs ?? {})
}

/** What a runtime printed: its version and the scenario's result (the last line of its output). */
export interface RuntimeReport {
  version: string
  result: ScenarioResult
}

/**
 * Runs `command` in `cwd` and parses the JSON line the scenario entry prints last. Asynchronous: the fake
 * answering the runtime lives in this process's event loop.
 */
export async function runReporting(command: string, args: string[], cwd: string): Promise<RuntimeReport> {
  const { stdout } = await promisify(execFile)(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    timeout: 120_000,
  })
  const line = stdout.trim().split('\n').at(-1) ?? ''
  return JSON.parse(line) as RuntimeReport
}
