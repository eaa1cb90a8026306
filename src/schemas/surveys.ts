import * as z from 'zod/mini'
import { dateTime, json, jsonObject, minimalFeatureFlagSchema, nullish, openEnum, userBasicSchema } from './common.js'

/** Survey type: where and how the survey is shown (api-contract.md §5.1). */
export const surveyTypeSchema = openEnum<'popover' | 'widget' | 'external_survey' | 'api'>()
/** Survey type: `popover`, `widget`, `external_survey`, `api`, or a value added later. */
export type SurveyType = z.infer<typeof surveyTypeSchema>

/** Survey question type. */
export const surveyQuestionTypeSchema = openEnum<'open' | 'link' | 'rating' | 'single_choice' | 'multiple_choice'>()
/** Survey question type: `open`, `link`, `rating`, `single_choice`, `multiple_choice`, or a value added later. */
export type SurveyQuestionType = z.infer<typeof surveyQuestionTypeSchema>

/** Where a question leads next (`branching`). */
export const surveyQuestionBranchingSchema = z.looseObject({
  type: z.optional(openEnum<'next_question' | 'end' | 'response_based' | 'specific_question'>()),
  /** `response_based`: response value (or choice index) → question index or `"end"`. */
  responseValues: nullish(z.catchall(z.object({}), json)),
  /** `specific_question`: the index of the next question. */
  index: nullish(z.number()),
})
/** Where a question leads next. */
export type SurveyQuestionBranching = z.infer<typeof surveyQuestionBranchingSchema>

/**
 * One question of a survey (`posthog/models/surveys/survey.py`). The service stores what the client
 * sends and checks only a few keys, so beyond the typed ones anything may appear.
 */
export const surveyQuestionSchema = z.looseObject({
  /** A UUID the service assigns when missing. */
  id: z.optional(z.string()),
  type: z.optional(surveyQuestionTypeSchema),
  question: z.optional(z.string()),
  description: nullish(z.string()),
  descriptionContentType: nullish(openEnum<'html' | 'text'>()),
  optional: nullish(z.boolean()),
  buttonText: nullish(z.string()),
  /** `link` questions: an `https:` or `mailto:` URL. */
  link: nullish(z.string()),
  /** `rating` questions. */
  display: nullish(openEnum<'number' | 'emoji'>()),
  scale: nullish(z.number()),
  lowerBoundLabel: nullish(z.string()),
  upperBoundLabel: nullish(z.string()),
  isNpsQuestion: nullish(z.boolean()),
  /** Choice questions. */
  choices: nullish(z.array(z.string())),
  shuffleOptions: nullish(z.boolean()),
  hasOpenChoice: nullish(z.boolean()),
  branching: nullish(surveyQuestionBranchingSchema),
  translations: nullish(json),
})
/** One question of a survey. */
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>

/** When a survey is shown (`conditions`). */
export const surveyConditionsSchema = z.looseObject({
  url: nullish(z.string()),
  urlMatchType: nullish(z.string()),
  selector: nullish(z.string()),
  seenSurveyWaitPeriodInDays: nullish(z.number()),
  linkedFlagVariant: nullish(z.string()),
  deviceTypes: nullish(z.array(z.string())),
  deviceTypesMatchType: nullish(z.string()),
  /** `{ values: [{ name }], repeatedActivation? }`. */
  events: nullish(json),
  /** `{ values: [Action] }`; GET refreshes the action names. */
  actions: nullish(json),
})
/** When a survey is shown. */
export type SurveyConditions = z.infer<typeof surveyConditionsSchema>

/** Look of a survey (`appearance`): colours, position, thank-you message, … (free-form beyond these keys). */
export const surveyAppearanceSchema = z.looseObject({
  position: nullish(z.string()),
  whiteLabel: nullish(z.boolean()),
  thankYouMessageHeader: nullish(z.string()),
  thankYouMessageDescription: nullish(z.string()),
  displayThankYouMessage: nullish(z.boolean()),
  surveyPopupDelaySeconds: nullish(z.number()),
  backgroundColor: nullish(z.string()),
  submitButtonColor: nullish(z.string()),
})
/** Look of a survey. */
export type SurveyAppearance = z.infer<typeof surveyAppearanceSchema>

/** One day of response sampling (an item of `response_sampling_daily_limits`). */
export const surveyDailyLimitSchema = z.looseObject({
  date: z.optional(z.string()),
  daily_response_limit: nullish(z.number()),
  rollout_percentage: nullish(z.number()),
})
/** One day of response sampling. */
export type SurveyDailyLimit = z.infer<typeof surveyDailyLimitSchema>

