import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, type ProjectClient } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { failure } from '../helpers/async.js'
import { makeClient, useMswApi } from '../helpers/msw-server.js'
import { joined } from '../helpers/regex.js'

/**
 * The SDK checks every body and query in full depth before sending (issue 29), from the same request shapes
 * as the command line and the configuration files: each mistake a JavaScript caller made that the service
 * stored (or refused with a field-less message) is an `InvalidArgumentError` naming its path, and nothing
 * is sent.
 */
const api = useMswApi()
const SURVEY = '0190f1c3-8d4e-7b6a-9c2d-1e2f3a4b5c6d'
const BODY = { name: 'Checkout', feature_flag_key: 'checkout' }
const METRIC = { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } }

type Call = (client: ProjectClient) => PromiseLike<unknown>
const refused: Array<[string, Call, string, RegExp]> = [
  [
    'a metric_type outside its enum',
    (c) => c.experiments.create({ ...BODY, metrics: [{ ...METRIC, metric_type: 'meen' }] } as never),
    'body.metrics[0].metric_type',
    /expected one of "mean", "funnel".*got "meen"/,
  ],
  [
    'a survey question with a misspelt member',
    (c) => c.surveys.create({ name: 'NPS', type: 'popover', questions: [{ typ: 'open', question: 'Why?' }] } as never),
    'body.questions[0]',
    /./,
  ],
  [
    'a score as text in a query',
    (c) => c.surveys.responses(SURVEY, { question_id: 'q1', score_lte: 'two' } as never).toArray(),
    'params.score_lte',
    /expected number, got string "two"/,
  ],
  [
    'archived as text',
    (c) => c.experiments.create({ ...BODY, archived: 'yes' } as never),
    'body.archived',
    /expected boolean, got string "yes"/,
  ],
  [
    'a rating scale as text',
    (c) =>
      c.surveys.create({
        name: 'NPS',
        type: 'popover',
        questions: [{ type: 'rating', question: 'How likely?', scale: '10' }],
      } as never),
    'body.questions[0]',
    /scale/,
  ],
  [
    'a name of the wrong type',
    (c) => c.experiments.update(1, { name: 42 } as never),
    'body.name',
    /expected string, got number 42/,
  ],
  [
    'a missing required field',
    (c) => c.experiments.create({ name: 'Checkout' } as never),
    'body.feature_flag_key',
    /required/,
  ],
  [
    'a nested unknown member',
    (c) =>
      c.experiments.create({
        ...BODY,
        parameters: { feature_flag_variants: [{ key: 'control', split_percent: 100, rolout: 5 }] },
      } as never),
    'body.parameters.feature_flag_variants[0].rolout',
    /unknown field\. Send fields the SDK does not know yet with the request option extraBody/,
  ],
  [
    'a nested unknown member whose value is null',
    (c) => c.experiments.create({ ...BODY, metrics: [{ ...METRIC, sorce: null }] } as never),
    'body.metrics[0].sorce',
    /unknown field; did you mean "source"/,
  ],
  [
    'a nested unknown member whose value is undefined',
    (c) => c.experiments.create({ ...BODY, metrics: [{ ...METRIC, sorce: undefined }] } as never),
    'body.metrics[0].sorce',
    /unknown field/,
  ],
  [
    'a top-level unknown member whose value is null',
    (c) => c.experiments.update(1, { descripton: null } as never),
    'body.descripton',
    /unknown field.*did you mean "description"/,
  ],
  [
    'a top-level unknown member whose value is undefined',
    (c) => c.experiments.update(1, { descripton: undefined } as never),
    'body.descripton',
    /unknown field/,
  ],
  [
    "a misspelt member deep in a feature flag's filters",
    (c) =>
      c.featureFlags.create({
        key: 'new-checkout',
        filters: { groups: [{ properties: [], rollout_percentage: 50, variantt: 'test' }] },
      } as never),
    'body.filters.groups[0].variantt',
    /unknown field; did you mean "variant"/,
  ],
  [
    'a cohort condition of an unknown type',
    (c) =>
      c.cohorts.create({
        name: 'Buyers',
        filters: {
          properties: { type: 'AND', values: [{ type: 'OR', values: [{ key: 'email', value: 'x', typ: 'person' }] }] },
        },
      } as never),
    'body.filters.properties',
    /./,
  ],
  [
    'an unknown member of a hog function input',
    (c) =>
      c.hogFunctions.update('0190f1c3-8d4e-7b6a-9c2d-1e2f3a4b5c6e', {
        masking: { ttl: 60, hash: 'all', treshold: 1 },
      } as never),
    'body.masking.treshold',
    /unknown field; did you mean "threshold"/,
  ],
  // Rules of a field live in its shape, not in the method (the methods below were written by hand to check them).
  [
    'a survey link that is neither https nor mailto',
    (c) =>
      c.surveys.create({
        name: 'Docs',
        type: 'popover',
        questions: [{ type: 'link', question: 'Read', link: 'http://example.com' }],
      } as never),
    'body.questions[0].link',
    joined(
      /^Invalid argument `body\.questions\[0\]\.link`: expected a link starting with https:\/\/ or mailto:, got /,
      /"http:\/\/example\.com"$/,
    ),
  ],
  [
    'a branching key that is not a choice index',
    (c) =>
      c.surveys.create({
        name: 'Pick',
        type: 'popover',
        questions: [
          {
            type: 'single_choice',
            question: 'Which?',
            choices: ['a', 'b'],
            branching: { type: 'response_based', responseValues: { first: 1 } },
          },
        ],
      } as never),
    'body.questions[0].branching.responseValues.first',
    /not an allowed key \(expected a choice's index/,
  ],
  [
    'a fractional execution order',
    (c) => c.hogFunctions.rearrange({ orders: { [SURVEY]: 1.5 } }),
    `body.orders.${SURVEY}`,
    /expected an integer, got 1\.5$/,
  ],
  [
    'no execution orders at all (the service answers 400 `No orders provided`)',
    (c) => c.hogFunctions.rearrange({ orders: {} }),
    'body.orders',
    /expected at least one `id: order` entry$/,
  ],
  [
    'an empty endpoint name in a list',
    (c) => c.endpoints.lastExecutionTimes({ names: ['top', ''] }),
    'body.names[1]',
    /expected at least 1 character, got ""$/,
  ],
  [
    'a timeseries read without its query',
    (c) => c.experiments.timeseriesResults(1, undefined as never),
    'params.metric_uuid',
    /required \(string\); `params\.fingerprint`: required \(string\)$/,
  ],
  [
    'an endpoint version of 0',
    (c) => c.endpoints.runGet('top', { version: 0 }),
    'params.version',
    /expected more than 0, got 0$/,
  ],
]

describe('full-depth request checks', () => {
  it.each(refused)('%s: InvalidArgumentError naming the path, nothing sent', async (_name, call, argument, message) => {
    const sent = api.watchAll()
    const error = await failure(call(makeClient()))
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument.startsWith(argument)).toBe(true)
    expect((error as Error).message).toMatch(message)
    expect(sent).toHaveLength(0)
  })

  it('every problem is listed, the first named as the argument', async () => {
    const sent = api.watchAll()
    const error = (await failure(
      makeClient().experiments.create({
        ...BODY,
        archived: 'yes',
        metrics: [{ ...METRIC, metric_type: 'meen' }],
      } as never),
    )) as InvalidArgumentError
    expect(error.argument).toBe('body.archived')
    expect(error.message).toContain('`body.metrics[0].metric_type`')
    expect(sent).toHaveLength(0)
  })

  it('a known member given as undefined is left out, as JSON does, and the call is sent', async () => {
    const sent = api.answer('post', 'experiments/', experiment(5), 201)
    await makeClient().experiments.create({
      ...BODY,
      description: undefined,
      metrics: [{ ...METRIC, name: undefined }],
    } as never)
    expect(sent).toHaveLength(1)
    expect(JSON.parse(sent[0]!.body)).toEqual({ ...BODY, metrics: [METRIC] })
  })

  it('a valid nested body is sent as given, on the first call and after (the check loads once)', async () => {
    const sent = api.answer('post', 'experiments/', experiment(5), 201)
    const client = makeClient()
    const body = {
      ...BODY,
      metrics: [METRIC],
      parameters: {
        feature_flag_variants: [
          { key: 'control', split_percent: 50 },
          { key: 'test', split_percent: 50 },
        ],
      },
    }
    await Promise.all([client.experiments.create(body as never), client.experiments.create(body as never)])
    await client.experiments.create(body as never)
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([body, body, body])
  })

  it('validateRequests: false sends what it is given; extraBody and extraQuery pass unchecked', async () => {
    const sent = api.answer('post', 'experiments/', experiment(5), 201)
    const odd = { ...BODY, archived: 'yes', metrics: [{ ...METRIC, metric_type: 'meen', sorce: null }], brand_new: 1 }
    await makeClient({ validateRequests: false }).experiments.create(odd as never)
    await makeClient().experiments.create(BODY, {
      extraBody: { metrics: [{ anything: true }], brand_new: { nested: [1] } },
    })
    expect(sent.map((request) => JSON.parse(request.body))).toEqual([
      odd,
      { ...BODY, metrics: [{ anything: true }], brand_new: { nested: [1] } },
    ])
    const listed = api.answer('get', 'experiments/', { count: 0, next: null, previous: null, results: [] })
    await makeClient().experiments.list({ limit: 5 }, { extraQuery: { brand_new: 'x' } })
    expect(listed[0]!.url.searchParams.get('brand_new')).toBe('x')
  })

  it('a bad validateRequests is an InvalidArgumentError naming it', () => {
    expect(() => makeClient({ validateRequests: 'no' as never })).toThrow(/validateRequests/)
  })

  it('a query with dates and lists is checked as the caller wrote it', async () => {
    const sent = api.answer('get', `surveys/${SURVEY}/responses/`, { results: [], has_more: false })
    await makeClient()
      .surveys.responses(SURVEY, { since: new Date('2026-01-01T00:00:00Z'), exclude_archived: false, limit: 10 })
      .toArray()
    expect(sent).toHaveLength(1)
    const defs = api.answer('get', 'event_definitions/', { count: 0, next: null, previous: null, results: [] })
    await makeClient().eventDefinitions.list({ excluded_properties: ['$pageview'], tags: [] })
    expect(defs[0]!.url.searchParams.get('excluded_properties')).toBe('["$pageview"]')
  })

  it('a list checks its arguments once, not on every page', async () => {
    let pages = 0
    api.serve('get', 'experiments/', (request) => {
      pages++
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0)
      const next =
        offset < 4 ? `https://us.posthog.com/api/projects/42/experiments/?limit=2&offset=${offset + 2}` : null
      return Response.json({
        count: 6,
        next,
        previous: null,
        results: [experiment(offset + 1), experiment(offset + 2)],
      })
    })
    expect(await makeClient().experiments.list({ limit: 2 }).toArray()).toHaveLength(6)
    expect(pages).toBe(3)
  })
})
