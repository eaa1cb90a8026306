import { describe, expect, it } from 'vitest'
import { ProjectClient, ResponseValidationError, type ClientOptions } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { API_KEY } from '../helpers/msw-server.js'
import { jsonResponse, stubFetch } from '../helpers/stub-fetch.js'

/**
 * Where a walk reads the page a `next` link names (docs/service-behaviour.md §1.5, rules PG1–PG5): every origin,
 * scheme and path case of the link, each against what was sent: the scheme, host, port and path of every request,
 * and the key never sent anywhere but the client's own origin.
 */

const HOST = 'https://posthog.example.com'
const TOTAL = 6
const LIMIT = 2

/**
 * A client on `baseUrl` whose list of experiments answers `TOTAL` items `LIMIT` a page at `listPath`, the first
 * page's `next` being `link(offset)` (the later pages' too unless `onlyFirst`); any other path answers 404.
 */
function walk(
  link: (query: string) => string,
  { baseUrl = HOST, listPath = '/api/projects/42/experiments/', onlyFirst = false, options = {} as ClientOptions } = {},
) {
  const sent: Request[] = []
  const stub = stubFetch((request) => {
    sent.push(request)
    const url = new URL(request.url)
    if (url.pathname !== listPath) return jsonResponse({ detail: 'Not found.' }, 404)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const results = Array.from({ length: Math.min(LIMIT, TOTAL - offset) }, (_, index) =>
      experiment(offset + index + 1),
    )
    const more = offset + LIMIT < TOTAL && (!onlyFirst || offset === 0)
    const next = more ? link(`?limit=${LIMIT}&offset=${offset + LIMIT}`) : null
    return jsonResponse({ count: TOTAL, next, previous: null, results })
  })
  const client = new ProjectClient({
    apiKey: API_KEY,
    projectId: 42,
    baseUrl,
    rateLimit: false,
    maxRetries: 0,
    fetch: stub.fetch,
    ...options,
  })
  return { client, sent }
}

async function collect(client: ProjectClient, concurrency?: number): Promise<{ ids: number[]; error: unknown }> {
  const ids: number[] = []
  try {
    for await (const item of client.experiments.list({ limit: LIMIT }, { concurrency })) ids.push(item.id)
    return { ids, error: undefined }
  } catch (error) {
    return { ids, error }
  }
}

