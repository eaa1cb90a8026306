/**
 * 4. Bundle: what a browser app pays for `import { ProjectClient } from 'posthog-project-client'` used
 * once. esbuild (ESM, minified, platform browser) bundles the package as published (the built ESM entry,
 * `dist/index.js`, and its chunks: what an app's bundler reads from node_modules), gzip level 9, two ways:
 * one file (what a bundler that does not split code makes) and split (as Vite, Rollup and webpack do): what
 * the page loads up front (the entry and the chunks it imports statically) and the chunks loaded on first
 * use (the full request shapes, the derived values). Bytes per input come from the one file's metafile, of
 * the source bundled directly (`src/index.ts`), also measured whole: a one-file bundle of the source pays
 * esbuild's lazy initialiser for each of its ~35 modules the first-use chunk reaches, where the package's
 * build has already joined them into a few files.
 */
import { relative, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { DIST_ENTRY, ensureBuilt } from './cold-start.js'
import { ROOT, SDK_SRC } from './lib/sdk.js'

export const ENTRY = `import { ProjectClient } from 'posthog-project-client'
export function createClient(options) {
  return new ProjectClient(options)
}
`

export interface BundleResult {
  /** The package as published, one file, minified. */
  minifiedBytes: number
  /** The package as published, one file, gzip: budgeted. */
  gzipBytes: number
  /** The package as published, split: the entry and what it imports statically, gzip each and summed: budgeted. */
  upFrontGzipBytes: number
  /** The same two figures bundling the source (`src/index.ts`) directly. */
  source: { gzipBytes: number; upFrontGzipBytes: number }
  /** The package, split: the chunks loaded on first use, gzip bytes each, by the file they start from. */
  lazyGzipBytes: Record<string, number>
  /** The source bundled as one file: minified bytes in the output per package (`ky`, `zod`, `own code`, `entry`). */
  byPackage: Record<string, number>
  /**
   * Gzip bytes each dependency adds: the bundle's gzip minus the gzip of the same bundle with that
   * package left external (gzip sizes do not add up, so this is the marginal cost).
   */
  gzipMarginal: Record<string, number>
  /** The source bundled as one file: the largest inputs, bytes in the output. */
  topInputs: Array<{ path: string; bytes: number }>
}

export function packageOf(path: string): string {
  const normalized = path.split(sep).join('/')
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(normalized)
  if (match) return match[1]!
  if (normalized.startsWith('<stdin>') || normalized === 'bench-entry.js') return 'entry'
  return 'own code'
}

/** Where `posthog-project-client` resolves: the built package, or the source. */
type Target = 'package' | 'source'

/** The main entry as a browser app bundles it: ESM, minified, nothing written. */
function browserBuild(target: Target) {
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
    alias: { 'posthog-project-client': target === 'package' ? DIST_ENTRY : resolve(SDK_SRC, 'index.ts') },
    absWorkingDir: ROOT,
  }
}

/** The split build: gzip bytes of what is loaded up front, and of each chunk loaded on first use. */
async function split(target: Target): Promise<{ upFront: number; lazy: Record<string, number> }> {
  const result = await build({
    ...browserBuild(target),
    splitting: true,
    outdir: resolve(ROOT, 'node_modules/.cache/bench-bundle-split'),
  })
  const outputs = result.metafile.outputs
  const files = new Map(result.outputFiles.map((file) => [relative(ROOT, file.path), file.contents]))
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'bench-entry.js')
  if (!entry) throw new Error('bundle: esbuild wrote no entry chunk')
  const upFront = new Set<string>()
  const visit = (path: string) => {
    if (upFront.has(path)) return
    upFront.add(path)
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  const lazy: Record<string, number> = {}
  for (const path of Object.keys(outputs)) {
    if (!path.endsWith('.js') || upFront.has(path)) continue
    // Named by the largest source module in it.
    const [top] = Object.entries(outputs[path]!.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)
    lazy[(top ? top[0] : path).replace(/-[A-Z0-9]{8}(?=\.js$)/, '')] = gzip(files.get(path)!)
  }
  return { upFront: [...upFront].reduce((sum, path) => sum + gzip(files.get(path)!), 0), lazy }
}

async function bundle(target: Target, external: string[] = []) {
  const result = await build({
    ...browserBuild(target),
    outfile: resolve(ROOT, 'node_modules/.cache/bench-bundle/entry.js'),
    external,
  })
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'))
  if (!output) throw new Error('bundle: esbuild wrote no output')
  return { contents: output.contents, inputs: result.metafile.outputs[relative(ROOT, output.path)]!.inputs }
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength

export async function benchBundle(): Promise<BundleResult> {
  ensureBuilt()
  const { contents } = await bundle('package')
  const gzipBytes = gzip(contents)
  const { upFront, lazy } = await split('package')
  const source = await bundle('source')
  const byPackage: Record<string, number> = {}
  const topInputs: Array<{ path: string; bytes: number }> = []
  for (const [input, { bytesInOutput }] of Object.entries(source.inputs)) {
    const name = packageOf(input)
    byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput
    topInputs.push({ path: input, bytes: bytesInOutput })
  }
  topInputs.sort((x, y) => y.bytes - x.bytes)
  const sourceGzipBytes = gzip(source.contents)
  const gzipMarginal: Record<string, number> = {}
  for (const name of ['ky', 'zod'])
    gzipMarginal[name] = sourceGzipBytes - gzip((await bundle('source', [name, `${name}/*`])).contents)
  const sourceSplit = await split('source')
  return {
    minifiedBytes: contents.byteLength,
    gzipBytes,
    upFrontGzipBytes: upFront,
    source: { gzipBytes: sourceGzipBytes, upFrontGzipBytes: sourceSplit.upFront },
    lazyGzipBytes: lazy,
    byPackage,
    gzipMarginal,
    topInputs: topInputs.slice(0, 12),
  }
}
