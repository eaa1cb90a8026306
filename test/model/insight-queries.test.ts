import { describe, expect, it } from 'vitest'
import {
  compareFilterSchema,
  dataWarehouseNodeSchema,
  endpointQuerySchema,
  funnelsQuerySchema,
  hogQLFiltersSchema,
  hogQLQuerySchema,
  hogQLVariableSchema,
  insightQueryFieldsSchema,
  insightQuerySchema,
  insightSeriesNodeSchema,
  lifecycleQuerySchema,
  pathsQuerySchema,
  queryTagsSchema,
  retentionQuerySchema,
  stickinessQuerySchema,
  trendsQuerySchema,
  webAnalyticsQueryFieldsSchema,
  webOverviewQuerySchema,
  webStatsTableQuerySchema,
} from '../../src/model/insight-queries.js'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import { issues } from '../helpers/schema-issues.js'

const warehouseSeries = {
  kind: 'DataWarehouseNode',
  id: 'stripe_charges',
  table_name: 'stripe_charges',
  timestamp_field: 'created_at',
  distinct_id_field: 'customer_email',
  id_field: 'id',
  math: 'sum',
  math_property: 'amount',
}
const signupSteps = [
  { kind: 'EventsNode', event: 'signed_up' },
  { kind: 'ActionsNode', id: 12, properties: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] },
]

describe('insight query schemas: the type-test payloads parse', () => {
  it.each([
    ['topEventsQuery (HogQLQuery)', hogQLQuerySchema, endpoints.topEventsQuery],
    ['topEventsQuery (EndpointQuery)', endpointQuerySchema, endpoints.topEventsQuery],
    ['weeklyPageviews.query (TrendsQuery)', trendsQuerySchema, endpoints.weeklyPageviews.query],
    ['retention (RetentionQuery)', retentionQuerySchema, endpoints.retention],
    ['retention (EndpointQuery)', endpointQuerySchema, endpoints.retention],
    ['webTable (WebStatsTableQuery)', webStatsTableQuerySchema, endpoints.webTable],
    ['webTable (InsightQuery)', insightQuerySchema, endpoints.webTable],
  ] as const)('%s', (_name, schema, value) => {
    expect(issues(schema, value)).toEqual([])
  })

  it('each HogQL variable of the payloads is a HogQLVariable', () => {
    const variables = Object.values(endpoints.topEventsQuery.variables ?? {})
    expect(variables).toHaveLength(2)
    for (const variable of variables) expect(issues(hogQLVariableSchema, variable)).toEqual([])
  })
})

describe('insight query schemas: the other kinds parse', () => {
  it.each([
    [
      'HogQLFilters',
      hogQLFiltersSchema,
      {
        properties: [{ type: 'event', key: '$browser', value: 'Chrome' }],
        dateRange: { date_from: '-7d' },
        filterTestAccounts: true,
      },
    ],
    ['QueryTags', queryTagsSchema, { scene: 'Insight', productKey: 'product_analytics', name: 'nightly' }],
    [
      'HogQLQuery with filters and values',
      hogQLQuerySchema,
      {
        kind: 'HogQLQuery',
        query: 'select count() from events where {filters} and event = {event}',
        values: { event: '$pageview' },
        filters: { filterTestAccounts: true },
        tags: { name: 'count' },
        version: 2,
      },
    ],
    ['DataWarehouseNode', dataWarehouseNodeSchema, warehouseSeries],
    ['InsightSeriesNode (warehouse)', insightSeriesNodeSchema, warehouseSeries],
    [
      'InsightQueryFields',
      insightQueryFieldsSchema,
      {
        dateRange: { date_from: new Date('2026-10-01T00:00:00Z') },
        aggregation_group_type_index: null,
        samplingFactor: 0.1,
      },
    ],
    ['CompareFilter', compareFilterSchema, { compare: true, compare_to: '-1y' }],
    [
      'TrendsQuery with a formula and comparison',
      trendsQuerySchema,
      {
        kind: 'TrendsQuery',
        series: [...signupSteps, warehouseSeries],
        trendsFilter: { formula: 'A/B' },
        compareFilter: { compare: true },
      },
    ],
    [
      'FunnelsQuery',
      funnelsQuerySchema,
      { kind: 'FunnelsQuery', series: signupSteps, funnelsFilter: { funnelWindowInterval: 14 }, interval: 'day' },
    ],
    ['PathsQuery', pathsQuerySchema, { kind: 'PathsQuery', pathsFilter: { includeEventTypes: ['$pageview'] } }],
    [
      'StickinessQuery',
      stickinessQuerySchema,
      { kind: 'StickinessQuery', series: signupSteps, interval: 'week', stickinessFilter: {} },
    ],
    [
      'LifecycleQuery',
      lifecycleQuerySchema,
      { kind: 'LifecycleQuery', series: [signupSteps[0]], lifecycleFilter: { showValuesOnSeries: true } },
    ],
    [
      'WebAnalyticsQueryFields',
      webAnalyticsQueryFieldsSchema,
      { properties: [], conversionGoal: { customEventName: 'purchase' }, doPathCleaning: true },
    ],
    [
      'WebOverviewQuery',
      webOverviewQuerySchema,
      { kind: 'WebOverviewQuery', properties: [], conversionGoal: { actionId: 3 }, compareFilter: { compare: true } },
    ],
    ['InsightQuery (funnels)', insightQuerySchema, { kind: 'FunnelsQuery', series: signupSteps }],
  ] as const)('%s', (_name, schema, value) => {
    expect(issues(schema, value)).toEqual([])
  })
})

