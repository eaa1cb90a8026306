import { SERVICE_RATE_LIMITS, type LimitGroup, type RateLimits } from '../core/rate-limit.js'
import { SlidingWindow } from './sliding-window.js'

/**
 * The service's throttles (docs/service-behaviour.md §1.7), as DRF runs them: per personal API key, one
 * sliding window per scope. The default scopes are `burst` (a minute) and `sustained` (an hour); the
 * endpoints viewset and the query viewset replace them with their own two each (docs/service-behaviour.md
 * §10.4). Every throttle of the view is asked (each records its own success), and the wait answered is the
 * longest.
 */

/** `createFakeApi({ rateLimits })`: `true` for the service's numbers, or any of them changed. */
export type FakeRateLimits = boolean | RateLimits

const MINUTE_MS = 60_000
const HOUR_MS = 3_600_000

/** The windows of every throttle, by key. */
export class ServiceThrottles {
  /** Default throttles, then the endpoints group's, then the query API's. */
  readonly #groups: [SlidingWindow[], SlidingWindow[], SlidingWindow[]]

  constructor(limits: RateLimits) {
    const numbers = { ...SERVICE_RATE_LIMITS, ...limits }
    for (const [name, value] of Object.entries(numbers)) {
      if (!Number.isSafeInteger(value) || value < 1)
        throw new TypeError(
          `createFakeApi: rateLimits.${name} must be a whole number, at least 1, got ${String(value)}`,
        )
    }
    this.#groups = [
      [new SlidingWindow(numbers.requestsPerMinute, MINUTE_MS), new SlidingWindow(numbers.requestsPerHour, HOUR_MS)],
      [
        new SlidingWindow(numbers.endpointsRequestsPerMinute, MINUTE_MS),
        new SlidingWindow(numbers.endpointsRequestsPerHour, HOUR_MS),
      ],
      [
        new SlidingWindow(numbers.queryRequestsPerMinute, MINUTE_MS),
        new SlidingWindow(numbers.queryRequestsPerHour, HOUR_MS),
      ],
    ]
  }

  /**
   * Asks every throttle of the group (0 default, 1 endpoints, 2 query): `null` when all let the request through, else
   * the seconds to wait.
   */
  check(key: string, group: LimitGroup, now: number): number | null {
    let wait: number | null = null
    for (const window of this.#groups[group]) {
      const refused = window.admit(key, now)
      if (refused !== null) wait = Math.max(wait ?? 0, refused)
    }
    return wait
  }

  /** Forgets every request. */
  reset(): void {
    for (const window of this.#groups.flat()) window.reset()
  }
}

/** The throttles of `createFakeApi({ rateLimits })`, or `null` when it does not enforce them. */
export function serviceThrottles(option: FakeRateLimits | undefined): ServiceThrottles | null {
  if (option === undefined || option === false) return null
  if (option !== true && (typeof option !== 'object' || option === null)) {
    throw new TypeError('createFakeApi: rateLimits must be true, false or an object of limits')
  }
  return new ServiceThrottles(option === true ? {} : option)
}
