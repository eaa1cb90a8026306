import { HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  ResponseValidationError,
} from '../../src/index.js'
import {
  RESPONSE_UUID,
  SURVEY_ID,
  activityLog,
  duplicateResult,
  emptyAllStats,
  responseSummary,
  summaryHeadline,
  survey,
  surveyStats,
  writtenSurvey,
} from '../fixtures/surveys.js'
import { serverError } from '../fixtures/errors.js'
import { API_KEY, PROJECT, makeClient, useMswApi } from '../helpers/msw-server.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const { answer, serve, watchAll } = useMswApi()

describe('surveys', () => {
  const client = makeClient()

  it('list sends limit/offset/search and parses the page', async () => {
    const next = `${PROJECT}/surveys/?limit=1&offset=1&search=nps`
    const sent = answer('get', 'surveys/', { count: 2, next, previous: null, results: [survey()] })
    const page = await client.surveys.list({ limit: 1, offset: 0, search: 'nps' })
    expectRequest(sent, { method: 'GET', path: 'surveys/', query: '?limit=1&offset=0&search=nps' })
    expect(page.results).toEqual([survey()])
    expect(page.count).toBe(2)
    expect(page.next).toBe(next)
    expect(page.hasNextPage()).toBe(true)
  })

  it('create posts name and type and reads the create/update shape (201)', async () => {
    const body = {
      name: 'NPS Q4',
      type: 'popover' as const,
      questions: [{ type: 'open' as const, question: 'Anything else?' }],
    }
    const sent = answer('post', 'surveys/', writtenSurvey(), 201)
    const created = await client.surveys.create(body)
    expectRequest(sent, { method: 'POST', path: 'surveys/', body })
    expect(created).toEqual(writtenSurvey())
    expect(created.id).toBe(SURVEY_ID)
    expect(created.feature_flag_keys).toBeUndefined()
    expect(created.targeting_flag?.key).toBe('survey-targeting-3f9a1c0b7e')
  })

  it('retrieve reads the GET shape, with response_sampling_daily_limits as its JSON-encoded string', async () => {
    const sent = answer('get', `surveys/${SURVEY_ID}/`, survey())
    const found = await client.surveys.retrieve(SURVEY_ID)
    expectRequest(sent, { method: 'GET', path: `surveys/${SURVEY_ID}/` })
    expect(found).toEqual(survey())
    expect(found.feature_flag_keys?.[1]).toEqual({ key: 'targeting_flag_key', value: 'survey-targeting-3f9a1c0b7e' })
    expect(found.response_sampling_daily_limits).toBe(
      '[{"date": "2026-10-02", "daily_response_limit": 20, "rollout_percentage": 100}]',
    )
    const first = found.questions?.[0]
    expect(first?.type === 'rating' ? first.scale : undefined).toBe(10)
  })

  it('update patches the given fields; response_sampling_daily_limits may also come as an array', async () => {
    const limits = [{ date: '2026-10-07', daily_response_limit: 10, rollout_percentage: 50 }]
    const sent = answer(
      'patch',
      `surveys/${SURVEY_ID}/`,
      writtenSurvey(SURVEY_ID, { archived: true, response_sampling_daily_limits: limits }),
    )
    const updated = await client.surveys.update(SURVEY_ID, { archived: true, end_date: '2026-10-31T00:00:00Z' })
    expectRequest(sent, {
      method: 'PATCH',
      path: `surveys/${SURVEY_ID}/`,
      body: { archived: true, end_date: '2026-10-31T00:00:00Z' },
    })
    expect(updated.archived).toBe(true)
    expect(updated.response_sampling_daily_limits).toEqual(limits)
  })

  it('delete resolves undefined on 204', async () => {
    const sent = answer('delete', `surveys/${SURVEY_ID}/`, undefined, 204)
    await expect(client.surveys.delete(SURVEY_ID)).resolves.toBeUndefined()
    expectRequest(sent, { method: 'DELETE', path: `surveys/${SURVEY_ID}/` })
  })

  it('activity walks the page-based envelope {results, next, previous, total_count} across 2 pages', async () => {
    const base = `${PROJECT}/surveys/${SURVEY_ID}/activity/`
    const sent = serve('get', `surveys/${SURVEY_ID}/activity/`, async (request) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1)
      return HttpResponse.json(
        page === 1
          ? {
              results: [activityLog('a1'), activityLog('a2', 'created')],
              next: `${base}?page=2&limit=2`,
              previous: null,
              total_count: 3,
            }
          : {
              results: [activityLog('a3', 'response_archived')],
              next: null,
              previous: `${base}?page=1&limit=2`,
              total_count: 3,
            },
      )
    })
    const first = await client.surveys.activity(SURVEY_ID, { limit: 2 })
    expect(first.count).toBe(3)
    expect(first.hasNextPage()).toBe(true)
    const all = await client.surveys.activity(SURVEY_ID, { limit: 2 }).toArray()
    expect(all.map((entry) => [entry.id, entry.activity])).toEqual([
      ['a1', 'updated'],
      ['a2', 'created'],
      ['a3', 'response_archived'],
    ])
    expect(all[0]!.detail?.changes?.[0]).toEqual({
      type: 'Survey',
      action: 'changed',
      field: 'name',
      before: 'NPS',
      after: 'NPS Q4',
    })
    expect(sent.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual([
      `GET /api/projects/42/surveys/${SURVEY_ID}/activity/?limit=2`,
      `GET /api/projects/42/surveys/${SURVEY_ID}/activity/?limit=2`,
      `GET /api/projects/42/surveys/${SURVEY_ID}/activity/?page=2&limit=2`,
    ])
    expect(sent.every((r) => r.headers.get('authorization') === `Bearer ${API_KEY}`)).toBe(true)
  })

  it('activity of an unknown survey is a NotFoundError (404 with an empty body)', async () => {
    answer('get', `surveys/${SURVEY_ID}/activity/`, undefined, 404)
    const error = await client.surveys.activity(SURVEY_ID).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    expect((error as NotFoundError).body).toBeUndefined()
  })

  it('allActivity reads the activity of every survey, with limit and page', async () => {
    const body = {
      results: [activityLog('a9', 'deleted', { user: null, is_system: true })],
      next: null,
      previous: null,
      total_count: 1,
    }
    const sent = answer('get', 'surveys/activity/', body)
    const page = await client.surveys.allActivity({ limit: 5, page: 1 })
    expectRequest(sent, { method: 'GET', path: 'surveys/activity/', query: '?limit=5&page=1' })
    expect(page.results).toEqual(body.results)
    expect(page.results[0]!.user).toBeNull()
    expect(page.count).toBe(1)
    expect(page.hasNextPage()).toBe(false)
  })

  it('archivedResponseUuids answers a bare array of UUIDs', async () => {
    const uuids = [RESPONSE_UUID, '0190d4c9-bbbb-7bbb-8ccc-eeeeeeeeeeee']
    const sent = answer('get', `surveys/${SURVEY_ID}/archived-response-uuids/`, uuids)
    expect(await client.surveys.archivedResponseUuids(SURVEY_ID)).toEqual(uuids)
    expectRequest(sent, { method: 'GET', path: `surveys/${SURVEY_ID}/archived-response-uuids/` })
  })

  it('duplicateToProjects posts target_team_ids and reads the 201 result', async () => {
    const sent = answer('post', `surveys/${SURVEY_ID}/duplicate_to_projects/`, duplicateResult, 201)
    const result = await client.surveys.duplicateToProjects(SURVEY_ID, { target_team_ids: [43, 44] })
    expectRequest(sent, {
      method: 'POST',
      path: `surveys/${SURVEY_ID}/duplicate_to_projects/`,
      body: { target_team_ids: [43, 44] },
    })
    expect(result).toEqual(duplicateResult)
    expect(result.created_surveys?.map((copy) => copy.team_id)).toEqual([43, 44])
  })

  it('duplicateToProjects failing for one project is an error, never a partial success', async () => {
    const body = {
      type: 'validation_error',
      code: 'invalid_input',
      detail: "One or more target teams not found or you don't have access to them",
      attr: null,
    }
    const sent = answer('post', `surveys/${SURVEY_ID}/duplicate_to_projects/`, body, 400)
    const error = await client.surveys
      .duplicateToProjects(SURVEY_ID, { target_team_ids: [43, 999] })
      .catch((e: unknown) => e)
    expectRequest(sent, {
      method: 'POST',
      path: `surveys/${SURVEY_ID}/duplicate_to_projects/`,
      body: { target_team_ids: [43, 999] },
    })
    expect(error).toBeInstanceOf(BadRequestError)
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', detail: body.detail })
  })

  it('archiveResponse posts with no body and resolves the bare number 200', async () => {
    const sent = answer('post', `surveys/${SURVEY_ID}/responses/${RESPONSE_UUID}/archive/`, 200)
    const result = await client.surveys.archiveResponse(SURVEY_ID, RESPONSE_UUID)
    expectRequest(sent, { method: 'POST', path: `surveys/${SURVEY_ID}/responses/${RESPONSE_UUID}/archive/` })
    expect(result).toBe(200)
  })

  it('unarchiveResponse posts with no body and resolves the bare number 200', async () => {
    const sent = answer('post', `surveys/${SURVEY_ID}/responses/${RESPONSE_UUID}/unarchive/`, 200)
    const result = await client.surveys.unarchiveResponse(SURVEY_ID, RESPONSE_UUID)
    expectRequest(sent, { method: 'POST', path: `surveys/${SURVEY_ID}/responses/${RESPONSE_UUID}/unarchive/` })
    expect(result).toBe(200)
  })

  it('archiveResponse with a non-UUID gives the view-built 400 {"detail"} as BadRequestError', async () => {
    answer('post', `surveys/${SURVEY_ID}/responses/nope/archive/`, { detail: 'Invalid UUID format' }, 400)
    const error = await client.surveys.archiveResponse(SURVEY_ID, 'nope').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BadRequestError)
    expect((error as BadRequestError).detail).toBe('Invalid UUID format')
  })

  it('stats sends exclude_archived=true and Dates as ISO strings', async () => {
    const sent = answer('get', `surveys/${SURVEY_ID}/stats/`, surveyStats)
    const result = await client.surveys.stats(SURVEY_ID, {
      date_from: new Date('2026-10-01T00:00:00Z'),
      date_to: '2026-10-31T23:59:59+00:00',
      exclude_archived: true,
    })
    expectRequest(sent, {
      method: 'GET',
      path: `surveys/${SURVEY_ID}/stats/`,
      query: '?date_from=2026-10-01T00%3A00%3A00.000Z&date_to=2026-10-31T23%3A59%3A59%2B00%3A00&exclude_archived=true',
    })
    expect(sent[0]!.url.searchParams.get('date_from')).toBe('2026-10-01T00:00:00.000Z')
    expect(sent[0]!.url.searchParams.get('date_to')).toBe('2026-10-31T23:59:59+00:00')
    expect(result).toEqual(surveyStats)
    expect(result.stats?.['survey shown']?.unique_persons_only_seen).toBe(55)
    expect(result.stats?.['survey sent']?.first_seen).toBeNull()
    expect(result.rates?.dismissal_rate).toBe(16.67)
  })

  it('allStats sends date_from/date_to and accepts stats: {}', async () => {
    const sent = answer('get', 'surveys/stats/', emptyAllStats)
    const result = await client.surveys.allStats({ date_from: '2026-10-01T00:00:00Z' })
    expectRequest(sent, { method: 'GET', path: 'surveys/stats/', query: '?date_from=2026-10-01T00%3A00%3A00Z' })
    expect(result).toEqual(emptyAllStats)
    expect(result.stats).toEqual({})
  })

  it('summarizeResponses sends question_id/question_index in the query and force_refresh in the body', async () => {
    const sent = answer('post', `surveys/${SURVEY_ID}/summarize_responses/`, responseSummary)
    const result = await client.surveys.summarizeResponses(SURVEY_ID, { question_id: 'q-1', force_refresh: true })
    expectRequest(sent, {
      method: 'POST',
      path: `surveys/${SURVEY_ID}/summarize_responses/`,
      query: '?question_id=q-1',
      body: { force_refresh: true },
    })
    expect(result).toEqual(responseSummary)

    const byIndex = answer('post', `surveys/${SURVEY_ID}/summarize_responses/`, { ...responseSummary, cached: true })
    const cached = await client.surveys.summarizeResponses(SURVEY_ID, { question_index: 0 })
    expectRequest(byIndex, {
      method: 'POST',
      path: `surveys/${SURVEY_ID}/summarize_responses/`,
      query: '?question_index=0',
      body: {},
    })
    expect(cached.cached).toBe(true)
  })

  it('summarizeResponses is read-only: retried after a 503', async () => {
    let calls = 0
    const sent = serve('post', `surveys/${SURVEY_ID}/summarize_responses/`, async () => {
      calls += 1
      return calls === 1 ? HttpResponse.json(serverError(), { status: 503 }) : HttpResponse.json(responseSummary)
    })
    const result = await client.surveys.summarizeResponses(SURVEY_ID, { question_index: 1 }, { maxRetries: 1 })
    expect(result.content).toContain('Summary')
    expect(sent).toHaveLength(2)
    expect(sent.map((r) => r.url.search)).toEqual(['?question_index=1', '?question_index=1'])
    expect(sent.map((r) => r.body)).toEqual(['{}', '{}'])
  })

  it('summaryHeadline posts force_refresh (or {}) and reads the headline', async () => {
    const sent = answer('post', `surveys/${SURVEY_ID}/summary_headline/`, summaryHeadline)
    const result = await client.surveys.summaryHeadline(SURVEY_ID, { force_refresh: true })
    expectRequest(sent, {
      method: 'POST',
      path: `surveys/${SURVEY_ID}/summary_headline/`,
      body: { force_refresh: true },
    })
    expect(result).toEqual(summaryHeadline)

    const noBody = answer('post', `surveys/${SURVEY_ID}/summary_headline/`, summaryHeadline)
    await client.surveys.summaryHeadline(SURVEY_ID)
    expectRequest(noBody, { method: 'POST', path: `surveys/${SURVEY_ID}/summary_headline/`, body: {} })
  })

  it('summaryHeadline without AI consent is a PermissionDeniedError with the {"error"} detail', async () => {
    answer(
      'post',
      `surveys/${SURVEY_ID}/summary_headline/`,
      { error: 'AI data processing must be approved to generate summaries' },
      403,
    )
    const error = await client.surveys.summaryHeadline(SURVEY_ID).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect((error as PermissionDeniedError).detail).toBe('AI data processing must be approved to generate summaries')
  })

  it('responsesCount sends survey_ids comma-separated and exclude_archived', async () => {
    const counts = { [SURVEY_ID]: 30, '0190d4c2-ffff-7c3d-8e4f-5a6b7c8d9e0f': 0 }
    const sent = answer('get', 'surveys/responses_count/', counts)
    const result = await client.surveys.responsesCount({
      exclude_archived: true,
      survey_ids: [SURVEY_ID, '0190d4c2-ffff-7c3d-8e4f-5a6b7c8d9e0f'],
    })
    expectRequest(sent, {
      method: 'GET',
      path: 'surveys/responses_count/',
      query: `?exclude_archived=true&survey_ids=${SURVEY_ID}%2C0190d4c2-ffff-7c3d-8e4f-5a6b7c8d9e0f`,
    })
    expect(sent[0]!.url.searchParams.get('survey_ids')).toBe(`${SURVEY_ID},0190d4c2-ffff-7c3d-8e4f-5a6b7c8d9e0f`)
    expect(result).toEqual(counts)
  })

  it('responsesCount with no params sends no query and accepts {}', async () => {
    const sent = answer('get', 'surveys/responses_count/', {})
    expect(await client.surveys.responsesCount()).toEqual({})
    expectRequest(sent, { method: 'GET', path: 'surveys/responses_count/' })
  })

  it('create is not retried after a 503 (the service may have acted)', async () => {
    const sent = answer('post', 'surveys/', serverError(), 503)
    const error = await client.surveys.create({ name: 'x', type: 'api' }, { maxRetries: 2 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InternalServerError)
    expect(sent).toHaveLength(1)
  })

  describe('leniency', () => {
    it('keeps unknown fields, accepts nulls and unknown enum values', async () => {
      const body = survey(SURVEY_ID, {
        type: 'chat_widget',
        schedule: null,
        response_sampling_interval_type: '',
        description: null,
        created_by: null,
        targeting_flag: null,
        internal_targeting_flag: null,
        conditions: null,
        appearance: null,
        questions: [{ type: 'nps_v2', question: 'Hm?', brand_new_option: { x: 1 } }],
        enable_iframe_embedding: false,
        translations: { fr: { name: 'NPS T4' } },
        form_content: null,
        product_tour_id: null,
      })
      answer('get', `surveys/${SURVEY_ID}/`, body)
      const found = await client.surveys.retrieve(SURVEY_ID)
      expect(found).toEqual(body)
      expect(found.type).toBe('chat_widget')
      expect((found as Record<string, unknown>).product_tour_id).toBeNull()
    })

    it('rejects a wrong type with ResponseValidationError carrying the issues and the raw body', async () => {
      const body = survey(SURVEY_ID, { archived: 'yes', questions: [{ question: 'Q', choices: 'a,b' }] })
      answer('get', `surveys/${SURVEY_ID}/`, body)
      const error = await client.surveys.retrieve(SURVEY_ID).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      const validation = error as ResponseValidationError
      expect(validation.body).toEqual(body)
      expect(validation.issues.map((issue) => issue.path.join('.'))).toEqual(
        expect.arrayContaining(['archived', 'questions.0.choices']),
      )
    })

    it('rejects stats whose counts are not numbers', async () => {
      const body = { ...surveyStats, stats: { 'survey shown': { total_count: '120' } } }
      answer('get', `surveys/${SURVEY_ID}/stats/`, body)
      const error = await client.surveys.stats(SURVEY_ID).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
    })

    it('an archive answer that does not match (the archive was done) resolves as sent, with its issues', async () => {
      answer('post', `surveys/${SURVEY_ID}/responses/${RESPONSE_UUID}/archive/`, { ok: true })
      const { data, issues } = await client.surveys.archiveResponse(SURVEY_ID, RESPONSE_UUID).withResponse()
      expect(data).toEqual({ ok: true })
      // One issue: the body itself is not the number the operation answers.
      expect(issues?.map(({ code, path }) => ({ code, path }))).toEqual([{ code: 'invalid_type', path: [] }])
    })

    it('rejects responses counts that are not numbers', async () => {
      answer('get', 'surveys/responses_count/', { [SURVEY_ID]: 'many' })
      const error = await client.surveys.responsesCount().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      expect((error as ResponseValidationError).issues[0]!.path).toEqual([SURVEY_ID])
    })
  })

  describe('bad input is refused before any request', () => {
    const cases: Array<[string, () => PromiseLike<unknown>, string]> = [
      ['empty id', () => client.surveys.retrieve(''), 'id'],
      ['object id', () => client.surveys.delete({} as never), 'id'],
      ['dot-segment id', () => client.surveys.retrieve('..'), 'id'],
      ['missing create body', () => client.surveys.create(undefined as never), 'body'],
      ['array update body', () => client.surveys.update(SURVEY_ID, [] as never), 'body'],
      ['negative limit', () => client.surveys.list({ limit: -1 }), 'params.limit'],
      ['non-integer page', () => client.surveys.activity(SURVEY_ID, { page: 1.5 }), 'params.page'],
      ['string page', () => client.surveys.allActivity({ page: '2' as never }), 'params.page'],
      ['missing response uuid', () => client.surveys.archiveResponse(SURVEY_ID, '' as never), 'responseUuid'],
      [
        'missing survey id on unarchive',
        () => client.surveys.unarchiveResponse(undefined as never, RESPONSE_UUID),
        'id',
      ],
      [
        'empty target_team_ids',
        () => client.surveys.duplicateToProjects(SURVEY_ID, { target_team_ids: [] }),
        'body.target_team_ids',
      ],
      [
        'missing target_team_ids',
        () => client.surveys.duplicateToProjects(SURVEY_ID, {} as never),
        'body.target_team_ids',
      ],
      [
        'zero team id',
        () => client.surveys.duplicateToProjects(SURVEY_ID, { target_team_ids: [43, 0] }),
        'body.target_team_ids[1]',
      ],
      [
        'string team id',
        () => client.surveys.duplicateToProjects(SURVEY_ID, { target_team_ids: ['43' as never] }),
        'body.target_team_ids[0]',
      ],
      ['invalid Date', () => client.surveys.stats(SURVEY_ID, { date_from: new Date('nope') }), 'params.date_from'],
      ['object date', () => client.surveys.allStats({ date_to: {} as never }), 'params.date_to'],
      ['empty survey_ids', () => client.surveys.responsesCount({ survey_ids: [] }), 'params.survey_ids'],
      ['blank survey id', () => client.surveys.responsesCount({ survey_ids: [SURVEY_ID, ''] }), 'params.survey_ids[1]'],
      [
        'negative question_index',
        () => client.surveys.summarizeResponses(SURVEY_ID, { question_index: -1 }),
        'body.question_index',
      ],
      [
        'empty question_id',
        () => client.surveys.summarizeResponses(SURVEY_ID, { question_id: '' }),
        'body.question_id',
      ],
      ['array headline body', () => client.surveys.summaryHeadline(SURVEY_ID, [] as never), 'body'],
      ['bad options', () => client.surveys.list(undefined, { maxRetries: -1 }), 'options.maxRetries'],
    ]
    it.each(cases)('%s', async (_name, call, argument) => {
      await expectInvalidArgument(call, argument, watchAll())
    })
  })
})
