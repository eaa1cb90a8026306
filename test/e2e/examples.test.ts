import { afterEach, describe, expect, it, vi } from 'vitest'
import { BadRequestError, ProjectClient } from 'posthog-project-client'
import { main as autoConcludeExample } from '../../examples/auto-conclude.js'
import { main as automationExample } from '../../examples/automation.js'
import { main as experimentsExample } from '../../examples/experiments.js'
import { main as promoteExample } from '../../examples/promote.js'
import { main as surveysExample } from '../../examples/surveys.js'
import { ISO_DATE_TIME } from '../helpers/dates.js'
import { useE2E } from '../helpers/fake-server.js'
import { joined } from '../helpers/regex.js'

/**
 * The examples of examples/ (quickstart.ts has its own test), run as a user runs them: `main()` with a
 * client pointed at the fake's HTTP server on 127.0.0.1. Assertions read the fake's state, so an example
 * that stops doing what its header says fails here.
 */
const e2e = useE2E({ projects: [1, 2, 3] })
let printed: string[] = []

afterEach(() => {
  e2e.fake.reset()
  printed = []
  vi.restoreAllMocks()
})

function client(): ProjectClient {
  vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    printed.push(args.map(String).join(' '))
  })
  return e2e.client({ maxRetries: 0 })
}

describe('examples/experiments.ts', () => {
  it('counts every experiment over three pages, creates one, concludes it and soft-deletes it', async () => {
    const seeded = e2e.fake.seed.experiments(230)
    const ended = seeded.slice(0, 40)
    for (const experiment of ended) experiment.end_date = '2026-01-31T00:00:00Z'
    const running = seeded.filter((experiment) => experiment.start_date && !experiment.end_date).length
    expect(running).toBe(190)

    await experimentsExample(client())

    expect(printed[0]).toBe(`230 experiments, ${running} running`)
    const created = [...e2e.fake.state.experiments.values()].filter((experiment) => !seeded.includes(experiment))
    expect(created).toHaveLength(1)
    expect(created[0]).toMatchObject({
      description: 'Created by examples/experiments.ts',
      conclusion: 'inconclusive',
      conclusion_comment: 'Example run: no traffic.',
      deleted: true,
    })
    expect(created[0]!.name).toMatch(/^SDK example /)
    expect(e2e.fake.requests.map((request) => request.operation)).toEqual([
      'experiments.list',
      'experiments.list',
      'experiments.list',
      'experiments.create',
      'experiments.update',
      'experiments.update',
    ])
    expect(e2e.fake.requests.at(-1)?.body).toEqual({ deleted: true })
    expect(printed.at(-1)).toBe(`soft-deleted #${created[0]!.id}`)
  })

  it('still soft-deletes the experiment when concluding it fails', async () => {
    e2e.fake.faults.failNext(1, { status: 400, operation: 'experiments.update' })

    await expect(experimentsExample(client())).rejects.toBeInstanceOf(BadRequestError)

    const [created] = [...e2e.fake.state.experiments.values()]
    expect(created).toMatchObject({ deleted: true, conclusion: null })
  })
})

