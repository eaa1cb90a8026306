import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'
import * as experiments from '../fixtures/payloads/experiments.js'
import * as surveys from '../fixtures/payloads/surveys.js'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as eventDefinitions from '../fixtures/payloads/event-definitions.js'
import * as graph from '../fixtures/payloads/project-graph.js'
import { importSnippet, runAgainstFake } from '../helpers/snippets.js'
import { joined } from '../helpers/regex.js'

/**
 * The realistic payloads of the type tests (test/types/*.ts) are also accepted by the fake service,
 * which checks what the real one checks: they are not merely well-typed, they are valid requests.
 * Dates given as `Date` objects arrive as ISO 8601 UTC text, in a body and in a query.
 */
function setup() {
  const fake = createFakeApi()
  const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
  return { fake, client }
}

describe('type-test payloads against the fake', () => {
  it('creates experiments from every create payload and applies the updates', async () => {
    const { client } = setup()
    for (const body of [experiments.fullCreate, experiments.minimalCreate, experiments.actionExposureCreate]) {
      const created = await client.experiments.create(body)
      expect(created.name).toBe(body.name)
      expect(created.metrics?.length ?? 0).toBe(body.metrics?.length ?? 0)
    }
    const { id } = await client.experiments.create(experiments.minimalCreate)
    for (const body of [experiments.launch, experiments.conclude, experiments.draftAgain])
      await client.experiments.update(id, body)
    expect((await client.experiments.list(experiments.listRunning)).results).toEqual([])
    const full = await client.experiments.create({ ...experiments.fullCreate, feature_flag_key: 'another' })
    const metric = full.metrics?.[0]
    if (!metric || !('metric_type' in metric)) throw new Error('expected a current metric')
    expect(metric).toMatchObject({ uuid: experiments.meanRevenue.uuid, metric_type: 'mean' })
    await client.experiments.update(full.id, { start_date: new Date() })
    const recalculation = await client.experiments.recalculateTimeseries(full.id, {
      metric,
      fingerprint: metric.fingerprint ?? '',
    })
    expect(recalculation.metric_uuid).toBe(metric.uuid)
  })
})

describe('project graph payloads against the fake', () => {
  it('creates the flag, cohort, action, holdout and saved metric, then ships a variant', async () => {
    const { client, fake } = setup()
    // The ids the payloads name: a cohort, a dependency flag and an action of the project.
    fake.seed.cohorts([
      { id: 790, name: 'Early' },
      { id: 812, name: 'Beta testers' },
    ])
    fake.seed.featureFlags([{ id: 4190, key: 'dependency' }])
    fake.seed.actions([{ id: 305, name: 'Purchased' }])
    const flag = await client.featureFlags.create(graph.checkoutFlag)
    expect(flag.filters?.groups?.[1]?.properties?.[0]).toMatchObject({ cohort_name: 'Beta testers' })
    expect((await client.featureFlags.update(flag.id, graph.rollout)).filters?.multivariate?.variants).toHaveLength(2)
    expect((await client.cohorts.create(graph.betaTesters)).name).toBe('Beta testers')
    expect((await client.actions.create(graph.signedUp)).steps).toHaveLength(2)
    expect((await client.holdouts.create(graph.q3)).filters?.[0]?.rollout_percentage).toBe(5)
    expect((await client.savedMetrics.create(graph.conversion)).query?.uuid).toEqual(expect.any(String))
    const experiment = await client.experiments.create({
      name: 'Checkout',
      feature_flag_key: 'new-checkout',
      start_date: new Date(),
    })
    expect((await client.experiments.shipVariant(experiment.id, graph.ship)).conclusion).toBe('won')
  })
})

describe('survey payloads against the fake', () => {
  it('creates every survey and applies the updates and the stats query', async () => {
    const { client } = setup()
    for (const body of [surveys.nps, surveys.choices, surveys.links, surveys.external, surveys.apiSurvey]) {
      const created = await client.surveys.create(body)
      expect(created).toMatchObject({ name: body.name, type: body.type })
      expect(created.questions?.map((question) => question.type)).toEqual(
        body.questions?.map((question) => question.type),
      )
      expect(created.questions?.every((question) => typeof question.id === 'string')).toBe(true)
    }
    const { id } = await client.surveys.create({ ...surveys.nps, name: 'Another' })
    for (const body of [surveys.sampling, surveys.stop]) await client.surveys.update(id, body)
    expect((await client.surveys.stats(id, surveys.lastMonth)).survey_id).toBe(id)
  })
})

describe('endpoint payloads against the fake', () => {
  it('creates the endpoints, runs them with variables and materializes one', async () => {
    const { client } = setup()
    for (const body of [endpoints.topEvents, endpoints.greeting, endpoints.weeklyPageviews]) {
      expect((await client.endpoints.create(body)).query.kind).toBe(body.query.kind)
    }
    await client.endpoints.create({ name: 'retention', query: endpoints.retention })
    await client.endpoints.create({ name: 'web', query: endpoints.webTable })
    const top = await client.endpoints.run<[string, number]>('top_events', endpoints.runSince)
    expect(top.limit).toBe(5)
    const greeting = await client.endpoints.run<[string, string, number]>('greeting', endpoints.runGreeting)
    expect(greeting.columns).toEqual(['greeting', 'who', 'answer'])
    expect(greeting.results).toEqual([['hello', 'PostHog', 42]])
    // (update has no personal-API-key scope on the service, so the settings go with the create)
    const materialized = await client.endpoints.create({
      name: 'plain',
      query: { kind: 'HogQLQuery', query: 'select 1 as one' },
      ...endpoints.materialize,
    })
    expect(materialized.is_materialized).toBe(true)
  })

  it('sends fields the SDK does not know through extraBody and extraQuery', async () => {
    const { fake, client } = setup()
    await client.endpoints.create(endpoints.greeting, {
      extraBody: { brand_new_setting: true },
      extraQuery: { dry_run: false, since: new Date('2026-11-01T00:00:00Z') },
    })
    expect(fake.requests.at(-1)?.body).toMatchObject({ name: 'greeting', brand_new_setting: true })
    expect(fake.requests.at(-1)?.query).toEqual({ dry_run: 'false', since: '2026-11-01T00:00:00.000Z' })
  })
})

