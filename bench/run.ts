/**
 * `npm run bench`: the SDK's cost against plain baselines, measured side by side in one run.
 * Every figure is a ratio against its baseline in the same run, from alternating blocks (A, B, A, B…),
 * medians reported. Exits non-zero only on a crash; missed budgets are reported, not fatal.
 *
 *   node --expose-gc --import tsx bench/run.ts
 *
 * Environment:
 * BENCH_ONLY=per-call,validation,pagination,bundle,cold-start,cli-start,cli-walk,walk-latency,config,hog-tests (a
 * subset;
 * `pacing`, over two minutes long, runs only when named here),
 * BENCH_QUICK=1 (fewer blocks, for a smoke run), BENCH_SDK_SRC / BENCH_DIST_ENTRY (another copy of
 * the SDK, to measure a prototype fix without touching src/).
 */
import { benchBundle, type BundleResult } from './bundle.js'
import { benchCliStart, type CliStartResult } from './cli-start.js'
import { HEAP_CAP_MB, benchCliWalk, type CliWalkResult } from './cli-walk.js'
import { benchColdStart, DIST_ENTRY, type ColdStartResult } from './cold-start.js'
import { benchConfig, CONFIG_LATENCY_MS, CONFIG_PER_GROUP, CONFIG_UPDATES, type ConfigResult } from './config.js'
import { benchHogTests, HOG_TEST_CASES, type HogTestsResult } from './hog-tests.js'
import { machine } from './lib/machine.js'
import { loadSdk } from './lib/sdk.js'
import { startServer, type BenchServer } from './lib/server.js'
import { round } from './lib/stats.js'
import { renderTable } from './lib/table.js'
import { benchPacing, PACING_CONCURRENCY, PACING_PER_MINUTE, PACING_UPDATES, type PacingResult } from './pacing.js'
import { benchPagination, PAGE_SIZE, TOTAL_ITEMS, type PaginationResult } from './pagination.js'
import { benchPerCall, type PerCallResult } from './per-call.js'
import { benchValidation, type ValidationResult } from './validation.js'
import {
  benchWalkLatency,
  LATENCY_ITEMS,
  LATENCY_MS,
  LATENCY_PAGE_SIZE,
  WALK_CONCURRENCY,
  type WalkLatencyResult,
} from './walk-latency.js'

export const BUDGETS = {
  perCallRatio: 1.25,
  /** The SDK's `retrieve(1)` against `ky.get(url).json()` of the same URL (issue 11). */
  perCallOverKyRatio: 1.1,
  /** `create` and `update`, their bodies checked in full depth, against ky alone sending the same JSON (issue 29). */
  perCallWriteOverKyRatio: 1.15,
  validationRatio: 0.5,
  pagesRequests: TOTAL_ITEMS / PAGE_SIZE,
  paginationRatio: 1.25,
  heapGrowthMb: 5,
  /** The main entry as one file (issue 29): every feature pays for itself inside it. */
  bundleGzipBytes: 50_000,
  /**
   * What a page loads up front from a bundler that splits code (issue 29): the full request shapes load on first use.
   */
  bundleUpFrontGzipBytes: 40_000,
  /** `import()` of the package against `import()` of ky and zod/mini together: the SDK's own cost (issue 29). */
  coldStartRatio: 1.2,
  /** `posthog-project --version` wall time against `node -e 0`. */
  cliStartRatio: 1.5,
  /** A 10,000-item `--all` walk finishes with V8's old space capped at HEAP_CAP_MB. */
  cliWalkItems: TOTAL_ITEMS,
  walkLatencyRequests: LATENCY_ITEMS / LATENCY_PAGE_SIZE,
  /** `concurrency: 4` against both the sequential walk and a fetch loop. */
  walkLatencyRatio: 0.35,
  pacingThrottled: 0,
  pacingWallRatio: 1.05,
  /**
   * pull + plan of 1,000 resources, and apply of 100 updates, against a fetch loop making the same (fewest) requests.
   */
  configRatio: 1.2,
  /** readConfig refuses a 1 MiB file of ~100k unknown keys (issue 26: 232 s before), listing at most 100 problems. */
  configUnknownKeysMs: 1000,
  /** `testHogFunctions` of 100 cases on this machine, the runtime loaded (issue 41): ~230 ms on 2 shared cores. */
  hogTestsWarmMs: 1000,
} as const

const SECTIONS = [
  'per-call',
  'validation',
  'pagination',
  'bundle',
  'cold-start',
  'cli-start',
  'cli-walk',
  'walk-latency',
  'config',
  'hog-tests',
] as const
/** Sections that run only when BENCH_ONLY names them. */
const ON_REQUEST = ['pacing'] as const
type Section = (typeof SECTIONS)[number] | (typeof ON_REQUEST)[number]
const KNOWN: readonly Section[] = [...SECTIONS, ...ON_REQUEST]

