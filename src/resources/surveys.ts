import { InvalidArgumentError } from '../core/errors.js'
import { integerId, plainObject, queryParams, show, stringId, stringList } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import { decodePage, type ListOptions, type PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import {
  activityLogSchema,
  archivedResponseUuidsSchema,
  duplicateToProjectsResultSchema,
  responseArchiveResultSchema,
  surveyAllStatsSchema,
  surveyResponseSummarySchema,
  surveyResponsesCountSchema,
  surveySchema,
  surveyStatsSchema,
  surveySummaryHeadlineSchema,
  type ActivityLog,
  type DuplicateToProjectsParams,
  type DuplicateToProjectsResult,
  type SummarizeResponsesParams,
  type SummaryHeadlineParams,
  type Survey,
  type SurveyActivityParams,
  type SurveyAllStats,
  type SurveyAllStatsParams,
  type SurveyCreateParams,
  type SurveyListParams,
  type SurveyResponseSummary,
  type SurveyResponsesCount,
  type SurveyResponsesCountParams,
  type SurveyStats,
  type SurveyStatsParams,
  type SurveySummaryHeadline,
  type SurveyUpdateParams,
} from '../schemas/surveys.js'

const survey = decodeWith(surveySchema)
const surveyPage = decodePage(surveySchema)
const activityPage = decodePage(activityLogSchema)
const archivedResponseUuids = decodeWith(archivedResponseUuidsSchema)
const duplicateToProjectsResult = decodeWith(duplicateToProjectsResultSchema)
const responseArchiveResult = decodeWith(responseArchiveResultSchema)
const surveyStats = decodeWith(surveyStatsSchema)
const surveyAllStats = decodeWith(surveyAllStatsSchema)
const responseSummary = decodeWith(surveyResponseSummarySchema)
const summaryHeadline = decodeWith(surveySummaryHeadlineSchema)
const responsesCount = decodeWith(surveyResponsesCountSchema)

/** Surveys: `/api/projects/:project_id/surveys/`. Ids are strings (UUIDs). */
export class Surveys extends APIResource {
  /**
   * Lists surveys (limit/offset, 100 a page by default).
   *
   * `GET /api/projects/:project_id/surveys/` · scope `survey:read`
   */
  list(params?: SurveyListParams, options?: ListOptions): PagePromise<Survey> {
    return this._client.list(() => ({
      operation: 'surveys.list',
      query: queryParams('params', params),
      decode: surveyPage,
      options,
    }))
  }

  /**
   * Creates a survey (`name` and `type` required).
   *
   * `POST /api/projects/:project_id/surveys/` · scope `survey:write`
   */
  create(body: SurveyCreateParams, options?: RequestOptions): APIPromise<Survey> {
    return this._client.request(() => ({
      operation: 'surveys.create',
      body: plainObject('body', body, true),
      decode: survey,
      options,
    }))
  }

  /**
   * Reads one survey.
   *
   * `GET /api/projects/:project_id/surveys/:id/` · scope `survey:read`
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Survey> {
    return this._client.request(() => ({
      operation: 'surveys.retrieve',
      path: { id: stringId('id', id) },
      decode: survey,
      options,
    }))
  }

  /**
   * Changes any writable fields.
   *
   * `PATCH /api/projects/:project_id/surveys/:id/` · scope `survey:write`
   */
  update(id: string, body: SurveyUpdateParams, options?: RequestOptions): APIPromise<Survey> {
    return this._client.request(() => ({
      operation: 'surveys.update',
      path: { id: stringId('id', id) },
      body: plainObject('body', body, true),
      decode: survey,
      options,
    }))
  }

  /**
   * Deletes a survey for good (and its targeting flags); resolves `undefined` (204).
   *
   * `DELETE /api/projects/:project_id/surveys/:id/` · scope `survey:write`
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.request(() => ({
      operation: 'surveys.delete',
      path: { id: stringId('id', id) },
      decode: 'none',
      options,
    }))
  }

  /**
   * The activity log of one survey, newest first, page-based (`limit` default 10, `page` from 1).
   *
   * `GET /api/projects/:project_id/surveys/:id/activity/` · scope `activity_log:read`
   */
  activity(id: string, params?: SurveyActivityParams, options?: ListOptions): PagePromise<ActivityLog> {
    return this._client.list(() => ({
      operation: 'surveys.activity',
      path: { id: stringId('id', id) },
      query: queryParams('params', params),
      decode: activityPage,
      options,
    }))
  }

  /**
   * The activity log of every survey of the project, page-based like {@link Surveys.activity}.
   *
   * `GET /api/projects/:project_id/surveys/activity/` · scope `activity_log:read`
   */
  allActivity(params?: SurveyActivityParams, options?: ListOptions): PagePromise<ActivityLog> {
    return this._client.list(() => ({
      operation: 'surveys.allActivity',
      query: queryParams('params', params),
      decode: activityPage,
      options,
    }))
  }

  /**
   * UUIDs of the survey's archived responses (no order), to filter them out of queries.
   *
   * `GET /api/projects/:project_id/surveys/:id/archived-response-uuids/` · scope `survey:read`
   */
  archivedResponseUuids(id: string, options?: RequestOptions): APIPromise<string[]> {
    return this._client.request(() => ({
      operation: 'surveys.archivedResponseUuids',
      path: { id: stringId('id', id) },
      decode: archivedResponseUuids,
      options,
    }))
  }

  /**
   * Copies the survey, as a draft without flags, into each target project, all or nothing: when any
   * copy fails the service rolls every copy back and this rejects.
   *
   * `POST /api/projects/:project_id/surveys/:id/duplicate_to_projects/` · scope `survey:write`
   */
  duplicateToProjects(id: string, body: DuplicateToProjectsParams, options?: RequestOptions): APIPromise<DuplicateToProjectsResult> {
    return this._client.request(() => {
      const checked = plainObject('body', body, true) as DuplicateToProjectsParams
      const ids: unknown = checked.target_team_ids
      if (!Array.isArray(ids) || ids.length === 0) {
        throw new InvalidArgumentError('body.target_team_ids', `expected a non-empty array of project ids, got ${show(ids)}`)
      }
      ids.forEach((teamId, index) => {
        if (typeof teamId !== 'number' || !Number.isSafeInteger(teamId) || teamId <= 0) {
          throw new InvalidArgumentError(`body.target_team_ids[${index}]`, `expected a positive integer, got ${show(teamId)}`)
        }
      })
      return {
        operation: 'surveys.duplicateToProjects',
        path: { id: stringId('id', id) },
        body: checked,
        decode: duplicateToProjectsResult,
        options,
      }
    })
  }

  /**
   * Archives one response (idempotent); resolves the number the service answers (`200`).
   *
   * `POST /api/projects/:project_id/surveys/:id/responses/:responseUuid/archive/` · scope `survey:write`
   */
  archiveResponse(id: string, responseUuid: string, options?: RequestOptions): APIPromise<number> {
    return this._client.request(() => ({
      operation: 'surveys.archiveResponse',
      path: { id: stringId('id', id), responseUuid: stringId('responseUuid', responseUuid) },
      decode: responseArchiveResult,
      options,
    }))
  }

  /**
   * Reverses {@link Surveys.archiveResponse}; resolves the number the service answers (`200`).
   *
   * `POST /api/projects/:project_id/surveys/:id/responses/:responseUuid/unarchive/` · scope `survey:write`
   */
  unarchiveResponse(id: string, responseUuid: string, options?: RequestOptions): APIPromise<number> {
    return this._client.request(() => ({
      operation: 'surveys.unarchiveResponse',
      path: { id: stringId('id', id), responseUuid: stringId('responseUuid', responseUuid) },
      decode: responseArchiveResult,
      options,
    }))
  }

  /**
   * Event counts, unique respondents and rates of one survey; archived responses count unless
   * `exclude_archived` is true.
   *
   * `GET /api/projects/:project_id/surveys/:id/stats/` · scope `survey:read`
   */
  stats(id: string, params?: SurveyStatsParams, options?: RequestOptions): APIPromise<SurveyStats> {
    return this._client.request(() => ({
      operation: 'surveys.stats',
      path: { id: stringId('id', id) },
      query: queryParams('params', params),
      decode: surveyStats,
      options,
    }))
  }

  /**
   * Statistics across all non-archived surveys (`stats` is `{}` when there are none).
   *
   * `GET /api/projects/:project_id/surveys/stats/` · scope `survey:read`
   */
  allStats(params?: SurveyAllStatsParams, options?: RequestOptions): APIPromise<SurveyAllStats> {
    return this._client.request(() => ({
      operation: 'surveys.allStats',
      query: queryParams('params', params),
      decode: surveyAllStats,
      options,
    }))
  }

  /**
   * An AI summary of the answers to one question (PostHog Cloud only). The service reads the question
   * from the query and `force_refresh` from the body: pass all three here, `question_id` /
   * `question_index` go to the query. Read-only, so retried like a GET.
   *
   * `POST /api/projects/:project_id/surveys/:id/summarize_responses/` · scope `survey:read`
   */
  summarizeResponses(id: string, body?: SummarizeResponsesParams, options?: RequestOptions): APIPromise<SurveyResponseSummary> {
    return this._client.request(() => {
      const { question_id, question_index, ...rest }: SummarizeResponsesParams = plainObject('body', body) ?? {}
      if (question_id !== undefined) stringId('body.question_id', question_id)
      if (question_index !== undefined) integerId('body.question_index', question_index)
      return {
        operation: 'surveys.summarizeResponses',
        path: { id: stringId('id', id) },
        query: { question_id, question_index },
        body: rest,
        decode: responseSummary,
        options,
      }
    })
  }

  /**
   * A one-line AI headline over a sample of responses (needs the organisation's AI consent, else 403).
   * Read-only, so retried like a GET.
   *
   * `POST /api/projects/:project_id/surveys/:id/summary_headline/` · scope `survey:read`
   */
  summaryHeadline(id: string, body?: SummaryHeadlineParams, options?: RequestOptions): APIPromise<SurveySummaryHeadline> {
    return this._client.request(() => ({
      operation: 'surveys.summaryHeadline',
      path: { id: stringId('id', id) },
      body: plainObject('body', body) ?? {},
      decode: summaryHeadline,
      options,
    }))
  }

  /**
   * Number of responses per survey id (`{}` when no survey ever started); `survey_ids` is sent
   * comma-separated.
   *
   * `GET /api/projects/:project_id/surveys/responses_count/` · scope `survey:read`
   */
  responsesCount(params?: SurveyResponsesCountParams, options?: RequestOptions): APIPromise<SurveyResponsesCount> {
    return this._client.request(() => {
      const query = queryParams('params', params)
      if (query?.survey_ids !== undefined) stringList('params.survey_ids', query.survey_ids)
      return {
        operation: 'surveys.responsesCount',
        query,
        decode: responsesCount,
        options,
      }
    })
  }
}
