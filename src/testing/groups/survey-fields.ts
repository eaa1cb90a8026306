/**
 * The writable fields of a survey (docs/service-behaviour.md §5, §P2): each checked the way the survey
 * serializer does and copied onto the draft, questions with their per-type rules, conditions and appearance,
 * and the linked and targeting flags (a targeting flag made from `targeting_flag_filters`).
 */
import { arrayField, booleanField, choiceField, dateTimeField, integerField, isObject, objectField, stringField } from '../validators.js'
import { invalid } from '../responses.js'
import {
  SURVEY_BRANCHING_TYPES,
  SURVEY_CONTENT_TYPES,
  SURVEY_DEVICE_TYPES,
  SURVEY_LINK_SCHEMES,
  SURVEY_MATCH_TYPES,
  SURVEY_QUESTION_TYPES,
  SURVEY_RATING_DISPLAYS,
  SURVEY_SAMPLING_INTERVAL_TYPES,
  SURVEY_SCHEDULES,
  SURVEY_VALIDATION_TYPES,
} from '../../model/enums.js'
import type { FakeSurvey } from '../records.js'
import type { FakeStore } from '../store.js'
import { createFlag, minimalFlag } from './feature-flags.js'

const SCHEDULES = SURVEY_SCHEDULES
const QUESTION_TYPES = SURVEY_QUESTION_TYPES
const INTERVAL_TYPES = [...SURVEY_SAMPLING_INTERVAL_TYPES, '']
/** `ALLOWED_LINK_URL_SCHEMES` and the `mailto:` address rule (docs/service-behaviour.md §P2.3). */
const MAILTO = /^mailto:[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/

/** Questions without an `id` get one. */
export function withQuestionIds(store: FakeStore, questions: Record<string, unknown>[]): Record<string, unknown>[] {
  return questions.map((question) => (typeof question['id'] === 'string' ? question : { id: store.uuid(), ...question }))
}

function checkQuestions(store: FakeStore, questions: unknown[]): Record<string, unknown>[] {
  return withQuestionIds(
    store,
    questions.map((question, index) => {
      if (!isObject(question)) invalid(`Question ${index} must be an object`, 'questions')
      choiceField(question, 'type', QUESTION_TYPES, { required: true }, 'questions')
      const text = question['question']
      if (typeof text !== 'string' || text.trim() === '') invalid(`Question ${index} must have a question text`, 'questions')
      if (question['type'] === 'single_choice' || question['type'] === 'multiple_choice') {
        const choices = question['choices']
        if (!Array.isArray(choices) || choices.length === 0 || choices.some((choice) => typeof choice !== 'string' || choice.trim() === '')) {
          invalid(`Question ${index} must have a non-empty list of non-empty choices`, 'questions')
        }
      }
      checkQuestionDetails(question, index)
      return question
    }),
  )
}

/** The per-type rules of one question (docs/service-behaviour.md §P2.2–§P2.4); errors on `questions`. */
function checkQuestionDetails(question: Record<string, unknown>, index: number): void {
  choiceField(question, 'descriptionContentType', SURVEY_CONTENT_TYPES, {}, 'questions')
  if (question['type'] === 'link') checkLink(question['link'], index)
  if (question['type'] === 'rating') {
    choiceField(question, 'display', SURVEY_RATING_DISPLAYS, {}, 'questions')
    // The serializer's rule is `min_value=1`; the documented scales are 3, 5, 7 and 10.
    integerField(question, 'scale', { min: 1 }, 'questions')
  }
  if (question['type'] === 'open' && question['validation'] !== undefined) checkValidation(question['validation'], index)
  if (isObject(question['branching'])) checkBranching(question['branching'], question['type'], index)
  else if (question['branching'] !== undefined && question['branching'] !== null) invalid(`Question ${index}: branching must be an object`, 'questions')
}

/** `https:` with a host, or a `mailto:` address; no other scheme (§P2.3). */
function checkLink(link: unknown, index: number): void {
  if (typeof link !== 'string' || link === '') invalid(`Question ${index}: a link question needs a link`, 'questions')
  let url: URL | undefined
  try {
    url = new URL(link)
  } catch {
    url = undefined
  }
  const scheme = url?.protocol
  if (!url || !scheme || !(SURVEY_LINK_SCHEMES as readonly string[]).includes(scheme)) {
    invalid(`Link must be a URL with one of these schemes: ${SURVEY_LINK_SCHEMES.map((item) => item.slice(0, -1)).join(', ')}`, 'questions')
  }
  if (scheme === 'https:' && !url.hostname) invalid('Link must include a host', 'questions')
  if (scheme === 'mailto:' && !MAILTO.test(link)) invalid('Link must be a valid mailto: address', 'questions')
}

/** Open-question answer rules: `min_length` / `max_length` with a positive integer, `email`; min ≤ max. */
function checkValidation(rules: unknown, index: number): void {
  if (!Array.isArray(rules)) invalid(`Question ${index}: validation must be a list`, 'questions')
  const lengths: Record<string, number> = {}
  for (const rule of rules) {
    if (!isObject(rule)) invalid(`Question ${index}: each validation rule must be an object`, 'questions')
    const type = choiceField(rule, 'type', SURVEY_VALIDATION_TYPES, { required: true }, 'questions')
    if (type !== 'email') lengths[type as string] = integerField(rule, 'value', { required: true, min: 1 }, 'questions') as number
  }
  const { min_length: min, max_length: max } = lengths
  if (min !== undefined && max !== undefined && min > max) invalid(`Question ${index}: min_length must not exceed max_length`, 'questions')
}

/** `next_question`, `end`, `specific_question` with an index ≥ 0, `response_based` (rating and single choice) with its targets. */
function checkBranching(branching: Record<string, unknown>, type: unknown, index: number): void {
  const kind = choiceField(branching, 'type', SURVEY_BRANCHING_TYPES, { required: true }, 'questions')
  if (kind === 'specific_question') integerField(branching, 'index', { required: true, min: 0 }, 'questions')
  if (kind !== 'response_based') return
  if (type !== 'rating' && type !== 'single_choice') invalid(`Question ${index}: response-based branching is only for rating and single choice questions`, 'questions')
  const values = branching['responseValues']
  if (!isObject(values)) invalid(`Question ${index}: response-based branching needs responseValues`, 'questions')
  for (const target of Object.values(values)) {
    if (target !== 'end' && !(Number.isInteger(target) && (target as number) >= 0)) {
      invalid(`Question ${index}: each responseValues target must be a question index or "end"`, 'questions')
    }
  }
}

/** `conditions` (docs/service-behaviour.md §P2.5), errors on `conditions`. */
function checkConditions(conditions: Record<string, unknown>): void {
  choiceField(conditions, 'urlMatchType', SURVEY_MATCH_TYPES, { nullable: true }, 'conditions')
  choiceField(conditions, 'deviceTypesMatchType', SURVEY_MATCH_TYPES, { nullable: true }, 'conditions')
  integerField(conditions, 'seenSurveyWaitPeriodInDays', { nullable: true, min: 0 }, 'conditions')
  const devices = conditions['deviceTypes']
  if (devices !== undefined && devices !== null && (!Array.isArray(devices) || devices.some((device) => !(SURVEY_DEVICE_TYPES as readonly unknown[]).includes(device)))) {
    invalid(`Device types must be a list of ${SURVEY_DEVICE_TYPES.join(', ')}`, 'conditions')
  }
}

/** Writable fields checked and copied onto `target` (create and PATCH). */
export function applySurveyFields(store: FakeStore, target: FakeSurvey, body: Record<string, unknown>): void {
  const description = stringField(body, 'description')
  if (typeof description === 'string') target.description = description
  const schedule = choiceField(body, 'schedule', SCHEDULES, { nullable: true })
  if (schedule !== undefined) target.schedule = schedule
  const questions = arrayField(body, 'questions', { nullable: true })
  if (questions !== undefined) target.questions = questions === null ? null : checkQuestions(store, questions)
  for (const key of ['conditions', 'appearance'] as const) {
    const value = objectField(body, key, { nullable: true })
    if (value !== undefined) target[key] = value
  }
  if (isObject(target.conditions)) checkConditions(target.conditions)
  if (isObject(target.appearance) && typeof target.appearance['surveyPopupDelaySeconds'] === 'number' && target.appearance['surveyPopupDelaySeconds'] < 0) {
    invalid('Survey popup delay seconds must be a positive integer.', 'appearance')
  }
  if (isObject(target.appearance) && target.appearance['whiteLabel'] !== undefined && typeof target.appearance['whiteLabel'] !== 'boolean') {
    invalid('whiteLabel must be a boolean.', 'appearance')
  }
  // Shuffled questions cannot branch (docs/service-behaviour.md §P2.4): a non-field error.
  if (isObject(target.appearance) && target.appearance['shuffleQuestions'] === true && (target.questions ?? []).some((question) => isObject(question) && question['branching'] != null)) {
    invalid('Question shuffling and question branching cannot be used together. Please disable one of these features.')
  }
  for (const key of ['start_date', 'end_date', 'current_iteration_start_date', 'response_sampling_start_date'] as const) {
    const value = dateTimeField(body, key, { nullable: true })
    if (value !== undefined) target[key] = value
  }
  const archived = booleanField(body, 'archived')
  if (typeof archived === 'boolean') target.archived = archived
  for (const [key, max] of [
    ['responses_limit', undefined],
    ['iteration_count', 500],
    ['iteration_frequency_days', undefined],
    ['current_iteration', undefined],
    ['response_sampling_interval', undefined],
    ['response_sampling_limit', undefined],
  ] as const) {
    const value = integerField(body, key, { nullable: true, min: 0, max })
    if (value !== undefined) target[key] = value
  }
  const intervalType = choiceField(body, 'response_sampling_interval_type', INTERVAL_TYPES, { nullable: true })
  if (intervalType !== undefined) target.response_sampling_interval_type = intervalType
  if (body['response_sampling_daily_limits'] !== undefined) target.response_sampling_daily_limits = body['response_sampling_daily_limits']
  const partial = booleanField(body, 'enable_partial_responses', { nullable: true })
  if (partial !== undefined) target.enable_partial_responses = partial
  const startDates = arrayField(body, 'iteration_start_dates', { nullable: true })
  if (startDates !== undefined) target.iteration_start_dates = (startDates ?? []).map(String)
  const linkedFlagId = integerField(body, 'linked_flag_id', { nullable: true })
  if (linkedFlagId !== undefined) {
    const flag = linkedFlagId === null ? undefined : store.featureFlags.get(linkedFlagId)
    if (linkedFlagId !== null && !flag) invalid(`Invalid pk "${linkedFlagId}" - object does not exist.`, 'linked_flag_id', 'does_not_exist')
    target.linked_flag_id = linkedFlagId
    target.linked_flag = flag ? minimalFlag(flag) : null
  }
  const linkedInsightId = integerField(body, 'linked_insight_id', { nullable: true })
  if (linkedInsightId !== undefined) target.linked_insight_id = linkedInsightId
  const targetingFlagId = integerField(body, 'targeting_flag_id', { nullable: true })
  if (targetingFlagId !== undefined) {
    const flag = targetingFlagId === null ? undefined : store.featureFlags.get(targetingFlagId)
    if (targetingFlagId !== null && !flag) invalid(`Invalid pk "${targetingFlagId}" - object does not exist.`, 'targeting_flag_id', 'does_not_exist')
    target.targeting_flag = flag ? minimalFlag(flag) : null
  }
  const filters = objectField(body, 'targeting_flag_filters', { nullable: true })
  if (filters) {
    const existing = target.targeting_flag ? store.featureFlags.get(target.targeting_flag.id) : undefined
    const flag = existing ?? createFlag(store, { key: `survey-targeting-${store.hex(10)}`, name: `Targeting flag for survey ${target.name}`, filters })
    flag.filters = filters
    target.targeting_flag = minimalFlag(flag)
  }
  if (booleanField(body, 'remove_targeting_flag') === true && target.targeting_flag) {
    store.featureFlags.delete(target.targeting_flag.id)
    target.targeting_flag = null
  }
}
