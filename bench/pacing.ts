/**
 * 6. Pacing (only with BENCH_ONLY=pacing: it takes over two minutes). 400 experiment updates, 8 at a time
 * (a small worker pool), against the fake enforcing the service's throttles at 300 requests a minute
 * (`createFakeApi({ rateLimits })`, over a real socket). Paced (`rateLimit: { requestsPerMinute: 300 }`):
 * the 429s the server answers (goal 0) and the wall time against the least the limit allows (the 301st
 * request cannot start before a minute has passed: goal ≤ 1.05×). Unpaced (`rateLimit: false`, the
 * client's retries as they are): the 429s that causes, the reason pacing exists.
 */
import { createFakeApi } from '../src/testing/index.js'
import type { Sdk } from './lib/sdk.js'

export const PACING_UPDATES = 400
export const PACING_CONCURRENCY = 8
export const PACING_PER_MINUTE = 300

export interface PacingRun {
  /** Responses 429 the server answered. */
  throttled: number
  /** Requests the server received (attempts, retries included). */
  requests: number
  /** Updates that failed in the end. */
  failed: number
  wallMs: number
  /**
   * When the update one limit after the last could start at the earliest, given how fast the first updates
   * went: the start of update `n - limit` (0-based) plus the window, plus the median time of an update that
   * did not wait. The limit's bound at this machine's speed (the bare bound is a minute).
   */
  boundMs: number
}

export interface PacingResult {
  paced: PacingRun
  unpaced: PacingRun
  /** The least wall time the limit allows for the updates, ms. */
  leastMs: number
  /** paced.wallMs / leastMs. */
  ratio: number
  /** paced.wallMs / paced.boundMs. */
  boundRatio: number
}

/** Runs `work` over `items` with at most `concurrency` at once; counts the failures, times each item. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>) {
  let next = 0
  let failed = 0
  const started = performance.now()
  const starts: number[] = []
  const durations: number[] = []
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      starts[index] = performance.now() - started
      await work(items[index] as T).catch(() => failed++)
      durations[index] = performance.now() - started - (starts[index] as number)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { failed, starts, durations }
}

async function run(sdk: Sdk, rateLimit: false | { requestsPerMinute: number }): Promise<PacingRun> {
  const fake = createFakeApi({ rateLimits: { requestsPerMinute: PACING_PER_MINUTE } })
  const ids = fake.seed.experiments(PACING_UPDATES).map((experiment) => experiment.id)
  const server = await fake.listen()
  try {
    // A new server has a new port, so the paced client gets a limiter of its own.
    const client = new sdk.ProjectClient({ ...fake.clientOptions(server.url), rateLimit })
    const started = performance.now()
    const { failed, starts, durations } = await pool(ids, PACING_CONCURRENCY, (id) =>
      client.experiments.update(id, { description: 'updated by the pacing bench' }),
    )
    const wallMs = performance.now() - started
    const throttled = fake.requests.filter((request) => request.status === 429).length
    const unheld = durations.slice(0, PACING_PER_MINUTE).sort((a, b) => a - b)
    const boundMs = (starts[PACING_UPDATES - 1 - PACING_PER_MINUTE] ?? 0) + 60_000 + (unheld[unheld.length >> 1] ?? 0)
    return { throttled, requests: fake.requests.length, failed, wallMs, boundMs }
  } finally {
    await server.close()
  }
}

export async function benchPacing(sdk: Sdk, log: (line: string) => void = () => undefined): Promise<PacingResult> {
  log(
    `bench: pacing: ${PACING_UPDATES} updates at concurrency ${PACING_CONCURRENCY}, server limit ` +
      `${PACING_PER_MINUTE}/min, paced…`,
  )
  const paced = await run(sdk, { requestsPerMinute: PACING_PER_MINUTE })
  log(`bench: pacing: paced in ${(paced.wallMs / 1000).toFixed(1)} s, ${paced.throttled} × 429; now without pacing…`)
  const unpaced = await run(sdk, false)
  // The n-th request (from 0) cannot start before floor(n / limit) minutes after the first.
  const leastMs = Math.floor((PACING_UPDATES - 1) / PACING_PER_MINUTE) * 60_000
  return { paced, unpaced, leastMs, ratio: paced.wallMs / leastMs, boundRatio: paced.wallMs / paced.boundMs }
}
