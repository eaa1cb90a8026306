import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startE2E, type E2E } from '../helpers/fake-server.js'

/**
 * The archive recipe of the README (issue 29): walk a survey's unarchived responses and archive each one as it
 * comes, over a real socket against the fake, which pages `exclude_archived` by offset as the service does.
 * Every response that matched when the walk started is visited and archived: none is skipped because the
 * rows archived before it left the filtered set.
 */
const QUESTION = 'q-nps'
const TOTAL = 440

describe('archiving every low score while walking them', () => {
  let e2e: E2E
  let surveyId: string
  let expected: Set<string>
  beforeAll(async () => {
    e2e = await startE2E()
    const [survey] = e2e.fake.seed.surveys([
      {
        name: 'NPS',
        questions: [{ id: QUESTION, type: 'rating', scale: 10, question: 'How likely are you to recommend us?' }],
      },
    ])
    surveyId = survey!.id
    const responses = e2e.fake.seed.surveyResponses(
      surveyId,
      Array.from({ length: TOTAL }, (_, index) => ({ answers: { [QUESTION]: index % 11 } })),
    )
    const low = responses.filter((_, index) => index % 11 <= 6)
    // Twenty were archived before: the walk leaves them out.
    const client = e2e.client()
    for (const response of low.slice(0, 20)) await client.surveys.archiveResponse(surveyId, response.uuid)
    expected = new Set(low.slice(20).map((response) => response.uuid))
  })
  afterAll(() => e2e.close())

  it(
    `visits and archives every one of the ` +
      `${(TOTAL * 7) / 11 - 20} that matched at the start, on ` +
      `several pages`,
    async () => {
      expect(expected.size).toBeGreaterThanOrEqual(250)
      const client = e2e.client()
      const before = e2e.fake.requests.length
      const report = await client.bulk(
        client.surveys.responses(surveyId, { exclude_archived: true, question_id: QUESTION, score_lte: 6 }),
        (row) => client.surveys.archiveResponse(surveyId, row.uuid),
      )
      expect(report.failed).toBe(0)
      expect(new Set(report.results.map((result) => result.item.uuid))).toEqual(expected)
      expect(report.succeeded).toBe(expected.size)
      const pages = e2e.fake.requests.slice(before).filter((request) => request.operation === 'surveys.responses')
      expect(pages.length).toBeGreaterThanOrEqual(3)
      // Every low score is archived now: a new walk finds none, and the service's archived list holds them all.
      expect(
        await client.surveys
          .responses(surveyId, { exclude_archived: true, question_id: QUESTION, score_lte: 6 })
          .toArray(),
      ).toEqual([])
      const archived = new Set(await client.surveys.archivedResponseUuids(surveyId))
      for (const uuid of expected) expect(archived.has(uuid)).toBe(true)
    },
  )

  it(
    'the fake pages exclude_archived by offset as the service does: an offset walk that archives as it goes ' +
      'skips rows',
    async () => {
      const [survey] = e2e.fake.seed.surveys([
        { name: 'Offsets', questions: [{ id: QUESTION, type: 'open', question: 'Why?' }] },
      ])
      e2e.fake.seed.surveyResponses(survey!.id, 30)
      const client = e2e.client()
      let offset = 0
      let visited = 0
      for (;;) {
        const page = (await client.request({
          method: 'GET',
          path: `surveys/${survey!.id}/responses/`,
          query: { exclude_archived: true, limit: 10, offset },
        })) as { results: Array<{ uuid: string }>; has_more: boolean }
        for (const row of page.results) await client.surveys.archiveResponse(survey!.id, row.uuid)
        visited += page.results.length
        if (!page.has_more) break
        offset += page.results.length
      }
      expect(visited).toBe(20)
    },
  )
})
