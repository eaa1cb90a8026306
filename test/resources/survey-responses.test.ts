import { describe, expect, it } from 'vitest'
import {
  InternalServerError,
  InvalidArgumentError,
  NotFoundError,
  ProjectClient,
  type SurveyResponseRow,
} from '../../src/index.js'
import { createFakeApi, type FakeApi, type FakeApiOptions } from '../../src/testing/index.js'

/**
 * `surveys.responses`: its checks, its `has_more` paging, and the query-API fallback of a service without the
 * endpoint (docs/service-behaviour.md §10.1, §10.2), which must give the same rows.
 */

const NOW = new Date('2026-11-20T12:00:00Z')
const QUESTIONS = [
  { id: 'q-score', type: 'rating', question: 'How likely are you to recommend us?', scale: 10 },
  { id: 'q-why', type: 'open', question: 'Why?' },
  { id: 'q-used', type: 'multiple_choice', question: 'What do you use?', choices: ['Insights', 'Surveys', 'Flags'] },
]

/** A fake with one survey and its responses (the same ids in every fake made alike). */
function world(options: FakeApiOptions = {}, count = 6) {
  const fake = createFakeApi({ ...options, now: () => NOW })
  const [survey] = fake.seed.surveys([{ name: 'NPS', questions: QUESTIONS, start_date: '2026-11-01T00:00:00Z' }])
  const responses = fake.seed.surveyResponses(
    survey!.id,
    Array.from({ length: count }, (_, index) => ({
      answers:
        index % 3 === 2
          ? { 'q-used': ['Surveys', 'Flags'] }
          : { 'q-score': index + 3, 'q-why': index % 2 ? `Reason ${index}` : '' },
      session_id: index % 2 ? `session-${index}` : null,
      properties: { $browser: 'Firefox', $survey_iteration: 1 },
    })),
  )
  const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
  return { fake, client, survey: survey!, responses }
}

const sent = (fake: FakeApi) => fake.requests.map((request) => `${request.operation} ${request.status}`)

