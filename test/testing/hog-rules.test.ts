import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/** The fake's test runs (`hog_functions/new/invocations/`) against the rules of docs/service-behaviour.md §13. */
const event = {
  uuid: '0190a1b2-0000-7000-8000-000000000002',
  event: 'signed_up',
  distinct_id: 'd9',
  properties: { plan: 'pro', url: 'https://shop.example.test/checkout' },
  timestamp: '2026-11-20T11:00:00Z',
}
const person = { id: 'p9', properties: { email: 'grace@example.test', age: 40 } }

function fake() {
  const api = createFakeApi({ allowUnscopedActions: true, now: () => new Date('2026-11-20T12:00:00Z') })
  return { api, call: caller(api).read }
}

async function invoke(configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { call } = fake()
  const { body } = await call('POST', 'hog_functions/new/invocations/', {
    configuration: { type: 'destination', ...configuration },
    globals: { event, person },
    ...extra,
  })
  return body as { status: string; result: unknown; errors: string[]; logs: { level: string; message: string }[] }
}

const messages = (body: { logs: { level: string; message: string }[] }) =>
  body.logs.filter((log) => log.level !== 'debug').map((log) => log.message)

describe('hog code as the fake runs it [H3] [H6] [H7] [H8] [H12] [H13] [H14] [H15] [H16] [R4] [R6]', () => {
  it(
    '[H3] [H12] [H16] [R6] prints operators, inlined calls and ' + 'f-strings; non-strings as JSON joined by a comma',
    async () => {
      const body = await invoke({
        hog: "print(10 - 3, 7 / 2, 2 between 1 and 3, ifNull(null, 'x'), not true, f'{event.event}!', {'a': [1]})",
      })
      expect(messages(body)).toEqual(['7, 3.5, true, x, false, signed_up!, {"a":[1]}'])
    },
  )

  it('[H6] [H7] [H13] [H14] [H15] reads globals and nullish chains, loops, catches', async () => {
    const hog = [
      'let n := 0',
      "for (let k, v in {'a': 1, 'b': 2}) { n := n + v }",
      'while (n < 10) { n := n * 2 }',
      "try { throw Error('x') } catch (e) { print('caught', e.message) }",
      'print(n, event.properties?.missing?.deeper, person.properties.email)',
    ].join('\n')
    expect(messages(await invoke({ hog }))).toEqual(['caught, x', '12, null, grace@example.test'])
  })

  it('[H18] runs the standard library, native and bytecode functions alike', async () => {
    const body = await invoke({
      hog: "print(arrayMap(x -> x * 2, [1, 2]), jsonStringify({'a': 1}), arrayFilter(x -> x > 1, [1, 2, 3]))",
    })
    expect(messages(body)).toEqual(['[2,4], {"a":1}, [2,3]'])
  })

  it(
    '[H8] [H11] [R4] an unknown function compiles and fails ' + 'when called; an unknown global fails when read',
    async () => {
      expect((await invoke({ hog: 'nope(1)' })).errors).toEqual(['Unsupported function call: nope'])
      expect((await invoke({ hog: 'return missing.value' })).errors).toEqual([
        'Global variable not found: missing.value',
      ])
    },
  )
})

