import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPERATIONS, ProjectClient, type OperationId } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { kebab } from '../../src/cli/commands.js'
import { fakeEnv, runInProcess, type CliResult } from './helpers.js'

/**
 * Every operation of OPERATIONS through the `posthog-project` command line, run in process (the bin's own
 * code; the built bin is spawned by the other files of test/cli), over a real socket to the fake's
 * `listen()`: each case seeds what it needs, runs `posthog-project <group> <method> …` and checks the exit
 * code, the JSON printed, and that the fake received exactly that operation.
 */

let fake: FakeApi
let server: FakeServer
/** A client on the fake in memory, for seeding state through the API (recalculations, responses). */
let setup: ProjectClient

beforeAll(async () => {
  // The real service refuses personal API keys on the operations with no scope; this fake answers them.
  fake = createFakeApi({ allowUnscopedActions: true, projects: [1, 2] })
  server = await fake.listen()
  setup = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
})
afterAll(async () => {
  await server?.close()
})

interface Case {
  /** Arguments after `<group> <method>`; seeds what the call needs. */
  args: () => string[] | Promise<string[]>
  /** Exit code expected (0 unless said). */
  code?: number
  /** Checks what was printed on stdout (JSON, or raw bytes for the icon). */
  check: (stdout: string) => void
  /** The words before `args`, when not `<group> <method>` (the query API is `query`). */
  command?: string[]
  /** The operations the fake receives, when not just this one. */
  sends?: OperationId[]
}

const experiment = () => fake.seed.experiments([{ name: 'Seeded experiment' }])[0]!
const hogFunction = () => fake.seed.hogFunctions([{ name: 'Seeded hog function', type: 'destination' }])[0]!
const survey = () => fake.seed.surveys([{ name: 'Seeded survey' }])[0]!
const endpoint = (name: string) => fake.seed.endpoints([{ name }])[0]!
const definition = (name: string) => fake.seed.eventDefinitions([{ name }])[0]!
const flag = (key: string) => fake.seed.featureFlags([{ key }])[0]!
const cohort = (name: string) => fake.seed.cohorts([{ name }])[0]!
const action = (name: string) => fake.seed.actions([{ name }])[0]!
const holdout = (name: string) => fake.seed.holdouts([{ name }])[0]!
const savedMetric = (name: string) => fake.seed.savedMetrics([{ name }])[0]!
const dashboard = (name: string) => fake.seed.dashboards([{ name }])[0]!
const insight = (name: string) => fake.seed.insights([{ name }])[0]!
const feature = (name: string) => fake.seed.earlyAccessFeatures([{ name }])[0]!
const FLAG_FILTERS = {
  groups: [
    {
      properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@acme.com' }],
      rollout_percentage: 25,
    },
  ],
}
const json = (stdout: string) =>
  JSON.parse(stdout) as Record<string, unknown> & { results: Array<Record<string, unknown>> }
const metric = {
  kind: 'ExperimentMetric',
  metric_type: 'mean',
  uuid: 'metric-1',
  source: { kind: 'EventsNode', event: 'purchase' },
} as const

