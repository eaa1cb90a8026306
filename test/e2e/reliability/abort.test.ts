import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AbortError } from 'posthog-project-client'
import { useE2E } from '../../helpers/fake-server.js'
import { failure, sleep } from '../../helpers/async.js'

/** How long to keep watching after an abort: longer than any retry wait the SDK could have scheduled here. */
const QUIET_MS = 700

describe('abort stops at once, with AbortError and no further request', () => {
  const e2e = useE2E()
  beforeEach(() => {
    e2e.fake.reset()
    e2e.fake.seed.experiments(300)
  })
  afterEach(() => vi.restoreAllMocks())

  /** Aborts `call` now: it fails with AbortError at once (generous 250 ms), and no request follows the one in hand. */
  async function expectAbortedAfterOneRequest(controller: AbortController, call: PromiseLike<unknown>): Promise<void> {
    const aborted = performance.now()
    controller.abort()
    expect(await failure(call)).toBeInstanceOf(AbortError)
    expect(performance.now() - aborted).toBeLessThan(250)
    await sleep(QUIET_MS)
    expect(e2e.fake.requests).toHaveLength(1)
  }

  it('during for await: the walk ends at the next item, the next page is never asked for', async () => {
    const controller = new AbortController()
    const seen: number[] = []
    const error = await failure(
      (async () => {
        for await (const experiment of e2e.client().experiments.list({ limit: 100 }, { signal: controller.signal })) {
          seen.push(experiment.id)
          if (seen.length === 40) controller.abort()
        }
      })(),
    )
    expect(error).toBeInstanceOf(AbortError)
    expect(seen).toHaveLength(40)
    await sleep(QUIET_MS)
    expect(e2e.fake.requests).toHaveLength(1)
  })

  it('during .pages(): stops before fetching the next page', async () => {
    const controller = new AbortController()
    let pages = 0
    const error = await failure(
      (async () => {
        for await (const _page of e2e
          .client()
          .experiments.list({ limit: 100 }, { signal: controller.signal })
          .pages()) {
          pages += 1
          controller.abort()
        }
      })(),
    )
    expect(error).toBeInstanceOf(AbortError)
    expect(pages).toBe(1)
    await sleep(QUIET_MS)
    expect(e2e.fake.requests).toHaveLength(1)
  })

  it.each([
    ['a 429 Retry-After wait', 429, 30],
    ['a 503 Retry-After wait', 503, 30],
    ['an exponential backoff wait (500)', 500, undefined],
  ])('during %s', async (_name, status, retryAfter) => {
    // Jitter scales the backoff by Math.random(): pinned high, so the wait is ~0.5 s rather than possibly 0.
    vi.spyOn(Math, 'random').mockReturnValue(0.99)
    e2e.fake.faults.failNext(1, { status, ...(retryAfter === undefined ? {} : { retryAfter }) })
    const controller = new AbortController()
    const call = e2e.client({ maxRetries: 5 }).experiments.list(undefined, { signal: controller.signal })
    while (e2e.fake.requests[0]?.status !== status) await sleep(2)
    await sleep(40)
    await expectAbortedAfterOneRequest(controller, call)
  })

  it.each([
    ['a GET', 'list'],
    ['a POST', 'create'],
  ] as const)('during %s in flight on a hanging server', async (_name, kind) => {
    e2e.fake.faults.hangNext(1)
    const controller = new AbortController()
    const client = e2e.client({ maxRetries: 5, timeout: 10_000 })
    const call =
      kind === 'list'
        ? client.experiments.list(undefined, { signal: controller.signal })
        : client.experiments.create({ name: 'Hung', feature_flag_key: 'hung' }, { signal: controller.signal })
    while (e2e.fake.requests.length === 0) await sleep(2)
    await sleep(30)
    await expectAbortedAfterOneRequest(controller, call)
  })

  it('an already-aborted signal sends nothing at all', async () => {
    const client = e2e.client()
    const signal = AbortSignal.abort()
    expect(await failure(client.experiments.list(undefined, { signal }))).toBeInstanceOf(AbortError)
    expect(await failure(client.experiments.create({ name: 'x', feature_flag_key: 'x' }, { signal }))).toBeInstanceOf(
      AbortError,
    )
    await sleep(50)
    expect(e2e.fake.requests).toHaveLength(0)
  })
})
