import { describe, expect, it } from 'vitest'
import { runHogFunction, type HogFunctionSpec } from 'posthog-project-client/hog'
import { joined } from '../helpers/regex.js'

const SECRET = 'sk-live-123456'
const env = { POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN: SECRET }

/** A webhook destination as a `hogFunctions` spec has it: a secret header from `$env`, a templated body. */
const webhook: HogFunctionSpec = {
  type: 'destination',
  name: 'Order webhook',
  hog: [
    "let res := fetch(inputs.url, {'method': 'POST', 'headers': {'Authorization': f'Bearer " +
      "{inputs.api_token}'}, 'body': inputs.body})",
    "print('sent with', inputs.api_token, res.status)",
  ].join('\n'),
  inputs_schema: [
    { key: 'url', type: 'string' },
    { key: 'api_token', type: 'string', secret: true },
    { key: 'body', type: 'json' },
  ],
  inputs: {
    url: { value: 'https://hooks.example.test/orders' },
    api_token: { value: { $env: 'POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN' } },
    body: {
      value: { event: '{event.event}', total: '{event.properties.total}', who: '{person.properties.email}', fixed: 3 },
    },
  },
  filters: {
    events: [{ id: 'order_placed', type: 'events', name: 'order_placed' }],
    properties: [{ key: 'total', value: '10', operator: 'gt', type: 'event' }],
  },
}

const order = { event: 'order_placed', distinct_id: 'd1', properties: { total: 25 } }
const person = { id: 'p1', properties: { email: 'ada@example.test' } }

