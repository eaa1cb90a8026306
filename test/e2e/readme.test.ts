import { readFileSync } from 'node:fs'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, test } from 'vitest'
import {
  AuthenticationError,
  ConnectionError,
  InternalServerError,
  PermissionDeniedError,
  ProjectClient,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from 'posthog-project-client'
import { createFakeApi } from 'posthog-project-client/testing'
import { mswHandlers } from 'posthog-project-client/testing/msw'

/**
 * The snippets of README.md's "Testing your code with the fake", run as written (the type check of
 * `npm test` covers them too). The first test also checks the README still shows these lines.
 */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** The example "code under test" of the README: concludes experiments that have ended. */
async function concludeFinished(client: ProjectClient): Promise<void> {
  for await (const experiment of client.experiments.list()) {
    if (experiment.end_date && !experiment.conclusion)
      await client.experiments.update(experiment.id, { conclusion: 'won' })
  }
}

describe('README: testing your code with the fake', () => {
  it('shows the snippets checked here', () => {
    const section = README.slice(README.indexOf('## Testing your code with the fake'))
    for (const line of [
      "import { mswHandlers } from 'posthog-project-client/testing/msw'",
      'const server = setupServer(...mswHandlers(fake))',
      "fake.seed.experiments([{ name: 'Checkout', start_date: '2026-01-01T00:00:00Z', end_date: " +
        "'2026-01-31T00:00:00Z' }])",
      'const server = await fake.listen()',
      'new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })',
      "fake.faults.failNext(1, { status: 503, retryAfter: 1, operation: 'experiments.list' })",
      "fake.faults.dropNext(1, { operation: 'experiments.create', afterApply: true })",
      "createFakeApi({ keys: { phx_readonly: ['survey:read'] } })",
    ]) {
      expect(section).toContain(line)
    }
  })

  describe('with msw', () => {
    const fake = createFakeApi() // project 1, key `fake.apiKey`, host https://us.posthog.com
    const server = setupServer(...mswHandlers(fake))

    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
    afterEach(() => fake.reset()) // empties the state, the recorded requests and the pending faults
    afterAll(() => server.close())

    test('concludes the experiments that have ended', async () => {
      const [ended] = fake.seed.experiments([
        { name: 'Checkout', start_date: '2026-01-01T00:00:00Z', end_date: '2026-01-31T00:00:00Z' },
      ])
      const client = new ProjectClient(fake.clientOptions())

      await concludeFinished(client)

      expect(fake.state.experiments.get(ended!.id)?.conclusion).toBe('won')
      expect(fake.requests.map((request) => `${request.method} ${request.operation}`)).toEqual([
        'GET experiments.list',
        'PATCH experiments.update',
      ])
    })

    test('seeding', () => {
      // all launched a week ago (unless start_date is given), each with its feature flag
      const experiments = fake.seed.experiments(250)
      const [survey] = fake.seed.surveys([{ name: 'Checkout NPS' }])
      const [response] = fake.seed.surveyResponses(survey!.id, 5)
      expect(fake.state.experiments.size).toBe(250)
      expect(new Set(experiments.map((experiment) => experiment.start_date?.slice(0, 10))).size).toBe(1)
      expect(fake.state.surveys.get(survey!.id)?.name).toBe('Checkout NPS')
      expect(response?.survey_id).toBe(survey!.id)
      expect(fake.requests).toHaveLength(0)
    })
  })

  it('on a real socket, and with fake.fetch', async () => {
    const fake = createFakeApi({ pageSize: 10 })
    fake.seed.surveys(25)
    const server = await fake.listen() // { url: 'http://127.0.0.1:<free port>', port, close }, CORS open
    try {
      const client = new ProjectClient(fake.clientOptions(server.url))
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      expect((await client.surveys.list()).results).toHaveLength(10)
      expect(await client.surveys.list().toArray()).toHaveLength(25)
    } finally {
      await server.close()
    }
    const inMemory = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
    expect((await inMemory.surveys.list()).count).toBe(25)
  })

  it('keys and scopes', async () => {
    const fake = createFakeApi({ keys: { phx_readonly: ['survey:read'] }, allowUnscopedActions: false })
    const readonly = new ProjectClient({
      ...fake.clientOptions(),
      apiKey: 'phx_readonly',
      fetch: fake.fetch,
      maxRetries: 0,
    })
    expect((await readonly.surveys.list()).results).toEqual([])
    await expect(readonly.surveys.create({ name: 'x', type: 'popover' })).rejects.toMatchObject({
      constructor: PermissionDeniedError,
      requiredScope: 'survey:write',
    })
    const unknown = new ProjectClient({
      ...fake.clientOptions(),
      apiKey: 'phx_unknown',
      fetch: fake.fetch,
      maxRetries: 0,
    })
    await expect(unknown.surveys.list()).rejects.toBeInstanceOf(AuthenticationError)
    const all = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
    await expect(all.hogFunctions.icons({ query: 'slack' })).rejects.toMatchObject({
      constructor: PermissionDeniedError,
      requiredScope: null,
    })
    const allowed = createFakeApi({ allowUnscopedActions: true })
    const client = new ProjectClient({ ...allowed.clientOptions(), fetch: allowed.fetch })
    expect(Array.isArray(await client.hogFunctions.icons({ query: 'slack' }))).toBe(true)
  })

  it('faults, as listed, and what the client makes of them', async () => {
    const fake = createFakeApi()
    const server = await fake.listen()
    try {
      const client = new ProjectClient({ ...fake.clientOptions(server.url), maxRetries: 0, timeout: 10_000 })
      fake.faults.failNext(1, { status: 503, retryAfter: 1, operation: 'experiments.list' })
      fake.faults.failNext(2, { status: 500, method: 'POST', path: 'surveys/' })
      fake.faults.delayNext(1, { ms: 200 })
      fake.faults.hangNext(1) // never answers: pair with a small `timeout`
      // stored, but the connection is cut
      fake.faults.dropNext(1, { operation: 'experiments.create', afterApply: true })
      fake.faults.malformedNext(1) // JSON content type, body that does not parse
      fake.faults.htmlNext(1, { status: 502 }) // a proxy's HTML error page
      expect(fake.faults.pending).toBe(8)

      await expect(client.experiments.list()).rejects.toMatchObject({ constructor: InternalServerError, status: 503 })
      await expect(client.surveys.create({ name: 'a', type: 'popover' })).rejects.toMatchObject({ status: 500 })
      await expect(client.surveys.create({ name: 'b', type: 'popover' })).rejects.toMatchObject({ status: 500 })
      // the 200 ms delay
      await expect(client.surveys.list(undefined, { timeout: 100 })).rejects.toBeInstanceOf(TimeoutError)
      await expect(client.surveys.list(undefined, { timeout: 100 })).rejects.toBeInstanceOf(TimeoutError) // the hang
      await expect(client.experiments.create({ name: 'c', feature_flag_key: 'c' })).rejects.toBeInstanceOf(
        ConnectionError,
      )
      expect([...fake.state.experiments.values()].map((experiment) => experiment.name)).toEqual(['c'])
      await expect(client.surveys.list()).rejects.toBeInstanceOf(ResponseValidationError)
      await expect(client.surveys.list()).rejects.toMatchObject({ constructor: InternalServerError, status: 502 })
      expect(fake.faults.pending).toBe(0)

      fake.faults.tooManyRequests({ limit: 10, windowMs: 1_000 }) // 429 with Retry-After beyond 10 requests a second
      for (let index = 0; index < 10; index++) await client.surveys.list()
      await expect(client.surveys.list()).rejects.toBeInstanceOf(RateLimitError)

      const last = fake.requests.at(-1)
      expect(last).toMatchObject({
        method: 'GET',
        path: '/api/projects/1/surveys/',
        operation: 'surveys.list',
        status: 429,
        fault: null,
      })
      expect(last?.headers['authorization']).toBe('Bearer [REDACTED]')
    } finally {
      await server.close()
    }
  })
})