describe('surveys.responses', () => {
  it('gives one row per response, newest first, with answers resolved', async () => {
    const { client, survey, responses } = world()
    const rows = await client.surveys.responses(survey.id).toArray()
    expect(rows.map((row) => row.uuid)).toEqual(responses.map((response) => response.uuid).reverse())
    expect(rows.at(-1)).toEqual({
      uuid: responses[0]!.uuid,
      distinct_id: 'respondent-1',
      session_id: null,
      submitted_at: responses[0]!.timestamp,
      answers: [
        {
          question_id: 'q-score',
          question_index: 0,
          question_text: 'How likely are you to recommend us?',
          question_type: 'rating',
          answer: '3',
        },
      ],
      extra: {
        device_type: null,
        browser: 'Firefox',
        os: null,
        geoip_country_code: null,
        geoip_country_name: null,
        geoip_city_name: null,
        current_url: null,
        iteration: 1,
      },
    } satisfies SurveyResponseRow)
    expect(rows.at(-3)!.answers).toEqual([
      {
        question_id: 'q-used',
        question_index: 2,
        question_text: 'What do you use?',
        question_type: 'multiple_choice',
        answer: ['Surveys', 'Flags'],
      },
    ])
  })

  it('walks by has_more: one request per page, one after another even with concurrency', async () => {
    const { fake, client, survey } = world({}, 250)
    const uuids = new Set<string>()
    for await (const row of client.surveys.responses(survey.id, { limit: 100 }, { concurrency: 4 })) uuids.add(row.uuid)
    expect(uuids.size).toBe(250)
    expect(fake.requests.map((request) => [request.query['limit'], request.query['offset'] ?? '0'])).toEqual([
      ['100', '0'],
      ['100', '100'],
      ['100', '200'],
    ])
  })

  it('stops at a page that says has_more but brings nothing: a walk cannot loop', async () => {
    let calls = 0
    const fetch = async () => {
      calls++
      return Response.json({
        results:
          calls === 1
            ? [{ uuid: 'a', distinct_id: 'd', session_id: null, submitted_at: '2026-11-01T00:00:00Z', answers: [] }]
            : [],
        has_more: true,
        limit: 1,
        offset: 0,
      })
    }
    const client = new ProjectClient({ apiKey: 'phx_test', projectId: 1, fetch, rateLimit: false, maxRetries: 0 })
    expect((await client.surveys.responses('s', { limit: 1 }).toArray()).map((row) => row.uuid)).toEqual(['a'])
    expect(calls).toBe(2)
  })

  it('sends every parameter as on the wire, dates as ISO 8601', async () => {
    const { fake, client, survey } = world()
    await client.surveys.responses(survey.id, {
      limit: 5,
      offset: 2,
      exclude_archived: false,
      question_id: 'q-score',
      score_gte: 4,
      score_lte: 6,
      since: new Date('2026-11-02T00:00:00Z'),
      until: '2026-11-30T00:00:00Z',
    })
    expect(fake.requests[0]!.query).toEqual({
      limit: '5',
      offset: '2',
      exclude_archived: 'false',
      question_id: 'q-score',
      score_gte: '4',
      score_lte: '6',
      since: '2026-11-02T00:00:00.000Z',
      until: '2026-11-30T00:00:00Z',
    })
  })

  it(
    'exclude_archived: the walk reads the archived UUIDs once and asks for every response up to its start (until ' +
      'pinned)',
    async () => {
      const { fake, client, survey } = world()
      await client.surveys.responses(survey.id, { limit: 5, exclude_archived: true })
      expect(fake.requests.map((request) => request.operation).sort()).toEqual([
        'surveys.archivedResponseUuids',
        'surveys.responses',
      ])
      const page = fake.requests.find((request) => request.operation === 'surveys.responses')!
      expect(page.query).toEqual({
        limit: '5',
        until: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      })
      // The moment the walk started, on the caller's clock.
      expect(Math.abs(Date.parse(page.query['until']!) - Date.now())).toBeLessThan(5_000)
      const given = await client.surveys.responses(survey.id, { exclude_archived: true, until: '2026-11-30T00:00:00Z' })
      expect(given.results.length).toBeGreaterThan(0)
      expect(fake.requests.filter((request) => request.operation === 'surveys.responses').at(-1)!.query).toEqual({
        until: '2026-11-30T00:00:00Z',
      })
    },
  )

  it.each([
    [{ limit: 0 }, 'params.limit'],
    [{ limit: 501 }, 'params.limit'],
    [{ score_gte: 9 }, 'params.score_gte'],
    [{ score_lte: 6 }, 'params.score_lte'],
    [{ since: 'yesterday-ish' }, 'params.since'],
  ])('refuses %j before sending anything', async (params, argument) => {
    const { fake, client, survey } = world()
    const error = await client.surveys
      .responses(survey.id, params)
      .toArray()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidArgumentError)
    expect((error as InvalidArgumentError).argument).toBe(argument)
    expect(fake.requests).toHaveLength(0)
  })

  it('filters by question and score: only that answer, only those scores', async () => {
    const { client, survey } = world()
    const rows = await client.surveys
      .responses(survey.id, { question_id: 'q-score', score_gte: 4, score_lte: 7 })
      .toArray()
    // Scores 3, 4, 6, 7 were given (indexes 0, 1, 3, 4); 4 to 7, newest first.
    expect(rows.map((row) => row.answers.map((answer) => answer.answer))).toEqual([['7'], ['6'], ['4']])
  })
})

