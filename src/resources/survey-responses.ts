import { dateTime, queryParams } from '../core/args.js'
import type { WithResponse } from '../core/api-promise.js'
import { InvalidArgumentError, MethodNotAllowedError, NotFoundError } from '../core/errors.js'
import { checkWhole, type RequestOptions } from '../core/options.js'
import type { PageEnvelope } from '../core/pagination.js'
import type { PageFallback, Transport } from '../core/transport.js'
import type { HogQLQuery } from '../schemas/insight-queries.js'
import type { HogQLQueryResponse } from '../schemas/queries.js'
import type { SurveyResponseAnswer, SurveyResponseRow, SurveyResponsesParams } from '../schemas/survey-responses.js'
import type { Survey } from '../schemas/surveys.js'
import { runQuery } from './query.js'

/**
 * `surveys.responses` where the service has no responses endpoint (an older self-hosted instance answers
 * 404): the same rows read through the query API, the way PostHog's interface reads them
 * (docs/service-behaviour.md §10.2). The survey (for its questions and dates) and, for `exclude_archived`,
 * its archived response UUIDs are read once per walk; then one HogQL query a page, one row more than
 * `limit` to learn whether another page follows.
 */

/** Event properties read into a row's `extra`, each `$<name>` (`survey_iteration` is `extra.iteration`). */
const EXTRA = ['device_type', 'browser', 'os', 'geoip_country_code', 'geoip_country_name', 'geoip_city_name', 'current_url', 'survey_iteration']

/** `params` of `surveys.responses` checked: `limit` 1–500, a score only with its question, dates readable. */
export function checkResponsesParams(params: SurveyResponsesParams | undefined): SurveyResponsesParams | undefined {
  const query = queryParams('params', params)
  if (query?.limit !== undefined) checkWhole('params.limit', query.limit, 1, 500)
  for (const name of ['score_gte', 'score_lte'] as const) {
    if (query?.[name] !== undefined && query.question_id === undefined) throw new InvalidArgumentError(`params.${name}`, 'needs params.question_id')
  }
  for (const name of ['since', 'until'] as const) if (query?.[name] !== undefined) dateTime(`params.${name}`, query[name])
  return query
}

interface Context {
  survey: Survey
  /** The survey read's response: what an empty page (an unknown `question_id`) answers with. */
  response: Response
  archived: string[]
}

/** The fallback of one walk of `surveys.responses`: taken on a 404 or 405 of the responses endpoint. */
export function responsesFallback(transport: Transport, id: string, options: RequestOptions | undefined): PageFallback<SurveyResponseRow> {
  let context: Promise<Context> | undefined
  return (url, error) => {
    if (error !== undefined && !(error instanceof NotFoundError || error instanceof MethodNotAllowedError)) return undefined
    const query = new URL(url).searchParams
    context ??= Promise.all([
      transport.send('surveys.retrieve', { path: { id } }, options),
      query.get('exclude_archived') === 'true' && transport.send('surveys.archivedResponseUuids', { path: { id } }, options),
    ]).then(([{ data: survey, response }, archived]) => ({ survey, response, archived: archived ? archived.data : [] }))
    return context.then((known) => readPage(transport, known, query, options))
  }
}

/** One page: the HogQL PostHog's interface runs, with the page's filters; one row more than `limit` tells whether another page follows. */
async function readPage(transport: Transport, { survey, response, archived }: Context, query: URLSearchParams, options: RequestOptions | undefined): Promise<WithResponse<PageEnvelope<SurveyResponseRow>>> {
  const limit = Number(query.get('limit') ?? 100)
  const only = query.get('question_id')
  const questions = (survey.questions ?? []).map((question, index) => ({ question, index })).filter(({ question }) => only === null || question.id === only)
  const page = (results: SurveyResponseRow[], hasMore: boolean) => ({ results, count: null, next: undefined, previous: null, hasMore })
  // As the endpoint does: a question the survey does not have matches no response.
  if (only !== null && questions.length === 0) return { data: page([], false), response }
  const values: Record<string, unknown> = {
    id: survey.id,
    since: hogqlDate(query.get('since') ?? survey.start_date ?? survey.created_at),
    until: hogqlDate(query.get('until') ?? survey.end_date ?? undefined),
    archived,
    score_gte: Number(query.get('score_gte')),
    score_lte: Number(query.get('score_lte')),
  }
  const answers = questions.map(({ question, index }) => {
    values[`q${index}`] = question.id ?? ''
    return `getSurveyResponse(${index}, {q${index}}${question.type === 'multiple_choice' ? ', true' : ''})`
  })
  let where = "event = 'survey sent' AND properties.$survey_id = {id} AND timestamp >= {since} AND timestamp <= {until} AND uniqueSurveySubmissionsFilter({id}, {since}, {until})"
  if (archived.length > 0) where += ' AND NOT has({archived}, toString(uuid))'
  if (only !== null) where += ` AND notEmpty(${answers[0]})`
  if (query.has('score_gte')) where += ` AND toFloat(${answers[0]}) >= {score_gte}`
  if (query.has('score_lte')) where += ` AND toFloat(${answers[0]}) <= {score_lte}`
  const sql = `SELECT uuid, distinct_id, timestamp, properties.$session_id, ${[...EXTRA.map((name) => `properties.$${name}`), ...answers].join(', ')} FROM events WHERE ${where} ORDER BY timestamp DESC, uuid DESC LIMIT ${limit + 1} OFFSET ${Number(query.get('offset') ?? 0)}`
  const hogql: HogQLQuery = { kind: 'HogQLQuery', query: sql, values }
  const { data, response: answered } = await runQuery<HogQLQueryResponse>(transport, hogql, options)
  const rows = data.results.slice(0, limit).map(([uuid, distinctId, timestamp, sessionId, ...rest]): SurveyResponseRow => ({
    uuid: String(uuid),
    distinct_id: String(distinctId),
    session_id: sessionId ? String(sessionId) : null,
    submitted_at: String(timestamp),
    answers: questions.flatMap(({ question, index }, column) => {
      let answer = rest[EXTRA.length + column] as SurveyResponseAnswer['answer'] | null
      // Multiple-choice answers come as raw JSON strings (`"Tutorials"`): unquoted as the interface does.
      if (Array.isArray(answer)) answer = answer.map((choice) => String(choice).replace(/^['"]+|['"]+$/g, ''))
      return answer === null || (answer as { length?: number }).length === 0 ? [] : [{ question_id: question.id ?? '', question_index: index, question_text: question.question ?? '', question_type: question.type ?? 'open', answer }]
    }),
    extra: Object.fromEntries(EXTRA.map((name, index) => [name === 'survey_iteration' ? 'iteration' : name, rest[index] === '' ? null : (rest[index] ?? null)])),
  }))
  return { data: page(rows, data.results.length > limit), response: answered }
}

/** A date-time as PostHog's interface writes them into HogQL: UTC, `YYYY-MM-DDTHH:mm:ss`; now when absent. */
function hogqlDate(value: string | undefined): string {
  return (value === undefined ? new Date() : new Date(value)).toISOString().slice(0, 19)
}
