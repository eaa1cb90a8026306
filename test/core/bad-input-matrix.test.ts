import { afterAll, describe, expect, it } from 'vitest'
import { InvalidArgumentError, ProjectClient, type ClientOptions } from '../../src/index.js'
import { API_KEY } from '../helpers/msw-server.js'
import { stubFetch } from '../helpers/stub-fetch.js'

/**
 * The bad-input table, generated: every argument of every public method gets every bad value of its kind
 * (plain JavaScript callers can pass anything), one position at a time, the others valid; then the bad
 * values inside specific arguments. Each must be an InvalidArgumentError naming the argument, with zero
 * requests sent. The valid baseline of each method sends exactly one request, so it is the bad value that
 * is refused.
 */

const { fetch, urls: sent } = stubFetch()
const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 0 })

type Kind =
  | 'intId'
  | 'strId'
  | 'version'
  | 'params'
  | 'startDate'
  | 'endDate'
  | 'listParams'
  | 'body'
  | 'optionalBody'
  | 'options'
/** One argument of a method: the kinds of bad value it gets, its name in errors, and a valid value. */
type Arg = [kinds: Kind[], name: string, valid: unknown]

const lone = '\uD800'
const BAD: Record<Kind, Array<[label: string, value: unknown, argument?: string]>> = {
  intId: [
    ['empty string', ''],
    ['negative', -1],
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['unsafe integer', 2 ** 53],
    ['non-digit string', '12a'],
    ['decimal string', '1.5'],
    ['negative string', '-1'],
    ['null', null],
    ['undefined', undefined],
    ['object', {}],
    ['array', [1]],
    ['boolean', true],
    ['bigint', 1n],
  ],
  strId: [
    ['empty string', ''],
    ['dot', '.'],
    ['dot-dot', '..'],
    ['lone surrogate', `a${lone}`],
    ['negative number', -1],
    ['fractional number', 1.5],
    ['NaN', Number.NaN],
    ['null', null],
    ['undefined', undefined],
    ['object', { id: 'x' }],
    ['array', ['x']],
    ['boolean', false],
    ['function', () => 'x'],
  ],
  version: [
    ['zero', 0],
    ['negative', -2],
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['empty string', ''],
    ['word', 'latest'],
    ['null', null],
    ['object', {}],
  ],
  params: [
    ['string', 'limit=1'],
    ['number', 5],
    ['array', []],
    ['null', null],
    ['boolean', true],
    ['object value', { x: { nested: 1 } }, '.x'],
    ['function value', { x: () => 1 }, '.x'],
    ['NaN value', { x: Number.NaN }, '.x'],
    ['invalid Date value', { x: new Date(Number.NaN) }, '.x'],
  ],
  startDate: [
    ['string', '2026-01-01'],
    ['array', []],
    ['null', null],
    ['unreadable start_date', { start_date: 'next tuesday' }, '.start_date'],
    ['invalid Date start_date', { start_date: new Date(Number.NaN) }, '.start_date'],
    ['number start_date', { start_date: 1_700_000_000 }, '.start_date'],
  ],
  endDate: [
    ['string', '2026-01-01'],
    ['number', 5],
    ['null', null],
    ['unreadable end_date', { end_date: 'soon' }, '.end_date'],
    ['invalid Date end_date', { end_date: new Date(Number.NaN) }, '.end_date'],
  ],
  listParams: [
    ['NaN limit', { limit: Number.NaN }, '.limit'],
    ['negative limit', { limit: -1 }, '.limit'],
    ['fractional limit', { limit: 2.5 }, '.limit'],
    ['string limit', { limit: '10' }, '.limit'],
    ['Infinity limit', { limit: Number.POSITIVE_INFINITY }, '.limit'],
    ['NaN offset', { offset: Number.NaN }, '.offset'],
    ['negative offset', { offset: -100 }, '.offset'],
    ['string offset', { offset: '0' }, '.offset'],
    ['fractional offset', { offset: 0.5 }, '.offset'],
  ],
  body: [
    ['undefined', undefined],
    ['null', null],
    ['string', '{"name":"x"}'],
    ['number', 1],
    ['array', [{}]],
    ['boolean', true],
  ],
  optionalBody: [
    ['null', null],
    ['string', '{}'],
    ['number', 0],
    ['array', []],
  ],
  options: [
    ['string', 'fast'],
    ['number', 1000],
    ['array', []],
    ['null', null],
    ['signal not an AbortSignal', { signal: { aborted: false } }, '.signal'],
    ['NaN timeout', { timeout: Number.NaN }, '.timeout'],
    ['zero timeout', { timeout: 0 }, '.timeout'],
    ['negative timeout', { timeout: -5 }, '.timeout'],
    ['Infinity timeout', { timeout: Number.POSITIVE_INFINITY }, '.timeout'],
    ['string timeout', { timeout: '100' }, '.timeout'],
    ['negative maxRetries', { maxRetries: -1 }, '.maxRetries'],
    ['fractional maxRetries', { maxRetries: 1.5 }, '.maxRetries'],
    ['too many maxRetries', { maxRetries: 11 }, '.maxRetries'],
    ['headers not an object', { headers: 'x-a: 1' }, '.headers'],
    ['header not a string', { headers: { 'x-a': 1 } }, '.headers.x-a'],
  ],
}

