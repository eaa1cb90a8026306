/**
 * The writable fields of a survey (docs/service-behaviour.md §5, §P2): each checked the way the survey
 * serializer does and copied onto the draft, questions with their per-type rules, conditions and appearance,
 * and the linked and targeting flags (a targeting flag made from `targeting_flag_filters`).
 */
import { field, type FieldRead } from '../group-kit.js'
import { arrayField, booleanField, choiceField, integerField, isObject, objectField } from '../validators.js'
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
  SURVEY_TYPES,
  SURVEY_VALIDATION_TYPES,
} from '../../model/enums.js'
import type { FakeMinimalFeatureFlag, FakeSurvey } from '../records.js'
import type { FakeStore } from '../store.js'
import { createFlag, minimalFlag } from './feature-flags.js'

const SCHEDULES = SURVEY_SCHEDULES
const QUESTION_TYPES = SURVEY_QUESTION_TYPES
const INTERVAL_TYPES = [...SURVEY_SAMPLING_INTERVAL_TYPES, '']
/** `ALLOWED_LINK_URL_SCHEMES` and the `mailto:` address rule (docs/service-behaviour.md §P2.3). */
const MAILTO = /^mailto:[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/

/** Questions without an `id` get one. */
export function withQuestionIds(store: FakeStore, questions: Record<string, unknown>[]): Record<string, unknown>[] {
  return questions.map((question) =>
    typeof question['id'] === 'string' ? question : { id: store.uuid(), ...question },
  )
}

function checkQuestions(store: FakeStore, questions: unknown[]): Record<string, unknown>[] {
  return withQuestionIds(
    store,
    questions.map((question, index) => {
      if (!isObject(question)) invalid(`Question ${index} must be an object`, 'questions')
      choiceField(question, 'type', QUESTION_TYPES, { required: true }, 'questions')
      const text = question['question']
      if (typeof text !== 'string' || text.trim() === '')
        invalid(`Question ${index} must have a question text`, 'questions')
      if (question['type'] === 'single_choice' || question['type'] === 'multiple_choice') {
        const choices = question['choices']
        if (
          !Array.isArray(choices) ||
          choices.length === 0 ||
          choices.some((choice) => typeof choice !== 'string' || choice.trim() === '')
        ) {
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
  if (question['type'] === 'open' && question['validation'] !== undefined)
    checkValidation(question['validation'], index)
  if (isObject(question['branching'])) checkBranching(question['branching'], question['type'], index)
  else if (question['branching'] !== undefined && question['branching'] !== null)
    invalid(`Question ${index}: branching must be an object`, 'questions')
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
    invalid(
      `Link must be a URL with one of these schemes: ` +
        `${SURVEY_LINK_SCHEMES.map((item) => item.slice(0, -1)).join(', ')}`,
      'questions',
    )
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
    if (type !== 'email')
      lengths[type as string] = integerField(rule, 'value', { required: true, min: 1 }, 'questions') as number
  }
  const { min_length: min, max_length: max } = lengths
  if (min !== undefined && max !== undefined && min > max)
    invalid(`Question ${index}: min_length must not exceed max_length`, 'questions')
}

/**
 * `next_question`, `end`, `specific_question` with an index ≥ 0, `response_based` (rating and single choice) with its
 * targets.
 */
function checkBranching(branching: Record<string, unknown>, type: unknown, index: number): void {
  const kind = choiceField(branching, 'type', SURVEY_BRANCHING_TYPES, { required: true }, 'questions')
  if (kind === 'specific_question') integerField(branching, 'index', { required: true, min: 0 }, 'questions')
  if (kind !== 'response_based') return
  if (type !== 'rating' && type !== 'single_choice')
    invalid(`Question ${index}: response-based branching is only for rating and single choice questions`, 'questions')
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
  if (
    devices !== undefined &&
    devices !== null &&
    (!Array.isArray(devices) || devices.some((device) => !(SURVEY_DEVICE_TYPES as readonly unknown[]).includes(device)))
  ) {
    invalid(`Device types must be a list of ${SURVEY_DEVICE_TYPES.join(', ')}`, 'conditions')
  }
}

/**
 * The appearance as it now stands, checked with the conditions and the questions (docs/service-behaviour.md §P2.4,
 * §P2.5).
 */
function checkAppearance(draft: FakeSurvey, appearance: unknown): void {
  if (isObject(draft.conditions)) checkConditions(draft.conditions)
  if (!isObject(appearance)) return
  if (typeof appearance['surveyPopupDelaySeconds'] === 'number' && appearance['surveyPopupDelaySeconds'] < 0)
    invalid('Survey popup delay seconds must be a positive integer.', 'appearance')
  if (appearance['whiteLabel'] !== undefined && typeof appearance['whiteLabel'] !== 'boolean')
    invalid('whiteLabel must be a boolean.', 'appearance')
  // Shuffled questions cannot branch: a non-field error.
  if (
    appearance['shuffleQuestions'] === true &&
    (draft.questions ?? []).some((question) => isObject(question) && question['branching'] != null)
  ) {
    invalid('Question shuffling and question branching cannot be used together. Please disable one of these features.')
  }
}

/** A flag of the project named by id (`null` clears it), as the survey embeds it. */
function linkedFlag(
  body: Record<string, unknown>,
  key: string,
  store: FakeStore,
): { id: number | null | undefined; flag: FakeMinimalFeatureFlag | null } {
  const id = integerField(body, key, { nullable: true })
  const flag = id === null || id === undefined ? undefined : store.featureFlags.get(id)
  if (id !== null && id !== undefined && !flag)
    invalid(`Invalid pk "${id}" - object does not exist.`, key, 'does_not_exist')
  return { id, flag: flag ? minimalFlag(flag) : null }
}

const sampling = field.integer({ nullable: true, min: 0 })

/** The writable fields of a survey, in the serializer's order (create and PATCH). */
export const SURVEY_WRITABLE: Readonly<Record<string, FieldRead<FakeSurvey>>> = {
  name: field.text({ required: 'on create', maxLength: 400, allowBlank: false }),
  type: field.choice(SURVEY_TYPES, { required: 'on create' }),
  description: field.text(),
  schedule: field.choice(SCHEDULES, { nullable: true }),
  questions: (body, key, { store }) => {
    const questions = arrayField(body, key, { nullable: true })
    return questions === undefined || questions === null ? questions : checkQuestions(store, questions)
  },
  conditions: field.object({ nullable: true }),
  appearance: (body, key, { draft }) => {
    const appearance = objectField(body, key, { nullable: true })
    checkAppearance(draft, appearance === undefined ? draft.appearance : appearance)
    return appearance
  },
  start_date: field.dateTime({ nullable: true }),
  end_date: field.dateTime({ nullable: true }),
  current_iteration_start_date: field.dateTime({ nullable: true }),
  response_sampling_start_date: field.dateTime({ nullable: true }),
  archived: field.boolean(),
  responses_limit: sampling,
  iteration_count: field.integer({ nullable: true, min: 0, max: 500 }),
  iteration_frequency_days: sampling,
  current_iteration: sampling,
  response_sampling_interval: sampling,
  response_sampling_limit: sampling,
  response_sampling_interval_type: field.choice(INTERVAL_TYPES, { nullable: true }),
  response_sampling_daily_limits: (body, key) => body[key],
  enable_partial_responses: field.boolean({ nullable: true }),
  iteration_start_dates: (body, key) => {
    const dates = arrayField(body, key, { nullable: true })
    return dates === undefined ? undefined : (dates ?? []).map(String)
  },
  linked_flag_id: (body, key, { store, draft }) => {
    const { id, flag } = linkedFlag(body, key, store)
    if (id !== undefined) draft.linked_flag = flag
    return id
  },
  linked_insight_id: field.integer({ nullable: true }),
  // Write-only: sets `targeting_flag`.
  targeting_flag_id: (body, key, { store, draft }) => {
    const { id, flag } = linkedFlag(body, key, store)
    if (id !== undefined) draft.targeting_flag = flag
    return undefined
  },
  // Write-only: the targeting flag's conditions, on the survey's flag or a new one.
  targeting_flag_filters: (body, key, { store, draft }) => {
    const filters = objectField(body, key, { nullable: true })
    if (!filters) return undefined
    const existing = draft.targeting_flag ? store.featureFlags.get(draft.targeting_flag.id) : undefined
    const flag =
      existing ??
      createFlag(store, {
        key: `survey-targeting-${store.hex(10)}`,
        name: `Targeting flag for survey ${draft.name}`,
        filters,
      })
    flag.filters = filters
    draft.targeting_flag = minimalFlag(flag)
    return undefined
  },
  // Write-only: `true` deletes the targeting flag.
  remove_targeting_flag: (body, key, { store, draft }) => {
    if (booleanField(body, key) === true && draft.targeting_flag) {
      store.featureFlags.delete(draft.targeting_flag.id)
      draft.targeting_flag = null
    }
    return undefined
  },
}