const CASES: Record<OperationId, Case> = {
  'experiments.list': {
    args: () => (experiment(), ['--limit', '5']),
    check: (out) => expect(json(out).results.length).toBeGreaterThan(0),
  },
  'experiments.create': {
    args: () => ['--data', JSON.stringify({ name: 'From the shell', feature_flag_key: 'from-the-shell' })],
    check: (out) => expect(json(out)).toMatchObject({ name: 'From the shell', feature_flag_key: 'from-the-shell' }),
  },
  'experiments.retrieve': {
    args: () => [String(experiment().id)],
    check: (out) => expect(json(out).name).toBe('Seeded experiment'),
  },
  'experiments.update': {
    args: () => [String(experiment().id), '--data', '{"description":"changed"}'],
    check: (out) => expect(json(out).description).toBe('changed'),
  },
  'experiments.delete': { args: () => [String(experiment().id)], code: 1, check: (out) => expect(out).toBe('') },
  'experiments.createExposureCohort': {
    args: () => [String(experiment().id)],
    check: (out) => expect(json(out)).toHaveProperty('cohort'),
  },
  'experiments.duplicate': {
    args: () => [String(experiment().id)],
    check: (out) => expect(json(out).name).toBe('Seeded experiment (Copy)'),
  },
  'experiments.recalculateTimeseries': {
    args: () => [String(experiment().id), '--data', JSON.stringify({ metric, fingerprint: 'fp-1' })],
    check: (out) => expect(json(out)).toMatchObject({ metric_uuid: 'metric-1', fingerprint: 'fp-1' }),
  },
  'experiments.timeseriesResults': {
    args: async () => {
      const { id } = experiment()
      await setup.experiments.recalculateTimeseries(id, { metric, fingerprint: 'fp-2' })
      return [String(id), '--metric_uuid', 'metric-1', '--fingerprint', 'fp-2']
    },
    check: (out) => expect(json(out).metric_uuid).toBe('metric-1'),
  },
  'experiments.eligibleFeatureFlags': {
    args: () => (fake.seed.featureFlags([{ key: 'eligible-flag' }]), ['--search', 'eligible']),
    check: (out) => expect(json(out).results.map((flag) => flag.key)).toEqual(['eligible-flag']),
  },
  'experiments.requiresFlagImplementation': {
    args: () => [],
    check: (out) => expect(json(out)).toHaveProperty('result'),
  },
  'experiments.stats': { args: () => [], check: (out) => expect(json(out)).toHaveProperty('active_experiments') },

  'hogFunctions.list': {
    args: () => (hogFunction(), ['--type', 'destination,transformation']),
    check: (out) => expect(json(out).results.length).toBeGreaterThan(0),
  },
  'hogFunctions.create': {
    args: () => ['--data', JSON.stringify({ name: 'Slack alert', type: 'destination', hog: 'return event' })],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Slack alert', type: 'destination' }),
  },
  'hogFunctions.retrieve': {
    args: () => [hogFunction().id],
    check: (out) => expect(json(out).name).toBe('Seeded hog function'),
  },
  'hogFunctions.update': {
    args: () => [hogFunction().id, '--data', '{"enabled":false}'],
    check: (out) => expect(json(out).enabled).toBe(false),
  },
  'hogFunctions.delete': { args: () => [hogFunction().id], code: 1, check: (out) => expect(out).toBe('') },
  'hogFunctions.broadcast': {
    args: () => [hogFunction().id],
    check: (out) => expect(json(out)).toEqual({ success: true }),
  },
  'hogFunctions.invocations': {
    args: () => [
      hogFunction().id,
      '--data',
      JSON.stringify({ configuration: {}, globals: { event: { event: '$pageview' } } }),
    ],
    check: (out) => expect(json(out).status).toBe('success'),
  },
  'hogFunctions.logs': {
    args: () => [hogFunction().id, '--level', 'INFO', '--level', 'ERROR'],
    check: (out) => expect(Array.isArray(json(out).results)).toBe(true),
  },
  'hogFunctions.metrics': {
    args: () => [hogFunction().id, '--interval', 'day', '--after', '-7d'],
    check: (out) => expect(json(out)).toHaveProperty('series'),
  },
  'hogFunctions.metricsTotals': {
    args: () => [hogFunction().id],
    check: (out) => expect(json(out)).toHaveProperty('totals'),
  },
  'hogFunctions.icon': { args: () => ['--id', 'slack.com'], check: (out) => expect(out.length).toBeGreaterThan(0) },
  'hogFunctions.icons': {
    args: () => ['--query', 'slack'],
    check: (out) => expect((JSON.parse(out) as Array<{ id: string }>)[0]?.id).toBe('slack.com'),
  },
  'hogFunctions.rearrange': {
    args: () => {
      const { id } = fake.seed.hogFunctions([{ type: 'transformation' }])[0]!
      return ['--data', JSON.stringify({ orders: { [id]: 3 } })]
    },
    check: (out) => expect((JSON.parse(out) as Array<{ execution_order: number }>)[0]?.execution_order).toBe(3),
  },

  'surveys.list': {
    args: () => (survey(), ['--search', 'Seeded']),
    check: (out) => expect(json(out).results.length).toBeGreaterThan(0),
  },
  'surveys.create': {
    args: () => [
      '--data',
      JSON.stringify({ name: 'NPS', type: 'popover', questions: [{ type: 'open', question: 'Why?' }] }),
    ],
    check: (out) => expect(json(out)).toMatchObject({ name: 'NPS', type: 'popover' }),
  },
  'surveys.retrieve': { args: () => [survey().id], check: (out) => expect(json(out).name).toBe('Seeded survey') },
  'surveys.update': {
    args: () => [survey().id, '--data', '{"description":"quarterly"}'],
    check: (out) => expect(json(out).description).toBe('quarterly'),
  },
  'surveys.delete': { args: () => [survey().id], check: (out) => expect(out).toBe('') },
  'surveys.activity': {
    args: async () => {
      const { id } = await setup.surveys.create({ name: 'Tracked', type: 'popover' })
      return [id, '--limit', '5']
    },
    check: (out) => expect(json(out).results.length).toBeGreaterThan(0),
  },
  'surveys.archivedResponseUuids': {
    args: async () => {
      const { id } = survey()
      const [response] = fake.seed.surveyResponses(id, 1)
      await setup.surveys.archiveResponse(id, response!.uuid)
      return [id]
    },
    check: (out) => expect(JSON.parse(out)).toHaveLength(1),
  },
  'surveys.duplicateToProjects': {
    args: () => [survey().id, '--data', '{"target_team_ids":[2]}'],
    check: (out) => expect(json(out).count).toBe(1),
  },
  'surveys.archiveResponse': {
    args: () => {
      const { id } = survey()
      return [id, fake.seed.surveyResponses(id, 1)[0]!.uuid]
    },
    check: (out) => expect(JSON.parse(out)).toBe(200),
  },
  'surveys.unarchiveResponse': {
    args: async () => {
      const { id } = survey()
      const { uuid } = fake.seed.surveyResponses(id, 1)[0]!
      await setup.surveys.archiveResponse(id, uuid)
      return [id, uuid]
    },
    check: (out) => expect(JSON.parse(out)).toBe(200),
  },
  'surveys.stats': {
    args: () => [survey().id, '--exclude_archived'],
    check: (out) => expect(json(out)).toHaveProperty('survey_id'),
  },
  'surveys.summarizeResponses': {
    args: () => {
      const { id } = survey()
      fake.seed.surveyResponses(id, 2)
      return [id, '--data', '{"question_index":0}']
    },
    check: (out) => expect(json(out).response_count).toBe(2),
  },
  'surveys.summaryHeadline': {
    args: () => {
      const { id } = survey()
      fake.seed.surveyResponses(id, 2)
      return [id]
    },
    check: (out) => expect(json(out).responses_sampled).toBe(2),
  },
  'surveys.allActivity': { args: () => [], check: (out) => expect(Array.isArray(json(out).results)).toBe(true) },
  'surveys.responsesCount': {
    args: () => {
      const { id } = survey()
      fake.seed.surveyResponses(id, 3)
      return ['--survey_ids', id]
    },
    check: (out) => expect(Object.values(json(out))).toEqual([3]),
  },
  'surveys.allStats': {
    args: () => ['--date_from', '2026-01-01T00:00:00Z'],
    check: (out) => expect(json(out)).toHaveProperty('stats'),
  },
  'surveys.responses': {
    args: () => {
      const { id } = survey()
      fake.seed.surveyResponses(id, 3)
      return [id, '--all', '--format', 'ndjson']
    },
    check: (out) =>
      expect(
        out
          .trimEnd()
          .split('\n')
          .map((line) => (JSON.parse(line) as { answers: Array<{ answer: string }> }).answers[0]!.answer),
      ).toEqual(['Answer 3', 'Answer 2', 'Answer 1']),
  },

  'endpoints.list': {
    args: () => (endpoint('listed_endpoint'), []),
    check: (out) => expect(json(out).results.map((item) => item.name)).toContain('listed_endpoint'),
  },
  'endpoints.create': {
    args: () => ['--data', JSON.stringify({ name: 'daily_signups', query: { kind: 'HogQLQuery', query: 'SELECT 1' } })],
    check: (out) => expect(json(out).name).toBe('daily_signups'),
  },
  'endpoints.retrieve': {
    args: () => [endpoint('retrieved').name],
    check: (out) => expect(json(out).name).toBe('retrieved'),
  },
  'endpoints.update': {
    args: () => [endpoint('updated').name, '--data', '{"description":"new"}'],
    check: (out) => expect(json(out).description).toBe('new'),
  },
  'endpoints.delete': { args: () => [endpoint('deleted').name], check: (out) => expect(out).toBe('') },
  'endpoints.materializationStatus': {
    args: () => [endpoint('materialized').name],
    check: (out) => expect(json(out)).toHaveProperty('can_materialize'),
  },
  'endpoints.runGet': {
    args: () => [endpoint('run_with_get').name, '--version', '1'],
    check: (out) => expect(json(out).endpoint_version).toBe(1),
  },
  'endpoints.run': {
    args: () => [endpoint('run_with_post').name, '--data', '{"refresh":"blocking"}'],
    check: (out) => expect(json(out).endpoint_version).toBe(1),
  },
  'endpoints.versions': {
    args: () => [endpoint('versioned').name],
    check: (out) => expect(json(out).results.map((item) => item.version)).toEqual([1]),
  },
  'endpoints.version': {
    args: () => [endpoint('one_version').name, '1'],
    check: (out) => expect(json(out).version).toBe(1),
  },
  'endpoints.lastExecutionTimes': {
    args: () => ['--data', `{"names":["${endpoint('timed').name}"]}`],
    check: (out) => expect(json(out)).toHaveProperty('query_status'),
  },

  'eventDefinitions.list': {
    args: () => (definition('listed_event'), ['--search', 'listed', '--tags', 'a,b']),
    check: (out) => expect(Array.isArray(json(out).results)).toBe(true),
  },
  'eventDefinitions.create': {
    args: () => ['--data', '{"name":"checkout_completed"}'],
    check: (out) => expect(json(out).name).toBe('checkout_completed'),
  },
  'eventDefinitions.retrieve': {
    args: () => [definition('retrieved_event').id],
    check: (out) => expect(json(out).name).toBe('retrieved_event'),
  },
  'eventDefinitions.update': {
    args: () => [definition('updated_event').id, '--data', '{"verified":true}'],
    check: (out) => expect(json(out).verified).toBe(true),
  },
  'eventDefinitions.delete': { args: () => [definition('deleted_event').id], check: (out) => expect(out).toBe('') },
  'eventDefinitions.metrics': {
    args: () => [definition('measured_event').id],
    check: (out) => expect(json(out)).toEqual({ query_usage_30_day: 0 }),
  },
  'eventDefinitions.golang': {
    args: () => (definition('go_event'), []),
    check: (out) => expect(json(out).content).toContain('go_event'),
  },
  'eventDefinitions.python': {
    args: () => (definition('py_event'), []),
    check: (out) => expect(json(out).content).toContain('py_event'),
  },
  'eventDefinitions.typescript': {
    args: () => (definition('ts_event'), []),
    check: (out) => expect(json(out).content).toContain('ts_event'),
  },

  'experiments.shipVariant': {
    args: () => [String(experiment().id), '--data', '{"variant_key":"test","conclusion":"won"}'],
    check: (out) => expect(json(out)).toMatchObject({ conclusion: 'won', end_date: expect.any(String) }),
  },

  'featureFlags.list': {
    args: () => (flag('listed-flag'), ['--search', 'listed-flag']),
    check: (out) => expect(json(out).results.map((item) => item['key'])).toEqual(['listed-flag']),
  },
  'featureFlags.create': {
    args: () => ['--data', JSON.stringify({ key: 'from-the-shell-flag', filters: FLAG_FILTERS })],
    check: (out) => expect(json(out)).toMatchObject({ key: 'from-the-shell-flag', active: true }),
  },
  'featureFlags.retrieve': {
    args: () => [String(flag('retrieved-flag').id)],
    check: (out) => expect(json(out).key).toBe('retrieved-flag'),
  },
  'featureFlags.update': {
    args: () => [String(flag('updated-flag').id), '--data', '{"name":"Renamed"}'],
    check: (out) => expect(json(out).name).toBe('Renamed'),
  },
  'featureFlags.delete': {
    args: () => [String(flag('undeletable-flag').id)],
    code: 1,
    check: (out) => expect(out).toBe(''),
  },

  'cohorts.list': {
    args: () => (cohort('Listed cohort'), ['--search', 'Listed cohort']),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toEqual(['Listed cohort']),
  },
  'cohorts.create': {
    args: () => [
      '--data',
      JSON.stringify({
        name: 'Pro',
        filters: {
          properties: { type: 'AND', values: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] },
        },
      }),
    ],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Pro', is_static: false }),
  },
  'cohorts.retrieve': {
    args: () => [String(cohort('Retrieved cohort').id)],
    check: (out) => expect(json(out).name).toBe('Retrieved cohort'),
  },
  'cohorts.update': {
    args: () => [String(cohort('Updated cohort').id), '--data', '{"description":"d"}'],
    check: (out) => expect(json(out).description).toBe('d'),
  },
  'cohorts.delete': {
    args: () => [String(cohort('Undeletable cohort').id)],
    code: 1,
    check: (out) => expect(out).toBe(''),
  },

  'actions.list': {
    args: () => (action('Listed action'), ['--search', 'Listed action']),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toEqual(['Listed action']),
  },
  'actions.create': {
    args: () => [
      '--data',
      JSON.stringify({ name: 'Visited pricing', steps: [{ event: '$pageview', url: '/pricing' }] }),
    ],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Visited pricing', steps: [{ url_matching: 'contains' }] }),
  },
  'actions.retrieve': {
    args: () => [String(action('Retrieved action').id)],
    check: (out) => expect(json(out).name).toBe('Retrieved action'),
  },
  'actions.update': {
    args: () => [String(action('Updated action').id), '--data', '{"description":"d"}'],
    check: (out) => expect(json(out).description).toBe('d'),
  },
  'actions.delete': {
    args: () => [String(action('Undeletable action').id)],
    code: 1,
    check: (out) => expect(out).toBe(''),
  },
  'actions.references': {
    args: () => [String(action('Referenced action').id)],
    check: (out) => expect(JSON.parse(out)).toEqual([]),
  },

  'holdouts.list': {
    args: () => (holdout('Listed holdout'), []),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toContain('Listed holdout'),
  },
  'holdouts.create': {
    args: () => [
      '--data',
      JSON.stringify({ name: 'Shell holdout', filters: [{ properties: [], rollout_percentage: 5 }] }),
    ],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Shell holdout', filters: [{ rollout_percentage: 5 }] }),
  },
  'holdouts.retrieve': {
    args: () => [String(holdout('Retrieved holdout').id)],
    check: (out) => expect(json(out).name).toBe('Retrieved holdout'),
  },
  'holdouts.update': {
    args: () => [String(holdout('Updated holdout').id), '--data', '{"description":"d"}'],
    check: (out) => expect(json(out).description).toBe('d'),
  },
  'holdouts.delete': { args: () => [String(holdout('Deleted holdout').id)], check: (out) => expect(out).toBe('') },

  'dashboards.list': {
    args: () => (dashboard('Listed dashboard'), []),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toContain('Listed dashboard'),
  },
  'dashboards.create': {
    args: () => ['--data', '{"name":"Shell dashboard"}'],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Shell dashboard', tiles: [] }),
  },
  'dashboards.retrieve': {
    args: () => [String(dashboard('Retrieved dashboard').id)],
    check: (out) => expect(json(out).name).toBe('Retrieved dashboard'),
  },
  'dashboards.update': {
    args: () => [String(dashboard('Updated dashboard').id), '--data', '{"description":"d"}'],
    check: (out) => expect(json(out).description).toBe('d'),
  },
  'dashboards.delete': {
    args: () => [String(dashboard('Undeletable dashboard').id)],
    code: 1,
    check: (out) => expect(out).toBe(''),
  },

  'insights.list': {
    args: () => (insight('Listed insight'), ['--search', 'Listed insight']),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toEqual(['Listed insight']),
  },
  'insights.create': {
    args: () => ['--data', JSON.stringify({ name: 'Shell insight', query: { kind: 'HogQuery', code: 'return 1' } })],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Shell insight', query: { kind: 'HogQuery' } }),
  },
  'insights.retrieve': {
    args: () => [String(insight('Retrieved insight').id)],
    check: (out) => expect(json(out).name).toBe('Retrieved insight'),
  },
  'insights.update': {
    args: () => [String(insight('Updated insight').id), '--data', '{"description":"d"}'],
    check: (out) => expect(json(out).description).toBe('d'),
  },
  'insights.delete': {
    args: () => [String(insight('Undeletable insight').id)],
    code: 1,
    check: (out) => expect(out).toBe(''),
  },

  'earlyAccessFeatures.list': {
    args: () => (feature('Listed feature'), []),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toContain('Listed feature'),
  },
  'earlyAccessFeatures.create': {
    args: () => ['--data', JSON.stringify({ name: 'Shell feature', stage: 'beta' })],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Shell feature', feature_flag: { key: 'shell-feature' } }),
  },
  'earlyAccessFeatures.retrieve': {
    args: () => [feature('Retrieved feature').id],
    check: (out) => expect(json(out).name).toBe('Retrieved feature'),
  },
  'earlyAccessFeatures.update': {
    args: () => [feature('Updated feature').id, '--data', '{"stage":"alpha"}'],
    check: (out) => expect(json(out).stage).toBe('alpha'),
  },
  'earlyAccessFeatures.delete': { args: () => [feature('Deleted feature').id], check: (out) => expect(out).toBe('') },

  'savedMetrics.list': {
    args: () => (savedMetric('Listed metric'), ['--search', 'Listed metric']),
    check: (out) => expect(json(out).results.map((item) => item['name'])).toEqual(['Listed metric']),
  },
  'savedMetrics.create': {
    args: () => [
      '--data',
      JSON.stringify({
        name: 'Shell metric',
        query: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } },
      }),
    ],
    check: (out) => expect(json(out)).toMatchObject({ name: 'Shell metric', query: { uuid: expect.any(String) } }),
  },
  'savedMetrics.retrieve': {
    args: () => [String(savedMetric('Retrieved metric').id)],
    check: (out) => expect(json(out).name).toBe('Retrieved metric'),
  },
  'savedMetrics.update': {
    args: () => [String(savedMetric('Updated metric').id), '--data', '{"description":"d"}'],
    check: (out) => expect(json(out).description).toBe('d'),
  },
  'savedMetrics.delete': {
    args: () => [String(savedMetric('Deleted metric').id)],
    check: (out) => expect(out).toBe(''),
  },

  'query.run': {
    command: ['query'],
    args: () => ['--hogql', 'SELECT {n} AS n', '--values', '{"n": 7}'],
    check: (out) => expect(json(out)).toMatchObject({ columns: ['n'], results: [[7]] }),
  },
  'query.status': {
    command: ['query'],
    args: () => ['--hogql', 'SELECT 1 AS one', '--refresh', 'async', '--format', 'ndjson'],
    check: (out) => expect(out).toBe('{"one":1}\n'),
    sends: ['query.run', 'query.status', 'query.status'],
  },
  'query.cancel': {
    command: ['query'],
    // The first status read (250 ms after the run) would come after the call's time is up: the run is
    // cancelled instead. 240 ms, not less: the run's own request must answer within it on a loaded machine.
    args: () => ['--hogql', 'SELECT 1 AS one', '--refresh', 'async', '--timeout', '240'],
    code: 3,
    check: (out) => expect(out).toBe(''),
    sends: ['query.run', 'query.cancel'],
  },
}