const id = (name = 'id'): Arg => [['strId'], name, 'abc']
const opts: Arg = [['options'], 'options', { timeout: 1000 }]
const params = (valid: unknown = { search: 'x' }): Arg => [['params'], 'params', valid]
const list = (valid: unknown = { limit: 10, offset: 0 }): Arg => [['params', 'listParams'], 'params', valid]
const body = (valid: unknown = { name: 'x' }): Arg => [['body'], 'body', valid]
const optionalBody: Arg = [['optionalBody'], 'body', {}]
const experimentId: Arg = [['intId'], 'id', 7]

/** Every public method with its arguments in order. */
const METHODS: Record<string, { call: (...args: unknown[]) => PromiseLike<unknown>; args: Arg[] }> = {}
function method(group: keyof ProjectClient & string, name: string, args: Arg[]) {
  const resource = client[group] as unknown as Record<string, (...args: unknown[]) => PromiseLike<unknown>>
  METHODS[`${group}.${name}`] = { call: (...values) => resource[name]!.call(resource, ...values), args }
}

method('experiments', 'list', [list(), opts])
method('experiments', 'listIncludingArchived', [list(), opts])
method('experiments', 'listIncludingArchived', [list(), opts])
method('experiments', 'create', [body({ name: 'x', feature_flag_key: 'x' }), opts])
method('experiments', 'retrieve', [experimentId, opts])
method('experiments', 'update', [experimentId, body(), opts])
method('experiments', 'delete', [experimentId, opts])
method('experiments', 'launch', [experimentId, [['startDate'], 'params', { start_date: new Date() }], opts])
method('experiments', 'end', [
  experimentId,
  [['endDate'], 'params', { end_date: '2026-11-23T10:00:00Z', conclusion: 'won' }],
  opts,
])
method('experiments', 'archive', [experimentId, opts])
method('experiments', 'softDelete', [experimentId, opts])
method('experiments', 'createExposureCohort', [experimentId, optionalBody, opts])
method('experiments', 'duplicate', [experimentId, optionalBody, opts])
method('experiments', 'recalculateTimeseries', [
  experimentId,
  body({
    metric: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } },
    fingerprint: 'f',
  }),
  opts,
])
method('experiments', 'timeseriesResults', [experimentId, params({ metric_uuid: 'm', fingerprint: 'f' }), opts])
method('experiments', 'eligibleFeatureFlags', [list(), opts])
method('experiments', 'requiresFlagImplementation', [opts])
method('experiments', 'stats', [opts])
method('experiments', 'results', [experimentId, [['optionalBody'], 'params', { metrics: ['m'] }], opts])

method('hogFunctions', 'list', [list(), opts])
method('hogFunctions', 'create', [body(), opts])
method('hogFunctions', 'retrieve', [id(), opts])
method('hogFunctions', 'update', [id(), body(), opts])
method('hogFunctions', 'delete', [id(), opts])
method('hogFunctions', 'softDelete', [id(), opts])
method('hogFunctions', 'broadcast', [id(), optionalBody, opts])
method('hogFunctions', 'invocations', [id(), body({ configuration: {} }), opts])
method('hogFunctions', 'logs', [id(), list({ limit: 10 }), opts])
method('hogFunctions', 'metrics', [id(), params({ interval: 'day' }), opts])
method('hogFunctions', 'metricsTotals', [id(), params({ interval: 'day' }), opts])
method('hogFunctions', 'icon', [params({ id: 'x' }), opts])
method('hogFunctions', 'icons', [params({ query: 'x' }), opts])
method('hogFunctions', 'rearrange', [body({ orders: { a: 1 } }), opts])

