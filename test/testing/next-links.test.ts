import { describe, expect, it } from 'vitest'
import { ProjectClient, ResponseValidationError } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'

/**
 * The fake writes its `next` links as the service does (docs/service-behaviour.md §1.5, PG1–PG4), behind a proxy
 * too (`linkOrigin`), and the SDK walks them: every item over the client's own origin, or a refusal with nothing
 * sent elsewhere.
 */

const HOST = 'https://posthog.example.com'

function setup(linkOrigin?: string) {
  const fake = createFakeApi({ baseUrl: HOST, ...(linkOrigin ? { linkOrigin } : {}) })
  const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
  fake.seed.featureFlags(5)
  return { fake, client }
}

const nextOf = async (fake: ReturnType<typeof createFakeApi>, path: string) =>
  (
    (await (await fake.fetch(`${HOST}${path}`, { headers: { authorization: `Bearer ${fake.apiKey}` } })).json()) as {
      next: string | null
    }
  ).next

describe("[PG1] next links: absolute, on the request's own origin and path, the query sorted", () => {
  it("with and without the final slash, the link keeps the request's", async () => {
    const { fake } = setup()
    expect(await nextOf(fake, '/api/projects/1/feature_flags/?offset=0&limit=2')).toBe(
      `${HOST}/api/projects/1/feature_flags/?limit=2&offset=2`,
    )
    expect(await nextOf(fake, '/api/projects/1/feature_flags?limit=2')).toBe(
      `${HOST}/api/projects/1/feature_flags?limit=2&offset=2`,
    )
  })
})

describe(
  '[PG2] behind a TLS proxy that does not pass the scheme on, ' + 'links are http://; the SDK reads them over https',
  () => {
    it('the fake writes http:// links, and a walk gets every item with every request over https', async () => {
      const { fake, client } = setup('http://posthog.example.com')
      expect(await nextOf(fake, '/api/projects/1/feature_flags/?limit=2')).toBe(
        'http://posthog.example.com/api/projects/1/feature_flags/?limit=2&offset=2',
      )
      const before = fake.requests.length

      const keys = (await client.featureFlags.list({ limit: 2 }).toArray()).map((flag) => flag.key)

      expect(keys).toHaveLength(5)
      expect(new Set(keys).size).toBe(5)
      expect(fake.requests.slice(before).map((request) => request.url)).toEqual([
        `${HOST}/api/projects/1/feature_flags/?limit=2`,
        `${HOST}/api/projects/1/feature_flags/?limit=2&offset=2`,
        `${HOST}/api/projects/1/feature_flags/?limit=2&offset=4`,
      ])
    })

    it(
      'behind a proxy that passes the host without its port, links ' + 'have no port; the SDK reads them on its own',
      async () => {
        const fake = createFakeApi({
          baseUrl: 'https://posthog.example.com:8443',
          linkOrigin: 'http://posthog.example.com',
        })
        fake.seed.featureFlags(3)
        const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
        expect(await client.featureFlags.list({ limit: 2 }).toArray()).toHaveLength(3)
        expect(fake.requests.map((request) => new URL(request.url).origin)).toEqual([
          'https://posthog.example.com:8443',
          'https://posthog.example.com:8443',
        ])
      },
    )
  },
)

describe('[PG3] a link on another host or port is refused: the walk stops, nothing is sent for it', () => {
  it.each(['http://posthog-web.internal:8000', 'https://other.example.com'])(
    'a proxy that rewrites the Host to %s',
    async (origin: string) => {
      const { fake, client } = setup(origin)
      const read: string[] = []
      const error = await (async () => {
        for await (const flag of client.featureFlags.list({ limit: 2 })) read.push(String(flag.key))
      })().catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as ResponseValidationError).issues[0]!.code).toBe('foreign_next_link')
      expect(read).toHaveLength(2)
      expect(fake.requests).toHaveLength(1)
    },
  )

  it('linkOrigin must be an http(s) origin', () => {
    expect(() => createFakeApi({ linkOrigin: 'ftp://x' })).toThrow(/linkOrigin must be an http\(s\) origin/)
    expect(() => createFakeApi({ linkOrigin: 'not a url' })).toThrow(TypeError)
  })
})

describe("[PG4] the fake's links never lead back to a page already read", () => {
  it('a walk of every page reads each offset once', async () => {
    const { fake, client } = setup()
    await client.featureFlags.list({ limit: 1 }).toArray()
    const offsets = fake.requests.map((request) => request.query['offset'] ?? '0')
    expect(offsets).toEqual(['0', '1', '2', '3', '4'])
  })
})
