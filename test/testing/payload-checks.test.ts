import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/**
 * The fake checks the nested payloads the service checks (docs/service-behaviour.md §P1–§P4) and
 * answers the service's four-key 400 body.
 */

/** A four-key validation error on `attr`. */
function refusedOn(attr: string) {
  return { type: 'validation_error', code: expect.any(String), detail: expect.any(String), attr }
}

const purchase = { kind: 'EventsNode', event: 'purchase' }

describe('experiment payloads', () => {
  it('[XP1] requires primary_metrics_ordered_uuids to list every metric uuid', async () => {
    const call = caller(createFakeApi()).read
    const metrics = [
      { metric_type: 'mean', uuid: 'm-1', source: purchase },
      { metric_type: 'funnel', uuid: 'm-2', series: [purchase] },
    ]
    const missing = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      metrics,
      primary_metrics_ordered_uuids: ['m-2'],
    })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual(refusedOn('primary_metrics_ordered_uuids'))
    expect(missing.body.detail).toContain('m-1')
    const complete = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      metrics,
      primary_metrics_ordered_uuids: ['m-2', 'm-1'],
    })
    expect(complete.status).toBe(201)
    // A metric added later without its uuid in the ordering is refused too.
    const added = await call('PATCH', `experiments/${complete.body.id}/`, {
      metrics: [...metrics, { metric_type: 'mean', uuid: 'm-3', source: purchase }],
    })
    expect(added.body).toEqual(refusedOn('primary_metrics_ordered_uuids'))
  })

  it('[P1] [P2] [P7] gives a metric a uuid and a fingerprint, and keeps legacy kinds as sent', async () => {
    const call = caller(createFakeApi()).read
    const legacy = { kind: 'ExperimentTrendsQuery', count_query: { kind: 'TrendsQuery', series: [purchase] } }
    const created = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      metrics: [{ metric_type: 'mean', source: purchase }],
      metrics_secondary: [legacy],
    })
    expect(created.status).toBe(201)
    expect(created.body.metrics[0].uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(created.body.metrics[0].fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(created.body.metrics_secondary[0]).toMatchObject(legacy)
  })

  it.each([
    [{ metric_type: 'median', source: purchase }, 'metrics__0__metric_type'],
    [{ metric_type: 'mean' }, 'metrics__0__source'],
    [{ metric_type: 'mean', source: { kind: 'PersonsNode' } }, 'metrics__0__source__kind'],
    [{ metric_type: 'mean', source: { kind: 'ActionsNode' } }, 'metrics__0__source__id'],
    [{ metric_type: 'mean', source: { ...purchase, math: 'median' } }, 'metrics__0__source__math'],
    [{ metric_type: 'mean', source: purchase, goal: 'up' }, 'metrics__0__goal'],
    [{ metric_type: 'mean', source: purchase, conversion_window_unit: 'year' }, 'metrics__0__conversion_window_unit'],
    [{ metric_type: 'funnel', series: [] }, 'metrics__0__series'],
    [{ metric_type: 'ratio', numerator: purchase }, 'metrics__0__denominator'],
    [
      {
        metric_type: 'retention',
        start_event: purchase,
        completion_event: { kind: 'ExperimentDataWarehouseNode', table_name: 't' },
      },
      'metrics__0__completion_event__timestamp_field',
    ],
    [{ kind: 'TrendsQuery', metric_type: 'mean', source: purchase }, 'metrics__0__kind'],
  ])('[P4] [P5] [P2] refuses the metric %j on %s', async (metric, attr) => {
    const answer = await caller(createFakeApi()).read('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      metrics: [metric],
    })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(refusedOn(attr))
  })

  it(
    '[P8] refuses variants whose shares do not add up to 100, as the flag serializer does (split_percent or ' +
      'rollout_percentage)',
    async () => {
      const fake = createFakeApi()
      const call = caller(fake).read
      const variants = (...shares: Array<Record<string, number>>) => ({
        feature_flag_variants: shares.map((share, index) => ({ key: index === 0 ? 'control' : `v${index}`, ...share })),
      })
      const refused = {
        type: 'validation_error',
        code: 'invalid_input',
        detail: 'Invalid variant definitions: Variant rollout percentages must sum to 100.',
        attr: 'filters',
      }
      expect(
        (
          await call('POST', 'experiments/', {
            name: 'A',
            feature_flag_key: 'a',
            parameters: variants({ split_percent: 50 }, { split_percent: 40 }),
          })
        ).body,
      ).toEqual(refused)
      expect(
        (
          await call('POST', 'experiments/', {
            name: 'B',
            feature_flag_key: 'b',
            parameters: variants({ rollout_percentage: 60 }, { rollout_percentage: 60 }),
          })
        ).body,
      ).toEqual(refused)
      // A variant with no share counts 0.
      expect(
        (
          await call('POST', 'experiments/', {
            name: 'C',
            feature_flag_key: 'c',
            parameters: variants({ split_percent: 50 }, {}),
          })
        ).body,
      ).toEqual(refused)
      expect(fake.state.experiments.size + fake.state.featureFlags.size).toBe(0)
      const created = await call('POST', 'experiments/', {
        name: 'D',
        feature_flag_key: 'd',
        parameters: variants({ split_percent: 34 }, { split_percent: 33 }, { split_percent: 33 }),
      })
      expect(created.status).toBe(201)
      expect(
        created.body.feature_flag.filters.multivariate.variants.map(
          (variant: { rollout_percentage: number }) => variant.rollout_percentage,
        ),
      ).toEqual([34, 33, 33])
    },
  )

  it('[P9] [P10] checks the exposure criteria and the statistics method', async () => {
    const call = caller(createFakeApi()).read
    const exposure = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      exposure_criteria: { multiple_variant_handling: 'last_seen' },
    })
    expect(exposure.body).toEqual(refusedOn('exposure_criteria__multiple_variant_handling'))
    const stats = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      stats_config: { method: 'bootstrap' },
    })
    expect(stats.body).toEqual(refusedOn('stats_config__method'))
    const accepted = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      stats_config: { method: 'frequentist', frequentist: { alpha: 0.1 } },
    })
    expect(accepted.body.stats_config).toEqual({ method: 'frequentist', frequentist: { alpha: 0.1 } })
  })
})

