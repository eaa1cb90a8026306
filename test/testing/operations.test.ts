import { describe, expect, it } from 'vitest'
import { OPERATIONS, type OperationId } from '../../src/core/operations.js'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'
import { ALL_OPERATIONS } from '../helpers/operations.js'

/**
 * One call per operation of OPERATIONS, with the success status the real service answers (docs/service-behaviour.md
 * §3.2–§7.2).
 */
interface Case {
  /** Something the call needs that only a request makes (an async query run). */
  prepare?: (fake: FakeApi) => Promise<unknown>
  path?: Record<string, string>
  query?: string
  body?: unknown
  status: number
  check?: (body: any) => void
}

function world(options: Parameters<typeof createFakeApi>[0] = {}) {
  const fake = createFakeApi({ projects: [1, 2], ...options, now: () => new Date('2026-11-20T12:00:00Z') })
  const [experiment] = fake.seed.experiments(1)
  const [destination, transformation] = fake.seed.hogFunctions([{ type: 'destination' }, { type: 'transformation' }])
  const [survey] = fake.seed.surveys(1)
  const responses = fake.seed.surveyResponses(survey?.id ?? '', 2)
  const [response] = responses
  fake.seed.endpoints([{ name: 'top_events' }])
  const [definition] = fake.seed.eventDefinitions([{ name: 'signed_up' }])
  const [flag] = fake.seed.featureFlags([{ key: 'checkout' }])
  // Cohort id 1 (the exposure cohort the experiment creates is id 2).
  const [cohort] = fake.seed.cohorts([{ name: 'Beta testers' }])
  const [action] = fake.seed.actions([{ name: 'Signed up', steps: [{ event: 'signed up' }] }])
  const [holdout] = fake.seed.holdouts([{ name: 'Q3 holdout' }])
  const [savedMetric] = fake.seed.savedMetrics([{ name: 'Checkout conversion' }])
  const [dashboard] = fake.seed.dashboards([{ name: 'Growth' }])
  const [insight] = fake.seed.insights([{ name: 'Signups', dashboards: [dashboard!.id] }])
  const [feature] = fake.seed.earlyAccessFeatures([{ name: 'New nav' }])
  return {
    fake,
    ids: {
      experiment: String(experiment?.id),
      destination: destination?.id ?? '',
      transformation: transformation?.id ?? '',
      survey: survey?.id ?? '',
      response: response?.uuid ?? '',
      response2: responses[1]?.uuid ?? '',
      definition: definition?.id ?? '',
      flag: String(flag?.id),
      cohort: String(cohort?.id),
      action: String(action?.id),
      holdout: String(holdout?.id),
      savedMetric: String(savedMetric?.id),
      dashboard: String(dashboard?.id),
      insight: String(insight?.id),
      feature: feature?.id ?? '',
    },
  }
}

