import { inspect } from 'node:util'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import {
  Limiter,
  PauseTooLong,
  SERVICE_RATE_LIMITS,
  limitGroup,
  rateLimitOption,
  sharedLimiter,
  type RateLimits,
} from '../../src/core/rate-limit.js'

const MINUTE = 60_000
const HOUR = 3_600_000
/** The safety margin the limiter adds to every window (rate-limit.ts, MARGIN_MS). */
const MARGIN = 1_000

const limits = (overrides: RateLimits = {}) => ({ ...SERVICE_RATE_LIMITS, ...overrides })

/** A call's acquisition, observable without awaiting it. */
function track(result: Promise<string> | undefined) {
  const state: { done: boolean; reason?: string; error?: unknown } = { done: result === undefined }
  void result?.then(
    (reason) => Object.assign(state, { done: true, reason }),
    (error: unknown) => Object.assign(state, { done: true, error }),
  )
  return state
}

/** `call` is still held `ms - 1` ms from now and released at `ms`, naming `reason`. */
async function expectReleasedAfter(call: ReturnType<typeof track>, ms: number, reason: string): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms - 1)
  expect(call.done).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  expect(call).toEqual({ done: true, reason })
}

describe('rateLimitOption', () => {
  it(
    'defaults to the service limits on PostHog Cloud; true means ' + 'the same anywhere; false turns the limiter off',
    () => {
      expect(rateLimitOption('rateLimit', undefined, true)).toEqual({
        requestsPerMinute: 480,
        requestsPerHour: 4_800,
        endpointsRequestsPerMinute: 240,
        endpointsRequestsPerHour: 2_400,
        queryRequestsPerMinute: 240,
        queryRequestsPerHour: 1_200,
      })
      expect(rateLimitOption('rateLimit', true, true)).toEqual(SERVICE_RATE_LIMITS)
      expect(rateLimitOption('rateLimit', true, false)).toEqual(SERVICE_RATE_LIMITS)
      expect(rateLimitOption('rateLimit', false, true)).toBe(false)
      expect(rateLimitOption('rateLimit', false, false)).toBe(false)
    },
  )

  it('left out on another host: no limit (the limiter only shares the pause after a 429)', () => {
    const none = Number.POSITIVE_INFINITY
    expect(rateLimitOption('rateLimit', undefined, false)).toEqual({
      requestsPerMinute: none,
      requestsPerHour: none,
      endpointsRequestsPerMinute: none,
      endpointsRequestsPerHour: none,
      queryRequestsPerMinute: none,
      queryRequestsPerHour: none,
    })
  })

  it('an object changes only the numbers it gives, on any host', () => {
    expect(rateLimitOption('rateLimit', { requestsPerMinute: 300, endpointsRequestsPerHour: undefined }, true)).toEqual(
      limits({ requestsPerMinute: 300 }),
    )
    expect(rateLimitOption('rateLimit', { requestsPerMinute: 300 }, false)).toEqual(limits({ requestsPerMinute: 300 }))
  })

  it.each([
    [{ requestsPerMinute: 0 }, 'rateLimit.requestsPerMinute'],
    [{ requestsPerHour: 1.5 }, 'rateLimit.requestsPerHour'],
    [{ endpointsRequestsPerMinute: '240' }, 'rateLimit.endpointsRequestsPerMinute'],
    [{ endpointsRequestsPerHour: Number.POSITIVE_INFINITY }, 'rateLimit.endpointsRequestsPerHour'],
    [{ queryRequestsPerHour: -1 }, 'rateLimit.queryRequestsPerHour'],
    [{ requestPerMinute: 10 }, 'rateLimit.requestPerMinute'],
    ['fast', 'rateLimit'],
    [null, 'rateLimit'],
    [[480], 'rateLimit'],
  ])('%j is an InvalidArgumentError naming %s', (value, name) => {
    const error = (() => {
      try {
        rateLimitOption('rateLimit', value, true)
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe(name)
  })
})

describe('limitGroup', () => {
  it.each([
    ['https://us.posthog.com/api/projects/1/endpoints/', 1],
    ['https://us.posthog.com/api/environments/@current/endpoints/my-query/run/?version=2', 1],
    ['http://127.0.0.1:8000/api/projects/1/endpoints?limit=1', 1],
    ['https://us.posthog.com/api/projects/1/experiments/', 0],
    ['https://us.posthog.com/api/projects/1/experiments/endpoints/', 0],
    ['https://us.posthog.com/api/projects/1/surveys/?search=/api/projects/1/endpoints/', 0],
    ['https://us.posthog.com/api/projects/1/query/', 2],
    ['https://us.posthog.com/api/environments/1/query/0195abc/', 2],
    ['https://us.posthog.com/api/projects/1/surveys/?search=/api/projects/1/query/', 0],
    ['https://us.posthog.com/api/projects/1/queryable/', 0],
  ])('%s is group %i', (url, group) => {
    expect(limitGroup(url)).toBe(group)
  })
})

describe('Limiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'))
  })
  afterEach(() => vi.useRealTimers())

  it('lets the limit through at once, then holds the next call until the oldest leaves the minute window', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 3 })).groups
    for (let index = 0; index < 3; index++) expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
    const fourth = track(pacer.acquire(undefined, MINUTE))
    await expectReleasedAfter(fourth, MINUTE + MARGIN, 'requestsPerMinute (3)')
  })

  it('slides: each call waits for the request one limit before it to leave the window', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 3 })).groups
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined() // t = 0
    await vi.advanceTimersByTimeAsync(30_000)
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined() // t = 30 s
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined() // t = 30 s
    const fourth = track(pacer.acquire(undefined, MINUTE)) // the slot of t = 0
    const fifth = track(pacer.acquire(undefined, MINUTE)) // the slot of the first t = 30 s
    await vi.advanceTimersByTimeAsync(MINUTE + MARGIN - 30_000)
    expect([fourth.done, fifth.done]).toEqual([true, false])
    await vi.advanceTimersByTimeAsync(30_000 - 1)
    expect(fifth.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(fifth.done).toBe(true)
  })

  it('counts the hour window too, and names it', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 100, requestsPerHour: 2 })).groups
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
    const third = track(pacer.acquire(undefined, MINUTE))
    await expectReleasedAfter(third, HOUR + MARGIN, 'requestsPerHour (2)')
  })

  it('serves waiting calls in arrival order', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 1 })).groups
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
    const order: number[] = []
    const calls = [1, 2, 3].map((n) => pacer.acquire(undefined, MINUTE)?.then(() => order.push(n)))
    await vi.advanceTimersByTimeAsync(3 * (MINUTE + MARGIN))
    await Promise.all(calls)
    expect(order).toEqual([1, 2, 3])
  })

  it('keeps the endpoints group apart from the others', () => {
    const [main, endpoints] = new Limiter(limits({ requestsPerMinute: 1, endpointsRequestsPerMinute: 2 })).groups
    expect(main.acquire(undefined, MINUTE)).toBeUndefined()
    expect(endpoints.acquire(undefined, MINUTE)).toBeUndefined()
    expect(endpoints.acquire(undefined, MINUTE)).toBeUndefined()
    const held = [main.acquire(undefined, MINUTE), endpoints.acquire(undefined, MINUTE)]
    expect(held.every((result) => result instanceof Promise)).toBe(true)
    for (const result of held) void result?.catch(() => undefined)
  })

  it('keeps the query API apart from the others', () => {
    const [main, endpoints, query] = new Limiter(
      limits({ requestsPerMinute: 1, endpointsRequestsPerMinute: 1, queryRequestsPerMinute: 2 }),
    ).groups
    expect(main.acquire(undefined, MINUTE)).toBeUndefined()
    expect(endpoints.acquire(undefined, MINUTE)).toBeUndefined()
    expect(query.acquire(undefined, MINUTE)).toBeUndefined()
    expect(query.acquire(undefined, MINUTE)).toBeUndefined()
    const held = query.acquire(undefined, MINUTE)
    expect(held).toBeInstanceOf(Promise)
    void held?.catch(() => undefined)
  })

  it('an abort while waiting rejects with the signal reason and takes no slot', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 1 })).groups
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
    const controller = new AbortController()
    const aborted = track(pacer.acquire(controller.signal, MINUTE))
    const next = track(pacer.acquire(undefined, MINUTE))
    controller.abort(new Error('stop'))
    await vi.advanceTimersByTimeAsync(0)
    expect(aborted).toMatchObject({ done: true, error: new Error('stop') })
    // The aborted call's turn goes to the next one: it starts when the first slot frees, not a window later.
    await vi.advanceTimersByTimeAsync(MINUTE + MARGIN)
    expect(next.done).toBe(true)
  })

  it(
    'calls waiting with one signal share one abort listener (Node warns of a leak past 10), and an abort rejects ' +
      'them all',
    async () => {
      const [pacer] = new Limiter(limits({ requestsPerMinute: 1 })).groups
      expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
      const controller = new AbortController()
      const added = vi.spyOn(controller.signal, 'addEventListener')
      const removed = vi.spyOn(controller.signal, 'removeEventListener')
      const waiting = Array.from({ length: 20 }, () => track(pacer.acquire(controller.signal, MINUTE)))
      const other = track(pacer.acquire(undefined, MINUTE))
      expect(added).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(MINUTE + MARGIN)
      expect(waiting.map((call) => call.done)).toEqual([true, ...Array(19).fill(false)])
      controller.abort(new Error('stop'))
      await vi.advanceTimersByTimeAsync(0)
      expect(waiting.slice(1).every((call) => call.done && (call.error as Error).message === 'stop')).toBe(true)
      expect(other.done).toBe(false)
      await vi.advanceTimersByTimeAsync(MINUTE + MARGIN)
      expect(other.done).toBe(true)
      // A signal whose calls have all started keeps no listener.
      const quiet = new AbortController()
      const spy = vi.spyOn(quiet.signal, 'removeEventListener')
      const started = track(pacer.acquire(quiet.signal, MINUTE))
      await vi.advanceTimersByTimeAsync(MINUTE + MARGIN)
      expect(started.done).toBe(true)
      expect(spy).toHaveBeenCalledTimes(1)
      // The first signal's one listener was taken off once, when its last waiting call left.
      expect(removed).toHaveBeenCalledTimes(1)
    },
  )

  it('an already aborted signal rejects at once, without a slot', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 1 })).groups
    const controller = new AbortController()
    controller.abort(new Error('before'))
    await expect(pacer.acquire(controller.signal, MINUTE)).rejects.toThrow('before')
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
  })

  it('after a 429 nothing starts until the pause ends, whatever the windows allow', async () => {
    const [pacer] = new Limiter(limits()).groups
    pacer.pause(2_000)
    const call = track(pacer.acquire(undefined, MINUTE))
    await expectReleasedAfter(call, 2_000, 'the wait a 429 asked for')
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
  })

  it(
    'without limits (the default off PostHog Cloud) nothing waits and nothing is counted, but the pause after a ' +
      '429 holds',
    async () => {
      const unlimited = new Limiter(rateLimitOption('rateLimit', undefined, false) as Required<RateLimits>)
      const [pacer] = unlimited.groups
      for (let index = 0; index < 10_000; index++) expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
      expect(pacer.windows.map((window) => window.times.length)).toEqual([0, 0])
      pacer.pause(2_000)
      const call = track(pacer.acquire(undefined, MINUTE))
      await expectReleasedAfter(call, 2_000, 'the wait a 429 asked for')
      // A client of the same key and host that asks for numbers brings them to the shared limiter.
      unlimited.tighten(limits({ requestsPerMinute: 2 }))
      expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
      expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
      expect(pacer.acquire(undefined, MINUTE)).toBeInstanceOf(Promise)
    },
  )

  it('when the pause ends, no more than the limit start together', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 5 })).groups
    pacer.pause(2_000)
    const calls = Array.from({ length: 12 }, () => track(pacer.acquire(undefined, MINUTE)))
    await vi.advanceTimersByTimeAsync(2_000)
    expect(calls.filter((call) => call.done)).toHaveLength(5)
    await vi.advanceTimersByTimeAsync(MINUTE + MARGIN)
    expect(calls.filter((call) => call.done)).toHaveLength(10)
  })

  it('a later, shorter 429 does not cut a longer pause short', async () => {
    const [pacer] = new Limiter(limits()).groups
    pacer.pause(5_000)
    await vi.advanceTimersByTimeAsync(1_000)
    pacer.pause(1_000)
    const call = track(pacer.acquire(undefined, MINUTE))
    await expectReleasedAfter(call, 4_000, 'the wait a 429 asked for')
  })

  it('a pause longer than the call accepts rejects it at once with PauseTooLong', async () => {
    const [pacer] = new Limiter(limits()).groups
    pacer.pause(90_000)
    await expect(pacer.acquire(undefined, 60_000)).rejects.toEqual(new PauseTooLong(90_000))
    const patient = track(pacer.acquire(undefined, 120_000))
    await vi.advanceTimersByTimeAsync(90_000)
    expect(patient.done).toBe(true)
    expect(patient.error).toBeUndefined()
  })

  it('a pause that starts while calls wait rejects at once those that accept no such wait', async () => {
    const [pacer] = new Limiter(limits({ requestsPerMinute: 1 })).groups
    expect(pacer.acquire(undefined, MINUTE)).toBeUndefined()
    const impatient = track(pacer.acquire(undefined, 10_000))
    const patient = track(pacer.acquire(undefined, 200_000))
    pacer.pause(100_000)
    await vi.advanceTimersByTimeAsync(0)
    expect(impatient.error).toBeInstanceOf(PauseTooLong)
    expect((impatient.error as PauseTooLong).waitMs).toBe(100_000)
    expect(patient.done).toBe(false)
    await vi.advanceTimersByTimeAsync(100_000)
    expect(patient).toEqual({ done: true, reason: 'the wait a 429 asked for' })
  })

  it(
    'a pause beyond what setTimeout can wait still holds calls ' + '(the timer is clamped, not fired at once)',
    async () => {
      const [pacer] = new Limiter(limits()).groups
      pacer.pause(10 * 365 * 86_400_000)
      const call = track(pacer.acquire(undefined, Number.POSITIVE_INFINITY))
      await vi.advanceTimersByTimeAsync(1_000)
      expect(call.done).toBe(false)
    },
  )
})