describe("a next link the service wrote for the same list on the client's host is read on the client's origin", () => {
  const followed: Array<[string, (query: string) => string]> = [
    ['absolute, on the same origin', (query) => `${HOST}/api/projects/42/experiments/${query}`],
    ['relative to the host (a path)', (query) => `/api/projects/42/experiments/${query}`],
    ['relative to the page (a query alone)', (query) => query],
    [
      'http:// behind a TLS proxy (no X-Forwarded-Proto)',
      (query) => `http://posthog.example.com/api/projects/42/experiments/${query}`,
    ],
    [
      'http:// with the https port written out',
      (query) => `http://posthog.example.com:443/api/projects/42/experiments/${query}`,
    ],
    [
      'https:// with its default port written out',
      (query) => `https://posthog.example.com:443/api/projects/42/experiments/${query}`,
    ],
    ['the host in capitals', (query) => `HTTP://PostHog.Example.COM/api/projects/42/experiments/${query}`],
    ['with a fragment', (query) => `${HOST}/api/projects/42/experiments/${query}#top`],
    ['without the trailing slash (every route takes both)', (query) => `${HOST}/api/projects/42/experiments${query}`],
  ]
  it.each(followed)("%s: every item, every request over https to the client's origin", async (_name, link) => {
    const { client, sent } = walk(link)
    const { ids, error } = await collect(client)
    expect(error).toBeUndefined()
    expect(ids).toEqual([1, 2, 3, 4, 5, 6])
    expect(sent.map((request) => request.url)).toEqual([
      `${HOST}/api/projects/42/experiments/?limit=2`,
      `${HOST}/api/projects/42/experiments/?limit=2&offset=2`,
      `${HOST}/api/projects/42/experiments/?limit=2&offset=4`,
    ])
    expect(sent.every((request) => request.headers.get('authorization') === `Bearer ${API_KEY}`)).toBe(true)
  })

  it('http:// links with pages fetched ahead (concurrency): every page over https, each once', async () => {
    const { client, sent } = walk((query) => `http://posthog.example.com/api/projects/42/experiments/${query}`)
    const { ids, error } = await collect(client, 4)
    expect(error).toBeUndefined()
    expect(ids).toEqual([1, 2, 3, 4, 5, 6])
    expect(sent.map((request) => new URL(request.url).origin)).toEqual([HOST, HOST, HOST])
    expect(new Set(sent.map((request) => request.url)).size).toBe(3)
  })

  it('getNextPage() reads an http:// next over https; the page keeps the link as the service wrote it', async () => {
    const { client, sent } = walk((query) => `http://posthog.example.com/api/projects/42/experiments/${query}`)
    const first = await client.experiments.list({ limit: LIMIT })
    expect(first.next).toBe('http://posthog.example.com/api/projects/42/experiments/?limit=2&offset=2')
    const second = await first.getNextPage()
    expect(second.url).toBe(`${HOST}/api/projects/42/experiments/?limit=2&offset=2`)
    expect(second.results.map((item) => item.id)).toEqual([3, 4])
    expect(sent.at(-1)!.url).toBe(second.url)
  })

  it(
    'a client on another port: a link on that port over http, or on no port (a proxy passing the host alone), is ' +
      'read there',
    async () => {
      for (const link of [
        'http://posthog.example.com:8443',
        'http://posthog.example.com',
        'https://posthog.example.com',
      ]) {
        const { client, sent } = walk((query) => `${link}/api/projects/42/experiments/${query}`, {
          baseUrl: 'https://posthog.example.com:8443',
        })
        const { ids, error } = await collect(client)
        expect([link, error, ids]).toEqual([link, undefined, [1, 2, 3, 4, 5, 6]])
        expect(sent.map((request) => new URL(request.url).origin)).toEqual(
          Array(3).fill('https://posthog.example.com:8443'),
        )
      }
    },
  )

  it(
    'a baseUrl with a path (a proxy at /posthog that strips ' + 'it): a link without the prefix is read under it',
    async () => {
      const { client, sent } = walk((query) => `http://posthog.example.com/api/projects/42/experiments/${query}`, {
        baseUrl: `${HOST}/posthog`,
        listPath: '/posthog/api/projects/42/experiments/',
      })
      const { ids, error } = await collect(client)
      expect(error).toBeUndefined()
      expect(ids).toEqual([1, 2, 3, 4, 5, 6])
      expect(sent.map((request) => request.url).at(-1)).toBe(
        `${HOST}/posthog/api/projects/42/experiments/?limit=2&offset=4`,
      )
    },
  )

  it('a client on plain http (a local instance) reads on its own origin, whatever scheme the link names', async () => {
    const local = 'http://localhost:8000'
    const { client, sent } = walk((query) => `https://localhost:8000/api/projects/42/experiments/${query}`, {
      baseUrl: local,
    })
    const { ids, error } = await collect(client)
    expect(error).toBeUndefined()
    expect(ids).toEqual([1, 2, 3, 4, 5, 6])
    expect(sent.map((request) => new URL(request.url).origin)).toEqual([local, local, local])
  })

  it(
    'the endpoints list under /api/environments/ with a next under ' + '/api/projects/ (the newest servers rewrite it)',
    async () => {
      const sent: string[] = []
      const stub = stubFetch((request) => {
        sent.push(request.url)
        const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0)
        const results = offset === 0 ? [{ name: 'a' }] : [{ name: 'b' }]
        const next = offset === 0 ? 'http://posthog.example.com/api/projects/42/endpoints/?limit=1&offset=1' : null
        return jsonResponse({ count: 2, next, previous: null, results })
      })
      const client = new ProjectClient({
        apiKey: API_KEY,
        projectId: 42,
        baseUrl: HOST,
        endpointsPrefix: 'environments',
        fetch: stub.fetch,
        validateResponses: false,
      })
      const names = (await client.endpoints.list({ limit: 1 } as never).toArray()).map(
        (item) => (item as { name: string }).name,
      )
      expect(names).toEqual(['a', 'b'])
      expect(sent).toEqual([
        `${HOST}/api/environments/42/endpoints/?limit=1`,
        `${HOST}/api/environments/42/endpoints/?limit=1&offset=1`,
      ])
    },
  )
})

