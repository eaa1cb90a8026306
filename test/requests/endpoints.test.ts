import { describe, expect, it } from 'vitest'
import {
  endpointCreateParamsSchema,
  endpointFiltersOverrideSchema,
  endpointListParamsSchema,
  endpointRunGetParamsSchema,
  endpointRunParamsSchema,
  endpointUpdateParamsSchema,
  endpointWriteFieldsSchema,
  lastExecutionTimesParamsSchema,
} from '../../src/requests/endpoints.js'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import { issues } from '../helpers/schema-issues.js'

describe('endpoint request schemas: the type-test payloads parse', () => {
  it.each([
    ['topEvents (EndpointCreateParams)', endpointCreateParamsSchema, endpoints.topEvents],
    ['greeting (EndpointCreateParams)', endpointCreateParamsSchema, endpoints.greeting],
    ['weeklyPageviews (EndpointCreateParams)', endpointCreateParamsSchema, endpoints.weeklyPageviews],
    ['retention as a create body', endpointCreateParamsSchema, { name: 'retention', query: endpoints.retention }],
    ['webTable as a create body', endpointCreateParamsSchema, { name: 'web', query: endpoints.webTable }],
    ['materialize (EndpointUpdateParams)', endpointUpdateParamsSchema, endpoints.materialize],
    [
      'materialize with a create body',
      endpointCreateParamsSchema,
      { name: 'plain', query: { kind: 'HogQLQuery', query: 'select 1 as one' }, ...endpoints.materialize },
    ],
    ['runSince (EndpointRunParams)', endpointRunParamsSchema, endpoints.runSince],
    ['runGreeting (EndpointRunParams)', endpointRunParamsSchema, endpoints.runGreeting],
  ] as const)('%s', (_name, schema, value) => {
    expect(issues(schema, value)).toEqual([])
  })

  it.each([
    [
      'EndpointWriteFields',
      endpointWriteFieldsSchema,
      {
        description: null,
        data_freshness_seconds: 86400,
        bucket_overrides: { timestamp: 'week' },
        optional_breakdown_properties: ['$browser'],
        version: 2,
        deleted: false,
      },
    ],
    [
      'EndpointListParams (undefined values from the environment)',
      endpointListParamsSchema,
      { limit: 20, offset: undefined, is_active: true, created_by: 1 },
    ],
    [
      'EndpointFiltersOverride',
      endpointFiltersOverrideSchema,
      {
        date_from: new Date('2026-11-01T00:00:00Z'),
        date_to: null,
        properties: [{ type: 'event', key: '$browser', value: 'Chrome' }],
        breakdown_filter: { breakdown: '$os' },
      },
    ],
    [
      'EndpointRunParams with filters',
      endpointRunParamsSchema,
      { filters_override: { date_from: '-7d' }, refresh: 'blocking', version: null, variables: null },
    ],
    ['EndpointRunGetParams', endpointRunGetParamsSchema, { version: 2 }],
    ['LastExecutionTimesParams', lastExecutionTimesParamsSchema, { names: ['top_events', 'greeting'] }],
  ] as const)('%s', (_name, schema, value) => {
    expect(issues(schema, value)).toEqual([])
  })
})

describe('endpoint request schemas: mistakes are refused where they are', () => {
  it('an unknown key, at the object that has it', () => {
    expect(issues(endpointUpdateParamsSchema, { is_enabled: false })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['is_enabled'] },
    ])
    expect(issues(endpointRunParamsSchema, { params: { since: '2026-01-01' } })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['params'] },
    ])
    expect(issues(endpointRunGetParamsSchema, { refresh: 'force' })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['refresh'] },
    ])
    expect(
      issues(endpointCreateParamsSchema, {
        name: 'top',
        query: { kind: 'HogQLQuery', query: 'select 1', sql: 'select 1' },
      }),
    ).toEqual([{ code: 'unrecognized_keys', path: ['query'], keys: ['sql'] }])
  })

  it('a value outside an enum', () => {
    expect(issues(endpointUpdateParamsSchema, { data_freshness_seconds: 1000, sync_frequency: '2hour' })).toEqual([
      { code: 'invalid_value', path: ['data_freshness_seconds'] },
      { code: 'invalid_value', path: ['sync_frequency'] },
    ])
    expect(issues(endpointRunParamsSchema, { refresh: 'async' })).toEqual([
      { code: 'invalid_value', path: ['refresh'] },
    ])
  })

  it('a wrong type or a missing field', () => {
    expect(issues(endpointCreateParamsSchema, { name: 'top' })).toEqual([{ code: 'invalid_type', path: ['query'] }])
    expect(issues(endpointRunParamsSchema, { limit: '5' })).toEqual([{ code: 'invalid_type', path: ['limit'] }])
    expect(issues(endpointListParamsSchema, { is_active: 'yes' })).toEqual([
      { code: 'invalid_type', path: ['is_active'] },
    ])
    expect(issues(lastExecutionTimesParamsSchema, {})).toEqual([{ code: 'invalid_type', path: ['names'] }])
    expect(issues(lastExecutionTimesParamsSchema, { names: [] })).toEqual([{ code: 'too_small', path: ['names'] }])
  })

  it('nested mistakes, by their full path', () => {
    expect(issues(endpointUpdateParamsSchema, { bucket_overrides: { timestamp: 'minute' } })).toEqual([
      { code: 'invalid_value', path: ['bucket_overrides', 'timestamp'] },
    ])
    expect(
      issues(endpointCreateParamsSchema, {
        name: 'trend',
        query: { kind: 'TrendsQuery', series: [], interval: 'quarter' },
      }),
    ).toEqual([{ code: 'invalid_value', path: ['query', 'interval'] }])
    expect(
      issues(endpointRunParamsSchema, {
        filters_override: { properties: [{ type: 'event', key: '$browser', operator: 'like' }] },
      }),
    ).toEqual([{ code: 'invalid_value', path: ['filters_override', 'properties', 0, 'operator'] }])
  })
})
