import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  hogFunctionBroadcastParamsSchema,
  hogFunctionCreateParamsSchema,
  hogFunctionFiltersParamSchema,
  hogFunctionIconParamsSchema,
  hogFunctionIconsParamsSchema,
  hogFunctionInputParamSchema,
  hogFunctionInputSchemaItemParamSchema,
  hogFunctionInvocationParamsSchema,
  hogFunctionListParamsSchema,
  hogFunctionLogsParamsSchema,
  hogFunctionMappingParamSchema,
  hogFunctionMaskingParamSchema,
  hogFunctionMetricsParamsSchema,
  hogFunctionRearrangeParamsSchema,
  hogFunctionUpdateParamsSchema,
  hogFunctionWriteFieldsSchema,
} from '../../src/requests/hog-functions.js'
import { hogFunctionFilterEntitySchema } from '../../src/model/hog-function-filters.js'
import * as payloads from '../fixtures/payloads/hog-functions.js'
import { issues } from '../helpers/schema-issues.js'

describe('hog function request schemas accept the realistic payloads of the type tests', () => {
  const schemaOf: Record<keyof typeof payloads, z.ZodMiniType> = {
    webhook: hogFunctionCreateParamsSchema,
    slack: hogFunctionCreateParamsSchema,
    geoip: hogFunctionCreateParamsSchema,
    personUpdates: hogFunctionCreateParamsSchema,
    pause: hogFunctionUpdateParamsSchema,
    destinations: hogFunctionListParamsSchema,
    errors: hogFunctionLogsParamsSchema,
    weekly: hogFunctionMetricsParamsSchema,
  }

  it('maps every payload of test/fixtures/payloads/hog-functions.ts to a schema', () => {
    expect(Object.keys(payloads).sort()).toEqual(Object.keys(schemaOf).sort())
  })

  it.each(Object.entries(payloads))('%s parses', (name, value) => {
    const result = z.safeParse(schemaOf[name as keyof typeof payloads], value)
    expect(result.success ? [] : result.error.issues).toEqual([])
    // The value comes back as sent: nothing is dropped or transformed.
    expect(result.data).toEqual(value)
  })

  it('the nested parts of the payloads parse against their own schemas', () => {
    const { webhook, slack } = payloads
    for (const item of [...(webhook.inputs_schema ?? []), ...(slack.inputs_schema ?? [])])
      expect(issues(hogFunctionInputSchemaItemParamSchema, item)).toEqual([])
    for (const input of [...Object.values(webhook.inputs ?? {}), ...Object.values(slack.inputs ?? {})])
      expect(issues(hogFunctionInputParamSchema, input)).toEqual([])
    expect(issues(hogFunctionFiltersParamSchema, webhook.filters)).toEqual([])
    for (const entity of webhook.filters?.events ?? [])
      expect(issues(hogFunctionFilterEntitySchema, entity)).toEqual([])
    expect(issues(hogFunctionMaskingParamSchema, webhook.masking)).toEqual([])
    for (const mapping of slack.mappings ?? []) expect(issues(hogFunctionMappingParamSchema, mapping)).toEqual([])
  })

  it('the other bodies and queries parse: a test run, a broadcast, a rearrange, the icon lookups', () => {
    expect(
      issues(hogFunctionInvocationParamsSchema, {
        configuration: payloads.webhook,
        globals: {
          event: { event: 'order_completed', properties: { total: 42 } },
          person: { properties: { email: 'ada@example.com' } },
        },
        mock_async_functions: true,
        invocation_id: null,
      }),
    ).toEqual([])
    expect(issues(hogFunctionBroadcastParamsSchema, {})).toEqual([])
    expect(issues(hogFunctionRearrangeParamsSchema, { orders: { 'fn-1': 0, 'fn-2': 1 } })).toEqual([])
    expect(issues(hogFunctionIconParamsSchema, { id: 'stripe.com' })).toEqual([])
    expect(issues(hogFunctionIconsParamsSchema, { query: 'stripe' })).toEqual([])
  })
})

describe('secret inputs', () => {
  it('accept `{ secret: true }` without a value (keep the stored secret) and a new value', () => {
    expect(issues(hogFunctionUpdateParamsSchema, { inputs: { api_token: { secret: true } } })).toEqual([])
    expect(
      issues(hogFunctionUpdateParamsSchema, { inputs: { api_token: { value: 'new-token', secret: true } } }),
    ).toEqual([])
  })

  it('never echo the secret value in the issues of a refused body', () => {
    const result = z.safeParse(hogFunctionCreateParamsSchema, {
      hog: 'x',
      inputs: { api_token: { value: 'secret-token-value', bytecode: [] } },
    })
    expect(result.success).toBe(false)
    expect(JSON.stringify(result.error)).not.toContain('secret-token-value')
    expect(String(result.error)).not.toContain('secret-token-value')
  })
})

