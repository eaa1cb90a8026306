/**
 * Experiment holdouts (docs/service-behaviour.md §11.5): a non-empty list of groups whose variant the
 * service names `holdout-<id>`, changes pushed into the flags that carry the holdout
 * (`filters.holdout.exclusion_percentage`, the first group's rollout), and a real delete (204) that first
 * clears `filters.holdout` on those flags and the holdout of the experiments using it.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { sortBy } from '../paging.js'
import { invalid } from '../responses.js'
import { isObject } from '../validators.js'
import type { FakeFeatureFlag, FakeHoldout } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { touchFlag } from './feature-flags.js'

function blankHoldout(store: FakeStore, now: string): Omit<FakeHoldout, 'id'> {
  return {
    name: '',
    description: null,
    filters: [],
    created_by: FAKE_USER,
    created_at: now,
    updated_at: now,
    user_access_level: 'editor',
  }
}

function checkGroups(groups: unknown[]): void {
  if (groups.length === 0) invalid('Filters must not be empty.', 'filters')
  for (const group of groups) {
    const rollout = isObject(group) ? group['rollout_percentage'] : undefined
    if (rollout === undefined || rollout === null) invalid('Rollout percentage must be present.', 'filters')
    if (typeof rollout !== 'number' || rollout < 0 || rollout > 100)
      invalid('Rollout percentage must be between 0 and 100.', 'filters')
  }
}

/** What a flag carries of a holdout: its id and the first group's rollout as the exclusion percentage. */
export function holdoutForFlag(holdout: FakeHoldout): { id: number; exclusion_percentage: number } {
  const first = holdout.filters[0]
  return {
    id: holdout.id,
    exclusion_percentage: typeof first?.['rollout_percentage'] === 'number' ? first['rollout_percentage'] : 0,
  }
}

/** The flags whose `filters.holdout` names the holdout. */
function flagsWith(store: FakeStore, holdoutId: number): FakeFeatureFlag[] {
  return [...store.featureFlags.values()].filter(
    (flag) => isObject(flag.filters['holdout']) && flag.filters['holdout']['id'] === holdoutId,
  )
}

const holdouts = new GroupKit<FakeHoldout>({
  records: (store) => store.holdouts,
  idKind: 'holdout',
  blank: blankHoldout,
  softDeletes: false,
  writable: {
    name: field.text({ maxLength: 400, allowBlank: false }),
    description: field.text({ nullable: true, maxLength: 400 }),
    filters: field.list(),
  },
  check(_store, draft, body, previous) {
    if (!previous && body['name'] === undefined) invalid('This field is required.', 'name', 'required')
    if (!previous && body['filters'] === undefined) invalid('Filters are required to create an holdout group')
    if (body['filters'] !== undefined) checkGroups(draft.filters)
  },
  stored(store, holdout, previous) {
    holdout.filters = holdout.filters.map((group) => ({ properties: [], ...group, variant: `holdout-${holdout.id}` }))
    if (!previous) return
    holdout.updated_at = store.timestamp()
    for (const flag of flagsWith(store, holdout.id))
      touchFlag(store, flag, () => (flag.filters = { ...flag.filters, holdout: holdoutForFlag(holdout) }))
  },
  removed(store, holdout) {
    for (const flag of flagsWith(store, holdout.id))
      touchFlag(store, flag, () => (flag.filters = { ...flag.filters, holdout: null }))
    for (const experiment of store.experiments.values()) {
      if (experiment.holdout_id === holdout.id) Object.assign(experiment, { holdout_id: null, holdout: null })
    }
  },
  present: (_store, holdout) => clone(holdout),
})

/** Stores a holdout built from `seed` without validation (one group excluding 10% unless told otherwise). */
export function seedHoldout(store: FakeStore, seed: Partial<FakeHoldout>): FakeHoldout {
  return holdouts.seed(store, {
    name: `Holdout ${store.holdouts.size + 1}`,
    filters: [{ properties: [], rollout_percentage: 10 }],
    ...seed,
  })
}

export const holdoutHandlers: GroupHandlers<'holdouts'> = {
  'holdouts.list': (context) =>
    holdouts.page(
      context,
      sortBy([...context.store.holdouts.values()], ['-created_at', '-id'], (holdout, name) => holdout[name]),
    ),
  'holdouts.create': holdouts.create,
  'holdouts.retrieve': holdouts.retrieve,
  'holdouts.update': holdouts.update,
  'holdouts.delete': holdouts.delete,
}
