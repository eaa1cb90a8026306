import { show } from './args.js'
import { InvalidArgumentError } from './errors.js'

/**
 * Client-side pacing: the service's throttles (docs/service-behaviour.md §1.7) counted the way it counts
 * them, so that a busy script waits for its turn instead of collecting 429s. One limiter per API key and
 * host, shared by every client of the process; each holds two groups of sliding windows (the default
 * throttles and the endpoints group's), a queue of waiting calls and the pause a 429 asks for.
 */

/** The request budgets the client paces itself to (the `rateLimit` option). Every number is optional. */
export interface RateLimits {
  /** Requests a minute, per API key and host, outside the endpoints group. Default 480, like the service. */
  requestsPerMinute?: number
  /** Requests an hour, outside the endpoints group. Default 4,800. */
  requestsPerHour?: number
  /** Requests a minute to the endpoints group (`client.endpoints`). Default 240. */
  endpointsRequestsPerMinute?: number
  /** Requests an hour to the endpoints group. Default 2,400. */
  endpointsRequestsPerHour?: number
}

/** The service's published limits (docs/service-behaviour.md §1.7). */
export const SERVICE_RATE_LIMITS: Readonly<Required<RateLimits>> = {
  requestsPerMinute: 480,
  requestsPerHour: 4_800,
  endpointsRequestsPerMinute: 240,
  endpointsRequestsPerHour: 2_400,
}

const LIMIT_NAMES = Object.keys(SERVICE_RATE_LIMITS) as Array<keyof RateLimits>
/** The window of each limit, in the order of LIMIT_NAMES. */
const SPANS = [60_000, 3_600_000, 60_000, 3_600_000]
/**
 * Added to every window: the service stamps a request when it arrives, the client when it leaves, and
 * two requests a window apart may not take equally long to get there.
 */
const MARGIN_MS = 1_000
/** `setTimeout` fires at once for longer delays. */
const MAX_TIMER_MS = 2_147_483_647

/** The limit group of a request URL: 1 for the endpoints group (its own throttles on the service), else 0. */
export function limitGroup(url: string): 0 | 1 {
  return /^[^?#]*\/api\/(projects|environments)\/[^/?#]+\/endpoints(\/|$|[?#])/.test(url) ? 1 : 0
}

/** The `rateLimit` option checked: `false` for no pacing, else every number filled in. */
export function rateLimitOption(name: string, value: unknown): Required<RateLimits> | false {
  if (value === false) return false
  if (value === undefined || value === true) return { ...SERVICE_RATE_LIMITS }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidArgumentError(name, `expected an object of limits or false, got ${show(value)}`)
  }
  const limits = { ...SERVICE_RATE_LIMITS }
  for (const [key, number] of Object.entries(value)) {
    if (!LIMIT_NAMES.includes(key as keyof RateLimits)) {
      throw new InvalidArgumentError(`${name}.${key}`, `unknown limit (known: ${LIMIT_NAMES.join(', ')})`)
    }
    if (number === undefined) continue
    if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1) {
      throw new InvalidArgumentError(`${name}.${key}`, `expected a whole number of requests, at least 1, got ${show(number)}`)
    }
    limits[key as keyof RateLimits] = number
  }
  return limits
}

/** What `acquire` rejects with when the pause after a 429 is longer than the call accepts. */
export class PauseTooLong extends Error {
  constructor(
    /** How long the pause still lasts, in ms. */
    readonly waitMs: number,
  ) {
    super(`paused for ${waitMs} ms`)
  }
}

/** A sliding window: the start times of the requests it still counts, oldest first. */
class SlidingWindow {
  readonly times: number[] = []
  constructor(
    readonly name: string,
    public limit: number,
    readonly span: number,
  ) {}

  /** When the next request may start. */
  freeAt(now: number): number {
    const { times, span, limit } = this
    while (times.length > 0 && (times[0] as number) + span + MARGIN_MS <= now) times.shift()
    return times.length < limit ? now : (times[times.length - limit] as number) + span + MARGIN_MS
  }
}

