import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { InternalServerError, InvalidArgumentError, ResponseValidationError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { PROJECT, makeClient, useMswServer } from '../helpers/msw-server.js'

const server = useMswServer()
const client = makeClient({ maxRetries: 0 })
const LIST = `${PROJECT}/experiments/`

interface Served {
  /** Each request's query string, in arrival order. */
  urls: string[]
  /** The most requests in flight at once. */
  mostInFlight: number
}

/**
 * Serves `total` experiments `limit` a page with DRF limit/offset links, each answer after `delayMs`;
 * `envelope` reshapes a page (drop `count`, rewrite `next`).
 */
function serve(
  total: number,
  delayMs = 0,
  envelope = (page: { count: number | null; next: string | null; results: unknown[] }, offset: number) => page,
): Served {
  const served: Served = { urls: [], mostInFlight: 0 }
  let inFlight = 0
  server.use(
    http.get(LIST, async ({ request }) => {
      const url = new URL(request.url)
      served.urls.push(url.search)
      inFlight++
      served.mostInFlight = Math.max(served.mostInFlight, inFlight)
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      inFlight--
      const limit = Number(url.searchParams.get('limit') ?? 100)
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) =>
        experiment(offset + index + 1),
      )
      const next = offset + limit < total ? `${LIST}?limit=${limit}&offset=${offset + limit}` : null
      return HttpResponse.json({ previous: null, ...envelope({ count: total, next, results }, offset) })
    }),
  )
  return served
}

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1)

