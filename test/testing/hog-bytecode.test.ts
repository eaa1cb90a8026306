import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/**
 * What the fake stores for a hog function is what PostHog's compiler gives (docs/service-behaviour.md §4, §13).
 * Every expected array is written from the rule (opcode numbers of [`H2`]: STRING 32, INTEGER 33, FLOAT 34,
 * POP 35, GET_LOCAL 36, SET_LOCAL 37, RETURN 38, GET_GLOBAL 1, CALL_GLOBAL 2, PLUS 6, EQ 11, TRUE 29, DICT 42,
 * ARRAY 43, CALLABLE 52, CLOSURE 53, CALL_LOCAL 54), not computed by the compiler under test.
 */
const H = ['_H', 1] as const

function fake() {
  const api = createFakeApi({ allowUnscopedActions: true })
  return { api, call: caller(api).read }
}

type Body = Record<string, unknown> & { bytecode: unknown[] | null }

async function created(hog: string, extra: Record<string, unknown> = {}): Promise<Body> {
  const { call } = fake()
  const answer = await call('POST', 'hog_functions/', { type: 'destination', name: 'Probe', hog, ...extra })
  expect(answer.status).toBe(201)
  return answer.body as Body
}

const HOG_ERROR = { type: 'validation_error', code: 'invalid_input', detail: 'Hog code has errors.', attr: 'hog' }

describe('the bytecode the fake stores for hog [H1] [H2] [H4] [H5] [H9] [H10] [H17]', () => {
  it("[H1] [H2] stores _H, version 1, then the VM's opcodes, on create and on a PATCH of hog", async () => {
    const { call } = fake()
    const answer = await call('POST', 'hog_functions/', { type: 'destination', name: 'Hello', hog: "print('hello')" })
    expect(answer.body.bytecode).toEqual([...H, 32, 'hello', 2, 'print', 1, 35])
    // The numbers are the VM's own: @posthog/hogvm names each one as the rule does.
    const operations = createRequire(import.meta.url)('@posthog/hogvm').operations as string[]
    expect([32, 2, 35].map((code) => operations[code])).toEqual(['STRING', 'CALL_GLOBAL', 'POP'])
    const id = String(answer.body.id)
    const patched = await call('PATCH', `hog_functions/${id}/`, { hog: 'return 1 + 2' })
    expect(patched.body.bytecode).toEqual([...H, 33, 2, 33, 1, 6, 38])
    // A PATCH without hog keeps the stored bytecode.
    const sum = [...H, 33, 2, 33, 1, 6, 38]
    expect((await call('PATCH', `hog_functions/${id}/`, { name: 'Renamed' })).body.bytecode).toEqual(sum)
    expect((await call('GET', `hog_functions/${id}/`)).body).toMatchObject({ bytecode: sum, transpiled: null })
  })

  it('[H4] writes a literal with a fraction or an exponent as FLOAT, an integer as INTEGER', async () => {
    expect((await created('return [1.0, 1e3, 2]')).bytecode).toEqual([...H, 34, 1, 34, 1000, 33, 2, 43, 3, 38])
  })

  it('[H5] writes a boolean inside sql() as INTEGER true', async () => {
    expect((await created('return sql(true)')).bytecode).toEqual([
      ...H,
      32,
      '__hx_ast',
      32,
      'Constant',
      32,
      'value',
      33,
      true,
      42,
      2,
      38,
    ])
  })

  it('[H9] keeps a local in its slot, and refuses a redeclaration or an assignment to a global', async () => {
    expect((await created('let a := 1; a := a + 1; return a')).bytecode).toEqual([
      ...H,
      33,
      1,
      33,
      1,
      36,
      0,
      6,
      37,
      0,
      36,
      0,
      38,
      35,
    ])
    const { call } = fake()
    for (const hog of ['let x := 1\nlet x := 2', 'y := 1']) {
      const answer = await call('POST', 'hog_functions/', { type: 'destination', hog })
      expect(answer).toMatchObject({ status: 400, body: HOG_ERROR })
    }
  })

  it('[H10] compiles a function and a lambda as CALLABLE … CLOSURE, called with CALL_LOCAL', async () => {
    expect((await created('fun add(a, b) { return a + b }\nreturn add(1, 2)')).bytecode).toEqual([
      ...H,
      52,
      'add',
      2,
      0,
      6,
      36,
      1,
      36,
      0,
      6,
      38,
      53,
      0,
      33,
      1,
      33,
      2,
      36,
      0,
      54,
      2,
      38,
      35,
    ])
    expect((await created('let f := x -> x')).bytecode).toEqual([...H, 52, 'lambda', 1, 0, 3, 36, 0, 38, 53, 0, 35])
  })

  it('[H17] writes a tag as a dict with __hx_tag and sql() as the AST', async () => {
    expect((await created('<Sparkline data={[1,2,3]} />')).bytecode).toEqual([
      ...H,
      32,
      '__hx_tag',
      32,
      'Sparkline',
      32,
      'data',
      33,
      1,
      33,
      2,
      33,
      3,
      43,
      3,
      42,
      2,
      35,
    ])
    expect((await created('return sql(1 + 1)')).bytecode).toEqual([
      ...H,
      32,
      '__hx_ast',
      32,
      'ArithmeticOperation',
      32,
      'left',
      32,
      '__hx_ast',
      32,
      'Constant',
      32,
      'value',
      33,
      1,
      42,
      2,
      32,
      'right',
      32,
      '__hx_ast',
      32,
      'Constant',
      32,
      'value',
      33,
      1,
      42,
      2,
      32,
      'op',
      32,
      '+',
      42,
      4,
      38,
    ])
  })

  it('stores no bytecode for the JavaScript-source types (docs/service-behaviour.md §4.1)', async () => {
    const body = await created('export function onLoad() {}', { type: 'site_app' })
    expect(body.bytecode).toBeNull()
    expect(body.transpiled).toEqual(expect.any(String))
  })
})

