import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  AbortError,
  ApiError,
  ConnectionError,
  InvalidArgumentError,
  ProjectClient,
  ProjectClientError,
  ResponseValidationError,
  TimeoutError,
} from '../../src/index.js'
import { API_KEY } from '../helpers/msw-server.js'
import { jsonResponse, stubFetch } from '../helpers/stub-fetch.js'

const BASE = 'https://us.posthog.com'
const LIST = `${BASE}/api/projects/1/experiments/`
type Variant = 'drf' | 'offset-count' | 'page-based' | 'results-only' | 'bare-array'

/** A fetch serving `total` experiments `size` a page in one of the service's envelope variants. */
function listFetch(total: number, size: number, variant: Variant) {
  const { fetch, urls: requests } = stubFetch((request) => {
    const url = new URL(request.url)
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
    let body: unknown
    if (variant === 'results-only') body = { results: items(0, total) }
    else if (variant === 'bare-array') body = items(0, total)
    else if (variant === 'page-based') {
      const page = Number(url.searchParams.get('page') ?? 1)
      const from = (page - 1) * size
      body = {
        results: items(from, from + size),
        total_count: total,
        next: from + size < total ? `${LIST}?limit=${size}&page=${page + 1}` : null,
        previous: null,
      }
    } else {
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const results = items(offset, offset + size)
      body =
        variant === 'offset-count'
          ? { results, count: total }
          : {
              count: total,
              next: offset + size < total ? `${LIST}?limit=${size}&offset=${offset + size}` : null,
              previous: null,
              results,
            }
    }
    return jsonResponse(body)
  })
  return { fetch, requests }
}

describe('properties', () => {
  it('pagination yields every item exactly once, in order, for any total, page size and envelope', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 250 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom<Variant>('drf', 'offset-count', 'page-based', 'results-only', 'bare-array'),
        async (total, size, variant) => {
          const { fetch, requests } = listFetch(total, size, variant)
          const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 0, rateLimit: false })
          const ids = (await client.experiments.list({ limit: size }).toArray()).map((item) => item.id)
          expect(ids).toEqual(Array.from({ length: total }, (_, i) => i + 1))
          const single = variant === 'results-only' || variant === 'bare-array'
          expect(requests.length).toBe(single ? 1 : Math.max(1, Math.ceil(total / size)))
        },
      ),
      { numRuns: 150 },
    )
  })

  it('every status from 100 to 599 with any body maps to a typed error keeping status and raw body', async () => {
    const bodies = fc.oneof(
      fc.json().map((text) => ({ text, kind: 'json' as const })),
      fc.string().map((text) => ({ text, kind: 'text' as const })),
      fc.constant({ text: '', kind: 'empty' as const }),
      fc.constant({ text: 'x'.repeat(200_000), kind: 'huge' as const }),
      fc
        .record({ type: fc.string(), code: fc.string(), detail: fc.string(), attr: fc.option(fc.string()) })
        .map((body) => ({ text: JSON.stringify(body), kind: 'json' as const })),
    )
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 100, max: 599 }), bodies, async (status, body) => {
        // A duck-typed response: the web `Response` constructor refuses 1xx statuses.
        const fetch = (async () => ({
          status,
          statusText: '',
          type: 'basic',
          url: `${BASE}/api/projects/1/experiments/stats/`,
          headers: new Headers({ 'content-type': body.kind === 'json' ? 'application/json' : 'text/plain' }),
          body: null,
          arrayBuffer: async () => new TextEncoder().encode(body.text).buffer,
        })) as unknown as typeof globalThis.fetch
        const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 0, rateLimit: false })
        const outcome = await client.experiments.stats().then(
          (data) => ({ data }),
          (error: unknown) => ({ error }),
        )
        if ('data' in outcome) {
          expect(status >= 200 && status < 300).toBe(true)
          return
        }
        const error = outcome.error
        expect(error).toBeInstanceOf(ProjectClientError)
        expect([ApiError, ResponseValidationError].some((Class) => error instanceof Class)).toBe(true)
        if (error instanceof ApiError) {
          expect(error.status).toBe(status)
          const expected =
            body.text === ''
              ? undefined
              : (() => {
                  try {
                    return JSON.parse(body.text)
                  } catch {
                    return body.text
                  }
                })()
          expect(error.body).toEqual(expected)
        } else {
          expect(status >= 200 && status < 300).toBe(true)
          expect((error as ResponseValidationError).status).toBe(status)
        }
        expect(error).not.toBeInstanceOf(ConnectionError)
        expect(error).not.toBeInstanceOf(TimeoutError)
        expect(error).not.toBeInstanceOf(AbortError)
      }),
      { numRuns: 400 },
    )
  })

  it('no id string, however odd, changes the request path', async () => {
    const odd = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.string({
        unit: fc.constantFrom('/', '.', '?', '#', '%', ' ', '\t', '\n', '\\', '&', '=', '+', 'é', '日', '😀', 'a'),
        maxLength: 10,
      }),
      fc.string({ unit: 'binary', maxLength: 8 }),
    )
    await fc.assert(
      fc.asyncProperty(odd, async (id) => {
        const { fetch, urls } = stubFetch(
          () =>
            new Response(
              JSON.stringify({
                id: 'x',
                name: 'S',
                type: 'popover',
                created_at: '2026-01-01T00:00:00Z',
                start_date: null,
                end_date: null,
                archived: false,
              }),
              { status: 200 },
            ),
        )
        const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 0, rateLimit: false })
        const outcome = await client.surveys.retrieve(id).then(
          () => null,
          (error: unknown) => error,
        )
        if (outcome instanceof InvalidArgumentError) {
          expect(urls).toHaveLength(0)
          expect(id === '' || id === '.' || id === '..' || !id.isWellFormed()).toBe(true)
          return
        }
        expect(outcome).toBeNull()
        expect(urls).toHaveLength(1)
        const url = new URL(urls[0]!)
        expect(url.origin).toBe(BASE)
        expect(url.search).toBe('')
        expect(url.hash).toBe('')
        const segments = url.pathname.split('/')
        expect(segments.slice(0, 5)).toEqual(['', 'api', 'projects', '1', 'surveys'])
        expect(segments).toHaveLength(7)
        expect(decodeURIComponent(segments[5]!)).toBe(id)
      }),
      { numRuns: 500 },
    )
  })
})