describe('examples/surveys.ts', () => {
  it('archives a response, reads stats without it, and copies the survey into two projects', async () => {
    const [survey] = e2e.fake.seed.surveys([{ name: 'Checkout NPS' }])
    const responses = e2e.fake.seed.surveyResponses(survey!.id, 5)
    const archived = responses[2]!.uuid

    await surveysExample(client(), { surveyId: survey!.id, responseUuid: archived, targetTeamIds: [2, 3] })

    expect([...(e2e.fake.state.archivedResponseUuids.get(survey!.id) ?? [])]).toEqual([archived])
    expect(e2e.fake.state.surveyCopies.map((copy) => copy.team_id)).toEqual([2, 3])
    for (const copy of e2e.fake.state.surveyCopies) expect(copy.survey.name).toMatch(/^Checkout NPS \(duplicated at /)
    expect(printed).toContain('responses (archived excluded): 5')
    expect(printed).toContain(`archived ${archived}; 1 archived in all; responses now: 4`)
    expect(printed).toContain(`  ${survey!.id}: 4 responses`)
    expect(printed).toContain('copied into 2 projects: 2, 3')
  })

  it(
    'creates an NPS survey when given none, and copies nothing ' + 'when one target is outside the organisation',
    async () => {
      await surveysExample(client(), { targetTeamIds: [2, 999] })

      const surveys = [...e2e.fake.state.surveys.values()]
      expect(surveys).toHaveLength(1)
      expect(surveys[0]).toMatchObject({
        type: 'popover',
        questions: [expect.objectContaining({ type: 'rating', scale: 10 })],
      })
      expect(surveys[0]!.name).toMatch(/^Checkout NPS /)
      expect(e2e.fake.state.surveyCopies).toEqual([])
      expect(printed.at(-1)).toBe(
        "not copied anywhere: One or more target teams not found or you don't have access to them",
      )
      expect(e2e.fake.requests.some((request) => request.operation === 'surveys.archiveResponse')).toBe(false)
    },
  )
})

describe('examples/automation.ts', () => {
  it(
    'launches the experiment, stops the running survey in every ' + 'project, tags the matching event definitions',
    async () => {
      const [experiment] = e2e.fake.seed.experiments([{ name: 'Checkout button', start_date: null }])
      const stopped = '2026-01-01T00:00:00Z'
      for (const projectId of [1, 2, 3]) {
        e2e.fake.seed.surveys(
          [{ name: 'Holiday NPS' }, { name: 'Holiday NPS', end_date: stopped }, { name: 'Holiday NPS 2' }],
          { projectId },
        )
      }
      const matching = e2e.fake.seed.eventDefinitions(
        Array.from({ length: 230 }, (_, index) => ({
          name: `checkout step ${index}`,
          tags: index % 2 ? ['funnel'] : [],
        })),
      )
      const other = e2e.fake.seed.eventDefinitions([{ name: 'signup' }])

      await automationExample(client(), {
        experimentId: experiment!.id,
        surveyName: 'Holiday NPS',
        projectIds: [1, 2, 3],
        eventSearch: 'checkout',
        tag: 'checkout',
      })

      expect(e2e.fake.state.experiments.get(experiment!.id)?.start_date).toMatch(ISO_DATE_TIME)
      expect(printed[0]).toMatch(new RegExp(`^launched experiment #${experiment!.id} Checkout button at \\d{4}-`))
      for (const projectId of [1, 2, 3]) {
        const surveys = [...e2e.fake.stateOf(projectId).surveys.values()]
        const [target, alreadyStopped, otherName] = surveys
        expect(target!.end_date).toMatch(ISO_DATE_TIME)
        expect(alreadyStopped!.end_date).toBe(stopped)
        expect(otherName!.end_date).toBeNull()
        expect(printed).toContain(`project ${projectId}: stopped 1 "Holiday NPS" surveys, 0 failed`)
      }
      for (const [index, definition] of matching.entries()) {
        expect(e2e.fake.state.eventDefinitions.get(definition.id)?.tags).toEqual(
          index % 2 ? ['funnel', 'checkout'] : ['checkout'],
        )
      }
      expect(e2e.fake.state.eventDefinitions.get(other[0]!.id)?.tags).toEqual([])
      expect(printed).toContain('  100 event definitions done, 0 failed')
      expect(printed).toContain('  200 event definitions done, 0 failed')
      expect(printed.at(-1)).toBe('tagged 230 event definitions "checkout", 0 failed')
      // The walk read 3 pages, each once; one update per definition; one stop per project.
      expect(e2e.fake.requests.filter((request) => request.operation === 'eventDefinitions.list')).toHaveLength(3)
      expect(e2e.fake.requests.filter((request) => request.operation === 'eventDefinitions.update')).toHaveLength(230)
      expect(
        e2e.fake.requests
          .filter((request) => request.operation === 'surveys.update')
          .map((request) => request.path.split('/')[3]),
      ).toEqual(['1', '2', '3'])
    },
  )

  it('reports the definitions it could not tag, and tags the rest', async () => {
    e2e.fake.seed.eventDefinitions(Array.from({ length: 20 }, (_, index) => ({ name: `checkout ${index}` })))
    e2e.fake.faults.failNext(2, { status: 400, operation: 'eventDefinitions.update' })

    await automationExample(client(), { surveyName: 'none', projectIds: [1], eventSearch: 'checkout', tag: 'checkout' })

    expect(printed).toContain('tagged 18 event definitions "checkout", 2 failed')
    expect(printed.filter((line) => line.startsWith('  not tagged: checkout '))).toHaveLength(2)
    expect(
      [...e2e.fake.state.eventDefinitions.values()].filter((definition) => definition.tags.includes('checkout')),
    ).toHaveLength(18)
  })
})

describe('examples/auto-conclude.ts', () => {
  const metric = (uuid: string, goal: 'increase' | 'decrease' = 'increase') => ({
    kind: 'ExperimentMetric',
    metric_type: 'funnel',
    uuid,
    name: uuid,
    goal,
    series: [],
  })
  const strong = { control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } }

  it('ships the winners and ends the losers, quoting the numbers; the others keep running', async () => {
    const [winner, loser, unclear, small, ended, draft] = e2e.fake.seed.experiments([
      // The primary metric is the first of primary_metrics_ordered_uuids, not the first of the list.
      {
        name: 'Green button',
        metrics: [metric('secondary-noise'), metric('signup')],
        primary_metrics_ordered_uuids: ['signup', 'secondary-noise'],
      },
      { name: 'Longer form', metrics: [metric('drop-off', 'decrease')] },
      { name: 'New copy', metrics: [metric('clicks')] },
      { name: 'Tiny test', metrics: [metric('clicks')] },
      { name: 'Already ended', metrics: [metric('clicks')], end_date: '2026-01-31T00:00:00Z' },
      { name: 'Not launched', metrics: [metric('clicks')], start_date: null },
    ])
    e2e.fake.seed.experimentData(winner!.id, strong)
    e2e.fake.seed.experimentData(loser!.id, strong)
    e2e.fake.seed.experimentData(unclear!.id, {
      control: { exposures: 1000, conversions: 100 },
      test: { exposures: 1000, conversions: 105 },
    })
    e2e.fake.seed.experimentData(small!.id, {
      control: { exposures: 1000, conversions: 100 },
      test: { exposures: 20, conversions: 10 },
    })

    const report = await autoConcludeExample(client())

    expect(report).toMatchObject({ succeeded: 4, failed: 0 })
    const state = (id: number) => e2e.fake.state.experiments.get(id)!
    expect(state(winner!.id)).toMatchObject({
      conclusion: 'won',
      conclusion_comment:
        'signup (goal: increase): test 0.130 against control 0.100, +30.0%, interval [-1.9%, +61.9%], chance ' +
        'to win 96.7%; 1000 and 1000 exposures',
    })
    expect(state(winner!.id).end_date).toMatch(ISO_DATE_TIME)
    // The winner is shipped: its flag serves `test` to everyone it targets.
    const shipped = e2e.fake.state.featureFlags.get(state(winner!.id).feature_flag!.id)!
    expect(
      (
        shipped.filters['multivariate'] as { variants: Array<{ key: string; rollout_percentage: number }> }
      ).variants.map((variant) => [variant.key, variant.rollout_percentage]),
    ).toEqual([
      ['control', 0],
      ['test', 100],
    ])
    // A decrease goal: the same rise is a significant loss.
    expect(state(loser!.id)).toMatchObject({ conclusion: 'lost' })
    expect(state(loser!.id).conclusion_comment).toMatch(
      /^drop-off \(goal: decrease\): test 0.130 against control 0.100, \+30.0%, .*chance to win 3.3%;/,
    )
    for (const kept of [unclear, small, ended, draft]) expect(state(kept!.id)).toMatchObject({ conclusion: null })
    expect(state(unclear!.id).end_date).toBeNull()
    expect(printed).toContain(`#${unclear!.id} New copy: keeps running (not significant yet)`)
    expect(printed).toContain(`#${small!.id} Tiny test: keeps running (not-enough-exposures)`)
    expect(printed).toContain(
      `#${winner!.id} Green button: ended as won, test shipped (${state(winner!.id).conclusion_comment})`,
    )
    expect(printed).toContain(`#${loser!.id} Longer form: ended as lost (${state(loser!.id).conclusion_comment})`)
    expect(printed.at(-1)).toBe('2 ended, 2 running, 0 failed')
    // Per experiment: the experiment and one query for its primary metric only; one write for each ended.
    const operations = e2e.fake.requests.map((request) => request.operation)
    expect(operations.filter((operation) => operation === 'query.run')).toHaveLength(4)
    expect(operations.filter((operation) => operation === 'experiments.shipVariant')).toHaveLength(1)
    expect(operations.filter((operation) => operation === 'experiments.update')).toHaveLength(1)
    expect(
      e2e.fake.requests
        .filter((request) => request.operation === 'query.run')
        .map((request) => (request.body as { query: { metric: { uuid: string } } }).query.metric.uuid),
    ).not.toContain('secondary-noise')
  })

  it('reports an experiment whose results cannot be read, and writes nothing in a dry run', async () => {
    const [one, two] = e2e.fake.seed.experiments([
      { name: 'One', metrics: [metric('a')] },
      { name: 'Two', metrics: [metric('b')] },
    ])
    e2e.fake.seed.experimentData(one!.id, strong)
    e2e.fake.seed.experimentData(two!.id, strong)
    e2e.fake.faults.failNext(1, { status: 503, operation: 'experiments.retrieve', path: `experiments/${two!.id}/` })

    const report = await autoConcludeExample(client(), { dryRun: true })

    expect(report).toMatchObject({ succeeded: 1, failed: 1 })
    expect(printed.find((line) => line.startsWith(`#${two!.id} Two: failed: `))).toMatch(/InternalServerError|503/)
    expect(printed.at(-1)).toBe('1 ended (dry run: nothing written), 0 running, 1 failed')
    expect(
      e2e.fake.requests.some(
        (request) => request.operation === 'experiments.update' || request.operation === 'experiments.shipVariant',
      ),
    ).toBe(false)
  })
})

