import { describe, expect, it } from 'vitest'
import { SlidingWindow } from '../../src/testing/sliding-window.js'

/** The one limiter behind the service's throttles (`rateLimits`) and the injected 429s (`faults.tooManyRequests`). */
describe('SlidingWindow', () => {
  it('lets `limit` requests a key through in any span, then answers the whole seconds until the oldest leaves', () => {
    const window = new SlidingWindow(2, 10_000)
    expect(window.admit('a', 0)).toBeNull()
    expect(window.admit('a', 4_000)).toBeNull()
    expect(window.admit('a', 4_500)).toBe(6) // 5.5 s left, rounded up
    expect(window.admit('b', 4_500)).toBeNull()
    // Refused requests are not recorded: at 10 s the request of 0 s has left, whatever was refused since.
    expect(window.admit('a', 9_999)).toBe(1)
    expect(window.admit('a', 10_000)).toBeNull()
    expect(window.admit('a', 10_000)).toBe(4)
  })

  it('refuses everything with a limit of 0, for the whole span', () => {
    const window = new SlidingWindow(0, 2_500)
    expect(window.admit('a', 0)).toBe(3)
    expect(window.admit('a', 60_000)).toBe(3)
  })

  it('reset() forgets every key', () => {
    const window = new SlidingWindow(1, 60_000)
    expect(window.admit('a', 0)).toBeNull()
    expect(window.admit('a', 1)).toBe(60)
    window.reset()
    expect(window.admit('a', 2)).toBeNull()
  })
})
