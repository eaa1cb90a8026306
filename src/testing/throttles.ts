import { SERVICE_RATE_LIMITS, type LimitGroup, type RateLimits } from '../core/rate-limit.js'

/**
 * The service's throttles (docs/service-behaviour.md §1.7), as DRF's `SimpleRateThrottle` runs them:
 * per personal API key and scope, a history of the requests it let through; a request is refused when
 * the history of the last window is full, and refused requests are not recorded. The default scopes are
 * `burst` (a minute) and `sustained` (an hour); the endpoints viewset and the query viewset replace them with
 * their own two each (docs/service-behaviour.md §10.4).
 * Every throttle of the view is asked (each records its own success), and the wait answered is the
 * longest, rounded up to whole seconds.
 */

/** `createFakeApi({ rateLimits })`: `true` for the service's numbers, or any of them changed. */
export type FakeRateLimits = boolean | RateLimits

interface Throttle {
  limit: number
  /** The window, in ms. */
  span: number
}

/** The histories of every throttle, by key and scope. */
export class ServiceThrottles {
  /** Default throttles, then the endpoints group's, then the query API's. */
  readonly #groups: [Throttle[], Throttle[], Throttle[]]
  readonly #history = new Map<string, number[]>()

  constructor(limits: RateLimits) {
    const numbers = { ...SERVICE_RATE_LIMITS, ...limits }
    for (const [name, value] of Object.entries(numbers)) {
      if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`createFakeApi: rateLimits.${name} must be a whole number, at least 1, got ${String(value)}`)
    }
    this.#groups = [
      [
        { limit: numbers.requestsPerMinute, span: 60_000 },
        { limit: numbers.requestsPerHour, span: 3_600_000 },
      ],
      [
        { limit: numbers.endpointsRequestsPerMinute, span: 60_000 },
        { limit: numbers.endpointsRequestsPerHour, span: 3_600_000 },
      ],
      [
        { limit: numbers.queryRequestsPerMinute, span: 60_000 },
        { limit: numbers.queryRequestsPerHour, span: 3_600_000 },
      ],
    ]
  }

  /** Asks every throttle of the group (0 default, 1 endpoints, 2 query): `null` when all let the request through, else the seconds to wait. */
  check(key: string, group: LimitGroup, now: number): number | null {
    let wait: number | null = null
    for (const [index, throttle] of this.#groups[group].entries()) {
      const id = `${group}.${index} ${key}`
      // DRF keeps the newest first and drops entries `<= now - duration`.
      const history = (this.#history.get(id) ?? []).filter((time) => time > now - throttle.span)
      this.#history.set(id, history)
      if (history.length < throttle.limit) {
        history.push(now)
        continue
      }
      // DRF's `wait()`: the time left until the oldest leaves, over the requests still available (1 here).
      const oldest = history[0] ?? now
      wait = Math.max(wait ?? 0, (throttle.span - (now - oldest)) / 1000 / (throttle.limit - history.length + 1))
    }
    return wait === null ? null : Math.ceil(wait)
  }

  /** Forgets every request. */
  reset(): void {
    this.#history.clear()
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
