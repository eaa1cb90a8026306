import type { HogQLQuery } from '../model/insight-queries.js'
import type { SurveyResponseAnswer, SurveyResponseRow } from '../schemas/survey-responses.js'
import type { SurveyQuestion } from '../model/survey-questions.js'
import type { Survey } from '../schemas/surveys.js'

/**
 * `surveys.responses` through the query API (docs/service-behaviour.md §10.2): the HogQL PostHog's interface
 * runs for a page, with the page's filters and one row more than `limit` (to learn whether another page
 * follows), and its rows shaped as the endpoint's (§10.1). Pure functions, loaded on first use (load-derived.ts).
 */

/** Event properties read into a row's `extra`, each `$<name>` (`survey_iteration` is `extra.iteration`). */
const EXTRA = [
  'device_type',
  'browser',
  'os',
  'geoip_country_code',
  'geoip_country_name',
  'geoip_city_name',
  'current_url',
  'survey_iteration',
]

/** The questions a page reads, with their positions. */
export type PageQuestions = Array<{ question: SurveyQuestion; index: number }>

/**
 * The query of the page `params` describes (the endpoint's query parameters), or `undefined` when it can
 * match nothing: as the endpoint does, a `question_id` the survey does not have matches no response.
 */
export function responsesQuery(
  survey: Survey,
  params: URLSearchParams,
  archived: string[],
): { hogql: HogQLQuery; questions: PageQuestions } | undefined {
  const only = params.get('question_id')
  const questions = (survey.questions ?? [])
    .map((question, index) => ({ question, index }))
    .filter(({ question }) => only === null || question.id === only)
  if (only !== null && questions.length === 0) return undefined
  const values: Record<string, unknown> = {
    id: survey.id,
    since: hogqlDate(params.get('since') ?? survey.start_date ?? survey.created_at),
    until: hogqlDate(params.get('until') ?? survey.end_date ?? undefined),
    archived,
    score_gte: Number(params.get('score_gte')),
    score_lte: Number(params.get('score_lte')),
  }
  const answers = questions.map(({ question, index }) => {
    values[`q${index}`] = question.id ?? ''
    return `getSurveyResponse(${index}, {q${index}}${question.type === 'multiple_choice' ? ', true' : ''})`
  })
  let where =
    "event = 'survey sent' AND properties.$survey_id = {id} AND timestamp >= {since} AND timestamp <= {until} " +
    'AND uniqueSurveySubmissionsFilter({id}, {since}, {until})'
  if (archived.length > 0) where += ' AND NOT has({archived}, toString(uuid))'
  if (only !== null) where += ` AND notEmpty(${answers[0]})`
  if (params.has('score_gte')) where += ` AND toFloat(${answers[0]}) >= {score_gte}`
  if (params.has('score_lte')) where += ` AND toFloat(${answers[0]}) <= {score_lte}`
  const limit = Number(params.get('limit') ?? 100)
  const columns = [...EXTRA.map((name) => `properties.$${name}`), ...answers].join(', ')
  const sql =
    `SELECT uuid, distinct_id, timestamp, properties.$session_id, ${columns} FROM events WHERE ${where} ORDER BY ` +
    `timestamp DESC, uuid DESC LIMIT ${limit + 1} OFFSET ${Number(params.get('offset') ?? 0)}`
  return { hogql: { kind: 'HogQLQuery', query: sql, values }, questions }
}

/** The rows of a page's answer (its first `limit`). */
export function responseRows(results: unknown[][], questions: PageQuestions, limit: number): SurveyResponseRow[] {
  return results.slice(0, limit).map(([uuid, distinctId, timestamp, sessionId, ...rest]) => ({
    uuid: String(uuid),
    distinct_id: String(distinctId),
    session_id: sessionId ? String(sessionId) : null,
    submitted_at: String(timestamp),
    answers: questions.flatMap(({ question, index }, column) => {
      let answer = rest[EXTRA.length + column] as SurveyResponseAnswer['answer'] | null
      // Multiple-choice answers come as raw JSON strings (`"Tutorials"`): unquoted as the interface does.
      if (Array.isArray(answer)) answer = answer.map((choice) => String(choice).replace(/^['"]+|['"]+$/g, ''))
      return answer === null || (answer as { length?: number }).length === 0
        ? []
        : [
            {
              question_id: question.id ?? '',
              question_index: index,
              question_text: question.question ?? '',
              question_type: question.type ?? 'open',
              answer,
            },
          ]
    }),
    extra: Object.fromEntries(
      EXTRA.map((name, index) => [
        name === 'survey_iteration' ? 'iteration' : name,
        rest[index] === '' ? null : (rest[index] ?? null),
      ]),
    ),
  }))
}

/** A date-time as PostHog's interface writes them into HogQL: UTC, `YYYY-MM-DDTHH:mm:ss`; now when absent. */
function hogqlDate(value: string | undefined): string {
  return (value === undefined ? new Date() : new Date(value)).toISOString().slice(0, 19)
}
