import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectClient, ResponseValidationError } from 'posthog-project-client'
import { experiment } from '../fixtures/experiments.js'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { failure } from '../helpers/async.js'
import { plainServer, send } from '../helpers/plain-server.js'

const listRequests = (e2e: E2E) => e2e.fake.requests.filter((request) => request.operation === 'experiments.list')

/** Faster walks (`concurrency`) and walks that cannot run away, over real sockets. */
describe('walks over a real socket', () => {
  let e2e: E2E
  let expected: number[]
  beforeAll(async () => {
    e2e = await startE2E()
    expected = e2e.fake.seed
      .experiments(1_000)
      .map((item) => item.id)
      .reverse()
  })
  afterAll(() => e2e.close())

  it('concurrency: 4 yields every item in order with exactly one request per page', async () => {
    const before = listRequests(e2e).length
    const ids: number[] = []
    for await (const item of e2e.client().experiments.list({ limit: 100 }, { concurrency: 4 })) ids.push(item.id)
    expect(ids).toEqual(expected)
    const sent = listRequests(e2e).slice(before)
    expect(sent).toHaveLength(10)
    expect(new Set(sent.map((request) => request.query.offset ?? '0')).size).toBe(10)
    expect(sent.every((request) => request.status === 200)).toBe(true)
  })

  it('a page that fails once ahead of the reader is retried and still yielded in its place', async () => {
    const before = listRequests(e2e).length
    e2e.fake.faults.failNext(1, { status: 503, operation: 'experiments.list', path: /experiments/ })
    const ids: number[] = []
    for await (const item of e2e.client().experiments.list({ limit: 100, offset: 0 }, { concurrency: 4 }))
      ids.push(item.id)
    expect(ids).toEqual(expected)
    expect(listRequests(e2e).slice(before)).toHaveLength(11)
  })

  it.each([2, 4, 8])('concurrency: %i, stopping in page 3: at most that many requests past it', async (concurrency) => {
    const before = listRequests(e2e).length
    let read = 0
    for await (const item of e2e.client().experiments.list({ limit: 100 }, { concurrency })) {
      void item
      if (++read === 250) break
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    const sent = listRequests(e2e).length - before
    expect(sent).toBeGreaterThan(3)
    expect(sent).toBeLessThanOrEqual(3 + concurrency)
  })
})

describe('a next link back to a page already read, over a real socket', () => {
  it('its own URL: the items of the page, then ResponseValidationError, one request (not thousands)', async () => {
    const server = await plainServer((request, response) =>
      send(response, 200, {
        count: 500,
        next: `http://127.0.0.1:${server.port}${request.url}`,
        previous: null,
        results: [experiment(1), experiment(2)],
      }),
    )
    try {
      const client = new ProjectClient({ apiKey: 'phx_walks', projectId: 1, baseUrl: server.url })
      const seen: number[] = []
      const error = await failure(
        (async () => {
          for await (const item of client.experiments.list()) seen.push(item.id)
        })(),
      )
      expect(seen).toEqual([1, 2])
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect(String(error)).toMatch(/already read/)
      expect(server.requests).toHaveLength(1)
    } finally {
      await server.close()
    }
  })

  it('a cycle of two pages: both pages once, then ResponseValidationError', async () => {
    const server = await plainServer((request, response) => {
      const second = request.url.includes('offset=2')
      const next = `http://127.0.0.1:${server.port}/api/projects/1/experiments/${second ? '' : '?offset=2'}`
      send(response, 200, { next, previous: null, results: second ? [experiment(3)] : [experiment(1), experiment(2)] })
    })
    try {
      const client = new ProjectClient({ apiKey: 'phx_walks', projectId: 1, baseUrl: server.url })
      const seen: number[] = []
      const error = await failure(
        (async () => {
          for await (const item of client.experiments.list({}, { concurrency: 4 })) seen.push(item.id)
        })(),
      )
      expect(seen).toEqual([1, 2, 3])
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect(server.requests.map((request) => request.url)).toEqual([
        '/api/projects/1/experiments/',
        '/api/projects/1/experiments/?offset=2',
      ])
    } finally {
      await server.close()
    }
  })
})