describe(
  'a next link elsewhere is refused: the walk stops after the ' + 'page that named it, and nothing is sent for it',
  () => {
    // The link, and the place the refusal names (the link with no password, query or fragment).
    const refused: Array<[string, string, string]> = [
      [
        'another host',
        'https://evil.example.com/api/projects/42/experiments/',
        'https://evil.example.com/api/projects/42/experiments/',
      ],
      [
        'another host over http',
        'http://evil.example.com/api/projects/42/experiments/',
        'http://evil.example.com/api/projects/42/experiments/',
      ],
      [
        'a subdomain',
        'https://api.posthog.example.com/api/projects/42/experiments/',
        'https://api.posthog.example.com/api/projects/42/experiments/',
      ],
      [
        'a look-alike host',
        'https://posthog.example.com.evil.test/api/projects/42/experiments/',
        'https://posthog.example.com.evil.test/api/projects/42/experiments/',
      ],
      [
        'the host as userinfo before another host',
        'https://posthog.example.com@evil.test/api/',
        'https://posthog.example.com@evil.test/api/',
      ],
      [
        'a protocol-relative link to another host',
        '//evil.test/api/projects/42/experiments/',
        'https://evil.test/api/projects/42/experiments/',
      ],
      [
        'another port',
        'https://posthog.example.com:9000/api/projects/42/experiments/',
        'https://posthog.example.com:9000/api/projects/42/experiments/',
      ],
      [
        'another port over http',
        'http://posthog.example.com:8080/api/projects/42/experiments/',
        'http://posthog.example.com:8080/api/projects/42/experiments/',
      ],
      [
        'a user in the link',
        'https://user:s3cret@posthog.example.com/api/projects/42/experiments/',
        'https://user@posthog.example.com/api/projects/42/experiments/',
      ],
      [
        'a password alone in the link',
        'https://:s3cret@posthog.example.com/api/projects/42/experiments/',
        'https://posthog.example.com/api/projects/42/experiments/',
      ],
      [
        'another scheme',
        'ftp://posthog.example.com/api/projects/42/experiments/',
        'ftp://posthog.example.com/api/projects/42/experiments/',
      ],
      ['a javascript: URL', 'javascript:alert(1)', 'javascript:alert(1)'],
      [
        'another list of the project',
        'https://posthog.example.com/api/projects/42/feature_flags/',
        'https://posthog.example.com/api/projects/42/feature_flags/',
      ],
      [
        'the same list of another project',
        'https://posthog.example.com/api/projects/43/experiments/',
        'https://posthog.example.com/api/projects/43/experiments/',
      ],
      ['a path outside /api/projects/', 'https://posthog.example.com/admin/', 'https://posthog.example.com/admin/'],
      ['the user endpoint', '/api/users/@me/', 'https://posthog.example.com/api/users/@me/'],
      [
        'a path climbing out of the list',
        '/api/projects/42/experiments/../feature_flags/',
        'https://posthog.example.com/api/projects/42/feature_flags/',
      ],
      [
        'an escaped climb',
        '/api/projects/42/experiments/%2e%2e/feature_flags/',
        'https://posthog.example.com/api/projects/42/feature_flags/',
      ],
    ]
    it.each(refused)('%s: ResponseValidationError after the first page', async (_name, target, shown) => {
      const { client, sent } = walk((query) => `${target}${query}`, { onlyFirst: true })
      const { ids, error } = await collect(client)
      expect(ids).toEqual([1, 2])
      expect(error).toBeInstanceOf(ResponseValidationError)
      const refusal = error as ResponseValidationError
      expect(refusal.issues[0]).toMatchObject({ code: 'foreign_next_link', path: ['next'] })
      expect(refusal.issues[0]!.message).toBe(
        `next link to ${shown}, not this list on ${HOST} (the only origin the API key is sent to), not followed`,
      )
      expect(sent.map((request) => request.url)).toEqual([`${HOST}/api/projects/42/experiments/?limit=2`])
      expect(JSON.stringify(refusal) + refusal.message).not.toContain('s3cret')
      expect(JSON.stringify(refusal) + refusal.message).not.toContain(API_KEY)
    })

    it('with pages fetched ahead (concurrency), a foreign link is still refused with nothing sent for it', async () => {
      const { client, sent } = walk((query) => `https://evil.example.com/api/projects/42/experiments/${query}`, {
        onlyFirst: true,
      })
      const { ids, error } = await collect(client, 4)
      expect(ids).toEqual([1, 2])
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect(sent).toHaveLength(1)
    })

    it('an http:// link back to a page already read ends the walk as a loop, after the upgrade', async () => {
      const { client, sent } = walk(() => `http://posthog.example.com/api/projects/42/experiments/?limit=2`)
      const { ids, error } = await collect(client)
      expect(ids).toEqual([1, 2])
      expect((error as ResponseValidationError).issues[0]!.code).toBe('next_link_loop')
      expect(sent).toHaveLength(1)
    })
  },
)
