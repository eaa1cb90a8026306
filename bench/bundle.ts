/**
 * 4. Bundle: what a browser app pays for `import { ProjectClient } from 'posthog-project-client'` used
 * once. esbuild (ESM, minified, platform browser, code splitting as Vite, Rollup and webpack do), the
 * package aliased to its source, gzip level 9. The budgeted figure is the entry chunk: what the page loads
 * before its first call. The chunks it loads on demand (zod, on the first response that fails the compiled
 * check) and the single file of a bundler that does not split are reported beside it.
 * Bytes per input come from the metafile of the entry chunk, grouped by package.
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
  /** The entry chunk (the budgeted figure). */
  minifiedBytes: number
  gzipBytes: number
  /** The chunks loaded on demand, gzip bytes each, by the source file they start from. */
  lazyGzipBytes: Record<string, number>
  /** Everything in one file, as a bundler that does not split code emits it. */
  singleFileGzipBytes: number
  /** Minified bytes in the output per package (`ky`, `zod`, `own code`, `entry`). */
  byPackage: Record<string, number>
  /**
   * Gzip bytes each dependency adds: the full bundle's gzip minus the gzip of the same bundle with
   * that package left external (gzip sizes do not add up, so this is the marginal cost).
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

async function bundle(external: string[] = [], splitting = true) {
  return build({
    stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'bench-entry.js', loader: 'js' },
    bundle: true,
    splitting,
    outdir: resolve(ROOT, 'node_modules/.cache/bench-bundle'),
    format: 'esm',
    platform: 'browser',
    minify: true,
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    alias: { 'posthog-project-client': resolve(SDK_SRC, 'index.ts') },
    absWorkingDir: ROOT,
    external,
  })
}

/** The output files of a split build: the entry with the chunks it imports statically (loaded up front), and the rest. */
function chunks(result: Awaited<ReturnType<typeof bundle>>) {
  const outputs = result.metafile.outputs
  const byPath = new Map(result.outputFiles.map((file) => [relative(ROOT, file.path), file]))
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'bench-entry.js')
  if (!entry) throw new Error('bundle: esbuild wrote no entry chunk')
  const upFront = new Set<string>()
  const visit = (path: string) => {
    if (upFront.has(path)) return
    upFront.add(path)
    for (const imported of outputs[path]!.imports) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path)
  }
  visit(entry)
  const file = (path: string) => {
    const output = byPath.get(path)
    if (!output) throw new Error(`bundle: no output file ${path}`)
    return output
  }
  const lazy = Object.keys(outputs).filter((path) => path.endsWith('.js') && !upFront.has(path))
  return { upFront: [...upFront], lazy, file, outputs }
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).byteLength

export async function benchBundle(): Promise<BundleResult> {
  const result = await bundle()
  const { upFront, lazy, file, outputs } = chunks(result)
  const byPackage: Record<string, number> = {}
  const inputs: Array<{ path: string; bytes: number }> = []
  for (const path of upFront) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs)) {
      const name = packageOf(input)
      byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput
      inputs.push({ path: input, bytes: bytesInOutput })
    }
  }
  inputs.sort((x, y) => y.bytes - x.bytes)
  // Gzip of each up-front file: the browser fetches them separately (today one: the entry).
  const gzipBytes = upFront.reduce((sum, path) => sum + gzip(file(path).contents), 0)
  const minifiedBytes = upFront.reduce((sum, path) => sum + file(path).contents.byteLength, 0)
  const lazyGzipBytes = Object.fromEntries(lazy.map((path) => [outputs[path]!.entryPoint ?? path, gzip(file(path).contents)]))
  const single = (await bundle([], false)).outputFiles[0]
  if (!single) throw new Error('bundle: esbuild wrote no output')
  const gzipMarginal: Record<string, number> = {}
  for (const name of ['ky', 'zod']) {
    const without = chunks(await bundle([name, `${name}/*`]))
    gzipMarginal[name] = gzipBytes - without.upFront.reduce((sum, path) => sum + gzip(without.file(path).contents), 0)
  }
  return {
    minifiedBytes,
    gzipBytes,
    lazyGzipBytes,
    singleFileGzipBytes: gzip(single.contents),
    gzipMarginal,
    byPackage,
    topInputs: inputs.slice(0, 12),
  }
}
