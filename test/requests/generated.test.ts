import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createFieldsModule, fieldNames } from '../../scripts/generate-requests.js'
import { CREATE_FIELDS, type CreateGroup } from '../../src/core/create-fields.js'
import { OPERATIONS, type OperationId } from '../../src/core/operations.js'
import { REQUESTS } from '../../src/requests/by-method.js'

/**
 * The create bodies' field names (what toCreateParams reads back) are generated from the request shapes, and never
 * stale.
 */
describe('src/core/create-fields.ts', () => {
  it('is what `npm run generate` writes from src/requests today', () => {
    const committed = readFileSync(new URL('../../src/core/create-fields.ts', import.meta.url), 'utf8')
    expect(committed, 'stale: run `npm run generate`').toBe(createFieldsModule())
  })

  it('has the body fields of every create operation, from its shape', () => {
    const creates = (Object.keys(OPERATIONS) as OperationId[]).filter((id) => id.endsWith('.create'))
    expect(creates.length).toBeGreaterThanOrEqual(10)
    for (const id of creates) {
      const group = id.slice(0, -'.create'.length) as CreateGroup
      expect(CREATE_FIELDS[group]?.split(' '), id).toEqual(fieldNames(REQUESTS[id]!.body!))
    }
  })

  it('every operation that takes a body has its shape', () => {
    const missing = (Object.keys(OPERATIONS) as OperationId[]).filter(
      (id) => OPERATIONS[id].body && !REQUESTS[id]?.body,
    )
    expect(missing).toEqual([])
  })
})
