import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, OPERATIONS, ProjectClient, type OperationId } from '../../src/index.js'
import { API_KEY } from '../helpers/msw-server.js'
import { EMPTY_PAGE, jsonResponse, stubFetch } from '../helpers/stub-fetch.js'

/**
 * properties.test.ts checks odd ids on `surveys.retrieve`; this checks every method with a path
 * parameter (one or two of them, string or integer, under both endpoints prefixes): however odd the id,
 * the request goes to the operation's own path on the configured origin, with the id as one segment.
 */

const BASE = 'https://us.posthog.com'
// A body every decoder takes with validation off (lists need `results`).
const { fetch, urls } = stubFetch(() => jsonResponse(EMPTY_PAGE))
const clients = {
  projects: new ProjectClient({
    apiKey: API_KEY,
    projectId: 1,
    baseUrl: BASE,
    fetch,
    maxRetries: 0,
    validateResponses: false,
    rateLimit: false,
  }),
  environments: new ProjectClient({
    apiKey: API_KEY,
    projectId: 1,
    baseUrl: BASE,
    fetch,
    maxRetries: 0,
    validateResponses: false,
    endpointsPrefix: 'environments',
    rateLimit: false,
  }),
}
type Client = ProjectClient

/** Each method with path parameters: its operation and a call taking the ids (other arguments valid). */
const STRING_ID: Array<[OperationId, (c: Client, id: string, second: string) => PromiseLike<unknown>]> = [
  ['hogFunctions.retrieve', (c, id) => c.hogFunctions.retrieve(id)],
  ['hogFunctions.update', (c, id) => c.hogFunctions.update(id, {})],
  ['hogFunctions.update', (c, id) => c.hogFunctions.softDelete(id)],
  ['hogFunctions.delete', (c, id) => c.hogFunctions.delete(id)],
  ['hogFunctions.broadcast', (c, id) => c.hogFunctions.broadcast(id)],
  ['hogFunctions.invocations', (c, id) => c.hogFunctions.invocations(id, { configuration: {} })],
  ['hogFunctions.logs', (c, id) => c.hogFunctions.logs(id)],
  ['hogFunctions.metrics', (c, id) => c.hogFunctions.metrics(id)],
  ['hogFunctions.metricsTotals', (c, id) => c.hogFunctions.metricsTotals(id)],
  ['surveys.retrieve', (c, id) => c.surveys.retrieve(id)],
  ['surveys.update', (c, id) => c.surveys.update(id, {})],
  ['surveys.delete', (c, id) => c.surveys.delete(id)],
  ['surveys.activity', (c, id) => c.surveys.activity(id)],
  ['surveys.archivedResponseUuids', (c, id) => c.surveys.archivedResponseUuids(id)],
  ['surveys.duplicateToProjects', (c, id) => c.surveys.duplicateToProjects(id, { target_team_ids: [2] })],
  ['surveys.archiveResponse', (c, id, second) => c.surveys.archiveResponse(id, second)],
  ['surveys.unarchiveResponse', (c, id, second) => c.surveys.unarchiveResponse(id, second)],
  ['surveys.stats', (c, id) => c.surveys.stats(id)],
  ['surveys.summarizeResponses', (c, id) => c.surveys.summarizeResponses(id)],
  ['surveys.summaryHeadline', (c, id) => c.surveys.summaryHeadline(id)],
  ['surveys.responses', (c, id) => c.surveys.responses(id)],
  ['endpoints.retrieve', (c, id) => c.endpoints.retrieve(id)],
  ['endpoints.update', (c, id) => c.endpoints.update(id, {})],
  ['endpoints.delete', (c, id) => c.endpoints.delete(id)],
  ['endpoints.materializationStatus', (c, id) => c.endpoints.materializationStatus(id)],
  ['endpoints.run', (c, id) => c.endpoints.run(id)],
  ['endpoints.runGet', (c, id) => c.endpoints.runGet(id)],
  ['endpoints.versions', (c, id) => c.endpoints.versions(id)],
  ['endpoints.version', (c, id) => c.endpoints.version(id, 3)],
  ['eventDefinitions.retrieve', (c, id) => c.eventDefinitions.retrieve(id)],
  ['eventDefinitions.update', (c, id) => c.eventDefinitions.update(id, {})],
  ['eventDefinitions.delete', (c, id) => c.eventDefinitions.delete(id)],
  ['eventDefinitions.metrics', (c, id) => c.eventDefinitions.metrics(id)],
]
const INTEGER_ID: Array<[OperationId, (c: Client, id: number | string) => PromiseLike<unknown>]> = [
  ['experiments.retrieve', (c, id) => c.experiments.retrieve(id as number)],
  ['experiments.update', (c, id) => c.experiments.update(id as number, {})],
  ['experiments.update', (c, id) => c.experiments.softDelete(id as number)],
  ['experiments.delete', (c, id) => c.experiments.delete(id as number)],
  ['experiments.createExposureCohort', (c, id) => c.experiments.createExposureCohort(id as number)],
  ['experiments.duplicate', (c, id) => c.experiments.duplicate(id as number)],
  [
    'experiments.recalculateTimeseries',
    (c, id) =>
      c.experiments.recalculateTimeseries(id as number, {
        metric: { metric_type: 'mean', source: { kind: 'EventsNode', event: '$pageview' } },
        fingerprint: 'f',
      }),
  ],
  [
    'experiments.timeseriesResults',
    (c, id) => c.experiments.timeseriesResults(id as number, { metric_uuid: 'm', fingerprint: 'f' }),
  ],
  ['endpoints.version', (c, id) => c.endpoints.version('n', id as number)],
]

