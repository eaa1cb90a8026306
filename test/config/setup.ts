import type { Experiment, ProjectClient } from 'posthog-project-client'
import type { FakeApi } from 'posthog-project-client/testing'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import * as eventDefinitions from '../fixtures/payloads/event-definitions.js'
import * as experiments from '../fixtures/payloads/experiments.js'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as surveys from '../fixtures/payloads/surveys.js'

/** The project ids of the configuration tests' fake: a staging and a production project. */
export const STAGING = 1
export const PRODUCTION = 2

/** The secret of the webhook fixture, and the variable `pull` names for it. */
export const WEBHOOK_SECRET = hogFunctions.webhook.inputs!.api_token!.value as string
export const WEBHOOK_SECRET_VARIABLE = 'POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN'

/** Every realistic create payload of the type tests, made in the client's project. */
export async function createFixtures(client: ProjectClient): Promise<void> {
  for (const body of [experiments.fullCreate, experiments.minimalCreate, experiments.actionExposureCreate])
    await client.experiments.create(body)
  for (const body of [surveys.nps, surveys.choices, surveys.links, surveys.external, surveys.apiSurvey])
    await client.surveys.create(body)
  for (const body of [hogFunctions.webhook, hogFunctions.slack, hogFunctions.personUpdates])
    await client.hogFunctions.create(body)
  for (const body of [endpoints.topEvents, endpoints.greeting, endpoints.weeklyPageviews])
    await client.endpoints.create(body)
  await client.eventDefinitions.create(eventDefinitions.checkout)
}

/** The requests the fake has recorded since `from` that are writes (anything but GET). */
export function writesSince(fake: FakeApi, from: number): Array<{ method: string; path: string; body: unknown }> {
  return fake.requests
    .slice(from)
    .filter((request) => request.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }))
}

export async function findExperiment(client: ProjectClient, flagKey: string): Promise<Experiment> {
  for await (const experiment of client.experiments.listIncludingArchived())
    if (experiment.feature_flag_key === flagKey) return experiment
  throw new Error(`no experiment ${flagKey}`)
}

/** A tile's place at both breakpoints, `x`/`y` at `sm`. */
export const layout = (x: number, y: number) => ({ sm: { x, y, w: 6, h: 5 }, xs: { x: 0, y: y * 2, w: 6, h: 5 } })

/** A dashboard with three insights (one counting an action, one filtered by a cohort) and a text tile. */
export async function growthDashboard(
  client: ProjectClient,
  names = { action: 'Signed up', cohort: 'Beta users' },
): Promise<{ dashboard: number; insights: number[]; action: number; cohort: number }> {
  const action = await client.actions.create({ name: names.action, steps: [{ event: 'signed_up' }] })
  const cohort = await client.cohorts.create({
    name: names.cohort,
    filters: {
      properties: { type: 'OR', values: [{ type: 'person', key: 'beta', operator: 'exact', value: ['true'] }] },
    },
  } as never)
  const dashboard = await client.dashboards.create({ name: 'Growth', description: 'Weekly numbers' })
  const trends = (series: unknown, more: object = {}) => ({
    kind: 'InsightVizNode',
    source: { kind: 'TrendsQuery', series, ...more },
  })
  const signups = await client.insights.create({
    name: 'Signups',
    query: trends([{ kind: 'ActionsNode', id: action.id, name: 'Signed up' }]) as never,
    dashboards: [dashboard.id],
  })
  const beta = await client.insights.create({
    name: 'Beta pageviews',
    query: trends([{ kind: 'EventsNode', event: '$pageview' }], {
      properties: [{ key: 'id', type: 'cohort', value: cohort.id }],
    }) as never,
    dashboards: [dashboard.id],
  })
  const all = await client.insights.create({
    name: 'All pageviews',
    query: trends([{ kind: 'EventsNode', event: '$pageview' }]) as never,
    dashboards: [dashboard.id],
  })
  const placed = await client.dashboards.retrieve(dashboard.id)
  const tileOf = (insight: number) =>
    (placed.tiles as Array<{ id: number; insight: { id: number } | null }>).find(
      (tile) => tile.insight?.id === insight,
    )!.id
  await client.dashboards.update(dashboard.id, {
    tiles: [
      { id: tileOf(signups.id), layouts: layout(0, 0) },
      { id: tileOf(beta.id), layouts: layout(6, 0) },
      { id: tileOf(all.id), layouts: layout(0, 5), color: 'blue' },
      { text: { body: '## What these mean' }, layouts: layout(6, 5) },
    ],
  })
  return { dashboard: dashboard.id, insights: [signups.id, beta.id, all.id], action: action.id, cohort: cohort.id }
}
