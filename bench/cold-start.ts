/**
 * 5. Cold start: a new Node process importing the built package (`dist/index.js`, through the
 * package's own `exports`) against one importing `ky` alone. Launches alternate A, B, A, B…
 * Two figures per launch: the time the `import()` takes inside the process (the budgeted figure:
 * Node's own ~40 ms start-up is the same for both and would hide the difference), and the wall
 * time of the whole process. `zod/mini` alone is launched too, to split the package's cost.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ROOT } from './lib/sdk.js'
import { median, quartiles } from './lib/stats.js'

export const DIST_ENTRY = process.env.BENCH_DIST_ENTRY
  ? resolve(process.env.BENCH_DIST_ENTRY)
  : join(ROOT, 'dist', 'index.js')

export interface LaunchFigures {
  importMs: number
  wallMs: number
  importIqr: [number, number]
  wallIqr: [number, number]
}

export interface ColdStartResult {
  launches: number
  ky: LaunchFigures
  zod: LaunchFigures
  /** ky and zod/mini imported together: the package's two dependencies, its baseline (issue 29). */
  deps: LaunchFigures
  sdk: LaunchFigures
  /** import time, package / ky. */
  ratio: number
  /** import time, package / ky and zod/mini together: budgeted. */
  depsRatio: number
  /** process wall time, package / ky. */
  wallRatio: number
  built: boolean
}

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs)
  }
  return newest
}

/** Builds `dist/` (`npm run build`) when it is missing or older than `src/`. Returns whether it built. */
export function ensureBuilt(): boolean {
  if (process.env.BENCH_DIST_ENTRY) return false
  if (existsSync(DIST_ENTRY) && statSync(DIST_ENTRY).mtimeMs >= newestMtime(join(ROOT, 'src'))) return false
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0 || !existsSync(DIST_ENTRY)) throw new Error('cold start: `npm run build` failed')
  return true
}

/**
 * A private copy of the built entry with the chunks beside it (zod is bundled, in a chunk of its own; ky
 * stays external and resolves from the repository's node_modules). Other sessions' tests rebuild `dist/`
 * (tsup empties it first), and a launch that meets an empty `dist/` would crash the run.
 */
function snapshot(): string {
  if (process.env.BENCH_DIST_ENTRY) return DIST_ENTRY
  const dir = join(ROOT, 'node_modules', '.cache', 'bench-cold-start')
  mkdirSync(dir, { recursive: true })
  // Node stops looking for a package.json at node_modules, so the copy needs its own to be ESM.
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n')
  for (let attempt = 1; ; attempt++) {
    try {
      for (const file of builtModules(dirname(DIST_ENTRY)))
        copyFileSync(join(dirname(DIST_ENTRY), file), join(dir, file))
      return join(dir, basename(DIST_ENTRY))
    } catch (error) {
      if (attempt >= 5) throw error
      spawnSync(process.execPath, ['-e', 'setTimeout(() => {}, 3000)']) // a concurrent build is under way
      ensureBuilt()
    }
  }
}

/** The ESM files at the top of a build folder: the entry and its chunks. */
export function builtModules(dir: string): string[] {
  return readdirSync(dir).filter((file) => file.endsWith('.js'))
}

/** The baseline of issue 29: the package's two dependencies, imported together. */
const DEPS = ['ky', 'zod/mini']

/** One process that imports `specifiers` (at once) and prints how long the imports took. */
function launch(...specifiers: string[]): { importMs: number; wallMs: number } {
  const imports = specifiers.map((specifier) => `import(${JSON.stringify(specifier)})`).join(', ')
  const script =
    `const t = performance.now(); await Promise.all([${imports}]); process.stdout.write(String(performance.now() ` +
    `- t))`
  const start = performance.now()
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  })
  const wallMs = performance.now() - start
  if (child.status !== 0) throw new Error(`cold start: importing ${specifiers.join(', ')} failed: ${child.stderr}`)
  return { importMs: Number(child.stdout), wallMs }
}

function figures(samples: Array<{ importMs: number; wallMs: number }>): LaunchFigures {
  const imports = samples.map((sample) => sample.importMs)
  const walls = samples.map((sample) => sample.wallMs)
  return { importMs: median(imports), wallMs: median(walls), importIqr: quartiles(imports), wallIqr: quartiles(walls) }
}

export function benchColdStart(launches = 40): ColdStartResult {
  const built = ensureBuilt()
  const sdkSpecifier = pathToFileURL(snapshot()).href
  type Sample = { importMs: number; wallMs: number }
  const samples: { ky: Sample[]; zod: Sample[]; deps: Sample[]; sdk: Sample[] } = { ky: [], zod: [], deps: [], sdk: [] }
  // Warm the OS file cache; the first launches are not counted.
  for (let index = 0; index < 3; index++) {
    launch('ky')
    launch(sdkSpecifier)
    launch('zod/mini')
    launch(...DEPS)
  }
  for (let index = 0; index < launches; index++) {
    samples.deps.push(launch(...DEPS))
    samples.sdk.push(launch(sdkSpecifier))
    if (index % 2 === 0) {
      samples.ky.push(launch('ky'))
      samples.zod.push(launch('zod/mini'))
    }
  }
  const ky = figures(samples.ky)
  const deps = figures(samples.deps)
  const sdk = figures(samples.sdk)
  return {
    launches,
    ky,
    zod: figures(samples.zod),
    deps,
    sdk,
    ratio: sdk.importMs / ky.importMs,
    depsRatio: sdk.importMs / deps.importMs,
    wallRatio: sdk.wallMs / ky.wallMs,
    built,
  }
}
