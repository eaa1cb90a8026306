/**
 * 6. Walk over latency: 10,000 items at 100 a page from a server that adds 20 ms to every answer, as a
 * real network would. A `concurrency: 4` walk against the sequential walk and a hand-written fetch loop
 * following `next`, in rotating order; requests are counted at the server (exactly 100 each).
 */
import { API_KEY, BENCH_RATE_LIMIT, PROJECT_ID, type BenchServer } from './lib/server.js'
import type { Sdk } from './lib/sdk.js'
import { median, quartiles } from './lib/stats.js'

export const LATENCY_ITEMS = 10_000
export const LATENCY_PAGE_SIZE = 100
export const LATENCY_MS = 20
export const WALK_CONCURRENCY = 4

export interface WalkLatencyResult {
  /** Requests each walk made, counted by the server. */
  requests: { concurrent: number; sequential: number; raw: number }
  concurrentMs: number
  sequentialMs: number
  rawMs: number
  concurrentIqr: [number, number]
  sequentialIqr: [number, number]
  rawIqr: [number, number]
  /** Median of the per-round ratios concurrent / sequential (the budgeted figure). */
  ratioToSequential: number
  /** Median of the per-round ratios concurrent / fetch loop (the budgeted figure). */
  ratioToRaw: number
  rounds: number
}

const CHECKSUM = (LATENCY_ITEMS * (LATENCY_ITEMS + 1)) / 2

export async function benchWalkLatency(
  sdk: Sdk,
  server: BenchServer,
  { rounds = 5 }: { rounds?: number } = {},
): Promise<WalkLatencyResult> {
  const client = new sdk.ProjectClient({
    apiKey: API_KEY,
    projectId: PROJECT_ID,
    baseUrl: server.origin,
    rateLimit: BENCH_RATE_LIMIT,
  })
  const headers = { accept: 'application/json', authorization: `Bearer ${API_KEY}` }

  const walkSdk = (concurrency: number) => async () => {
    let checksum = 0
    for await (const item of client.experiments.list({ limit: LATENCY_PAGE_SIZE }, { concurrency })) checksum += item.id
    if (checksum !== CHECKSUM)
      throw new Error(`walk over latency: the SDK walk (concurrency ${concurrency}) saw the wrong items`)
  }
  const walkRaw = async () => {
    let checksum = 0
    let url: string | null = `${server.origin}/api/projects/${PROJECT_ID}/experiments/?limit=${LATENCY_PAGE_SIZE}`
    while (url) {
      const response: Response = await fetch(url, { headers })
      if (!response.ok) throw new Error(`walk over latency: fetch loop got ${response.status}`)
      const body = (await response.json()) as { next: string | null; results: Array<{ id: number }> }
      for (const item of body.results) checksum += item.id
      url = body.next
    }
    if (checksum !== CHECKSUM) throw new Error('walk over latency: the fetch loop saw the wrong items')
  }
  const walks = { concurrent: walkSdk(WALK_CONCURRENCY), sequential: walkSdk(1), raw: walkRaw }
  type Walk = keyof typeof walks
  const names = Object.keys(walks) as Walk[]

  await server.setLatency(LATENCY_MS)
  try {
    // Correctness first: the request count of each walk, alone.
    const requests = { concurrent: 0, sequential: 0, raw: 0 }
    for (const name of names) {
      await server.reset()
      await walks[name]()
      requests[name] = (await server.counts()).list
    }
    // Then the timings, each round in another order so that no walk always goes first.
    const times: Record<Walk, number[]> = { concurrent: [], sequential: [], raw: [] }
    for (let round = 0; round < rounds; round++) {
      for (let step = 0; step < names.length; step++) {
        const name = names[(round + step) % names.length]!
        const start = performance.now()
        await walks[name]()
        times[name].push(performance.now() - start)
      }
    }
    const ratios = (baseline: Walk) => median(times.concurrent.map((value, index) => value / times[baseline][index]!))
    return {
      requests,
      concurrentMs: median(times.concurrent),
      sequentialMs: median(times.sequential),
      rawMs: median(times.raw),
      concurrentIqr: quartiles(times.concurrent),
      sequentialIqr: quartiles(times.sequential),
      rawIqr: quartiles(times.raw),
      ratioToSequential: ratios('sequential'),
      ratioToRaw: ratios('raw'),
      rounds,
    }
  } finally {
    await server.setLatency(0)
  }
}
