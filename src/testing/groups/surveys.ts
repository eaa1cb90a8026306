/**
 * Surveys (docs/service-behaviour.md §5): two representations (GET vs POST/PATCH), hard delete (204), responses
 * that can be archived (the answer is the bare number 200), all-or-nothing `duplicate_to_projects`, and the
 * activity log. Their fields are checked in survey-fields.ts, their stats in survey-stats.ts.
 */
import { param, type GroupHandlers } from '../context.js'
import { GroupKit, seededAt } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid, json } from '../responses.js'
import { bodyObject } from '../validators.js'
import type { FakeFeatureFlag, FakeSurvey } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { createFlag, minimalFlag } from './feature-flags.js'
import { activityPage, recordActivity } from './survey-activity.js'
import { SURVEY_WRITABLE, withQuestionIds } from './survey-fields.js'
import { surveyResponses } from './survey-responses.js'
import { emptyNotFound, surveyStatsHandlers } from './survey-stats.js'

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

function blankSurvey(store: FakeStore): Omit<FakeSurvey, 'id'> {
  return {
    name: '',
    description: '',
    type: 'popover',
    schedule: 'once',
    linked_flag: null,
    linked_flag_id: null,
    linked_insight_id: null,
    targeting_flag: null,
    internal_targeting_flag: null,
    questions: [],
    conditions: null,
    appearance: null,
    created_at: store.timestamp(),
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

function recordChanges(store: FakeStore, survey: FakeSurvey, previous: FakeSurvey): void {
  const changes = TRACKED.filter((field) => JSON.stringify(previous[field]) !== JSON.stringify(survey[field])).map(
    (field) => ({
      type: 'Survey',
      action: 'changed',
      field,
      before: clone(previous[field]),
      after: clone(survey[field]),
    }),
  )
  if (changes.length > 0) recordActivity(store, survey, 'updated', changes)
}

const surveys = new GroupKit<FakeSurvey, string>({
  records: (store) => store.surveys,
  idKind: 'uuid',
  blank: blankSurvey,
  // Launched unless `start_date: null`, with one open question.
  seeded(store, _survey, seed, index) {
    const createdAt = seed.created_at ?? seededAt(store, index)
    const question = {
      id: store.uuid(),
      type: 'open',
      question: 'What can we improve?',
      description: '',
      descriptionContentType: 'text',
      optional: false,
    }
    return {
      name: `Survey ${store.surveys.size + 1}`,
      type: 'popover',
      created_at: createdAt,
      start_date: createdAt,
      questions: [question],
      ...seed,
    }
  },
  softDeletes: false,
  writable: SURVEY_WRITABLE,
  // Names are unique per project, checked after the fields (docs/service-behaviour.md §5.2): a non-field 400.
  unique: {
    field: 'name',
    attr: null,
    onChangeOnly: true,
    message: (_holder, previous) =>
      previous ? 'There is already another survey with this name.' : 'There is already a survey with this name.',
  },
  stored(store, survey, previous) {
    if (!previous) {
      if (survey.questions) survey.questions = withQuestionIds(store, survey.questions)
      survey.internal_targeting_flag ??= minimalFlag(internalTargetingFlag(store, survey))
    }
    syncInternalFlag(store, survey)
  },
  written(store, survey, previous) {
    if (previous) recordChanges(store, survey, previous)
    else recordActivity(store, survey, 'created')
  },
  // A hard delete that also removes the survey's targeting flags (§5.2).
  removed(store, survey) {
    for (const flag of [survey.targeting_flag, survey.internal_targeting_flag])
      if (flag) store.featureFlags.delete(flag.id)
    store.surveyResponses.delete(survey.id)
    store.archivedResponseUuids.delete(survey.id)
    recordActivity(store, survey, 'deleted')
  },
  present: (_store, survey) => presentSurvey(survey),
  presentWritten: (_store, survey) => presentWritten(survey),
})

/** Stores a survey built from `seed` without validation. Seeded surveys are launched unless `start_date: null`. */
export function seedSurvey(store: FakeStore, seed: SurveySeed, index: number): FakeSurvey {
  return surveys.seed(store, seed, index)
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
    return surveys.page(context, items)
  },

  // A flag made before a later field failed is not left behind.
  'surveys.create': (context) => {
    const flagsBefore = new Set(context.store.featureFlags.keys())
    try {
      return surveys.create(context)
    } catch (error) {
      for (const id of context.store.featureFlags.keys())
        if (!flagsBefore.has(id)) context.store.featureFlags.delete(id)
      throw error
    }
  },
  'surveys.retrieve': surveys.retrieve,
  'surveys.update': surveys.update,
  'surveys.delete': surveys.delete,

  'surveys.activity': (context) => {
    const survey = surveys.find(context, { missing: emptyNotFound })
    return activityPage(
      context,
      context.store.activity.filter((entry) => entry.item_id === survey.id),
    )
  },

  'surveys.archivedResponseUuids': (context) => {
    const survey = surveys.find(context)
    return json([...(context.store.archivedResponseUuids.get(survey.id) ?? [])])
  },

  // All or nothing (docs/service-behaviour.md §5.2): every target is checked, and every copy validated as a
  // new survey of its project (its name free there), before any copy is made.
  'surveys.duplicateToProjects': (context) => {
    const { store } = context
    const survey = surveys.find(context, { missing: emptyNotFound })
    const body = bodyObject(context.body)
    const targets = body['target_team_ids']
    if (!Array.isArray(targets) || targets.length === 0) invalid('target_team_ids must be a non-empty list of team IDs')
    for (const [index, target] of targets.entries()) {
      if (typeof target !== 'number' || !Number.isInteger(target))
        invalid('A valid integer is required.', `target_team_ids__${index}`)
    }
    const ids = targets as number[]
    // The organisation's teams among those named, each once: a repeated or unknown id is one too few.
    if (new Set(ids.filter((id) => store.settings.organizationTeamIds.includes(id))).size !== ids.length) {
      invalid("One or more target teams not found or you don't have access to them")
    }
    const name = duplicatedName(store, survey.name)
    for (const teamId of ids) surveys.refuseTaken(store.settings.project(teamId) as FakeStore, name)
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
    const survey = surveys.find(context)
    const uuid = param(context, 'responseUuid')
    if (!UUID.test(uuid)) return json({ detail: 'Invalid UUID format' }, 400)
    const archived = store.archivedResponseUuids.get(survey.id) ?? new Set<string>()
    if (!archived.has(uuid)) {
      archived.add(uuid)
      store.archivedResponseUuids.set(survey.id, archived)
      recordActivity(store, survey, 'response_archived', [
        { type: 'Survey', action: 'changed', field: 'response', before: uuid, after: null },
      ])
    }
    return json(200)
  },

  'surveys.unarchiveResponse': (context) => {
    const { store } = context
    const survey = surveys.find(context)
    const uuid = param(context, 'responseUuid')
    if (!UUID.test(uuid)) return json({ detail: 'Invalid UUID format' }, 400)
    if (store.archivedResponseUuids.get(survey.id)?.delete(uuid)) {
      recordActivity(store, survey, 'response_unarchived', [
        { type: 'Survey', action: 'changed', field: 'response', before: null, after: uuid },
      ])
    }
    return json(200)
  },

  'surveys.allActivity': (context) => activityPage(context, context.store.activity),

  'surveys.responses': surveyResponses,

  ...surveyStatsHandlers,
}
