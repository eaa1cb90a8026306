import * as z from 'zod/mini'
import { dateTime, describes, json } from './common.js'

/**
 * The rows of `surveys.responses` (docs/service-behaviour.md §10.1): one per submission, newest first,
 * each answer with its question resolved. The same rows come from the responses endpoint and, on a service
 * without it, from the query API (§10.2).
 */

/** One answer of a response. */
export interface SurveyResponseAnswer {
  /** The question's id (`""` on very old surveys). */
  question_id: string
  /** The question's position in the survey, from 0. */
  question_index: number
  /** The question as asked. */
  question_text: string
  /** `open`, `rating`, `single_choice`, `multiple_choice`, `link`, … */
  question_type: string
  /**
   * Text (open, rating, single choice, link), a list of choices (multiple choice), or a number some clients send for
   * ratings.
   */
  answer: string | number | string[]
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** One response: a submission of the survey (partial submissions merged into their latest event). */
export interface SurveyResponseRow {
  /** The UUID of the `survey sent` event: what `surveys.archiveResponse` takes. */
  uuid: string
  /** The respondent. */
  distinct_id: string
  /** The session it was given in, when known. */
  session_id: string | null
  /** When it was sent (ISO 8601, UTC), as the service renders it. */
  submitted_at: string
  /** The non-empty answers, in question order. */
  answers: SurveyResponseAnswer[]
  /**
   * Where it came from: `device_type`, `browser`, `os`, `geoip_country_code`, `geoip_country_name`, `geoip_city_name`,
   * `current_url`, `iteration` (each nullable).
   */
  extra?: Record<string, unknown>
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `surveyResponseAnswerSchema` (exported for the tie test with `SurveyResponseAnswer`). */
export const surveyResponseAnswerShape = {
  question_id: z.string(),
  question_index: z.number(),
  question_text: z.string(),
  question_type: z.string(),
  answer: z.union([z.string(), z.number(), z.array(z.string())]),
}

/** The fields of `surveyResponseRowSchema` (exported for the tie test with `SurveyResponseRow`). */
export const surveyResponseRowShape = {
  uuid: z.string(),
  distinct_id: z.string(),
  session_id: z.nullable(z.string()),
  submitted_at: dateTime,
  answers: z.array(describes<SurveyResponseAnswer>(z.looseObject(surveyResponseAnswerShape))),
  extra: z.optional(z.catchall(z.object({}), json)),
}

/** One row of `surveys.responses`. */
export const surveyResponseRowSchema = describes<SurveyResponseRow>(z.looseObject(surveyResponseRowShape))