method('surveys', 'list', [list(), opts])
method('surveys', 'create', [body({ name: 'x', type: 'popover' }), opts])
method('surveys', 'retrieve', [id(), opts])
method('surveys', 'update', [id(), body(), opts])
method('surveys', 'delete', [id(), opts])
method('surveys', 'launch', [id(), [['startDate'], 'params', { start_date: '2026-11-23T10:00:00Z' }], opts])
method('surveys', 'stop', [id(), [['endDate'], 'params', { end_date: new Date() }], opts])
method('surveys', 'resume', [id(), opts])
method('surveys', 'archive', [id(), opts])
method('surveys', 'activity', [id(), list({ limit: 10, page: 1 }), opts])
method('surveys', 'allActivity', [list({ limit: 10, page: 1 }), opts])
method('surveys', 'archivedResponseUuids', [id(), opts])
method('surveys', 'duplicateToProjects', [id(), body({ target_team_ids: [2] }), opts])
method('surveys', 'archiveResponse', [id(), id('responseUuid'), opts])
method('surveys', 'unarchiveResponse', [id(), id('responseUuid'), opts])
method('surveys', 'stats', [id(), params({ date_from: '2024-01-01' }), opts])
method('surveys', 'allStats', [params({ date_from: '2024-01-01' }), opts])
method('surveys', 'summarizeResponses', [id(), optionalBody, opts])
method('surveys', 'summaryHeadline', [id(), optionalBody, opts])
method('surveys', 'responsesCount', [params({ survey_ids: ['a'] }), opts])
method('surveys', 'responses', [id(), list({ limit: 10, offset: 0, question_id: 'q', score_gte: 7 }), opts])

method('endpoints', 'list', [list(), opts])
method('endpoints', 'create', [body({ name: 'x', query: { kind: 'HogQLQuery', query: 'select 1' } }), opts])
method('endpoints', 'retrieve', [id('name'), opts])
method('endpoints', 'update', [id('name'), body(), opts])
method('endpoints', 'delete', [id('name'), opts])
method('endpoints', 'materializationStatus', [id('name'), opts])
method('endpoints', 'run', [id('name'), optionalBody, opts])
method('endpoints', 'runGet', [id('name'), params({ version: 1 }), opts])
method('endpoints', 'versions', [id('name'), opts])
method('endpoints', 'version', [id('name'), [['version'], 'versionNumber', 2], opts])
method('endpoints', 'lastExecutionTimes', [body({ names: ['a'] }), opts])

method('eventDefinitions', 'list', [list(), opts])
method('eventDefinitions', 'create', [body({ name: 'x' }), opts])
method('eventDefinitions', 'retrieve', [id(), opts])
method('eventDefinitions', 'update', [id(), body(), opts])
method('eventDefinitions', 'delete', [id(), opts])
method('eventDefinitions', 'metrics', [id(), opts])
method('eventDefinitions', 'golang', [opts])
method('eventDefinitions', 'python', [opts])
method('eventDefinitions', 'typescript', [opts])
method('experiments', 'shipVariant', [experimentId, body({ variant_key: 'test' }), opts])
for (const [group, create] of [
  ['featureFlags', { key: 'x' }],
  ['cohorts', { name: 'x' }],
  ['actions', { name: 'x' }],
  ['holdouts', { name: 'x', filters: [] }],
  [
    'savedMetrics',
    {
      name: 'x',
      query: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } },
    },
  ],
] as const) {
  method(group, 'list', [list(), opts])
  method(group, 'create', [body(create), opts])
  method(group, 'retrieve', [experimentId, opts])
  method(group, 'update', [experimentId, body(), opts])
  method(group, 'delete', [experimentId, opts])
}
for (const group of ['featureFlags', 'cohorts', 'actions'] as const) method(group, 'softDelete', [experimentId, opts])
method('featureFlags', 'enable', [experimentId, opts])
method('featureFlags', 'disable', [experimentId, opts])
method('actions', 'references', [experimentId, opts])

