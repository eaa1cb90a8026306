/**
 * Survey request bodies and queries (docs/service-behaviour.md §5, §P2); the nested question,
 * condition and appearance payloads are in ../model/survey-questions.ts.
 */
import * as z from 'zod/mini'
import { SURVEY_SAMPLING_INTERVAL_TYPES, SURVEY_SCHEDULES, SURVEY_TYPES } from '../model/enums.js'
import { dateTimeInput, jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams, pageParams } from './group-shapes.js'
import { surveyAppearanceSchema, surveyConditionsSchema, surveyQuestionSchema } from '../model/survey-questions.js'

/** Survey type in a request: `popover`, `widget`, `external_survey` or `api`. */
export type SurveyTypeParam = (typeof SURVEY_TYPES)[number]

export const surveyWriteFieldsSchema = strictObject({
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
})
/**
 * Fields accepted by `surveys.create` and `surveys.update` (docs/service-behaviour.md §5.1, §P2). A
 * field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface SurveyWriteFields extends ShapeOf<typeof surveyWriteFieldsSchema> {}

export const surveyCreateParamsSchema = createParams(surveyWriteFieldsSchema, {
  /** Name, unique in the project (required). */
  name: z.string(),
  /** `popover`, `widget`, `external_survey` or `api` (required). */
  type: z.enum(SURVEY_TYPES),
})
/** `surveys.create`: `name` and `type` are required by the service. */
export interface SurveyCreateParams extends ShapeOf<typeof surveyCreateParamsSchema> {}

/** The body of `surveys.update`: the write fields, every one optional. */
export { surveyWriteFieldsSchema as surveyUpdateParamsSchema }
/** `surveys.update`: any writable field. */
export type SurveyUpdateParams = SurveyWriteFields

export const surveyLaunchParamsSchema = strictObject({
  /** When the survey starts showing, as a `Date` or an ISO 8601 string. Default: now. */
  start_date: z.exactOptional(dateTimeInput),
})
/** What `surveys.launch` sets. */
export interface SurveyLaunchParams extends ShapeOf<typeof surveyLaunchParamsSchema> {}

export const surveyStopParamsSchema = strictObject({
  /** When the survey stops showing, as a `Date` or an ISO 8601 string. Default: now. */
  end_date: z.exactOptional(dateTimeInput),
})
/** What `surveys.stop` sets. */
export interface SurveyStopParams extends ShapeOf<typeof surveyStopParamsSchema> {}

export const surveyListParamsSchema = strictObject(pageParams, {
  /** Matches name or description. */
  search: z.optional(z.string()),
})
/** Query of `surveys.list`. */
export interface SurveyListParams extends ShapeOf<typeof surveyListParamsSchema> {}

export const surveyActivityParamsSchema = strictObject({
  /** Entries per page (default 10). */
  limit: z.optional(z.number()),
  /** Page number, from 1. */
  page: z.optional(z.number()),
})
/** Query of `surveys.activity` and `surveys.allActivity` (page-based: `limit` default 10, `page` from 1). */
export interface SurveyActivityParams extends ShapeOf<typeof surveyActivityParamsSchema> {}

export const duplicateToProjectsParamsSchema = strictObject({
  /** Ids of the projects (teams) to copy into: non-empty, each in the caller's organisation. */
  target_team_ids: z.array(z.number().check(z.positive(), z.multipleOf(1))).check(z.minLength(1)),
})
/** Body of `surveys.duplicateToProjects`. */
export interface DuplicateToProjectsParams extends ShapeOf<typeof duplicateToProjectsParamsSchema> {}

export const surveyStatsParamsSchema = strictObject({
  /** From this date-time (ISO 8601 with a zone, else 400). */
  date_from: z.optional(dateTimeInput),
  /** Until this date-time (ISO 8601 with a zone, else 400). */
  date_to: z.optional(dateTimeInput),
  /** Leave archived responses out of the counts (default `false`). */
  exclude_archived: z.optional(z.boolean()),
})
/** Query of `surveys.stats`. Dates are ISO 8601 with a zone; a `Date` is sent as its ISO string. */
export interface SurveyStatsParams extends ShapeOf<typeof surveyStatsParamsSchema> {}

export const surveyAllStatsParamsSchema = strictObject({
  /** From this date-time (ISO 8601 with a zone, else 400). */
  date_from: z.optional(dateTimeInput),
  /** Until this date-time (ISO 8601 with a zone, else 400). */
  date_to: z.optional(dateTimeInput),
})
/** Query of `surveys.allStats`. */
export interface SurveyAllStatsParams extends ShapeOf<typeof surveyAllStatsParamsSchema> {}

export const summarizeResponsesParamsSchema = strictObject({
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
export interface SummarizeResponsesParams extends ShapeOf<typeof summarizeResponsesParamsSchema> {}

export const summaryHeadlineParamsSchema = strictObject({
  /** Regenerate instead of answering from cache. */
  force_refresh: z.exactOptional(z.boolean()),
})
/** Body of `surveys.summaryHeadline`. */
export interface SummaryHeadlineParams extends ShapeOf<typeof summaryHeadlineParamsSchema> {}

export const surveyResponsesCountParamsSchema = strictObject({
  /** Leave archived responses out (default `false`). */
  exclude_archived: z.optional(z.boolean()),
  /** Only these surveys (sent comma-separated; at least one). */
  survey_ids: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
})
/** Query of `surveys.responsesCount`. */
export interface SurveyResponsesCountParams extends ShapeOf<typeof surveyResponsesCountParamsSchema> {}

export const surveyResponsesParamsSchema = strictObject({
  /** Rows a page, 1–500 (default 100). */
  limit: z.optional(z.number()),
  /** Rows to skip. */
  offset: z.optional(z.number()),
  /** Leave archived responses out (default `false`: they are included). */
  exclude_archived: z.optional(z.boolean()),
  /** Only submissions that answered this question, with only that answer. */
  question_id: z.optional(z.string()),
  /** Only answers to `question_id` of at least this score (rating questions). */
  score_gte: z.optional(z.number()),
  /** Only answers to `question_id` of at most this score (rating questions). */
  score_lte: z.optional(z.number()),
  /** From this date-time (default: the survey's start, else its creation). */
  since: z.optional(dateTimeInput),
  /** Until this date-time (default: the survey's end, else now). */
  until: z.optional(dateTimeInput),
})
/** Query of `surveys.responses` (as on the wire; dates also as `Date`). */
export interface SurveyResponsesParams extends ShapeOf<typeof surveyResponsesParamsSchema> {}
