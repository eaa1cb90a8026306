import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProjectClient } from 'posthog-project-client'
import { createFakeApi, type FakeApi, type FakeServer } from 'posthog-project-client/testing'
import { experimentResultsTable } from '../../src/cli/views.js'
import { fakeEnv, runInProcess } from './helpers.js'

/**
 * The reads of issue 22 on the command line (run in this process, what the bin runs) over a socket:
 * `experiments results` as a table and as JSON, `query --hogql`, `surveys responses --all --format ndjson` on a
 * service without the endpoint, and their help.
 */

let fake: FakeApi
let server: FakeServer

beforeAll(async () => {
  fake = createFakeApi({ unavailable: ['surveys.responses'] })
  server = await fake.listen()
})
afterAll(async () => {
  await server?.close()
})

const run = (...args: string[]) => runInProcess(args, { env: fakeEnv(fake, server.url) })

function experiment() {
  const metrics = [
    { kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'signup', name: 'Signup', series: [] },
    { kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'churn', name: 'Churn', goal: 'decrease', series: [] },
  ]
  const [created] = fake.seed.experiments([{ metrics }])
  fake.seed.experimentData(created!.id, {
    control: { exposures: 1000, conversions: 100 },
    test: { exposures: 1000, conversions: 130 },
  })
  fake.seed.experimentData(
    created!.id,
    { control: { exposures: 1000, conversions: 100 }, test: { exposures: 30, conversions: 3 } },
    { metric: 'churn' },
  )
  return created!
}

describe('posthog-project experiments results', () => {
  it('prints a row per metric and variant: exposures, value, delta, interval, significance', async () => {
    const { id } = experiment()
    const result = await run('experiments', 'results', String(id), '--format', 'table')
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' })
    expect(result.stdout).toBe(
      [
        'metric  variant             exposures  value   delta   interval         significance',
        'Signup  control (baseline)  1000       0.1000',
        'Signup  test                1000       0.1300  +30.0%  [-1.9%, +61.9%]  significant, winning: chance ' +
          'to win 96.7%',
        'Churn   control (baseline)  1000       0.1000',
        'Churn   test                30         0.1000                           not-enough-exposures, ' +
          'not-enough-metric-data',
        '',
      ].join('\n'),
    )
  })

  it('prints the SDK’s results as JSON when stdout is not a terminal, and sends one query per metric', async () => {
    const { id } = experiment()
    const before = fake.requests.length
    const result = await run('experiments', 'results', String(id), '--metrics', 'churn')
    expect(result.code).toBe(0)
    const client = new ProjectClient({ ...fake.clientOptions(server.url), maxRetries: 0 })
    expect(JSON.parse(result.stdout)).toEqual(await client.experiments.results(id, { metrics: ['churn'] }))
    expect(fake.requests.slice(before, before + 2).map((request) => request.operation)).toEqual([
      'experiments.retrieve',
      'query.run',
    ])
  })

  it('--help names both requests', async () => {
    const result = await run('experiments', 'results', '--help')
    expect(result.stdout).toContain(
      '  GET /api/projects/:project_id/experiments/:id/\n  scope: experiment:read\n  then POST ' +
        '/api/projects/:project_id/query/\n  scope: query:read\n',
    )
    expect(result.stdout).toContain('--metrics')
  })
})

describe('posthog-project query', () => {
  it('--hogql with --values: the answer as JSON, or its rows by column', async () => {
    const args = ['query', '--hogql', 'SELECT {n} AS n, {word} AS word', '--values', '{"n": 1, "word": "hi"}']
    const json = await run(...args)
    expect(JSON.parse(json.stdout)).toMatchObject({ columns: ['n', 'word'], results: [[1, 'hi']] })
    expect((await run(...args, '--format', 'ndjson')).stdout).toBe('{"n":1,"word":"hi"}\n')
    expect((await run(...args, '--format', 'table')).stdout).toBe('n  word\n1  hi\n')
  })

  it('a mistake is a usage error, nothing sent; the service’s 400 is exit 1', async () => {
    const before = fake.requests.length
    const usage = await run('query', '--hogql', 'SELECT 1', '--values', '{oops')
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/^posthog-project: Invalid argument `--values`: not valid JSON/)
    expect(fake.requests.length).toBe(before)
    const refused = await run('query', '--data', '{"kind": "TrendsQuery", "series": []}')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      /^posthog-project: BadRequestError: .*The fake does not evaluate TrendsQuery queries/,
    )
  })

  it('--help', async () => {
    const result = await run('query', '--help')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('  POST /api/projects/:project_id/query/\n  scope: query:read\n')
  })
})

describe('posthog-project surveys responses', () => {
  it('--all --format ndjson streams every row, here through the query API', async () => {
    const [survey] = fake.seed.surveys([{ name: 'NPS' }])
    const question = String(survey!.questions![0]!['id'])
    fake.seed.surveyResponses(
      survey!.id,
      Array.from({ length: 5 }, (_, index) => ({ answers: { [question]: `Answer ${index}` } })),
    )
    const before = fake.requests.length
    const result = await run('surveys', 'responses', survey!.id, '--all', '--format', 'ndjson', '--limit', '2')
    expect(result.code).toBe(0)
    const rows = result.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { answers: Array<{ answer: string }> })
    expect(rows.map((row) => row.answers[0]!.answer)).toEqual([
      'Answer 4',
      'Answer 3',
      'Answer 2',
      'Answer 1',
      'Answer 0',
    ])
    expect(fake.requests.slice(before).map((request) => request.operation)).toEqual([
      'surveys.responses',
      'surveys.retrieve',
      'query.run',
      'query.run',
      'query.run',
    ])
  })
})

describe('the experiment results table', () => {
  it('shows an error, a frequentist p-value and a losing lift', () => {
    const base = { key: 'control', number_of_samples: 500, sum: 1000, value: 2, validation_failures: [] }
    const table = experimentResultsTable({
      experiment_id: 1,
      metrics: [
        {
          uuid: 'a',
          kind: 'ExperimentMetric',
          goal: 'increase',
          secondary: true,
          method: 'frequentist',
          baseline: base,
          variants: [
            {
              ...base,
              key: 'b',
              value: 1.8,
              delta: -0.1,
              interval: [-0.15, -0.05],
              p_value: 0.0004,
              significant: true,
              winning: false,
            },
          ],
        },
        {
          uuid: 'broken',
          kind: 'ExperimentMetric',
          goal: 'increase',
          secondary: false,
          method: 'bayesian',
          baseline: base,
          variants: [],
          error: 'Event purchase does not exist',
        },
      ],
    })
    expect(table).toBe(
      [
        'metric         variant             exposures  value  delta   interval         significance',
        'a (secondary)  control (baseline)  500        2',
        'a (secondary)  b                   500        1.800  -10.0%  [-15.0%, -5.0%]  significant, losing: p < 0.001',
        'broken                                                                        error: Event purchase ' +
          'does not exist',
        '',
      ].join('\n'),
    )
  })
})
