/**
 * Survey request bodies and queries (docs/service-behaviour.md §5, §P2); the nested question,
 * condition and appearance payloads are in ./survey-questions.ts.
 */
import * as z from 'zod/mini'
import { SURVEY_SAMPLING_INTERVAL_TYPES, SURVEY_SCHEDULES, SURVEY_TYPES } from '../schemas/enums.js'
import { dateTimeInput, jsonRecord, nullableOptional } from './common.js'
import { surveyAppearanceSchema, surveyConditionsSchema, surveyQuestionSchema } from './survey-questions.js'

/** Survey type in a request: `popover`, `widget`, `external_survey` or `api`. */
export type SurveyTypeParam = (typeof SURVEY_TYPES)[number]

const surveyWriteShape = {
  /** Name, unique in the project (at most 400 characters). */
  name: z.exactOptional(z.string()),
  /** Description. */
  description: z.exactOptional(z.string()),
  /** `popover`, `widget`, `external_survey` or `api`. */
  type: z.exactOptional(z.enum(SURVEY_TYPES)),
  /** `once` (default), `recurring` or `always`. */
  schedule: nullableOptional(z.enum(SURVEY_SCHEDULES)),
  /** Show only to holders of this flag. */
  linked_flag_id: nullableOptional(z.number()),
  /** The insight the survey is linked to. */
  linked_insight_id: nullableOptional(z.number()),
  /** Use an existing flag for targeting. */
  targeting_flag_id: z.exactOptional(z.number()),
  /** Property filters of the targeting flag the service creates (write-only; not for external surveys). */
  targeting_flag_filters: nullableOptional(jsonRecord),
  /** Remove the targeting flag. */
  remove_targeting_flag: nullableOptional(z.boolean()),
  /** The questions, in order. */
  questions: nullableOptional(z.array(surveyQuestionSchema)),
  /** When the survey is shown. */
  conditions: nullableOptional(surveyConditionsSchema),
  /** The survey's look. */
  appearance: nullableOptional(surveyAppearanceSchema),
  /** Launch date-time (`null`: a draft). */
  start_date: nullableOptional(dateTimeInput),
  /** End date-time: setting it stops the survey and deactivates its targeting flags. */
  end_date: nullableOptional(dateTimeInput),
  /** Archive or unarchive. */
  archived: z.exactOptional(z.boolean()),
  /** Stop after this many responses (≥ 0). */
  responses_limit: nullableOptional(z.number()),
  /** Number of repetitions (recurring surveys, 0–500). */
  iteration_count: nullableOptional(z.number()),
  /** Days between repetitions (≥ 0). */
  iteration_frequency_days: nullableOptional(z.number()),
  /** Start of each repetition (the service recomputes them). */
  iteration_start_dates: nullableOptional(z.array(z.nullable(dateTimeInput))),
  /** The current repetition (≥ 0). */
  current_iteration: nullableOptional(z.number()),
  /** Start of the current repetition. */
  current_iteration_start_date: nullableOptional(dateTimeInput),
  /** Start of response sampling. */
  response_sampling_start_date: nullableOptional(dateTimeInput),
  /** `day`, `week` or `month`. */
  response_sampling_interval_type: nullableOptional(z.enum(SURVEY_SAMPLING_INTERVAL_TYPES)),
  /** Sampling interval length (≥ 0). */
  response_sampling_interval: nullableOptional(z.number()),
  /** Responses per interval (≥ 0). */
  response_sampling_limit: nullableOptional(z.number()),
  /** Daily limits (computed by the service). */
  response_sampling_daily_limits: nullableOptional(
    z.array(
      z.strictObject({
        /** The day (`YYYY-MM-DD`). */
        date: z.string(),
        /** Responses allowed that day. */
        daily_response_limit: z.number(),
        /** Share of users shown the survey that day. */
        rollout_percentage: z.number(),
      }),
    ),
  ),
  /** Record partial responses. */
  enable_partial_responses: nullableOptional(z.boolean()),
  /** Allow embedding in an iframe (newer services). */
  enable_iframe_embedding: nullableOptional(z.boolean()),
  /** Folder to create the survey in (create only). */
  _create_in_folder: z.exactOptional(z.string()),
}
export const surveyWriteFieldsSchema = z.strictObject(surveyWriteShape)
/**
 * Fields accepted by `surveys.create` and `surveys.update` (docs/service-behaviour.md §5.1, §P2). A
 * field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface SurveyWriteFields extends z.infer<typeof surveyWriteFieldsSchema> {}

export const surveyCreateParamsSchema = z.strictObject({
  ...surveyWriteShape,
  /** Name, unique in the project (required). */
  name: z.string(),
  /** `popover`, `widget`, `external_survey` or `api` (required). */
  type: z.enum(SURVEY_TYPES),
})
/** `surveys.create`: `name` and `type` are required by the service. */
export interface SurveyCreateParams extends z.infer<typeof surveyCreateParamsSchema> {}

