import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AbortError, type Experiment } from 'posthog-project-client'
import { useE2E } from '../helpers/fake-server.js'

const TOTAL = 1_000

describe('pagination across 1,000 items over a real socket', () => {
  const e2e = useE2E()
  /** Newest first, like the service: the ids the fake should hand out, in order. */
  let expectedIds: number[]

  beforeAll(() => {
    expectedIds = e2e.fake.seed
      .experiments(TOTAL)
      .map((experiment) => experiment.id)
      .reverse()
  })
  /** The requests of the current test only (the seeded state is shared, the request log is not reset). */
  let mark = 0
  const requests = () => e2e.fake.requests.slice(mark)
  beforeEach(() => {
    mark = e2e.fake.requests.length
  })

  it('for await walks every item once, in order, one request per page (default page size 100)', async () => {
    const ids: number[] = []
    for await (const experiment of e2e.client().experiments.list()) ids.push(experiment.id)
    expect(ids).toHaveLength(TOTAL)
    expect(new Set(ids).size).toBe(TOTAL)
    expect(ids).toEqual(expectedIds)
    expect(requests().filter((request) => request.operation === 'experiments.list').length).toBe(10)
    expect(requests().map((request) => request.query['offset'] ?? '0')).toEqual([
      '0',
      '100',
      '200',
      '300',
      '400',
      '500',
      '600',
      '700',
      '800',
      '900',
    ])
  })

  it('.pages() with limit 300: four pages, the last one short, count on each', async () => {
    const sizes: number[] = []
    const counts: Array<number | null> = []
    const ids: number[] = []
    for await (const page of e2e.client().experiments.list({ limit: 300 }).pages()) {
      sizes.push(page.results.length)
      counts.push(page.count)
      ids.push(...page.results.map((experiment: Experiment) => experiment.id))
      // Each `next` is the absolute link the server wrote, on the socket's own origin.
      if (page.next !== null) expect(page.next.startsWith(`${e2e.server.url}/api/projects/1/experiments/`)).toBe(true)
    }
    expect(sizes).toEqual([300, 300, 300, 100])
    expect(counts).toEqual([TOTAL, TOTAL, TOTAL, TOTAL])
    expect(ids).toEqual(expectedIds)
    expect(requests()).toHaveLength(4)
  })

  it('toArray({ max }) stops fetching once it has enough', async () => {
    const items = await e2e.client().experiments.list({ limit: 100 }).toArray({ max: 250 })
    expect(items.map((experiment) => experiment.id)).toEqual(expectedIds.slice(0, 250))
    expect(requests()).toHaveLength(3)
  })

  it('an abort inside for await ends the walk with AbortError and sends no further request', async () => {
    const controller = new AbortController()
    const seen: number[] = []
    const walk = async () => {
      for await (const experiment of e2e.client().experiments.list({ limit: 100 }, { signal: controller.signal })) {
        seen.push(experiment.id)
        if (seen.length === 150) controller.abort()
      }
    }
    await expect(walk()).rejects.toBeInstanceOf(AbortError)
    // Two pages were fetched before the abort; the walk stops at the very next item, and the third page is never asked
    // for.
    expect(requests().filter((request) => request.operation === 'experiments.list').length).toBe(2)
    expect(seen).toEqual(expectedIds.slice(0, 150))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requests()).toHaveLength(2)
  })

  it('an abort while the next page is in flight rejects with AbortError', async () => {
    const controller = new AbortController()
    e2e.fake.faults.delayNext(1, { ms: 5_000, operation: 'experiments.list' })
    const pages = e2e.client().experiments.list({ limit: 500 }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    const started = Date.now()
    await expect(pages.toArray()).rejects.toBeInstanceOf(AbortError)
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(requests()).toHaveLength(1)
  })
})