describe('sharedLimiter', () => {
  const KEY = 'phx_shared_limiter_test_key_1234567890'

  it('one limiter per key and host, the same object for every client of them', () => {
    const first = sharedLimiter(KEY, 'https://shared.example', limits())
    expect(sharedLimiter(KEY, 'https://shared.example', limits())).toBe(first)
    expect(sharedLimiter(`${KEY}x`, 'https://shared.example', limits())).not.toBe(first)
    expect(sharedLimiter(KEY, 'https://other.example', limits())).not.toBe(first)
  })

  it('clients that disagree get the strictest numbers, in any order of construction', () => {
    const limiter = sharedLimiter(KEY, 'https://strict.example', limits({ requestsPerMinute: 300 }))
    sharedLimiter(KEY, 'https://strict.example', limits({ endpointsRequestsPerHour: 100 }))
    sharedLimiter(KEY, 'https://strict.example', limits({ requestsPerMinute: 1_000 }))
    const numbers = limiter.groups.flatMap((pacer) => pacer.windows.map((window) => [window.name, window.limit]))
    expect(Object.fromEntries(numbers)).toEqual(limits({ requestsPerMinute: 300, endpointsRequestsPerHour: 100 }))
  })

  it('the key shows nowhere in the limiter', () => {
    const limiter = sharedLimiter(KEY, 'https://inspect.example', limits())
    limiter.groups[0].acquire(undefined, MINUTE)
    expect(inspect(limiter, { depth: 10, showHidden: true })).not.toContain(KEY)
    expect(JSON.stringify(limiter)).not.toContain(KEY)
  })
})
