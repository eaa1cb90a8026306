import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { Page, ResponseValidationError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { PROJECT, makeClient, recorder, useMswServer } from '../helpers/msw-server.js'

const server = useMswServer()
const client = makeClient()
const LIST = `${PROJECT}/experiments/`

/** Serves `total` experiments, `limit` a page, with DRF-style absolute links (or custom ones). */
function serveExperiments(total: number, nextFor?: (offset: number, limit: number) => string | null) {
  const rec = recorder()
  server.use(
    http.get(LIST, async ({ request }) => {
      await rec.record(request)
      const url = new URL(request.url)
      const limit = Number(url.searchParams.get('limit') ?? 100)
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) =>
        experiment(offset + index + 1),
      )
      const defaultNext = offset + limit < total ? `${LIST}?limit=${limit}&offset=${offset + limit}` : null
      const next = nextFor ? nextFor(offset, limit) : defaultNext
      const previous = offset > 0 ? `${LIST}?limit=${limit}` : null
      return HttpResponse.json({ count: total, next, previous, results })
    }),
  )
  return rec.requests
}

describe('pagination', () => {
  it('fetches three pages lazily while iterating', async () => {
    const sent = serveExperiments(6)
    const pages = client.experiments.list({ limit: 2 })
    const first = await pages
    expect(first).toBeInstanceOf(Page)
    expect(sent).toHaveLength(1)
    const ids: number[] = []
    for await (const item of client.experiments.list({ limit: 2 })) {
      ids.push(item.id)
      if (ids.length === 1) expect(sent).toHaveLength(2)
    }
    expect(ids).toEqual([1, 2, 3, 4, 5, 6])
    expect(sent.map((request) => request.url.search)).toEqual([
      '?limit=2',
      '?limit=2',
      '?limit=2&offset=2',
      '?limit=2&offset=4',
    ])
  })

  it('leaving a for await early makes no further request', async () => {
    const sent = serveExperiments(10)
    for await (const item of client.experiments.list({ limit: 2 })) {
      if (item.id === 3) break
    }
    expect(sent).toHaveLength(2)
  })

  it('toArray({ max }) stops fetching once it has enough', async () => {
    const sent = serveExperiments(10)
    const items = await client.experiments.list({ limit: 3 }).toArray({ max: 4 })
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4])
    expect(sent).toHaveLength(2)
    expect(await client.experiments.list({ limit: 3 }).toArray({ max: 0 })).toEqual([])
  })

  it('toArray() collects everything and pages() yields each page', async () => {
    serveExperiments(5)
    expect((await client.experiments.list({ limit: 2 }).toArray()).map((item) => item.id)).toEqual([1, 2, 3, 4, 5])
    const sizes: number[] = []
    for await (const page of client.experiments.list({ limit: 2 }).pages()) sizes.push(page.results.length)
    expect(sizes).toEqual([2, 2, 1])
  })

  it('getNextPage follows next, and the last page has none', async () => {
    serveExperiments(3)
    const first = await client.experiments.list({ limit: 2 })
    expect(first.hasNextPage()).toBe(true)
    expect(first.previous).toBeNull()
    const second = await first.getNextPage()
    expect(second.results.map((item) => item.id)).toEqual([3])
    expect(second.previous).toBe(`${LIST}?limit=2`)
    expect(second.hasNextPage()).toBe(false)
    await expect(second.getNextPage()).rejects.toThrow(/last page/)
  })

  it('an empty list is one empty page', async () => {
    const sent = serveExperiments(0)
    expect(await client.experiments.list().toArray()).toEqual([])
    expect(sent).toHaveLength(1)
  })

  it('a relative next link resolves against the page URL', async () => {
    serveExperiments(4, (offset, limit) =>
      offset + limit < 4 ? `/api/projects/42/experiments/?limit=${limit}&offset=${offset + limit}` : null,
    )
    expect((await client.experiments.list({ limit: 2 }).toArray()).map((item) => item.id)).toEqual([1, 2, 3, 4])
  })

  it.each([
    ['another host', 'https://evil.example.com/api/projects/42/experiments/?offset=2'],
    ['another port', 'https://us.posthog.com:8443/api/projects/42/experiments/?offset=2'],
    ['plain http on another port', 'http://us.posthog.com:8000/api/projects/42/experiments/?offset=2'],
  ])('a next link on %s rejects with no request to it', async (_name, foreign) => {
    const elsewhere = recorder()
    server.use(
      http.all(/.*/, async ({ request }) => {
        await elsewhere.record(request)
        return HttpResponse.json({})
      }),
    )
    const sent = serveExperiments(4, (offset) => (offset === 0 ? foreign : null))
    const seen: number[] = []
    const error = await (async () => {
      for await (const item of client.experiments.list({ limit: 2 })) seen.push(item.id)
    })().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as Error).message).toMatch(/not this list on https:\/\/us\.posthog\.com/)
    expect(seen).toEqual([1, 2])
    expect(sent).toHaveLength(1)
    expect(elsewhere.requests).toHaveLength(0)
  })

  it('an abort mid-walk stops the walk', async () => {
    const sent = serveExperiments(10)
    const controller = new AbortController()
    const error = await (async () => {
      for await (const item of client.experiments.list({ limit: 2 }, { signal: controller.signal })) {
        if (item.id === 2) controller.abort()
      }
    })().catch((e: unknown) => e)
    expect((error as Error).name).toBe('AbortError')
    expect(sent).toHaveLength(1)
  })
})

describe('pagination by has_more (survey responses, docs/service-behaviour.md §10.1)', () => {
  const RESPONSES = `${PROJECT}/surveys/s-1/responses/`
  const row = (n: number) => ({
    uuid: `r-${n}`,
    distinct_id: `d-${n}`,
    session_id: null,
    submitted_at: '2026-11-01T00:00:00Z',
    answers: [],
  })

  it.each([true, false])(
    'walks offset by offset until has_more is false (validateResponses %s)',
    async (validateResponses) => {
      const rec = recorder()
      server.use(
        http.get(RESPONSES, async ({ request }) => {
          await rec.record(request)
          const url = new URL(request.url)
          const limit = Number(url.searchParams.get('limit'))
          const offset = Number(url.searchParams.get('offset') ?? 0)
          const results = Array.from({ length: Math.max(0, Math.min(limit, 5 - offset)) }, (_, index) =>
            row(offset + index),
          )
          return HttpResponse.json({ results, has_more: offset + limit < 5, limit, offset })
        }),
      )
      const walk = makeClient({ validateResponses }).surveys.responses('s-1', { limit: 2 })
      const first = await walk
      expect([first.count, first.next]).toEqual([null, `${RESPONSES}?limit=2&offset=2`])
      expect((await walk.toArray()).map((item) => item.uuid)).toEqual(['r-0', 'r-1', 'r-2', 'r-3', 'r-4'])
      expect(rec.requests.map((request) => request.url.search)).toEqual([
        '?limit=2',
        '?limit=2&offset=2',
        '?limit=2&offset=4',
      ])
    },
  )
})
