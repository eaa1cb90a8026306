import { describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi } from '../../src/testing/index.js'

/**
 * The fake's survey responses endpoint and its HogQL over survey events (docs/service-behaviour.md §10.1, §10.2), raw.
 */

function world(count: number): { fake: FakeApi; survey: string } {
  const fake = createFakeApi({ now: () => new Date('2026-11-20T12:00:00Z') })
  const [survey] = fake.seed.surveys([
    { questions: [{ id: 'q', type: 'multiple_choice', question: 'Which?', choices: ['A', 'B'] }] },
  ])
  fake.seed.surveyResponses(
    survey!.id,
    Array.from({ length: count }, (_, index) => ({ answers: { q: index % 2 ? ['A', 'B'] : [] } })),
  )
  return { fake, survey: survey!.id }
}

const get = (fake: FakeApi, path: string) =>
  fake.fetch(`${fake.baseUrl}/api/projects/1/${path}`, { headers: { authorization: `Bearer ${fake.apiKey}` } })
const query = (fake: FakeApi, sql: string, values: Record<string, unknown>) =>
  fake.fetch(`${fake.baseUrl}/api/projects/1/query/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: { kind: 'HogQLQuery', query: sql, values } }),
  })

describe('GET surveys/:id/responses/ in the fake', () => {
  it(
    "seeded responses fall inside the seeded survey's window: all " + '300 are returned, newest first, a minute apart',
    async () => {
      const { fake, survey } = world(300)
      const rows: Array<{ submitted_at: string }> = []
      for (let offset = 0; ; offset += 100) {
        const page = (await (await get(fake, `surveys/${survey}/responses/?limit=100&offset=${offset}`)).json()) as {
          results: Array<{ submitted_at: string }>
          has_more: boolean
        }
        rows.push(...page.results)
        if (!page.has_more) break
      }
      expect(rows).toHaveLength(300)
      const survey_ = fake.state.surveys.get(survey)!
      const times = rows.map((row) => Date.parse(row.submitted_at))
      expect(Math.min(...times)).toBeGreaterThan(Date.parse(survey_.start_date!))
      expect(Math.max(...times)).toBeLessThanOrEqual(Date.parse('2026-11-20T12:00:00Z'))
      expect(new Set(times).size).toBe(300)
    },
  )

  it('[Q1] a survey that ended: its seeded responses fall before its end', async () => {
    const fake = createFakeApi({ now: () => new Date('2026-11-20T12:00:00Z') })
    const [survey] = fake.seed.surveys([{ start_date: '2026-11-01T00:00:00Z', end_date: '2026-11-02T00:00:00Z' }])
    fake.seed.surveyResponses(survey!.id, 50)
    const page = (await (await get(fake, `surveys/${survey!.id}/responses/?limit=100`)).json()) as {
      results: Array<{ submitted_at: string }>
    }
    expect(page.results).toHaveLength(50)
    expect(
      page.results.every((row) => row.submitted_at < '2026-11-02T00:00:00' && row.submitted_at > '2026-11-01T00:00:00'),
    ).toBe(true)
  })

  it('[Q1] refuses what the service refuses, with its four-key bodies', async () => {
    const { fake, survey } = world(1)
    expect(await (await get(fake, `surveys/${survey}/responses/?limit=501`)).json()).toEqual({
      type: 'validation_error',
      code: 'max_value',
      detail: 'Ensure this value is less than or equal to 500.',
      attr: 'limit',
    })
    const score = await get(fake, `surveys/${survey}/responses/?score_gte=3`)
    expect(score.status).toBe(400)
    expect(await score.json()).toMatchObject({
      detail: 'score_lte / score_gte require question_id',
      attr: 'question_id',
    })
    expect((await get(fake, 'surveys/nope/responses/')).status).toBe(404)
  })

  it(
    '[Q1] [Q2] leaves out a multiple-choice answer with no choice, and a row with no answer at all keeps its ' +
      'place',
    async () => {
      const { fake, survey } = world(2)
      const body = (await (await get(fake, `surveys/${survey}/responses/`)).json()) as {
        results: Array<{ answers: unknown[] }>
        has_more: boolean
      }
      expect(body.results.map((row) => row.answers)).toEqual([
        [
          {
            question_id: 'q',
            question_index: 0,
            question_text: 'Which?',
            question_type: 'multiple_choice',
            answer: ['A', 'B'],
          },
        ],
        [],
      ])
      expect(body.has_more).toBe(false)
    },
  )
})

describe('HogQL over survey events in the fake', () => {
  it(
    '[Q4] [Q6] answers a multiple-choice answer as raw JSON ' + 'strings, and pages without LIMIT by 100 with hasMore',
    async () => {
      const { fake, survey } = world(150)
      const response = await query(
        fake,
        "SELECT uuid, getSurveyResponse(0, {q}, true) FROM events WHERE event = 'survey sent' AND " +
          'properties.$survey_id = {id} ORDER BY timestamp DESC',
        { q: 'q', id: survey },
      )
      const body = (await response.json()) as { results: unknown[][]; hasMore: boolean; columns: string[] }
      expect(body.columns).toEqual(['uuid', 'getSurveyResponse(0, {q}, true)'])
      expect(body.results).toHaveLength(100)
      expect(body.hasMore).toBe(true)
      expect(body.results[0]![1]).toEqual(['"A"', '"B"'])
      expect(body.results[1]![1]).toEqual([])
    },
  )

  it('[Q12] answers 400 for HogQL outside what it evaluates', async () => {
    const { fake } = world(1)
    const response = await query(fake, 'SELECT count() FROM events GROUP BY event', {})
    expect(response.status).toBe(400)
    expect(((await response.json()) as { detail: string }).detail).toMatch(/^The fake evaluates a SELECT of literals/)
  })
})