describe('posthog-project reaches every operation', () => {
  const ids = Object.keys(OPERATIONS) as OperationId[]

  it('has one case per operation of OPERATIONS', () => {
    expect(Object.keys(CASES).sort()).toEqual([...ids].sort())
  })

  it.each(ids)('%s', async (id) => {
    const [group, method] = id.split('.') as [string, string]
    const args = await CASES[id].args()
    const before = fake.requests.length
    const result: CliResult = await runInProcess([...(CASES[id].command ?? [kebab(group), kebab(method)]), ...args], {
      env: fakeEnv(fake, server.url),
    })
    const expected = CASES[id].code ?? 0
    expect({ code: result.code, stderr: result.stderr }).toEqual({
      code: expected,
      stderr: expected === 0 ? '' : expect.stringMatching(/^posthog-project: .+\n$/),
    })
    CASES[id].check(result.stdout)
    const sent = fake.requests.slice(before)
    expect(sent.map((request) => request.operation)).toEqual(CASES[id].sends ?? [id])
    expect(sent[0]!.url.startsWith(server.url)).toBe(true)
  })

  it('the camel-case names answer too (hogFunctions metricsTotals)', async () => {
    const { id } = hogFunction()
    const result = await runInProcess(['hogFunctions', 'metricsTotals', id], { env: fakeEnv(fake, server.url) })
    expect(result.code).toBe(0)
    expect(json(result.stdout)).toHaveProperty('totals')
  })

  it('soft-delete sends PATCH {deleted: true} and the record is gone', async () => {
    const { id } = experiment()
    const before = fake.requests.length
    const result = await runInProcess(['experiments', 'soft-delete', String(id)], { env: fakeEnv(fake, server.url) })
    expect(result.code).toBe(0)
    expect(json(result.stdout).deleted).toBe(true)
    expect(fake.requests.slice(before).map((request) => [request.method, request.body])).toEqual([
      ['PATCH', { deleted: true }],
    ])
  })

  it('feature-flags enable, disable, soft-delete: one PATCH each', async () => {
    const { id } = flag('kill-switch')
    const sent: unknown[] = []
    for (const [method, body] of [
      ['disable', { active: false }],
      ['enable', { active: true }],
      ['soft-delete', { deleted: true }],
    ] as const) {
      const before = fake.requests.length
      const result = await runInProcess(['feature-flags', method, String(id)], { env: fakeEnv(fake, server.url) })
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' })
      sent.push(...fake.requests.slice(before).map((request) => [request.method, request.body]))
      expect(sent.at(-1)).toEqual(['PATCH', body])
    }
    expect(sent).toHaveLength(3)
  })

  it("the full-depth check refuses a typo deep in a flag's filters before anything is sent", async () => {
    const filters = {
      groups: [
        {
          properties: [{ key: 'email', type: 'person', operator: 'icontains', valeu: '@acme.com' }],
          rollout_percentage: 25,
        },
      ],
    }
    const before = fake.requests.length
    const result = await runInProcess(['feature-flags', 'create', '--data', JSON.stringify({ key: 'typo', filters })], {
      env: fakeEnv(fake, server.url),
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('filters.groups[0].properties[0]')
    expect(result.stderr).toContain('valeu')
    expect(fake.requests.length).toBe(before)
  })

  describe('lifecycle helpers: one PATCH each, the body written from their flags', () => {
    const patched = async (args: string[]) => {
      const before = fake.requests.length
      const result = await runInProcess(args, { env: fakeEnv(fake, server.url) })
      expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' })
      const sent = fake.requests.slice(before)
      expect(sent.map((request) => request.method)).toEqual(['PATCH'])
      return { body: sent[0]!.body as Record<string, unknown>, printed: json(result.stdout) }
    }
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/

    it('experiments launch, end, archive', async () => {
      const { id } = fake.seed.experiments([{ start_date: null }])[0]!
      const launched = await patched(['experiments', 'launch', String(id)])
      expect(launched.body).toEqual({ start_date: expect.stringMatching(iso) })
      // The instant sent is the one the service stored and printed.
      expect(Date.parse(launched.printed.start_date as string)).toBe(Date.parse(launched.body.start_date as string))
      const dated = await patched(['experiments', 'launch', String(id), '--start_date', '2026-11-01T09:00:00Z'])
      expect(dated.body).toEqual({ start_date: '2026-11-01T09:00:00Z' })
      const ended = await patched([
        'experiments',
        'end',
        String(id),
        '--conclusion',
        'won',
        '--conclusion_comment',
        'Green wins',
      ])
      expect(ended.body).toEqual({
        end_date: expect.stringMatching(iso),
        conclusion: 'won',
        conclusion_comment: 'Green wins',
      })
      expect(ended.printed.conclusion).toBe('won')
      expect((await patched(['experiments', 'archive', String(id)])).body).toEqual({ archived: true })
    })

    it('surveys launch, stop, resume, archive', async () => {
      const { id } = fake.seed.surveys([{ start_date: null }])[0]!
      expect((await patched(['surveys', 'launch', id])).body).toEqual({ start_date: expect.stringMatching(iso) })
      const stopped = await patched(['surveys', 'stop', id])
      expect(stopped.body).toEqual({ end_date: expect.stringMatching(iso) })
      expect(Date.parse(stopped.printed.end_date as string)).toBe(Date.parse(stopped.body.end_date as string))
      const resumed = await patched(['surveys', 'resume', id])
      expect(resumed.body).toEqual({ end_date: null })
      expect(resumed.printed.end_date).toBeNull()
      expect((await patched(['surveys', 'archive', id])).body).toEqual({ archived: true })
    })

    it('a bad date is the SDK’s InvalidArgumentError: exit 2, nothing sent', async () => {
      const { id } = survey()
      const expected = await setup.surveys.launch(id, { start_date: 'soon' }).then(
        () => 'resolved',
        (error: unknown) => (error as Error).message,
      )
      const before = fake.requests.length
      const result = await runInProcess(['surveys', 'launch', id, '--start_date', 'soon'], {
        env: fakeEnv(fake, server.url),
      })
      expect(result.code).toBe(2)
      expect(result.stderr).toBe(`posthog-project: ${expected}\n`)
      expect(fake.requests.length).toBe(before)
    })
  })
})
