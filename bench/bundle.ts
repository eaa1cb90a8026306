/**
 * 4. Bundle: what a browser app pays for `import { ProjectClient } from 'posthog-project-client'` used
 * once. esbuild (ESM, minified, platform browser), the package aliased to its source, gzip level 9, two
 * ways: one file (what a bundler that does not split code makes) and split (as Vite, Rollup and webpack
 * do): what the page loads up front (the entry and the chunks it imports statically) and the chunks loaded
 * on first use (the full request shapes, the reads). Bytes per input come from the one file's metafile.
 */
import { relative, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { ROOT, SDK_SRC } from './lib/sdk.js'

export const ENTRY = `import { ProjectClient } from 'posthog-project-client'
export function createClient(options) {
  return new ProjectClient(options)
}
`

export interface BundleResult {
  minifiedBytes: number
  /** One file, gzip: budgeted. */
  gzipBytes: number
  /** Split: the entry and what it imports statically, gzip each and summed: budgeted. */
  upFrontGzipBytes: number
  /** Split: the chunks loaded on first use, gzip bytes each, by the module they start from. */
  lazyGzipBytes: Record<string, number>
  /** Minified bytes in the output per package (`ky`, `zod`, `own code`, `entry`). */
  byPackage: Record<string, number>
  /**
   * Gzip bytes each dependency adds: the bundle's gzip minus the gzip of the same bundle with that
   * package left external (gzip sizes do not add up, so this is the marginal cost).
   */
  gzipMarginal: Record<string, number>
  /** The largest inputs, bytes in the output. */
  topInputs: Array<{ path: string; bytes: number }>
}

export function packageOf(path: string): string {
  const normalized = path.split(sep).join('/')
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(normalized)
  if (match) return match[1]!
  if (normalized.startsWith('<stdin>') || normalized === 'bench-entry.js') return 'entry'
  return 'own code'
}

/** The main entry as a browser app bundles it: ESM, minified, nothing written. */
function browserBuild() {
  return {
    stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'bench-entry.js', loader: 'js' as const },
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    minify: true,
    target: 'es2022',
    write: false as const,
    metafile: true as const,
    logLevel: 'silent' as const,
    alias: { 'posthog-project-client': resolve(SDK_SRC, 'index.ts') },
    absWorkingDir: ROOT,
  }
}

/** The split build: gzip bytes of what is loaded up front, and of each chunk loaded on first use. */
async function split(): Promise<{ upFront: number; lazy: Record<string, number> }> {
  const result = await build({ ...browserBuild(), splitting: true, outdir: resolve(ROOT, 'node_modules/.cache/bench-bundle-split') })
  const outputs = result.metafile.outputs
  const files = new Map(result.outputFiles.map((file) => [relative(ROOT, file.path), file.contents]))
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'bench-entry.js')
  if (!entry) throw new Error('bundle: esbuild wrote no entry chunk')
  const upFront = new Set<string>()
  const visit = (path: string) => {
    if (upFront.has(path)) return
    upFront.add(path)
    for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  const lazy: Record<string, number> = {}
  for (const path of Object.keys(outputs)) {
    if (!path.endsWith('.js') || upFront.has(path)) continue
    // Named by the largest source module in it.
    const [top] = Object.entries(outputs[path]!.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    lazy[top ? top[0] : path] = gzip(files.get(path)!)
  }
  return { upFront: [...upFront].reduce((sum, path) => sum + gzip(files.get(path)!), 0), lazy }
}

async function bundle(external: string[] = []) {
  const result = await build({ ...browserBuild(), outfile: resolve(ROOT, 'node_modules/.cache/bench-bundle/entry.js'), external })
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))
  if (!output) throw new Error('bundle: esbuild wrote no output')
  return { contents: output.contents, inputs: result.metafile.outputs[relative(ROOT, output.path)]!.inputs }
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength

export async function benchBundle(): Promise<BundleResult> {
  const { contents, inputs } = await bundle()
  const byPackage: Record<string, number> = {}
  const topInputs: Array<{ path: string; bytes: number }> = []
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const name = packageOf(input)
    byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput
    topInputs.push({ path: input, bytes: bytesInOutput })
  }
  topInputs.sort((x, y) => y.bytes - x.bytes)
  const gzipBytes = gzip(contents)
  const gzipMarginal: Record<string, number> = {}
  for (const name of ['ky', 'zod']) gzipMarginal[name] = gzipBytes - gzip((await bundle([name, `${name}/*`])).contents)
  const { upFront, lazy } = await split()
  return { minifiedBytes: contents.byteLength, gzipBytes, upFrontGzipBytes: upFront, lazyGzipBytes: lazy, byPackage, gzipMarginal, topInputs: topInputs.slice(0, 12) }
}