/** An item of `feature_flag_keys` (GET only): which flag plays which role. */
export const surveyFeatureFlagKeySchema = z.looseObject({
  key: z.optional(
    openEnum<'linked_flag_key' | 'targeting_flag_key' | 'internal_targeting_flag_key' | 'internal_response_sampling_flag_key'>(),
  ),
  value: nullish(z.string()),
})
/** An item of `feature_flag_keys`. */
export type SurveyFeatureFlagKey = z.infer<typeof surveyFeatureFlagKeySchema>

/**
 * A survey. One lenient schema covers both representations (api-contract.md §5.1): GET (list,
 * retrieve) adds `feature_flag_keys`, `user_access_level`, `linked_flag_id` and `linked_insight_id`,
 * which the create/update responses leave out.
 */
export const surveySchema = z.looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: nullish(z.string()),
  type: z.optional(surveyTypeSchema),
  /** `once` (default), `recurring`, `always`. */
  schedule: nullish(openEnum<'once' | 'recurring' | 'always'>()),
  linked_flag: nullish(minimalFeatureFlagSchema),
  linked_flag_id: nullish(z.number()),
  linked_insight_id: nullish(z.number()),
  targeting_flag: nullish(minimalFeatureFlagSchema),
  internal_targeting_flag: nullish(minimalFeatureFlagSchema),
  questions: nullish(z.array(surveyQuestionSchema)),
  conditions: nullish(surveyConditionsSchema),
  appearance: nullish(surveyAppearanceSchema),
  created_at: z.optional(dateTime),
  created_by: nullish(userBasicSchema),
  start_date: nullish(dateTime),
  end_date: nullish(dateTime),
  archived: z.optional(z.boolean()),
  responses_limit: nullish(z.number()),
  feature_flag_keys: nullish(z.array(surveyFeatureFlagKeySchema)),
  iteration_count: nullish(z.number()),
  iteration_frequency_days: nullish(z.number()),
  iteration_start_dates: nullish(z.array(z.nullable(dateTime))),
  current_iteration: nullish(z.number()),
  current_iteration_start_date: nullish(dateTime),
  response_sampling_start_date: nullish(dateTime),
  /** `day`, `week` (model default), `month`, or `""`. */
  response_sampling_interval_type: nullish(openEnum<'day' | 'week' | 'month'>()),
  response_sampling_interval: nullish(z.number()),
  response_sampling_limit: nullish(z.number()),
  /**
   * Computed by the service. Stored as a JSON-encoded string of `[{date, daily_response_limit,
   * rollout_percentage}]`, so it usually arrives as that string; an already decoded array is accepted too.
   */
  response_sampling_daily_limits: nullish(z.union([z.string(), z.array(surveyDailyLimitSchema)])),
  enable_partial_responses: nullish(z.boolean()),
  enable_iframe_embedding: nullish(z.boolean()),
  translations: nullish(json),
  form_content: nullish(json),
  user_access_level: nullish(z.string()),
})
/** A survey, as list, retrieve, create and update return it. */
export type Survey = z.infer<typeof surveySchema>

/** Fields accepted by `surveys.create` and `surveys.update` (the spec's request fields). */
export interface SurveyWriteFields {
  name?: string
  description?: string
  type?: 'popover' | 'widget' | 'external_survey' | 'api' | (string & {})
  schedule?: 'once' | 'recurring' | 'always' | (string & {}) | null
  linked_flag_id?: number | null
  linked_insight_id?: number | null
  targeting_flag_id?: number
  /** Property filters of the targeting flag the service creates (write-only). */
  targeting_flag_filters?: Record<string, unknown> | null
  remove_targeting_flag?: boolean | null
  questions?: Array<Partial<SurveyQuestion> & { question: string }> | null
  conditions?: Record<string, unknown> | null
  appearance?: Record<string, unknown> | null
  start_date?: string | null
  end_date?: string | null
  archived?: boolean
  responses_limit?: number | null
  iteration_count?: number | null
  iteration_frequency_days?: number | null
  iteration_start_dates?: Array<string | null> | null
  current_iteration?: number | null
  current_iteration_start_date?: string | null
  response_sampling_start_date?: string | null
  response_sampling_interval_type?: 'day' | 'week' | 'month' | (string & {}) | null
  response_sampling_interval?: number | null
  response_sampling_limit?: number | null
  response_sampling_daily_limits?: unknown
  enable_partial_responses?: boolean | null
  _create_in_folder?: string
  /** Fields the service added after the spec are passed through as given. */
  [field: string]: unknown
}

