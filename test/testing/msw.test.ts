import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'

const fake = createFakeApi({ baseUrl: 'https://eu.posthog.com', projectId: 42 })
const server = setupServer(...fake.handlers)

describe('fake.handlers (msw)', () => {
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
    expect(Object.keys(page.results[0]).sort()).toEqual(
      ['created_at', 'created_by', 'description', 'enabled', 'execution_order', 'filters', 'hog', 'icon_url', 'id', 'name', 'status', 'template', 'type', 'updated_at'],
    )
  })

  it('keeps state across requests', async () => {
    const created = await fetch(`${base}/event_definitions/`, { method: 'POST', headers, body: JSON.stringify({ name: 'signed_up' }) })
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
    await expect(fetch(`${base}/experiments/`, { headers, signal: AbortSignal.timeout(100) })).rejects.toThrow()
  })

  it('serves a ProjectClient pointed at the fake\'s baseUrl', async () => {
    fake.seed.experiments(3)
    const client = new ProjectClient({ ...fake.clientOptions(), maxRetries: 0 })
    const names: string[] = []
    for await (const experiment of client.experiments.list({ limit: 2 })) names.push(experiment.name ?? '')
    expect(names).toEqual(['Experiment 3', 'Experiment 2', 'Experiment 1'])
    expect(fake.requests.map((request) => request.query)).toEqual([{ limit: '2' }, { limit: '2', offset: '2' }])
  })
})
