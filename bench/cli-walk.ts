/**
 * 7. Command-line walk memory: `posthog-project experiments list --all --format ndjson` over the
 * benchmark server's 10,000 experiments (about 42 MB of ndjson), run with V8's old space capped at
 * `HEAP_CAP_MB`: it can only finish if the command keeps no items (the budgeted figure: it finishes).
 * For information, the peak RSS of the uncapped walk against the same command stopped at 1,000 items
 * (RSS also follows V8's lazy collection, so it is not a retention measure). Each walk writes into a
 * pipe read by this process, as in `posthog-project … > file` or `| jq`.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './lib/sdk.js'
import { API_KEY, PROJECT_ID, type BenchServer } from './lib/server.js'
import { median } from './lib/stats.js'
import { TOTAL_ITEMS } from './pagination.js'
import { cliSnapshot } from './cli-start.js'

/** Old-space cap of the budgeted walk, in MB (13 MB sufficed when measured; 1,000 retained items would need more). */
export const HEAP_CAP_MB = 16

export interface CliWalkResult {
  runs: number
  /** Lines written by the walk under the heap cap (every item: 10,000), or -1 when it ran out of memory. */
  cappedItems: number
  /** Bytes written by it. */
  cappedBytes: number
  /** Peak RSS in MB, median over the runs. */
  smallMb: number
  fullMb: number
  smallItems: number
  fullItems: number
  /** fullMb / smallMb. */
  ratio: number
}

/** A preload that reports the process's peak RSS (kB) on stderr when it exits. */
function rssReporter(): string {
  const dir = join(ROOT, 'node_modules', '.cache', 'bench-cli')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'report-rss.cjs')
  writeFileSync(
    file,
    "process.on('exit', () => process.stderr.write(`\\nmax_rss_kb=${process.resourceUsage().maxRSS}\\n`))\n",
  )
  return file
}

/** One walk: the lines written and the peak RSS in MB. */
function walk(
  bin: string,
  reporter: string,
  server: BenchServer,
  extra: string[],
  nodeFlags: string[] = [],
): Promise<{ items: number; bytes: number; rssMb: number }> {
  const args = [
    ...nodeFlags,
    '-r',
    reporter,
    bin,
    'experiments',
    'list',
    '--all',
    '--format',
    'ndjson',
    '--limit',
    '100',
    ...extra,
  ]
  const env = {
    PATH: process.env.PATH ?? '',
    POSTHOG_PERSONAL_API_KEY: API_KEY,
    POSTHOG_PROJECT_ID: String(PROJECT_ID),
    POSTHOG_BASE_URL: server.origin,
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let items = 0
    let bytes = 0
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      for (const byte of chunk) if (byte === 10) items++
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.once('error', reject)
    child.once('close', (code) => {
      const rss = /max_rss_kb=(\d+)/.exec(stderr)
      if (nodeFlags.length && /heap out of memory/.test(stderr)) return resolve({ items: -1, bytes, rssMb: Number.NaN })
      if (code !== 0 || !rss) return reject(new Error(`cli walk: exit ${String(code)}: ${stderr}`))
      resolve({ items, bytes, rssMb: Number(rss[1]) / 1024 })
    })
  })
}

export async function benchCliWalk(server: BenchServer, runs = 3): Promise<CliWalkResult> {
  const bin = cliSnapshot()
  const reporter = rssReporter()
  const capped = await walk(bin, reporter, server, [], [`--max-old-space-size=${HEAP_CAP_MB}`])
  const small: Array<{ items: number; rssMb: number }> = []
  const full: Array<{ items: number; rssMb: number }> = []
  for (let run = 0; run < runs; run++) {
    small.push(await walk(bin, reporter, server, ['--max', String(TOTAL_ITEMS / 10)]))
    full.push(await walk(bin, reporter, server, []))
  }
  if (full.some((result) => result.items !== TOTAL_ITEMS))
    throw new Error(`cli walk: expected ${TOTAL_ITEMS} lines, got ${full.map((result) => result.items).join(', ')}`)
  const smallMb = median(small.map((result) => result.rssMb))
  const fullMb = median(full.map((result) => result.rssMb))
  return {
    runs,
    cappedItems: capped.items,
    cappedBytes: capped.bytes,
    smallMb,
    fullMb,
    smallItems: small[0]!.items,
    fullItems: full[0]!.items,
    ratio: fullMb / smallMb,
  }
}