function cases(ids: ReturnType<typeof world>['ids']): Record<OperationId, Case> {
  const experiment = { id: ids.experiment }
  const hog = { id: ids.destination }
  const survey = { id: ids.survey }
  const endpoint = { name: 'top_events' }
  const definition = { id: ids.definition }
  const flag = { id: ids.flag }
  const cohort = { id: ids.cohort }
  const action = { id: ids.action }
  const holdout = { id: ids.holdout }
  const savedMetric = { id: ids.savedMetric }
  const dashboard = { id: ids.dashboard }
  const insight = { id: ids.insight }
  const feature = { id: ids.feature }
  const paginated = (body: any) => expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results'])
  const asyncRun = (fake: FakeApi) =>
    send(fake, 'query.run', {
      body: { query: { kind: 'HogQLQuery', query: 'SELECT 1' }, refresh: 'async', client_query_id: 'run-1' },
      status: 202,
    })
  return {
    'experiments.list': { status: 200, check: paginated },
    'experiments.create': {
      body: { name: 'New', feature_flag_key: 'new-flag' },
      status: 201,
      // The one seeded experiment has id 1; the new flag gets the default name and a 50/50 control/test split (§3.1).
      check: (body) =>
        expect(body).toMatchObject({
          id: 2,
          name: 'New',
          feature_flag_key: 'new-flag',
          start_date: null,
          feature_flag: {
            key: 'new-flag',
            name: 'Feature Flag for Experiment New',
            active: false,
            filters: {
              multivariate: {
                variants: [
                  { key: 'control', rollout_percentage: 50 },
                  { key: 'test', rollout_percentage: 50 },
                ],
              },
            },
          },
        }),
    },
    'experiments.retrieve': {
      path: experiment,
      status: 200,
      check: (body) => expect(body.feature_flag.key).toBe('experiment-1'),
    },
    'experiments.update': {
      path: experiment,
      body: { description: 'changed' },
      status: 200,
      check: (body) => expect(body.description).toBe('changed'),
    },
    'experiments.delete': { path: experiment, status: 405 },
    'experiments.createExposureCohort': {
      path: experiment,
      body: {},
      status: 201,
      check: (body) => expect(body.cohort.id).toBe(2),
    },
    'experiments.duplicate': {
      path: experiment,
      body: {},
      status: 201,
      check: (body) => expect(body.name).toBe('Experiment 1 (Copy)'),
    },
    'experiments.recalculateTimeseries': {
      path: experiment,
      body: { metric: { uuid: 'm1' }, fingerprint: 'f' },
      status: 201,
      check: (body) =>
        expect(body).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          experiment_id: Number(ids.experiment),
          metric_uuid: 'm1',
          fingerprint: 'f',
          status: 'pending',
          created_at: '2026-11-20T12:00:00.000000+00:00',
        }),
    },
    'experiments.timeseriesResults': {
      path: experiment,
      query: 'metric_uuid=m1&fingerprint=f',
      status: 200,
      check: (body) => expect(body.status).toBe('pending'),
    },
    'experiments.eligibleFeatureFlags': {
      status: 200,
      check: (body) => {
        expect(Object.keys(body).sort()).toEqual(['count', 'results'])
        // The experiment's flag and the seeded `checkout` flag (both control/test), newest first.
        expect(body.count).toBe(2)
        expect(body.results.map((flag: any) => flag.key)).toEqual(['checkout', 'experiment-1'])
      },
    },
    'experiments.requiresFlagImplementation': { status: 200, check: (body) => expect(body).toEqual({ result: true }) },
    'experiments.stats': {
      status: 200,
      check: (body) =>
        // The seeded experiment is running, launched within the last 30 days.
        expect(body).toEqual({
          launched_last_30d: 1,
          launched_previous_30d: 0,
          percent_change: 100,
          active_experiments: 1,
          completed_last_30d: 0,
        }),
    },

    'hogFunctions.list': { status: 200, check: paginated },
    'hogFunctions.create': {
      body: { name: 'Webhook', template_id: 'template-webhook', inputs: { url: 'https://example.com' } },
      status: 201,
      check: (body) => expect(body.template.id).toBe('template-webhook'),
    },
    'hogFunctions.retrieve': { path: hog, status: 200, check: (body) => expect(body).not.toHaveProperty('deleted') },
    'hogFunctions.update': {
      path: hog,
      body: { enabled: false },
      status: 200,
      check: (body) => expect(body.enabled).toBe(false),
    },
    'hogFunctions.delete': { path: hog, status: 405 },
    'hogFunctions.broadcast': {
      path: hog,
      body: {},
      status: 200,
      check: (body) => expect(body).toEqual({ success: true }),
    },
    'hogFunctions.invocations': {
      path: hog,
      body: {
        configuration: { hog: "print('ran')" },
        globals: { event: { event: '$pageview', uuid: 'e1', timestamp: '2026-11-20T12:00:00Z' } },
      },
      status: 200,
      check: (body) => {
        expect(body).toMatchObject({ status: 'success', result: null, errors: [] })
        expect(body.logs[0]).toEqual({ level: 'info', timestamp: '2026-11-20T12:00:00.000000Z', message: 'ran' })
        expect(body.logs[1].message).toMatch(/^Function completed in /)
      },
    },
    // A seeded function has never run: no log lines, no metrics.
    'hogFunctions.logs': {
      path: hog,
      status: 200,
      check: (body) => expect(body).toEqual({ count: 0, next: null, previous: null, results: [] }),
    },
    'hogFunctions.metrics': {
      path: hog,
      status: 200,
      check: (body) => expect(body.series.map((item: any) => item.name)).toEqual(['success', 'failure']),
    },
    'hogFunctions.metricsTotals': { path: hog, status: 200, check: (body) => expect(body).toEqual({ totals: {} }) },
    'hogFunctions.icon': { query: 'id=slack.com', status: 200 },
    'hogFunctions.icons': {
      query: 'query=slack',
      status: 200,
      check: (body) => expect(body[0].url).toBe('/api/projects/@current/hog_functions/icon/?id=slack.com'),
    },
    'hogFunctions.rearrange': {
      body: { orders: { [ids.transformation]: 5 } },
      status: 200,
      check: (body) => expect(body.map((item: any) => item.execution_order)).toEqual([5]),
    },

    'surveys.list': { status: 200, check: paginated },
    'surveys.create': {
      body: { name: 'New survey', type: 'popover' },
      status: 201,
      check: (body) => expect(body).not.toHaveProperty('feature_flag_keys'),
    },
    'surveys.retrieve': { path: survey, status: 200, check: (body) => expect(body.feature_flag_keys).toHaveLength(4) },
    'surveys.update': {
      path: survey,
      body: { description: 'changed' },
      status: 200,
      check: (body) => expect(body).not.toHaveProperty('linked_flag_id'),
    },
    'surveys.delete': { path: survey, status: 204 },
    'surveys.activity': {
      path: survey,
      status: 200,
      check: (body) => expect(Object.keys(body).sort()).toEqual(['next', 'previous', 'results', 'total_count']),
    },
    'surveys.archivedResponseUuids': { path: survey, status: 200, check: (body) => expect(body).toEqual([]) },
    'surveys.duplicateToProjects': {
      path: survey,
      body: { target_team_ids: [2] },
      status: 201,
      check: (body) => expect(body.count).toBe(1),
    },
    'surveys.archiveResponse': {
      path: { ...survey, responseUuid: ids.response },
      body: {},
      status: 200,
      check: (body) => expect(body).toBe(200),
    },
    'surveys.unarchiveResponse': {
      path: { ...survey, responseUuid: ids.response },
      body: {},
      status: 200,
      check: (body) => expect(body).toBe(200),
    },
    'surveys.stats': {
      path: survey,
      status: 200,
      check: (body) =>
        expect(Object.keys(body).sort()).toEqual(['end_date', 'rates', 'start_date', 'stats', 'survey_id']),
    },
    'surveys.summarizeResponses': {
      path: survey,
      query: 'question_index=0',
      body: {},
      status: 200,
      check: (body) => expect(body.response_count).toBe(2),
    },
    'surveys.summaryHeadline': {
      path: survey,
      body: {},
      status: 200,
      check: (body) => expect(body.responses_sampled).toBe(2),
    },
    'surveys.allActivity': { status: 200, check: (body) => expect(body.total_count).toBe(0) },
    'surveys.responsesCount': { status: 200, check: (body) => expect(body).toEqual({ [ids.survey]: 2 }) },
    'surveys.allStats': { status: 200, check: (body) => expect(body.stats['survey sent'].total_count).toBe(2) },

    'endpoints.list': { status: 200, check: (body) => expect(Object.keys(body)).toEqual(['results']) },
    'endpoints.create': {
      body: { name: 'fresh', query: { kind: 'HogQLQuery', query: 'SELECT 1' } },
      status: 201,
      check: (body) =>
        expect(body).toMatchObject({
          name: 'fresh',
          description: '',
          query: { kind: 'HogQLQuery', query: 'SELECT 1' },
          is_active: true,
          endpoint_path: `/api/environments/1/endpoints/fresh/run`,
          current_version: 1,
          versions_count: 1,
          created_at: '2026-11-20T12:00:00.000000Z',
        }),
    },
    'endpoints.retrieve': {
      path: endpoint,
      status: 200,
      check: (body) => expect(body.materialization).toEqual({ can_materialize: true, reason: null }),
    },
    // The query is unchanged, so no new version (§6.2).
    'endpoints.update': {
      path: endpoint,
      body: { description: 'changed' },
      status: 200,
      check: (body) =>
        expect(body).toMatchObject({
          name: 'top_events',
          description: 'changed',
          current_version: 1,
          versions_count: 1,
        }),
    },
    'endpoints.delete': { path: endpoint, status: 204 },
    'endpoints.materializationStatus': {
      path: endpoint,
      status: 200,
      check: (body) => expect(body.can_materialize).toBe(true),
    },
    'endpoints.runGet': { path: endpoint, status: 200, check: (body) => expect(body.endpoint_version).toBe(1) },
    'endpoints.run': {
      path: endpoint,
      body: { refresh: 'blocking' },
      status: 200,
      check: (body) =>
        expect(body.results).toEqual([
          ['$pageview', 128],
          ['$autocapture', 64],
        ]),
    },
    'endpoints.versions': { path: endpoint, status: 200, check: (body) => expect(body).toHaveLength(1) },
    'endpoints.version': {
      path: { ...endpoint, versionNumber: '1' },
      status: 200,
      check: (body) => expect(body.version).toBe(1),
    },
    'endpoints.lastExecutionTimes': {
      body: { names: ['top_events'] },
      status: 200,
      check: (body) => expect(body.query_status.results).toEqual([]),
    },

    'surveys.responses': {
      path: survey,
      status: 200,
      check: (body) => {
        expect(Object.keys(body).sort()).toEqual(['has_more', 'limit', 'offset', 'results'])
        expect(body.results).toHaveLength(2)
        expect(body.results[0]).toMatchObject({
          uuid: ids.response2,
          answers: [{ answer: 'Answer 2', question_index: 0, question_type: 'open' }],
        })
      },
    },
    'query.run': {
      body: { query: { kind: 'HogQLQuery', query: 'SELECT 1 AS one' } },
      status: 200,
      check: (body) => expect(body).toMatchObject({ columns: ['one'], results: [[1]], types: [['one', 'Int64']] }),
    },
    'query.status': {
      prepare: asyncRun,
      path: { id: 'run-1' },
      status: 202,
      check: (body) => expect(body.query_status).toMatchObject({ id: 'run-1', complete: false }),
    },
    'query.cancel': {
      prepare: asyncRun,
      path: { id: 'run-1' },
      status: 200,
      check: (body) => expect(body).toEqual({ message: 'Query cancelled.' }),
    },

    'eventDefinitions.list': { status: 200, check: paginated },
    'eventDefinitions.create': {
      body: { name: 'new_event' },
      status: 201,
      check: (body) => expect(body.created_at).toBeNull(),
    },
    'eventDefinitions.retrieve': {
      path: definition,
      status: 200,
      check: (body) => expect(body.name).toBe('signed_up'),
    },
    'eventDefinitions.update': {
      path: definition,
      body: { verified: true },
      status: 200,
      check: (body) => expect(body.verified_by.id).toBe(1),
    },
    'eventDefinitions.delete': { path: definition, status: 204 },
    'eventDefinitions.metrics': {
      path: definition,
      status: 200,
      check: (body) => expect(body).toEqual({ query_usage_30_day: 0 }),
    },
    'eventDefinitions.golang': { status: 200, check: (body) => expect(body.generator_version).toBe('1.0.0') },
    'eventDefinitions.python': { status: 200, check: (body) => expect(body.content).toContain('"signed_up"') },
    'eventDefinitions.typescript': {
      status: 200,
      check: (body) => {
        expect(Object.keys(body).sort()).toEqual(['content', 'event_count', 'generator_version', 'schema_hash'])
        expect(body.schema_hash).toMatch(/^[0-9a-f]{32}$/)
        expect(body.event_count).toBe(1)
      },
    },
    'experiments.shipVariant': {
      path: experiment,
      body: { variant_key: 'test', conclusion: 'won' },
      status: 200,
      // The seeded experiment runs: shipping ends it and rolls `test` out to everyone the flag matches.
      check: (body) => {
        expect(body.conclusion).toBe('won')
        expect(body.end_date).toBe('2026-11-20T12:00:00.000000Z')
        expect(
          body.feature_flag.filters.multivariate.variants.map((variant: any) => [
            variant.key,
            variant.rollout_percentage,
          ]),
        ).toEqual([
          ['control', 0],
          ['test', 100],
        ])
      },
    },

    'featureFlags.list': {
      status: 200,
      check: (body) => (paginated(body), expect(body.results.map((item: any) => item.key)).toContain('checkout')),
    },
    'featureFlags.create': {
      body: {
        key: 'new-flag',
        filters: {
          groups: [
            {
              properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@acme.com' }],
              rollout_percentage: 50,
            },
          ],
        },
      },
      status: 201,
      check: (body) => {
        expect(body).toMatchObject({
          key: 'new-flag',
          active: true,
          deleted: false,
          version: 1,
          status: 'ACTIVE',
          experiment_set: [],
          is_eligible_for_experiment: false,
        })
        expect(body.filters).toEqual({
          groups: [
            {
              properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@acme.com' }],
              rollout_percentage: 50,
              variant: null,
              aggregation_group_type_index: null,
            },
          ],
          payloads: {},
          aggregation_group_type_index: null,
        })
        expect(body).not.toHaveProperty('creation_context')
      },
    },
    'featureFlags.retrieve': {
      path: flag,
      status: 200,
      check: (body) => expect(body).toMatchObject({ key: 'checkout', is_eligible_for_experiment: true }),
    },
    'featureFlags.update': {
      path: flag,
      body: { active: false },
      status: 200,
      check: (body) => expect(body).toMatchObject({ active: false, version: 2 }),
    },
    'featureFlags.delete': { path: flag, status: 405 },

    'cohorts.list': {
      status: 200,
      check: (body) => (paginated(body), expect(body.results[0].name).toBe('Beta testers')),
    },
    'cohorts.create': {
      body: {
        name: 'Pro users',
        filters: {
          properties: {
            type: 'OR',
            values: [{ type: 'AND', values: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] }],
          },
        },
      },
      status: 201,
      check: (body) =>
        expect(body).toMatchObject({
          name: 'Pro users',
          is_static: false,
          is_calculating: true,
          cohort_type: 'realtime',
          deleted: false,
          count: null,
        }),
    },
    'cohorts.retrieve': { path: cohort, status: 200, check: (body) => expect(body.name).toBe('Beta testers') },
    'cohorts.update': {
      path: cohort,
      body: { description: 'Early adopters' },
      status: 200,
      check: (body) => expect(body.description).toBe('Early adopters'),
    },
    'cohorts.delete': { path: cohort, status: 405 },

    // Not paginated: `{count, results}` and no `next` (§11.4).
    'actions.list': { status: 200, check: (body) => expect(Object.keys(body).sort()).toEqual(['count', 'results']) },
    'actions.create': {
      body: { name: 'Visited pricing', steps: [{ event: '$pageview', url: '/pricing' }] },
      status: 201,
      check: (body) =>
        expect(body.steps).toEqual([
          {
            event: '$pageview',
            properties: null,
            selector: null,
            selector_regex: null,
            tag_name: null,
            text: null,
            text_matching: null,
            href: null,
            href_matching: null,
            url: '/pricing',
            url_matching: 'contains',
          },
        ]),
    },
    'actions.retrieve': {
      path: action,
      status: 200,
      check: (body) => expect(body).toMatchObject({ name: 'Signed up', is_action: true, creation_context: null }),
    },
    'actions.update': {
      path: action,
      body: { description: 'Completed signup' },
      status: 200,
      check: (body) => expect(body.description).toBe('Completed signup'),
    },
    'actions.delete': { path: action, status: 405 },
    'actions.references': { path: action, status: 200, check: (body) => expect(body).toEqual([]) },

    'holdouts.list': { status: 200, check: paginated },
    'holdouts.create': {
      body: { name: 'Global holdout', filters: [{ properties: [], rollout_percentage: 5 }] },
      status: 201,
      check: (body) =>
        expect(body.filters).toEqual([{ properties: [], rollout_percentage: 5, variant: `holdout-${body.id}` }]),
    },
    'holdouts.retrieve': { path: holdout, status: 200, check: (body) => expect(body.name).toBe('Q3 holdout') },
    'holdouts.update': {
      path: holdout,
      body: { description: '10% kept out' },
      status: 200,
      check: (body) => expect(body.description).toBe('10% kept out'),
    },
    'holdouts.delete': { path: holdout, status: 204 },

    'savedMetrics.list': { status: 200, check: paginated },
    'savedMetrics.create': {
      body: {
        name: 'Purchases',
        query: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } },
      },
      status: 201,
      // The service assigns the metric's uuid.
      check: (body) => expect(body.query.uuid).toMatch(/^[0-9a-f-]{36}$/),
    },
    'savedMetrics.retrieve': {
      path: savedMetric,
      status: 200,
      check: (body) => expect(body.name).toBe('Checkout conversion'),
    },
    'savedMetrics.update': {
      path: savedMetric,
      body: { description: 'Shared' },
      status: 200,
      check: (body) => expect(body.description).toBe('Shared'),
    },
    'savedMetrics.delete': { path: savedMetric, status: 204 },

    'dashboards.list': { status: 200, check: (body) => (paginated(body), expect(body.results[0].name).toBe('Growth')) },
    'dashboards.create': {
      body: { name: 'Retention' },
      status: 201,
      check: (body) => expect(body).toMatchObject({ name: 'Retention', tiles: [] }),
    },
    'dashboards.retrieve': {
      path: dashboard,
      status: 200,
      check: (body) => expect(body.tiles[0].insight.name).toBe('Signups'),
    },
    'dashboards.update': {
      path: dashboard,
      body: { description: 'Weekly' },
      status: 200,
      check: (body) => expect(body.description).toBe('Weekly'),
    },
    'dashboards.delete': { path: dashboard, status: 405 },

    'insights.list': { status: 200, check: (body) => (paginated(body), expect(body.results[0].name).toBe('Signups')) },
    'insights.create': {
      body: {
        name: 'SQL',
        query: { kind: 'DataVisualizationNode', source: { kind: 'HogQLQuery', query: 'SELECT 1' } },
      },
      status: 201,
      check: (body) => expect(body.short_id).toMatch(/^[0-9a-f]{8}$/),
    },
    'insights.retrieve': { path: insight, status: 200, check: (body) => expect(body.dashboards).toHaveLength(1) },
    'insights.update': {
      path: insight,
      body: { description: 'Daily' },
      status: 200,
      check: (body) => expect(body.description).toBe('Daily'),
    },
    'insights.delete': { path: insight, status: 405 },

    'earlyAccessFeatures.list': {
      status: 200,
      check: (body) => (paginated(body), expect(body.results[0].name).toBe('New nav')),
    },
    'earlyAccessFeatures.create': {
      body: { name: 'Dark mode', stage: 'beta' },
      status: 201,
      check: (body) => expect(body.feature_flag.key).toBe('dark-mode'),
    },
    'earlyAccessFeatures.retrieve': { path: feature, status: 200, check: (body) => expect(body.name).toBe('New nav') },
    'earlyAccessFeatures.update': {
      path: feature,
      body: { stage: 'alpha' },
      status: 200,
      check: (body) => expect(body.stage).toBe('alpha'),
    },
    'earlyAccessFeatures.delete': { path: feature, status: 204 },
  }
}

