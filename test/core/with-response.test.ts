import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { NotFoundError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { PROJECT, makeClient, useMswServer } from '../helpers/msw-server.js'

const server = useMswServer()

/**
 * The `Response` of `withResponse()`: the SDK read its body already, and the caller can still read it once, as from
 * fetch.
 */
describe('the Response of withResponse()', () => {
  const answer = (status = 200) =>
    server.use(
      http.get(`${PROJECT}/experiments/7/`, () =>
        HttpResponse.json(experiment(7), { status, headers: { 'x-request-id': 'r-1' } }),
      ),
    )

  it('is a Response with the status, headers and URL of the answer', async () => {
    answer()
    const { response } = await makeClient().experiments.retrieve(7).withResponse()
    expect(response).toBeInstanceOf(Response)
    expect(response.ok).toBe(true)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('r-1')
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.url).toBe(`${PROJECT}/experiments/7/`)
    expect(response.bodyUsed).toBe(false)
  })

  it('gives its body once, by every reader, like a fetch Response', async () => {
    const body = JSON.stringify(experiment(7))
    const readers: Array<[string, (response: Response) => Promise<unknown>, unknown]> = [
      ['text', (response) => response.text(), body],
      ['json', (response) => response.json(), experiment(7)],
      ['arrayBuffer', async (response) => new TextDecoder().decode(await response.arrayBuffer()), body],
      ['blob', async (response) => (await response.blob()).text(), body],
      ['body', async (response) => new Response(response.body).text(), body],
    ]
    for (const [name, read, expected] of readers) {
      answer()
      const { response } = await makeClient().experiments.retrieve(7).withResponse()
      expect(await read(response), name).toEqual(expected)
      expect(response.bodyUsed, name).toBe(true)
      await expect(response.text(), name).rejects.toThrow(TypeError)
    }
  })

  it('clones before the body is read, and refuses to clone after', async () => {
    answer()
    const { response } = await makeClient().experiments.retrieve(7).withResponse()
    const copy = response.clone()
    expect(await copy.json()).toEqual(experiment(7))
    expect(copy.headers.get('x-request-id')).toBe('r-1')
    expect(await response.json()).toEqual(experiment(7))
    expect(() => response.clone()).toThrow(TypeError)
  })

  it('has bytes() exactly where the runtime’s own Response has it', async () => {
    answer()
    const { response } = await makeClient().experiments.retrieve(7).withResponse()
    expect('bytes' in response).toBe('bytes' in Response.prototype)
  })

  it('an error keeps the body it was made from, and its Response can still be read', async () => {
    server.use(
      http.get(`${PROJECT}/experiments/7/`, () =>
        HttpResponse.json(
          { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null },
          { status: 404 },
        ),
      ),
    )
    const error = (await makeClient()
      .experiments.retrieve(7)
      .catch((caught: unknown) => caught)) as NotFoundError
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error.body).toEqual({ type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null })
    expect(error.headers.get('content-type')).toBe('application/json')
  })
})
