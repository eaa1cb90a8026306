import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AbortError, RateLimitError, TimeoutError } from 'posthog-project-client'
import { RETRY_AFTER_CAP_MS } from '../../../src/core/retry-policy.js'
import { useE2E } from '../../helpers/fake-server.js'
import { failure, sleep } from '../../helpers/async.js'

/** The SDK's backoff (transport.ts): 500 ms · 2^(n-1), jittered down, each wait capped at 8 s. */
const backoffCap = (retries: number) => Array.from({ length: retries }, (_, n) => Math.min(8_000, 500 * 2 ** n)).reduce((a, b) => a + b, 0)

/** The delays (ms) of every timer scheduled while `run` is pending. */
function timers() {
  const spy = vi.spyOn(globalThis, 'setTimeout')
  return { delays: () => spy.mock.calls.map((call) => Number(call[1] ?? 0)) }
}

describe('time is bounded', () => {
  const e2e = useE2E()
  beforeEach(() => {
    e2e.fake.reset()
    e2e.fake.seed.experiments(2)
  })
  afterEach(() => vi.restoreAllMocks())

  it.each([
    [300, 0],
    [250, 2],
    [200, 1],
  ])('a hanging server (timeout %i ms, maxRetries %i) ends in TimeoutError within timeout × (retries + 1) + capped backoff', async (timeout, maxRetries) => {
    e2e.fake.faults.hangNext(maxRetries + 1)
    const started = performance.now()
    const error = await failure(e2e.client({ timeout, maxRetries }).experiments.list())
    const elapsed = performance.now() - started
    expect(error).toBeInstanceOf(TimeoutError)
    expect(elapsed).toBeGreaterThanOrEqual(timeout * (maxRetries + 1) - 5)
    expect(elapsed).toBeLessThan(timeout * (maxRetries + 1) + backoffCap(maxRetries) + 400)
    // On a loaded machine the server may record the last attempt a moment after the client gave up on it.
    await sleep(100)
    expect(e2e.fake.requests).toHaveLength(maxRetries + 1)
    expect(e2e.fake.requests.every((request) => request.fault === 'hang')).toBe(true)
  })

  it('Retry-After in seconds is honoured (429 and 503)', async () => {
    for (const status of [429, 503]) {
      e2e.fake.reset()
      e2e.fake.seed.experiments(1)
      e2e.fake.faults.failNext(1, { status, retryAfter: 1 })
      const started = performance.now()
      const page = await e2e.client({ maxRetries: 2 }).experiments.list()
      const elapsed = performance.now() - started
      expect(page.results).toHaveLength(1)
      expect(elapsed).toBeGreaterThanOrEqual(950)
      expect(elapsed).toBeLessThan(2_500)
      expect(e2e.fake.requests.map((request) => request.status)).toEqual([status, 200])
    }
  })

  it('Retry-After as an HTTP date is honoured', async () => {
    // HTTP dates have whole-second precision: two seconds ahead is a wait of one to two seconds.
    e2e.fake.faults.failNext(1, { status: 429, retryAfter: new Date(Date.now() + 2_000).toUTCString() })
    const clock = timers()
    const started = performance.now()
    await e2e.client({ maxRetries: 1 }).experiments.list()
    const elapsed = performance.now() - started
    expect(clock.delays().some((ms) => ms >= 900 && ms <= 2_000)).toBe(true)
    expect(elapsed).toBeGreaterThanOrEqual(900)
    expect(elapsed).toBeLessThan(3_000)
    expect(e2e.fake.requests.map((request) => request.status)).toEqual([429, 200])
  })

  it.each([
    ['a day in seconds', 86_400],
    ['ten years in seconds', 315_360_000],
    ['an HTTP date a year ahead', new Date(Date.now() + 365 * 86_400_000).toUTCString()],
  ])('a huge Retry-After (%s) is capped at RETRY_AFTER_CAP_MS: the wait is scheduled at 60 s, not more', async (_name, retryAfter) => {
    expect(RETRY_AFTER_CAP_MS).toBe(60_000)
    e2e.fake.faults.failNext(1, { status: 429, retryAfter })
    const clock = timers()
    const controller = new AbortController()
    const call = e2e.client({ maxRetries: 3, timeout: 5_000 }).experiments.list(undefined, { signal: controller.signal })
    // Wait until the retry wait is on the clock, then abort it (rather than sit through 60 s).
    const deadline = performance.now() + 3_000
    while (!clock.delays().some((ms) => ms > 5_000) && performance.now() < deadline) await sleep(5)
    const longest = Math.max(...clock.delays())
    controller.abort()
    expect(longest).toBe(RETRY_AFTER_CAP_MS)
    expect(await failure(call)).toBeInstanceOf(AbortError)
    await sleep(50)
    expect(e2e.fake.requests).toHaveLength(1)
  })

  it('a 429 with no retries left is a RateLimitError carrying the wait asked for', async () => {
    e2e.fake.faults.failNext(1, { status: 429, retryAfter: 86_400 })
    const started = performance.now()
    const error = await failure(e2e.client({ maxRetries: 0 }).experiments.list())
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(86_400)
    expect(performance.now() - started).toBeLessThan(1_000)
  })
})
