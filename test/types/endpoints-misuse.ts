/**
 * Endpoints: misuse cases, each line under `@ts-expect-error` must not compile for the reason in its
 * comment (checked under the strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { Endpoint, EndpointQuery, EndpointRunResult, HogQLQuery } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export async function typeChecks(endpoint: Endpoint): Promise<void> {
  // @ts-expect-error query kind 'SQLQuery' is not an endpoint query kind
  void client.endpoints.create({ name: 'top', query: { kind: 'SQLQuery', query: 'select 1' } })
  // @ts-expect-error a HogQL query needs its query text
  void client.endpoints.create({ name: 'top', query: { kind: 'HogQLQuery' } })
  // @ts-expect-error a query needs its kind (the issue: `{ kind?: string }` accepted anything)
  void client.endpoints.create({ name: 'top', query: { query: 'select 1' } })
  // @ts-expect-error 'sql' is not a HogQLQuery field (it is query)
  void client.endpoints.create({ name: 'top', query: { kind: 'HogQLQuery', query: 'select 1', sql: 'select 1' } })
  void client.endpoints.create({
    name: 'top',
    // @ts-expect-error a HogQL variable needs its variableId and code_name
    query: { kind: 'HogQLQuery', query: 'select {variables.a}', variables: { a: { value: 1 } } },
  })
  // @ts-expect-error a TrendsQuery needs its series
  void client.endpoints.create({ name: 'trend', query: { kind: 'TrendsQuery' } })
  // @ts-expect-error a series item is an EventsNode/ActionsNode/DataWarehouseNode
  void client.endpoints.create({ name: 'trend', query: { kind: 'TrendsQuery', series: [{ kind: 'PersonsNode' }] } })
  // @ts-expect-error interval has no 'quarter'
  void client.endpoints.create({ name: 'trend', query: { kind: 'TrendsQuery', series: [], interval: 'quarter' } })
  // @ts-expect-error a RetentionQuery needs its retentionFilter
  void client.endpoints.create({ name: 'ret', query: { kind: 'RetentionQuery' } })
  // @ts-expect-error create needs the query
  void client.endpoints.create({ name: 'top' })
  // @ts-expect-error data_freshness_seconds is one of the service's periods, not any number
  void client.endpoints.update('top', { data_freshness_seconds: 1000 })
  // @ts-expect-error sync_frequency has no '2hour'
  void client.endpoints.update('top', { sync_frequency: '2hour' })
  // @ts-expect-error bucket_overrides values are hour/day/week/month
  void client.endpoints.update('top', { bucket_overrides: { timestamp: 'minute' } })
  // @ts-expect-error 'is_enabled' is not an endpoint field (it is is_active)
  void client.endpoints.update('top', { is_enabled: false })
  // @ts-expect-error refresh has no 'async' (only sync modes are supported)
  void client.endpoints.run('top', { refresh: 'async' })
  // @ts-expect-error 'params' is not a run field (it is variables)
  void client.endpoints.run('top', { params: { since: '2026-01-01' } })
  // @ts-expect-error runGet takes only the version
  void client.endpoints.runGet('top', { refresh: 'force' })
  // @ts-expect-error lastExecutionTimes needs names
  void client.endpoints.lastExecutionTimes({})

  // run<Row>() types the rows; columns are strings.
  const result = await client.endpoints.run<[event: string, count: number]>('top_events')
  expectTypeOf(result.results).toEqualTypeOf<Array<[event: string, count: number]> | null | undefined>()
  expectTypeOf(result.columns).toEqualTypeOf<string[] | null | undefined>()
  const [row] = result.results ?? []
  // @ts-expect-error count, the second column, is a number, not a string
  const count: string | undefined = row?.[1]
  void count
  expectTypeOf<EndpointRunResult>().toMatchTypeOf<{ results?: unknown[] | null }>()
  // Responses: the query is the union, narrowed by kind.
  expectTypeOf(endpoint.name).toEqualTypeOf<string>()
  expectTypeOf(endpoint.query).toEqualTypeOf<EndpointQuery>()
  if (endpoint.query.kind === 'HogQLQuery') expectTypeOf(endpoint.query).toEqualTypeOf<HogQLQuery>()
}
