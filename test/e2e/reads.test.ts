import { describe, expect, it } from 'vitest'
import { TimeoutError } from 'posthog-project-client'
import { useE2E } from '../helpers/fake-server.js'

/**
 * The reads of issue 22 over a real socket (docs/service-behaviour.md §10): a response archived from what
 * `surveys.responses` gave is left out by `exclude_archived`, on a service with the endpoint and on one
 * without it (the query-API fallback); experiment results; a query polled to completion.
 */

const questions = [{ id: 'q-1', type: 'open', question: 'What should we build next?' }]

describe.each([
  ['with the responses endpoint', {}],
  ['without it (an older service)', { unavailable: ['surveys.responses' as const] }],
])('archiving from surveys.responses, %s', (_, options) => {
  const e2e = useE2E(options, 'test')

  it('archiveResponse takes a row’s uuid, and exclude_archived then leaves that row out', async () => {
    const client = e2e.client({ maxRetries: 0 })
    const [survey] = e2e.fake.seed.surveys([{ name: 'Roadmap', questions }])
    e2e.fake.seed.surveyResponses(
      survey!.id,
      ['Dark mode', 'spam spam spam', 'An API'].map((answer) => ({ answers: { 'q-1': answer } })),
    )

    const rows = await client.surveys.responses(survey!.id).toArray()
    const spam = rows.find((row) => row.answers[0]?.answer === 'spam spam spam')!
    expect(await client.surveys.archiveResponse(survey!.id, spam.uuid)).toBe(200)

    const kept = await client.surveys.responses(survey!.id, { exclude_archived: true }).toArray()
    expect(kept.map((row) => row.answers[0]!.answer)).toEqual(['An API', 'Dark mode'])
    // Archived responses stay in the default read, as on the service.
    expect((await client.surveys.responses(survey!.id).toArray()).map((row) => row.uuid)).toEqual(
      rows.map((row) => row.uuid),
    )
    expect(await client.surveys.archivedResponseUuids(survey!.id)).toEqual([spam.uuid])
    expect(e2e.fake.requests.every((request) => request.url.startsWith(e2e.server.url))).toBe(true)
  })
})

describe('experiment results and queries over a socket', () => {
  const e2e = useE2E()

  it('reads each metric with one query and derives the values', async () => {
    const client = e2e.client({ maxRetries: 0 })
    const metric = { kind: 'ExperimentMetric', metric_type: 'funnel', uuid: 'signup', name: 'Signup', series: [] }
    const [experiment] = e2e.fake.seed.experiments([{ metrics: [metric] }])
    e2e.fake.seed.experimentData(experiment!.id, {
      control: { exposures: 1000, conversions: 100 },
      test: { exposures: 1000, conversions: 130 },
    })
    const before = e2e.fake.requests.length

    const [signup] = (await client.experiments.results(experiment!.id)).metrics

    expect(signup!.variants[0]).toMatchObject({ key: 'test', value: 0.13, significant: true, winning: true })
    expect(e2e.fake.requests.slice(before).map((request) => request.operation)).toEqual([
      'experiments.retrieve',
      'query.run',
    ])
  })

  it('polls an async query until it is done, and gives up at the timeout', async () => {
    const client = e2e.client({ maxRetries: 0 })
    const before = e2e.fake.requests.length
    const { data, response } = await client
      .query<[number]>({ kind: 'HogQLQuery', query: 'SELECT {n} AS n', values: { n: 5 } }, { refresh: 'async' })
      .withResponse()
    expect(data.results).toEqual([[5]])
    expect(response.status).toBe(200)
    expect(e2e.fake.requests.slice(before).map((request) => `${request.method} ${request.status}`)).toEqual([
      'POST 202',
      'GET 202',
      'GET 200',
    ])

    // The first status read comes 250 ms after the 202: past a 200 ms timeout, the call gives up rather than read it.
    const error = await client
      .query({ kind: 'HogQLQuery', query: 'SELECT 1' }, { refresh: 'async', timeout: 200 })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toMatch(/^query [0-9a-f]{32} still running after 200 ms$/)
  })
})
