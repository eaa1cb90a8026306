/**
 * 3. Pagination: 10,000 items at 100 a page through `for await (const e of client.experiments.list({ limit: 100 }))`
 * against a hand-written fetch loop following `next`. Requests are counted at the server; the heap is
 * measured around a walk that keeps no items (GC before and after, peak sampled once a page). Then 10,000
 * survey responses through `surveys.responses`, paged by `has_more` (no `next` links): its requests and heap.
 */
import { getHeapStatistics } from 'node:v8'
import { API_KEY, BENCH_RATE_LIMIT, PROJECT_ID, type BenchServer } from './lib/server.js'
import type { Sdk } from './lib/sdk.js'
import { alternate, gc, median, pairedRatio, quartiles, ratioOfMedians, type Alternated } from './lib/stats.js'

export const TOTAL_ITEMS = 10_000
export const PAGE_SIZE = 100

export interface PaginationResult {
  sdkRequests: number
  rawRequests: number
  items: number
  rawMs: number
  sdkMs: number
  /** Median of the per-pair ratios (the budgeted figure). */
  ratio: number
  /** median(SDK) / median(baseline), for comparison. */
  ratioOfMedians: number
  rawIqr: [number, number]
  sdkIqr: [number, number]
  /** heapUsed after the walk and a full GC, minus before (median of the heap walks), MB. */
  heapGrowthMb: number
  /** Highest heapUsed sampled during a walk, minus the start, MB (max over the heap walks). */
  heapPeakMb: number
  heapRuns: Array<{ growthMb: number; peakMb: number }>
  run: Alternated
  /** The survey responses walk (`has_more` paging). */
  responses: { requests: number; items: number; heapGrowthMb: number; heapPeakMb: number }
}

export interface PaginationOptions {
  blocks?: number
  heapRuns?: number
}

const MB = 1024 * 1024
const heapUsed = () => getHeapStatistics().used_heap_size

export async function benchPagination(
  sdk: Sdk,
  server: BenchServer,
  options: PaginationOptions = {},
): Promise<PaginationResult> {
  const { blocks = 9, heapRuns = 3 } = options
  const client = new sdk.ProjectClient({
    apiKey: API_KEY,
    projectId: PROJECT_ID,
    baseUrl: server.origin,
    rateLimit: BENCH_RATE_LIMIT,
  })
  const headers = { accept: 'application/json', authorization: `Bearer ${API_KEY}` }
  const firstUrl = `${server.origin}/api/projects/${PROJECT_ID}/experiments/?limit=${PAGE_SIZE}`

  /** Walks every item; `onPage` runs after each page's items are consumed. Returns the item count. */
  const walkSdk = async (onPage?: () => void) => {
    let items = 0
    let checksum = 0
    for await (const item of client.experiments.list({ limit: PAGE_SIZE })) {
      items++
      checksum += item.id
      if (onPage && items % PAGE_SIZE === 0) onPage()
    }
    if (checksum !== (TOTAL_ITEMS * (TOTAL_ITEMS + 1)) / 2) throw new Error('pagination: SDK walk saw the wrong items')
    return items
  }
  const walkRaw = async () => {
    let items = 0
    let checksum = 0
    let url: string | null = firstUrl
    while (url) {
      const response: Response = await fetch(url, { headers })
      if (!response.ok) throw new Error(`raw walk: ${response.status}`)
      const body = (await response.json()) as { next: string | null; results: Array<{ id: number }> }
      for (const item of body.results) {
        items++
        checksum += item.id
      }
      url = body.next
    }
    if (checksum !== (TOTAL_ITEMS * (TOTAL_ITEMS + 1)) / 2) throw new Error('pagination: raw walk saw the wrong items')
    return items
  }

  // Correctness first: exactly TOTAL/PAGE requests each way, counted by the server.
  await server.reset()
  const items = await walkSdk()
  const sdkRequests = (await server.counts()).list
  await server.reset()
  await walkRaw()
  const rawRequests = (await server.counts()).list
  if (items !== TOTAL_ITEMS) throw new Error(`pagination: the SDK walk yielded ${items} items, expected ${TOTAL_ITEMS}`)

  const timed = (walk: () => Promise<number>) => async () => {
    const start = performance.now()
    await walk()
    return performance.now() - start
  }
  const run = await alternate(blocks, timed(walkRaw), timed(walkSdk))

  const collect = gc()
  const heap = await heapOfWalks(walkSdk, collect, heapRuns)

  const responses = await walkResponses(client, server, collect, heapRuns)

  return {
    responses,
    sdkRequests,
    rawRequests,
    items,
    rawMs: median(run.a),
    sdkMs: median(run.b),
    ratio: pairedRatio(run),
    ratioOfMedians: ratioOfMedians(run),
    rawIqr: quartiles(run.a),
    sdkIqr: quartiles(run.b),
    heapGrowthMb: median(heap.map((entry) => entry.growthMb)),
    heapPeakMb: Math.max(...heap.map((entry) => entry.peakMb)),
    heapRuns: heap,
    run,
  }
}

/**
 * 10,000 survey responses through `surveys.responses` (paged by `has_more`), keeping none: requests, then heap as
 * above.
 */
async function walkResponses(
  client: InstanceType<Sdk['ProjectClient']>,
  server: BenchServer,
  collect: () => void,
  heapRuns: number,
): Promise<PaginationResult['responses']> {
  const walk = async (onPage?: () => void) => {
    let items = 0
    let answers = 0
    for await (const row of client.surveys.responses('survey-1', { limit: PAGE_SIZE })) {
      items++
      answers += row.answers.length
      if (onPage && items % PAGE_SIZE === 0) onPage()
    }
    if (answers !== items * 3) throw new Error('pagination: the responses walk saw the wrong rows')
    return items
  }
  await server.reset()
  const items = await walk()
  const requests = (await server.counts()).responses
  if (items !== TOTAL_ITEMS)
    throw new Error(`pagination: the responses walk yielded ${items} rows, expected ${TOTAL_ITEMS}`)
  const heap = await heapOfWalks(walk, collect, heapRuns)
  return {
    requests,
    items,
    heapGrowthMb: median(heap.map((entry) => entry.growthMb)),
    heapPeakMb: Math.max(...heap.map((entry) => entry.peakMb)),
  }
}

/**
 * The heap of `runs` walks that keep nothing: after two full GCs before and after each, what is left is what
 * the walk leaked (growth); the highest reading sampled once a page during it is its peak.
 */
async function heapOfWalks(
  walk: (onPage: () => void) => Promise<unknown>,
  collect: () => void,
  runs: number,
): Promise<Array<{ growthMb: number; peakMb: number }>> {
  const heap: Array<{ growthMb: number; peakMb: number }> = []
  for (let index = 0; index < runs; index++) {
    collect()
    collect()
    const before = heapUsed()
    let peak = before
    await walk(() => {
      const now = heapUsed()
      if (now > peak) peak = now
    })
    collect()
    collect()
    heap.push({ growthMb: (heapUsed() - before) / MB, peakMb: (peak - before) / MB })
  }
  return heap
}
