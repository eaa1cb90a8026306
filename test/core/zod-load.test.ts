import { afterEach, describe, expect, it, vi } from 'vitest'
import { DecodeFailure, parseWith } from '../../src/core/validation.js'
import * as z from '../../src/core/zod.js'

/** zod is loaded only for a body that fails the compiled check, and a load that failed is tried again. */
describe('loading zod on demand', () => {
  const schema = z.looseObject({ id: z.number() })

  afterEach(() => {
    vi.doUnmock('../../src/core/zod-parse.js')
  })

  it('a body that passes the check is returned as it is, synchronously', () => {
    const body = { id: 1, extra: 'kept' }
    expect(parseWith(schema, body)).toBe(body)
  })

  it('a body that fails it waits for zod, then rejects with zod’s issues; a failed load is tried again', async () => {
    vi.doMock('../../src/core/zod-parse.js', () => {
      throw new Error('chunk not reachable')
    })
    const first = parseWith(schema, { id: 'one' })
    expect(first).toBeInstanceOf(Promise)
    // The load's own error, as the import gave it (vitest wraps the factory's), not a verdict on the body.
    const loadError = await Promise.resolve(first).catch((error: unknown) => error)
    expect(loadError).toBeInstanceOf(Error)
    expect(loadError).not.toBeInstanceOf(DecodeFailure)

    vi.doUnmock('../../src/core/zod-parse.js')
    const failure = await Promise.resolve(parseWith(schema, { id: 'one' })).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(DecodeFailure)
    expect((failure as DecodeFailure).issues).toEqual([expect.objectContaining({ code: 'invalid_type', path: ['id'], expected: 'number' })])
  })
})
