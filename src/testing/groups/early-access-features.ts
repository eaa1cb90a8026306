/**
 * Early access features (docs/service-behaviour.md §14.3): UUID ids, a flag linked at creation only (refused when
 * unknown, taken, group-based or multivariate) or made by the service from the name's slug, the stage writing
 * the flag's `filters.feature_enrollment`, and a real delete (204) that clears it and leaves the flag.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { invalid } from '../responses.js'
import { isObject, objectField } from '../validators.js'
import { EARLY_ACCESS_FEATURE_STAGES } from '../../model/enums.js'
import type { FakeEarlyAccessFeature, FakeFeatureFlag } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { createFlag, flagByKey, flagVariants, minimalFlag, touchFlag } from './feature-flags.js'

/** The stages whose users are enrolled through the flag (`ActiveStage`, §14.3 [`E8`]). */
const ACTIVE_STAGES: readonly string[] = ['alpha', 'beta', 'general-availability']
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i

/** The flag a create links, until the feature is stored. */
const linking = new WeakMap<FakeEarlyAccessFeature, { flag?: FakeFeatureFlag; key?: string }>()

function blankFeature(store: FakeStore): Omit<FakeEarlyAccessFeature, 'id'> {
  return {
    feature_flag_id: null,
    name: '',
    description: '',
    stage: 'draft',
    documentation_url: '',
    payload: {},
    created_at: store.timestamp(),
    created_by: FAKE_USER,
    assignee: { type: 'user', id: FAKE_USER.id },
  }
}

/** Django's `slugify`: lower case, only letters, digits, `_` and `-`, spaces and dashes collapsed to one `-`. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[-\s]+/g, '-')
}

/** The mark a stage change writes on the flag (§14.3 [`E8`]), through the flag's own save (its version moves). */
function markFlag(store: FakeStore, flag: FakeFeatureFlag, enrolled: boolean, rolloutToAll = false): void {
  touchFlag(store, flag, () => {
    const { super_groups: _older, ...filters } = flag.filters
    flag.filters = { ...filters, feature_enrollment: enrolled ? true : null }
    if (rolloutToAll) flag.filters['groups'] = [{ properties: [], rollout_percentage: 100 }]
  })
}

/** Refusals of a flag given by id (§14.3 [`E6`]), all non-field errors. */
function linkedFlag(store: FakeStore, id: unknown): FakeFeatureFlag {
  const flag = typeof id === 'number' ? store.featureFlags.get(id) : undefined
  if (!flag || flag.deleted) invalid('Feature Flag with this ID does not exist')
  if ([...store.earlyAccessFeatures.values()].some((feature) => feature.feature_flag_id === flag.id)) {
    invalid(`Linked feature flag ${flag.key} already has a feature attached to it.`)
  }
  if (
    flag.filters['aggregation_group_type_index'] !== null &&
    flag.filters['aggregation_group_type_index'] !== undefined
  ) {
    invalid('Group-based feature flags are not supported for Early Access Features.')
  }
  if (flagVariants(flag).length > 0) invalid('Multivariate feature flags are not supported for Early Access Features.')
  return flag
}

