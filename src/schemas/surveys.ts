import * as z from 'zod/mini'
import {
  dateTime,
  describes,
  json,
  maybeJson,
  minimalFeatureFlagSchema,
  openEnum,
  userBasicSchema,
  type MinimalFeatureFlag,
  type OpenEnum,
  type Unchecked,
  type UserBasic,
} from './common.js'
import type {
  SURVEY_QUESTION_TYPES,
  SURVEY_SAMPLING_INTERVAL_TYPES,
  SURVEY_SCHEDULES,
  SURVEY_TYPES,
} from '../model/enums.js'
import type {
  SurveyAppearance,
  SurveyBranching,
  SurveyConditions,
  SurveyQuestion,
  SurveyRatingBranching,
  SurveyResponseBasedBranching,
} from '../model/survey-questions.js'

/** Survey type: where and how the survey is shown (docs/service-behaviour.md §5.1). */
export const surveyTypeSchema = openEnum<(typeof SURVEY_TYPES)[number]>()
/** Survey type: `popover`, `widget`, `external_survey`, `api`, or a value added later. */
export type SurveyType = z.infer<typeof surveyTypeSchema>

/** Survey question type. */
export const surveyQuestionTypeSchema = openEnum<(typeof SURVEY_QUESTION_TYPES)[number]>()
/** Survey question type: `open`, `link`, `rating`, `single_choice`, `multiple_choice`, or a value added later. */
export type SurveyQuestionType = z.infer<typeof surveyQuestionTypeSchema>

/** Where a question leads next (`branching`): checked leniently at run time. */
export const surveyQuestionBranchingSchema = z.looseObject({
  type: z.optional(openEnum<SurveyQuestionBranching['type']>()),
  /** `response_based`: response value (or choice index) → question index or `"end"`. */
  responseValues: z.nullish(z.record(z.string(), json)),
  /** `specific_question`: the index of the next question. */
  index: z.nullish(z.number()),
})
/**
 * Where a question leads next: the next question, the end, a given question, or by the answer (choice index or rating
 * bucket).
 */
export type SurveyQuestionBranching = SurveyBranching | SurveyResponseBasedBranching | SurveyRatingBranching

/**
 * One question of a survey (`posthog/models/surveys/survey.py`). The service stores what the client
 * sends and checks only a few keys, so beyond the typed ones anything may appear.
 */
export const surveyQuestionReadSchema = z.looseObject({
  /** A UUID the service assigns when missing. */
  id: z.optional(z.string()),
  type: z.optional(surveyQuestionTypeSchema),
  question: z.optional(z.string()),
  description: z.nullish(z.string()),
  descriptionContentType: z.nullish(openEnum<'html' | 'text'>()),
  optional: z.nullish(z.boolean()),
  buttonText: z.nullish(z.string()),
  /** `link` questions: an `https:` or `mailto:` URL. */
  link: z.nullish(z.string()),
  /** `rating` questions. */
  display: z.nullish(openEnum<'number' | 'emoji'>()),
  scale: z.nullish(z.number()),
  lowerBoundLabel: z.nullish(z.string()),
  upperBoundLabel: z.nullish(z.string()),
  isNpsQuestion: z.nullish(z.boolean()),
  /** Choice questions. */
  choices: z.nullish(z.array(z.string())),
  shuffleOptions: z.nullish(z.boolean()),
  hasOpenChoice: z.nullish(z.boolean()),
  branching: z.nullish(surveyQuestionBranchingSchema),
  translations: z.nullish(json),
})

/** When a survey is shown (`conditions`); its content is the service's to check (`Unchecked`). */
export const surveyConditionsReadSchema = maybeJson as Unchecked<SurveyConditions>
/** Look of a survey (`appearance`); its content is the service's to check (`Unchecked`). */
export const surveyAppearanceReadSchema = maybeJson as Unchecked<SurveyAppearance>

/** One day of response sampling (an item of `response_sampling_daily_limits`). */
export const surveyDailyLimitSchema = z.looseObject({
  /** The day (`YYYY-MM-DD`). */
  date: z.optional(z.string()),
  /** Responses allowed that day. */
  daily_response_limit: z.nullish(z.number()),
  /** Share of users shown the survey that day. */
  rollout_percentage: z.nullish(z.number()),
})
/** One day of response sampling. */
export type SurveyDailyLimit = z.infer<typeof surveyDailyLimitSchema>