describe('[C4] [P12] [P13] [P14] survey payloads', () => {
  const create = (questions: unknown[], extra: Record<string, unknown> = {}) =>
    caller(createFakeApi()).read('POST', 'surveys/', { name: 'S', type: 'popover', questions, ...extra })

  it.each([
    ['an http link', { type: 'link', question: 'Q', link: 'http://example.com' }],
    ['a javascript: link', { type: 'link', question: 'Q', link: 'javascript:alert(1)' }],
    ['a link that is not a URL', { type: 'link', question: 'Q', link: 'example.com' }],
    ['a mailto: without an address', { type: 'link', question: 'Q', link: 'mailto:nobody' }],
    ['a link question without a link', { type: 'link', question: 'Q' }],
    ['a rating scale of 0', { type: 'rating', question: 'Q', scale: 0 }],
    ['a rating scale that is not an integer', { type: 'rating', question: 'Q', scale: 'ten' }],
    ['a rating display of stars', { type: 'rating', question: 'Q', display: 'stars' }],
    ['no choices', { type: 'single_choice', question: 'Q', choices: [] }],
    ['a blank choice', { type: 'multiple_choice', question: 'Q', choices: ['a', ' '] }],
    ['a markdown description', { type: 'open', question: 'Q', descriptionContentType: 'markdown' }],
    ['an unknown branching type', { type: 'open', question: 'Q', branching: { type: 'jump' } }],
    [
      'a specific_question branch without index',
      { type: 'open', question: 'Q', branching: { type: 'specific_question' } },
    ],
    [
      'response-based branching on an open question',
      { type: 'open', question: 'Q', branching: { type: 'response_based', responseValues: { 0: 1 } } },
    ],
    [
      'a response target that is neither an index nor end',
      { type: 'rating', question: 'Q', branching: { type: 'response_based', responseValues: { 1: 'next' } } },
    ],
    [
      'a min_length above max_length',
      {
        type: 'open',
        question: 'Q',
        validation: [
          { type: 'min_length', value: 10 },
          { type: 'max_length', value: 5 },
        ],
      },
    ],
  ])('refuses %s', async (_label, question) => {
    const answer = await create([question])
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(refusedOn('questions'))
  })

  it('[P12] [P13] accepts https and mailto links, documented scales and choices', async () => {
    const answer = await create([
      { type: 'link', question: 'Q', link: 'https://posthog.com/docs' },
      { type: 'link', question: 'Q', link: 'mailto:hey@posthog.com' },
      {
        type: 'rating',
        question: 'Q',
        display: 'emoji',
        scale: 3,
        branching: { type: 'response_based', responseValues: { negative: 2, positive: 'end' } },
      },
      { type: 'single_choice', question: 'Q', choices: ['a', 'b'], branching: { type: 'specific_question', index: 0 } },
    ])
    expect(answer.status).toBe(201)
  })

  it(
    '[P14] stores branching targets as given, as the service does: it checks no index or response key against ' +
      'the questions',
    async () => {
      const answer = await create([
        {
          type: 'single_choice',
          question: 'Q',
          choices: ['a', 'b'],
          branching: { type: 'specific_question', index: 7 },
        },
        {
          type: 'rating',
          question: 'Q',
          scale: 10,
          branching: { type: 'response_based', responseValues: { promoters: 9, someday: 'end' } },
        },
      ])
      expect(answer.status).toBe(201)
      expect(answer.body.questions.map((question: { branching: unknown }) => question.branching)).toEqual([
        { type: 'specific_question', index: 7 },
        { type: 'response_based', responseValues: { promoters: 9, someday: 'end' } },
      ])
    },
  )

  it('[P15] [P16] [P17] checks conditions and the appearance', async () => {
    expect((await create([], { conditions: { urlMatchType: 'contains' } })).body).toEqual(refusedOn('conditions'))
    expect((await create([], { conditions: { deviceTypes: ['Watch'] } })).body).toEqual(refusedOn('conditions'))
    expect((await create([], { conditions: { seenSurveyWaitPeriodInDays: -1 } })).body).toEqual(refusedOn('conditions'))
    expect((await create([], { appearance: { whiteLabel: 'yes' } })).body).toEqual(refusedOn('appearance'))
    const branching = [{ type: 'open', question: 'Q', branching: { type: 'end' } }]
    expect((await create(branching, { appearance: { shuffleQuestions: true } })).body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail:
        'Question shuffling and question branching cannot be used together. Please disable one of these features.',
      attr: null,
    })
    expect(
      (await create(branching, { conditions: { url: '/pricing', urlMatchType: 'exact', deviceTypes: ['Mobile'] } }))
        .status,
    ).toBe(201)
  })
})