describe('running [R1] [R2] [R3] [R5] [R6] [R8] [R9] [R10] [R11] [R12] [R13]', () => {
  it('[R1] [R2] stops an endless loop at the CDP time limit', async () => {
    const body = await invoke({ hog: 'while (true) { }' })
    expect(body.status).toBe('error')
    expect(body.errors[0]).toMatch(/^Execution timed out after 0.55 seconds/)
    const line =
      `Error executing function on event ${event.uuid}: ` + `HogVMException: Execution timed out after 0.55 seconds.`
    expect(body.logs.at(-1)?.message).toContain(line)
  })

  it('[R3] [R5] gives the CDP globals and closes with the completion line', async () => {
    const body = await invoke({ name: 'G', hog: 'print(project.id, source.name, person.name, event.distinct_id)' })
    expect(messages(body)).toEqual(['1, G, grace@example.test, d9'])
    expect(body.logs.at(-1)?.message).toMatch(
      /^Function completed in \d+ms\. Sync: \d+ms\. Mem: \d+ bytes\. Ops: \d+\. Event: '/,
    )
  })

  it('[R6] keeps 25 prints, then one warning', async () => {
    const body = await invoke({ hog: 'for (let i := 0; i < 30; i := i + 1) { print(i) }' })
    const lines = messages(body)
    expect(lines).toHaveLength(26)
    expect(lines.at(-1)).toBe(
      `Function exceeded maximum log entries. No more logs will be collected. Event: ${event.uuid}`,
    )
  })

  it('[R8] [R9] without mocking, fetch logs no mock lines and still never leaves the machine', async () => {
    const body = await invoke(
      { hog: "let res := fetch('https://x.example.test', {}); print(res.status)" },
      { mock_async_functions: false },
    )
    expect(messages(body)).toEqual(['200'])
  })

  it('[R10] [R13] postHogCapture runs without capturing; masking does not apply to a test run', async () => {
    const body = await invoke({
      hog: "postHogCapture({'event': 'x'}); print('after')",
      masking: { ttl: 60, hash: '{person.id}', threshold: null },
    })
    expect(body.status).toBe('success')
    expect(messages(body)).toEqual([
      'Not evaluated by the fake: postHogCapture (captured events are not recorded here)',
      'after',
    ])
  })

  it('[R11] one invocation per matching mapping', async () => {
    const mappings = [
      {
        name: 'a',
        inputs: { label: { value: 'A {event.event}' } },
        filters: { events: [{ id: 'signed_up', type: 'events' }] },
      },
      { name: 'b', inputs: { label: { value: 'B' } }, filters: { events: [{ id: 'other', type: 'events' }] } },
    ]
    const body = await invoke({
      hog: 'print(inputs.label)',
      inputs_schema: [{ key: 'label', type: 'string' }],
      mappings,
    })
    expect(messages(body)).toEqual(['Mapping trigger not matching filters was ignored.', 'A signed_up'])
  })

  it('[R12] a transformation returning null drops the event: result null', async () => {
    const body = await invoke({ type: 'transformation', hog: 'return null' })
    expect(body).toMatchObject({ status: 'success', result: null })
  })
})