describe('compile errors as the service answers them [H19] [T6] [V2]', () => {
  it('[H19] refuses hog that does not parse, on create and PATCH, leaving the stored function as it was', async () => {
    const { call } = fake()
    const refused = await call('POST', 'hog_functions/', { type: 'destination', hog: 'let x := ' })
    expect(refused).toMatchObject({ status: 400, body: HOG_ERROR })
    const { body } = await call('POST', 'hog_functions/', { type: 'destination', name: 'Kept', hog: 'return 1' })
    const id = String(body.id)
    const patched = await call('PATCH', `hog_functions/${id}/`, { hog: 'return (' })
    expect(patched).toMatchObject({ status: 400, body: HOG_ERROR })
    const kept = (await call('GET', `hog_functions/${id}/`)).body
    expect(kept).toMatchObject({ hog: 'return 1', bytecode: [...H, 33, 1, 38] })
  })

  it('[T6] refuses an input template that does not compile, on the input', async () => {
    const { call } = fake()
    const answer = await call('POST', 'hog_functions/', {
      type: 'destination',
      hog: 'print(inputs.url)',
      inputs_schema: [{ type: 'string', key: 'url' }],
      inputs: { url: { value: 'https://x/{event' } },
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ type: 'validation_error', attr: 'inputs__url' })
    expect(String(answer.body.detail)).toMatch(/^Invalid template: /)
  })

  it('[V2] answers a test run whose configuration does not compile with the raw errors', async () => {
    const { call } = fake()
    const event = { uuid: '0190a1b2-0000-7000-8000-000000000009', event: 'e', distinct_id: 'd', properties: {} }
    const schema = [{ type: 'string', key: 'u' }]
    const bad = { type: 'destination', hog: 'print(1)', inputs_schema: schema, inputs: { u: { value: '{' } } }
    const answer = await call('POST', 'hog_functions/new/invocations/', { configuration: bad, globals: { event } })
    expect(answer.status).toBe(400)
    const errors = (answer.body as { configuration: { inputs: { u: string[] } } }).configuration.inputs.u
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^Invalid template: /)
  })
})

