import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, NotFoundError, ProjectClient, ResponseValidationError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { API_KEY, BASE, makeClient, reply, useMswApi } from '../helpers/msw-server.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const api = useMswApi()

describe('client.withOptions', () => {
  it('keeps the key and every option not replaced; another project gets its own paths', async () => {
    const lines: string[] = []
    const base = makeClient({
      headers: { 'x-team': 'growth' },
      logger: { debug: (line: string) => void lines.push(line) },
    })
    const other = base.withOptions({ projectId: 77 })
    expect(other).toBeInstanceOf(ProjectClient)
    expect(other.projectId).toBe('77')
    expect(other.baseUrl).toBe(BASE)
    const sent = api.serve('get', 'experiments/1/', () => reply({ ...experiment(), id: 1 }), `${BASE}/api/projects/77`)
    await other.experiments.retrieve(1)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
    expect(sent[0]!.headers.get('x-team')).toBe('growth')
    expect(lines.some((line) => line.includes('/api/projects/77/experiments/1/'))).toBe(true)
    expect(base.projectId).toBe('42')
  })

  it('replaces retries, headers and validation', async () => {
    const strict = makeClient({ maxRetries: 0 })
    const lenient = strict.withOptions({ validateResponses: false, headers: { 'x-run': '2' } })
    api.answer('get', 'experiments/3/', { id: 'not a number' })
    await expect(strict.experiments.retrieve(3)).rejects.toBeInstanceOf(ResponseValidationError)
    expect((await lenient.experiments.retrieve(3)).id).toBe('not a number')
  })

  it('an override given as undefined (an unset environment variable) keeps the option of the client', async () => {
    const base = makeClient({ timeout: 1_234 })
    const same = base.withOptions({ projectId: undefined, baseUrl: undefined, apiKey: undefined, timeout: undefined })
    expect(same.projectId).toBe('42')
    expect(same.baseUrl).toBe(BASE)
    const sent = api.serve('get', 'experiments/1/', () => reply({ ...experiment(), id: 1 }))
    await same.experiments.retrieve(1)
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  })

  it('checks the overrides like the constructor, never showing the key', () => {
    const client = makeClient()
    expect(() => client.withOptions({ timeout: -1 })).toThrow(InvalidArgumentError)
    expect(() => client.withOptions(null as never)).toThrow(/overrides/)
    expect(JSON.stringify(client.withOptions({ projectId: 5 })) + String(client)).not.toContain(API_KEY)
  })
})

describe('client.request: paths the SDK does not cover', () => {
  const client = makeClient({ maxRetries: 0 })

  it('a relative path is under the project, with the query encoded like the SDK does', async () => {
    const sent = api.answer('get', 'session_recordings/', { results: [] })
    const answer = await client.request({
      method: 'GET',
      path: 'session_recordings/',
      query: { limit: 5, ids: ['a', 'b'], after: new Date('2026-01-01T00:00:00Z') },
    })
    expect(answer).toEqual({ results: [] })
    expectRequest(sent, {
      method: 'GET',
      path: 'session_recordings/',
      query: '?limit=5&ids=a%2Cb&after=2026-01-01T00%3A00%3A00.000Z',
    })
  })

  it('a leading slash is from the host root; the body is JSON; an empty answer is undefined', async () => {
    const sent = api.serve(
      'post',
      'users/@me/hedgehog_config/',
      () => new Response(null, { status: 204 }),
      `${BASE}/api`,
    )
    expect(
      await client.request({ method: 'POST', path: '/api/users/@me/hedgehog_config/', body: { color: 'green' } }),
    ).toBeUndefined()
    expect(sent).toHaveLength(1)
    expect(JSON.parse(sent[0]!.body)).toEqual({ color: 'green' })
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  })

  it('errors are the SDK errors, and withResponse works', async () => {
    api.answer('get', 'nope/', { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null }, 404)
    const error = await client.request({ method: 'GET', path: 'nope/' }).then(null, (caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).detail).toBe('Not found.')
    api.answer('get', 'things/', [1, 2])
    const { data, response } = await client.request({ method: 'GET', path: 'things/' }).withResponse()
    expect(data).toEqual([1, 2])
    expect(response.status).toBe(200)
  })

  it('refuses other hosts, schemes and methods before sending', async () => {
    const requests = api.watchAll()
    await expectInvalidArgument(
      () => client.request({ method: 'GET', path: '//evil.example/api/' }),
      'request.path',
      requests,
    )
    await expectInvalidArgument(
      () => client.request({ method: 'GET', path: 'https://evil.example/api/' }),
      'request.path',
      requests,
    )
    await expectInvalidArgument(() => client.request({ method: 'GET', path: '' }), 'request.path', requests)
    await expectInvalidArgument(
      () => client.request({ method: 'TRACE' as never, path: 'x/' }),
      'request.method',
      requests,
    )
    await expectInvalidArgument(
      () => client.request({ method: 'GET', path: 'x/', query: { a: {} } }),
      'request.query.a',
      requests,
    )
    await expectInvalidArgument(() => client.request(null as never), 'request', requests)
  })
})

describe('extraBody and extraQuery: fields the SDK does not know yet', () => {
  const client = makeClient({ maxRetries: 0 })

  it('are merged into what is sent, over the method own fields', async () => {
    const sent = api.answer('patch', 'experiments/9/', { ...experiment(), id: 9 })
    await client.experiments.update(9, { name: 'A' }, { extraBody: { brand_new_flag: true, name: 'B' } })
    expectRequest(sent, { method: 'PATCH', path: 'experiments/9/', body: { name: 'B', brand_new_flag: true } })
    const listed = api.answer('get', 'experiments/', { count: 0, next: null, previous: null, results: [] })
    await client.experiments.list(
      { limit: 2 },
      { extraQuery: { new_filter: 'x', since: new Date('2026-01-01T00:00:00Z'), tags: ['a', 'b'] } },
    )
    expectRequest(listed, {
      method: 'GET',
      path: 'experiments/',
      query: '?limit=2&new_filter=x&since=2026-01-01T00%3A00%3A00.000Z&tags=a%2Cb',
    })
  })

  it('an optional body is sent as the extra fields alone', async () => {
    const sent = api.answer('post', 'experiments/9/duplicate/', { ...experiment(), id: 10 })
    await client.experiments.duplicate(9, undefined, { extraBody: { feature_flag_key: 'copy' } })
    expectRequest(sent, { method: 'POST', path: 'experiments/9/duplicate/', body: { feature_flag_key: 'copy' } })
  })

  it('are checked before sending: objects only, no body on a GET, query values only', async () => {
    const requests = api.watchAll()
    await expectInvalidArgument(
      () => client.experiments.retrieve(1, { extraBody: { x: 1 } }),
      'options.extraBody',
      requests,
    )
    await expectInvalidArgument(
      () => client.experiments.update(1, {}, { extraBody: 'x' as never }),
      'options.extraBody',
      requests,
    )
    await expectInvalidArgument(
      () => client.experiments.list({}, { extraQuery: { x: { nested: 1 } as never } }),
      'options.extraQuery.x',
      requests,
    )
  })
})