/** Bad values inside specific arguments, beyond the kinds above (the "empty names list", …). */
const SPECIFIC: Array<[method: string, args: unknown[], argument: string]> = [
  ['experiments.listIncludingArchived', [{ archived: false }], 'params.archived'],
  ['endpoints.lastExecutionTimes', [{ names: [] }], 'body.names'],
  ['endpoints.lastExecutionTimes', [{ names: 'a' }], 'body.names'],
  ['endpoints.lastExecutionTimes', [{}], 'body.names'],
  ['endpoints.lastExecutionTimes', [{ names: [''] }], 'body.names[0]'],
  ['endpoints.lastExecutionTimes', [{ names: ['a', 2] }], 'body.names[1]'],
  ['surveys.responsesCount', [{ survey_ids: [] }], 'params.survey_ids'],
  ['surveys.responsesCount', [{ survey_ids: [null] }], 'params.survey_ids'],
  ['surveys.duplicateToProjects', ['s', { target_team_ids: [] }], 'body.target_team_ids'],
  ['surveys.duplicateToProjects', ['s', { target_team_ids: [0] }], 'body.target_team_ids[0]'],
  ['surveys.duplicateToProjects', ['s', { target_team_ids: ['2'] }], 'body.target_team_ids[0]'],
  ['surveys.summarizeResponses', ['s', { question_index: -1 }], 'body.question_index'],
  ['surveys.summarizeResponses', ['s', { question_id: '' }], 'body.question_id'],
  ['experiments.recalculateTimeseries', [1, { metric: 'm', fingerprint: 'f' }], 'body.metric'],
  [
    'experiments.recalculateTimeseries',
    [
      1,
      {
        metric: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } },
        fingerprint: '',
      },
    ],
    'body.fingerprint',
  ],
  ['experiments.recalculateTimeseries', [1, { fingerprint: 'f' }], 'body.metric'],
  [
    'experiments.recalculateTimeseries',
    [
      1,
      { metric: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } } },
    ],
    'body.fingerprint',
  ],
  ['experiments.timeseriesResults', [1, { fingerprint: 'f' }], 'params.metric_uuid'],
  ['experiments.timeseriesResults', [1, { metric_uuid: 'm' }], 'params.fingerprint'],
  ['experiments.timeseriesResults', [1, undefined], 'params.metric_uuid'],
  ['experiments.list', [{ created_by_id: -1 }], 'params.created_by_id'],
  ['surveys.allActivity', [{ page: Number.NaN }], 'params.page'],
  ['surveys.activity', ['s', { page: Number.NaN }], 'params.page'],
  ['surveys.stats', ['s', { date_from: {} }], 'params.date_from'],
  ['hogFunctions.list', [{ type: { a: 1 } }], 'params.type'],
  ['hogFunctions.invocations', ['h', {}], 'body.configuration'],
  ['hogFunctions.rearrange', [{}], 'body.orders'],
  ['hogFunctions.rearrange', [{ orders: {} }], 'body.orders'],
  ['hogFunctions.rearrange', [{ orders: { a: 1.5 } }], 'body.orders.a'],
  ['eventDefinitions.create', [{}], 'body.name'],
  ['surveys.responses', ['s', { limit: 0 }], 'params.limit'],
  ['surveys.responses', ['s', { limit: 501 }], 'params.limit'],
  ['surveys.responses', ['s', { score_lte: 3 }], 'params.score_lte'],
  ['surveys.responses', ['s', { until: 'later' }], 'params.until'],
  ['experiments.results', [1, { metrics: [''] }], 'params.metrics[0]'],
  ['experiments.results', [1, { metrics: 'm' }], 'params.metrics'],
]

interface Case {
  title: string
  method: string
  args: unknown[]
  argument: string
}

const cases: Case[] = []
for (const [name, { args }] of Object.entries(METHODS)) {
  const valid = args.map(([, , value]) => value)
  args.forEach(([kinds, argName], position) => {
    for (const [label, value, suffix] of kinds.flatMap((kind) => BAD[kind])) {
      const values = [...valid]
      values[position] = value
      cases.push({
        title: `${name} ${argName} ${label}`,
        method: name,
        args: values,
        argument: `${argName}${suffix ?? ''}`,
      })
    }
  })
}
for (const [name, args, argument] of SPECIFIC) {
  cases.push({ title: `${name} ${argument} ${JSON.stringify(args)}`, method: name, args, argument })
}

/** The valid arguments of each method. */
function validArgs(name: string): unknown[] {
  return METHODS[name]!.args.map(([, , value]) => value)
}

