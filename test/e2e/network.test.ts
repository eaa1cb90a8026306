import { beforeEach, describe, expect, it } from 'vitest'
import { ConnectionError, TimeoutError } from 'posthog-project-client'
import { useE2E } from '../helpers/fake-server.js'

/** Real network failures over a socket to `fake.listen()`: cut connections and hanging answers. */
describe('dropped connections and hanging sockets', () => {
  const e2e = useE2E({}, 'test')
  beforeEach(() => {
    e2e.fake.seed.experiments(3)
  })

  const statuses = () => e2e.fake.requests.map((request) => [request.fault, request.status])

  it('retries a GET after the connection drops mid-body, and succeeds', async () => {
    e2e.fake.faults.dropNext(1, { operation: 'experiments.list' })
    const page = await e2e.client({ maxRetries: 2 }).experiments.list()
    expect(page.results.map((experiment) => experiment.id)).toEqual([3, 2, 1])
    expect(e2e.fake.requests).toHaveLength(2)
    // The first answer began (status and headers went out) and was cut; the retry got a whole one.
    expect(statuses()).toEqual([
      ['drop', 200],
      [null, 200],
    ])
  })

  it('with maxRetries: 0 a dropped connection is a ConnectionError after one request', async () => {
    e2e.fake.faults.dropNext(1, { operation: 'experiments.retrieve' })
    const error = await e2e
      .client({ maxRetries: 0 })
      .experiments.retrieve(1)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConnectionError)
    expect(String(error)).not.toContain(e2e.fake.apiKey)
    expect(e2e.fake.requests).toHaveLength(1)
  })

  it('does not retry a POST whose connection dropped after the server acted on it', async () => {
    e2e.fake.faults.dropNext(1, { operation: 'experiments.create', afterApply: true })
    const client = e2e.client({ maxRetries: 2 })
    const error = await client.experiments
      .create({ name: 'Once', feature_flag_key: 'once' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConnectionError)
    expect(e2e.fake.requests).toHaveLength(1)
    // It was stored exactly once: the client did not create a duplicate.
    expect([...e2e.fake.state.experiments.values()].filter((experiment) => experiment.name === 'Once')).toHaveLength(1)
  })

  it('times out on a hanging socket with maxRetries: 0: TimeoutError after one request', async () => {
    e2e.fake.faults.hangNext(1)
    const started = Date.now()
    const error = await e2e
      .client({ timeout: 100, maxRetries: 0 })
      .experiments.list()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(Date.now() - started).toBeLessThan(5_000) // the timeout, not the default 60 s
    expect(e2e.fake.requests).toHaveLength(1)
    expect(e2e.fake.requests[0]).toMatchObject({ fault: 'hang', status: null })
  })

  it('times out on every attempt with retries: TimeoutError after 1 + maxRetries requests', async () => {
    e2e.fake.faults.hangNext(3)
    const error = await e2e
      .client({ timeout: 80, maxRetries: 2 })
      .experiments.list()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TimeoutError)
    expect(e2e.fake.requests).toHaveLength(3)
    expect(e2e.fake.requests.every((request) => request.fault === 'hang')).toBe(true)
  })

  it('a per-request timeout overrides the client one, and a retry after a hang succeeds', async () => {
    e2e.fake.faults.hangNext(1)
    const client = e2e.client({ timeout: 60_000, maxRetries: 0 })
    const experiment = await client.experiments.retrieve(2, { timeout: 400, maxRetries: 1 })
    expect(experiment.id).toBe(2)
    expect(statuses()).toEqual([
      ['hang', null],
      [null, 200],
    ])
  })
})