describe('examples/promote.ts', () => {
  it('promotes staging to production with one write per resource; a second run changes nothing', async () => {
    const staging = client()
    e2e.fake.seed.holdouts([{ id: 77 }]) // staging's holdout: the fake, as the service, refuses an unknown id
    await staging.experiments.create({
      name: 'Checkout button',
      feature_flag_key: 'checkout-button',
      start_date: '2026-11-01T00:00:00Z',
      holdout_id: 77,
    })
    await staging.surveys.create({
      name: 'NPS',
      type: 'api',
      questions: [{ type: 'rating', question: 'How likely?', scale: 10 }],
    })
    await staging.hogFunctions.create({
      type: 'destination',
      name: 'Order webhook',
      hog: 'fetch(inputs.url)',
      inputs_schema: [
        { type: 'string', key: 'url', label: 'URL' },
        { type: 'string', key: 'api_token', label: 'Token', secret: true },
      ],
      inputs: { url: { value: 'https://example.com/orders' }, api_token: { value: 'staging-token' } },
    })
    const from = e2e.fake.requests.length
    await promoteExample(staging, 2, { POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN: 'production-token' })
    expect(printed.at(-1)).toBe('applied 5, failed 0')
    const writes = e2e.fake.requests.slice(from).filter((request) => request.method !== 'GET')
    // The copy brings what the experiment stands on (its holdout and its flag) and creates it first.
    expect(writes.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/projects/2/experiment_holdouts/',
      'POST /api/projects/2/feature_flags/',
      'POST /api/projects/2/hog_functions/',
      'POST /api/projects/2/surveys/',
      'POST /api/projects/2/experiments/',
    ])
    const hogFunction = [...e2e.fake.stateOf(2).hogFunctions.values()][0]!
    expect(hogFunction.inputs.api_token?.value).toBe('production-token')
    // Launched in staging, a draft in production, on production's copy of the holdout (never staging's id 77): the plan
    // said so.
    const [holdout] = [...e2e.fake.stateOf(2).holdouts.values()]
    expect(holdout!.id).not.toBe(77)
    expect([...e2e.fake.stateOf(2).experiments.values()][0]).toMatchObject({
      start_date: null,
      holdout_id: holdout!.id,
    })
    expect(printed.join('\n')).toMatch(
      /Warning: holdouts "[^"]+": created: experiments\/checkout-button needs it and project 2 has none/,
    )
    expect(printed.join('\n')).not.toMatch(/production-token|staging-token/)
    const again = e2e.fake.requests.length
    printed = []
    await promoteExample(staging, 2, {})
    expect(printed[0]).toMatch(
      joined(
        /^Plan for project 2 \(http:\/\/127\.0\.0\.1:\d+\) from project 1 \(http:\/\/127\.0\.0\.1:\d+\): 0 to /,
        /create, 0 to update, 0 to delete, 4 unchanged\.\n/,
      ),
    )
    expect(e2e.fake.requests.slice(again).filter((request) => request.method !== 'GET')).toEqual([])
  })
})
