import {
  SurveysOperations,
  archivedResponseUuids,
  responseArchiveResult,
  survey,
  surveyResponseSummary,
} from './generated/surveys.js'
import { writableFields } from '../core/create-params.js'
import { dateTime, integerId, plainObject, stringId } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import type { RequestOptions } from '../core/transport.js'
import type { SurveyResponseRow } from '../schemas/survey-responses.js'
import { surveyResponseRowSchema } from '../schemas/survey-responses.js'
import { responsesFallback, responsesWalk } from './survey-responses.js'
import type { Survey, SurveyResponseSummary } from '../schemas/surveys.js'
import type {
  SummarizeResponsesParams,
  SurveyCreateParams,
  SurveyLaunchParams,
  SurveyResponsesParams,
  SurveyStopParams,
} from '../requests/surveys.js'

/** Surveys: `/api/projects/:project_id/surveys/`. Ids are strings (UUIDs). */
export class Surveys extends SurveysOperations {
  /**
   * The writable fields of a survey as `create` takes them back: what the service derives (id, dates it
   * stamps, authors, the flag objects) is left out. Sends nothing. Survey names are unique in a project:
   * rename the copy before creating it in the same project.
   */
  toCreateParams(survey: Survey): SurveyCreateParams {
    const fields = writableFields('surveys', survey)
    // The service stores its computed daily limits as a JSON-encoded string (docs/service-behaviour.md §5.2); a write
    // takes the list.
    const limits = fields.response_sampling_daily_limits
    if (typeof limits === 'string') fields.response_sampling_daily_limits = parseDailyLimits(limits)
    return fields as unknown as SurveyCreateParams
  }

  /**
   * Launches a survey: one PATCH setting `start_date` (default: now).
   *
   * `PATCH /api/projects/:project_id/surveys/:id/` · scope `survey:write`
   */
  launch(id: string, params: SurveyLaunchParams = {}, options?: RequestOptions): APIPromise<Survey> {
    return this._transport.request(
      'surveys.update',
      survey,
      () => ({
        path: { id },
        body: { start_date: dateTime('params.start_date', plainObject('params', params)?.start_date) },
      }),
      options,
    )
  }

  /**
   * Stops a survey: one PATCH setting `end_date` (default: now).
   *
   * `PATCH /api/projects/:project_id/surveys/:id/` · scope `survey:write`
   */
  stop(id: string, params: SurveyStopParams = {}, options?: RequestOptions): APIPromise<Survey> {
    return this._transport.request(
      'surveys.update',
      survey,
      () => ({
        path: { id },
        body: { end_date: dateTime('params.end_date', plainObject('params', params)?.end_date) },
      }),
      options,
    )
  }

  /**
   * Resumes a stopped survey: one PATCH setting `end_date: null`.
   *
   * `PATCH /api/projects/:project_id/surveys/:id/` · scope `survey:write`
   */
  resume(id: string, options?: RequestOptions): APIPromise<Survey> {
    return this._transport.request('surveys.update', survey, { path: { id }, body: { end_date: null } }, options)
  }

  /**
   * Archives a survey: one PATCH setting `archived: true`.
   *
   * `PATCH /api/projects/:project_id/surveys/:id/` · scope `survey:write`
   */
  archive(id: string, options?: RequestOptions): APIPromise<Survey> {
    return this._transport.request('surveys.update', survey, { path: { id }, body: { archived: true } }, options)
  }

  /**
   * UUIDs of the survey's archived responses (no order), to filter them out of queries.
   *
   * `GET /api/projects/:project_id/surveys/:id/archived-response-uuids/` · scope `survey:read`
   */
  archivedResponseUuids(id: string, options?: RequestOptions): APIPromise<string[]> {
    return this._transport.request('surveys.archivedResponseUuids', archivedResponseUuids, { path: { id } }, options)
  }

  /**
   * Archives one response (idempotent); resolves the number the service answers (`200`).
   *
   * `POST /api/projects/:project_id/surveys/:id/responses/:responseUuid/archive/` · scope `survey:write`
   */
  archiveResponse(id: string, responseUuid: string, options?: RequestOptions): APIPromise<number> {
    return this._transport.request(
      'surveys.archiveResponse',
      responseArchiveResult,
      { path: { id, responseUuid } },
      options,
    )
  }

  /**
   * Reverses {@link Surveys.archiveResponse}; resolves the number the service answers (`200`).
   *
   * `POST /api/projects/:project_id/surveys/:id/responses/:responseUuid/unarchive/` · scope `survey:write`
   */
  unarchiveResponse(id: string, responseUuid: string, options?: RequestOptions): APIPromise<number> {
    return this._transport.request(
      'surveys.unarchiveResponse',
      responseArchiveResult,
      { path: { id, responseUuid } },
      options,
    )
  }

  /**
   * An AI summary of the answers to one question (PostHog Cloud only). The service reads the question
   * from the query and `force_refresh` from the body: pass all three here, `question_id` /
   * `question_index` go to the query. Read-only, so retried like a GET.
   *
   * `POST /api/projects/:project_id/surveys/:id/summarize_responses/` · scope `survey:read`
   */
  summarizeResponses(
    id: string,
    body?: SummarizeResponsesParams,
    options?: RequestOptions,
  ): APIPromise<SurveyResponseSummary> {
    // The service reads the question from the query and `force_refresh` from the body.
    return this._transport.request(
      'surveys.summarizeResponses',
      surveyResponseSummary,
      () => ({ path: { id }, ...splitQuestion(body) }),
      options,
    )
  }

  /**
   * The survey's responses, newest first: one row per submission with its answers resolved (question id,
   * position, text, type). A list like the others (`for await`, `Page`, `toArray`); it pages by
   * `has_more`, so `concurrency` does not apply. Each row's `uuid` is what {@link Surveys.archiveResponse}
   * takes. On a service without this endpoint (an older self-hosted instance: 404), the same rows are read
   * through the query API, as PostHog's interface does (scope `query:read` then too). With
   * `exclude_archived: true` a walk visits every response unarchived when it started, even while you archive
   * the rows it gives (one more read, of the archived UUIDs, as it starts).
   *
   * `GET /api/projects/:project_id/surveys/:id/responses/` · scope `survey:read`
   */
  responses(id: string, params?: SurveyResponsesParams, options?: ListOptions): PagePromise<SurveyResponseRow> {
    const walk = responsesWalk(this._transport, id, params, options)
    return this._transport.list('surveys.responses', surveyResponseRowSchema, walk.args, options, {
      fallback: responsesFallback(this._transport, id, options),
      keep: walk.keep,
    })
  }
}

/** `question_id` / `question_index` go to the query, the rest (`force_refresh`) to the body. */
function splitQuestion(body: SummarizeResponsesParams | undefined): { query: object; body: object } {
  const { question_id, question_index, ...rest }: SummarizeResponsesParams = plainObject('body', body) ?? {}
  if (question_id !== undefined) stringId('body.question_id', question_id)
  if (question_index !== undefined) integerId('body.question_index', question_index)
  return { query: { question_id, question_index }, body: rest }
}

/** The list a JSON-encoded `response_sampling_daily_limits` holds; `null` when it does not hold one. */
function parseDailyLimits(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text)
    return Array.isArray(parsed) ? parsed : null
  } catch {
    return null
  }
}
