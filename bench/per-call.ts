/**
 * 1. Per call: `client.experiments.retrieve(1)` against `fetch(url, { headers }) + res.json()` of the
 * same URL and body, sequential calls over one keep-alive connection to the local server; and `create`
 * and `update` (whose bodies the SDK checks before sending) against the same POST and PATCH with ky alone.
 */
import ky from 'ky'
import type { ExperimentCreateParams, ExperimentUpdateParams } from '../src/index.js'
import { API_KEY, BENCH_RATE_LIMIT, PROJECT_ID, type BenchServer } from './lib/server.js'
import type { Sdk } from './lib/sdk.js'
import { alternate, median, pairedRatio, quartiles, ratioOfMedians, type Alternated } from './lib/stats.js'

export interface PerCallResult {
  rawUs: number
  sdkUs: number
  /** Median of the per-pair ratios (the budgeted figure). */
  ratio: number
  /** median(SDK) / median(baseline), for comparison. */
  ratioOfMedians: number
  rawIqr: [number, number]
  sdkIqr: [number, number]
  blocks: number
  callsPerBlock: number
  run: Alternated
  /** ky alone (`ky.get(url, { headers }).json()`) against the same raw call (context). */
  ky: { rawUs: number; kyUs: number; ratio: number; blocks: number }
  /**
   * The SDK against ky alone, in pairs of blocks of their own (the budgeted figure of the architecture
   * pass: what the SDK adds on top of the HTTP library it is required to use).
   */
  overKy: { kyUs: number; sdkUs: number; ratio: number; ratioOfMedians: number; blocks: number }
  /** `create(body)` and `update(1, body)` against ky alone sending the same JSON. */
  writes: {
    create: { kyUs: number; sdkUs: number; ratio: number }
    update: { kyUs: number; sdkUs: number; ratio: number }
  }
}

/** A realistic create body: a metric, variants, a description (what the pre-send check walks). */
const CREATE_BODY: ExperimentCreateParams = {
  name: 'Checkout button colour',
  feature_flag_key: 'checkout-button-colour',
  description: 'Does a green checkout button sell more?',
  parameters: {
    feature_flag_variants: [
      { key: 'control', split_percent: 50 },
      { key: 'green', split_percent: 50 },
    ],
  },
  metrics: [
    {
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      name: 'Revenue',
      source: { kind: 'EventsNode', event: 'purchase', math: 'sum', math_property: 'revenue' },
    },
  ],
}
const UPDATE_BODY: ExperimentUpdateParams = {
  description: 'Now with a secondary metric',
  conclusion: 'won',
  conclusion_comment: 'Green sells 4% more.',
}

export interface PerCallOptions {
  blocks?: number
  callsPerBlock?: number
  warmupCalls?: number
}

export async function benchPerCall(
  sdk: Sdk,
  server: BenchServer,
  options: PerCallOptions = {},
): Promise<PerCallResult> {
  const { blocks = 60, callsPerBlock = 60, warmupCalls = 2500 } = options
  const client = new sdk.ProjectClient({
    apiKey: API_KEY,
    projectId: PROJECT_ID,
    baseUrl: server.origin,
    rateLimit: BENCH_RATE_LIMIT,
  })
  const url = `${server.origin}/api/projects/${PROJECT_ID}/experiments/1/`
  const headers = { accept: 'application/json', authorization: `Bearer ${API_KEY}` }

  const raw = async () => {
    const response = await fetch(url, { headers })
    if (!response.ok) throw new Error(`raw fetch: ${response.status}`)
    return (await response.json()) as { id: number }
  }
  const viaSdk = () => client.experiments.retrieve(1)
  // The SDK sends every request through ky: this shows how much of the budget ky itself takes.
  const viaKy = () => ky.get(url, { headers }).json<{ id: number }>()

  // Same body both ways, and warm both paths up: JIT of client and server takes a few thousand calls.
  const [a, b] = [await raw(), await viaSdk()]
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('per-call: the SDK and raw fetch read different bodies')
  for (let index = 0; index < warmupCalls; index++) {
    await raw()
    await viaSdk()
    await viaKy()
  }

  const block = (call: () => PromiseLike<{ id: number }>) => async () => {
    const start = performance.now()
    for (let index = 0; index < callsPerBlock; index++) await call()
    return ((performance.now() - start) * 1000) / callsPerBlock
  }
  const run = await alternate(blocks, block(raw), block(viaSdk))
  const kyBlocks = Math.max(4, Math.round(blocks / 2))
  const kyRun = await alternate(kyBlocks, block(raw), block(viaKy))
  const overKyRun = await alternate(blocks, block(viaKy), block(viaSdk))
  const listUrl = `${server.origin}/api/projects/${PROJECT_ID}/experiments/`
  const writeRun = async (
    viaKyWrite: () => PromiseLike<{ id: number }>,
    viaSdkWrite: () => PromiseLike<{ id: number }>,
  ) => {
    for (let index = 0; index < warmupCalls / 5; index++) await Promise.all([viaKyWrite(), viaSdkWrite()])
    const pairs = await alternate(kyBlocks, block(viaKyWrite), block(viaSdkWrite))
    return { kyUs: median(pairs.a), sdkUs: median(pairs.b), ratio: pairedRatio(pairs) }
  }
  const create = await writeRun(
    () => ky.post(listUrl, { headers, json: CREATE_BODY }).json<{ id: number }>(),
    () => client.experiments.create(CREATE_BODY),
  )
  const update = await writeRun(
    () => ky.patch(url, { headers, json: UPDATE_BODY }).json<{ id: number }>(),
    () => client.experiments.update(1, UPDATE_BODY),
  )
  return {
    rawUs: median(run.a),
    sdkUs: median(run.b),
    ratio: pairedRatio(run),
    ratioOfMedians: ratioOfMedians(run),
    rawIqr: quartiles(run.a),
    sdkIqr: quartiles(run.b),
    blocks,
    callsPerBlock,
    run,
    ky: { rawUs: median(kyRun.a), kyUs: median(kyRun.b), ratio: pairedRatio(kyRun), blocks: kyBlocks },
    overKy: {
      kyUs: median(overKyRun.a),
      sdkUs: median(overKyRun.b),
      ratio: pairedRatio(overKyRun),
      ratioOfMedians: ratioOfMedians(overKyRun),
      blocks,
    },
    writes: { create, update },
  }
}