const features = new GroupKit<FakeEarlyAccessFeature, string>({
  records: (store) => store.earlyAccessFeatures,
  idKind: 'uuid',
  blank: blankFeature,
  softDeletes: false,
  writable: {
    name: field.text({ required: 'on create', maxLength: 200, allowBlank: false }),
    description: field.text(),
    stage: field.choice(EARLY_ACCESS_FEATURE_STAGES, { required: 'on create' }),
    documentation_url: (body) => {
      const url = field.text({ maxLength: 800 })(body, 'documentation_url', { previous: undefined })
      if (typeof url === 'string' && url !== '' && !URL_PATTERN.test(url))
        invalid('Enter a valid URL.', 'documentation_url')
      return url
    },
    // A falsy payload is stored as `{}` (§14.3 [`E10`]).
    payload: (body) => ('payload' in body ? (objectField(body, 'payload', { nullable: true }) ?? {}) : undefined),
    assignee: (body) => {
      const assignee = objectField(body, 'assignee', { nullable: true })
      if (isObject(assignee) && assignee['type'] !== 'user' && assignee['type'] !== 'role')
        invalid('Invalid assignee type.', 'assignee')
      return assignee
    },
  },
  check(store, draft, body, previous) {
    if (previous) return
    // `feature_flag_id` is the create serializer's alone: a PATCH that sends it changes nothing (§14.3 [`E5`]).
    if (body['feature_flag_id'] !== undefined && body['feature_flag_id'] !== null) {
      linking.set(draft, { flag: linkedFlag(store, body['feature_flag_id']) })
      return
    }
    const key = slugify(draft.name)
    if (flagByKey(store, key)) invalid('There is already a feature flag with this key.', 'key', 'unique')
    linking.set(draft, { key })
  },
  written(store, feature, previous) {
    if (!previous) {
      const link = linking.get(feature)
      const active = ACTIVE_STAGES.includes(feature.stage)
      if (link?.flag) {
        feature.feature_flag_id = link.flag.id
        if (active) markFlag(store, link.flag, true)
      } else if (link?.key !== undefined) {
        // The service's own flag (§14.3 [`E7`]).
        const filters: Record<string, unknown> = {
          groups: [{ properties: [], rollout_percentage: 0, variant: null }],
          payloads: {},
          multivariate: null,
        }
        if (active) filters['feature_enrollment'] = true
        const flag = createFlag(store, {
          key: link.key,
          name: `Feature Flag for Early Access Feature ${feature.name}`,
          filters,
          creation_context: 'early_access_features',
        })
        feature.feature_flag_id = flag.id
      }
      return
    }
    const flag = feature.feature_flag_id === null ? undefined : store.featureFlags.get(feature.feature_flag_id)
    if (!flag || feature.stage === previous.stage) return
    const active = ACTIVE_STAGES.includes(feature.stage)
    if (feature.stage === 'general-availability' && rolloutToAll.get(feature)) markFlag(store, flag, false, true)
    else if (!active) markFlag(store, flag, false)
    else if (!ACTIVE_STAGES.includes(previous.stage)) markFlag(store, flag, true)
  },
  removed(store, feature) {
    const flag = feature.feature_flag_id === null ? undefined : store.featureFlags.get(feature.feature_flag_id)
    if (flag) markFlag(store, flag, false)
  },
  present: presentFeature,
})

/** `rollout_to_all` of the PATCH under way (read from the body, not a serializer field). */
const rolloutToAll = new WeakMap<FakeEarlyAccessFeature, boolean>()

/** A feature as the service answers it (§14.3 [`E4`]): its flag embedded, no `feature_flag_id`. */
function presentFeature(store: FakeStore, feature: FakeEarlyAccessFeature): Record<string, unknown> {
  const { feature_flag_id, ...rest } = clone(feature)
  const flag = feature_flag_id === null ? undefined : store.featureFlags.get(feature_flag_id)
  return { ...rest, feature_flag: flag ? minimalFlag(flag) : null, user_access_level: 'editor' }
}

/** The early access features standing on a flag (a flag they use cannot be deleted, §14.3 [`E9`]). */
export function featuresOnFlag(store: FakeStore, flagId: number): FakeEarlyAccessFeature[] {
  return [...store.earlyAccessFeatures.values()].filter((feature) => feature.feature_flag_id === flagId)
}

/** Stores a feature built from `seed` without validation (on a new boolean flag unless `feature_flag_id` is given). */
export function seedEarlyAccessFeature(
  store: FakeStore,
  seed: Partial<FakeEarlyAccessFeature>,
): FakeEarlyAccessFeature {
  const name = seed.name ?? `Feature ${store.earlyAccessFeatures.size + 1}`
  const flagId =
    seed.feature_flag_id ??
    createFlag(store, {
      key: slugify(name),
      name: `Feature Flag for Early Access Feature ${name}`,
      filters: { groups: [{ properties: [], rollout_percentage: 0, variant: null }] },
    }).id
  return features.seed(store, { ...seed, name, feature_flag_id: flagId })
}

export const earlyAccessFeatureHandlers: GroupHandlers<'earlyAccessFeatures'> = {
  // No ordering declared: the order they were made (§14.3 [`E11`]).
  'earlyAccessFeatures.list': (context) => features.page(context, [...context.store.earlyAccessFeatures.values()]),
  'earlyAccessFeatures.create': features.create,
  'earlyAccessFeatures.retrieve': features.retrieve,
  'earlyAccessFeatures.update': (context) => {
    const feature = features.find(context)
    rolloutToAll.set(feature, isObject(context.body) && context.body['rollout_to_all'] === true)
    return features.update(context)
  },
  'earlyAccessFeatures.delete': features.delete,
}