describe('insight query schemas: mistakes are refused where they are', () => {
  it('an unknown key, at the object that has it', () => {
    expect(issues(endpointQuerySchema, { kind: 'HogQLQuery', query: 'select 1', sql: 'select 1' })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['sql'] },
    ])
    // Stickiness queries take every insight field but the aggregation group.
    expect(
      issues(stickinessQuerySchema, { kind: 'StickinessQuery', series: [], aggregation_group_type_index: 0 }),
    ).toEqual([{ code: 'unrecognized_keys', path: [], keys: ['aggregation_group_type_index'] }])
  })

  it('an unknown kind, at the kind', () => {
    expect(issues(endpointQuerySchema, { kind: 'SQLQuery', query: 'select 1' })).toEqual([
      { code: 'invalid_union', path: ['kind'] },
    ])
    expect(issues(trendsQuerySchema, { kind: 'TrendsQuery', series: [{ kind: 'PersonsNode' }] })).toEqual([
      { code: 'invalid_union', path: ['series', 0, 'kind'] },
    ])
  })

  it('a value outside an enum, nested', () => {
    expect(
      issues(endpointQuerySchema, {
        kind: 'TrendsQuery',
        series: [{ kind: 'EventsNode', math: 'median' }],
        interval: 'quarter',
      }),
    ).toEqual([
      { code: 'invalid_value', path: ['series', 0, 'math'] },
      { code: 'invalid_value', path: ['interval'] },
    ])
    expect(issues(webStatsTableQuerySchema, { ...endpoints.webTable, orderBy: ['visitors', 'UP'] })).toEqual([
      { code: 'invalid_value', path: ['orderBy', 1] },
    ])
  })

  it('a missing or mistyped field', () => {
    expect(issues(retentionQuerySchema, { kind: 'RetentionQuery' })).toEqual([
      { code: 'invalid_type', path: ['retentionFilter'] },
    ])
    expect(
      issues(hogQLQuerySchema, { kind: 'HogQLQuery', query: 'select {variables.a}', variables: { a: { value: 1 } } }),
    ).toEqual([
      { code: 'invalid_type', path: ['variables', 'a', 'code_name'] },
      { code: 'invalid_type', path: ['variables', 'a', 'variableId'] },
    ])
    expect(
      issues(webOverviewQuerySchema, { kind: 'WebOverviewQuery', properties: [], conversionGoal: { actionId: '3' } }),
    ).toEqual([{ code: 'invalid_union', path: ['conversionGoal'] }])
    expect(issues(trendsQuerySchema, { kind: 'TrendsQuery', series: [], dateRange: { date_from: 7 } })).toEqual([
      { code: 'invalid_union', path: ['dateRange', 'date_from'] },
    ])
  })
})