describe('runHogFunction [F10] [T1] [T4] [R3] [R6] [R7] [R8]', () => {
  it('on a matching event records one call with the evaluated body and the secret header', async () => {
    const seen: Record<string, string>[] = []
    const run = await runHogFunction(
      webhook,
      { event: order, person, fetch: (_url, call) => (seen.push(call.headers), { status: 202, body: {} }) },
      { env },
    )
    expect(run.skipped).toBe(false)
    expect(run.error).toBeNull()
    expect(run.calls).toEqual([
      {
        url: 'https://hooks.example.test/orders',
        method: 'POST',
        headers: { Authorization: 'Bearer ***REDACTED***' },
        body: { event: 'order_placed', total: 25, who: 'ada@example.test', fixed: 3 },
      },
    ])
    // The handler is the one place that sees the secret itself; logs never do.
    expect(seen).toEqual([{ Authorization: `Bearer ${SECRET}` }])
    expect(run.logs[0]).toEqual({ level: 'info', message: 'sent with, ***REDACTED***, 202' })
    // [R5] the executor's completion line closes the run
    expect(run.logs[1]?.message).toMatch(
      joined(
        /^Function completed in [\d.]+ms\. Sync: [\d.]+ms\. Mem: \d+ bytes\. Ops: \d+\. Event: /,
        /'http:\/\/localhost:8000\/project\/1\/events\//,
      ),
    )
    expect(run.logs).toHaveLength(2)
    expect(JSON.stringify(run)).not.toContain(SECRET)
    expect(run.unsupported).toEqual([])
  })

  it('on another event, or a property that does not match, reports skipped and runs nothing', async () => {
    const other = await runHogFunction(webhook, { event: { event: '$pageview' } }, { env })
    expect(other).toMatchObject({ skipped: true, calls: [], logs: [], reason: 'The event does not match the filters' })
    const small = await runHogFunction(webhook, { event: { ...order, properties: { total: 5 } } }, { env })
    expect(small.skipped).toBe(true)
  })

  it('names what it cannot evaluate and treats it as matching, never a silent pass', async () => {
    const spec = {
      ...webhook,
      filters: { ...webhook.filters, filter_test_accounts: true, actions: [{ id: 7, type: 'actions' }] },
    }
    const run = await runHogFunction(spec, { event: order, person }, { env })
    expect(run.skipped).toBe(false)
    expect(run.unsupported).toEqual([
      "filters: filter_test_accounts (the project's test_account_filters were not given; treated as matching)",
      'filters: action 7 (its steps were not given; treated as matching)',
    ])
    const withContext = await runHogFunction(
      spec,
      { event: order, person },
      {
        env,
        testAccountFilters: [{ key: 'email', value: '@example.test', operator: 'not_icontains', type: 'person' }],
        actions: [{ id: 7, steps: [{ event: 'order_placed' }] }],
      },
    )
    expect(withContext).toMatchObject({ skipped: true, unsupported: [] })
  })

  it(
    '[T3] evaluates inputs in order, each seeing those before it; ' + 'a missing secret is an error without the run',
    async () => {
      const spec: HogFunctionSpec = {
        hog: 'return inputs.greeting',
        inputs_schema: [
          { key: 'name', type: 'string' },
          { key: 'greeting', type: 'string' },
        ],
        inputs: {
          greeting: { value: 'Hello {inputs.name}!', order: 1 },
          name: { value: '{event.distinct_id}', order: 0 },
        },
      }
      expect((await runHogFunction(spec, { event: order })).result).toBe('Hello d1!')
      const missing = await runHogFunction(webhook, { event: order })
      expect(missing.error).toBe(
        'Input api_token: environment variable POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN is not set',
      )
      expect(missing.calls).toEqual([])
    },
  )

  it("[R11] runs one invocation per matching mapping, its inputs over the function's", async () => {
    const spec: HogFunctionSpec = {
      hog: 'print(inputs.label)',
      inputs_schema: [{ key: 'label', type: 'string' }],
      inputs: { label: { value: 'base' } },
      mappings: [
        {
          name: 'orders',
          inputs: { label: { value: 'order {event.properties.total}' } },
          filters: { events: [{ id: 'order_placed', type: 'events' }] },
        },
        {
          name: 'views',
          inputs: { label: { value: 'view' } },
          filters: { events: [{ id: '$pageview', type: 'events' }] },
        },
      ],
    }
    const run = await runHogFunction(spec, { event: order })
    expect(run.logs.filter((log) => log.level !== 'debug')).toEqual([
      { level: 'info', message: 'Mapping trigger not matching filters was ignored.' },
      { level: 'info', message: 'order 25' },
    ])
  })

  it('[R3] gives the CDP globals: project, source, event with url, person with name and url', async () => {
    const spec: HogFunctionSpec = {
      id: 'f1',
      name: 'Globals',
      hog: 'return [project.id, source.name, source.url, event.url, person.name, person.url]',
    }
    const run = await runHogFunction(spec, {
      event: { ...order, uuid: 'u1', timestamp: '2026-01-01T00:00:00Z' },
      person,
    })
    expect(run.result).toEqual([
      1,
      'Globals',
      'http://localhost:8000/project/1/pipeline/destinations/hog-f1/configuration/',
      'http://localhost:8000/project/1/events/u1/2026-01-01T00%3A00%3A00Z',
      'ada@example.test',
      'http://localhost:8000/project/1/person/d1',
    ])
  })
})

describe('runHogFunction redacts credentials [R7]', () => {
  it('masks the value under a credential header of a non-secret dictionary, with and without its scheme', async () => {
    const spec: HogFunctionSpec = {
      hog:
        "print(inputs.headers.Authorization, 'abc123'); fetch('https://x.example.test', {'headers': " +
        'inputs.headers})',
      inputs_schema: [{ key: 'headers', type: 'dictionary' }],
      inputs: { headers: { value: { Authorization: 'Bearer abc123', 'Content-Type': 'application/json' } } },
    }
    const run = await runHogFunction(spec, { event: order })
    expect(run.logs[0]?.message).toBe('***REDACTED***, ***REDACTED***')
    expect(run.calls[0]?.headers).toEqual({ Authorization: '***REDACTED***', 'Content-Type': 'application/json' })
  })
})