/** An item of `feature_flag_keys` (GET only): which flag plays which role. */
export const surveyFeatureFlagKeySchema = z.looseObject({
  /** The role of the flag. */
  key: z.optional(
    openEnum<
      'linked_flag_key' | 'targeting_flag_key' | 'internal_targeting_flag_key' | 'internal_response_sampling_flag_key'
    >(),
  ),
  /** The flag key, or `null` when there is none. */
  value: z.nullish(z.string()),
})
/** An item of `feature_flag_keys`. */
export type SurveyFeatureFlagKey = z.infer<typeof surveyFeatureFlagKeySchema>

/**
 * A survey, as list, retrieve, create and update return it (docs/service-behaviour.md §5.1). GET (list,
 * retrieve) adds `feature_flag_keys`, `user_access_level`, `linked_flag_id` and `linked_insight_id`,
 * which the create/update responses leave out. Fields the service added later are kept as sent.
 */
export interface Survey {
  /** The survey's id (a UUID). */
  id: string
  /** Name, unique in the project. */
  name: string
  /** Description (`""` by default). */
  description?: string | null
  /** `popover`, `widget`, `external_survey`, `api`, or a value added later. */
  type: SurveyType
  /** `once` (default), `recurring`, `always`, or a value added later. */
  schedule?: OpenEnum<(typeof SURVEY_SCHEDULES)[number]> | null
  /** The flag whose holders see the survey. */
  linked_flag?: MinimalFeatureFlag | null
  /** Id of `linked_flag` (GET only). */
  linked_flag_id?: number | null
  /** Id of the linked insight (GET only). */
  linked_insight_id?: number | null
  /** The flag the service made from `targeting_flag_filters`. */
  targeting_flag?: MinimalFeatureFlag | null
  /** The service's own flag that leaves out people who answered or dismissed. */
  internal_targeting_flag?: MinimalFeatureFlag | null
  /** The questions (each with its `id`). */
  questions?: SurveyQuestion[] | null
  /** When the survey is shown. */
  conditions?: SurveyConditions | null
  /** The survey's look. */
  appearance?: SurveyAppearance | null
  /** Creation date-time. */
  created_at: string
  /** Who created it. */
  created_by?: UserBasic | null
  /** Launch date-time; `null` while a draft. */
  start_date: string | null
  /** End date-time; `null` while running. */
  end_date: string | null
  /** Archived. */
  archived: boolean
  /** Stop after this many responses. */
  responses_limit?: number | null
  /** Which flag plays which role (GET only). */
  feature_flag_keys?: SurveyFeatureFlagKey[] | null
  /** Number of repetitions (recurring surveys, 0–500). */
  iteration_count?: number | null
  /** Days between repetitions. */
  iteration_frequency_days?: number | null
  /** Start of each repetition. */
  iteration_start_dates?: Array<string | null> | null
  /** The current repetition. */
  current_iteration?: number | null
  /** Start of the current repetition. */
  current_iteration_start_date?: string | null
  /** Start of response sampling. */
  response_sampling_start_date?: string | null
  /** `day`, `week` (model default), `month`, `""`, or a value added later. */
  response_sampling_interval_type?: OpenEnum<(typeof SURVEY_SAMPLING_INTERVAL_TYPES)[number]> | null
  /** Sampling interval length. */
  response_sampling_interval?: number | null
  /** Responses per interval. */
  response_sampling_limit?: number | null
  /**
   * Computed by the service. Stored as a JSON-encoded string of `[{date, daily_response_limit,
   * rollout_percentage}]`, so it usually arrives as that string; an already decoded array is accepted too.
   */
  response_sampling_daily_limits?: string | SurveyDailyLimit[] | null
  /** Record partial responses. */
  enable_partial_responses?: boolean | null
  /** Allow embedding in an iframe (newer services). */
  enable_iframe_embedding?: boolean | null
  /** Survey-level translations (newer services). */
  translations?: unknown
  /** Form content (newer services). */
  form_content?: unknown
  /** The caller's access level (GET only). */
  user_access_level?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `Survey` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type SurveyUncheckedFields = 'translations' | 'form_content'

/** The fields of `surveySchema` (exported for the tie test with `Survey`). */
export const surveyShape = {
  id: z.string(),
  name: z.string(),
  description: z.nullish(z.string()),
  type: surveyTypeSchema,
  schedule: z.nullish(openEnum<(typeof SURVEY_SCHEDULES)[number]>()),
  linked_flag: z.nullish(minimalFeatureFlagSchema),
  linked_flag_id: z.nullish(z.number()),
  linked_insight_id: z.nullish(z.number()),
  targeting_flag: z.nullish(minimalFeatureFlagSchema),
  internal_targeting_flag: z.nullish(minimalFeatureFlagSchema),
  // The questions' known fields are checked leniently; their union is the type's (`SurveyQuestion`).
  questions: z.nullish(z.array(surveyQuestionReadSchema)) as Unchecked<SurveyQuestion[] | null | undefined>,
  conditions: surveyConditionsReadSchema,
  appearance: surveyAppearanceReadSchema,
  created_at: dateTime,
  created_by: z.nullish(userBasicSchema),
  start_date: z.nullable(dateTime),
  end_date: z.nullable(dateTime),
  archived: z.boolean(),
  responses_limit: z.nullish(z.number()),
  feature_flag_keys: z.nullish(z.array(surveyFeatureFlagKeySchema)),
  iteration_count: z.nullish(z.number()),
  iteration_frequency_days: z.nullish(z.number()),
  iteration_start_dates: z.nullish(z.array(z.nullable(dateTime))),
  current_iteration: z.nullish(z.number()),
  current_iteration_start_date: z.nullish(dateTime),
  response_sampling_start_date: z.nullish(dateTime),
  response_sampling_interval_type: z.nullish(openEnum<(typeof SURVEY_SAMPLING_INTERVAL_TYPES)[number]>()),
  response_sampling_interval: z.nullish(z.number()),
  response_sampling_limit: z.nullish(z.number()),
  response_sampling_daily_limits: z.nullish(z.union([z.string(), z.array(surveyDailyLimitSchema)])),
  enable_partial_responses: z.nullish(z.boolean()),
  enable_iframe_embedding: z.nullish(z.boolean()),
  user_access_level: z.nullish(z.string()),
}

/** A survey: one lenient schema covers both representations (docs/service-behaviour.md §5.1). */
export const surveySchema = describes<Survey>(z.looseObject(surveyShape))

/** One change inside an activity log entry's `detail`. */
export const activityChangeSchema = z.looseObject({
  /** What changed (e.g. `Survey`). */
  type: z.optional(z.string()),
  /** `changed`, `created`, `deleted`, …. */
  action: z.optional(z.string()),
  /** The field. */
  field: z.nullish(z.string()),
  /** The value before. */
  before: z.nullish(json),
  /** The value after. */
  after: z.nullish(json),
})
/** One change of an activity log entry. */
export type ActivityChange = z.infer<typeof activityChangeSchema>

/** An activity log entry (OAS `ActivityLog`), as the survey activity lists return it. */
export const activityLogSchema = z.looseObject({
  id: z.string(),
  /** `null` for system activity or a deleted user. */
  user: z.nullish(userBasicSchema),
  unread: z.nullish(z.boolean()),
  organization_id: z.nullish(z.string()),
  was_impersonated: z.nullish(z.boolean()),
  is_system: z.nullish(z.boolean()),
  /** `created`, `updated`, `deleted`, `response_archived`, `response_unarchived`, … */
  activity: z.optional(z.string()),
  item_id: z.nullish(z.string()),
  scope: z.optional(z.string()),
  detail: z.nullish(
    z.looseObject({
      id: z.nullish(z.string()),
      changes: z.nullish(z.array(activityChangeSchema)),
      merge: z.nullish(json),
      trigger: z.nullish(json),
      name: z.nullish(z.string()),
      short_id: z.nullish(z.string()),
      type: z.nullish(z.string()),
    }),
  ),
  created_at: z.optional(dateTime),
})
/** An activity log entry. */
export type ActivityLog = z.infer<typeof activityLogSchema>

/** `archivedResponseUuids`: UUIDs of the archived responses, in no particular order. */
export const archivedResponseUuidsSchema = z.array(z.string())

/** One copy made by `duplicateToProjects`. */
export const duplicatedSurveySchema = z.looseObject({
  /** The project the copy is in. */
  team_id: z.optional(z.number()),
  /** The copy's id. */
  survey_id: z.optional(z.string()),
  /** `<name> (duplicated at YYYY-MM-DD HH:MM:SS)`. */
  name: z.optional(z.string()),
})
/** One copy made by `duplicateToProjects`. */
export type DuplicatedSurvey = z.infer<typeof duplicatedSurveySchema>

/** Result of `duplicateToProjects` (the service answers 201). */
export const duplicateToProjectsResultSchema = z.looseObject({
  /** The copies (drafts without flags). */
  created_surveys: z.optional(z.array(duplicatedSurveySchema)),
  /** How many. */
  count: z.optional(z.number()),
})
/** Result of `duplicateToProjects`: the copies, all of them or (on any failure) an error instead. */
export type DuplicateToProjectsResult = z.infer<typeof duplicateToProjectsResultSchema>

/** Archive and unarchive answer the bare JSON number `200` (the view passes the status as the body). */
export const responseArchiveResultSchema = z.number()

/** Counts of one survey event. */
export const surveyEventStatsSchema = z.looseObject({
  /** Events. */
  total_count: z.optional(z.number()),
  /** People. */
  unique_persons: z.optional(z.number()),
  /** Naive ClickHouse time with a `Z` appended; `null` when the event never happened. */
  first_seen: z.nullish(dateTime),
  last_seen: z.nullish(dateTime),
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
  /** Sent / shown, in percent. */
  response_rate: z.optional(z.number()),
  /** Dismissed / shown, in percent. */
  dismissal_rate: z.optional(z.number()),
  /** Per person. */
  unique_users_response_rate: z.optional(z.number()),
  /** Per person. */
  unique_users_dismissal_rate: z.optional(z.number()),
})
/** Response and dismissal rates. */
export type SurveyRates = z.infer<typeof surveyRatesSchema>

/** Statistics across all surveys (`allStats`). */
export const surveyAllStatsSchema = z.looseObject({
  /** Counts by event. */
  stats: z.optional(surveyStatsByEventSchema),
  /** Rates in percent. */
  rates: z.optional(surveyRatesSchema),
})
/** Statistics across all active surveys. */
export type SurveyAllStats = z.infer<typeof surveyAllStatsSchema>

/** Statistics of one survey (`stats`). */
export const surveyStatsSchema = z.looseObject({
  /** Counts by event. */
  stats: z.optional(surveyStatsByEventSchema),
  /** Rates in percent. */
  rates: z.optional(surveyRatesSchema),
  /** The survey. */
  survey_id: z.optional(z.string()),
  /** The survey's start. */
  start_date: z.nullish(dateTime),
  /** The survey's end. */
  end_date: z.nullish(dateTime),
})
/** Statistics of one survey. */
export type SurveyStats = z.infer<typeof surveyStatsSchema>

/** An AI summary of the answers to one question. */
export const surveyResponseSummarySchema = z.looseObject({
  /** Markdown. */
  content: z.optional(z.string()),
  /** Answers summarised. */
  response_count: z.optional(z.number()),
  /** `+00:00` form. */
  generated_at: z.nullish(dateTime),
  /** The AI trace id. */
  trace_id: z.nullish(z.string()),
  /** Answered from the 30-second cache. */
  cached: z.optional(z.boolean()),
})
/** An AI summary of the answers to one question. */
export type SurveyResponseSummary = z.infer<typeof surveyResponseSummarySchema>

/** A one-line AI headline over a sample of responses. */
export const surveySummaryHeadlineSchema = z.looseObject({
  /** One sentence. */
  headline: z.optional(z.string()),
  /** Answers read. */
  responses_sampled: z.optional(z.number()),
  /** More answers exist than were read. */
  has_more: z.optional(z.boolean()),
})
/** A one-line AI headline over a sample of responses. */
export type SurveySummaryHeadline = z.infer<typeof surveySummaryHeadlineSchema>

/** Survey id → number of responses; `{}` when no survey ever started. */
export const surveyResponsesCountSchema = z.record(z.string(), z.number())
/** Survey id → number of responses. */
export type SurveyResponsesCount = z.infer<typeof surveyResponsesCountSchema>