describe('survey names and copies', () => {
  const unique = (detail: string) => ({ type: 'validation_error', code: 'unique', detail, attr: null })

  it('[SV5] a name is unique per project: a second survey of that name, or a rename to it, is refused', async () => {
    const fake = createFakeApi({ projects: [1, 2] })
    const call = caller(fake).read
    expect((await call('POST', 'surveys/', { name: 'NPS', type: 'popover' })).status).toBe(201)
    const again = await call('POST', 'surveys/', { name: 'NPS', type: 'api' })
    expect(again.status).toBe(400)
    expect(again.body).toEqual(unique('There is already a survey with this name.'))
    const other = await call('POST', 'surveys/', { name: 'CSAT', type: 'popover' })
    const renamed = await call('PATCH', `surveys/${other.body.id}/`, { name: 'NPS' })
    expect(renamed.body).toEqual(unique('There is already another survey with this name.'))
    expect(
      (await call('PATCH', `surveys/${other.body.id}/`, { name: 'CSAT', description: 'same name, kept' })).status,
    ).toBe(200)
    // Another project has its own names.
    fake.seed.surveys([{ name: 'NPS' }], { projectId: 2 })
    expect(fake.state.surveys.size).toBe(2)
  })

  it(
    '[SV4] [SV5] copies are named "<name> (duplicated at <second>)": a second copy in the same second is ' +
      'refused, and nothing is copied',
    async () => {
      const fake = createFakeApi({ projects: [1, 2, 3], now: () => new Date('2026-11-20T12:00:00.250Z') })
      const call = caller(fake).read
      const [survey] = fake.seed.surveys([{ name: 'Checkout NPS' }])
      const first = await call('POST', `surveys/${survey!.id}/duplicate_to_projects/`, { target_team_ids: [2] })
      expect(first.body.created_surveys).toMatchObject([
        { team_id: 2, name: 'Checkout NPS (duplicated at 2026-11-20 12:00:00)' },
      ])
      const second = await call('POST', `surveys/${survey!.id}/duplicate_to_projects/`, { target_team_ids: [3, 2] })
      expect(second.status).toBe(400)
      expect(second.body).toEqual(unique('There is already a survey with this name.'))
      expect(fake.stateOf(2).surveys.size).toBe(1)
      expect(fake.stateOf(3).surveys.size).toBe(0)
    },
  )

  it(
    '[SV6] a target that is not a project of the organisation (or named twice), or no target, is refused as the ' +
      'service refuses it',
    async () => {
      const fake = createFakeApi({ projects: [1, 2], unreachableProjects: [7] })
      const call = caller(fake).read
      const [survey] = fake.seed.surveys(1)
      const refused = {
        type: 'validation_error',
        code: 'invalid_input',
        detail: "One or more target teams not found or you don't have access to them",
        attr: null,
      }
      for (const targets of [[2, 9], [7], [2, 2]]) {
        expect(
          (await call('POST', `surveys/${survey!.id}/duplicate_to_projects/`, { target_team_ids: targets })).body,
        ).toEqual(refused)
      }
      const empty = {
        type: 'validation_error',
        code: 'invalid_input',
        detail: 'target_team_ids must be a non-empty list of team IDs',
        attr: null,
      }
      expect(
        (await call('POST', `surveys/${survey!.id}/duplicate_to_projects/`, { target_team_ids: [] })).body,
      ).toEqual(empty)
      expect((await call('POST', `surveys/${survey!.id}/duplicate_to_projects/`, {})).body).toEqual(empty)
      expect(fake.stateOf(2).surveys.size).toBe(0)
    },
  )
})