describe('inputs, filters and masking compiled as the service compiles them [T1] [T2] [T3] [F1] [F2] [F3]', () => {
  it('[T1] [T2] [T3] compiles each templated string leaf and orders inputs after those they read', async () => {
    const { call } = fake()
    const { body } = await call('POST', 'hog_functions/', {
      type: 'destination',
      hog: 'print(inputs)',
      inputs_schema: [
        { type: 'string', key: 'greeting' },
        { type: 'string', key: 'name' },
        { type: 'dictionary', key: 'body' },
        { type: 'number', key: 'count' },
        { type: 'string', key: 'raw', templating: false },
      ],
      inputs: {
        greeting: { value: 'Hi {inputs.name}' },
        name: { value: '{event.event}' },
        body: { value: { id: '{person.id}', n: 1 } },
        count: { value: 3 },
        raw: { value: '{not compiled}' },
      },
    })
    expect(body.inputs).toEqual({
      greeting: {
        value: 'Hi {inputs.name}',
        bytecode: [...H, 32, 'Hi ', 32, 'name', 32, 'inputs', 1, 2, 2, 'concat', 2],
        order: 4,
      },
      name: { value: '{event.event}', bytecode: [...H, 32, 'event', 32, 'event', 1, 2], order: 0 },
      body: {
        value: { id: '{person.id}', n: 1 },
        bytecode: { id: [...H, 32, 'id', 32, 'person', 1, 2], n: 1 },
        order: 1,
      },
      count: { value: 3, order: 2 },
      raw: { value: '{not compiled}', order: 3 },
    })
  })

  it("[F1] [F2] [F3] stores the filters' expression compiled, `true` for none; masking's hash", async () => {
    const { call } = fake()
    const filtered = await call('POST', 'hog_functions/', {
      type: 'destination',
      hog: 'print(1)',
      filters: { events: [{ id: '$pageview', type: 'events' }], bytecode: ['_H', 1, 30] },
      masking: { ttl: 60, hash: '{person.id}' },
    })
    expect(filtered.body.filters).toEqual({
      source: 'events',
      events: [{ id: '$pageview', type: 'events' }],
      bytecode: [...H, 32, '$pageview', 32, 'event', 1, 1, 11],
    })
    expect(filtered.body.masking).toMatchObject({ hash: '{person.id}', bytecode: [...H, 32, 'id', 32, 'person', 1, 2] })
    expect((await created('print(1)')).filters).toEqual({ source: 'events', bytecode: [...H, 29] })
  })

  it('[F1] [H12] refuses a cohort filter while the function is enabled, else stores its bytecode_error', async () => {
    const { call } = fake()
    const filters = { properties: [{ type: 'cohort', key: 'id', value: 7 }] }
    const error = "Can't use cohorts in real-time filters. Please inline the relevant expressions (cohort id=7)."
    const write = (enabled: boolean) =>
      call('POST', 'hog_functions/', { type: 'destination', hog: 'print(1)', enabled, filters })
    const refused = await write(true)
    const detail = `Invalid filter configuration: ${error}`
    expect(refused).toMatchObject({ status: 400, body: { detail, attr: 'filters' } })
    const saved = await write(false)
    expect(saved.body.filters).toEqual({ source: 'events', ...filters, bytecode: null, bytecode_error: error })
    const enabling = await call('PATCH', `hog_functions/${String(saved.body.id)}/`, { enabled: true })
    expect(enabling).toMatchObject({ status: 400, body: { detail } })
  })

  it('[H1] compiles seeds too: on the first request when seeded before the compiler was loaded', async () => {
    const { api, call } = fake()
    const schema = [{ type: 'string', key: 'u', required: false, secret: false, hidden: false }]
    const inputs = { u: { value: 'x {event.event}' } }
    const [seeded] = api.seed.hogFunctions({ hog: 'return 7', inputs_schema: schema, inputs })
    const read = await call('GET', `hog_functions/${String(seeded?.id)}/`)
    expect(read.body).toMatchObject({
      bytecode: [...H, 33, 7, 38],
      inputs: {
        u: {
          value: 'x {event.event}',
          bytecode: [...H, 32, 'x ', 32, 'event', 32, 'event', 1, 2, 2, 'concat', 2],
          order: 0,
        },
      },
      filters: { source: 'events', bytecode: [...H, 29] },
    })
  })
})
