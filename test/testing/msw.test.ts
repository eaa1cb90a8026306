import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'
import { mswHandlers } from '../../src/testing/msw.js'

const fake = createFakeApi({ baseUrl: 'https://eu.posthog.com', projectId: 42 })
const server = setupServer(...mswHandlers(fake))

describe('mswHandlers(fake) (posthog-project-client/testing/msw)', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => fake.reset())
  afterAll(() => server.close())

  const headers = { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' }
  const base = 'https://eu.posthog.com/api/projects/42'

  it('serves the fake on its baseUrl with absolute links on that host', async () => {
    fake.seed.hogFunctions(3)
    const page = await (await fetch(`${base}/hog_functions/?limit=2`, { headers })).json()
    expect(page.count).toBe(3)
    expect(page.next).toBe(`${base}/hog_functions/?limit=2&offset=2`)
    // List items are the minimal representation.
    expect(Object.keys(page.results[0]).sort()).toEqual([
      'created_at',
      'created_by',
      'description',
      'enabled',
      'execution_order',
      'filters',
      'hog',
      'icon_url',
      'id',
      'name',
      'status',
      'template',
      'type',
      'updated_at',
    ])
  })

  it('keeps state across requests', async () => {
    const created = await fetch(`${base}/event_definitions/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'signed_up' }),
    })
    expect(created.status).toBe(201)
    const { id } = await created.json()
    expect((await fetch(`${base}/event_definitions/${id}/`, { headers })).status).toBe(200)
    expect((await fetch(`${base}/event_definitions/${id}/`, { method: 'DELETE', headers })).status).toBe(204)
    expect((await fetch(`${base}/event_definitions/${id}/`, { headers })).status).toBe(404)
  })

  it('turns a dropped connection into a network error', async () => {
    fake.faults.dropNext(1)
    await expect(fetch(`${base}/experiments/`, { headers })).rejects.toThrow(TypeError)
  })

  it('hangs until the request is aborted', async () => {
    fake.faults.hangNext(1)
    await expect(fetch(`${base}/experiments/`, { headers, signal: AbortSignal.timeout(100) })).rejects.toMatchObject({
      name: 'TimeoutError',
    })
  })

  it("serves a ProjectClient pointed at the fake's baseUrl", async () => {
    fake.seed.experiments(3)
    const client = new ProjectClient({ ...fake.clientOptions(), maxRetries: 0 })
    const names: string[] = []
    for await (const experiment of client.experiments.list({ limit: 2 })) names.push(experiment.name ?? '')
    expect(names).toEqual(['Experiment 3', 'Experiment 2', 'Experiment 1'])
    expect(fake.requests.map((request) => request.query)).toEqual([{ limit: '2' }, { limit: '2', offset: '2' }])
  })
})

describe("mswHandlers(fake) beside the fake's other ways in", () => {
  it("serves the same state as fake.fetch, on the fake's baseUrl only", async () => {
    const other = createFakeApi({ baseUrl: 'https://self-hosted.example/' })
    const local = setupServer(...mswHandlers(other))
    local.listen({ onUnhandledRequest: 'error' })
    try {
      const [seeded] = other.seed.surveys(1)
      const headers = { authorization: `Bearer ${other.apiKey}` }
      const overMsw = await fetch(`https://self-hosted.example/api/projects/1/surveys/${seeded!.id}/`, { headers })
      expect(overMsw.status).toBe(200)
      await fetch(`https://self-hosted.example/api/projects/1/surveys/${seeded!.id}/`, {
        method: 'PATCH',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Renamed' }),
      })
      const inMemory = await other.fetch(`https://anywhere.example/api/projects/1/surveys/${seeded!.id}/`, { headers })
      expect(((await inMemory.json()) as { name: string }).name).toBe('Renamed')
      // Another host is not the fake's: msw reports it unhandled (on console.error, kept out of the test output).
      const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        await expect(fetch('https://us.posthog.com/api/projects/1/surveys/', { headers })).rejects.toThrow(
          /onUnhandledRequest/,
        )
        expect(String(printed.mock.calls[0]?.[0])).toContain('GET https://us.posthog.com/api/projects/1/surveys/')
      } finally {
        printed.mockRestore()
      }
    } finally {
      local.close()
    }
  })

  it('refuses anything createFakeApi() did not make', () => {
    const lookalike = { ...createFakeApi() } // own properties copied, not the fake itself
    expect(() => mswHandlers(lookalike)).toThrow(TypeError)
    expect(() => mswHandlers(lookalike)).toThrow(/createFakeApi\(\)/)
  })
})