describe('surveys.responses on a service without the endpoint', () => {
  it('reads the same rows through the query API: a 404, the survey, then one query a page', async () => {
    const current = world({}, 7)
    const older = world({ unavailable: ['surveys.responses'] }, 7)
    const expected = await current.client.surveys.responses(current.survey.id, { limit: 3 }).toArray()

    const rows = await older.client.surveys.responses(older.survey.id, { limit: 3 }).toArray()

    expect(rows).toEqual(expected)
    expect(sent(older.fake)).toEqual([
      'surveys.responses 404',
      'surveys.retrieve 200',
      'query.run 200',
      'query.run 200',
      'query.run 200',
    ])
    const { query } = older.fake.requests[2]!.body as {
      query: { kind: string; query: string; values: Record<string, unknown> }
    }
    expect(query.kind).toBe('HogQLQuery')
    expect(query.query).toContain(
      "WHERE event = 'survey sent' AND properties.$survey_id = {id} AND timestamp >= {since} AND timestamp <= " +
        '{until} AND uniqueSurveySubmissionsFilter({id}, {since}, {until})',
    )
    expect(query.query).toMatch(/ORDER BY timestamp DESC, uuid DESC LIMIT 4 OFFSET 0$/)
    expect(query.values).toMatchObject({
      id: older.survey.id,
      since: '2026-11-01T00:00:00',
      until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      q0: 'q-score',
      q1: 'q-why',
      q2: 'q-used',
    })
  })

  it('filters by question and score, and leaves archived responses out, as the endpoint does', async () => {
    const current = world({}, 7)
    const older = world({ unavailable: ['surveys.responses'] }, 7)
    await current.client.surveys.archiveResponse(current.survey.id, current.responses[4]!.uuid)
    await older.client.surveys.archiveResponse(older.survey.id, older.responses[4]!.uuid)
    const params = { question_id: 'q-score', score_gte: 4, exclude_archived: true }

    const rows = await older.client.surveys.responses(older.survey.id, params).toArray()

    expect(rows).toEqual(await current.client.surveys.responses(current.survey.id, params).toArray())
    expect(rows.map((row) => row.answers)).toEqual([
      [
        {
          question_id: 'q-score',
          question_index: 0,
          question_text: 'How likely are you to recommend us?',
          question_type: 'rating',
          answer: '9',
        },
      ],
      [
        {
          question_id: 'q-score',
          question_index: 0,
          question_text: 'How likely are you to recommend us?',
          question_type: 'rating',
          answer: '6',
        },
      ],
      [
        {
          question_id: 'q-score',
          question_index: 0,
          question_text: 'How likely are you to recommend us?',
          question_type: 'rating',
          answer: '4',
        },
      ],
    ])
    // The archived UUIDs are read once, by the walk (its start), beside the endpoint's 404 and the fallback's reads.
    expect(sent(older.fake).slice(1).sort()).toEqual([
      'query.run 200',
      'surveys.archivedResponseUuids 200',
      'surveys.responses 404',
      'surveys.retrieve 200',
    ])
  })

  it('an unknown question matches nothing, with no query', async () => {
    const older = world({ unavailable: ['surveys.responses'] })
    expect(await older.client.surveys.responses(older.survey.id, { question_id: 'nope' }).toArray()).toEqual([])
    expect(sent(older.fake)).toEqual(['surveys.responses 404', 'surveys.retrieve 200'])
  })

  it(
    'an unknown survey is still NotFoundError; another failure ' + 'of the endpoint is not a reason to fall back',
    async () => {
      const older = world({ unavailable: ['surveys.responses'] })
      await expect(older.client.surveys.responses('no-such-survey').toArray()).rejects.toBeInstanceOf(NotFoundError)
      expect(sent(older.fake)).toEqual(['surveys.responses 404', 'surveys.retrieve 404'])

      const current = world()
      current.fake.faults.failNext(1, { status: 500, operation: 'surveys.responses' })
      await expect(current.client.surveys.responses(current.survey.id).toArray()).rejects.toBeInstanceOf(
        InternalServerError,
      )
      expect(current.fake.requests.map((request) => request.operation)).toEqual(['surveys.responses'])
    },
  )
})
