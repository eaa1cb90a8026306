import { describe, expect, it, vi } from 'vitest'
import { ResponseValidationError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { failure } from '../helpers/async.js'
import { API_KEY, PROJECT, makeClient, useMswApi } from '../helpers/msw-server.js'

/**
 * A write the service carried out is never reported as a failure only because its answer did not match
 * the schema (issue 29): the call resolves with the answer as sent (the created id is not lost, and no
 * retry makes a duplicate), `withResponse()` gives the issues, and the logger gets a warning. A read with
 * the same answer still rejects.
 */
const api = useMswApi()
const BODY = { name: 'Checkout', feature_flag_key: 'checkout' }
/** What the service stored for an `archived: 'yes'` sent by a JavaScript caller: a string where a boolean belongs. */
const odd = (id: number) => ({ ...experiment(id), archived: 'yes', name: 'Checkout' })

function logger() {
  return { debug: vi.fn<(line: string) => void>(), warn: vi.fn<(line: string) => void>() }
}

describe('a write whose answer fails validation', () => {
  it(
    'create resolves with the answer as sent: the id is there, withResponse() names the issue, the logger warns ' +
      'once, one request',
    async () => {
      const sent = api.answer('post', 'experiments/', odd(41), 201)
      const log = logger()
      const client = makeClient({ logger: log })
      const created = await client.experiments.create(BODY)
      expect(created.id).toBe(41)
      expect((created as unknown as { archived: unknown }).archived).toBe('yes')
      expect(sent).toHaveLength(1)
      expect(log.warn).toHaveBeenCalledTimes(1)
      const line = log.warn.mock.calls[0]![0]
      expect(line).toContain(`POST ${PROJECT}/experiments/ (201)`)
      expect(line).toContain('archived')
      expect(line).toContain('the write was done')

      const { data, issues, response } = await client.experiments.create(BODY).withResponse()
      expect(data.id).toBe(41)
      expect(response.status).toBe(201)
      expect(issues?.map((issue) => issue.path)).toEqual([['archived']])
    },
  )

  it('update and the lifecycle helpers (PATCH) resolve the same way', async () => {
    api.answer('patch', 'experiments/41/', { ...odd(41), description: 'new' })
    const updated = await makeClient().experiments.update(41, { description: 'new' })
    expect(updated).toMatchObject({ id: 41, description: 'new', archived: 'yes' })
    expect((await makeClient().experiments.archive(41)).id).toBe(41)
  })

  it('without a warn method the line goes to debug; the key is never in it', async () => {
    api.answer('post', 'experiments/', { ...odd(42), description: `echo ${API_KEY}` }, 201)
    const log = { debug: vi.fn<(line: string) => void>() }
    await makeClient({ logger: log }).experiments.create(BODY)
    const lines = log.debug.mock.calls.map(([line]) => line)
    expect(lines.filter((line) => line.includes('the write was done'))).toHaveLength(1)
    expect(lines.join('\n')).not.toContain(API_KEY)
  })

  it('a valid answer has no issues', async () => {
    api.answer('post', 'experiments/', experiment(43), 201)
    const { issues } = await makeClient().experiments.create(BODY).withResponse()
    expect(issues).toBeUndefined()
  })

  it(
    'a read with the same answer still rejects with ' + 'ResponseValidationError, as does a POST that only reads',
    async () => {
      api.answer('get', 'experiments/41/', odd(41))
      const error = await failure(makeClient().experiments.retrieve(41))
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as ResponseValidationError).issues[0]?.path).toEqual(['archived'])
      api.answer('post', 'endpoints/daily/run/', { results: 'not a list' })
      expect(await failure(makeClient().endpoints.run('daily'))).toBeInstanceOf(ResponseValidationError)
    },
  )

  it('an answer that is not JSON at all still rejects (there is no resource to give), keeping the text', async () => {
    api.serve(
      'post',
      'experiments/',
      () => new Response('<html>created</html>', { status: 201, headers: { 'content-type': 'text/html' } }),
    )
    const error = await failure(makeClient().experiments.create(BODY))
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).body).toBe('<html>created</html>')
  })
})
