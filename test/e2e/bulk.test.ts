import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AbortError, NotFoundError, type ProjectClient } from 'posthog-project-client'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { prng } from '../helpers/prng.js'

const TOTAL = 800
const FAULT_RATE = 0.1
const SEED = 20_261_123
type Chaos = '500' | '502' | '503' | '429' | 'drop' | '500 stored' | 'drop stored'
const KINDS: Chaos[] = ['500', '502', '503', '429', 'drop', '500 stored', 'drop stored']

const definitionPath = (id: string) => `event_definitions/${id}/`

/** `client.bulk` over a real socket (the fake's `listen()`). */
describe('bulk over a real socket', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  beforeEach(() => e2e.fake.reset())
  afterAll(() => e2e.close())

  // About 900 requests over a socket, ~85 of them faulty: each of the seven kinds of fault is all but certain to
  // come up (the test checks that it did). Seconds on a quiet machine, more than the default 30 s on a loaded one.
  it(
    `tags ${TOTAL.toLocaleString('en')} event definitions through ~${FAULT_RATE * 100}% faults: every item ` +
      `accounted for, no write sent twice once stored`,
    { timeout: 120_000 },
    async () => {
      const { fake } = e2e
      const ids = fake.seed.eventDefinitions(TOTAL).map((definition) => definition.id)
      const random = prng(SEED)
      // The fault of each faulty request, chosen as the client sends it and aimed at that request's own path.
      const injected = new Map<string, Chaos[]>()
      const fetch: typeof globalThis.fetch = (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init)
        if (random() < FAULT_RATE) {
          const kind = KINDS[Math.floor(random() * KINDS.length)]!
          const path = new URL(request.url).pathname
          injected.set(path, [...(injected.get(path) ?? []), kind])
          const afterApply = kind.endsWith('stored')
          if (kind.startsWith('drop')) fake.faults.dropNext(1, { path, afterApply })
          else if (kind === '429') fake.faults.failNext(1, { path, status: 429, retryAfter: 0 })
          else fake.faults.failNext(1, { path, status: Number(kind.slice(0, 3)), afterApply })
        }
        return globalThis.fetch(input, init)
      }
      const client = e2e.client({ fetch, maxRetries: 3, timeout: 10_000 })

      const report = await client.bulk(
        ids,
        (id, { signal }) => client.eventDefinitions.update(id, { tags: ['bulk'] }, { signal }),
        { concurrency: 8 },
      )

      expect(report.results).toHaveLength(TOTAL)
      expect(report.succeeded + report.failed + report.skipped).toBe(TOTAL)
      expect(report.skipped).toBe(0)
      expect(report.results.every((entry, index) => entry.index === index && entry.item === ids[index])).toBe(true)

      // Stored writes, counted from what the fake did with each request: a clean 200, or a fault after applying it
      // (a dropped answer records the status it started to send).
      const byPath = new Map<string, Array<{ kind: Chaos | undefined; status: number | null }>>()
      const faultsLeft = new Map([...injected].map(([path, kinds]) => [path, [...kinds]]))
      for (const request of fake.requests) {
        const kind = request.fault ? faultsLeft.get(request.path)?.shift() : undefined
        byPath.set(request.path, [...(byPath.get(request.path) ?? []), { kind, status: request.status }])
      }
      expect([...faultsLeft.values()].flat()).toEqual([])
      expect(fake.faults.pending).toBe(0)
      let sentAfterStored = 0
      let storedTwice = 0
      for (const entry of report.results) {
        const path = `/api/projects/${fake.projectId}/${definitionPath(entry.item)}`
        const attempts = byPath.get(path) ?? []
        const stores = attempts.map(
          (attempt) =>
            (attempt.kind === undefined && attempt.status === 200) || attempt.kind?.endsWith('stored') === true,
        )
        const firstStore = stores.indexOf(true)
        if (firstStore >= 0 && firstStore < attempts.length - 1) sentAfterStored++
        if (stores.filter(Boolean).length > 1) storedTwice++
        // Only a 429 is retried (the service did not act on it); a PATCH that failed otherwise may have been stored.
        expect(attempts.slice(0, -1).every((attempt) => attempt.kind === '429')).toBe(true)
        // The report agrees with the fake, and so does the state.
        const last = attempts.at(-1)
        expect(entry.status).toBe(last?.kind === undefined && last?.status === 200 ? 'fulfilled' : 'rejected')
        if (entry.status === 'fulfilled') expect(entry.value.tags).toEqual(['bulk'])
        expect(fake.state.eventDefinitions.get(entry.item)?.tags).toEqual(firstStore >= 0 ? ['bulk'] : [])
      }
      expect(sentAfterStored).toBe(0)
      expect(storedTwice).toBe(0)

      const all = [...injected.values()].flat()
      const counts = Object.fromEntries(KINDS.map((kind) => [kind, all.filter((item) => item === kind).length]))
      expect(all.length).toBeGreaterThan(0.07 * fake.requests.length)
      expect(KINDS.every((kind) => counts[kind]! > 0)).toBe(true)
      expect(report.failed).toBeGreaterThan(0)
      console.log(
        `[bulk] items=${TOTAL} succeeded=${report.succeeded} failed=${report.failed} skipped=${report.skipped} ` +
          `requests=${fake.requests.length} ` +
          (`faults=${all.length} (${KINDS.map((kind) => `${kind}:${counts[kind]}`).join(' ')}) ` +
            `sent-after-stored=${sentAfterStored} stored-twice=${storedTwice}`),
      )
    },
  )

  it('reads a list() walk lazily: stopping at item 120 of 1,000 fetched two pages, not ten', async () => {
    const { fake } = e2e
    fake.seed.eventDefinitions(1_000)
    const client = e2e.client()
    const report = await client.bulk(
      client.eventDefinitions.list({ limit: 100 }),
      async (definition, { index, signal }) => {
        if (index === 120) throw new Error('stop here')
        return client.eventDefinitions.update(definition.id, { tags: ['seen'] }, { signal })
      },
      { concurrency: 4, stopOnError: true },
    )
    expect(fake.requests.filter((request) => request.operation === 'eventDefinitions.list')).toHaveLength(2)
    expect(report.failed).toBe(1)
    expect(report.succeeded).toBeGreaterThanOrEqual(120)
    expect(report.succeeded).toBeLessThanOrEqual(123)
    expect(report.results).toHaveLength(report.succeeded + report.failed + report.skipped)
  })

  it('a complete walk as the source: one request per page and one update per item, progress after each', async () => {
    const { fake } = e2e
    fake.seed.eventDefinitions(450)
    const client = e2e.client()
    const progress: number[] = []
    const report = await client.bulk(
      client.eventDefinitions.list({ limit: 100 }),
      (definition, { signal }) => client.eventDefinitions.update(definition.id, { tags: ['all'] }, { signal }),
      {
        onProgress: ({ done }) => progress.push(done),
      },
    )
    expect(report.succeeded).toBe(450)
    expect(progress).toEqual(Array.from({ length: 450 }, (_, index) => index + 1))
    expect(fake.requests.filter((request) => request.operation === 'eventDefinitions.list')).toHaveLength(5)
    expect(fake.requests.filter((request) => request.operation === 'eventDefinitions.update')).toHaveLength(450)
    expect([...fake.state.eventDefinitions.values()].every((definition) => definition.tags?.includes('all'))).toBe(true)
  })

  it('stopOnError: a 404 stops new requests; the items never sent are reported skipped', async () => {
    const { fake } = e2e
    const ids = fake.seed.eventDefinitions(40).map((definition) => definition.id)
    ids.splice(10, 0, '01960000-0000-7000-8000-0000000fffff')
    const client = e2e.client()
    const report = await client.bulk(
      ids,
      (id, { signal }) => client.eventDefinitions.update(id, { tags: ['x'] }, { signal }),
      { concurrency: 2, stopOnError: true },
    )
    const failed = report.results.filter((entry) => entry.status === 'rejected')
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ index: 10 })
    expect(failed[0]?.status === 'rejected' && failed[0].error).toBeInstanceOf(NotFoundError)
    const sent = fake.requests.filter((request) => request.method === 'PATCH').length
    expect(sent).toBe(report.succeeded + report.failed)
    expect(report.skipped).toBe(41 - sent)
    expect(report.skipped).toBeGreaterThan(25)
    expect(report.results.filter((entry) => entry.status === 'skipped').every((entry) => entry.index > 10)).toBe(true)
  })

  it('abort: the requests in flight are aborted, no new one is sent, bulk rejects with AbortError', async () => {
    const { fake } = e2e
    const ids = fake.seed.eventDefinitions(200).map((definition) => definition.id)
    const client: ProjectClient = e2e.client()
    const controller = new AbortController()
    // The fake answers every update late: aborting finds four calls in flight.
    fake.faults.delayNext(200, { ms: 3_000, method: 'PATCH' })
    const outcome = client.bulk(
      ids,
      (id, { signal }) => client.eventDefinitions.update(id, { tags: ['y'] }, { signal }),
      {
        concurrency: 4,
        signal: controller.signal,
      },
    )
    const patches = () => fake.requests.filter((request) => request.method === 'PATCH')
    await waitFor(() => patches().length >= 4)
    controller.abort()
    const error = await outcome.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AbortError)
    expect(patches()).toHaveLength(4)
    // None was answered: bulk settled because the calls in flight were aborted, not because they finished.
    expect(patches().every((request) => request.status === null)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(patches()).toHaveLength(4)
  })
})

async function waitFor(condition: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!condition()) {
    if (Date.now() > until) throw new Error('waitFor: condition not met')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
