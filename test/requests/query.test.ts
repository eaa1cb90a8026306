import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { experimentResultsParamsSchema, queryNodeSchema, queryRunParamsSchema } from '../../src/requests/query.js'
import { issues } from '../helpers/schema-issues.js'

describe('query request schemas', () => {
  it.each([
    [
      'a HogQL node with values',
      queryNodeSchema,
      {
        kind: 'HogQLQuery',
        query: 'SELECT event FROM events WHERE timestamp > {since}',
        values: { since: '2026-11-01' },
      },
    ],
    [
      'any other node, its fields as given',
      queryNodeSchema,
      { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }], dateRange: { date_from: '-7d' } },
    ],
    ['a run, async', queryRunParamsSchema, { query: { kind: 'HogQLQuery', query: 'SELECT 1' }, refresh: 'async' }],
    [
      'a run, default refresh',
      queryRunParamsSchema,
      {
        query: {
          kind: 'ExperimentQuery',
          experiment_id: 42,
          metric: { kind: 'ExperimentMetric', metric_type: 'funnel', series: [] },
        },
      },
    ],
    [
      'results of two metrics, recomputed',
      experimentResultsParamsSchema,
      {
        metrics: ['0190a3c4-6f1e-7000-8000-000000000001', '0190a3c4-6f1e-7000-8000-000000000002'],
        refresh: 'force_blocking',
      },
    ],
    ['results of every metric', experimentResultsParamsSchema, {}],
  ] as const)('%s parses', (_name, schema, value) => {
    expect(issues(schema, value)).toEqual([])
    expect(z.parse(schema, value)).toEqual(value)
  })

  it.each([
    ['a node without a kind', queryNodeSchema, { query: 'SELECT 1' }, [{ code: 'invalid_type', path: ['kind'] }]],
    [
      'an unknown refresh',
      queryRunParamsSchema,
      { query: { kind: 'HogQLQuery', query: 'SELECT 1' }, refresh: 'sometimes' },
      [{ code: 'invalid_value', path: ['refresh'] }],
    ],
    [
      'an unknown key of a run',
      queryRunParamsSchema,
      { query: { kind: 'HogQLQuery' }, client_query_id: 'x' },
      [{ code: 'unrecognized_keys', path: [], keys: ['client_query_id'] }],
    ],
    [
      'metrics as one string',
      experimentResultsParamsSchema,
      { metrics: 'conversion' },
      [{ code: 'invalid_type', path: ['metrics'] }],
    ],
    [
      'a metric that is not a string',
      experimentResultsParamsSchema,
      { metrics: ['a', 2] },
      [{ code: 'invalid_type', path: ['metrics', 1] }],
    ],
  ] as const)('%s is refused', (_name, schema, value, expected) => {
    expect(issues(schema, value)).toEqual(expected)
  })
})