describe('[EP1] [P19] [P20] [P21] endpoint payloads', () => {
  const hogql = (query: string, variables: Record<string, unknown> = {}) => ({ kind: 'HogQLQuery', query, variables })
  const variable = (id: string, code_name: string, value: unknown) => ({ [id]: { variableId: id, code_name, value } })

  it.each([
    ['a name starting with a digit', { name: '1st', query: hogql('select 1') }, 'name'],
    ['a name with a space', { name: 'top events', query: hogql('select 1') }, 'name'],
    ['a name of 129 characters', { name: `a${'b'.repeat(128)}`, query: hogql('select 1') }, 'name'],
    ['an unknown query kind', { name: 'n', query: { kind: 'SQLQuery', query: 'select 1' } }, 'query'],
    ['a HogQL query without text', { name: 'n', query: { kind: 'HogQLQuery' } }, 'query'],
    ['a placeholder without a variable', { name: 'n', query: hogql('select {variables.since}') }, 'query'],
    [
      'a variable keyed by another id',
      { name: 'n', query: hogql('select {variables.a}', { x: { variableId: 'y', code_name: 'a' } }) },
      'query',
    ],
    ['a variable without code_name', { name: 'n', query: hogql('select 1', { x: { variableId: 'x' } }) }, 'query'],
    ['a direct connection', { name: 'n', query: { ...hogql('select 1'), connectionId: 'c' } }, 'query'],
    [
      'a data freshness outside the list',
      { name: 'n', query: hogql('select 1'), data_freshness_seconds: 1000 },
      'data_freshness_seconds',
    ],
    [
      'a bucket function outside the list',
      { name: 'n', query: hogql('select 1'), bucket_overrides: { timestamp: 'minute' } },
      'bucket_overrides',
    ],
  ])('refuses %s', async (_label, body, attr) => {
    const answer = await caller(createFakeApi()).read('POST', 'endpoints/', body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(refusedOn(attr))
  })

  it(
    '[EP2] [P23] runs a SELECT of literals and variables, with ' + 'the values sent, and refuses unknown variables',
    async () => {
      const call = caller(createFakeApi()).read
      const query = hogql("select {variables.n} as n, 'x' as label, {variables.flag} as flag, 1.5", {
        ...variable('v1', 'n', 1),
        ...variable('v2', 'flag', false),
      })
      expect((await call('POST', 'endpoints/', { name: 'echo', query })).status).toBe(201)
      const stored = await call('POST', 'endpoints/echo/run/', {})
      expect(stored.body).toMatchObject({ columns: ['n', 'label', 'flag', '1.5'], results: [[1, 'x', false, 1.5]] })
      expect(stored.body.types).toEqual([
        ['n', 'Int64'],
        ['label', 'String'],
        ['flag', 'Bool'],
        ['1.5', 'Float64'],
      ])
      const sent = await call('POST', 'endpoints/echo/run/', { variables: { n: 7, flag: true } })
      expect(sent.body.results).toEqual([[7, 'x', true, 1.5]])
      expect(sent.body.query.variables.v1.value).toBe(7)
      const unknown = await call('POST', 'endpoints/echo/run/', { variables: { m: 1 } })
      expect(unknown.body).toEqual(refusedOn('variables'))
    },
  )

  it('answers other queries with the seeded rows, paged by limit and offset', async () => {
    const fake = createFakeApi()
    fake.seed.endpoints([
      {
        name: 'events',
        run_result: { columns: ['event'], types: [['event', 'String']], results: [['a'], ['b'], ['c']] },
      },
    ])
    const page = await caller(fake).read('POST', 'endpoints/events/run/', { limit: 2, offset: 1 })
    expect(page.body).toMatchObject({
      results: [['b'], ['c']],
      limit: 2,
      offset: 1,
      hasMore: false,
      columns: ['event'],
    })
    expect((await caller(fake).read('POST', 'endpoints/events/run/', { limit: 1 })).body).toMatchObject({
      results: [['a']],
      hasMore: true,
    })
  })
})

describe('[C5] [P25] [P26] [P27] [P28] [P29] [P30] hog function payloads', () => {
  const schema = [
    { type: 'string', key: 'url' },
    { type: 'number', key: 'limit' },
    { type: 'boolean', key: 'debug' },
    { type: 'dictionary', key: 'headers' },
    { type: 'integration', key: 'slack' },
    { type: 'email', key: 'email' },
  ]
  const create = (body: Record<string, unknown>) =>
    caller(createFakeApi()).read('POST', 'hog_functions/', { hog: 'print(1)', inputs_schema: schema, ...body })

  it.each([
    ['a string input given a number', { inputs: { url: { value: 3 } } }, 'inputs__url'],
    ['a number input given a string', { inputs: { limit: { value: '10' } } }, 'inputs__limit'],
    [
      'a boolean input given a Liquid template',
      { inputs: { debug: { value: '{{ x }}', templating: 'liquid' } } },
      'inputs__debug',
    ],
    ['a dictionary input given a list', { inputs: { headers: { value: ['a'] } } }, 'inputs__headers'],
    ['an integration input given a name', { inputs: { slack: { value: 'my-slack' } } }, 'inputs__slack'],
    [
      'an email without a subject',
      { inputs: { email: { value: { from: 'a@b.c', to: 'd@e.f', text: 'hi' } } } },
      'inputs__email',
    ],
    ['an input templating of mustache', { inputs: { url: { value: 'x', templating: 'mustache' } } }, 'inputs__url'],
    [
      'an input declaration templating of jinja',
      { inputs_schema: [{ type: 'string', key: 'url', templating: 'jinja' }] },
      'inputs_schema__0__templating',
    ],
    ['an input type of text', { inputs_schema: [{ type: 'text', key: 'url' }] }, 'inputs_schema__0__type'],
    ['a filters source of webhooks', { filters: { source: 'webhooks' } }, 'filters__source'],
    ['a filter event without id', { filters: { events: [{ type: 'events' }] } }, 'filters__events__0'],
    [
      'a filter action typed as events',
      { filters: { actions: [{ id: '1', type: 'events' }] } },
      'filters__actions__0__type',
    ],
    ['masking without a hash', { masking: { ttl: 3600 } }, 'masking__hash'],
    ['a masking ttl below 60', { masking: { ttl: 10, hash: '{person.id}' } }, 'masking__ttl'],
    ['mappings on a transformation', { type: 'transformation', mappings: [{ name: 'm' }] }, 'mappings'],
  ])('refuses %s', async (_label, body, attr) => {
    const answer = await create(body)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual(refusedOn(attr))
  })

  it('[P27] accepts values of the declared types, Hog templates for booleans and kept secrets', async () => {
    const answer = await create({
      inputs: {
        url: { value: 'https://example.com' },
        limit: { value: 10 },
        debug: { value: '{event.properties.debug}' },
        headers: { value: { a: 'b' } },
        slack: { value: 17 },
        email: { value: { from: 'a@b.c', to: 'd@e.f', subject: 'Hi', html: '<p>hi</p>' } },
      },
      filters: {
        source: 'events',
        events: [{ id: '$pageview', type: 'events' }],
        actions: [{ id: '3', type: 'actions' }],
      },
    })
    expect(answer.status).toBe(201)
  })
})

describe('event definition payloads', () => {
  it('[ED1] refuses an unknown enforcement mode, a 401-character name, and hidden with verified', async () => {
    const call = caller(createFakeApi()).read
    expect((await call('POST', 'event_definitions/', { name: 'e', enforcement_mode: 'warn' })).body).toEqual(
      refusedOn('enforcement_mode'),
    )
    expect((await call('POST', 'event_definitions/', { name: 'e'.repeat(401) })).body).toEqual(refusedOn('name'))
    const both = await call('POST', 'event_definitions/', { name: 'e', hidden: true, verified: true })
    expect(both.status).toBe(400)
    expect(both.body).toMatchObject({ type: 'validation_error', attr: null })
  })
})
