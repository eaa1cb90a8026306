/**
 * 1. Per call: `client.experiments.retrieve(1)` against `fetch(url, { headers }) + res.json()` of the
 * same URL and body, sequential calls over one keep-alive connection to the local server.
 */
import { API_KEY, PROJECT_ID, type BenchServer } from './lib/server.js'
import type { Sdk } from './lib/sdk.js'
import { alternate, median, quartiles, ratioOfMedians, type Alternated } from './lib/stats.js'

export interface PerCallResult {
  rawUs: number
  sdkUs: number
  ratio: number
  rawIqr: [number, number]
  sdkIqr: [number, number]
  pairRatioMedian: number
  blocks: number
  callsPerBlock: number
  run: Alternated
}

export interface PerCallOptions {
  blocks?: number
  callsPerBlock?: number
  warmupCalls?: number
}

export async function benchPerCall(sdk: Sdk, server: BenchServer, options: PerCallOptions = {}): Promise<PerCallResult> {
  const { blocks = 30, callsPerBlock = 100, warmupCalls = 500 } = options
  const client = new sdk.ProjectClient({ apiKey: API_KEY, projectId: PROJECT_ID, baseUrl: server.origin })
  const url = `${server.origin}/api/projects/${PROJECT_ID}/experiments/1/`
  const headers = { accept: 'application/json', authorization: `Bearer ${API_KEY}` }

  const raw = async () => {
    const response = await fetch(url, { headers })
    if (!response.ok) throw new Error(`raw fetch: ${response.status}`)
    return (await response.json()) as { id: number }
  }
  const viaSdk = () => client.experiments.retrieve(1)

  // Same body both ways, and warm both paths up (JIT, connection pool).
  const [a, b] = [await raw(), await viaSdk()]
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('per-call: the SDK and raw fetch read different bodies')
  for (let index = 0; index < warmupCalls; index++) {
    await raw()
    await viaSdk()
  }

  const block = (call: () => PromiseLike<{ id: number }>) => async () => {
    const start = performance.now()
    for (let index = 0; index < callsPerBlock; index++) await call()
    return ((performance.now() - start) * 1000) / callsPerBlock
  }
  const run = await alternate(blocks, block(raw), block(viaSdk))
  return {
    rawUs: median(run.a),
    sdkUs: median(run.b),
    ratio: ratioOfMedians(run),
    rawIqr: quartiles(run.a),
    sdkIqr: quartiles(run.b),
    pairRatioMedian: median(run.pairRatios),
    blocks,
    callsPerBlock,
    run,
  }
}
