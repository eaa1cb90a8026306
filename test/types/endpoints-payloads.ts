/** Endpoints: realistic payloads from docs/service-behaviour.md §6 and §P3 (also sent to the fake by test/types-payloads.test.ts). */
import type { EndpointCreateParams, EndpointQuery, EndpointRunParams, EndpointUpdateParams, HogQLQuery } from 'posthog-project-client'
import { payload } from './helpers.js'

export const topEventsQuery = payload<HogQLQuery>({
  kind: 'HogQLQuery',
  query: 'select event, count() as c from events where timestamp > {variables.since} and event != {variables.excluded} group by event order by c desc limit 10',
  variables: {
    '0190e1a2-0000-7000-8000-000000000001': { variableId: '0190e1a2-0000-7000-8000-000000000001', code_name: 'since', value: '2026-10-01' },
    '0190e1a2-0000-7000-8000-000000000002': { variableId: '0190e1a2-0000-7000-8000-000000000002', code_name: 'excluded', value: '$autocapture' },
  },
})

export const topEvents = payload<EndpointCreateParams>({ name: 'top_events', description: 'Top events since a date', query: topEventsQuery, is_active: true })

export const greeting = payload<EndpointCreateParams>({
  name: 'greeting',
  query: {
    kind: 'HogQLQuery',
    query: "select 'hello' as greeting, {variables.who} as who, 42 as answer",
    variables: { '0190e1a2-0000-7000-8000-00000000000a': { variableId: '0190e1a2-0000-7000-8000-00000000000a', code_name: 'who', value: 'world' } },
  },
})

export const weeklyPageviews = payload<EndpointCreateParams>({
  name: 'weekly-pageviews',
  query: {
    kind: 'TrendsQuery',
    series: [{ kind: 'EventsNode', event: '$pageview', math: 'dau' }],
    interval: 'week',
    dateRange: { date_from: '-8w' },
    breakdownFilter: { breakdown: '$browser', breakdown_type: 'event', breakdown_limit: 5 },
    filterTestAccounts: true,
  },
  data_freshness_seconds: 3600,
})

export const retention = payload<EndpointQuery>({
  kind: 'RetentionQuery',
  retentionFilter: { period: 'Week', totalIntervals: 8, targetEntity: { id: 'signed_up', type: 'events' }, returningEntity: { id: '$pageview', type: 'events' } },
  dateRange: { date_from: new Date('2026-09-01T00:00:00Z'), date_to: null },
})

export const webTable = payload<EndpointQuery>({ kind: 'WebStatsTableQuery', breakdownBy: 'Page', properties: [], orderBy: ['visitors', 'DESC'], limit: 20, includeBounceRate: true })
export const materialize = payload<EndpointUpdateParams>({ is_materialized: true, sync_frequency: '6hour', tags: ['growth'] })
export const runSince = payload<EndpointRunParams>({ variables: { since: '2026-11-01' }, refresh: 'force', limit: 5, client_query_id: 'nightly-report-2026-11-20' })
export const runGreeting = payload<EndpointRunParams>({ variables: { who: 'PostHog' }, debug: true })