describe('an input value is free-form JSON', () => {
  it.each([
    ['a string', 'https://x'],
    ['a number', 17],
    ['a boolean', false],
    ['null', null],
    ['an object', { event: '{event}' }],
    ['a list', ['a', { b: 1 }]],
  ])('%s', (_label, value) => {
    expect(issues(hogFunctionInputParamSchema, { value })).toEqual([])
    expect(issues(hogFunctionInputSchemaItemParamSchema, { type: 'json', key: 'body', default: value })).toEqual([])
  })
})

describe('mistakes are refused where they are', () => {
  it('an unknown key, at the top and nested', () => {
    expect(issues(hogFunctionCreateParamsSchema, { code: 'print(1)' })).toEqual([
      { path: [], code: 'unrecognized_keys', keys: ['code'] },
    ])
    expect(
      issues(hogFunctionCreateParamsSchema, { hog: 'x', inputs: { url: { value: 'https://x', bytecode: [] } } }),
    ).toEqual([{ path: ['inputs', 'url'], code: 'unrecognized_keys', keys: ['bytecode'] }])
    expect(issues(hogFunctionInvocationParamsSchema, { configuration: { hog: 'x', code: 'y' } })).toEqual([
      { path: ['configuration'], code: 'unrecognized_keys', keys: ['code'] },
    ])
  })

  it('a value outside an enum', () => {
    expect(issues(hogFunctionCreateParamsSchema, { type: 'webhook' })).toEqual([
      { path: ['type'], code: 'invalid_value' },
    ])
    expect(issues(hogFunctionListParamsSchema, { type: ['destinaton'] })).toEqual([
      { path: ['type', 0], code: 'invalid_value' },
    ])
    expect(issues(hogFunctionCreateParamsSchema, { filters: { source: 'webhooks' } })).toEqual([
      { path: ['filters', 'source'], code: 'invalid_value' },
    ])
    expect(issues(hogFunctionCreateParamsSchema, { inputs_schema: [{ type: 'text', key: 'url' }] })).toEqual([
      { path: ['inputs_schema', 0, 'type'], code: 'invalid_value' },
    ])
    expect(issues(hogFunctionLogsParamsSchema, { level: ['WARN', 'TRACE'] })).toEqual([
      { path: ['level', 1], code: 'invalid_value' },
    ])
    expect(issues(hogFunctionMetricsParamsSchema, { interval: 'month' })).toEqual([
      { path: ['interval'], code: 'invalid_value' },
    ])
  })

  it('a value of the wrong type', () => {
    expect(issues(hogFunctionCreateParamsSchema, { masking: { ttl: '1h', hash: '{person.id}' } })).toEqual([
      { path: ['masking', 'ttl'], code: 'invalid_type' },
    ])
    expect(issues(hogFunctionListParamsSchema, { type: 'destination' })).toEqual([
      { path: ['type'], code: 'invalid_type' },
    ])
    expect(issues(hogFunctionRearrangeParamsSchema, { orders: { 'fn-1': 'first' } })).toEqual([
      { path: ['orders', 'fn-1'], code: 'invalid_type' },
    ])
    expect(issues(hogFunctionUpdateParamsSchema, { base_updated_at: 1_700_000_000 })).toEqual([
      { path: ['base_updated_at'], code: 'invalid_union' },
    ])
  })

  it('deep inside a mapping', () => {
    const body = {
      mappings: [
        {
          name: 'Signups',
          filters: { events: ['signed_up'] },
          inputs_schema: [{ type: 'string', key: 'url', templating: 'jinja' }],
        },
      ],
    }
    expect(issues(hogFunctionCreateParamsSchema, body)).toEqual([
      { path: ['mappings', 0, 'inputs_schema', 0, 'templating'], code: 'invalid_union' },
      { path: ['mappings', 0, 'filters', 'events', 0], code: 'invalid_type' },
    ])
  })

  it('a missing required field', () => {
    expect(issues(hogFunctionInvocationParamsSchema, { globals: {} })).toEqual([
      { path: ['configuration'], code: 'invalid_type' },
    ])
    expect(issues(hogFunctionCreateParamsSchema, { masking: { ttl: 3600 } })).toEqual([
      { path: ['masking', 'hash'], code: 'invalid_type' },
    ])
    expect(issues(hogFunctionCreateParamsSchema, { inputs_schema: [{ type: 'string' }] })).toEqual([
      { path: ['inputs_schema', 0, 'key'], code: 'invalid_type' },
    ])
  })
})

describe('optional keys', () => {
  it('a body key is absent or set, never `undefined`', () => {
    expect(issues(hogFunctionWriteFieldsSchema, { hog: undefined })).toEqual([{ path: ['hog'], code: 'invalid_type' }])
    expect(issues(hogFunctionWriteFieldsSchema, { masking: null, mappings: null, name: null })).toEqual([])
  })

  it('a query key may be `undefined` (filled from the environment)', () => {
    expect(
      issues(hogFunctionListParamsSchema, {
        search: undefined,
        limit: undefined,
        created_at: new Date('2026-11-01T00:00:00Z'),
      }),
    ).toEqual([])
    expect(
      issues(hogFunctionMetricsParamsSchema, { after: undefined, name: 'succeeded', kind: ['success', 'failure'] }),
    ).toEqual([])
  })
})
