/**
 * A survey's responses: seeded (`fake.seed.surveyResponses`), and read by `GET surveys/:id/responses/`
 * (docs/service-behaviour.md §10.1): newest first, one row per submission (the fake stores one event per
 * submission), in the `{results, has_more, limit, offset}` envelope, with `exclude_archived`, `question_id`,
 * `score_gte`/`score_lte` and `since`/`until`.
 */
import type { OperationContext } from '../context.js'
import { findRecord } from '../group-kit.js'
import { invalid, json } from '../responses.js'
import { dateTimeField, integerField, queryFlag } from '../validators.js'
import type { FakeSurveyResponse } from '../records.js'
import { drfDateTime, type FakeStore } from '../store.js'
import { instant, restAnswer, storedAnswer, surveyEvent, type SurveyEvent } from '../survey-events.js'

/** Fields a seeded response may set. */
export type SurveyResponseSeed = Partial<Omit<FakeSurveyResponse, 'survey_id'>>

/**
 * Stores responses to a survey; each gets a UUID, a distinct id and a timestamp unless given. The timestamps
 * fall inside the survey's window, as the responses endpoint reads it (from its start, or creation, to its end
 * or now): a minute apart, or closer when the window is shorter, the newest last.
 */
export function seedSurveyResponses(
  store: FakeStore,
  surveyId: string,
  seeds: readonly SurveyResponseSeed[],
): FakeSurveyResponse[] {
  const survey = store.surveys.get(surveyId)
  if (!survey) throw new Error(`seed.surveyResponses: no survey with id ${surveyId}`)
  const list = store.surveyResponses.get(surveyId) ?? []
  const firstQuestion = survey.questions?.[0]?.['id']
  const to = survey.end_date ? Math.min(instant(survey.end_date), store.now().getTime()) : store.now().getTime()
  const from = instant(survey.start_date ?? survey.created_at)
  const step = Math.max(1, Math.min(60_000, Math.floor((to - from) / (seeds.length + 1))))
  const created = seeds.map((seed, index) => {
    const number = list.length + index + 1
    const response: FakeSurveyResponse = {
      uuid: store.uuid(),
      survey_id: surveyId,
      distinct_id: `respondent-${number}`,
      timestamp: store.timestamp(to - store.now().getTime() - (seeds.length - index) * step),
      answers: typeof firstQuestion === 'string' ? { [firstQuestion]: `Answer ${number}` } : {},
      ...seed,
    }
    return response
  })
  list.push(...created)
  store.surveyResponses.set(surveyId, list)
  return created
}

/** `extra`'s keys and the event property each comes from. */
const EXTRA: ReadonlyArray<[string, string]> = [
  ['device_type', '$device_type'],
  ['browser', '$browser'],
  ['os', '$os'],
  ['geoip_country_code', '$geoip_country_code'],
  ['geoip_country_name', '$geoip_country_name'],
  ['geoip_city_name', '$geoip_city_name'],
  ['current_url', '$current_url'],
  ['iteration', '$survey_iteration'],
]

export function surveyResponses(context: OperationContext): Response {
  const survey = findRecord(context, context.store.surveys)
  const query = Object.fromEntries(context.query)
  const limit = integerField(query, 'limit', { min: 1, max: 500 }) ?? 100
  const offset = integerField(query, 'offset', { min: 0 }) ?? 0
  const since = dateTimeField(query, 'since')
  const until = dateTimeField(query, 'until')
  const questionId = query['question_id'] || null
  const scores = (['score_gte', 'score_lte'] as const).map((key) =>
    query[key] === undefined ? null : Number(query[key]),
  )
  if (scores.some((score) => score !== null) && questionId === null)
    invalid('score_lte / score_gte require question_id', 'question_id')
  if (scores.some((score) => Number.isNaN(score)))
    invalid('A valid number is required.', query['score_gte'] !== undefined ? 'score_gte' : 'score_lte')
  const from = instant(since ?? survey.start_date ?? survey.created_at)
  const to = until ? instant(until) : survey.end_date ? instant(survey.end_date) : context.store.now().getTime()
  const archived = queryFlag(context.query, 'exclude_archived')
    ? context.store.archivedResponseUuids.get(survey.id)
    : undefined
  const questions = (survey.questions ?? [])
    .map((question, index) => ({ question, index }))
    .filter(({ question }) => questionId === null || question['id'] === questionId)
  if (questionId !== null && questions.length === 0) return json({ results: [], has_more: false, limit, offset })
  const rows = (context.store.surveyResponses.get(survey.id) ?? [])
    .filter(
      (response) =>
        instant(response.timestamp) >= from && instant(response.timestamp) <= to && !archived?.has(response.uuid),
    )
    .map((response) => row(surveyEvent(survey, response), questions, response.session_id ?? null))
    .filter(
      (entry) => questionId === null || (entry.answers.length > 0 && inScore(Number(entry.answers[0]!.answer), scores)),
    )
    .sort((a, b) => instant(b.submitted_at) - instant(a.submitted_at) || (a.uuid < b.uuid ? 1 : -1))
  return json({ results: rows.slice(offset, offset + limit), has_more: rows.length > offset + limit, limit, offset })
}

function inScore(value: number, [gte = null, lte = null]: Array<number | null>): boolean {
  return (gte === null || value >= gte) && (lte === null || value <= lte)
}

function row(
  event: SurveyEvent,
  questions: Array<{ question: Record<string, unknown>; index: number }>,
  sessionId: string | null,
) {
  const answers = questions.flatMap(({ question, index }) => {
    const answer = restAnswer(storedAnswer(event.properties, index, String(question['id'] ?? '')))
    if (answer === null) return []
    return [
      {
        question_id: String(question['id'] ?? ''),
        question_index: index,
        question_text: String(question['question'] ?? ''),
        question_type: String(question['type'] ?? 'open'),
        answer,
      },
    ]
  })
  const extra = Object.fromEntries(EXTRA.map(([key, property]) => [key, event.properties[property] ?? null]))
  return {
    uuid: event.uuid,
    distinct_id: event.distinct_id,
    session_id: sessionId,
    submitted_at: drfDateTime(new Date(instant(event.timestamp))),
    answers,
    extra,
  }
}
