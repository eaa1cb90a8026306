import { afterEach, describe, expect, it } from 'vitest'
import { AbortError, InvalidArgumentError, ProjectClient, RateLimitError } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type RecordedRequest } from 'posthog-project-client/testing'
import { sleep } from '../helpers/async.js'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { plainServer, send } from '../helpers/plain-server.js'
import { joined } from '../helpers/regex.js'

/**
 * Pacing over real sockets: the client's limiter against the fake enforcing the service's throttles
 * (`createFakeApi({ rateLimits })`). Each test has its own server, so its own port and so its own limiter.
 */

/**
 * When each request reached the fake (`performance.now()`), exactly: the fake records a request by pushing
 * it onto its live `requests` array as it arrives, so the push of that array is wrapped.
 */
function arrivals(fake: FakeApi): number[] {
  const times: number[] = []
  const requests = fake.requests as RecordedRequest[]
  const push = requests.push.bind(requests)
  requests.push = (...items) => {
    for (const _ of items) times.push(performance.now())
    return push(...items)
  }
  return times
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = performance.now() + ms
  while (!condition()) {
    if (performance.now() > deadline) throw new Error('timed out waiting for a condition')
    await sleep(2)
  }
}

const settle = <T>(promise: PromiseLike<T>) =>
  Promise.resolve(promise).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )

