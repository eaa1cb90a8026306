/**
 * Actions (docs/service-behaviour.md §11.4): names unique among live actions, steps stored with every key
 * (`url_matching` defaulting to `contains`, `selector_regex` derived), the service's own pin time, DELETE
 * refused (405), soft delete by PATCH, a list with no `next` (`{count, results}`), and the references of an
 * action found in experiments, cohorts and hog functions.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid, json } from '../responses.js'
import { choiceField, isObject, parseBoolean, stringField } from '../validators.js'
import { ACTION_STEP_MATCHINGS } from '../../model/enums.js'
import type { FakeAction } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'

const STEP_TEXT = ['event', 'selector', 'tag_name', 'text', 'href', 'url'] as const
const STEP_MATCHING = ['text_matching', 'href_matching', 'url_matching'] as const
/** The references list stops here, as the service's does. */
const REFERENCES_CAP = 50

function blankAction(store: FakeStore, now: string): Omit<FakeAction, 'id'> {
  return {
    name: null,
    description: '',
    tags: [],
    post_to_slack: false,
    slack_message_format: '',
    steps: [],
    created_at: now,
    created_by: FAKE_USER,
    deleted: false,
    is_calculating: false,
    last_calculated_at: now,
    team_id: store.projectId,
    is_action: true,
    bytecode_error: null,
    pinned_at: null,
    creation_context: null,
    user_access_level: 'editor',
  }
}

/**
 * A step as the service stores it: every key present, `url_matching` defaulting to `contains`, the selector's regex
 * derived.
 */
function normalizeStep(step: unknown, index: number): Record<string, unknown> {
  if (!isObject(step)) invalid('Expected a dictionary of items.', `steps__${index}`)
  const stored: Record<string, unknown> = {}
  for (const key of STEP_TEXT)
    stored[key] = stringField(step, key, { nullable: true }, `steps__${index}__${key}`) ?? null
  for (const key of STEP_MATCHING)
    stored[key] = choiceField(step, key, ACTION_STEP_MATCHINGS, { nullable: true }, `steps__${index}__${key}`) ?? null
  if (!('url_matching' in step)) stored['url_matching'] = 'contains'
  const properties = step['properties'] ?? null
  if (properties !== null && !Array.isArray(properties))
    invalid('Expected a list of items.', `steps__${index}__properties`)
  stored['properties'] = properties
  stored['selector_regex'] =
    typeof stored['selector'] === 'string' && stored['selector'] !== '' ? selectorRegex(stored['selector']) : null
  return stored
}

/** A stand-in for the service's selector regex: the selector's parts, escaped, joined by "anything in between". */
function selectorRegex(selector: string): string {
  return selector
    .split(/\s*>\s*|\s+/)
    .filter(Boolean)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
}

const actions = new GroupKit<FakeAction>({
  records: (store) => store.actions,
  idKind: 'action',
  blank: blankAction,
  softDeletes: true,
  writable: {
    name: field.text({ nullable: true, maxLength: 400 }),
    description: field.text(),
    tags: field.strings(),
    post_to_slack: field.boolean(),
    slack_message_format: field.text({ maxLength: 1200 }),
    steps: (body, key, write) =>
      body[key] === undefined
        ? undefined
        : ((field.list({ nullable: true })(body, key, write) as unknown[] | null) ?? []).map(normalizeStep),
    deleted: field.boolean(),
    pinned_at: field.text({ nullable: true }),
  },
  unique: { field: 'name', message: (holder) => `This project already has an action with this name, ID ${holder.id}` },
  check(store, draft, body, previous) {
    if (typeof draft.name === 'string' && draft.name.trim() === '')
      invalid('This field may not be blank.', 'name', 'blank')
    if (draft.pinned_at === '') draft.pinned_at = null
    // On update any truthy pin is the service's own time, kept when already pinned.
    if (previous && draft.pinned_at) draft.pinned_at = previous.pinned_at ?? store.timestamp()
  },
  present: (_store, action) => clone(action),
})

/** Stores an action built from `seed` without validation. */
export function seedAction(store: FakeStore, seed: Partial<FakeAction>): FakeAction {
  const action = actions.seed(store, { name: `Action ${store.actions.size + 1}`, ...seed })
  action.steps = action.steps.map(normalizeStep)
  return action
}

/**
 * Whether a JSON value mentions the action: an `ActionsNode` with its id, or `{type: "actions", id}` (the service's
 * jsonpath).
 */
function mentions(value: unknown, id: number): boolean {
  if (Array.isArray(value)) return value.some((item) => mentions(item, id))
  if (!isObject(value)) return false
  const same = (other: unknown) => other === id || other === String(id)
  if ((value['kind'] === 'ActionsNode' || value['type'] === 'actions') && same(value['id'])) return true
  if (same(value['actionId'])) return true
  return Object.values(value).some((item) => mentions(item, id))
}

