/**
 * What surveys' responses add up to (docs/service-behaviour.md §5.2): per-survey and project-wide stats in a
 * date window, response counts honouring `exclude_archived`, and the cached AI summaries.
 */
import type { GroupHandlers } from '../context.js'
import { findRecord } from '../group-kit.js'
import { positiveInt } from '../paging.js'
import { empty, fail, invalid, json } from '../responses.js'
import { bodyObject, queryFlag } from '../validators.js'
import type { FakeSurveyResponse } from '../records.js'
import { isoDateTime, type FakeStore } from '../store.js'

type StatsHandlers = Pick<
  GroupHandlers<'surveys'>,
  | 'surveys.stats'
  | 'surveys.summarizeResponses'
  | 'surveys.summaryHeadline'
  | 'surveys.responsesCount'
  | 'surveys.allStats'
>

/** Some survey actions answer an unknown id with 404 and no body (§1.6). */
export const emptyNotFound = (): never => fail(empty(404))

/** Responses in a date window, optionally without archived ones. */
function responsesOf(
  store: FakeStore,
  surveyId: string,
  window: DateWindow,
  excludeArchived: boolean,
): FakeSurveyResponse[] {
  const archived = store.archivedResponseUuids.get(surveyId)
  return (store.surveyResponses.get(surveyId) ?? []).filter((response) => {
    const at = Date.parse(response.timestamp)
    if (window.from !== null && at < window.from) return false
    if (window.to !== null && at > window.to) return false
    return !(excludeArchived && archived?.has(response.uuid))
  })
}

interface DateWindow {
  from: number | null
  to: number | null
  fromText: string | null
  toText: string | null
}

/** `date_from`/`date_to`: ISO 8601 with a zone, else 400. */
function dateWindow(query: URLSearchParams): DateWindow {
  const read = (key: string) => {
    const value = query.get(key)
    if (value === null || value === '') return null
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) ||
      Number.isNaN(Date.parse(value))
    ) {
      invalid(`${key} must be an ISO 8601 timestamp with a timezone`, key)
    }
    return value
  }
  const fromText = read('date_from')
  const toText = read('date_to')
  return { from: fromText ? Date.parse(fromText) : null, to: toText ? Date.parse(toText) : null, fromText, toText }
}

interface EventStats {
  total_count: number
  unique_persons: number
  first_seen: string | null
  last_seen: string | null
  unique_persons_only_seen: number
  total_count_only_seen: number
}

/** `{stats, rates}` of a set of responses: each response is one `survey sent` and one `survey shown`. */
function statsOf(
  shown: FakeSurveyResponse[],
  sent: FakeSurveyResponse[],
): { stats: Record<string, EventStats>; rates: Record<string, number> } {
  const sentPersons = new Set(sent.map((response) => response.distinct_id))
  const shownPersons = new Set(shown.map((response) => response.distinct_id))
  const onlySeen = shown.filter((response) => !sentPersons.has(response.distinct_id))
  const event = (responses: FakeSurveyResponse[], onlySeenCount = 0, onlySeenPersons = 0): EventStats => {
    const times = responses.map((response) => Date.parse(response.timestamp)).sort((a, b) => a - b)
    // ClickHouse's naive timestamps with a `Z` appended (docs/service-behaviour.md §1.8).
    const render = (time: number | undefined) =>
      time === undefined ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z')
    return {
      total_count: responses.length,
      unique_persons: new Set(responses.map((response) => response.distinct_id)).size,
      first_seen: render(times[0]),
      last_seen: render(times[times.length - 1]),
      unique_persons_only_seen: onlySeenPersons,
      total_count_only_seen: onlySeenCount,
    }
  }
  const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100)
  const shownStats = event(shown, onlySeen.length, new Set(onlySeen.map((response) => response.distinct_id)).size)
  const sentStats = event(sent)
  return {
    stats: { 'survey shown': shownStats, 'survey dismissed': event([]), 'survey sent': sentStats },
    rates: {
      response_rate: rate(sentStats.total_count, shownStats.total_count),
      dismissal_rate: 0,
      unique_users_response_rate: rate(sentPersons.size, shownPersons.size),
      unique_users_dismissal_rate: 0,
    },
  }
}