describe('pacing (rateLimit) against the fake enforcing the service throttles', () => {
  const opened: E2E[] = []
  const start = async (...args: Parameters<typeof startE2E>) => {
    const e2e = await startE2E(...args)
    opened.push(e2e)
    return e2e
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((e2e) => e2e.close()))
  })

  it(
    '20 concurrent calls meeting a 429 with a 2 s wait: no request for 2 s, then no more than the limit, no ' +
      'second 429',
    async () => {
      let offset = 0
      const e2e = await start({ rateLimits: { requestsPerMinute: 12 }, now: () => new Date(Date.now() + offset) })
      e2e.fake.seed.experiments(1)
      // Another process of the same key filled the service's minute 58 s ago: its window frees in 2 s.
      const other = e2e.client({ rateLimit: false })
      await Promise.all(Array.from({ length: 12 }, () => other.experiments.list()))
      offset = 58_000
      const arrived = arrivals(e2e.fake)
      const lines: string[] = []
      // paced like the fake: 12 a minute
      const client = e2e.client({ logger: { debug: (line: string) => lines.push(line) } })
      expect(e2e.client().toJSON()).not.toHaveProperty('rateLimit')
      const controller = new AbortController()
      const list = (api: ProjectClient) => settle(api.experiments.list(undefined, { signal: controller.signal }))
      const first = list(client)
      // Until the client has read the 429 (the server records a request before it answers).
      await until(() => lines.some((line) => line.includes('] 429 GET')))
      expect(e2e.fake.requests.map((request) => request.status).slice(12)).toEqual([429])
      // The other 19 start while the limiter is paused.
      const rest = Array.from({ length: 19 }, () => list(client))
      await until(() => e2e.fake.requests.length > 13, 10_000)
      // Every attempt counts, the 429 one too: 11 more fit in the client's minute.
      await sleep(1_000)
      const after = e2e.fake.requests.slice(13)
      expect(after).toHaveLength(11)
      expect(after.every((request) => request.status === 200)).toBe(true)
      // The pause starts when the client reads the 429, after the server sent it: a gap of 2 s at least.
      expect(arrived[1]! - arrived[0]!).toBeGreaterThanOrEqual(1_995)
      expect(arrived[arrived.length - 1]! - arrived[1]!).toBeLessThan(1_000)
      // The others wait for the client's window (about a minute): abort them.
      controller.abort()
      const outcomes = await Promise.all([first, ...rest])
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(11)
      const aborted = outcomes.filter((outcome) => !outcome.ok)
      expect(aborted).toHaveLength(9)
      expect(aborted.every((outcome) => !outcome.ok && outcome.error instanceof AbortError)).toBe(true)
      await sleep(100)
      expect(e2e.fake.requests).toHaveLength(24)
    },
  )

  it('an abort during a pacing wait rejects with AbortError at once, and sends nothing', async () => {
    const e2e = await start({ rateLimits: { requestsPerMinute: 1 } })
    const client = e2e.client()
    await client.experiments.list()
    const controller = new AbortController()
    const waiting = settle(client.experiments.list(undefined, { signal: controller.signal }))
    await sleep(300)
    expect(e2e.fake.requests).toHaveLength(1)
    const abortedAt = performance.now()
    controller.abort()
    const outcome = await waiting
    expect(performance.now() - abortedAt).toBeLessThan(500)
    expect(!outcome.ok && outcome.error).toBeInstanceOf(AbortError)
    expect(!outcome.ok && (outcome.error as Error).message).toMatch(/aborted while waiting for its turn/)
    await sleep(100)
    expect(e2e.fake.requests).toHaveLength(1)
  })

  it(
    'the wait is not part of timeout: a call held 1 s by the ' + 'pause after a 429 succeeds with a 300 ms timeout',
    async () => {
      const e2e = await start()
      const client = e2e.client({ rateLimit: true, maxRetries: 0 })
      e2e.fake.faults.failNext(1, {
        status: 429,
        body: {
          type: 'throttled_error',
          code: 'throttled',
          detail: 'Request was throttled. Expected available in 1 second.',
          attr: null,
        },
      })
      expect(await settle(client.experiments.list())).toMatchObject({ ok: false, error: expect.any(RateLimitError) })
      const started = performance.now()
      const page = await client.experiments.list(undefined, { timeout: 300 })
      expect(performance.now() - started).toBeGreaterThanOrEqual(900)
      expect(page.results).toEqual([])
      expect(e2e.fake.requests.map((request) => request.status)).toEqual([429, 200])
    },
  )

  it(
    'maxRetryDelay: a shared wait after another call’s 429 ' + 'longer than it rejects at once, sending nothing',
    async () => {
      const e2e = await start()
      const first = e2e.client({ rateLimit: true })
      const second = e2e.client({ rateLimit: true })
      e2e.fake.faults.failNext(1, {
        status: 429,
        body: {
          type: 'throttled_error',
          code: 'throttled',
          detail: 'Request was throttled. Expected available in 90 seconds.',
          attr: null,
        },
      })
      const own = await settle(first.experiments.list())
      expect(!own.ok && own.error).toBeInstanceOf(RateLimitError)
      expect(!own.ok && (own.error as RateLimitError).retryAfter).toBe(90)
      const started = performance.now()
      const shared = await settle(second.surveys.list())
      expect(performance.now() - started).toBeLessThan(500)
      expect(!shared.ok && shared.error).toBeInstanceOf(RateLimitError)
      expect(!shared.ok && (shared.error as RateLimitError).retryAfter).toBeGreaterThanOrEqual(89)
      expect(!shared.ok && (shared.error as Error).message).toMatch(
        /was not sent: after a 429 this key waits 9\d s, over maxRetryDelay \(60000 ms\)/,
      )
      // A call that accepts the wait waits instead (aborted here rather than sit 90 s).
      const controller = new AbortController()
      const patient = settle(second.surveys.list(undefined, { maxRetryDelay: 120_000, signal: controller.signal }))
      await sleep(300)
      controller.abort()
      expect(await patient).toMatchObject({ ok: false, error: expect.any(AbortError) })
      // The endpoints group has its own throttles on the service, so its own pause.
      expect(await settle(second.endpoints.list())).toMatchObject({ ok: true })
      expect(e2e.fake.requests.map((request) => [request.operation, request.status])).toEqual([
        ['experiments.list', 429],
        ['endpoints.list', 200],
      ])
    },
  )

  it(
    'one limiter for every client of a key and host (strictest ' + 'numbers); another key or host has its own',
    async () => {
      const e2e = await start({ keys: { phx_another_key_000000: '*' } })
      const strict = e2e.client({ rateLimit: { requestsPerMinute: 2 } })
      const loose = e2e.client({ rateLimit: true })
      await strict.experiments.list()
      await loose.experiments.list()
      const controller = new AbortController()
      const held = settle(loose.experiments.list(undefined, { signal: controller.signal }))
      await e2e.client({ rateLimit: true, apiKey: 'phx_another_key_000000' }).experiments.list()
      const otherServer = await e2e.fake.listen()
      try {
        await e2e.client({ rateLimit: { requestsPerMinute: 2 }, baseUrl: otherServer.url }).experiments.list()
      } finally {
        await otherServer.close()
      }
      await sleep(300)
      expect(e2e.fake.requests).toHaveLength(4)
      controller.abort()
      expect(await held).toMatchObject({ ok: false, error: expect.any(AbortError) })
    },
  )

  it('a client made by withOptions shares the limiter of the client it came from', async () => {
    const e2e = await start()
    const client = e2e.client({ rateLimit: { requestsPerMinute: 1 } })
    await client.experiments.list()
    const controller = new AbortController()
    const derived = client.withOptions({ timeout: 5_000, projectId: 2 })
    const held = settle(derived.experiments.list(undefined, { signal: controller.signal }))
    await sleep(300)
    expect(e2e.fake.requests).toHaveLength(1)
    controller.abort()
    expect(await held).toMatchObject({ ok: false, error: expect.any(AbortError) })
  })

  it('bad rateLimit and maxRetryDelay are InvalidArgumentErrors naming them, before any request', async () => {
    const e2e = await start()
    const argument = (make: () => unknown) => {
      try {
        make()
      } catch (error) {
        return error instanceof InvalidArgumentError ? error.argument : error
      }
    }
    expect(argument(() => e2e.client({ rateLimit: { requestsPerMinute: -1 } }))).toBe('rateLimit.requestsPerMinute')
    expect(argument(() => e2e.client({ rateLimit: 'off' as unknown as false }))).toBe('rateLimit')
    expect(argument(() => e2e.client({ maxRetryDelay: -5 }))).toBe('maxRetryDelay')
    const bad = await settle(e2e.client().experiments.list(undefined, { maxRetryDelay: Number.NaN }))
    expect(!bad.ok && bad.error).toBeInstanceOf(InvalidArgumentError)
    expect(!bad.ok && (bad.error as InvalidArgumentError).argument).toBe('options.maxRetryDelay')
    expect(e2e.fake.requests).toHaveLength(0)
  })

  it('rateLimit: false sends at once, whatever the limiter of its key and host holds', async () => {
    const e2e = await start({ rateLimits: { requestsPerMinute: 2 } })
    const paced = e2e.client()
    await Promise.all([paced.experiments.list(), paced.experiments.list()])
    const unpaced = e2e.client({ rateLimit: false, maxRetries: 0 })
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => settle(unpaced.experiments.list())))
    expect(outcomes.every((outcome) => !outcome.ok && outcome.error instanceof RateLimitError)).toBe(true)
    expect(e2e.fake.requests.map((request) => request.status)).toEqual([200, 200, 429, 429, 429, 429, 429])
  })

  it('logs each wait at debug level: which limit, how long; never the key', async () => {
    const e2e = await start()
    const lines: string[] = []
    const client = e2e.client({ rateLimit: true, maxRetries: 0, logger: { debug: (line: string) => lines.push(line) } })
    e2e.fake.faults.failNext(1, {
      status: 429,
      body: {
        type: 'throttled_error',
        code: 'throttled',
        detail: 'Request was throttled. Expected available in 1 second.',
        attr: null,
      },
    })
    await settle(client.experiments.list())
    await client.surveys.list()
    const wait = lines.find((line) => line.includes('for its turn'))
    expect(wait).toMatch(
      joined(
        /GET http:\/\/127\.0\.0\.1:\d+\/api\/projects\/1\/surveys\/ waited (\d+) ms for its turn: the wait a 429 /,
        /asked for$/,
      ),
    )
    expect(Number(/waited (\d+) ms/.exec(wait ?? '')?.[1])).toBeGreaterThanOrEqual(900)
    expect(lines.join('\n')).not.toContain(e2e.fake.apiKey)
  })
})

