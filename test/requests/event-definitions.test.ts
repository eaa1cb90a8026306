import { describe, expect, it } from 'vitest'
import {
  eventDefinitionCreateParamsSchema,
  eventDefinitionListParamsSchema,
  eventDefinitionOrderingSchema,
  eventDefinitionUpdateParamsSchema,
  eventDefinitionWriteFieldsSchema,
} from '../../src/requests/event-definitions.js'
import * as eventDefinitions from '../fixtures/payloads/event-definitions.js'
import { issues } from '../helpers/schema-issues.js'

describe('event definition request schemas: the type-test payloads parse', () => {
  it.each([
    ['checkout (EventDefinitionCreateParams)', eventDefinitionCreateParamsSchema, eventDefinitions.checkout],
    ['verify (EventDefinitionUpdateParams)', eventDefinitionUpdateParamsSchema, eventDefinitions.verify],
    ['enforce (EventDefinitionUpdateParams)', eventDefinitionUpdateParamsSchema, eventDefinitions.enforce],
    ['custom (EventDefinitionListParams)', eventDefinitionListParamsSchema, eventDefinitions.custom],
    [
      'EventDefinitionWriteFields',
      eventDefinitionWriteFieldsSchema,
      { owner: null, description: null, hidden: null, enforcement_mode: 'reject' },
    ],
    [
      'EventDefinitionListParams (undefined values from the environment)',
      eventDefinitionListParamsSchema,
      { search: 'checkout', ordering: 'name', offset: undefined, excluded_properties: ['$pageview'] },
    ],
  ] as const)('%s', (_name, schema, value) => {
    expect(issues(schema, value)).toEqual([])
  })

  it('every ordering key, with and without the `-`', () => {
    for (const key of ['name', 'last_seen_at', 'last_seen_at::date']) {
      expect(issues(eventDefinitionOrderingSchema, key)).toEqual([])
      expect(issues(eventDefinitionOrderingSchema, `-${key}`)).toEqual([])
    }
  })
})

describe('event definition request schemas: mistakes are refused where they are', () => {
  it('an unknown key', () => {
    expect(issues(eventDefinitionUpdateParamsSchema, { verfied: true })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['verfied'] },
    ])
    expect(issues(eventDefinitionListParamsSchema, { include_actions: true })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['include_actions'] },
    ])
  })

  it('a value outside an enum', () => {
    expect(issues(eventDefinitionUpdateParamsSchema, { enforcement_mode: 'warn' })).toEqual([
      { code: 'invalid_value', path: ['enforcement_mode'] },
    ])
    expect(issues(eventDefinitionListParamsSchema, { event_type: 'custom', ordering: '-created_at' })).toEqual([
      { code: 'invalid_value', path: ['event_type'] },
      { code: 'invalid_union', path: ['ordering'] },
    ])
  })

  it('a wrong type or a missing field', () => {
    expect(issues(eventDefinitionCreateParamsSchema, { description: 'Checkout completed' })).toEqual([
      { code: 'invalid_type', path: ['name'] },
    ])
    expect(issues(eventDefinitionUpdateParamsSchema, { tags: 'revenue,checkout', owner: 'ada@example.com' })).toEqual([
      { code: 'invalid_type', path: ['owner'] },
      { code: 'invalid_type', path: ['tags'] },
    ])
  })

  it('nested mistakes, by their full path', () => {
    expect(issues(eventDefinitionListParamsSchema, { ordering: ['name', '-created_at'] })).toEqual([
      { code: 'invalid_union', path: ['ordering'] },
    ])
    expect(issues(eventDefinitionUpdateParamsSchema, { default_columns: ['properties.amount', 7] })).toEqual([
      { code: 'invalid_type', path: ['default_columns', 1] },
    ])
  })
})
