import { show } from './args.js'
import { InvalidArgumentError } from './errors.js'

/**
 * Client-side pacing: the service's throttles (docs/service-behaviour.md §1.7) counted the way it counts
 * them, so that a busy script waits for its turn instead of collecting 429s. One limiter per API key and
 * host, shared by every client of the process; each holds three groups of sliding windows (the default
 * throttles, the endpoints group's and the query API's), a queue of waiting calls and the pause a 429 asks for.
 */

/** The request budgets the client paces itself to (the `rateLimit` option). Every number is optional. */
export interface RateLimits {
  /** Requests a minute, per API key and host, outside the endpoints group. Default 480, like the service. */
  requestsPerMinute?: number | undefined
  /** Requests an hour, outside the endpoints group. Default 4,800. */
  requestsPerHour?: number | undefined
  /** Requests a minute to the endpoints group (`client.endpoints`). Default 240. */
  endpointsRequestsPerMinute?: number | undefined
  /** Requests an hour to the endpoints group. Default 2,400. */
  endpointsRequestsPerHour?: number | undefined
  /**
   * Requests a minute to the query API (`client.query`, experiment results, the survey responses fallback). Default
   * 240.
   */
  queryRequestsPerMinute?: number | undefined
  /** Requests an hour to the query API. Default 1,200. */
  queryRequestsPerHour?: number | undefined
}

/**
 * Each limit: its name, the service's number (docs/service-behaviour.md §1.7, §10.4) and its window in ms, two per
 * group.
 */
const LIMITS = [
  ['requestsPerMinute', 480, 60_000],
  ['requestsPerHour', 4_800, 3_600_000],
  ['endpointsRequestsPerMinute', 240, 60_000],
  ['endpointsRequestsPerHour', 2_400, 3_600_000],
  ['queryRequestsPerMinute', 240, 60_000],
  ['queryRequestsPerHour', 1_200, 3_600_000],
] as const

/** The service's published limits. */
export const SERVICE_RATE_LIMITS: Readonly<Required<RateLimits>> = /* @__PURE__ */ Object.fromEntries(
  LIMITS.map(([name, number]) => [name, number]),
) as Required<RateLimits>

/**
 * Added to every window: the service stamps a request when it arrives, the client when it leaves, and
 * two requests a window apart may not take equally long to get there.
 */
const MARGIN_MS = 1_000
/** `setTimeout` fires at once for longer delays. */
const MAX_TIMER_MS = 2_147_483_647

/**
 * The limit group of a request URL: 1 for the endpoints group, 2 for the query API (each its own throttles on the
 * service), else 0.
 */
export function limitGroup(url: string): LimitGroup {
  const group = /^[^?#]*\/api\/(?:projects|environments)\/[^/?#]+\/(endpoints|query)(?:\/|$|[?#])/.exec(url)?.[1]
  return group ? (group === 'query' ? 2 : 1) : 0
}

/** A limit group: 0 the default throttles, 1 the endpoints group's, 2 the query API's. */
export type LimitGroup = 0 | 1 | 2

/** No limit at all: a limiter made with these only shares the pause after a 429 among its clients. */
const UNLIMITED: Readonly<Required<RateLimits>> = /* @__PURE__ */ Object.fromEntries(
  LIMITS.map(([name]) => [name, Number.POSITIVE_INFINITY]),
) as Required<RateLimits>

/**
 * The `rateLimit` option checked: `false` for no limiter, else every number filled in. Left out, it is the
 * service's published numbers on PostHog Cloud (`onCloud`), where they apply (docs/service-behaviour.md
 * §1.7); on any other host, no limit: the limiter then only holds calls during the pause after a 429.
 */
export function rateLimitOption(name: string, value: unknown, onCloud: boolean): Required<RateLimits> | false {
  if (value === false) return false
  if (value === undefined && !onCloud) return { ...UNLIMITED }
  const limits = { ...SERVICE_RATE_LIMITS }
  if (value === undefined || value === true) return limits
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(name, `expected an object or false, got ${show(value)}`)
  }
  for (const [key, number] of Object.entries(value)) {
    const bad = !(key in limits)
      ? 'is not a limit'
      : number !== undefined &&
        !(Number.isSafeInteger(number) && number > 0) &&
        `expected a whole number from 1, got ${show(number)}`
    if (bad) throw new InvalidArgumentError(`${name}.${key}`, bad)
    if (number === undefined) continue
    limits[key as keyof RateLimits] = number
  }
  return limits
}

/**
 * What `acquire` rejects with when the pause after a 429 is longer than the call accepts. Not an `Error`:
 * the transport always turns it into a `RateLimitError`.
 */
export class PauseTooLong {
  constructor(
    /** How long the pause still lasts, in ms. */
    readonly waitMs: number,
  ) {}
}

/** A sliding window: the start times of the requests it still counts, oldest first. */
export interface SlidingWindow {
  readonly name: keyof RateLimits
  limit: number
  readonly span: number
  readonly times: number[]
}

/** When the next request may start under `window`. */
function freeAt(window: SlidingWindow, now: number): number {
  const { times, span, limit } = window
  while (times.length > 0 && (times[0] as number) + span + MARGIN_MS <= now) times.shift()
  return times.length < limit ? now : (times[times.length - limit] as number) + span + MARGIN_MS
}

/** One limit group: its windows, the calls waiting in arrival order, and the pause after a 429. */
export interface Pacer {
  readonly windows: SlidingWindow[]
  /**
   * Takes a slot now (returns `undefined`), or returns a promise that resolves, with what it waited for,
   * when it is this call's turn. Rejects with `PauseTooLong` when the pause after a 429 outlasts
   * `maxPause`, and with the signal's reason on abort (the slot is then never taken).
   */
  acquire(signal: AbortSignal | undefined, maxPause: number): Promise<string> | undefined
  /** After a 429: nothing of this group starts for `ms`; waiting calls that accept no such wait fail now. */
  pause(ms: number): void
}

