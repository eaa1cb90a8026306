import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ConnectionError, InternalServerError, ProjectClient, RateLimitError } from '../../src/index.js'
import { serverError as serverErrorBody } from '../fixtures/errors.js'
import { experiment } from '../fixtures/experiments.js'
import { API_KEY, PROJECT, makeClient, recorder, useMswServer } from '../helpers/msw-server.js'
import { jsonResponse, stubFetch } from '../helpers/stub-fetch.js'

const server = useMswServer()

/** Answers `url` with each response in turn (the last one repeats), recording requests. */
function sequence(method: 'get' | 'post' | 'patch' | 'delete', url: string, responses: Array<() => Response>) {
  const rec = recorder()
  let index = 0
  server.use(
    http[method](url, async ({ request }) => {
      await rec.record(request)
      const respond = responses[Math.min(index++, responses.length - 1)]!
      return respond()
    }),
  )
  return rec.requests
}

const unavailable = () =>
  HttpResponse.json({ type: 'server_error', code: 'error', detail: 'busy', attr: null }, { status: 503 })
const serverError = () => HttpResponse.json(serverErrorBody(), { status: 500 })

describe('retries', () => {
  it('a GET answered 503 twice then 200 resolves after 3 requests, resending the same request', async () => {
    const sent = sequence('get', `${PROJECT}/experiments/1/`, [
      unavailable,
      unavailable,
      () => HttpResponse.json(experiment(1)),
    ])
    const found = await makeClient().experiments.retrieve(1, { headers: { 'x-extra': 'yes' } })
    expect(found.id).toBe(1)
    expect(sent).toHaveLength(3)
    for (const request of sent) {
      expect(request.url.href).toBe(`${PROJECT}/experiments/1/`)
      expect(request.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
      expect(request.headers.get('x-extra')).toBe('yes')
    }
  })

  it('gives up after maxRetries with the last error', async () => {
    const sent = sequence('get', `${PROJECT}/experiments/1/`, [unavailable])
    const error = await makeClient({ maxRetries: 1 })
      .experiments.retrieve(1)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InternalServerError)
    expect(sent).toHaveLength(2)
  })

  it('a POST answered 500 is sent once', async () => {
    const sent = sequence('post', `${PROJECT}/experiments/`, [
      serverError,
      () => HttpResponse.json(experiment(1), { status: 201 }),
    ])
    const error = await makeClient()
      .experiments.create({ name: 'x', feature_flag_key: 'x' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InternalServerError)
    expect(sent).toHaveLength(1)
  })

  it('a PATCH dropped mid-flight is not retried', async () => {
    const sent = sequence('patch', `${PROJECT}/experiments/1/`, [
      () => HttpResponse.error(),
      () => HttpResponse.json(experiment(1)),
    ])
    const error = await makeClient()
      .experiments.update(1, { name: 'y' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionError)
    expect(sent).toHaveLength(1)
  })

  it('a GET whose connection dropped is retried', async () => {
    const sent = sequence('get', `${PROJECT}/experiments/1/`, [
      () => HttpResponse.error(),
      () => HttpResponse.json(experiment(1)),
    ])
    expect((await makeClient().experiments.retrieve(1)).id).toBe(1)
    expect(sent).toHaveLength(2)
  })

  it('a 429 is retried, even for a POST, after the Retry-After wait', async () => {
    const throttled = () =>
      HttpResponse.json(
        { type: 'throttled_error', code: 'throttled', detail: 'Request was throttled.', attr: null },
        { status: 429, headers: { 'retry-after': '1' } },
      )
    const sent = sequence('post', `${PROJECT}/experiments/`, [
      throttled,
      () => HttpResponse.json(experiment(2), { status: 201 }),
    ])
    const started = performance.now()
    const created = await makeClient().experiments.create({ name: 'x', feature_flag_key: 'x' })
    const waited = performance.now() - started
    expect(created.id).toBe(2)
    expect(sent).toHaveLength(2)
    expect(sent[1]!.body).toBe(sent[0]!.body)
    expect(waited).toBeGreaterThanOrEqual(950)
  })

  it('a 429 without Retry-After waits the seconds named in its detail', async () => {
    const throttled = () =>
      HttpResponse.json(
        {
          type: 'throttled_error',
          code: 'throttled',
          detail: 'Request was throttled. Expected available in 1 seconds.',
          attr: null,
        },
        { status: 429 },
      )
    const sent = sequence('get', `${PROJECT}/experiments/stats/`, [
      throttled,
      () => HttpResponse.json({ active_experiments: 1 }),
    ])
    const started = performance.now()
    expect(await makeClient().experiments.stats()).toEqual({ active_experiments: 1 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(950)
    expect(sent).toHaveLength(2)
  })

  it('an HTTP-date Retry-After is honoured', async () => {
    const throttled = () =>
      new HttpResponse(null, { status: 429, headers: { 'retry-after': new Date(Date.now() + 2000).toUTCString() } })
    const sent = sequence('get', `${PROJECT}/experiments/stats/`, [throttled, () => HttpResponse.json({})])
    const started = performance.now()
    await makeClient().experiments.stats()
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
    expect(sent).toHaveLength(2)
  })

  it('maxRetries: 0 sends once', async () => {
    const sent = sequence('get', `${PROJECT}/experiments/1/`, [unavailable, () => HttpResponse.json(experiment(1))])
    const error = await makeClient({ maxRetries: 0 })
      .experiments.retrieve(1)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InternalServerError)
    expect(sent).toHaveLength(1)
    const perCall = sequence('get', `${PROJECT}/experiments/2/`, [unavailable, () => HttpResponse.json(experiment(2))])
    await expect(makeClient().experiments.retrieve(2, { maxRetries: 0 })).rejects.toBeInstanceOf(InternalServerError)
    expect(perCall).toHaveLength(1)
  })

  it('a 429 that outlasts the retries surfaces as RateLimitError', async () => {
    const sent = sequence('get', `${PROJECT}/experiments/stats/`, [
      () => HttpResponse.json({ detail: 'Request was throttled. Expected available in 0 seconds.' }, { status: 429 }),
    ])
    const error = await makeClient({ maxRetries: 1 })
      .experiments.stats()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect((error as RateLimitError).retryAfter).toBe(0)
    expect(sent).toHaveLength(2)
  })
})

describe('connection failures', () => {
  const refused = () =>
    new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    })
  const reset = () =>
    new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) })

  function countingFetch(fail: () => Error, failures: number) {
    const { fetch, methods: calls } = stubFetch(() => {
      if (calls.length <= failures) throw fail()
      return jsonResponse(experiment(1), 201)
    })
    return { calls, fetch }
  }

  it('a POST whose connection was refused (never sent) is retried', async () => {
    const { calls, fetch } = countingFetch(refused, 1)
    const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch })
    expect((await client.experiments.create({ name: 'x', feature_flag_key: 'x' })).id).toBe(1)
    expect(calls).toEqual(['POST', 'POST'])
  })

  it('a POST whose socket was reset (maybe received) is not retried', async () => {
    const { calls, fetch } = countingFetch(reset, 1)
    const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch })
    const error = await client.experiments.create({ name: 'x', feature_flag_key: 'x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ConnectionError)
    expect((error as Error).message).toContain('UND_ERR_SOCKET')
    expect(calls).toEqual(['POST'])
  })
})