describe('hog function payloads against the fake', () => {
  it('creates every function, lists, updates and reads logs and metrics', async () => {
    const { client } = setup()
    const created = []
    for (const body of [hogFunctions.webhook, hogFunctions.slack, hogFunctions.geoip, hogFunctions.personUpdates]) {
      const fn = await client.hogFunctions.create(body)
      expect(fn.type).toBe(body.type)
      created.push(fn)
    }
    // The secret input comes back masked.
    expect(created[0]?.inputs?.['api_token']).toEqual({ secret: true })
    expect(created[1]?.mappings).toHaveLength(2)
    expect((await client.hogFunctions.list(hogFunctions.destinations)).results.map((fn) => fn.name)).toEqual([
      'Order webhook',
    ])
    // `base_updated_at` is the copy the change is based on: the one just read (an older one is a 409).
    const paused = await client.hogFunctions.update(created[0]!.id, {
      ...hogFunctions.pause,
      base_updated_at: new Date(created[0]!.updated_at!),
    })
    expect(paused.enabled).toBe(false)
  })
})

describe('event definition payloads against the fake', () => {
  it('creates, updates and lists, with extra fields through the request options', async () => {
    const { fake, client } = setup()
    const created = await client.eventDefinitions.create(eventDefinitions.checkout)
    expect(created.name).toBe('checkout_completed')
    expect((await client.eventDefinitions.update(created.id, eventDefinitions.verify)).verified).toBe(true)
    await client.eventDefinitions.update(created.id, eventDefinitions.enforce, eventDefinitions.withExtras)
    expect(fake.requests.at(-1)?.body).toEqual({ enforcement_mode: 'allow', primary_property: 'amount' })
    expect(fake.requests.at(-1)?.query).toEqual({
      include_actions: 'true',
      since: '2026-11-01T00:00:00.000Z',
      ids: 'a,b',
    })
    expect((await client.eventDefinitions.list(eventDefinitions.custom)).results.map((item) => item.name)).toEqual([
      'checkout_completed',
    ])
  })
})

describe('a Date is sent as ISO 8601 UTC', () => {
  it('in a body', async () => {
    const { fake, client } = setup()
    const { id } = await client.experiments.create(experiments.minimalCreate)
    const updated = await client.experiments.update(id, { start_date: new Date('2026-10-01T11:00:00+02:00') })
    expect(fake.requests.at(-1)?.body).toEqual({ start_date: '2026-10-01T09:00:00.000Z' })
    expect(Date.parse(updated.start_date ?? '')).toBe(Date.UTC(2026, 9, 1, 9))
  })

  it('in a query', async () => {
    const { fake, client } = setup()
    const [survey] = fake.seed.surveys(1)
    await client.surveys.stats(survey!.id, {
      date_from: new Date('2026-10-01T00:00:00-05:00'),
      date_to: '2026-10-31T00:00:00Z',
    })
    expect(fake.requests.at(-1)?.query).toEqual({
      date_from: '2026-10-01T05:00:00.000Z',
      date_to: '2026-10-31T00:00:00Z',
    })
  })
})

describe('the README "Typed requests" snippet', () => {
  it('runs against the fake: the experiment with its metric, the survey, and the typed endpoint rows', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('## Typed requests'))
    const code = /```ts\n([\s\S]*?)\n```/.exec(section)?.[1]
    expect(code).toContain('run<[event: string, count: number]>')
    // The metric's uuid is a value of the caller's: no non-null assertion to list it in the ordered uuids.
    expect(code).not.toMatch(/uuid!/)
    const fake = createFakeApi({ projectId: 12345 })
    const dir = join(root, '.tmp', `typed-requests-${process.pid}`)
    mkdirSync(dir, { recursive: true })
    const env = { POSTHOG_PERSONAL_API_KEY: fake.apiKey, POSTHOG_PROJECT_ID: '12345', POSTHOG_BASE_URL: undefined }
    const { printed } = await runAgainstFake(fake, env, async () => {
      await importSnippet(dir, 'snippet.ts', code!)
    }).finally(() => rmSync(dir, { recursive: true, force: true }))
    expect(printed).toHaveLength(2)
    expect(printed[0]).toMatch(
      joined(
        /^Invalid argument `body\.conclsuion`: unknown field; did you mean "conclusion"\? /,
        /Send fields the SDK does not know yet with the request option extraBody$/,
      ),
    )
    expect(printed[1]).toBe('pageview: 128')
    const [experiment] = [...fake.state.experiments.values()]
    expect(fake.requests.filter((request) => request.method === 'PATCH')).toEqual([])
    expect(experiment).toMatchObject({
      name: 'Checkout button colour',
      primary_metrics_ordered_uuids: ['7d4f2f0e-6a1c-4b8e-9a57-0c6f3a1e2b11'],
    })
    expect([...fake.state.surveys.values()][0]?.questions).toHaveLength(2)
  })
})