function send(fake: FakeApi, id: OperationId, one: Case, key = fake.apiKey, prefix = 'projects'): Promise<Response> {
  const operation = OPERATIONS[id]
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(one.path?.[name] ?? ''))
  const body = operation.method === 'POST' || operation.method === 'PATCH' ? (one.body ?? {}) : undefined
  return caller(fake, { key })(operation.method, `${path}${one.query ? `?${one.query}` : ''}`, body, { prefix })
}

describe('[XP3] [HF4] [SV4] [EP8] [ED2] [GR1] [C15] every operation of OPERATIONS', () => {
  it('has a case here for every operation, and no other', () => {
    expect(Object.keys(cases(world().ids)).sort()).toEqual([...ALL_OPERATIONS].sort())
  })

  it.each(ALL_OPERATIONS)('%s answers its success status and shape (unscoped actions allowed)', async (id) => {
    const { fake, ids } = world({ allowUnscopedActions: true })
    const one = cases(ids)[id]
    await one.prepare?.(fake)
    const response = await send(fake, id, one)
    const text = await response.text()
    expect(response.status, text).toBe(one.status)
    if (one.status === 204 || one.status === 405) expect(text).toBe('')
    else if (id === 'hogFunctions.icon') expect(response.headers.get('content-type')).toBe('image/png')
    else one.check?.(JSON.parse(text))
    expect(fake.requests.at(-1)?.operation).toBe(id)
  })

  it.each(ALL_OPERATIONS)('%s enforces its scope', async (id) => {
    const needed = OPERATIONS[id].scope
    const { fake, ids } = world({ keys: { phx_no_scopes: [] } })
    const one = cases(ids)[id]
    await one.prepare?.(fake)
    const refused = await send(fake, id, one, 'phx_no_scopes')
    expect(refused.status).toBe(403)
    const detail =
      needed === null
        ? 'This action does not support personal API key access'
        : `API key missing required scope '${needed}'`
    expect(await refused.json()).toEqual({
      type: 'authentication_error',
      code: 'permission_denied',
      detail,
      attr: null,
    })
    if (needed === null) {
      // Even a key with every scope is refused unless the fake allows unscoped actions.
      expect((await send(fake, id, one)).status).toBe(403)
    } else {
      // Exactly the listed scope is enough.
      const exact = world({ keys: { phx_exact: [needed] } })
      const allowed = cases(exact.ids)[id]
      await allowed.prepare?.(exact.fake)
      expect((await send(exact.fake, id, allowed, 'phx_exact')).status).toBe(allowed.status)
    }
  })

  it.each(ALL_OPERATIONS.filter((id) => OPERATIONS[id].endpointsPrefix))(
    '[C7] %s answers the same under /api/environments/',
    async (id) => {
      const { fake, ids } = world({ allowUnscopedActions: true })
      const one = cases(ids)[id]
      expect((await send(fake, id, one, fake.apiKey, 'environments')).status).toBe(one.status)
    },
  )
})