interface Waiter {
  /** Starts the call: resolves its promise with what it waited for. */
  done(reason: string): void
  /** Rejects the call's promise. */
  fail(error: unknown): void
  /** The longest pause this call accepts, in ms. */
  maxPause: number
  reason: string
  signal: AbortSignal | undefined
}

// A closure rather than a class: its state minifies (private `#` names are kept whole in the bundle).
function pacer(windows: SlidingWindow[]): Pacer {
  const queue: Waiter[] = []
  let pausedUntil = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  /** What the first waiting call waits for, for the log line. */
  let reason = ''

  /** When the next request may start, noting what holds it back. */
  const nextAt = (now: number) => {
    let at = pausedUntil
    reason = 'the wait a 429 asked for'
    for (const window of windows) {
      const free = freeAt(window, now)
      if (free > at) {
        at = free
        reason = `${window.name} (${window.limit})`
      }
    }
    return at
  }
  const take = (now: number) => {
    // A window without a limit has nothing to count.
    for (const window of windows) if (window.limit !== Number.POSITIVE_INFINITY) window.times.push(now)
  }
  /**
   * One abort listener per signal, whatever the number of calls waiting with it (a `bulk` passes one signal
   * to all its calls): one each would pass Node's limit of 10 and warn of a leak.
   */
  const listeners = new Map<AbortSignal, () => void>()
  const watch = (signal: AbortSignal | undefined) => {
    if (!signal || listeners.has(signal)) return
    const onAbort = () => {
      for (const waiter of queue.filter((item) => item.signal === signal)) {
        remove(waiter)
        waiter.fail(signal.reason)
      }
    }
    listeners.set(signal, onAbort)
    signal.addEventListener('abort', onAbort, { once: true })
  }
  const remove = (waiter: Waiter) => {
    queue.splice(queue.indexOf(waiter), 1)
    const { signal } = waiter
    if (!signal || queue.some((item) => item.signal === signal)) return
    signal.removeEventListener('abort', listeners.get(signal)!)
    listeners.delete(signal)
  }

  /** Starts every waiting call whose turn has come, then sleeps until the next one's. */
  const pump = (): void => {
    clearTimeout(timer)
    for (let waiter = queue[0]; waiter; waiter = queue[0]) {
      const now = Date.now()
      const at = nextAt(now)
      if (at > now) {
        waiter.reason = reason
        timer = setTimeout(pump, Math.min(at - now, MAX_TIMER_MS))
        return
      }
      remove(waiter)
      take(now)
      waiter.done(waiter.reason)
    }
  }

  return {
    windows,
    acquire(signal, maxPause) {
      const now = Date.now()
      if (signal?.aborted) return Promise.reject(signal.reason)
      if (pausedUntil - now > maxPause) return Promise.reject(new PauseTooLong(pausedUntil - now))
      if (queue.length === 0 && nextAt(now) <= now) {
        take(now)
        return undefined
      }
      return new Promise<string>((resolve, reject) => {
        const waiter: Waiter = {
          done: resolve,
          fail: reject,
          maxPause,
          // What holds it back: its own block, or the first waiting call's.
          reason,
          signal,
        }
        watch(signal)
        queue.push(waiter)
        pump()
      })
    },
    pause(ms) {
      const now = Date.now()
      pausedUntil = Math.max(pausedUntil, now + ms)
      const left = pausedUntil - now
      for (const waiter of [...queue]) {
        if (left > waiter.maxPause) {
          remove(waiter)
          waiter.fail(new PauseTooLong(left))
        }
      }
      pump()
    },
  }
}

/**
 * The pacing of one API key and host: a group for the default throttles, one for the endpoints group, one for the query
 * API.
 */
export class Limiter {
  readonly groups: [Pacer, Pacer, Pacer]

  constructor(limits: Required<RateLimits>) {
    const windows = LIMITS.map(([name, , span]): SlidingWindow => ({ name, limit: limits[name], span, times: [] }))
    this.groups = [pacer(windows.slice(0, 2)), pacer(windows.slice(2, 4)), pacer(windows.slice(4))]
  }

  /** Lowers any limit above `limits` (clients that disagree get the strictest numbers). */
  tighten(limits: Required<RateLimits>): void {
    for (const { windows } of this.groups)
      for (const window of windows) window.limit = Math.min(window.limit, limits[window.name])
  }
}

/**
 * The limiters of the process, by a fingerprint of key and host: clients with the same key and host
 * share one, whichever way they were made. A fingerprint rather than the key itself, so that the key is
 * not copied into a long-lived structure that a heap snapshot, a debugger or a stray log could show.
 */
const limiters = new Map<string, Limiter>()

/** The limiter shared by every client of `apiKey` on `origin`, made with `limits` or tightened to them. */
export function sharedLimiter(apiKey: string, origin: string, limits: Required<RateLimits>): Limiter {
  const id = fingerprint(`${origin} ${apiKey}`)
  let limiter = limiters.get(id)
  if (limiter) limiter.tighten(limits)
  else limiters.set(id, (limiter = new Limiter(limits)))
  return limiter
}

/**
 * Two 32-bit FNV-1a-style hashes of `text` (different offsets and primes): enough to tell keys apart, and shows nothing
 * of them.
 */
function fingerprint(text: string): string {
  let first = 0x811c9dc5
  let second = 0x01000193
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    first = Math.imul(first ^ code, 16777619)
    second = Math.imul(second ^ code, 2246822519)
  }
  return `${first >>> 0}.${second >>> 0}`
}
