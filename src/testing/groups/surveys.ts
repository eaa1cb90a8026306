/**
 * Surveys (docs/service-behaviour.md §5): two representations (GET vs POST/PATCH), hard delete (204), responses
 * that can be archived (the answer is the bare number 200), all-or-nothing `duplicate_to_projects`, and the
 * activity log. Their fields are checked in survey-fields.ts, their stats in survey-stats.ts.
 */
import { param, type GroupHandlers, type OperationContext } from '../context.js'
import { findRecord, pageOf, type Lookup } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { empty, invalid, json } from '../responses.js'
import { bodyObject, choiceField, stringField } from '../validators.js'
import { SURVEY_TYPES } from '../../model/enums.js'
import type { FakeFeatureFlag, FakeSurvey, FakeSurveyResponse } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { createFlag, minimalFlag } from './feature-flags.js'
import { activityPage, recordActivity } from './survey-activity.js'
import { applySurveyFields, withQuestionIds } from './survey-fields.js'
import { surveyResponses } from './survey-responses.js'
import { emptyNotFound, surveyStatsHandlers } from './survey-stats.js'
import { instant } from '../survey-events.js'

const TYPES = SURVEY_TYPES
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

function findSurvey(context: OperationContext, lookup: Lookup = {}): FakeSurvey {
  return findRecord(context, context.store.surveys, lookup)
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
  'surveys.list': (context) => {
    const { store, query } = context
    let items = [...store.surveys.values()]
    const search = query.get('search')
    if (search) items = items.filter((item) => icontains(item.name, search) || icontains(item.description, search))
    sortBy(items, ['-created_at', '-id'], (item, field) => item[field])
    return pageOf(context, items, presentSurvey)
  },

  'surveys.create': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const name = stringField(body, 'name', { required: true, maxLength: 400, allowBlank: false }) as string
    const type = choiceField(body, 'type', TYPES, { required: true }) as string
    const survey = baseSurvey(store, name, type, store.timestamp())
    const flagsBefore = new Set(store.featureFlags.keys())
    try {
      applySurveyFields(store, survey, body)
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
    applySurveyFields(store, draft, body)
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
    const survey = findSurvey(context, { missing: emptyNotFound })
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
    const survey = findSurvey(context, { missing: emptyNotFound })
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

  'surveys.allActivity': (context) => activityPage(context, context.store.activity),

  'surveys.responses': surveyResponses,

  ...surveyStatsHandlers,
}