/** Whether a cohort's conditions name the action (`event_type` or `seq_event_type` `actions`). */
function cohortMentions(value: unknown, id: number): boolean {
  if (Array.isArray(value)) return value.some((item) => cohortMentions(item, id))
  if (!isObject(value)) return false
  const same = (other: unknown) => other === id || other === String(id)
  if (value['event_type'] === 'actions' && same(value['key'])) return true
  if (value['seq_event_type'] === 'actions' && same(value['seq_event'])) return true
  return Object.values(value).some((item) => cohortMentions(item, id))
}

/**
 * The experiments, cohorts and hog functions using an action (the fake keeps no insights), as `references` lists them.
 */
function referencesOf(store: FakeStore, action: FakeAction): Record<string, unknown>[] {
  const reference = (
    type: string,
    id: string | number,
    name: string | null,
    url: string,
    createdAt: string | null,
    createdBy: unknown,
  ) => ({
    type,
    id: String(id),
    name: name || 'Unnamed',
    url,
    created_at: createdAt,
    created_by: createdBy ?? null,
  })
  const found = [
    ...[...store.experiments.values()]
      .filter(
        (experiment) =>
          !experiment.deleted &&
          mentions(
            [
              experiment.metrics,
              experiment.metrics_secondary,
              experiment.filters,
              experiment.parameters,
              experiment.exposure_criteria,
            ],
            action.id,
          ),
      )
      .map((experiment) =>
        reference(
          'experiment',
          experiment.id,
          experiment.name,
          `/experiments/${experiment.id}`,
          experiment.created_at,
          experiment.created_by,
        ),
      ),
    ...[...store.cohorts.values()]
      .filter((cohort) => !cohort.deleted && cohortMentions(cohort.filters, action.id))
      .map((cohort) =>
        reference('cohort', cohort.id, cohort.name, `/cohorts/${cohort.id}`, cohort.created_at, cohort.created_by),
      ),
    ...[...store.hogFunctions.values()]
      .filter(
        (hogFunction) =>
          !hogFunction.deleted &&
          isObject(hogFunction.filters) &&
          Array.isArray(hogFunction.filters['actions']) &&
          hogFunction.filters['actions'].some(
            (item) => isObject(item) && (item['id'] === action.id || item['id'] === String(action.id)),
          ),
      )
      .map((hogFunction) =>
        reference(
          'hog_function',
          hogFunction.id,
          hogFunction.name,
          `/functions/${hogFunction.id}`,
          hogFunction.created_at,
          hogFunction.created_by,
        ),
      ),
  ]
  return clone(found.slice(0, REFERENCES_CAP))
}

function jsonList(raw: string | null): string[] | undefined {
  if (!raw) return undefined
  try {
    const parsed: unknown = JSON.parse(raw)
    return Array.isArray(parsed) ? parsed.map(String) : [String(parsed)]
  } catch {
    return raw.split(',')
  }
}

export const actionHandlers: GroupHandlers<'actions'> = {
  // Not paginated: `{count, results}`, every live action unless `limit` is given, and never a `next`
  // (docs/service-behaviour.md §11.4).
  'actions.list': ({ store, query }) => {
    let items = actions.live(store)
    const search = query.get('search')
    if (search) items = items.filter((action) => icontains(action.name, search))
    const createdBy = query.get('created_by')
    if (createdBy) items = items.filter((action) => createdBy.split(',').includes(String(action.created_by?.id)))
    const tags = jsonList(query.get('tags'))
    if (tags && tags.length > 0) items = items.filter((action) => action.tags.some((tag) => tags.includes(tag)))
    const ordering = query.get('ordering')
    sortBy(items, ordering ? [ordering] : ['-last_calculated_at', 'name'], (action, name) =>
      name === 'created_by' ? (action.created_by?.id ?? null) : action[name],
    )
    const offset = Math.max(0, Number(query.get('offset')) || 0)
    const limit = Number(query.get('limit')) || undefined
    const results = items
      .slice(offset, limit === undefined ? undefined : offset + limit)
      .map((action) => clone(action) as Record<string, unknown>)
    if (parseBoolean(query.get('include_reference_count'))) {
      for (const result of results)
        result['reference_count'] = referencesOf(store, store.actions.get(result['id'] as number)!).length
    }
    return json({ count: items.length, results })
  },
  'actions.create': actions.create,
  'actions.retrieve': actions.retrieve,
  'actions.update': actions.update,
  // Never hard-deleted: 405 with an empty body, whatever the id.
  'actions.delete': actions.delete,
  'actions.references': (context) => json(referencesOf(context.store, actions.find(context))),
}
