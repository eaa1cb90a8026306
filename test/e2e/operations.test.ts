import { beforeAll, describe, expect, it } from 'vitest'
import {
  AuthenticationError,
  BadRequestError,
  InvalidArgumentError,
  MethodNotAllowedError,
  NotFoundError,
  OPERATIONS,
  PermissionDeniedError,
  TimeoutError,
  type InsightRootQuery,
  type OperationId,
  type ProjectClient,
} from 'posthog-project-client'
import type { FakeApi } from 'posthog-project-client/testing'
import { operationsHit, startE2E, useE2E } from '../helpers/fake-server.js'
import { ALL_OPERATIONS, operationsOf } from '../helpers/operations.js'
import { ISO_DATE_TIME } from '../helpers/dates.js'

/**
 * Every operation of the spec, once, through `ProjectClient` over a real socket to `fake.listen()`: each
 * group on a fresh fake, then every group in turn on one, which must reach every operation of `OPERATIONS`.
 */

/** A fresh fake, and a client on its socket that does not retry. */
interface World {
  fake: FakeApi
  client: ProjectClient
}

/**
 * Every operation of a group once, through `ProjectClient`, fields round-tripped; in the order a user
 * would call them (later calls use what earlier ones created).
 */
const ROUND_TRIPS: Record<string, (world: World) => Promise<void>> = {
  experiments: async ({ client, fake }) => {
    fake.seed.featureFlags([{ key: 'eligible-flag' }])
    const created = await client.experiments.create({
      name: 'Checkout button',
      feature_flag_key: 'checkout-button',
      description: 'Green or blue',
      parameters: {
        feature_flag_variants: [
          { key: 'control', rollout_percentage: 50 },
          { key: 'test', rollout_percentage: 50 },
        ],
      },
    })
    expect(created).toMatchObject({
      name: 'Checkout button',
      feature_flag_key: 'checkout-button',
      description: 'Green or blue',
      deleted: false,
    })
    expect(created.id).toBeTypeOf('number')
    expect(fake.state.experiments.get(created.id)).toMatchObject({
      name: 'Checkout button',
      feature_flag_key: 'checkout-button',
    })
    expect(created.feature_flag?.key).toBe('checkout-button')

    const fetched = await client.experiments.retrieve(created.id)
    expect(fetched).toMatchObject({
      id: created.id,
      name: created.name,
      description: created.description,
      feature_flag_key: created.feature_flag_key,
    })

    const launched = await client.experiments.update(created.id, { start_date: '2026-11-01T00:00:00Z' })
    expect(launched.start_date).toMatch(/^2026-11-01T00:00:00/)

    const page = await client.experiments.list({ limit: 10 })
    expect(page.results.map((experiment) => experiment.id)).toContain(created.id)
    expect(page.count).toBe(1)

    await expect(client.experiments.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)

    const cohort = await client.experiments.createExposureCohort(created.id)
    expect(cohort.cohort?.name).toBe('Users exposed to experiment "Checkout button"')

    const copy = await client.experiments.duplicate(created.id)
    expect(copy.name).toBe('Checkout button (Copy)')
    expect(copy.id).not.toBe(created.id)

    const metric = {
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      uuid: 'metric-1',
      source: { kind: 'EventsNode', event: 'purchase' },
    } as const
    const recalculation = await client.experiments.recalculateTimeseries(created.id, { metric, fingerprint: 'fp-1' })
    expect(recalculation).toMatchObject({ metric_uuid: 'metric-1', fingerprint: 'fp-1', experiment_id: created.id })
    const timeseries = await client.experiments.timeseriesResults(created.id, {
      metric_uuid: 'metric-1',
      fingerprint: 'fp-1',
    })
    expect(timeseries.experiment_id).toBe(created.id)

    const flags = await client.experiments.eligibleFeatureFlags({ search: 'eligible' })
    expect(flags.results.map((flag) => flag.key)).toEqual(['eligible-flag'])
    expect(await client.experiments.requiresFlagImplementation()).toEqual({ result: true })
    expect((await client.experiments.stats()).active_experiments).toBe(1)

    // Shipping `test` ends the running experiment and rolls the variant out on its flag.
    const shipped = await client.experiments.shipVariant(created.id, {
      variant_key: 'test',
      conclusion: 'won',
      conclusion_comment: 'Blue wins',
    })
    expect(shipped).toMatchObject({ conclusion: 'won', conclusion_comment: 'Blue wins' })
    expect(shipped.end_date).toMatch(ISO_DATE_TIME)
    expect(
      (shipped.feature_flag?.filters as any).multivariate.variants.map((variant: any) => variant.rollout_percentage),
    ).toEqual([0, 100])
    await expect(client.experiments.shipVariant(created.id, { variant_key: 'purple' })).rejects.toMatchObject({
      status: 400,
      detail: "Variant 'purple' not found on feature flag.",
    })

    const removed = await client.experiments.softDelete(copy.id)
    expect(removed).toMatchObject({ id: copy.id, deleted: true })
    await expect(client.experiments.retrieve(copy.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  hogFunctions: async ({ client, fake }) => {
    const [transformation] = fake.seed.hogFunctions([{ type: 'transformation', name: 'Geo-IP' }])
    const created = await client.hogFunctions.create({
      name: 'Slack alert',
      type: 'destination',
      hog: "fetch(inputs.url, {'method': 'POST'})",
      inputs: { url: { value: 'https://hooks.example.com/1' } },
      enabled: true,
    })
    expect(created).toMatchObject({
      name: 'Slack alert',
      type: 'destination',
      enabled: true,
      inputs: { url: { value: 'https://hooks.example.com/1' } },
    })

    expect((await client.hogFunctions.retrieve(created.id)).hog).toBe(created.hog)
    const disabled = await client.hogFunctions.update(created.id, { enabled: false, description: 'paused' })
    expect(disabled).toMatchObject({ enabled: false, description: 'paused' })

    const listed = await client.hogFunctions.list({ type: ['destination'] })
    expect(listed.results.map((item) => item.id)).toEqual([created.id])

    await expect(client.hogFunctions.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)

    expect((await client.hogFunctions.update(created.id, { enabled: true })).enabled).toBe(true)
    expect(await client.hogFunctions.broadcast(created.id)).toEqual({ success: true })
    const invocation = await client.hogFunctions.invocations(created.id, {
      configuration: {},
      globals: { event: { event: '$pageview' } },
    })
    expect(invocation).toMatchObject({ status: 'success', result: null, errors: [] })
    // The broadcast and the invocation each logged three lines and counted one success; logs come newest first.
    const logs = await client.hogFunctions.logs(created.id)
    expect(logs.count).toBe(6)
    expect(logs.results.map((entry) => [entry.level, entry.message])).toEqual([
      ['DEBUG', 'Function completed in 1.2ms'],
      ['INFO', 'Test invocation'],
      ['DEBUG', 'Executing function'],
      ['DEBUG', 'Function completed in 1.2ms'],
      ['INFO', 'Broadcast to matching persons'],
      ['DEBUG', 'Executing function'],
    ])
    expect(new Set(logs.results.map((entry) => entry.log_source_id))).toEqual(new Set([created.id]))
    const metrics = await client.hogFunctions.metrics(created.id)
    expect(metrics.series?.map((series) => series.name)).toEqual(['success', 'failure'])
    const sum = (values: readonly number[] | undefined) => (values ?? []).reduce((total, value) => total + value, 0)
    expect(metrics.series?.map((series) => sum(series.values))).toEqual([2, 0])
    expect(await client.hogFunctions.metricsTotals(created.id)).toEqual({ totals: { success: 2 } })

    const icon = await client.hogFunctions.icon({ id: 'slack.com' })
    expect(icon).toBeInstanceOf(Blob)
    expect(icon.type).toBe('image/png')
    expect(icon.size).toBeGreaterThan(0)
    const icons = await client.hogFunctions.icons({ query: 'slack' })
    expect(icons[0]?.id).toBe('slack.com')

    const rearranged = await client.hogFunctions.rearrange({ orders: { [transformation?.id ?? '']: 3 } })
    expect(rearranged.map((item) => [item.id, item.execution_order])).toEqual([[transformation?.id, 3]])

    const removed = await client.hogFunctions.softDelete(created.id)
    expect(removed.id).toBe(created.id)
    await expect(client.hogFunctions.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  surveys: async ({ client, fake }) => {
    const created = await client.surveys.create({
      name: 'NPS',
      type: 'popover',
      questions: [{ type: 'rating', question: 'How likely are you to recommend us?', scale: 10 }],
    })
    expect(created).toMatchObject({ name: 'NPS', type: 'popover' })
    expect(created.questions?.[0]).toMatchObject({
      type: 'rating',
      question: 'How likely are you to recommend us?',
      scale: 10,
    })

    const launched = await client.surveys.update(created.id, {
      start_date: '2026-11-01T00:00:00Z',
      description: 'quarterly',
    })
    expect(launched.description).toBe('quarterly')
    expect((await client.surveys.retrieve(created.id)).description).toBe('quarterly')
    expect((await client.surveys.list({ search: 'NPS' })).results.map((survey) => survey.id)).toEqual([created.id])

    const seeded = fake.seed.surveyResponses(created.id, 3)
    const [first, second] = seeded
    const uuid = first?.uuid ?? ''
    const rows = await client.surveys.responses(created.id).toArray()
    expect(rows.map((row) => row.uuid).sort()).toEqual(seeded.map((response) => response.uuid).sort())
    expect(await client.surveys.responsesCount({ survey_ids: [created.id] })).toEqual({ [created.id]: 3 })
    expect(await client.surveys.archiveResponse(created.id, uuid)).toBe(200)
    expect(await client.surveys.archivedResponseUuids(created.id)).toEqual([uuid])
    const stats = await client.surveys.stats(created.id, { exclude_archived: true })
    expect(stats.survey_id).toBe(created.id)
    expect(stats.stats?.['survey sent']?.total_count).toBe(2)
    expect(await client.surveys.unarchiveResponse(created.id, uuid)).toBe(200)
    expect(await client.surveys.archivedResponseUuids(created.id)).toEqual([])
    expect(second?.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)

    const allStats = await client.surveys.allStats()
    expect(allStats.stats?.['survey sent']?.total_count).toBe(3)

    const activity = await client.surveys.activity(created.id)
    expect(activity.results.length).toBeGreaterThan(0)
    const allActivity = await client.surveys.allActivity()
    expect(allActivity.results.length).toBeGreaterThanOrEqual(activity.results.length)

    const summary = await client.surveys.summarizeResponses(created.id, { question_index: 0 })
    expect(summary.response_count).toBe(3)
    const headline = await client.surveys.summaryHeadline(created.id)
    expect(headline.responses_sampled).toBe(3)

    const copies = await client.surveys.duplicateToProjects(created.id, { target_team_ids: [2, 3] })
    expect(copies.count).toBe(2)
    expect(copies.created_surveys?.map((copy) => copy.team_id)).toEqual([2, 3])

    await client.surveys.delete(created.id)
    await expect(client.surveys.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  endpoints: async ({ client }) => {
    const created = await client.endpoints.create({
      name: 'daily_signups',
      query: { kind: 'HogQLQuery', query: 'SELECT count() FROM events' },
    })
    expect(created).toMatchObject({
      name: 'daily_signups',
      query: { kind: 'HogQLQuery', query: 'SELECT count() FROM events' },
    })

    expect((await client.endpoints.retrieve('daily_signups')).name).toBe('daily_signups')
    expect((await client.endpoints.list()).results.map((endpoint) => endpoint.name)).toEqual(['daily_signups'])
    const updated = await client.endpoints.update('daily_signups', { query: { kind: 'HogQLQuery', query: 'SELECT 2' } })
    expect(updated.query).toMatchObject({ query: 'SELECT 2' })

    const versions = await client.endpoints.versions('daily_signups')
    expect(versions.results.map((version) => version.version)).toEqual([2, 1])
    expect((await client.endpoints.version('daily_signups', 1)).version).toBe(1)

    expect((await client.endpoints.materializationStatus('daily_signups')).can_materialize).toBe(true)
    const ranFrom = Date.now()
    const run = await client.endpoints.run('daily_signups', { refresh: 'blocking' })
    expect(run.endpoint_version).toBe(2)
    expect((await client.endpoints.runGet('daily_signups')).endpoint_version).toBe(2)
    const times = await client.endpoints.lastExecutionTimes({ names: ['daily_signups', 'never_run'] })
    expect(times.query_status).toMatchObject({ complete: true, error: false, id: '', query_async: true })
    // One row per endpoint that ran (never_run is absent), timed between the first run and now.
    const rows = times.query_status?.results as Array<[string, string]>
    expect(rows.map(([name]) => name)).toEqual(['daily_signups'])
    expect(Date.parse(rows[0]![1])).toBeGreaterThanOrEqual(ranFrom)
    expect(Date.parse(rows[0]![1])).toBeLessThanOrEqual(Date.now())

    await client.endpoints.delete('daily_signups')
    await expect(client.endpoints.retrieve('daily_signups')).rejects.toBeInstanceOf(NotFoundError)
  },

  query: async ({ client }) => {
    const answer = await client.query(
      { kind: 'HogQLQuery', query: 'SELECT {word} AS word', values: { word: 'async' } },
      { refresh: 'async' },
    )
    expect(answer.results).toEqual([['async']])
    // Out of time before its first status read: the run is cancelled.
    await expect(
      client.query({ kind: 'HogQLQuery', query: 'SELECT 1' }, { refresh: 'async', timeout: 100 }),
    ).rejects.toBeInstanceOf(TimeoutError)
  },

  eventDefinitions: async ({ client }) => {
    const created = await client.eventDefinitions.create({ name: 'checkout_completed', description: 'Paid' })
    expect(created).toMatchObject({ name: 'checkout_completed', description: 'Paid' })

    expect((await client.eventDefinitions.retrieve(created.id)).name).toBe('checkout_completed')
    const verified = await client.eventDefinitions.update(created.id, { verified: true, tags: ['revenue'] })
    expect(verified).toMatchObject({ verified: true, tags: ['revenue'] })
    const listed = await client.eventDefinitions.list({ search: 'checkout' })
    expect(listed.results.map((definition) => definition.name)).toEqual(['checkout_completed'])

    expect(await client.eventDefinitions.metrics(created.id)).toEqual({ query_usage_30_day: 0 })
    expect((await client.eventDefinitions.typescript()).content).toContain('checkout_completed')
    expect((await client.eventDefinitions.python()).content).toContain('checkout_completed')
    expect((await client.eventDefinitions.golang()).content).toContain('checkout_completed')

    await client.eventDefinitions.delete(created.id)
    await expect(client.eventDefinitions.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  featureFlags: async ({ client }) => {
    const filters = {
      groups: [
        {
          properties: [{ key: 'email', type: 'person' as const, operator: 'icontains' as const, value: '@acme.com' }],
          rollout_percentage: 100,
        },
      ],
      multivariate: {
        variants: [
          { key: 'control', rollout_percentage: 50 },
          { key: 'test', rollout_percentage: 50 },
        ],
      },
      payloads: { test: { color: 'blue' } },
    }
    const created = await client.featureFlags.create({ key: 'new-checkout', name: 'New checkout', filters })
    expect(created).toMatchObject({ key: 'new-checkout', active: true, deleted: false, version: 1 })
    // The service stores payloads as JSON text.
    expect(created.filters?.payloads).toEqual({ test: '{"color":"blue"}' })
    expect((await client.featureFlags.retrieve(created.id)).key).toBe('new-checkout')

    // Keys are unique among live flags, and limited to letters, digits, `-` and `_`.
    await expect(client.featureFlags.create({ key: 'new-checkout', filters })).rejects.toMatchObject({
      status: 400,
      attr: 'key',
      code: 'unique',
    })
    await expect(client.featureFlags.create({ key: 'new checkout', filters })).rejects.toMatchObject({
      status: 400,
      attr: 'key',
      code: 'invalid_key',
    })
    const badSplit = {
      ...filters,
      multivariate: {
        variants: [
          { key: 'control', rollout_percentage: 50 },
          { key: 'test', rollout_percentage: 60 },
        ],
      },
    }
    await expect(client.featureFlags.create({ key: 'bad-split', filters: badSplit })).rejects.toBeInstanceOf(
      BadRequestError,
    )

    const off = await client.featureFlags.disable(created.id)
    expect(off).toMatchObject({ active: false, version: 2 })
    expect((await client.featureFlags.enable(created.id)).active).toBe(true)
    const renamed = await client.featureFlags.update(created.id, { name: 'Checkout v2' })
    expect(renamed.name).toBe('Checkout v2')
    expect((await client.featureFlags.list({ search: 'new-checkout' })).results.map((flag) => flag.key)).toEqual([
      'new-checkout',
    ])

    await expect(client.featureFlags.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)
    const gone = await client.featureFlags.softDelete(created.id)
    expect(gone).toMatchObject({ deleted: true, status: 'DELETED' })
    expect((await client.featureFlags.list()).results.map((flag) => flag.id)).not.toContain(created.id)
    // The soft delete freed the key.
    expect((await client.featureFlags.create({ key: 'new-checkout', filters })).id).not.toBe(created.id)
  },

  cohorts: async ({ client, fake }) => {
    const [action] = fake.seed.actions([{ name: 'Purchased' }])
    const created = await client.cohorts.create({
      name: 'Buyers',
      filters: {
        properties: {
          type: 'OR',
          values: [
            {
              type: 'AND',
              values: [
                {
                  type: 'behavioral',
                  key: action!.id,
                  event_type: 'actions',
                  value: 'performed_event',
                  time_value: 30,
                  time_interval: 'day',
                },
              ],
            },
          ],
        },
      },
    })
    expect(created).toMatchObject({ name: 'Buyers', is_static: false, deleted: false, is_calculating: true })
    expect((await client.cohorts.retrieve(created.id)).name).toBe('Buyers')
    expect((await client.cohorts.update(created.id, { description: 'Bought in 30 days' })).description).toBe(
      'Bought in 30 days',
    )
    expect((await client.cohorts.list()).results.map((cohort) => cohort.id)).toContain(created.id)
    await expect(client.cohorts.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)
    expect((await client.cohorts.softDelete(created.id)).deleted).toBe(true)
    expect((await client.cohorts.retrieve(created.id)).deleted).toBe(true)
    expect((await client.cohorts.list()).results.map((cohort) => cohort.id)).not.toContain(created.id)
  },

  actions: async ({ client }) => {
    const created = await client.actions.create({
      name: 'Signed up',
      steps: [{ event: 'signed up' }, { event: '$pageview', url: '/welcome', url_matching: 'exact' }],
    })
    expect(created.steps?.map((step) => [step.event, step.url_matching])).toEqual([
      ['signed up', 'contains'],
      ['$pageview', 'exact'],
    ])
    await expect(client.actions.create({ name: 'Signed up' })).rejects.toMatchObject({
      status: 400,
      attr: 'name',
      code: 'unique',
    })
    expect((await client.actions.retrieve(created.id)).name).toBe('Signed up')
    expect((await client.actions.update(created.id, { description: 'Completed signup' })).description).toBe(
      'Completed signup',
    )
    const page = await client.actions.list()
    expect(page.results.map((action) => action.id)).toContain(created.id)
    expect(page.hasNextPage()).toBe(false)
    expect(await client.actions.references(created.id)).toEqual([])
    await expect(client.actions.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)
    expect((await client.actions.softDelete(created.id)).deleted).toBe(true)
    // The soft delete freed the name.
    expect((await client.actions.create({ name: 'Signed up' })).id).not.toBe(created.id)
  },

  holdouts: async ({ client }) => {
    const created = await client.holdouts.create({
      name: 'Q3 holdout',
      filters: [{ properties: [], rollout_percentage: 5 }],
    })
    expect(created.filters).toEqual([{ properties: [], rollout_percentage: 5, variant: `holdout-${created.id}` }])
    expect((await client.holdouts.retrieve(created.id)).name).toBe('Q3 holdout')
    expect((await client.holdouts.update(created.id, { description: '5% kept out' })).description).toBe('5% kept out')
    expect((await client.holdouts.list()).results.map((holdout) => holdout.id)).toEqual([created.id])
    await expect(client.holdouts.create({ name: 'Empty', filters: [] })).rejects.toMatchObject({
      status: 400,
      attr: 'filters',
    })
    await client.holdouts.delete(created.id)
    await expect(client.holdouts.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  savedMetrics: async ({ client }) => {
    const query = {
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      source: { kind: 'EventsNode', event: 'purchase' },
    } as const
    const created = await client.savedMetrics.create({ name: 'Purchases', query })
    expect(created.query).toMatchObject({ ...query, uuid: expect.any(String) })
    await expect(client.savedMetrics.create({ name: 'PURCHASES', query })).rejects.toMatchObject({
      status: 400,
      attr: 'name',
    })
    expect((await client.savedMetrics.retrieve(created.id)).name).toBe('Purchases')
    expect((await client.savedMetrics.update(created.id, { description: 'Revenue events' })).description).toBe(
      'Revenue events',
    )
    expect((await client.savedMetrics.list({ search: 'purch' })).results.map((metric) => metric.id)).toEqual([
      created.id,
    ])
    await client.savedMetrics.delete(created.id)
    await expect(client.savedMetrics.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  dashboards: async ({ client, fake }) => {
    const created = await client.dashboards.create({ name: 'Growth', filters: { date_from: '-30d' } })
    expect(created).toMatchObject({
      name: 'Growth',
      tiles: [],
      filters: { date_from: '-30d' },
      creation_mode: 'default',
    })
    const [insight] = fake.seed.insights([{ name: 'Signups', dashboards: [created.id] }])
    const read = await client.dashboards.retrieve(created.id)
    expect(read.tiles?.map((tile) => tile.insight?.id)).toEqual([insight!.id])
    const tileId = read.tiles![0]!.id
    const laid = await client.dashboards.update(created.id, {
      tiles: [{ id: tileId, layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } }, { text: { body: 'Notes' } }],
    })
    expect(laid.tiles?.map((tile) => [tile.layouts, tile.text?.body ?? null])).toEqual([
      [{ sm: { x: 0, y: 0, w: 6, h: 5 } }, null],
      [{}, 'Notes'],
    ])
    expect((await client.dashboards.list()).results.map((dashboard) => dashboard.id)).toContain(created.id)
    await expect(client.dashboards.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)
    expect((await client.dashboards.softDelete(created.id)).deleted).toBe(true)
    await expect(client.dashboards.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  insights: async ({ client, fake }) => {
    const [dashboard] = fake.seed.dashboards([{ name: 'Growth' }])
    const query: InsightRootQuery = {
      kind: 'InsightVizNode',
      source: {
        kind: 'FunnelsQuery',
        series: [
          { kind: 'EventsNode', event: 'signed_up' },
          { kind: 'EventsNode', event: 'paid' },
        ],
      },
    }
    const created = await client.insights.create({ name: 'Signup to paid', query, dashboards: [dashboard!.id] })
    expect(created).toMatchObject({ name: 'Signup to paid', query, dashboards: [dashboard!.id], filters: {} })
    expect(created.short_id).toMatch(/^[0-9a-f]{8}$/)
    // The query is checked before anything is sent.
    await expect(
      client.insights.create({
        query: { kind: 'InsightVizNode', source: { kind: 'TrendsQuery', series: [], colour: 1 } } as never,
      }),
    ).rejects.toBeInstanceOf(InvalidArgumentError)
    expect((await client.insights.retrieve(created.id)).name).toBe('Signup to paid')
    expect((await client.insights.update(created.id, { dashboards: [] })).dashboards).toEqual([])
    expect(
      (await client.insights.list({ short_id: created.short_id! })).results.map((insight) => insight.dashboards),
    ).toEqual([[]])
    expect((await client.insights.list()).results.map((insight) => insight.id)).toContain(created.id)
    await expect(client.insights.delete(created.id)).rejects.toBeInstanceOf(MethodNotAllowedError)
    expect((await client.insights.softDelete(created.id)).deleted).toBe(true)
    await expect(client.insights.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },

  earlyAccessFeatures: async ({ client }) => {
    const created = await client.earlyAccessFeatures.create({
      name: 'New navigation',
      stage: 'beta',
      payload: { variant: 'compact' },
    })
    expect(created).toMatchObject({
      name: 'New navigation',
      stage: 'beta',
      payload: { variant: 'compact' },
      feature_flag: { key: 'new-navigation' },
    })
    expect(created.feature_flag?.filters?.['feature_enrollment']).toBe(true)
    expect((await client.earlyAccessFeatures.retrieve(created.id)).name).toBe('New navigation')
    const archived = await client.earlyAccessFeatures.update(created.id, { stage: 'archived' })
    expect(archived.feature_flag?.filters?.['feature_enrollment']).toBeNull()
    expect((await client.earlyAccessFeatures.list()).results.map((feature) => feature.id)).toContain(created.id)
    expect(await client.earlyAccessFeatures.delete(created.id)).toBeUndefined()
    await expect(client.earlyAccessFeatures.retrieve(created.id)).rejects.toBeInstanceOf(NotFoundError)
  },
}

/**
 * Runs `steps` on a fresh fake over a real socket, then checks that every request came over it and none hit a handler
 * bug.
 */
async function overASocket(steps: (world: World) => Promise<void>): Promise<FakeApi> {
  // The real service refuses personal API keys on the operations with no scope; this fake answers them.
  // Projects 2 and 3 are duplicate_to_projects targets (the fake knows only the projects it is given).
  const { fake, server, client, close } = await startE2E({ allowUnscopedActions: true, projects: [1, 2, 3] })
  try {
    await steps({ fake, client: client({ maxRetries: 0 }) })
    expect(fake.requests.every((request) => request.url.startsWith(server.url))).toBe(true)
    expect(fake.requests.filter((request) => request.error !== undefined)).toEqual([])
    return fake
  } finally {
    await close()
  }
}

describe('every operation over a real socket', () => {
  it.each(Object.keys(ROUND_TRIPS).map((group) => [group, operationsOf(group).length] as const))(
    '%s: its %i operations, fields round-trip',
    async (group) => {
      const fake = await overASocket(ROUND_TRIPS[group]!)
      expect(new Set(operationsHit(fake))).toEqual(new Set(operationsOf(group)))
    },
  )

  it('reached every operation of OPERATIONS, each over the socket', async () => {
    const fake = await overASocket(async (world) => {
      for (const roundTrip of Object.values(ROUND_TRIPS)) await roundTrip(world)
    })
    expect(new Set(operationsHit(fake))).toEqual(new Set(ALL_OPERATIONS))
  })

  it('experiment results: the experiment, then a query per metric', async () => {
    const fake = await overASocket(async ({ client, fake }) => {
      const [experiment] = fake.seed.experiments([
        { metrics: [{ kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'm-1', series: [] }] },
      ])
      fake.seed.experimentData(experiment!.id, {
        control: { exposures: 500, conversions: 50 },
        test: { exposures: 500, conversions: 60 },
      })
      const results = await client.experiments.results(experiment!.id)
      expect(results.metrics.map((metric) => [metric.uuid, metric.variants.map((variant) => variant.value)])).toEqual([
        ['m-1', [0.12]],
      ])
    })
    expect(operationsHit(fake)).toEqual(['experiments.retrieve', 'query.run'])
  })
})

describe('scopes over a real socket', () => {
  const UNSCOPED = ALL_OPERATIONS.filter((id) => OPERATIONS[id].scope === null)
  const e2e = useE2E({ keys: { phx_survey_reader: ['survey:read'] } })

  beforeAll(() => {
    e2e.fake.seed.hogFunctions([{ id: 'hog-1' }])
    e2e.fake.seed.endpoints([{ name: 'top_events' }])
    e2e.fake.seed.eventDefinitions([{ id: 'def-1', name: 'signed_up' }])
  })

  /** One call per operation with no scope (the real service refuses personal API keys on them). */
  const unscopedCalls: Partial<Record<OperationId, (client: ProjectClient) => Promise<unknown>>> = {
    'hogFunctions.broadcast': (client) => client.hogFunctions.broadcast('hog-1'),
    'hogFunctions.invocations': (client) => client.hogFunctions.invocations('hog-1', { configuration: {} }),
    'hogFunctions.logs': (client) => client.hogFunctions.logs('hog-1'),
    'hogFunctions.metrics': (client) => client.hogFunctions.metrics('hog-1'),
    'hogFunctions.metricsTotals': (client) => client.hogFunctions.metricsTotals('hog-1'),
    'hogFunctions.icon': (client) => client.hogFunctions.icon({ id: 'slack.com' }),
    'hogFunctions.icons': (client) => client.hogFunctions.icons({ query: 'slack' }),
    'hogFunctions.rearrange': (client) => client.hogFunctions.rearrange({ orders: { 'hog-1': 1 } }),
    'endpoints.update': (client) => client.endpoints.update('top_events', { description: 'x' }),
    'endpoints.materializationStatus': (client) => client.endpoints.materializationStatus('top_events'),
    'endpoints.lastExecutionTimes': (client) => client.endpoints.lastExecutionTimes({ names: ['top_events'] }),
    'eventDefinitions.metrics': (client) => client.eventDefinitions.metrics('def-1'),
  }

  it('has a call for each operation with no scope', () => {
    expect(Object.keys(unscopedCalls).sort()).toEqual([...UNSCOPED].sort())
  })

  it.each(UNSCOPED)('%s refuses the personal API key: PermissionDeniedError, requiredScope null', async (id) => {
    const call = unscopedCalls[id]
    if (!call) throw new Error(`no call for ${id}`)
    const error = await call(e2e.client({ maxRetries: 0 })).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error).toMatchObject({
      status: 403,
      requiredScope: null,
      detail: 'This action does not support personal API key access',
    })
    expect(e2e.fake.requests.at(-1)?.operation).toBe(id)
  })

  it('names the missing scope, and never shows the key', async () => {
    const client = e2e.client({ apiKey: 'phx_survey_reader', maxRetries: 0 })
    expect((await client.surveys.list()).results).toEqual([])
    const error = await client.surveys.create({ name: 'Nope', type: 'popover' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect(error).toMatchObject({ status: 403, requiredScope: 'survey:write' })
    expect(String(error)).not.toContain('phx_survey_reader')
    expect(JSON.stringify(error)).not.toContain('phx_survey_reader')
  })

  it('answers an unknown key with AuthenticationError', async () => {
    const error = await e2e
      .client({ apiKey: 'phx_unknown_key', maxRetries: 0 })
      .experiments.list()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AuthenticationError)
    expect(error).toMatchObject({ status: 401 })
    expect(String(error)).not.toContain('phx_unknown_key')
  })
})
