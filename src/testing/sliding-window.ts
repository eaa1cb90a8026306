/**
 * A sliding window per key, counted as DRF's `SimpleRateThrottle` counts (docs/service-behaviour.md §1.7):
 * the times of the requests let through in the last `span` ms; a request is refused while `limit` of them
 * are in the window, and a refused request is not recorded. Behind both the service's throttles
 * (`rateLimits`) and the injected 429s (`faults.tooManyRequests`).
 */
export class SlidingWindow {
  readonly #history = new Map<string, number[]>()

  /** `limit` requests per key in any `span` ms. */
  constructor(
    readonly limit: number,
    readonly span: number,
  ) {}

  /**
   * Lets the request through (`null`, and records it), or answers the whole seconds until the oldest
   * request leaves the window. DRF divides that wait by the requests still available, which is always 1
   * here: a key's history never grows past `limit`.
   */
  admit(key: string, now: number): number | null {
    // DRF drops the entries `<= now - duration`.
    const recent = (this.#history.get(key) ?? []).filter((time) => time > now - this.span)
    this.#history.set(key, recent)
    if (recent.length < this.limit) {
      recent.push(now)
      return null
    }
    return Math.ceil(((recent[0] ?? now) + this.span - now) / 1000)
  }

  /** Forgets every request. */
  reset(): void {
    this.#history.clear()
  }
}
