import { describe, expect, it } from 'vitest'
import { ResponseValidationError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { API_KEY, PROJECT, makeClient, reply, useMswApi } from '../helpers/msw-server.js'

const api = useMswApi()
const LIST = `${PROJECT}/experiments/`
const page = (ids: number[], next: string | null) => ({
  count: null,
  next,
  previous: null,
  results: ids.map((id) => ({ ...experiment(), id })),
})

/** More items than any walk here has: a walk past it did not stop at its loop (it would run for minutes). */
const MAX_ITEMS = 20

async function walk(): Promise<{ ids: number[]; error: unknown }> {
  const ids: number[] = []
  try {
    for await (const item of makeClient({ maxRetries: 0 }).experiments.list()) {
      ids.push(item.id)
      if (ids.length > MAX_ITEMS)
        throw new Error(`the walk ran on past ${MAX_ITEMS} items: the loop guard did not stop it`)
    }
    return { ids, error: undefined }
  } catch (error) {
    return { ids, error }
  }
}

describe('walks that cannot run away', () => {
  it('a next link equal to its own URL ends the walk after the items read, with one request', async () => {
    const sent = api.serve('get', 'experiments/', () => reply(page([1, 2], LIST)))
    const { ids, error } = await walk()
    expect(ids).toEqual([1, 2])
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).issues[0]?.code).toBe('next_link_loop')
    expect(sent).toHaveLength(1)
  })

  it('a cycle of two pages ends after both pages, each read once', async () => {
    const second = `${LIST}?offset=2&token=${API_KEY}`
    const sent = api.serve('get', 'experiments/', (request) =>
      reply(new URL(request.url).searchParams.has('offset') ? page([3, 4], `${LIST}`) : page([1, 2], second)),
    )
    const { ids, error } = await walk()
    expect(ids).toEqual([1, 2, 3, 4])
    expect((error as ResponseValidationError).issues[0]?.code).toBe('next_link_loop')
    expect(sent).toHaveLength(2)
    // The server-written link carried the key: the boundary removed it.
    expect(JSON.stringify(error) + String(error)).not.toContain(API_KEY)
  })

  it('getNextPage() by hand may read the same page twice: only a walk refuses to loop', async () => {
    api.serve('get', 'experiments/', (request) =>
      reply(new URL(request.url).searchParams.has('offset') ? page([3], null) : page([1], `${LIST}?offset=1`)),
    )
    const first = await makeClient().experiments.list()
    const again = [await first.getNextPage(), await first.getNextPage()]
    expect(again.map((next) => next.results.map((item) => item.id))).toEqual([[3], [3]])
  })
})