export const surveyStatsHandlers: StatsHandlers = {
  'surveys.stats': (context) => {
    const { store, query } = context
    const survey = findRecord(context, context.store.surveys)
    const window = dateWindow(query)
    const excludeArchived = queryFlag(query, 'exclude_archived')
    const shown = responsesOf(store, survey.id, window, false)
    const sent = responsesOf(store, survey.id, window, excludeArchived)
    return json({
      ...statsOf(shown, sent),
      survey_id: survey.id,
      start_date: window.fromText ?? survey.start_date ?? survey.created_at,
      end_date: window.toText ?? survey.end_date,
    })
  },

  'surveys.summarizeResponses': (context) => {
    const { store, query } = context
    const survey = findRecord(context, context.store.surveys, { missing: emptyNotFound })
    const questionId = query.get('question_id')
    const questionIndex = query.get('question_index')
    if (!questionId && !questionIndex) invalid('question_id or question_index is required')
    const questions = survey.questions ?? []
    const question = questionId
      ? questions.find((item) => item['id'] === questionId)
      : questions[positiveInt(questionIndex, false) ?? Number.NaN]
    if (!question) invalid('Question not found')
    const body = bodyObject(context.body)
    const cacheKey = `${survey.id}:${String(question['id'])}`
    const cached = store.summaries.get(cacheKey)
    if (cached && body['force_refresh'] !== true)
      return json({ ...cached, cached: true }, 200, { 'cache-control': 'max-age=15' })
    const responses = responsesOf(store, survey.id, { from: null, to: null, fromText: null, toText: null }, true)
    const summary = {
      content:
        `## Summary\n\n${responses.length} responses to "${String(question['question'] ?? '')}".\n\n- ` +
        `Respondents mostly asked for improvements.`,
      response_count: responses.length,
      generated_at: isoDateTime(store.now()),
      trace_id: store.uuid(),
      cached: false,
    }
    store.summaries.set(cacheKey, summary)
    return json(summary, 200, { 'cache-control': 'max-age=15' })
  },

  'surveys.summaryHeadline': (context) => {
    const { store } = context
    const survey = findRecord(context, context.store.surveys, { missing: emptyNotFound })
    const responses = responsesOf(store, survey.id, { from: null, to: null, fromText: null, toText: null }, true)
    const sampled = Math.min(responses.length, 100)
    return json({
      headline:
        responses.length === 0
          ? 'No responses yet.'
          : `Across ${responses.length} responses, people mostly asked for improvements.`,
      responses_sampled: sampled,
      has_more: responses.length > sampled,
    })
  },

  'surveys.responsesCount': ({ store, query }) => {
    const surveys = [...store.surveys.values()]
    // `{}` while no survey has ever started (§5.2).
    if (!surveys.some((survey) => survey.start_date !== null)) return json({})
    const wanted = query
      .get('survey_ids')
      ?.split(',')
      .map((id) => id.trim())
      .filter(Boolean)
    const excludeArchived = queryFlag(query, 'exclude_archived')
    const counts: Record<string, number> = {}
    for (const survey of surveys) {
      if (wanted && !wanted.includes(survey.id)) continue
      const count = responsesOf(
        store,
        survey.id,
        { from: null, to: null, fromText: null, toText: null },
        excludeArchived,
      ).length
      if (count > 0) counts[survey.id] = count
    }
    return json(counts)
  },

  'surveys.allStats': ({ store, query }) => {
    const window = dateWindow(query)
    const surveys = [...store.surveys.values()]
    if (!surveys.some((survey) => survey.start_date !== null)) {
      return json({
        stats: {},
        rates: { response_rate: 0, dismissal_rate: 0, unique_users_response_rate: 0, unique_users_dismissal_rate: 0 },
      })
    }
    const responses = surveys.flatMap((survey) => responsesOf(store, survey.id, window, false))
    return json(statsOf(responses, responses))
  },
}
