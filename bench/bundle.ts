/**
 * 4. Bundle: what a browser app pays for `import { ProjectClient } from 'posthog-project-client'` used
 * once. esbuild (ESM, minified, platform browser), the package aliased to its source, gzip level 9.
 * Bytes per input come from the metafile, grouped by package.
 */
import { resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { ROOT, SDK_SRC } from './lib/sdk.js'

export const ENTRY = `import { ProjectClient } from 'posthog-project-client'
export function createClient(options) {
  return new ProjectClient(options)
}
`

export interface BundleResult {
  minifiedBytes: number
  gzipBytes: number
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

async function bundle(external: string[] = []) {
  return build({
    stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'bench-entry.js', loader: 'js' },
    bundle: true,
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

export async function benchBundle(): Promise<BundleResult> {
  const result = await bundle()
  const output = result.outputFiles[0]
  if (!output) throw new Error('bundle: esbuild wrote no output')
  const metafile: Metafile = result.metafile
  const meta = Object.values(metafile.outputs)[0]
  if (!meta) throw new Error('bundle: no metafile output')
  const byPackage: Record<string, number> = {}
  const inputs: Array<{ path: string; bytes: number }> = []
  for (const [path, { bytesInOutput }] of Object.entries(meta.inputs)) {
    const name = packageOf(path)
    byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput
    inputs.push({ path, bytes: bytesInOutput })
  }
  inputs.sort((x, y) => y.bytes - x.bytes)
  const gzipBytes = gzipSync(output.contents, { level: 9 }).byteLength
  const gzipMarginal: Record<string, number> = {}
  for (const name of ['ky', 'zod']) {
    const without = (await bundle([name, `${name}/*`])).outputFiles[0]
    if (without) gzipMarginal[name] = gzipBytes - gzipSync(without.contents, { level: 9 }).byteLength
  }
  return {
    minifiedBytes: output.contents.byteLength,
    gzipBytes,
    gzipMarginal,
    byPackage,
    topInputs: inputs.slice(0, 12),
  }
}