/** `surveys.create`: `name` and `type` are required by the service. */
export interface SurveyCreateParams extends SurveyWriteFields {
  name: string
  type: 'popover' | 'widget' | 'external_survey' | 'api' | (string & {})
}

/** `surveys.update`: any writable field. */
export type SurveyUpdateParams = SurveyWriteFields

/** Query of `surveys.list`. */
export interface SurveyListParams {
  limit?: number
  offset?: number
  /** Matches name or description. */
  search?: string
}

/** Query of `surveys.activity` and `surveys.allActivity` (page-based: `limit` default 10, `page` from 1). */
export interface SurveyActivityParams {
  limit?: number
  page?: number
}

/** One change inside an activity log entry's `detail`. */
export const activityChangeSchema = z.looseObject({
  type: z.optional(z.string()),
  action: z.optional(z.string()),
  field: nullish(z.string()),
  before: nullish(json),
  after: nullish(json),
})
/** One change of an activity log entry. */
export type ActivityChange = z.infer<typeof activityChangeSchema>

/** An activity log entry (OAS `ActivityLog`), as the survey activity lists return it. */
export const activityLogSchema = z.looseObject({
  id: z.string(),
  /** `null` for system activity or a deleted user. */
  user: nullish(userBasicSchema),
  unread: nullish(z.boolean()),
  organization_id: nullish(z.string()),
  was_impersonated: nullish(z.boolean()),
  is_system: nullish(z.boolean()),
  /** `created`, `updated`, `deleted`, `response_archived`, `response_unarchived`, … */
  activity: z.optional(z.string()),
  item_id: nullish(z.string()),
  scope: z.optional(z.string()),
  detail: nullish(
    z.looseObject({
      id: nullish(z.string()),
      changes: nullish(z.array(activityChangeSchema)),
      merge: nullish(json),
      trigger: nullish(json),
      name: nullish(z.string()),
      short_id: nullish(z.string()),
      type: nullish(z.string()),
    }),
  ),
  created_at: z.optional(dateTime),
})
/** An activity log entry. */
export type ActivityLog = z.infer<typeof activityLogSchema>

/** `archivedResponseUuids`: UUIDs of the archived responses, in no particular order. */
export const archivedResponseUuidsSchema = z.array(z.string())

/** Body of `surveys.duplicateToProjects`. */
export interface DuplicateToProjectsParams {
  /** Ids of the projects (teams) to copy into: non-empty, each in the caller's organisation. */
  target_team_ids: number[]
}

/** One copy made by `duplicateToProjects`. */
export const duplicatedSurveySchema = z.looseObject({
  team_id: z.optional(z.number()),
  survey_id: z.optional(z.string()),
  /** `<name> (duplicated at YYYY-MM-DD HH:MM:SS)`. */
  name: z.optional(z.string()),
})
/** One copy made by `duplicateToProjects`. */
export type DuplicatedSurvey = z.infer<typeof duplicatedSurveySchema>

/** Result of `duplicateToProjects` (the service answers 201). */
export const duplicateToProjectsResultSchema = z.looseObject({
  created_surveys: z.optional(z.array(duplicatedSurveySchema)),
  count: z.optional(z.number()),
})
/** Result of `duplicateToProjects`: the copies, all of them or (on any failure) an error instead. */
export type DuplicateToProjectsResult = z.infer<typeof duplicateToProjectsResultSchema>

/** Archive and unarchive answer the bare JSON number `200` (the view passes the status as the body). */
export const responseArchiveResultSchema = z.number()

/** Query of `surveys.stats`. Dates are ISO 8601 with a zone; a `Date` is sent as its ISO string. */
export interface SurveyStatsParams {
  date_from?: string | Date
  date_to?: string | Date
  /** Leave archived responses out of the counts (default `false`). */
  exclude_archived?: boolean
}

/** Query of `surveys.allStats`. */
export interface SurveyAllStatsParams {
  date_from?: string | Date
  date_to?: string | Date
}

