/**
 * Surveys (docs/service-behaviour.md §5): two representations (GET vs POST/PATCH), hard delete (204), responses
 * that can be archived (the answer is the bare number 200), counts honouring `exclude_archived`,
 * all-or-nothing `duplicate_to_projects`, and a page-based activity log.
 */
import { param, type GroupHandlers, type OperationContext } from '../context.js'
import { icontains, paginate, positiveInt, presentPage, replaceQueryParam, sortBy } from '../paging.js'
import { empty, fail, invalid, json, notFound } from '../responses.js'
import { arrayField, bodyObject, booleanField, choiceField, dateTimeField, integerField, isObject, objectField, queryFlag, stringField } from '../validators.js'
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
} from '../../schemas/enums.js'
import type { FakeActivityLogEntry, FakeFeatureFlag, FakeSurvey, FakeSurveyResponse } from '../records.js'
import { FAKE_ORGANIZATION_ID, FAKE_USER, clone, isoDateTime, type FakeStore } from '../store.js'
import { createFlag, minimalFlag } from './feature-flags.js'
import { surveyResponses } from './survey-responses.js'
import { instant } from '../survey-events.js'

const TYPES = SURVEY_TYPES
const SCHEDULES = SURVEY_SCHEDULES
const QUESTION_TYPES = SURVEY_QUESTION_TYPES
const INTERVAL_TYPES = [...SURVEY_SAMPLING_INTERVAL_TYPES, '']
/** `ALLOWED_LINK_URL_SCHEMES` and the `mailto:` address rule (docs/service-behaviour.md §P2.3). */
const MAILTO = /^mailto:[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** Fields the POST/PATCH representation leaves out (`SurveySerializerCreateUpdateOnly`). */
const GET_ONLY = ['feature_flag_keys', 'user_access_level', 'linked_flag_id', 'linked_insight_id'] as const
/** Fields compared for the activity log of an update. */
const TRACKED = [
  'name',
  'description',
  'type',
  'schedule',
  'questions',
  'conditions',
  'appearance',
  'start_date',
  'end_date',
  'archived',
  'responses_limit',
  'iteration_count',
  'iteration_frequency_days',
  'linked_flag_id',
  'linked_insight_id',
  'enable_partial_responses',
] as const

/** Fields a seed may set. */
export type SurveySeed = Partial<FakeSurvey>
/** Fields a seeded response may set. */
export type SurveyResponseSeed = Partial<Omit<FakeSurveyResponse, 'survey_id'>>

/** Stores a survey built from `seed` without validation. Seeded surveys are launched unless `start_date: null`. */
export function seedSurvey(store: FakeStore, seed: SurveySeed, index: number): FakeSurvey {
  const createdAt = seed.created_at ?? store.timestamp(-(30 * 60_000) + index * 1000)
  const survey = baseSurvey(store, seed.name ?? `Survey ${store.surveys.size + 1}`, seed.type ?? 'popover', createdAt)
  survey.start_date = createdAt
  survey.questions = [{ id: store.uuid(), type: 'open', question: 'What can we improve?', description: '', descriptionContentType: 'text', optional: false }]
  Object.assign(survey, seed)
  if (survey.questions) survey.questions = withQuestionIds(store, survey.questions)
  survey.internal_targeting_flag ??= minimalFlag(internalTargetingFlag(store, survey))
  syncInternalFlag(store, survey)
  store.surveys.set(survey.id, survey)
  return survey
}

/**
 * Stores responses to a survey; each gets a UUID, a distinct id and a timestamp unless given. The timestamps
 * fall inside the survey's window, as the responses endpoint reads it (from its start, or creation, to its end
 * or now): a minute apart, or closer when the window is shorter, the newest last.
 */
export function seedSurveyResponses(store: FakeStore, surveyId: string, seeds: readonly SurveyResponseSeed[]): FakeSurveyResponse[] {
  const survey = store.surveys.get(surveyId)
  if (!survey) throw new Error(`seed.surveyResponses: no survey with id ${surveyId}`)
  const list = store.surveyResponses.get(surveyId) ?? []
  const firstQuestion = survey.questions?.[0]?.['id']
  const to = survey.end_date ? Math.min(instant(survey.end_date), store.now().getTime()) : store.now().getTime()
  const from = instant(survey.start_date ?? survey.created_at)
  const step = Math.max(1, Math.min(60_000, Math.floor((to - from) / (seeds.length + 1))))
  const created = seeds.map((seed, index) => {
    const number = list.length + index + 1
    const response: FakeSurveyResponse = {
      uuid: store.uuid(),
      survey_id: surveyId,
      distinct_id: `respondent-${number}`,
      timestamp: store.timestamp(to - store.now().getTime() - (seeds.length - index) * step),
      answers: typeof firstQuestion === 'string' ? { [firstQuestion]: `Answer ${number}` } : {},
      ...seed,
    }
    return response
  })
  list.push(...created)
  store.surveyResponses.set(surveyId, list)
  return created
}

function baseSurvey(store: FakeStore, name: string, type: string, createdAt: string): FakeSurvey {
  return {
    id: store.uuid(),
    name,
    description: '',
    type,
    schedule: 'once',
    linked_flag: null,
    linked_flag_id: null,
    linked_insight_id: null,
    targeting_flag: null,
    internal_targeting_flag: null,
    questions: [],
    conditions: null,
    appearance: null,
    created_at: createdAt,
    created_by: FAKE_USER,
    start_date: null,
    end_date: null,
    archived: false,
    responses_limit: null,
    iteration_count: null,
    iteration_frequency_days: null,
    iteration_start_dates: [],
    current_iteration: null,
    current_iteration_start_date: null,
    response_sampling_start_date: null,
    response_sampling_interval_type: 'week',
    response_sampling_interval: null,
    response_sampling_limit: null,
    response_sampling_daily_limits: null,
    enable_partial_responses: false,
    user_access_level: 'editor',
  }
}

function withQuestionIds(store: FakeStore, questions: Record<string, unknown>[]): Record<string, unknown>[] {
  return questions.map((question) => (typeof question['id'] === 'string' ? question : { id: store.uuid(), ...question }))
}

/** The auto-created flag that excludes people who already answered or dismissed (§5.1). */
function internalTargetingFlag(store: FakeStore, survey: FakeSurvey): FakeFeatureFlag {
  return createFlag(store, {
    key: `survey-targeting-${store.hex(10)}-custom`,
    name: `Targeting flag for survey ${survey.name}`,
    active: false,
    filters: {
      groups: [
        {
          variant: null,
          properties: [
            { key: `$survey_dismissed/${survey.id}`, type: 'person', value: 'is_not_set', operator: 'is_not_set' },
            { key: `$survey_responded/${survey.id}`, type: 'person', value: 'is_not_set', operator: 'is_not_set' },
          ],
          rollout_percentage: 100,
        },
      ],
    },
  })
}

/** The internal flag is active while the survey runs. */
function syncInternalFlag(store: FakeStore, survey: FakeSurvey): void {
  const embedded = survey.internal_targeting_flag
  if (!embedded) return
  const flag = store.featureFlags.get(embedded.id)
  if (!flag) return
  flag.active = survey.start_date !== null && survey.end_date === null
  survey.internal_targeting_flag = minimalFlag(flag)
  const targeting = survey.targeting_flag ? store.featureFlags.get(survey.targeting_flag.id) : undefined
  if (targeting) {
    targeting.active = survey.end_date === null
    survey.targeting_flag = minimalFlag(targeting)
  }
}

function featureFlagKeys(survey: FakeSurvey): Array<{ key: string; value: string | null }> {
  return [
    { key: 'linked_flag_key', value: survey.linked_flag?.key ?? null },
    { key: 'targeting_flag_key', value: survey.targeting_flag?.key ?? null },
    { key: 'internal_targeting_flag_key', value: survey.internal_targeting_flag?.key ?? null },
    { key: 'internal_response_sampling_flag_key', value: null },
  ]
}

/** GET representation (`Survey`). */
export function presentSurvey(survey: FakeSurvey): Record<string, unknown> {
  return { ...clone(survey), feature_flag_keys: featureFlagKeys(survey) }
}

/** POST/PATCH representation (`SurveySerializerCreateUpdateOnly`). */
function presentWritten(survey: FakeSurvey): Record<string, unknown> {
  const out: Record<string, unknown> = clone(survey)
  for (const key of GET_ONLY) delete out[key]
  return out
}

function findSurvey(context: OperationContext): FakeSurvey {
  const survey = context.store.surveys.get(param(context, 'id'))
  if (!survey) notFound()
  return survey
}

/** Some survey actions answer an unknown id with 404 and no body (§1.6). */
function findSurveyOrEmpty404(context: OperationContext): FakeSurvey {
  const survey = context.store.surveys.get(param(context, 'id'))
  if (!survey) fail(empty(404))
  return survey
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
function applyWritable(store: FakeStore, target: FakeSurvey, body: Record<string, unknown>): void {
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

function recordActivity(
  store: FakeStore,
  survey: Pick<FakeSurvey, 'id' | 'name'>,
  activity: string,
  changes: FakeActivityLogEntry['detail']['changes'] = null,
): void {
  store.activity.push({
    id: store.uuid(),
    user: FAKE_USER,
    unread: false,
    organization_id: FAKE_ORGANIZATION_ID,
    was_impersonated: false,
    is_system: false,
    activity,
    item_id: survey.id,
    scope: 'Survey',
    detail: { id: survey.id, changes, merge: null, trigger: null, name: survey.name, short_id: null, type: null },
    created_at: store.timestamp(),
  })
}

/** Page-based activity: `{results, next, previous, total_count}`, 10 a page by default (§1.5). */
function activityPage(context: OperationContext, entries: FakeActivityLogEntry[]): Response {
  const limit = positiveInt(context.query.get('limit'), true) ?? 10
  const page = positiveInt(context.query.get('page'), true) ?? 1
  const newestFirst = [...entries].reverse()
  const results = newestFirst.slice((page - 1) * limit, page * limit)
  const link = (target: number) => replaceQueryParam(new URL(replaceQueryParam(context.url, 'page', target)), 'limit', limit)
  return json({
    results: clone(results),
    next: page * limit < newestFirst.length ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    total_count: newestFirst.length,
  })
}

/** Responses in a date window, optionally without archived ones. */
function responsesOf(store: FakeStore, surveyId: string, window: DateWindow, excludeArchived: boolean): FakeSurveyResponse[] {
  const archived = store.archivedResponseUuids.get(surveyId)
  return (store.surveyResponses.get(surveyId) ?? []).filter((response) => {
    const at = Date.parse(response.timestamp)
    if (window.from !== null && at < window.from) return false
    if (window.to !== null && at > window.to) return false
    return !(excludeArchived && archived?.has(response.uuid))
  })
}

interface DateWindow {
  from: number | null
  to: number | null
  fromText: string | null
  toText: string | null
}

/** `date_from`/`date_to`: ISO 8601 with a zone, else 400. */
function dateWindow(query: URLSearchParams): DateWindow {
  const read = (key: string) => {
    const value = query.get(key)
    if (value === null || value === '') return null
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
      invalid(`${key} must be an ISO 8601 timestamp with a timezone`, key)
    }
    return value
  }
  const fromText = read('date_from')
  const toText = read('date_to')
  return { from: fromText ? Date.parse(fromText) : null, to: toText ? Date.parse(toText) : null, fromText, toText }
}

interface EventStats {
  total_count: number
  unique_persons: number
  first_seen: string | null
  last_seen: string | null
  unique_persons_only_seen: number
  total_count_only_seen: number
}

/** `{stats, rates}` of a set of responses: each response is one `survey sent` and one `survey shown`. */
function statsOf(shown: FakeSurveyResponse[], sent: FakeSurveyResponse[]): { stats: Record<string, EventStats>; rates: Record<string, number> } {
  const sentPersons = new Set(sent.map((response) => response.distinct_id))
  const shownPersons = new Set(shown.map((response) => response.distinct_id))
  const onlySeen = shown.filter((response) => !sentPersons.has(response.distinct_id))
  const event = (responses: FakeSurveyResponse[], onlySeenCount = 0, onlySeenPersons = 0): EventStats => {
    const times = responses.map((response) => Date.parse(response.timestamp)).sort((a, b) => a - b)
    // ClickHouse's naive timestamps with a `Z` appended (docs/service-behaviour.md §1.8).
    const render = (time: number | undefined) => (time === undefined ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z'))
    return {
      total_count: responses.length,
      unique_persons: new Set(responses.map((response) => response.distinct_id)).size,
      first_seen: render(times[0]),
      last_seen: render(times[times.length - 1]),
      unique_persons_only_seen: onlySeenPersons,
      total_count_only_seen: onlySeenCount,
    }
  }
  const rate = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 10_000) / 100)
  const shownStats = event(shown, onlySeen.length, new Set(onlySeen.map((response) => response.distinct_id)).size)
  const sentStats = event(sent)
  return {
    stats: { 'survey shown': shownStats, 'survey dismissed': event([]), 'survey sent': sentStats },
    rates: {
      response_rate: rate(sentStats.total_count, shownStats.total_count),
      dismissal_rate: 0,
      unique_users_response_rate: rate(sentPersons.size, shownPersons.size),
      unique_users_dismissal_rate: 0,
    },
  }
}

/**
 * Survey names are unique per project, checked after the fields (docs/service-behaviour.md §5.2): a
 * non-field 400 `unique`, worded for a new survey or for one renamed to another's name.
 */
function checkNameFree(store: FakeStore, name: string, renamed?: FakeSurvey): void {
  const taken = [...store.surveys.values()].some((survey) => survey.name === name && survey.id !== renamed?.id)
  if (!taken) return
  invalid(renamed ? 'There is already another survey with this name.' : 'There is already a survey with this name.', null, 'unique')
}

function duplicatedName(store: FakeStore, name: string): string {
  const now = store.now().toISOString()
  return `${name} (duplicated at ${now.slice(0, 10)} ${now.slice(11, 19)})`
}

export const surveyHandlers: GroupHandlers<'surveys'> = {
  'surveys.list': ({ store, url, query }) => {
    let items = [...store.surveys.values()]
    const search = query.get('search')
    if (search) items = items.filter((item) => icontains(item.name, search) || icontains(item.description, search))
    sortBy(items, ['-created_at', '-id'], (item, field) => item[field])
    return json(presentPage(paginate(url, items, store.settings.pageSize), presentSurvey))
  },

  'surveys.create': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const name = stringField(body, 'name', { required: true, maxLength: 400, allowBlank: false }) as string
    const type = choiceField(body, 'type', TYPES, { required: true }) as string
    const survey = baseSurvey(store, name, type, store.timestamp())
    const flagsBefore = new Set(store.featureFlags.keys())
    try {
      applyWritable(store, survey, body)
      checkNameFree(store, name)
    } catch (error) {
      // Roll back any flag made before a later field failed.
      for (const id of store.featureFlags.keys()) if (!flagsBefore.has(id)) store.featureFlags.delete(id)
      throw error
    }
    survey.internal_targeting_flag = minimalFlag(internalTargetingFlag(store, survey))
    syncInternalFlag(store, survey)
    store.surveys.set(survey.id, survey)
    recordActivity(store, survey, 'created')
    return json(presentWritten(survey), 201)
  },

  'surveys.retrieve': (context) => json(presentSurvey(findSurvey(context))),

  'surveys.update': (context) => {
    const { store } = context
    const survey = findSurvey(context)
    const body = bodyObject(context.body)
    const draft = clone(survey)
    const name = stringField(body, 'name', { maxLength: 400, allowBlank: false })
    if (typeof name === 'string') draft.name = name
    const type = choiceField(body, 'type', TYPES)
    if (typeof type === 'string') draft.type = type
    applyWritable(store, draft, body)
    if (draft.name !== survey.name) checkNameFree(store, draft.name, survey)
    const changes = TRACKED.filter((field) => JSON.stringify(survey[field]) !== JSON.stringify(draft[field])).map((field) => ({
      type: 'Survey',
      action: 'changed',
      field,
      before: clone(survey[field]),
      after: clone(draft[field]),
    }))
    Object.assign(survey, draft)
    syncInternalFlag(store, survey)
    if (changes.length > 0) recordActivity(store, survey, 'updated', changes)
    return json(presentWritten(survey))
  },

  // A hard delete that also removes the survey's targeting flags (§5.2).
  'surveys.delete': (context) => {
    const { store } = context
    const survey = findSurvey(context)
    for (const flag of [survey.targeting_flag, survey.internal_targeting_flag]) if (flag) store.featureFlags.delete(flag.id)
    store.surveys.delete(survey.id)
    store.surveyResponses.delete(survey.id)
    store.archivedResponseUuids.delete(survey.id)
    recordActivity(store, survey, 'deleted')
    return empty(204)
  },

  'surveys.activity': (context) => {
    const survey = findSurveyOrEmpty404(context)
    return activityPage(
      context,
      context.store.activity.filter((entry) => entry.item_id === survey.id),
    )
  },

  'surveys.archivedResponseUuids': (context) => {
    const survey = findSurvey(context)
    return json([...(context.store.archivedResponseUuids.get(survey.id) ?? [])])
  },

  // All or nothing (docs/service-behaviour.md §5.2): every target is checked, and every copy validated as a
  // new survey of its project (its name free there), before any copy is made.
  'surveys.duplicateToProjects': (context) => {
    const { store } = context
    const survey = findSurveyOrEmpty404(context)
    const body = bodyObject(context.body)
    const targets = body['target_team_ids']
    if (!Array.isArray(targets) || targets.length === 0) invalid('target_team_ids must be a non-empty list of team IDs')
    for (const [index, target] of targets.entries()) {
      if (typeof target !== 'number' || !Number.isInteger(target)) invalid('A valid integer is required.', `target_team_ids__${index}`)
    }
    const ids = targets as number[]
    // The organisation's teams among those named, each once: a repeated or unknown id is one too few.
    if (new Set(ids.filter((id) => store.settings.organizationTeamIds.includes(id))).size !== ids.length) {
      invalid("One or more target teams not found or you don't have access to them")
    }
    const name = duplicatedName(store, survey.name)
    for (const teamId of ids) checkNameFree(store.settings.project(teamId) as FakeStore, name)
    const created = ids.map((teamId) => {
      const copy: FakeSurvey = {
        ...clone(survey),
        id: store.uuid(),
        name,
        created_at: store.timestamp(),
        created_by: FAKE_USER,
        start_date: null,
        end_date: null,
        archived: false,
        linked_flag: null,
        linked_flag_id: null,
        targeting_flag: null,
        internal_targeting_flag: null,
      }
      // Every team of the organisation is a project of the fake: the copy is readable there.
      const target = store.settings.project(teamId)
      if (target) {
        target.surveys.set(copy.id, copy)
        recordActivity(target, copy, 'created')
      }
      if (teamId !== store.projectId) store.surveyCopies.push({ team_id: teamId, survey: copy })
      return { team_id: teamId, survey_id: copy.id, name: copy.name }
    })
    return json({ created_surveys: created, count: created.length }, 201)
  },

  // The view passes the status constant as the body: the bare JSON number 200 (§5.2).
  'surveys.archiveResponse': (context) => {
    const { store } = context
    const survey = findSurvey(context)
    const uuid = param(context, 'responseUuid')
    if (!UUID.test(uuid)) return json({ detail: 'Invalid UUID format' }, 400)
    const archived = store.archivedResponseUuids.get(survey.id) ?? new Set<string>()
    if (!archived.has(uuid)) {
      archived.add(uuid)
      store.archivedResponseUuids.set(survey.id, archived)
      recordActivity(store, survey, 'response_archived', [{ type: 'Survey', action: 'changed', field: 'response', before: uuid, after: null }])
    }
    return json(200)
  },

  'surveys.unarchiveResponse': (context) => {
    const { store } = context
    const survey = findSurvey(context)
    const uuid = param(context, 'responseUuid')
    if (!UUID.test(uuid)) return json({ detail: 'Invalid UUID format' }, 400)
    if (store.archivedResponseUuids.get(survey.id)?.delete(uuid)) {
      recordActivity(store, survey, 'response_unarchived', [{ type: 'Survey', action: 'changed', field: 'response', before: null, after: uuid }])
    }
    return json(200)
  },

  'surveys.stats': (context) => {
    const { store, query } = context
    const survey = findSurvey(context)
    const window = dateWindow(query)
    const excludeArchived = queryFlag(query, 'exclude_archived')
    const shown = responsesOf(store, survey.id, window, false)
    const sent = responsesOf(store, survey.id, window, excludeArchived)
    return json({
      ...statsOf(shown, sent),
      survey_id: survey.id,
      start_date: window.fromText ?? survey.start_date ?? survey.created_at,
      end_date: window.toText ?? survey.end_date,
    })
  },

  'surveys.summarizeResponses': (context) => {
    const { store, query } = context
    const survey = findSurveyOrEmpty404(context)
    const questionId = query.get('question_id')
    const questionIndex = query.get('question_index')
    if (!questionId && !questionIndex) invalid('question_id or question_index is required')
    const questions = survey.questions ?? []
    const question = questionId
      ? questions.find((item) => item['id'] === questionId)
      : questions[positiveInt(questionIndex, false) ?? Number.NaN]
    if (!question) invalid('Question not found')
    const body = bodyObject(context.body)
    const cacheKey = `${survey.id}:${String(question['id'])}`
    const cached = store.summaries.get(cacheKey)
    if (cached && body['force_refresh'] !== true) return json({ ...cached, cached: true }, 200, { 'cache-control': 'max-age=15' })
    const responses = responsesOf(store, survey.id, { from: null, to: null, fromText: null, toText: null }, true)
    const summary = {
      content: `## Summary\n\n${responses.length} responses to "${String(question['question'] ?? '')}".\n\n- Respondents mostly asked for improvements.`,
      response_count: responses.length,
      generated_at: isoDateTime(store.now()),
      trace_id: store.uuid(),
      cached: false,
    }
    store.summaries.set(cacheKey, summary)
    return json(summary, 200, { 'cache-control': 'max-age=15' })
  },

  'surveys.summaryHeadline': (context) => {
    const { store } = context
    const survey = findSurveyOrEmpty404(context)
    const responses = responsesOf(store, survey.id, { from: null, to: null, fromText: null, toText: null }, true)
    const sampled = Math.min(responses.length, 100)
    return json({
      headline: responses.length === 0 ? 'No responses yet.' : `Across ${responses.length} responses, people mostly asked for improvements.`,
      responses_sampled: sampled,
      has_more: responses.length > sampled,
    })
  },

  'surveys.allActivity': (context) => activityPage(context, context.store.activity),

  'surveys.responsesCount': ({ store, query }) => {
    const surveys = [...store.surveys.values()]
    // `{}` while no survey has ever started (§5.2).
    if (!surveys.some((survey) => survey.start_date !== null)) return json({})
    const wanted = query.get('survey_ids')?.split(',').map((id) => id.trim()).filter(Boolean)
    const excludeArchived = queryFlag(query, 'exclude_archived')
    const counts: Record<string, number> = {}
    for (const survey of surveys) {
      if (wanted && !wanted.includes(survey.id)) continue
      const count = responsesOf(store, survey.id, { from: null, to: null, fromText: null, toText: null }, excludeArchived).length
      if (count > 0) counts[survey.id] = count
    }
    return json(counts)
  },

  'surveys.responses': surveyResponses,

  'surveys.allStats': ({ store, query }) => {
    const window = dateWindow(query)
    const surveys = [...store.surveys.values()]
    if (!surveys.some((survey) => survey.start_date !== null)) {
      return json({ stats: {}, rates: { response_rate: 0, dismissal_rate: 0, unique_users_response_rate: 0, unique_users_dismissal_rate: 0 } })
    }
    const responses = surveys.flatMap((survey) => responsesOf(store, survey.id, window, false))
    return json(statsOf(responses, responses))
  },
}
