import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, ProjectClient } from '../../src/index.js'
import { API_KEY } from '../helpers/msw-server.js'

/** Every request reaching this fetch is a failure of the test. */
const requests: string[] = []
const fetch: typeof globalThis.fetch = async (input) => {
  requests.push((input as Request).url)
  return new Response('{}', { status: 200 })
}
const client = new ProjectClient({ apiKey: API_KEY, projectId: 1, fetch, maxRetries: 0 })
const { experiments: ex, hogFunctions: hog, surveys: sv, endpoints: ep, eventDefinitions: ed } = client
// Plain JavaScript callers can pass anything: the casts stand for them.
const any = <T>(value: unknown) => value as T

type Row = [string, () => PromiseLike<unknown>, string]
const rows: Row[] = [
  // experiments
  ['experiments.list NaN limit', () => ex.list({ limit: Number.NaN }), 'params.limit'],
  ['experiments.list negative offset', () => ex.list({ offset: -1 }), 'params.offset'],
  ['experiments.list params not an object', () => ex.list(any('limit=1')), 'params'],
  ['experiments.create no body', () => ex.create(any(undefined)), 'body'],
  ['experiments.create string body', () => ex.create(any('{}')), 'body'],
  ['experiments.retrieve empty id', () => ex.retrieve(any('')), 'id'],
  ['experiments.retrieve negative id', () => ex.retrieve(-3), 'id'],
  ['experiments.retrieve fractional id', () => ex.retrieve(2.5), 'id'],
  ['experiments.retrieve NaN id', () => ex.retrieve(Number.NaN), 'id'],
  ['experiments.update object id', () => ex.update(any({}), {}), 'id'],
  ['experiments.update null body', () => ex.update(1, any(null)), 'body'],
  ['experiments.delete string id', () => ex.delete(any('x')), 'id'],
  ['experiments.launch bad start_date', () => ex.launch(1, any({ start_date: 'tomorrow' })), 'params.start_date'],
  ['experiments.end invalid Date', () => ex.end(1, { end_date: new Date(Number.NaN) }), 'params.end_date'],
  ['experiments.archive string id', () => ex.archive(any('x')), 'id'],
  ['experiments.softDelete undefined id', () => ex.softDelete(any(undefined)), 'id'],
  ['experiments.createExposureCohort array body', () => ex.createExposureCohort(1, any([])), 'body'],
  ['experiments.duplicate bad id', () => ex.duplicate(any(null)), 'id'],
  ['experiments.recalculateTimeseries no metric', () => ex.recalculateTimeseries(1, any({ fingerprint: 'f' })), 'body.metric'],
  ['experiments.recalculateTimeseries no fingerprint', () => ex.recalculateTimeseries(1, any({ metric: {} })), 'body.fingerprint'],
  ['experiments.timeseriesResults no params', () => ex.timeseriesResults(1, any(undefined)), 'params.metric_uuid'],
  ['experiments.eligibleFeatureFlags negative limit', () => ex.eligibleFeatureFlags({ limit: -20 }), 'params.limit'],
  ['experiments.requiresFlagImplementation bad options', () => ex.requiresFlagImplementation(any({ signal: 'stop' })), 'options.signal'],
  ['experiments.stats bad timeout', () => ex.stats({ timeout: Number.NaN }), 'options.timeout'],
  ['experiments.results metrics not a list', () => ex.results(1, any({ metrics: 'conversion' })), 'params.metrics'],
  // hog functions
  ['hogFunctions.list NaN offset', () => hog.list({ offset: Number.NaN }), 'params.offset'],
  ['hogFunctions.list object type', () => hog.list(any({ type: { a: 1 } })), 'params.type'],
  ['hogFunctions.create no body', () => hog.create(any(undefined)), 'body'],
  ['hogFunctions.retrieve empty id', () => hog.retrieve(''), 'id'],
  ['hogFunctions.retrieve dot-dot id', () => hog.retrieve('..'), 'id'],
  ['hogFunctions.update array body', () => hog.update('a', any([])), 'body'],
  ['hogFunctions.delete empty id', () => hog.delete(''), 'id'],
  ['hogFunctions.softDelete object id', () => hog.softDelete(any({})), 'id'],
  ['hogFunctions.broadcast empty id', () => hog.broadcast(''), 'id'],
  ['hogFunctions.invocations no body', () => hog.invocations('a', any(undefined)), 'body'],
  ['hogFunctions.logs negative limit', () => hog.logs('a', { limit: -1 }), 'params.limit'],
  ['hogFunctions.metrics empty id', () => hog.metrics(''), 'id'],
  ['hogFunctions.metricsTotals empty id', () => hog.metricsTotals(''), 'id'],
  ['hogFunctions.icon params not an object', () => hog.icon(any(5)), 'params'],
  ['hogFunctions.icons params not an object', () => hog.icons(any('q')), 'params'],
  ['hogFunctions.rearrange no orders', () => hog.rearrange(any({})), 'body.orders'],
  // surveys
  ['surveys.list negative limit', () => sv.list({ limit: -1 }), 'params.limit'],
  ['surveys.create no body', () => sv.create(any(undefined)), 'body'],
  ['surveys.retrieve empty id', () => sv.retrieve(''), 'id'],
  ['surveys.update number body', () => sv.update('s', any(3)), 'body'],
  ['surveys.delete empty id', () => sv.delete(''), 'id'],
  ['surveys.launch bad start_date', () => sv.launch('s', any({ start_date: 42 })), 'params.start_date'],
  ['surveys.stop params not an object', () => sv.stop('s', any('now')), 'params'],
  ['surveys.resume empty id', () => sv.resume(''), 'id'],
  ['surveys.archive null id', () => sv.archive(any(null)), 'id'],
  ['surveys.activity NaN page', () => sv.activity('s', { page: Number.NaN }), 'params.page'],
  ['surveys.allActivity negative limit', () => sv.allActivity({ limit: -5 }), 'params.limit'],
  ['surveys.archivedResponseUuids empty id', () => sv.archivedResponseUuids(''), 'id'],
  ['surveys.duplicateToProjects empty targets', () => sv.duplicateToProjects('s', { target_team_ids: [] }), 'body.target_team_ids'],
  ['surveys.archiveResponse empty response uuid', () => sv.archiveResponse('s', ''), 'responseUuid'],
  ['surveys.unarchiveResponse empty survey id', () => sv.unarchiveResponse('', 'r'), 'id'],
  ['surveys.stats object date', () => sv.stats('s', any({ date_from: {} })), 'params.date_from'],
  ['surveys.allStats params not an object', () => sv.allStats(any([])), 'params'],
  ['surveys.summarizeResponses empty id', () => sv.summarizeResponses(''), 'id'],
  ['surveys.summaryHeadline empty id', () => sv.summaryHeadline(''), 'id'],
  ['surveys.responsesCount empty survey_ids', () => sv.responsesCount({ survey_ids: [] }), 'params.survey_ids'],
  ['surveys.responses limit over 500', () => sv.responses('s', { limit: 501 }), 'params.limit'],
  // endpoints
  ['endpoints.list negative offset', () => ep.list({ offset: -1 }), 'params.offset'],
  ['endpoints.create no body', () => ep.create(any(undefined)), 'body'],
  ['endpoints.retrieve empty name', () => ep.retrieve(''), 'name'],
  ['endpoints.update empty name', () => ep.update('', {}), 'name'],
  ['endpoints.delete dot name', () => ep.delete('.'), 'name'],
  ['endpoints.materializationStatus empty name', () => ep.materializationStatus(''), 'name'],
  ['endpoints.run empty name', () => ep.run(''), 'name'],
  ['endpoints.runGet empty name', () => ep.runGet(''), 'name'],
  ['endpoints.versions empty name', () => ep.versions(''), 'name'],
  ['endpoints.version zero', () => ep.version('n', 0), 'versionNumber'],
  ['endpoints.lastExecutionTimes empty names', () => ep.lastExecutionTimes({ names: [] }), 'body.names'],
  // event definitions
  ['eventDefinitions.list negative limit', () => ed.list({ limit: -1 }), 'params.limit'],
  ['eventDefinitions.create no body', () => ed.create(any(undefined)), 'body'],
  ['eventDefinitions.retrieve empty id', () => ed.retrieve(''), 'id'],
  ['eventDefinitions.update null body', () => ed.update('e', any(null)), 'body'],
  ['eventDefinitions.delete empty id', () => ed.delete(''), 'id'],
  ['eventDefinitions.metrics empty id', () => ed.metrics(''), 'id'],
  ['eventDefinitions.golang bad maxRetries', () => ed.golang({ maxRetries: -1 }), 'options.maxRetries'],
  ['eventDefinitions.python bad headers', () => ed.python(any({ headers: { a: 1 } })), 'options.headers.a'],
  ['eventDefinitions.typescript options not an object', () => ed.typescript(any('x')), 'options'],
]

describe('bad input is an InvalidArgumentError naming the argument, with zero requests', () => {
  it.each(rows)('%s', async (_name, call, argument) => {
    const before = requests.length
    const error = await Promise.resolve(call()).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe(argument)
    expect((error as Error).message).toContain(argument)
    expect(requests.length).toBe(before)
  })

  it('covers every public method of every group', () => {
    const methods = (resource: object) =>
      Object.getOwnPropertyNames(Object.getPrototypeOf(resource)).filter((name) => name !== 'constructor')
    const covered = new Set(rows.map(([name]) => name.split(' ')[0]))
    for (const [group, resource] of Object.entries({ experiments: ex, hogFunctions: hog, surveys: sv, endpoints: ep, eventDefinitions: ed })) {
      for (const method of methods(resource)) expect(covered, `${group}.${method}`).toContain(`${group}.${method}`)
    }
  })
})