/** The body of `surveys.update`: the write fields, every one optional. */
export const surveyUpdateParamsSchema = surveyWriteFieldsSchema
/** `surveys.update`: any writable field. */
export type SurveyUpdateParams = SurveyWriteFields

export const surveyLaunchParamsSchema = z.strictObject({
  /** When the survey starts showing, as a `Date` or an ISO 8601 string. Default: now. */
  start_date: z.exactOptional(dateTimeInput),
})
/** What `surveys.launch` sets. */
export interface SurveyLaunchParams extends z.infer<typeof surveyLaunchParamsSchema> {}

export const surveyStopParamsSchema = z.strictObject({
  /** When the survey stops showing, as a `Date` or an ISO 8601 string. Default: now. */
  end_date: z.exactOptional(dateTimeInput),
})
/** What `surveys.stop` sets. */
export interface SurveyStopParams extends z.infer<typeof surveyStopParamsSchema> {}

export const surveyListParamsSchema = z.strictObject({
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** Matches name or description. */
  search: z.optional(z.string()),
})
/** Query of `surveys.list`. */
export interface SurveyListParams extends z.infer<typeof surveyListParamsSchema> {}

export const surveyActivityParamsSchema = z.strictObject({
  /** Entries per page (default 10). */
  limit: z.optional(z.number()),
  /** Page number, from 1. */
  page: z.optional(z.number()),
})
/** Query of `surveys.activity` and `surveys.allActivity` (page-based: `limit` default 10, `page` from 1). */
export interface SurveyActivityParams extends z.infer<typeof surveyActivityParamsSchema> {}

export const duplicateToProjectsParamsSchema = z.strictObject({
  /** Ids of the projects (teams) to copy into: non-empty, each in the caller's organisation. */
  target_team_ids: z.array(z.number()),
})
/** Body of `surveys.duplicateToProjects`. */
export interface DuplicateToProjectsParams extends z.infer<typeof duplicateToProjectsParamsSchema> {}

export const surveyStatsParamsSchema = z.strictObject({
  /** From this date-time (ISO 8601 with a zone, else 400). */
  date_from: z.optional(dateTimeInput),
  /** Until this date-time (ISO 8601 with a zone, else 400). */
  date_to: z.optional(dateTimeInput),
  /** Leave archived responses out of the counts (default `false`). */
  exclude_archived: z.optional(z.boolean()),
})
/** Query of `surveys.stats`. Dates are ISO 8601 with a zone; a `Date` is sent as its ISO string. */
export interface SurveyStatsParams extends z.infer<typeof surveyStatsParamsSchema> {}

export const surveyAllStatsParamsSchema = z.strictObject({
  /** From this date-time (ISO 8601 with a zone, else 400). */
  date_from: z.optional(dateTimeInput),
  /** Until this date-time (ISO 8601 with a zone, else 400). */
  date_to: z.optional(dateTimeInput),
})
/** Query of `surveys.allStats`. */
export interface SurveyAllStatsParams extends z.infer<typeof surveyAllStatsParamsSchema> {}

export const summarizeResponsesParamsSchema = z.strictObject({
  /** The question's `id` (sent in the query). */
  question_id: z.exactOptional(z.string()),
  /** The question's 0-based position (sent in the query). */
  question_index: z.exactOptional(z.number()),
  /** Skip the service's 30-second cache (sent in the body). */
  force_refresh: z.exactOptional(z.boolean()),
})
/**
 * Options of `surveys.summarizeResponses`. The service reads the question from the **query** and
 * `force_refresh` from the **body**; the method sends `question_id`/`question_index` as query
 * parameters and the rest as the JSON body. One of `question_id` or `question_index` is required by
 * the service (400 otherwise); `question_id` wins when both are given.
 */
export interface SummarizeResponsesParams extends z.infer<typeof summarizeResponsesParamsSchema> {}

export const summaryHeadlineParamsSchema = z.strictObject({
  /** Regenerate instead of answering from cache. */
  force_refresh: z.exactOptional(z.boolean()),
})
/** Body of `surveys.summaryHeadline`. */
export interface SummaryHeadlineParams extends z.infer<typeof summaryHeadlineParamsSchema> {}

export const surveyResponsesCountParamsSchema = z.strictObject({
  /** Leave archived responses out (default `false`). */
  exclude_archived: z.optional(z.boolean()),
  /** Only these surveys (sent comma-separated). */
  survey_ids: z.optional(z.array(z.string())),
})
/** Query of `surveys.responsesCount`. */
export interface SurveyResponsesCountParams extends z.infer<typeof surveyResponsesCountParamsSchema> {}