interface Waiter {
  /** Starts the call; `reason` names what it waited for. */
  go(reason: string): void
  fail(error: unknown): void
  /** The longest pause this call accepts, in ms. */
  maxPause: number
  reason: string
}

/** One limit group: its windows, the calls waiting in arrival order, and the pause after a 429. */
class Pacer {
  readonly #queue: Waiter[] = []
  #pausedUntil = 0
  #timer: ReturnType<typeof setTimeout> | undefined
  /** What the first waiting call waits for, for the log line. */
  #reason = ''

  constructor(readonly windows: SlidingWindow[]) {}

  /**
   * Takes a slot now (returns `undefined`) or a promise that resolves, with what it waited for, when it is
   * this call's turn. Rejects with `PauseTooLong` when the pause after a 429 outlasts `maxPause`, and with
   * the signal's reason on abort (the slot is then never taken).
   */
  acquire(signal: AbortSignal | undefined, maxPause: number): Promise<string> | undefined {
    const now = Date.now()
    if (signal?.aborted) return Promise.reject(signal.reason)
    if (this.#pausedUntil - now > maxPause) return Promise.reject(new PauseTooLong(this.#pausedUntil - now))
    if (this.#queue.length === 0 && this.#nextAt(now) <= now) {
      this.#take(now)
      return undefined
    }
    return new Promise<string>((resolve, reject) => {
      const onAbort = () => {
        this.#queue.splice(this.#queue.indexOf(waiter), 1)
        reject(signal?.reason)
      }
      const waiter: Waiter = {
        go: (reason) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(reason)
        },
        fail: (error) => {
          signal?.removeEventListener('abort', onAbort)
          reject(error)
        },
        maxPause,
        // What holds it back: its own block, or the first waiting call's.
        reason: this.#reason,
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#queue.push(waiter)
      this.#pump()
    })
  }

  /** After a 429: nothing of this group starts for `ms`; waiting calls that accept no such wait fail now. */
  pause(ms: number): void {
    const now = Date.now()
    this.#pausedUntil = Math.max(this.#pausedUntil, now + ms)
    const left = this.#pausedUntil - now
    for (const waiter of [...this.#queue]) {
      if (left > waiter.maxPause) {
        this.#queue.splice(this.#queue.indexOf(waiter), 1)
        waiter.fail(new PauseTooLong(left))
      }
    }
    this.#pump()
  }

  /** Starts every waiting call whose turn has come, then sleeps until the next one's. */
  #pump(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    for (let waiter = this.#queue[0]; waiter; waiter = this.#queue[0]) {
      const now = Date.now()
      const at = this.#nextAt(now)
      if (at > now) {
        waiter.reason = this.#reason
        this.#timer = setTimeout(() => this.#pump(), Math.min(at - now, MAX_TIMER_MS))
        return
      }
      this.#queue.shift()
      this.#take(now)
      waiter.go(waiter.reason)
    }
  }

  /** When the next request may start, noting what holds it back. */
  #nextAt(now: number): number {
    let at = this.#pausedUntil
    this.#reason = 'the wait a 429 asked for'
    for (const window of this.windows) {
      const free = window.freeAt(now)
      if (free > at) {
        at = free
        this.#reason = `${window.name} (${window.limit})`
      }
    }
    return at
  }

  #take(now: number): void {
    for (const window of this.windows) window.times.push(now)
  }
}

/** The pacing of one API key and host: a group for the default throttles, one for the endpoints group. */
export class Limiter {
  readonly groups: [Pacer, Pacer]

  constructor(limits: Required<RateLimits>) {
    const windows = LIMIT_NAMES.map((name, index) => new SlidingWindow(name, limits[name], SPANS[index] as number))
    this.groups = [new Pacer(windows.slice(0, 2)), new Pacer(windows.slice(2))]
  }

  /** Lowers any limit above `limits` (clients that disagree get the strictest numbers). */
  tighten(limits: Required<RateLimits>): void {
    for (const pacer of this.groups) {
      for (const window of pacer.windows) window.limit = Math.min(window.limit, limits[window.name as keyof RateLimits])
    }
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

/** A 53-bit hash of `text` (cyrb53): enough to tell keys apart, and shows nothing of them. */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)
}
