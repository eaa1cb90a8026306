import { describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApiOptions } from '../../src/testing/index.js'
import { caller, jsonOf, openChannel } from '../helpers/fake-channels.js'

/** A fake on the in-memory fetch with a clock the test moves. */
function fakeWithClock(options: FakeApiOptions) {
  let now = Date.parse('2026-01-01T00:00:00Z')
  const fake = createFakeApi({
    keys: { phx_other_key: '*', phx_no_surveys: ['experiment:read'] },
    ...options,
    now: () => new Date(now),
  })
  fake.seed.experiments(1)
  return {
    fake,
    advance: (ms: number) => {
      now += ms
    },
    call: caller(fake),
  }
}

const statusOf = async (response: Promise<Response>) => (await response).status

describe('createFakeApi({ rateLimits })', () => {
  it('[C24] is off by default', async () => {
    const { call } = fakeWithClock({})
    const statuses = await Promise.all(Array.from({ length: 490 }, () => statusOf(call('GET', 'experiments/'))))
    expect(statuses.every((status) => status === 200)).toBe(true)
  })

  it(
    '[C21] [C25] true enforces 480 a minute, answering the service 429: throttled_error body, the wait in the ' +
      'detail, no Retry-After',
    async () => {
      const { call, advance } = fakeWithClock({ rateLimits: true })
      const statuses = await Promise.all(Array.from({ length: 480 }, () => statusOf(call('GET', 'experiments/'))))
      expect(statuses.every((status) => status === 200)).toBe(true)
      const throttled = await call('GET', 'experiments/')
      expect(throttled.status).toBe(429)
      expect(throttled.headers.get('retry-after')).toBeNull()
      expect(throttled.headers.get('content-type')).toBe('application/json')
      expect(await jsonOf(throttled)).toEqual({
        type: 'throttled_error',
        code: 'throttled',
        detail: 'Request was throttled. Expected available in 60 seconds.',
        attr: null,
      })
      advance(59_999)
      expect(await statusOf(call('GET', 'experiments/'))).toBe(429)
      // DRF drops what is `<= now - 60 s`: the first 480 leave the window together, a minute on.
      advance(1)
      expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    },
  )

  it('[C22] slides, answers the wait rounded up (singular for one second), and counts no refused request', async () => {
    const { call, advance } = fakeWithClock({ rateLimits: { requestsPerMinute: 3 } })
    for (const step of [0, 20_000, 20_000]) {
      advance(step)
      expect(await statusOf(call('GET', 'experiments/'))).toBe(200) // t = 0, 20 s, 40 s
    }
    advance(10_000) // t = 50 s
    const refused = await call('GET', 'experiments/')
    expect((await jsonOf(refused)).detail).toBe('Request was throttled. Expected available in 10 seconds.')
    advance(9_500) // t = 59.5 s
    expect((await jsonOf(await call('GET', 'experiments/'))).detail).toBe(
      'Request was throttled. Expected available in 1 second.',
    )
    advance(500) // t = 60 s: the request of t = 0 has left; the two refused ones were never counted
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    advance(1_000) // t = 61 s: 20 s, 40 s, 60 s are in the window
    expect((await jsonOf(await call('GET', 'experiments/'))).detail).toBe(
      'Request was throttled. Expected available in 19 seconds.',
    )
  })

  it('[C21] counts the hour too: the answer is the longest wait of the throttles that refuse', async () => {
    const { call, advance } = fakeWithClock({ rateLimits: { requestsPerMinute: 100, requestsPerHour: 2 } })
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    advance(600_000)
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    expect((await jsonOf(await call('GET', 'experiments/'))).detail).toBe(
      'Request was throttled. Expected available in 3000 seconds.',
    )
    advance(3_000_000)
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
  })

  it('[C21] gives the endpoints group its own limits, under either prefix, apart from the rest', async () => {
    const { fake, call } = fakeWithClock({
      rateLimits: { requestsPerMinute: 1, endpointsRequestsPerMinute: 2 },
      allowUnscopedActions: true,
    })
    fake.seed.endpoints(1)
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    expect(await statusOf(call('GET', 'surveys/'))).toBe(429)
    expect(await statusOf(call('GET', 'endpoints/'))).toBe(200)
    expect(await statusOf(call('GET', 'endpoints/', undefined, { prefix: 'environments' }))).toBe(200)
    expect(await statusOf(call('GET', 'endpoints/'))).toBe(429)
  })

  it('[Q7] gives the query API its own limits, status reads included', async () => {
    const { call } = fakeWithClock({ rateLimits: { requestsPerMinute: 1, queryRequestsPerMinute: 2 } })
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    expect(await statusOf(call('GET', 'surveys/'))).toBe(429)
    expect(
      await statusOf(
        call('POST', 'query/', {
          query: { kind: 'HogQLQuery', query: 'SELECT 1' },
          refresh: 'async',
          client_query_id: 'q',
        }),
      ),
    ).toBe(202)
    expect(await statusOf(call('GET', 'query/q/'))).toBe(202)
    expect(await statusOf(call('GET', 'query/q/'))).toBe(429)
  })

  it(
    '[C23] budgets per key; counts only requests that pass authentication and scopes; counts those the view ' +
      'refuses',
    async () => {
      const { fake, call } = fakeWithClock({ rateLimits: { requestsPerMinute: 2 } })
      expect(await statusOf(caller(fake, { key: 'phx_unknown' })('GET', 'experiments/'))).toBe(401)
      expect(await statusOf(caller(fake, { key: 'phx_no_surveys' })('GET', 'surveys/'))).toBe(403)
      expect(await statusOf(call('GET', 'experiments/999/'))).toBe(404)
      expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
      expect(await statusOf(call('GET', 'experiments/'))).toBe(429)
      expect(await statusOf(caller(fake, { key: 'phx_other_key' })('GET', 'experiments/'))).toBe(200)
    },
  )

  it('reset() forgets the requests counted', async () => {
    const { fake, call } = fakeWithClock({ rateLimits: { requestsPerMinute: 1 } })
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
    expect(await statusOf(call('GET', 'experiments/'))).toBe(429)
    fake.reset()
    fake.seed.experiments(1)
    expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
  })

  it('answers the same over a real socket', async () => {
    const fake = createFakeApi({ rateLimits: { requestsPerMinute: 1 } })
    const channel = await openChannel(fake, 'listen')
    try {
      const call = caller(fake, { channel })
      expect(await statusOf(call('GET', 'experiments/'))).toBe(200)
      const throttled = await call('GET', 'experiments/')
      expect(throttled.status).toBe(429)
      expect(throttled.headers.get('retry-after')).toBeNull()
      expect((await jsonOf(throttled)).detail).toMatch(
        /^Request was throttled\. Expected available in (60|59) seconds\.$/,
      )
    } finally {
      await channel.close()
    }
  })

  it.each([[{ requestsPerMinute: 0 }], [{ requestsPerHour: 2.5 }], ['yes']])('refuses %j', (rateLimits) => {
    expect(() => createFakeApi({ rateLimits: rateLimits as FakeApiOptions['rateLimits'] })).toThrow(TypeError)
  })
})
