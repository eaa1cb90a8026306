import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, InvalidArgumentError, OPERATIONS, ProjectClient, requiredScope } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { API_KEY, makeClient, recorder, useMswServer } from '../helpers/msw-server.js'
import { ALL_OPERATIONS, SDK_METHODS } from '../helpers/operations.js'

const server = useMswServer()

function constructionError(options: ConstructorParameters<typeof ProjectClient>[0]) {
  try {
    new ProjectClient(options)
  } catch (error) {
    return error as InvalidArgumentError
  }
  throw new Error('expected the constructor to throw')
}

describe('ProjectClient options', () => {
  afterEach(() => vi.unstubAllEnvs())

  it.each([
    ['missing apiKey', { projectId: 1 }, 'apiKey'],
    ['malformed apiKey', { apiKey: 'phx_ has spaces', projectId: 1 }, 'apiKey'],
    ['non-string apiKey', { apiKey: 42 as never, projectId: 1 }, 'apiKey'],
    ['missing projectId', { apiKey: API_KEY }, 'projectId'],
    ['malformed projectId', { apiKey: API_KEY, projectId: 'abc' }, 'projectId'],
    ['negative projectId', { apiKey: API_KEY, projectId: -3 }, 'projectId'],
    ['malformed baseUrl', { apiKey: API_KEY, projectId: 1, baseUrl: 'not a url' }, 'baseUrl'],
    ['ftp baseUrl', { apiKey: API_KEY, projectId: 1, baseUrl: 'ftp://us.posthog.com' }, 'baseUrl'],
    ['baseUrl with a query', { apiKey: API_KEY, projectId: 1, baseUrl: 'https://us.posthog.com/?x=1' }, 'baseUrl'],
    ['bad timeout', { apiKey: API_KEY, projectId: 1, timeout: 0 }, 'timeout'],
    ['bad maxRetries', { apiKey: API_KEY, projectId: 1, maxRetries: -1 }, 'maxRetries'],
    ['bad endpointsPrefix', { apiKey: API_KEY, projectId: 1, endpointsPrefix: 'teams' as never }, 'endpointsPrefix'],
    ['bad headers', { apiKey: API_KEY, projectId: 1, headers: { a: 1 } as never }, 'headers.a'],
    ['bad logger', { apiKey: API_KEY, projectId: 1, logger: {} as never }, 'logger'],
    ['bad fetch', { apiKey: API_KEY, projectId: 1, fetch: 'x' as never }, 'fetch'],
  ])('%s is an InvalidArgumentError naming the option', (_name, options, argument) => {
    vi.stubEnv('POSTHOG_PERSONAL_API_KEY', '')
    vi.stubEnv('POSTHOG_PROJECT_ID', '')
    const error = constructionError(options)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect(error.argument).toBe(argument)
    expect(error.message).not.toContain('phx_ has spaces')
  })

  it.each(['https://us.posthog.com/api', 'https://us.posthog.com/api/', 'https://posthog.internal.example/ph/api/'])(
    'a baseUrl ending in /api (%s) is refused, naming baseUrl: the client adds /api itself',
    (baseUrl) => {
      const error = constructionError({ apiKey: API_KEY, projectId: 1, baseUrl })
      expect(error).toBeInstanceOf(InvalidArgumentError)
      expect(error.argument).toBe('baseUrl')
      expect(error.message).toBe(
        `Invalid argument \`baseUrl\`: ends in /api, but the client adds /api/projects/… itself: give the host ` +
          `(and any path before /api), e.g. ${baseUrl.replace(/\/api\/?$/, '')}`,
      )
    },
  )

  it('falls back to the environment variables', async () => {
    vi.stubEnv('POSTHOG_PERSONAL_API_KEY', 'phx_fromEnv')
    vi.stubEnv('POSTHOG_PROJECT_ID', '77')
    vi.stubEnv('POSTHOG_BASE_URL', 'https://eu.posthog.com')
    const rec = recorder()
    server.use(
      http.get('https://eu.posthog.com/api/projects/77/experiments/1/', async ({ request }) => {
        await rec.record(request)
        return HttpResponse.json(experiment(1))
      }),
    )
    const client = new ProjectClient()
    expect(client.projectId).toBe('77')
    expect(client.baseUrl).toBe('https://eu.posthog.com')
    await client.experiments.retrieve(1)
    expect(rec.requests[0]!.headers.get('authorization')).toBe('Bearer phx_fromEnv')
  })

  it('works with a self-hosted host under a path, and @current', async () => {
    const rec = recorder()
    server.use(
      http.get(
        'https://posthog.internal.example/ph/api/projects/%40current/experiments/stats/',
        async ({ request }) => {
          await rec.record(request)
          return HttpResponse.json({})
        },
      ),
    )
    const client = new ProjectClient({
      apiKey: API_KEY,
      projectId: '@current',
      baseUrl: 'https://posthog.internal.example/ph/',
    })
    await client.experiments.stats()
    expect(rec.requests).toHaveLength(1)
  })

  it('sends default headers and per-request headers, but never lets them replace Authorization', async () => {
    const rec = recorder()
    server.use(
      http.get('https://us.posthog.com/api/projects/42/experiments/stats/', async ({ request }) => {
        await rec.record(request)
        return HttpResponse.json({})
      }),
    )
    const client = makeClient({ headers: { 'x-team': 'growth', authorization: 'Bearer other' } })
    await client.experiments.stats({ headers: { 'x-call': '1' } })
    const headers = rec.requests[0]!.headers
    expect(headers.get('x-team')).toBe('growth')
    expect(headers.get('x-call')).toBe('1')
    expect(headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
    expect(headers.get('accept')).toBe('application/json')
  })

  it('refuses to run in a browser without dangerouslyAllowBrowser', () => {
    const saved = globalThis.process
    vi.stubGlobal('window', { document: {} })
    try {
      // @ts-expect-error simulate a browser, which has no `process`
      globalThis.process = undefined
      const refused = constructionError({ apiKey: API_KEY, projectId: 1 })
      expect(refused.argument).toBe('dangerouslyAllowBrowser')
      expect(() => new ProjectClient({ apiKey: API_KEY, projectId: 1, dangerouslyAllowBrowser: true })).not.toThrow()
    } finally {
      globalThis.process = saved
      vi.unstubAllGlobals()
    }
  })

  it('warns once through the logger about plain http on a non-local host', () => {
    const logger = { debug: vi.fn(), warn: vi.fn() }
    new ProjectClient({ apiKey: API_KEY, projectId: 1, baseUrl: 'http://posthog.example.com', logger })
    expect(logger.warn).toHaveBeenCalledTimes(1)
    expect(String(logger.warn.mock.calls[0]![0])).toMatch(/plain http/)
    new ProjectClient({ apiKey: API_KEY, projectId: 1, baseUrl: 'http://127.0.0.1:8000', logger })
    new ProjectClient({ apiKey: API_KEY, projectId: 1, baseUrl: 'http://localhost:8000', logger })
    expect(logger.warn).toHaveBeenCalledTimes(1)
  })
})

describe('logger', () => {
  it('logs each request, response and retry at debug level, never the key', async () => {
    let calls = 0
    server.use(
      http.get('https://us.posthog.com/api/projects/42/experiments/1/', () =>
        ++calls === 1 ? new HttpResponse(null, { status: 503 }) : HttpResponse.json(experiment(1)),
      ),
    )
    const lines: string[] = []
    const client = makeClient({ logger: { debug: (...args: unknown[]) => lines.push(args.map(String).join(' ')) } })
    await client.experiments.retrieve(1)
    expect(lines.some((line) => line.includes('GET https://us.posthog.com/api/projects/42/experiments/1/'))).toBe(true)
    expect(lines.some((line) => line.includes('503'))).toBe(true)
    expect(lines.some((line) => /retry/.test(line))).toBe(true)
    expect(lines.some((line) => line.startsWith('[posthog-project-client] 200'))).toBe(true)
    expect(lines.join('\n')).not.toContain(API_KEY)
  })
})

describe('paths', () => {
  it('URL-encodes every path parameter so an id can never change the path', async () => {
    const transport = (
      makeClient().experiments as unknown as { _transport: { url: (op: string, path: object) => string } }
    )._transport
    expect(transport.url('surveys.retrieve', { id: '../../x?y#z' })).toBe(
      'https://us.posthog.com/api/projects/42/surveys/..%2F..%2Fx%3Fy%23z/',
    )
    expect(transport.url('endpoints.retrieve', { name: 'a b/c' })).toBe(
      'https://us.posthog.com/api/projects/42/endpoints/a%20b%2Fc/',
    )
  })
})

describe('redirects', () => {
  it('follows a same-origin redirect with the key', async () => {
    const rec = recorder()
    server.use(
      http.get(
        'https://us.posthog.com/api/projects/42/experiments/stats/',
        () => new HttpResponse(null, { status: 307, headers: { location: '/api/projects/42/experiments/stats2/' } }),
      ),
      http.get('https://us.posthog.com/api/projects/42/experiments/stats2/', async ({ request }) => {
        await rec.record(request)
        return HttpResponse.json({ active_experiments: 2 })
      }),
    )
    expect(await makeClient().experiments.stats()).toEqual({ active_experiments: 2 })
    expect(rec.requests[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  })

  it('refuses a redirect to another origin, which never sees the key', async () => {
    const other = recorder()
    server.use(
      http.get(
        'https://us.posthog.com/api/projects/42/experiments/stats/',
        () => new HttpResponse(null, { status: 302, headers: { location: 'https://collector.example.net/steal' } }),
      ),
      http.get('https://collector.example.net/steal', async ({ request }) => {
        await other.record(request)
        return HttpResponse.json({})
      }),
    )
    const error = await makeClient()
      .experiments.stats()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(302)
    expect((error as Error).message).toMatch(/not followed/)
    expect(other.requests).toHaveLength(0)
  })
})

describe('the operation table', () => {
  it('has an SDK method for every operation, and their scopes', () => {
    // The query API is `client.query`, outside the groups.
    expect(ALL_OPERATIONS.filter((id) => !SDK_METHODS.includes(id))).toEqual([
      'query.run',
      'query.status',
      'query.cancel',
    ])
    expect(requiredScope('surveys.responses')).toBe('survey:read')
    expect(requiredScope('query.run')).toBe('query:read')
    expect(requiredScope('query.status')).toBe('query:read')
    expect(requiredScope('query.cancel')).toBe('query:read')
    expect(requiredScope('experiments.eligibleFeatureFlags')).toBe('feature_flag:read')
    expect(requiredScope('surveys.activity')).toBe('activity_log:read')
    expect(requiredScope('endpoints.run')).toBe('endpoint:read')
    expect(requiredScope('hogFunctions.rearrange')).toBeNull()
    const unscoped = Object.entries(OPERATIONS)
      .filter(([, operation]) => operation.scope === null)
      .map(([id]) => id)
    expect(unscoped.sort()).toEqual(
      [
        'endpoints.lastExecutionTimes',
        'endpoints.materializationStatus',
        'endpoints.update',
        'eventDefinitions.metrics',
        'hogFunctions.broadcast',
        'hogFunctions.icon',
        'hogFunctions.icons',
        'hogFunctions.invocations',
        'hogFunctions.logs',
        'hogFunctions.metrics',
        'hogFunctions.metricsTotals',
        'hogFunctions.rearrange',
      ].sort(),
    )
  })
})
