import { dateTime, queryParams } from '../core/args.js'
import { InvalidArgumentError, MethodNotAllowedError, NotFoundError } from '../core/errors.js'
import { checkWhole, type RequestOptions } from '../core/options.js'
import type { CallArgs, PageFallback, Transport } from '../core/transport.js'
import type { WithResponse } from '../core/api-promise.js'
import type { PageEnvelope } from '../core/pagination.js'
import type { HogQLQueryResponse } from '../schemas/queries.js'
import type { SurveyResponsesParams } from '../requests/surveys.js'
import type { SurveyResponseRow } from '../schemas/survey-responses.js'
import { archivedResponseUuidsSchema, surveySchema, type Survey } from '../schemas/surveys.js'
import { decodeWith } from '../core/validation.js'
import { loadDerived } from './load-derived.js'
import { runQuery } from './query.js'

/**
 * `surveys.responses` where the service has no responses endpoint (an older self-hosted instance answers
 * 404): the same rows read through the query API, the way PostHog's interface reads them
 * (docs/service-behaviour.md §10.2). The survey (for its questions and dates) and, for `exclude_archived`,
 * its archived response UUIDs are read once per walk; then one HogQL query a page (written by
 * survey-responses-hogql.ts).
 */

/** `params` of `surveys.responses` checked: `limit` 1–500, a score only with its question, dates readable. */
export function checkResponsesParams(params: SurveyResponsesParams | undefined): SurveyResponsesParams | undefined {
  const query = queryParams('params', params)
  if (query?.limit !== undefined) checkWhole('params.limit', query.limit, 1, 500)
  for (const name of ['score_gte', 'score_lte'] as const) {
    if (query?.[name] !== undefined && query.question_id === undefined)
      throw new InvalidArgumentError(`params.${name}`, 'needs params.question_id')
  }
  for (const name of ['since', 'until'] as const)
    if (query?.[name] !== undefined) dateTime(`params.${name}`, query[name])
  return query
}

/**
 * One walk of `surveys.responses`: the query sent and, for `exclude_archived`, which rows it yields. A walk
 * visits every response that matched when it started, even while the caller archives rows it read (the
 * archive recipe: docs/service-behaviour.md §10.5). Read by offset with `exclude_archived` on the wire, each
 * page would start past rows that left the filtered set (100 of 123 archived). So the walk reads the
 * archived UUIDs once, as it starts, asks the service for every response up to the moment it started
 * (`until`, unless given: later responses do not shift the offsets either), and leaves out those archived
 * at the start: the set it pages through no longer changes under it.
 */
export function responsesWalk(
  transport: Transport,
  id: string,
  params: SurveyResponsesParams | undefined,
  options: RequestOptions | undefined,
) {
  const snapshot = (params as { exclude_archived?: unknown } | undefined)?.exclude_archived === true
  const args = (): CallArgs => {
    const query = checkResponsesParams(params)
    if (!snapshot || !query) return { path: { id }, query }
    const { exclude_archived: _, ...rest } = query
    return { path: { id }, query: { ...rest, until: query.until ?? new Date() }, givenQuery: query }
  }
  const keep = snapshot
    ? () =>
        transport
          .send('surveys.archivedResponseUuids', archivedResponseUuids, { path: { id } }, options)
          .then(({ data }) => {
            const archived = new Set(data)
            return (row: SurveyResponseRow) => !archived.has(row.uuid)
          })
    : undefined
  return { args, keep }
}

// How the reads of the fallback are read.
const survey = decodeWith(surveySchema)
const archivedResponseUuids = decodeWith(archivedResponseUuidsSchema)

/** What a walk of the fallback reads once. */
interface Context {
  survey: Survey
  /** The survey read's response: what an empty page (an unknown `question_id`) answers with. */
  response: Response
  archived: string[]
}

/** The fallback of one walk of `surveys.responses`: taken on a 404 or 405 of the responses endpoint. */
export function responsesFallback(
  transport: Transport,
  id: string,
  options: RequestOptions | undefined,
): PageFallback<SurveyResponseRow> {
  let context: Promise<Context> | undefined
  return (url, error) => {
    if (error !== undefined && !(error instanceof NotFoundError || error instanceof MethodNotAllowedError))
      return undefined
    const query = new URL(url).searchParams
    context ??= Promise.all([
      transport.send('surveys.retrieve', survey, { path: { id } }, options),
      query.get('exclude_archived') === 'true' &&
        transport.send('surveys.archivedResponseUuids', archivedResponseUuids, { path: { id } }, options),
    ]).then(([{ data: survey, response }, archived]) => ({ survey, response, archived: archived ? archived.data : [] }))
    return context.then((known) => readPage(transport, known, query, options))
  }
}

/** One page of the walk, with what the walk read once. */
async function readPage(
  transport: Transport,
  { survey, response, archived }: Context,
  params: URLSearchParams,
  options: RequestOptions | undefined,
): Promise<WithResponse<PageEnvelope<SurveyResponseRow>>> {
  const { responsesQuery, responseRows } = await loadDerived()
  const page = (rows: SurveyResponseRow[], hasMore: boolean, answered: Response) => ({
    data: { results: rows, count: null, next: undefined, previous: null, hasMore },
    response: answered,
  })
  const read = responsesQuery(survey, params, archived)
  if (!read) return page([], false, response)
  const limit = Number(params.get('limit') ?? 100)
  const { data, response: answered } = await runQuery<HogQLQueryResponse>(transport, read.hogql, options)
  return page(responseRows(data.results, read.questions, limit), data.results.length > limit, answered)
}