describe('walks with `concurrency`', () => {
  it('fetches up to `concurrency` pages at once, yields them in order, one request per page', async () => {
    const served = serve(1_000, 20)
    const seen: number[] = []
    for await (const item of client.experiments.list({ limit: 100 }, { concurrency: 4 })) seen.push(item.id)
    expect(seen).toEqual(ids(1_000))
    expect(served.urls).toHaveLength(10)
    expect(new Set(served.urls).size).toBe(10)
    expect(served.mostInFlight).toBe(4)
  })

  it('the default is one page at a time', async () => {
    const served = serve(500, 5)
    expect((await client.experiments.list({ limit: 100 }).toArray()).map((item) => item.id)).toEqual(ids(500))
    expect(served.urls).toHaveLength(5)
    expect(served.mostInFlight).toBe(1)
  })

  it('a caller who stops early causes at most `concurrency` requests past the page it stopped in', async () => {
    const served = serve(2_000, 5)
    for await (const item of client.experiments.list({ limit: 100 }, { concurrency: 3 })) {
      if (item.id === 250) break // in page 3
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(served.urls.length).toBeGreaterThan(3)
    expect(served.urls.length).toBeLessThanOrEqual(3 + 3)
  })

  it('toArray({ max }) and .pages() take it too', async () => {
    const served = serve(1_000)
    const items = await client.experiments.list({ limit: 50 }, { concurrency: 2 }).toArray({ max: 120 })
    expect(items.map((item) => item.id)).toEqual(ids(120))
    expect(served.urls.length).toBeLessThanOrEqual(3 + 2)
    const pages: number[] = []
    for await (const page of client.experiments.list({ limit: 300 }, { concurrency: 8 }).pages())
      pages.push(page.results.length)
    expect(pages).toEqual([300, 300, 300, 100])
  })

  it('without `count`, pages are fetched one after another', async () => {
    const served = serve(400, 5, (page) => ({ ...page, count: null }))
    expect(await client.experiments.list({ limit: 100 }, { concurrency: 4 }).toArray()).toHaveLength(400)
    expect(served.urls).toHaveLength(4)
    expect(served.mostInFlight).toBe(1)
  })

  it('without limit/offset links (a cursor), pages are fetched one after another', async () => {
    let inFlight = 0
    let most = 0
    const seenUrls: string[] = []
    server.use(
      http.get(LIST, async ({ request }) => {
        const url = new URL(request.url)
        seenUrls.push(url.search)
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        const cursor = Number(url.searchParams.get('cursor') ?? 0)
        const results = Array.from({ length: 100 }, (_, index) => experiment(cursor + index + 1))
        return HttpResponse.json({
          count: 300,
          next: cursor < 200 ? `${LIST}?cursor=${cursor + 100}` : null,
          previous: null,
          results,
        })
      }),
    )
    expect((await client.experiments.list({}, { concurrency: 4 }).toArray()).map((item) => item.id)).toEqual(ids(300))
    expect(seenUrls).toEqual(['', '?cursor=100', '?cursor=200'])
    expect(most).toBe(1)
  })

  it('a page that fails ahead surfaces in its turn, after every item before it', async () => {
    const seenUrls: string[] = []
    server.use(
      http.get(LIST, ({ request }) => {
        const url = new URL(request.url)
        seenUrls.push(url.search)
        const offset = Number(url.searchParams.get('offset') ?? 0)
        if (offset === 300) return HttpResponse.json({ detail: 'boom' }, { status: 500 })
        const results = Array.from({ length: 100 }, (_, index) => experiment(offset + index + 1))
        return HttpResponse.json({
          count: 1_000,
          next: `${LIST}?limit=100&offset=${offset + 100}`,
          previous: null,
          results,
        })
      }),
    )
    const seen: number[] = []
    let failure: unknown
    try {
      for await (const item of client.experiments.list({ limit: 100 }, { concurrency: 4 })) seen.push(item.id)
    } catch (error) {
      failure = error
    }
    expect(failure).toBeInstanceOf(InternalServerError)
    expect(seen).toEqual(ids(300))
    expect(seenUrls.length).toBeLessThanOrEqual(3 + 4)
  })

  it.each([0, 1.5, 17, '2', Number.NaN])('concurrency %s: InvalidArgumentError, nothing sent', async (concurrency) => {
    const served = serve(10)
    const error = await client.experiments
      .list({ limit: 5 }, { concurrency: concurrency as number })
      .toArray()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe('options.concurrency')
    expect(served.urls).toHaveLength(0)
  })
})

describe('walks that cannot run away', () => {
  it('a next link equal to its own URL: the page is delivered, then ResponseValidationError; one request', async () => {
    const served = serve(100, 0, (page) => ({ ...page, count: 200, next: `${LIST}?limit=100` }))
    const seen: number[] = []
    let failure: unknown
    try {
      for await (const item of client.experiments.list({ limit: 100 })) seen.push(item.id)
    } catch (error) {
      failure = error
    }
    expect(seen).toEqual(ids(100))
    expect(failure).toBeInstanceOf(ResponseValidationError)
    expect((failure as ResponseValidationError).issues[0]).toMatchObject({ code: 'next_link_loop', path: ['next'] })
    expect(served.urls).toEqual(['?limit=100'])
  })

  it('a cycle of two pages: both delivered once, then ResponseValidationError; two requests', async () => {
    // Page 2 links back to page 1, its parameters in another order.
    const served = serve(300, 0, (page, offset) => ({
      ...page,
      next: offset === 0 ? `${LIST}?offset=100&limit=100` : `${LIST}?offset=0&limit=100`,
    }))
    const seen: number[] = []
    const failure = await (async () => {
      for await (const item of client.experiments.list({ limit: 100, offset: 0 })) seen.push(item.id)
    })().catch((error: unknown) => error)
    expect(seen).toEqual(ids(200))
    expect(failure).toBeInstanceOf(ResponseValidationError)
    expect(served.urls).toHaveLength(2)
  })

  it.each([1, 4])(
    'a next link back to the first page written with offset=0 is caught at once (concurrency %i)',
    async (concurrency) => {
      const served = serve(500, 0, (page) => ({ ...page, next: `${LIST}?limit=100&offset=0` }))
      const seen: number[] = []
      const failure = await (async () => {
        for await (const item of client.experiments.list({ limit: 100 }, { concurrency })) seen.push(item.id)
      })().catch((error: unknown) => error)
      expect(seen).toEqual(ids(100))
      expect(failure).toBeInstanceOf(ResponseValidationError)
      expect(served.urls).toEqual(['?limit=100'])
    },
  )

  it('toArray() rejects the same way instead of growing forever', async () => {
    serve(100, 0, (page) => ({ ...page, next: `${LIST}?limit=100` }))
    await expect(client.experiments.list({ limit: 100 }).toArray()).rejects.toBeInstanceOf(ResponseValidationError)
  })

  it('a loop after the pages fetched ahead is caught too', async () => {
    // 300 items announced; the last page links back to the first.
    const served = serve(300, 0, (page, offset) => ({
      ...page,
      next: offset === 200 ? `${LIST}?limit=100` : page.next,
    }))
    const seen: number[] = []
    const failure = await (async () => {
      for await (const item of client.experiments.list({ limit: 100 }, { concurrency: 4 })) seen.push(item.id)
    })().catch((error: unknown) => error)
    expect(seen).toEqual(ids(300))
    expect(failure).toBeInstanceOf(ResponseValidationError)
    expect(served.urls).toHaveLength(3)
  })
})
