import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InternalServerError, RateLimitError, TimeoutError } from 'posthog-project-client'
import { useE2E } from '../../helpers/fake-server.js'
import { failure, sleep } from '../../helpers/async.js'

/** The SDK's backoff (transport.ts): 500 ms · 2^(n-1), jittered down, each wait capped at 8 s. */
const backoffCap = (retries: number) =>
  Array.from({ length: retries }, (_, n) => Math.min(8_000, 500 * 2 ** n)).reduce((a, b) => a + b, 0)

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
  ])(
    'a hanging server (timeout %i ms, maxRetries %i) ends in TimeoutError within timeout × (retries + 1) + ' +
      'capped backoff',
    async (timeout, maxRetries) => {
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
    },
  )

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
    ['61 seconds', 61, 61],
    ['a day in seconds', 86_400, 86_400],
    ['ten years in seconds', 315_360_000, 315_360_000],
    // Written when the tests are collected, read when this one runs: a few seconds less by then.
    ['an HTTP date a year ahead', new Date(Date.now() + 365 * 86_400_000).toUTCString(), 365 * 86_400],
  ])(
    'a Retry-After beyond maxRetryDelay (%s) rejects at once with RateLimitError: no wait, no retry',
    async (_name, retryAfter, seconds) => {
      e2e.fake.faults.failNext(1, { status: 429, retryAfter })
      const clock = timers()
      const started = performance.now()
      const error = await failure(e2e.client({ maxRetries: 3, timeout: 5_000 }).experiments.list())
      expect(performance.now() - started).toBeLessThan(1_000)
      expect(error).toBeInstanceOf(RateLimitError)
      expect(Math.abs(((error as RateLimitError).retryAfter ?? 0) - seconds)).toBeLessThanOrEqual(
        typeof retryAfter === 'string' ? 120 : 0,
      )
      expect(clock.delays().every((ms) => ms <= 5_000)).toBe(true)
      await sleep(50)
      expect(e2e.fake.requests).toHaveLength(1)
    },
  )

  it('the service 429 (wait only in its detail) beyond maxRetryDelay rejects at once too', async () => {
    e2e.fake.faults.failNext(1, {
      status: 429,
      body: {
        type: 'throttled_error',
        code: 'throttled',
        detail: 'Request was throttled. Expected available in 90 seconds.',
        attr: null,
      },
    })
    const started = performance.now()
    const error = await failure(e2e.client({ maxRetries: 3 }).experiments.list())
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(90)
    expect(e2e.fake.requests).toHaveLength(1)
  })

  it('maxRetryDelay per client and per request: a wait within it is honoured, one beyond it is not', async () => {
    e2e.fake.faults.failNext(1, { status: 429, retryAfter: 1 })
    const short = await failure(e2e.client({ maxRetries: 2, maxRetryDelay: 500 }).experiments.list())
    expect(short).toBeInstanceOf(RateLimitError)
    expect((short as RateLimitError).retryAfter).toBe(1)
    e2e.fake.faults.failNext(1, { status: 429, retryAfter: 1 })
    const started = performance.now()
    const page = await e2e
      .client({ maxRetries: 2, maxRetryDelay: 500 })
      .experiments.list(undefined, { maxRetryDelay: 1_000 })
    expect(page.results).toHaveLength(2)
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    e2e.fake.faults.failNext(1, { status: 429, retryAfter: 2 })
    expect(
      await failure(e2e.client({ maxRetries: 2 }).experiments.list(undefined, { maxRetryDelay: 1_999 })),
    ).toBeInstanceOf(RateLimitError)
    expect(e2e.fake.requests.map((request) => request.status)).toEqual([429, 429, 200, 429])
  })

  it('a 503 asking for a wait beyond maxRetryDelay is not retried either', async () => {
    e2e.fake.faults.failNext(1, { status: 503, retryAfter: 120 })
    const started = performance.now()
    const error = await failure(e2e.client({ maxRetries: 3 }).experiments.list())
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(error).toBeInstanceOf(InternalServerError)
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
