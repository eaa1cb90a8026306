import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { knownFields, requestFieldsModule } from '../../scripts/generate-requests.js'
import { REQUEST_FIELDS } from '../../src/core/request-fields.js'
import { OPERATIONS, type OperationId } from '../../src/core/operations.js'
import { REQUESTS } from '../../src/requests/by-method.js'

/** The SDK's table of top-level fields is generated from the request shapes, and never stale. */
describe('src/core/request-fields.ts', () => {
  it('is what `npm run generate` writes from src/requests today', () => {
    const committed = readFileSync(new URL('../../src/core/request-fields.ts', import.meta.url), 'utf8')
    expect(committed, 'stale: run `npm run generate`').toBe(requestFieldsModule())
  })

  it('has the body and query of every operation that takes one, from its shapes', () => {
    for (const [id, shapes] of Object.entries(REQUESTS)) {
      if (!(id in OPERATIONS)) continue
      const fields = REQUEST_FIELDS[id as OperationId]
      if (shapes.body) expect(fields?.body, id).toEqual(knownFields(shapes.body))
      if (shapes.params) expect(fields?.query, id).toEqual(knownFields(shapes.params))
    }
  })

  it('every operation that takes a body has its shape', () => {
    const missing = (Object.keys(OPERATIONS) as OperationId[]).filter((id) => OPERATIONS[id].body && !REQUESTS[id]?.body)
    expect(missing).toEqual([])
  })
})