/** Counts of one survey event. */
export const surveyEventStatsSchema = z.looseObject({
  total_count: z.optional(z.number()),
  unique_persons: z.optional(z.number()),
  /** Naive ClickHouse time with a `Z` appended; `null` when the event never happened. */
  first_seen: nullish(dateTime),
  last_seen: nullish(dateTime),
  /** Only on `survey shown`: people (and events) that neither dismissed nor answered. */
  unique_persons_only_seen: z.optional(z.number()),
  total_count_only_seen: z.optional(z.number()),
})
/** Counts of one survey event. */
export type SurveyEventStats = z.infer<typeof surveyEventStatsSchema>

/** Survey statistics keyed by event; `{}` from `allStats` when the project has no active survey. */
export const surveyStatsByEventSchema = z.looseObject({
  'survey shown': z.optional(surveyEventStatsSchema),
  'survey dismissed': z.optional(surveyEventStatsSchema),
  'survey sent': z.optional(surveyEventStatsSchema),
})
/** Survey statistics keyed by event. */
export type SurveyStatsByEvent = z.infer<typeof surveyStatsByEventSchema>

/** Rates in percent (2 decimals; 0 when nothing was shown). */
export const surveyRatesSchema = z.looseObject({
  response_rate: z.optional(z.number()),
  dismissal_rate: z.optional(z.number()),
  unique_users_response_rate: z.optional(z.number()),
  unique_users_dismissal_rate: z.optional(z.number()),
})
/** Response and dismissal rates. */
export type SurveyRates = z.infer<typeof surveyRatesSchema>

/** Statistics across all surveys (`allStats`). */
export const surveyAllStatsSchema = z.looseObject({
  stats: z.optional(surveyStatsByEventSchema),
  rates: z.optional(surveyRatesSchema),
})
/** Statistics across all active surveys. */
export type SurveyAllStats = z.infer<typeof surveyAllStatsSchema>

/** Statistics of one survey (`stats`). */
export const surveyStatsSchema = z.looseObject({
  stats: z.optional(surveyStatsByEventSchema),
  rates: z.optional(surveyRatesSchema),
  survey_id: z.optional(z.string()),
  start_date: nullish(dateTime),
  end_date: nullish(dateTime),
})
/** Statistics of one survey. */
export type SurveyStats = z.infer<typeof surveyStatsSchema>

/**
 * Options of `surveys.summarizeResponses`. The service reads the question from the **query** and
 * `force_refresh` from the **body**; the method sends `question_id`/`question_index` as query
 * parameters and the rest as the JSON body. One of `question_id` or `question_index` is required by
 * the service (400 otherwise); `question_id` wins when both are given.
 */
export interface SummarizeResponsesParams {
  /** The question's `id` (sent in the query). */
  question_id?: string
  /** The question's 0-based position (sent in the query). */
  question_index?: number
  /** Skip the service's 30-second cache (sent in the body). */
  force_refresh?: boolean
}

/** An AI summary of the answers to one question. */
export const surveyResponseSummarySchema = z.looseObject({
  /** Markdown. */
  content: z.optional(z.string()),
  response_count: z.optional(z.number()),
  /** `+00:00` form. */
  generated_at: nullish(dateTime),
  trace_id: nullish(z.string()),
  cached: z.optional(z.boolean()),
})
/** An AI summary of the answers to one question. */
export type SurveyResponseSummary = z.infer<typeof surveyResponseSummarySchema>

/** Body of `surveys.summaryHeadline`. */
export interface SummaryHeadlineParams {
  /** Regenerate instead of answering from cache. */
  force_refresh?: boolean
  /** Fields the service added later are passed through as given. */
  [field: string]: unknown
}

/** A one-line AI headline over a sample of responses. */
export const surveySummaryHeadlineSchema = z.looseObject({
  headline: z.optional(z.string()),
  responses_sampled: z.optional(z.number()),
  has_more: z.optional(z.boolean()),
})
/** A one-line AI headline over a sample of responses. */
export type SurveySummaryHeadline = z.infer<typeof surveySummaryHeadlineSchema>

/** Query of `surveys.responsesCount`. */
export interface SurveyResponsesCountParams {
  /** Leave archived responses out (default `false`). */
  exclude_archived?: boolean
  /** Only these surveys (sent comma-separated). */
  survey_ids?: string[]
}

/** Survey id → number of responses; `{}` when no survey ever started. */
export const surveyResponsesCountSchema = z.catchall(z.object({}), z.number())
/** Survey id → number of responses. */
export type SurveyResponsesCount = z.infer<typeof surveyResponsesCountSchema>