describe(
  'pacing by default: on PostHog Cloud, where the published ' + 'limits apply; elsewhere only the pause after a 429',
  () => {
    /**
     * A client left at the default `rateLimit`, on `baseUrl`, answered in memory by a fake with a key of its own (so a
     * limiter of its own).
     */
    function defaultClient(baseUrl: string, key: string) {
      const fake = createFakeApi({ apiKey: key })
      return {
        fake,
        client: new ProjectClient({ apiKey: key, projectId: 1, baseUrl, fetch: fake.fetch, maxRetries: 0 }),
      }
    }

    it('on PostHog Cloud the 481st call of a minute waits for its turn', async () => {
      const { fake, client } = defaultClient('https://us.posthog.com', 'phx_default_pacing_cloud_000000')
      const controller = new AbortController()
      const calls = Array.from({ length: 481 }, () => settle(client.experiments.stats({ signal: controller.signal })))
      await until(() => fake.requests.length === 480, 20_000)
      await sleep(300)
      expect(fake.requests).toHaveLength(480)
      controller.abort()
      const outcomes = await Promise.all(calls)
      expect(outcomes.filter((outcome) => !outcome.ok && outcome.error instanceof AbortError)).toHaveLength(1)
    })

    it.each(['https://posthog.internal.example.com', 'http://127.0.0.1:8000'])(
      'on another host (%s) nothing waits: 600 calls go at once',
      async (baseUrl) => {
        const { fake, client } = defaultClient(baseUrl, `phx_default_pacing_${baseUrl.replace(/\W/g, '')}`)
        const outcomes = await Promise.all(Array.from({ length: 600 }, () => settle(client.experiments.stats())))
        expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
        expect(fake.requests).toHaveLength(600)
      },
    )

    it('on another host the pause after a 429 is still shared: a second client of the key waits it out', async () => {
      const e2e = await startE2E()
      try {
        const first = e2e.client({ rateLimit: undefined, maxRetries: 0 })
        const second = e2e.client({ rateLimit: undefined })
        e2e.fake.faults.failNext(1, {
          status: 429,
          body: {
            type: 'throttled_error',
            code: 'throttled',
            detail: 'Request was throttled. Expected available in 1 second.',
            attr: null,
          },
        })
        expect(await settle(first.experiments.list())).toMatchObject({ ok: false, error: expect.any(RateLimitError) })
        const started = performance.now()
        expect(await settle(second.surveys.list())).toMatchObject({ ok: true })
        expect(performance.now() - started).toBeGreaterThanOrEqual(900)
        expect(e2e.fake.requests.map((request) => request.status)).toEqual([429, 200])
      } finally {
        await e2e.close()
      }
    })

    it('a later, shorter 429 does not cut the longer pause short: the next call waits out the longest', async () => {
      let count = 0
      const arrived: number[] = []
      const server = await plainServer((_request, response) => {
        arrived.push(performance.now())
        const index = count++
        const throttled = (seconds: number) =>
          send(
            response,
            429,
            { type: 'throttled_error', code: 'throttled', detail: 'Request was throttled.', attr: null },
            { 'retry-after': String(seconds) },
          )
        if (index === 0) throttled(2)
        else if (index === 1) setTimeout(() => throttled(1), 200)
        else send(response, 200, '{"count":0,"next":null,"previous":null,"results":[]}')
      })
      try {
        const client = new ProjectClient({
          apiKey: 'phx_shorter_429_test_key',
          projectId: 1,
          baseUrl: server.url,
          maxRetries: 0,
        })
        const first = await Promise.all([settle(client.experiments.list()), settle(client.surveys.list())])
        expect(first.map((result) => result.ok)).toEqual([false, false])
        expect(await settle(client.experiments.list())).toMatchObject({ ok: true })
        // The third request went out when the first 429's two seconds were over, not the second's one.
        expect(arrived[2]! - arrived[0]!).toBeGreaterThanOrEqual(1_900)
      } finally {
        await server.close()
      }
    })
  },
)