describe(`bad input, generated: ${cases.length} bad values over every argument of every public method`, () => {
  afterAll(() => {
    console.log(
      `[reliability] bad input: ${cases.length} bad inputs over ${Object.keys(METHODS).length} methods, ` +
        `requests sent 0`,
    )
  })

  it('covers every public method of every resource', () => {
    for (const group of [
      'experiments',
      'hogFunctions',
      'surveys',
      'endpoints',
      'eventDefinitions',
      'featureFlags',
      'cohorts',
      'actions',
      'holdouts',
      'savedMetrics',
    ] as const) {
      const resource = client[group]
      for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(resource))) {
        // `toCreateParams` sends nothing: test/resources/to-create-params.test.ts covers it.
        if (name !== 'constructor' && name !== 'toCreateParams')
          expect(Object.keys(METHODS)).toContain(`${group}.${name}`)
      }
    }
  })

  it.each(Object.keys(METHODS))('%s with valid arguments sends exactly one request', async (name) => {
    const before = sent.length
    const error = await Promise.resolve(METHODS[name]!.call(...validArgs(name))).then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).not.toBeInstanceOf(InvalidArgumentError)
    expect(sent.length - before).toBe(1)
  })

  it.each(cases)('$title', async ({ method: name, args, argument }) => {
    const before = sent.length
    const error = await Promise.resolve(METHODS[name]!.call(...args)).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe(argument)
    expect((error as Error).message).toContain(`\`${argument}\``)
    expect((error as Error).message).not.toContain(API_KEY)
    expect(sent.length).toBe(before)
  })
})

describe('bad client options', () => {
  const base: ClientOptions = { apiKey: API_KEY, projectId: 1, fetch }
  it.each<[string, Partial<Record<keyof ClientOptions, unknown>>, string]>([
    ['unknown endpointsPrefix', { endpointsPrefix: 'teams' }, 'endpointsPrefix'],
    ['empty endpointsPrefix', { endpointsPrefix: '' }, 'endpointsPrefix'],
    ['capitalised endpointsPrefix', { endpointsPrefix: 'Projects' }, 'endpointsPrefix'],
    ['numeric endpointsPrefix', { endpointsPrefix: 1 }, 'endpointsPrefix'],
    ['NaN timeout', { timeout: Number.NaN }, 'timeout'],
    ['fractional maxRetries', { maxRetries: 0.5 }, 'maxRetries'],
    ['projectId zero', { projectId: 0 }, 'projectId'],
    ['projectId fractional', { projectId: 1.5 }, 'projectId'],
    ['projectId path', { projectId: '1/../2' }, 'projectId'],
    ['empty apiKey', { apiKey: '' }, 'apiKey'],
    ['baseUrl with credentials', { baseUrl: 'https://user:pass@us.posthog.com' }, 'baseUrl'],
  ])('%s is an InvalidArgumentError naming the option, and no request', (_label, override, argument) => {
    const before = sent.length
    let error: unknown
    try {
      new ProjectClient({ ...base, ...(override as Partial<ClientOptions>) })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe(argument)
    expect(sent.length).toBe(before)
  })

  it(
    'toArray({ max }) with a bad max is an InvalidArgumentError naming max; the first page, already sent, fails ' +
      'quietly',
    async () => {
      // This fetch answers `{}`, so every first page here fails: its failure must not escape as an
      // unhandled rejection (Node's default ends the process) when toArray never reads it.
      const unhandled: unknown[] = []
      const onUnhandled = (reason: unknown) => unhandled.push(reason)
      process.on('unhandledRejection', onUnhandled)
      try {
        const before = sent.length
        for (const max of [Number.NaN, -1, '3']) {
          const error = await client.experiments
            .list()
            .toArray({ max: max as number })
            .catch((e: unknown) => e)
          expect(error).toBeInstanceOf(InvalidArgumentError)
          expect((error as InvalidArgumentError).argument).toBe('max')
        }
        expect(await client.experiments.list().toArray({ max: 0 })).toEqual([])
        // `list()` sends its first request at once; toArray refuses before reading any page, so nothing more.
        expect(sent.length - before).toBe(4)
        await new Promise((resolve) => setTimeout(resolve, 50))
        expect(unhandled).toEqual([])
      } finally {
        process.off('unhandledRejection', onUnhandled)
      }
    },
  )
})
