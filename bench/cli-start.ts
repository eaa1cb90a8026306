/**
 * 6. Command-line start-up: `posthog-project --version` (the built `dist/cli.cjs`) against `node -e 0`,
 * wall time of the whole process, launches alternating A, B, A, B… The command answers `--version` and
 * `--help` without loading the SDK (zod, ky), so it should start about as fast as Node itself.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { builtModules, ensureBuilt } from './cold-start.js'
import { ROOT } from './lib/sdk.js'
import { median, quartiles } from './lib/stats.js'

export interface CliStartResult {
  launches: number
  nodeMs: number
  cliMs: number
  nodeIqr: [number, number]
  cliIqr: [number, number]
  /** Median of the cli/node ratios of adjacent launches. */
  ratio: number
  command: string
}

/**
 * A private copy of the command and the SDK entry it loads, so that a concurrent rebuild of `dist/` cannot
 * break a launch: a package folder (its package.json names the package, so the command's
 * `import('posthog-project-client')` finds the copied `dist/index.js` and its chunks; ky resolves from the repository's
 * node_modules). Built first when `dist/cli.cjs` is missing.
 */
export function cliSnapshot(): string {
  const built = join(ROOT, 'dist', 'cli.cjs')
  if (!existsSync(built)) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
    if (build.status !== 0 || !existsSync(built))
      throw new Error('cli start: `npm run build` did not produce dist/cli.cjs')
  }
  const dir = join(ROOT, 'node_modules', '.cache', 'bench-cli', 'package')
  mkdirSync(join(dir, 'dist'), { recursive: true })
  const manifest = { name: 'posthog-project-client', type: 'module', exports: { '.': { import: './dist/index.js' } } }
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest))
  for (const file of ['cli.cjs', 'cli-shapes.cjs', ...builtModules(join(ROOT, 'dist'))])
    copyFileSync(join(ROOT, 'dist', file), join(dir, 'dist', file))
  return join(dir, 'dist', 'cli.cjs')
}

function launch(args: string[]): number {
  const start = performance.now()
  const child = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  })
  const wallMs = performance.now() - start
  if (child.status !== 0) throw new Error(`cli start: node ${args.join(' ')} failed: ${child.stderr}`)
  return wallMs
}

export function benchCliStart(launches = 40): CliStartResult {
  ensureBuilt()
  const bin = cliSnapshot()
  const expected = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
  const printed = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).stdout.trim()
  if (printed !== expected)
    throw new Error(`cli start: --version printed ${JSON.stringify(printed)}, expected ${expected}`)
  for (let index = 0; index < 3; index++) {
    launch(['-e', '0'])
    launch([bin, '--version'])
  }
  const node: number[] = []
  const cli: number[] = []
  const ratios: number[] = []
  for (let index = 0; index < launches; index++) {
    node.push(launch(['-e', '0']))
    cli.push(launch([bin, '--version']))
    ratios.push(cli.at(-1)! / node.at(-1)!)
  }
  return {
    launches,
    nodeMs: median(node),
    cliMs: median(cli),
    nodeIqr: quartiles(node),
    cliIqr: quartiles(cli),
    ratio: median(ratios),
    command: 'node dist/cli.cjs --version vs node -e 0',
  }
}
