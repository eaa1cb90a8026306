import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { API_KEY } from '../helpers/msw-server.js'
import { jsonResponse, stubFetch } from '../helpers/stub-fetch.js'

const BASE = 'https://us.posthog.com'
const LIST = `${BASE}/api/projects/1/experiments/`
type Variant = 'drf' | 'offset-count' | 'page-based' | 'results-only' | 'bare-array'
type Fault = 500 | 502 | 503 | 429 | 'reset'

/** The body of one page of `total` items in one of the service's envelope variants (docs/service-behaviour.md §1.5). */
function body(url: URL, total: number, size: number, variant: Variant): unknown {
  const items = (from: number, to: number) =>
    Array.from({ length: Math.max(0, Math.min(to, total) - from) }, (_, i) => ({
      id: from + i + 1,
      name: `e${from + i + 1}`,
      feature_flag_key: `e${from + i + 1}`,
      start_date: null,
      end_date: null,
      archived: false,
      created_at: '2026-01-01T00:00:00Z',
    }))
  if (variant === 'results-only') return { results: items(0, total) }
  if (variant === 'bare-array') return items(0, total)
  if (variant === 'page-based') {
    const page = Number(url.searchParams.get('page') ?? 1)
    const from = (page - 1) * size
    return {
      results: items(from, from + size),
      total_count: total,
      next: from + size < total ? `${LIST}?limit=${size}&page=${page + 1}` : null,
      previous: null,
    }
  }
  const offset = Number(url.searchParams.get('offset') ?? 0)
  const results = items(offset, offset + size)
  return variant === 'offset-count'
    ? { results, count: total }
    : {
        count: total,
        next: offset + size < total ? `${LIST}?limit=${size}&offset=${offset + size}` : null,
        previous: null,
        results,
      }
}

describe('pagination under faults (property)', () => {
  afterEach(() => vi.restoreAllMocks())

  it(
    'any total, page size, envelope and fault schedule: every item ' + 'exactly once, in order, no page fetched twice',
    async () => {
      // ky's jitter multiplies the backoff by Math.random(): pinned to 0, retries are immediate and the property stays
      // fast.
      vi.spyOn(Math, 'random').mockReturnValue(0)
      let runs = 0
      let faultsMet = 0
      let requestsMade = 0
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 300 }),
          fc.integer({ min: 1, max: 70 }),
          fc.constantFrom<Variant>('drf', 'offset-count', 'page-based', 'results-only', 'bare-array'),
          // Per request: no fault, or one of them; at most 3 in a row, within maxRetries.
          fc.array(fc.option(fc.constantFrom<Fault>(500, 502, 503, 429, 'reset'), { freq: 3, nil: null }), {
            maxLength: 60,
          }),
          async (total, size, variant, schedule) => {
            let index = 0
            let streak = 0
            const met: Fault[] = []
            const pages: string[] = []
            const { fetch } = stubFetch((request) => {
              const url = new URL(request.url)
              const fault = streak < 3 ? (schedule[index++ % Math.max(1, schedule.length)] ?? null) : null
              if (fault !== null) {
                streak += 1
                met.push(fault)
                if (fault === 'reset')
                  throw new TypeError('fetch failed', {
                    cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
                  })
                return new Response(JSON.stringify({ detail: 'flaky' }), {
                  status: fault,
                  headers: fault === 429 ? { 'retry-after': '0' } : {},
                })
              }
              streak = 0
              pages.push(url.href)
              return jsonResponse(body(url, total, size, variant))
            })
            const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 4, rateLimit: false })
            const ids = (await client.experiments.list({ limit: size }).toArray()).map((item) => item.id)
            expect(ids).toEqual(Array.from({ length: total }, (_, i) => i + 1))
            const single = variant === 'results-only' || variant === 'bare-array'
            expect(pages).toHaveLength(single ? 1 : Math.max(1, Math.ceil(total / size)))
            expect(new Set(pages).size).toBe(pages.length)
            runs += 1
            faultsMet += met.length
            requestsMade += pages.length + met.length
          },
        ),
        { numRuns: 80 },
      )
      expect(faultsMet).toBeGreaterThan(0)
      console.log(
        `[reliability] pagination property: ${runs} runs, ${requestsMade} requests, ${faultsMet} faults met, ` +
          `items lost 0`,
      )
    },
  )
})

describe('a refused toArray', () => {
  it(
    'settles the first page already sent, so its failure is no unhandled rejection (which would crash a Node ' +
      'script)',
    async () => {
      const unhandled: unknown[] = []
      const onUnhandled = (reason: unknown) => unhandled.push(reason)
      process.on('unhandledRejection', onUnhandled)
      try {
        const { fetch } = stubFetch()
        const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 0 })
        const error = await client.experiments
          .list()
          .toArray({ max: -1 })
          .catch((e: unknown) => e)
        expect((error as { argument?: string }).argument).toBe('max')
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(unhandled).toEqual([])
      } finally {
        process.off('unhandledRejection', onUnhandled)
      }
    },
  )
})
