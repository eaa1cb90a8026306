import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import { closest } from '../../src/core/closest.js'
import { useE2E } from '../helpers/fake-server.js'

/**
 * The SDK refuses, before sending, a top-level body or query field it does not know and a value outside a
 * closed enum, naming the field and the nearest known name; `extraBody`/`extraQuery` still send anything.
 */
describe('unknown fields and closed enums, refused before sending', () => {
  const e2e = useE2E({}, 'test')

  async function refusal(call: Promise<unknown>): Promise<InvalidArgumentError> {
    const error = await call.then(
      () => undefined,
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(InvalidArgumentError)
    return error as InvalidArgumentError
  }

  it('a misspelled body field names the field and the nearest known name; nothing is sent', async () => {
    const client = e2e.client()
    const error = await refusal(client.hogFunctions.create({ name: 'Hook', hgo: 'return 1' } as never))
    expect(error.argument).toBe('body.hgo')
    expect(error.message).toContain(
      'did you mean "hog"? Send fields the SDK does not know yet with the request option extraBody',
    )
    expect(error.message).toContain('extraBody')
    expect(e2e.fake.requests).toHaveLength(0)
  })

  it('a value outside a closed enum at the top level of a body lists the allowed values; nothing is sent', async () => {
    const error = await refusal(e2e.client().hogFunctions.create({ name: 'Hook', type: 'webhook' } as never))
    expect(error.argument).toBe('body.type')
    expect(error.message).toMatch(/expected one of "destination", .*got "webhook"/)
    expect(e2e.fake.requests).toHaveLength(0)
  })

  it('an unknown query parameter and a query value outside its enum are refused; nothing is sent', async () => {
    const client = e2e.client()
    const unknown = await refusal(client.hogFunctions.list({ serach: 'x' } as never))
    expect(unknown.argument).toBe('params.serach')
    expect(unknown.message).toContain('did you mean "search"?')
    expect(unknown.message).toContain('extraQuery')
    const outside = await refusal(
      client.hogFunctions.metrics('00000000-0000-0000-0000-000000000001', { interval: 'minute' } as never),
    )
    expect(outside.argument).toBe('params.interval')
    expect(outside.message).toContain('expected one of "hour", "day", "week"')
    expect(e2e.fake.requests).toHaveLength(0)
  })

  it('extraBody and extraQuery still send fields the SDK does not know', async () => {
    const client = e2e.client()
    await client.hogFunctions.list({}, { extraQuery: { brand_new: 'x' } })
    expect(e2e.fake.requests.at(-1)!.url).toContain('brand_new=x')
    const created = await client.hogFunctions.create(
      { name: 'Hook', hog: 'return 1', type: 'destination' },
      { extraBody: { brand_new_field: 1 } },
    )
    expect(created.name).toBe('Hook')
    expect(e2e.fake.requests.at(-1)!.body).toMatchObject({ brand_new_field: 1 })
  })

  it('undefined and null values are left to the types and the service', async () => {
    await e2e.client().hogFunctions.list({ search: undefined })
    expect(e2e.fake.requests).toHaveLength(1)
  })
})

describe('closest', () => {
  it('finds transpositions, a dropped letter and case slips; nothing for a distant name', () => {
    expect(closest('conclsuion', ['conclusion', 'conclusion_comment'])).toBe('conclusion')
    expect(closest('descripton', ['name', 'description'])).toBe('description')
    expect(closest('Name', ['name'])).toBe('name')
    expect(closest('zzz', ['name', 'description'])).toBeUndefined()
  })
})