describe('filters [F1] [F2] [F3] [F4] [F5] [F6] [F7] [F8] [F9] [F10]', () => {
  const ran = async (filters: Record<string, unknown>, extra: { actions?: unknown[] } = {}) => {
    const { api, call } = fake()
    if (extra.actions) api.seed.actions(extra.actions as never)
    const { body } = await call('POST', 'hog_functions/new/invocations/', {
      configuration: { type: 'destination', hog: "print('ran')", filters },
      globals: { event, person },
    })
    return body as { status: string; logs: { level: string; message: string }[] }
  }

  it('[F1] [F2] [F3] [F10] events match by name; an entry with id null matches all', async () => {
    expect((await ran({ events: [{ id: 'signed_up', type: 'events' }] })).status).toBe('success')
    expect((await ran({ events: [{ id: 'other', type: 'events' }] })).status).toBe('skipped')
    expect((await ran({ events: [{ id: null, type: 'events' }] })).status).toBe('success')
  })

  it('[F4] [F5] property operators and list values', async () => {
    const property = (filter: Record<string, unknown>) => ran({ properties: [{ type: 'event', ...filter }] })
    expect((await property({ key: 'url', value: 'CHECKOUT', operator: 'icontains' })).status).toBe('success')
    expect((await property({ key: 'url', value: 'checkout$', operator: 'regex' })).status).toBe('success')
    expect((await property({ key: 'plan', value: ['free', 'pro'], operator: 'exact' })).status).toBe('success')
    expect((await property({ key: 'plan', value: ['free', 'pro'], operator: 'is_not' })).status).toBe('skipped')
    expect((await property({ key: 'missing', operator: 'is_set' })).status).toBe('skipped')
    expect((await property({ key: 'plan', value: [], operator: 'exact' })).status).toBe('success')
  })

  it('[F6] [F9] person properties and HogQL filters read the filter globals', async () => {
    expect((await ran({ properties: [{ type: 'person', key: 'age', value: 30, operator: 'gt' }] })).status).toBe(
      'success',
    )
    expect(
      (await ran({ properties: [{ type: 'hogql', key: "pdi.person.properties.email = 'grace@example.test'" }] }))
        .status,
    ).toBe('success')
    expect((await ran({ properties: [{ type: 'hogql', key: "event = 'other'" }] })).status).toBe('skipped')
  })

  it("[F7] an action entry is the project's action", async () => {
    const actions = [
      { name: 'Signed up', steps: [{ event: 'signed_up' }] },
      { name: 'Signed up at checkout', steps: [{ event: 'signed_up', url: '/checkout', url_matching: 'contains' }] },
    ]
    expect((await ran({ actions: [{ id: 1, type: 'actions' }] }, { actions })).status).toBe('success')
    // The step reads properties.$current_url, which this event does not have.
    expect((await ran({ actions: [{ id: 2, type: 'actions' }] }, { actions })).status).toBe('skipped')
  })

  it('[F8] test-account filters the fake does not hold are said, not silently passed', async () => {
    const body = await ran({ filter_test_accounts: true })
    expect(body.logs[0]).toMatchObject({ level: 'warn', message: expect.stringContaining('filter_test_accounts') })
  })
})

describe('inputs [T1] [T2] [T3] [T4] [T5] [T6]', () => {
  it('[T1] [T3] templates in dictionaries, evaluated in order', async () => {
    const body = await invoke({
      hog: 'print(inputs.body)',
      inputs_schema: [
        { key: 'who', type: 'string' },
        { key: 'body', type: 'json' },
      ],
      inputs: {
        body: { value: { user: '{inputs.who}', n: 2 }, order: 1 },
        who: { value: '{person.properties.email}', order: 0 },
      },
    })
    expect(messages(body)).toEqual(['{"user":"grace@example.test","n":2}'])
  })

  it('[T2] a liquid input is not evaluated (said), the raw value used', async () => {
    const body = await invoke({
      hog: 'print(inputs.x)',
      inputs_schema: [{ key: 'x', type: 'string', templating: 'liquid' }],
      inputs: { x: { value: '{{ event.event }}', templating: 'liquid' } },
    })
    expect(messages(body)).toEqual([
      'Not evaluated by the fake: inputs.x: liquid templating (the raw value is used)',
      '{{ event.event }}',
    ])
  })

  it('[T4] [T6] a template that fails stops the run', async () => {
    const body = await invoke({
      hog: "print('no')",
      inputs_schema: [{ key: 'x', type: 'string' }],
      inputs: { x: { value: '{nope(1)}' } },
    })
    expect(body).toMatchObject({ status: 'error', errors: ['Could not execute bytecode for input field: x'] })
  })

  it('[T5] [R7] a masked secret keeps the stored value, redacted from every line', async () => {
    const { api, call } = fake()
    const schema = [{ key: 'token', type: 'string', label: 'Token', secret: true, required: true, hidden: false }]
    const [stored] = api.seed.hogFunctions([
      { hog: "print('t', inputs.token)", inputs_schema: schema as never, inputs: { token: { value: 'tok-secret-1' } } },
    ])
    const { body } = await call('POST', `hog_functions/${stored?.id}/invocations/`, {
      configuration: { inputs: { token: { secret: true } } },
      globals: { event },
    })
    expect(messages(body)).toEqual(['t, ***REDACTED***'])
    expect(JSON.stringify(body)).not.toContain('tok-secret-1')
  })
})