interface Check {
  name: string
  value: number
  ok: boolean
  budget: string
  /** How far past the budget, for the report. */
  miss?: string
}

const quick = process.env.BENCH_QUICK === '1'
const only = new Set((process.env.BENCH_ONLY ?? SECTIONS.join(',')).split(',').map((name) => name.trim()) as Section[])
for (const name of only)
  if (!KNOWN.includes(name)) throw new Error(`BENCH_ONLY: unknown section ${name} (known: ${KNOWN.join(', ')})`)

const us = (value: number) => `${value.toFixed(1)} µs`
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`
const iqr = ([low, high]: [number, number], unit: (value: number) => string) => `[${unit(low)} – ${unit(high)}]`
const over = (value: number, budget: number) => `${((value / budget - 1) * 100).toFixed(0)}% over`

function log(line: string): void {
  process.stderr.write(`${line}\n`)
}

async function main(): Promise<void> {
  const host = machine()
  const started = performance.now()
  log(`bench: ${host.nproc} CPUs (${host.cpu}), node ${host.node}${quick ? ', quick mode' : ''}`)

  const sdk = await loadSdk()
  let server: BenchServer | undefined
  let perCall: PerCallResult | undefined
  let validation: ValidationResult | undefined
  let pagination: PaginationResult | undefined
  let bundle: BundleResult | undefined
  let coldStart: ColdStartResult | undefined
  let cliStart: CliStartResult | undefined
  let cliWalk: CliWalkResult | undefined
  let walkLatency: WalkLatencyResult | undefined
  let pacing: PacingResult | undefined
  let config: ConfigResult | undefined
  let hogTests: HogTestsResult | undefined
  try {
    if (only.has('per-call') || only.has('pagination') || only.has('cli-walk')) server = await startServer()
    if (only.has('per-call') && server) {
      log('bench: 1/8 per call…')
      perCall = await benchPerCall(sdk, server, quick ? { blocks: 6, callsPerBlock: 50, warmupCalls: 100 } : {})
    }
    if (only.has('validation')) {
      log('bench: 2/8 validation…')
      validation = await benchValidation(sdk, quick ? { blocks: 6, iterationsPerBlock: 5 } : {})
    }
    if (only.has('pagination') && server) {
      log('bench: 3/8 pagination…')
      pagination = await benchPagination(sdk, server, quick ? { blocks: 2, heapRuns: 1 } : {})
    }
    if (only.has('cli-walk') && server) {
      log('bench: 7/8 command-line walk memory…')
      cliWalk = await benchCliWalk(server, quick ? 1 : 3)
    }
  } finally {
    await server?.close()
  }
  if (only.has('bundle')) {
    log('bench: 4/8 bundle…')
    bundle = await benchBundle()
  }
  if (only.has('cold-start')) {
    log('bench: 5/8 cold start…')
    coldStart = benchColdStart(quick ? 8 : 40)
  }
  if (only.has('cli-start')) {
    log('bench: 6/8 command-line start-up…')
    cliStart = benchCliStart(quick ? 8 : 40)
  }
  if (only.has('walk-latency')) {
    log('bench: 8/8 walk over latency…')
    // A server of its own: the latency it adds must not reach the other sections.
    const latencyServer = await startServer()
    try {
      walkLatency = await benchWalkLatency(sdk, latencyServer, quick ? { rounds: 1 } : {})
    } finally {
      await latencyServer.close()
    }
  }
  if (only.has('config')) {
    log('bench: 10 configuration as code…')
    config = await benchConfig()
  }
  if (only.has('hog-tests')) {
    log('bench: 11 hog function tests…')
    hogTests = await benchHogTests()
  }
  if (only.has('pacing')) {
    log('bench: 9 pacing (over two minutes)…')
    pacing = await benchPacing(sdk, log)
  }

  const rows: string[][] = []
  const checks: Check[] = []
  const check = (name: string, value: number, ok: boolean, budget: string, miss?: string) => {
    checks.push({ name, value, ok, budget, ...(ok ? {} : { miss }) })
    return ok ? 'pass' : `MISS (${miss})`
  }

  if (perCall) {
    const status = check(
      'per_call_ratio',
      perCall.ratio,
      perCall.ratio <= BUDGETS.perCallRatio,
      `≤ ${BUDGETS.perCallRatio}×`,
      over(perCall.ratio, BUDGETS.perCallRatio),
    )
    rows.push([
      '1 per call: retrieve(1) vs fetch+json',
      `${us(perCall.rawUs)} ${iqr(perCall.rawIqr, us)}`,
      `${us(perCall.sdkUs)} ${iqr(perCall.sdkIqr, us)}`,
      `${perCall.ratio.toFixed(2)}×`,
      `≤ ${BUDGETS.perCallRatio}×`,
      status,
    ])
    rows.push([
      '1 per call: ky alone vs fetch+json',
      us(perCall.ky.rawUs),
      us(perCall.ky.kyUs),
      `${perCall.ky.ratio.toFixed(2)}×`,
      '',
      'info',
    ])
    const { overKy } = perCall
    const budget = BUDGETS.perCallOverKyRatio
    const overKyStatus = check(
      'per_call_over_ky_ratio',
      overKy.ratio,
      overKy.ratio <= budget,
      `≤ ${budget}×`,
      over(overKy.ratio, budget),
    )
    rows.push([
      '1 per call: retrieve(1) vs ky alone',
      us(overKy.kyUs),
      us(overKy.sdkUs),
      `${overKy.ratio.toFixed(2)}×`,
      `≤ ${budget}×`,
      overKyStatus,
    ])
    const writeBudget = BUDGETS.perCallWriteOverKyRatio
    for (const [name, figures] of Object.entries(perCall.writes)) {
      const status = check(
        `per_call_${name}_over_ky_ratio`,
        figures.ratio,
        figures.ratio <= writeBudget,
        `≤ ${writeBudget}×`,
        over(figures.ratio, writeBudget),
      )
      rows.push([
        `1 per call: ${name} (full-depth check) vs ky alone`,
        us(figures.kyUs),
        us(figures.sdkUs),
        `${figures.ratio.toFixed(2)}×`,
        `≤ ${writeBudget}×`,
        status,
      ])
    }
  }
  if (validation) {
    const status = check(
      'validation_ratio',
      validation.ratio,
      validation.ratio <= BUDGETS.validationRatio,
      `≤ ${BUDGETS.validationRatio}×`,
      over(validation.ratio, BUDGETS.validationRatio),
    )
    rows.push([
      `2 validation: ${validation.items}-item page (${Math.round(validation.pageBytes / 1024)} kB) vs JSON.parse`,
      `${ms(validation.parseMs)} ${iqr(validation.parseIqr, ms)}`,
      `${ms(validation.validateMs)} ${iqr(validation.validateIqr, ms)}`,
      `${validation.ratio.toFixed(2)}×`,
      `≤ ${BUDGETS.validationRatio}×`,
      status,
    ])
  }
  if (pagination) {
    const requestsOk = pagination.sdkRequests === BUDGETS.pagesRequests
    rows.push([
      `3 pagination: requests, ${TOTAL_ITEMS} items`,
      String(pagination.rawRequests),
      String(pagination.sdkRequests),
      String(pagination.sdkRequests),
      `= ${BUDGETS.pagesRequests}`,
      check(
        'pages_requests',
        pagination.sdkRequests,
        requestsOk,
        `= ${BUDGETS.pagesRequests}`,
        `${pagination.sdkRequests - BUDGETS.pagesRequests} extra`,
      ),
    ])
    rows.push([
      '3 pagination: for await vs fetch loop',
      `${ms(pagination.rawMs)} ${iqr(pagination.rawIqr, ms)}`,
      `${ms(pagination.sdkMs)} ${iqr(pagination.sdkIqr, ms)}`,
      `${pagination.ratio.toFixed(2)}×`,
      `≤ ${BUDGETS.paginationRatio}×`,
      check(
        'pagination_ratio',
        pagination.ratio,
        pagination.ratio <= BUDGETS.paginationRatio,
        `≤ ${BUDGETS.paginationRatio}×`,
        over(pagination.ratio, BUDGETS.paginationRatio),
      ),
    ])
    rows.push([
      '3 pagination: heap growth (peak)',
      '',
      `peak +${pagination.heapPeakMb.toFixed(1)} MB`,
      `${pagination.heapGrowthMb.toFixed(2)} MB`,
      `< ${BUDGETS.heapGrowthMb} MB`,
      check(
        'heap_growth_mb',
        pagination.heapGrowthMb,
        pagination.heapGrowthMb < BUDGETS.heapGrowthMb,
        `< ${BUDGETS.heapGrowthMb} MB`,
        `${(pagination.heapGrowthMb - BUDGETS.heapGrowthMb).toFixed(2)} MB over`,
      ),
    ])
    const { responses } = pagination
    rows.push([
      `3 pagination: survey responses by has_more, requests, ${TOTAL_ITEMS} rows`,
      '',
      String(responses.requests),
      String(responses.requests),
      `= ${BUDGETS.pagesRequests}`,
      check(
        'responses_pages_requests',
        responses.requests,
        responses.requests === BUDGETS.pagesRequests,
        `= ${BUDGETS.pagesRequests}`,
        `${responses.requests - BUDGETS.pagesRequests} extra`,
      ),
    ])
    rows.push([
      '3 pagination: survey responses, heap growth (peak)',
      '',
      `peak +${responses.heapPeakMb.toFixed(1)} MB`,
      `${responses.heapGrowthMb.toFixed(2)} MB`,
      `< ${BUDGETS.heapGrowthMb} MB`,
      check(
        'responses_heap_growth_mb',
        responses.heapGrowthMb,
        responses.heapGrowthMb < BUDGETS.heapGrowthMb,
        `< ${BUDGETS.heapGrowthMb} MB`,
        `${(responses.heapGrowthMb - BUDGETS.heapGrowthMb).toFixed(2)} MB over`,
      ),
    ])
  }
  if (bundle) {
    rows.push([
      '4 bundle: the package, browser ESM min, gzip -9 (one file)',
      '',
      `${bundle.minifiedBytes} B min`,
      `${bundle.gzipBytes} B gzip`,
      `≤ ${BUDGETS.bundleGzipBytes} B`,
      check(
        'bundle_gzip_bytes',
        bundle.gzipBytes,
        bundle.gzipBytes <= BUDGETS.bundleGzipBytes,
        `≤ ${BUDGETS.bundleGzipBytes} B`,
        `${bundle.gzipBytes - BUDGETS.bundleGzipBytes} B, ${over(bundle.gzipBytes, BUDGETS.bundleGzipBytes)}`,
      ),
    ])
    const upFrontBudget = BUDGETS.bundleUpFrontGzipBytes
    rows.push([
      '4 bundle: the package, split, loaded up front',
      '',
      '',
      `${bundle.upFrontGzipBytes} B gzip`,
      `≤ ${upFrontBudget} B`,
      check(
        'bundle_up_front_gzip_bytes',
        bundle.upFrontGzipBytes,
        bundle.upFrontGzipBytes <= upFrontBudget,
        `≤ ${upFrontBudget} B`,
        `${bundle.upFrontGzipBytes - upFrontBudget} B, ${over(bundle.upFrontGzipBytes, upFrontBudget)}`,
      ),
    ])
    for (const [module, bytes] of Object.entries(bundle.lazyGzipBytes))
      rows.push([`4 bundle: split, on first use: ${module}`, '', '', `${bytes} B gzip`, '', 'info'])
    rows.push([
      '4 bundle: the source bundled directly (one file; split, up front)',
      '',
      '',
      `${bundle.source.gzipBytes} B; ${bundle.source.upFrontGzipBytes} B gzip`,
      '',
      'info',
    ])
  }
  if (coldStart) {
    rows.push([
      '5 cold start: import(), pkg vs ky + zod/mini',
      `${ms(coldStart.deps.importMs)} ${iqr(coldStart.deps.importIqr, ms)}`,
      `${ms(coldStart.sdk.importMs)} ${iqr(coldStart.sdk.importIqr, ms)}`,
      `${coldStart.depsRatio.toFixed(2)}×`,
      `≤ ${BUDGETS.coldStartRatio}×`,
      check(
        'cold_start_ratio',
        coldStart.depsRatio,
        coldStart.depsRatio <= BUDGETS.coldStartRatio,
        `≤ ${BUDGETS.coldStartRatio}×`,
        over(coldStart.depsRatio, BUDGETS.coldStartRatio),
      ),
    ])
    rows.push([
      '5 cold start: import(), pkg vs ky alone',
      ms(coldStart.ky.importMs),
      ms(coldStart.sdk.importMs),
      `${coldStart.ratio.toFixed(2)}×`,
      '',
      'info',
    ])
    rows.push([
      '5 cold start: process wall time',
      ms(coldStart.ky.wallMs),
      ms(coldStart.sdk.wallMs),
      `${coldStart.wallRatio.toFixed(2)}×`,
      '',
      'info',
    ])
  }

  if (cliStart) {
    rows.push([
      '6 cli start: --version vs node -e 0',
      `${ms(cliStart.nodeMs)} ${iqr(cliStart.nodeIqr, ms)}`,
      `${ms(cliStart.cliMs)} ${iqr(cliStart.cliIqr, ms)}`,
      `${cliStart.ratio.toFixed(2)}×`,
      `≤ ${BUDGETS.cliStartRatio}×`,
      check(
        'cli_start_ratio',
        cliStart.ratio,
        cliStart.ratio <= BUDGETS.cliStartRatio,
        `≤ ${BUDGETS.cliStartRatio}×`,
        over(cliStart.ratio, BUDGETS.cliStartRatio),
      ),
    ])
  }

  if (cliWalk) {
    const finished = cliWalk.cappedItems === BUDGETS.cliWalkItems
    rows.push([
      `7 cli walk: --all, old space capped at ${HEAP_CAP_MB} MB`,
      '',
      `${(cliWalk.cappedBytes / 1e6).toFixed(1)} MB ndjson`,
      cliWalk.cappedItems < 0 ? 'out of memory' : `${cliWalk.cappedItems} items`,
      `= ${BUDGETS.cliWalkItems} items`,
      check(
        'cli_walk_capped_items',
        cliWalk.cappedItems,
        finished,
        `= ${BUDGETS.cliWalkItems} items`,
        cliWalk.cappedItems < 0 ? 'ran out of memory' : `${cliWalk.cappedItems} items`,
      ),
    ])
    rows.push([
      `7 cli walk: peak RSS, ${cliWalk.fullItems} vs ${cliWalk.smallItems} items`,
      `${cliWalk.smallMb.toFixed(1)} MB`,
      `${cliWalk.fullMb.toFixed(1)} MB`,
      `${cliWalk.ratio.toFixed(2)}×`,
      '',
      'info',
    ])
  }

  if (walkLatency) {
    const { requests } = walkLatency
    const exact = Object.values(requests).every((count) => count === BUDGETS.walkLatencyRequests)
    rows.push([
      `8 walk over latency: requests, ${LATENCY_ITEMS} items`,
      String(requests.raw),
      `${requests.sequential} seq, ${requests.concurrent} conc`,
      String(requests.concurrent),
      `= ${BUDGETS.walkLatencyRequests} each`,
      check(
        'walk_latency_requests',
        requests.concurrent,
        exact,
        `= ${BUDGETS.walkLatencyRequests} each`,
        `fetch loop ${requests.raw}, sequential ${requests.sequential}, concurrency ${requests.concurrent}`,
      ),
    ])
    const budget = BUDGETS.walkLatencyRatio
    for (const [label, baselineMs, baselineIqr, ratio, key] of [
      [
        'sequential walk',
        walkLatency.sequentialMs,
        walkLatency.sequentialIqr,
        walkLatency.ratioToSequential,
        'walk_latency_ratio_sequential',
      ],
      ['fetch loop', walkLatency.rawMs, walkLatency.rawIqr, walkLatency.ratioToRaw, 'walk_latency_ratio_fetch'],
    ] as const) {
      rows.push([
        `8 walk over latency: concurrency ${WALK_CONCURRENCY} vs ${label}`,
        `${ms(baselineMs)} ${iqr(baselineIqr, ms)}`,
        `${ms(walkLatency.concurrentMs)} ${iqr(walkLatency.concurrentIqr, ms)}`,
        `${ratio.toFixed(2)}×`,
        `≤ ${budget}×`,
        check(key, ratio, ratio <= budget, `≤ ${budget}×`, over(ratio, budget)),
      ])
    }
  }

  if (pacing) {
    const { paced, unpaced } = pacing
    rows.push([
      `9 pacing: 429s, ${PACING_UPDATES} updates @ ${PACING_CONCURRENCY}, server ${PACING_PER_MINUTE}/min`,
      `${unpaced.throttled} unpaced`,
      `${paced.throttled} paced`,
      String(paced.throttled),
      `= ${BUDGETS.pacingThrottled}`,
      check(
        'pacing_429_paced',
        paced.throttled,
        paced.throttled === BUDGETS.pacingThrottled,
        `= ${BUDGETS.pacingThrottled}`,
        `${paced.throttled} responses 429`,
      ),
    ])
    rows.push([
      '9 pacing: paced wall time vs least the limit allows',
      `${(pacing.leastMs / 1000).toFixed(1)} s`,
      `${(paced.wallMs / 1000).toFixed(1)} s`,
      `${pacing.ratio.toFixed(3)}×`,
      `≤ ${BUDGETS.pacingWallRatio}×`,
      check(
        'pacing_wall_ratio',
        pacing.ratio,
        pacing.ratio <= BUDGETS.pacingWallRatio,
        `≤ ${BUDGETS.pacingWallRatio}×`,
        over(pacing.ratio, BUDGETS.pacingWallRatio),
      ),
    ])
    rows.push([
      '9 pacing: paced wall time vs the bound at this speed',
      `${(paced.boundMs / 1000).toFixed(1)} s`,
      `${(paced.wallMs / 1000).toFixed(1)} s`,
      `${pacing.boundRatio.toFixed(3)}×`,
      '',
      'info',
    ])
  }

  if (config) {
    const { requests } = config
    const reads = requests['hogFunctions.retrieve'] ?? 0
    const other = Object.entries(requests).filter(
      ([operation]) => !operation.endsWith('.list') && operation !== 'hogFunctions.retrieve',
    )
    const exact =
      other.length === 0 &&
      reads === 2 * CONFIG_PER_GROUP &&
      Object.values(requests).reduce((sum, count) => sum + count, 0) === 2 * config.fewest
    rows.push([
      `10 config: pull + plan requests, ${config.resources} resources of ten kinds`,
      `${2 * config.fewest} fewest`,
      `${Object.values(requests).reduce((sum, count) => sum + count, 0)} (${reads} hog function reads)`,
      String(other.length),
      '= fewest, no other reads',
      check('config_requests', other.length, exact, '= fewest', JSON.stringify(requests)),
    ])
    rows.push([
      `10 config: pull + plan vs fetch loop, answers ${CONFIG_LATENCY_MS} ms late`,
      ms(config.baselineMs),
      ms(config.pullPlanMs),
      `${config.ratio.toFixed(2)}×`,
      `≤ ${BUDGETS.configRatio}×`,
      check(
        'config_ratio',
        config.ratio,
        config.ratio <= BUDGETS.configRatio,
        `≤ ${BUDGETS.configRatio}×`,
        over(config.ratio, BUDGETS.configRatio),
      ),
    ])
    rows.push([
      '10 config: the same with no latency (client cost per request)',
      '',
      '',
      `${config.localRatio.toFixed(2)}×`,
      '',
      'info',
    ])
    const { writes, reads: staleReads, other: otherRequests } = config.applyRequests
    rows.push([
      `10 config: apply of ${CONFIG_UPDATES} updates, requests`,
      `${CONFIG_UPDATES} writes`,
      `${writes} writes + ${staleReads} reads (stale check)`,
      String(writes + staleReads + otherRequests),
      `= ${2 * CONFIG_UPDATES}`,
      check(
        'config_apply_requests',
        writes + staleReads + otherRequests,
        writes === CONFIG_UPDATES && staleReads === CONFIG_UPDATES && otherRequests === 0,
        `= ${2 * CONFIG_UPDATES}`,
        JSON.stringify(config.applyRequests),
      ),
    ])
    const saved = config.savedApplyRequests
    rows.push([
      `10 config: apply of a saved plan of ${CONFIG_UPDATES} updates, requests`,
      `${CONFIG_UPDATES} re-reads + ${CONFIG_UPDATES} writes`,
      `${saved.reads} re-reads (${saved.readsFirst ? 'all' : 'not all'} before the first write) + ` +
        `${saved.writes} writes`,
      String(saved.writes + saved.reads + saved.other),
      `= ${2 * CONFIG_UPDATES}`,
      check(
        'config_saved_apply_requests',
        saved.writes + saved.reads + saved.other,
        saved.writes === CONFIG_UPDATES && saved.reads === CONFIG_UPDATES && saved.other === 0 && saved.readsFirst,
        `= ${2 * CONFIG_UPDATES}, reads first`,
        JSON.stringify(saved),
      ),
    ])
    rows.push([
      `10 config: apply vs fetch loop, answers ${CONFIG_LATENCY_MS} ms late`,
      ms(config.applyBaselineMs),
      ms(config.applyMs),
      `${config.applyRatio.toFixed(2)}×`,
      `≤ ${BUDGETS.configRatio}×`,
      check(
        'config_apply_ratio',
        config.applyRatio,
        config.applyRatio <= BUDGETS.configRatio,
        `≤ ${BUDGETS.configRatio}×`,
        over(config.applyRatio, BUDGETS.configRatio),
      ),
    ])
    rows.push(['10 config: heap held by the config and the plan', '', `${config.heapMb.toFixed(1)} MB`, '', '', 'info'])
    const flood = config.unknownKeys
    rows.push([
      `10 config: readConfig refuses a 1 MiB file of ${flood.keys} unknown keys`,
      '232 s in 0.3',
      `${ms(flood.ms)} (${flood.problems} problems listed)`,
      '',
      `≤ ${BUDGETS.configUnknownKeysMs} ms, ≤ 100 problems`,
      check(
        'config_unknown_keys',
        flood.ms,
        flood.ms <= BUDGETS.configUnknownKeysMs && flood.problems <= 100,
        `≤ ${BUDGETS.configUnknownKeysMs} ms`,
        `${Math.round(flood.ms)} ms, ${flood.problems} problems`,
      ),
    ])
  }

  if (hogTests) {
    const ok = hogTests.warmMs <= BUDGETS.hogTestsWarmMs && hogTests.passed === HOG_TEST_CASES
    rows.push([
      `11 hog tests: ${hogTests.cases} cases run locally (readConfig + testHogFunctions), warm`,
      '',
      `${ms(hogTests.warmMs)} (${hogTests.passed} passed)`,
      '',
      `≤ ${BUDGETS.hogTestsWarmMs} ms`,
      check(
        'hog_tests_warm_ms',
        hogTests.warmMs,
        ok,
        `≤ ${BUDGETS.hogTestsWarmMs} ms`,
        `${Math.round(hogTests.warmMs)} ms, ${hogTests.passed} passed`,
      ),
    ])
    rows.push([`11 hog tests: the same, first run (parser and VM loaded)`, '', ms(hogTests.coldMs), '', '', 'info'])
  }

  const out: string[] = []
  out.push('')
  out.push(`posthog-project-client benchmark — ${host.nproc} CPUs, ${host.cpu}, node ${host.node}`)
  const built = coldStart?.built ? ' (built for this run)' : ''
  out.push(`SDK source: ${sdk.source}${coldStart ? `; cold start from ${DIST_ENTRY}${built}` : ''}`)
  out.push(
    'Times are medians over alternating blocks A, B, A, B… ([p25 – p75]); each ratio is the median of the ' +
      'SDK/baseline ratios of adjacent pairs.',
  )
  out.push('')
  out.push(renderTable(['measure', 'baseline', 'sdk', 'figure', 'budget', 'status'], rows))

  if (perCall || validation || pagination) {
    out.push('')
    if (perCall)
      out.push(
        `per call: ${perCall.blocks} pairs of blocks × ${perCall.callsPerBlock} sequential calls; ratio of ` +
          `medians ${perCall.ratioOfMedians.toFixed(2)}×; SDK overhead ${us(perCall.sdkUs - perCall.rawUs)} per ` +
          `call; ky alone vs fetch: ${perCall.ky.blocks} pairs of blocks; SDK vs ky alone: ` +
          `${perCall.overKy.blocks} pairs of blocks, ratio of medians ` +
          `${perCall.overKy.ratioOfMedians.toFixed(2)}×`,
      )
    if (validation)
      out.push(
        `validation: ${validation.run.a.length} pairs of blocks × ${validation.iterationsPerBlock} pages; ` +
          `ratio of medians ${validation.ratioOfMedians.toFixed(2)}×; ${validation.perItemUs.toFixed(1)} µs per ` +
          `experiment validated`,
      )
    if (pagination)
      out.push(
        `pagination: ${pagination.run.a.length} pairs of walks of ${TOTAL_ITEMS} items; ratio of medians ` +
          `${pagination.ratioOfMedians.toFixed(2)}×; heap runs (growth/peak MB): ` +
          `${pagination.heapRuns.map((run) => `${run.growthMb.toFixed(2)}/${run.peakMb.toFixed(1)}`).join(', ')}`,
      )
  }
  if (bundle) {
    out.push('')
    const total = Object.values(bundle.byPackage).reduce((sum, bytes) => sum + bytes, 0)
    const packages = Object.entries(bundle.byPackage).sort((a, b) => b[1] - a[1])
    out.push(
      renderTable(
        ['bundle by package', 'minified bytes', 'share', 'gzip bytes it adds'],
        packages.map(([name, bytes]) => [
          name,
          String(bytes),
          `${((bytes / total) * 100).toFixed(1)}%`,
          bundle!.gzipMarginal[name] === undefined ? '' : String(bundle!.gzipMarginal[name]),
        ]),
      ),
    )
    out.push(
      `largest inputs: ${bundle.topInputs
        .slice(0, 8)
        .map((input) => `${input.path} ${input.bytes}`)
        .join(', ')}`,
    )
  }
  if (walkLatency) {
    out.push('')
    out.push(
      `walk over latency: ${LATENCY_ITEMS} items at ${LATENCY_PAGE_SIZE} a page, ${LATENCY_MS} ms added to ` +
        `every answer; ${walkLatency.rounds} rounds of the three walks in rotating order; each ratio is the ` +
        `median of the per-round ratios`,
    )
  }
  if (coldStart) {
    out.push('')
    out.push(
      `cold start: ${coldStart.launches} launches each, alternating; import() of zod/mini alone ` +
        `${ms(coldStart.zod.importMs)}, of ky alone ${ms(coldStart.ky.importMs)}, of ky and zod/mini together ` +
        `${ms(coldStart.deps.importMs)}, of the package ${ms(coldStart.sdk.importMs)}`,
    )
  }

  if (cliStart) {
    out.push('')
    out.push(
      `cli start: ${cliStart.launches} launches each, alternating (${cliStart.command}); ratio of medians ` +
        `${(cliStart.cliMs / cliStart.nodeMs).toFixed(2)}×`,
    )
  }
  if (pacing) {
    const line = (name: string, run: PacingResult['paced']) =>
      `${name}: ${run.requests} requests for ${PACING_UPDATES} updates, ${run.throttled} × 429, ${run.failed} ` +
      `failed, ${(run.wallMs / 1000).toFixed(1)} s`
    out.push('')
    out.push(
      `pacing: ${line('paced (rateLimit: { requestsPerMinute: 300 })', pacing.paced)}; ` +
        `${line('unpaced (rateLimit: false)', pacing.unpaced)}`,
    )
    out.push(
      `pacing: the least the limit allows is a minute (the 301st update cannot start sooner); at this ` +
        `machine's speed, ${(pacing.paced.boundMs / 1000).toFixed(1)} s (when the 100th update started, plus a ` +
        `minute, plus a median update)`,
    )
  }

  const missed = checks.filter((entry) => !entry.ok)
  out.push('')
  if (missed.length === 0) out.push('All budgets met.')
  else
    for (const entry of missed)
      out.push(`MISSED BUDGET: ${entry.name}=${round(entry.value, 3)} (budget ${entry.budget}): ${entry.miss}`)
  out.push(`elapsed ${((performance.now() - started) / 1000).toFixed(0)} s`)

  const summary: Array<[string, string | number]> = []
  if (perCall) {
    summary.push(
      ['per_call_ratio', perCall.ratio.toFixed(2)],
      ['per_call_ky_alone_ratio', perCall.ky.ratio.toFixed(2)],
      ['per_call_over_ky_ratio', perCall.overKy.ratio.toFixed(2)],
    )
    summary.push(
      ['per_call_create_over_ky_ratio', perCall.writes.create.ratio.toFixed(2)],
      ['per_call_update_over_ky_ratio', perCall.writes.update.ratio.toFixed(2)],
    )
  }
  if (validation) summary.push(['validation_ratio', validation.ratio.toFixed(2)])
  if (config)
    summary.push(
      ['config_ratio', config.ratio.toFixed(2)],
      ['config_local_ratio', config.localRatio.toFixed(2)],
      ['config_apply_ratio', config.applyRatio.toFixed(2)],
      ['config_heap_mb', config.heapMb.toFixed(1)],
    )
  if (pagination) {
    summary.push(['pages_requests', pagination.sdkRequests])
    summary.push(['pagination_ratio', pagination.ratio.toFixed(2)])
    summary.push(['heap_growth_mb', pagination.heapGrowthMb.toFixed(2)])
    summary.push(['heap_peak_mb', pagination.heapPeakMb.toFixed(1)])
    summary.push(['responses_pages_requests', pagination.responses.requests])
    summary.push(['responses_heap_growth_mb', pagination.responses.heapGrowthMb.toFixed(2)])
  }
  if (bundle) {
    summary.push(['bundle_gzip_bytes', bundle.gzipBytes], ['bundle_up_front_gzip_bytes', bundle.upFrontGzipBytes])
    summary.push(['bundle_min_bytes', bundle.minifiedBytes])
    summary.push(
      ['bundle_source_gzip_bytes', bundle.source.gzipBytes],
      ['bundle_source_up_front_gzip_bytes', bundle.source.upFrontGzipBytes],
    )
  }
  if (coldStart)
    summary.push(
      ['cold_start_ratio', coldStart.depsRatio.toFixed(2)],
      ['cold_start_ky_ratio', coldStart.ratio.toFixed(2)],
    )
  if (cliStart) summary.push(['cli_start_ratio', cliStart.ratio.toFixed(2)])
  if (cliWalk)
    summary.push(['cli_walk_capped_items', cliWalk.cappedItems], ['cli_walk_peak_rss_mb', cliWalk.fullMb.toFixed(1)])
  if (walkLatency) {
    summary.push([
      'walk_latency_requests',
      `${walkLatency.requests.raw}/${walkLatency.requests.sequential}/${walkLatency.requests.concurrent}`,
    ])
    summary.push(['walk_latency_ratio_sequential', walkLatency.ratioToSequential.toFixed(2)])
    summary.push(['walk_latency_ratio_fetch', walkLatency.ratioToRaw.toFixed(2)])
  }
  if (pacing) {
    summary.push(['pacing_429_paced', pacing.paced.throttled])
    summary.push(['pacing_wall_ratio', pacing.ratio.toFixed(3)])
    summary.push(['pacing_bound_ratio', pacing.boundRatio.toFixed(3)])
    summary.push(['pacing_429_unpaced', pacing.unpaced.throttled])
    summary.push(['pacing_failed_unpaced', pacing.unpaced.failed])
  }
  summary.push(['budgets', missed.length === 0 ? 'pass' : 'fail'])
  if (missed.length > 0) summary.push(['missed', missed.map((entry) => entry.name).join(',')])
  out.push(`bench: ${summary.map(([key, value]) => `${key}=${value}`).join(' ')}`)
  process.stdout.write(`${out.join('\n')}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