/** The path segments an operation must hit, with `values` in place of its `{param}`s (decoded). */
function expectedSegments(
  operation: OperationId,
  prefix: 'projects' | 'environments',
  values: Record<string, string>,
): string[] {
  const { path, endpointsPrefix } = OPERATIONS[operation]
  const template = path.split('/').map((segment) => segment.replace(/^\{(\w+)\}$/, (_, name: string) => values[name]!))
  return ['', 'api', endpointsPrefix ? prefix : 'projects', '1', ...template]
}

const oddString = fc.oneof(
  fc.string({
    unit: fc.constantFrom(
      '/',
      '.',
      '?',
      '#',
      '%',
      ' ',
      '\t',
      '\n',
      '\\',
      '&',
      '=',
      '+',
      ';',
      '@',
      ':',
      'é',
      '日',
      '😀',
      '\u200b',
      'a',
      '2',
      'F',
    ),
    maxLength: 10,
  }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom('..%2F', '%2e%2e', '%252F', '../../..', '?x=1', '#top', 'a/../b', ' ', '%', '%%', '\u0000', '..\\..'),
)

let tried = 0
function check(
  before: number,
  error: unknown,
  operation: OperationId,
  prefix: 'projects' | 'environments',
  values: Record<string, string>,
): void {
  tried += 1
  if (error instanceof InvalidArgumentError) {
    // Refused ids: only those no encoding can keep in one segment.
    expect(urls.length).toBe(before)
    const refused = Object.values(values).some(
      (value) => value === '' || value === '.' || value === '..' || !value.isWellFormed(),
    )
    expect(refused, `refused ${JSON.stringify(values)}`).toBe(true)
    return
  }
  expect(error).toBeNull()
  expect(urls.length).toBe(before + 1)
  const url = new URL(urls.at(-1)!)
  expect(url.origin).toBe(BASE)
  expect(url.hash).toBe('')
  expect(url.search).toBe(operation === 'experiments.timeseriesResults' ? '?metric_uuid=m&fingerprint=f' : '')
  // Compared segment by segment, decoded: each id is exactly one segment, the others are the template's.
  expect(url.pathname.split('/').map(decodeURIComponent)).toEqual(expectedSegments(operation, prefix, values))
}

describe('no id, however odd, changes the request path (every method with path parameters)', () => {
  it('string ids, one or two of them, under both endpoints prefixes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...STRING_ID),
        fc.constantFrom<'projects' | 'environments'>('projects', 'environments'),
        oddString,
        oddString,
        async ([operation, call], prefix, id, second) => {
          const before = urls.length
          const error = await Promise.resolve(call(clients[prefix], id, second)).then(
            () => null,
            (e: unknown) => e,
          )
          const values: Record<string, string> = operation.startsWith('endpoints.')
            ? { name: id, versionNumber: '3' }
            : { id }
          if (operation.endsWith('archiveResponse')) values.responseUuid = second
          check(before, error, operation, prefix, values)
        },
      ),
      { numRuns: 1500 },
    )
  })

  it('integer ids: any non-negative integer or its digits, as one segment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...INTEGER_ID),
        fc.oneof(fc.nat(), fc.maxSafeNat(), fc.nat().map(String), fc.stringMatching(/^0*\d{1,15}$/)),
        async ([operation, call], id) => {
          const before = urls.length
          const error = await Promise.resolve(call(clients.projects, id)).then(
            () => null,
            (e: unknown) => e,
          )
          const number = Number(id)
          if (operation === 'endpoints.version' && number === 0) {
            // Version 0 does not exist: refused before sending (bad-input-matrix.test.ts has the rest).
            expect(error).toBeInstanceOf(InvalidArgumentError)
            expect(urls.length).toBe(before)
            return
          }
          const values: Record<string, string> =
            operation === 'endpoints.version' ? { name: 'n', versionNumber: String(number) } : { id: String(number) }
          check(before, error, operation, 'projects', values)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('tried every method', () => {
    expect(tried).toBeGreaterThan(1500)
    console.log(
      `[reliability] path ids: ${tried} odd ids over ${STRING_ID.length + INTEGER_ID.length} methods, none ` +
        `changed the path`,
    )
  })
})
