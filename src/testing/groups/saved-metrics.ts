/**
 * Saved (shared) experiment metrics (docs/service-behaviour.md §11.6): names unique per project whatever
 * their case, the query an `ExperimentMetric` whose `uuid` the service assigns and never changes, actions it
 * names existing, a list ordered by name, and a real delete (204) that drops the metric from every
 * experiment using it.
 */
import type { GroupHandlers } from '../context.js'
import { field, GroupKit } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid } from '../responses.js'
import { choiceField, isObject } from '../validators.js'
import { EXPERIMENT_METRIC_TYPES } from '../../model/enums.js'
import type { FakeSavedMetric } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'

function blankSavedMetric(store: FakeStore, now: string): Omit<FakeSavedMetric, 'id'> {
  return {
    name: '',
    description: null,
    query: {},
    created_by: FAKE_USER,
    created_at: now,
    updated_at: now,
    tags: [],
    user_access_level: 'editor',
  }
}

/** The action ids a metric's nodes name. */
function actionIds(value: unknown): number[] {
  if (Array.isArray(value)) return value.flatMap(actionIds)
  if (!isObject(value)) return []
  const own = value['kind'] === 'ActionsNode' ? [Number(value['id'])] : []
  return [...own, ...Object.values(value).flatMap(actionIds)]
}

function checkQuery(store: FakeStore, draft: FakeSavedMetric, previous: FakeSavedMetric | undefined): void {
  const query = draft.query
  if (query['kind'] !== 'ExperimentMetric')
    invalid('Only ExperimentMetric queries are supported for new saved metrics.', 'query')
  choiceField(query, 'metric_type', EXPERIMENT_METRIC_TYPES, { required: true }, 'query')
  const missing = actionIds(query).filter((id) => !store.actions.get(id) || store.actions.get(id)!.deleted)
  if (missing.length > 0) invalid(`Action(s) with ID ${missing.join(', ')} not found or deleted.`, 'query')
  // The service's uuid, never the request's: a new metric gets a fresh one (a copied metric's uuid is not kept),
  // an update keeps the stored one and refuses another ([`SM3`]).
  const stored = previous?.query['uuid']
  const sent = query['uuid']
  if (stored !== undefined && sent !== undefined && sent !== stored) invalid('Saved metric UUID cannot be changed')
  draft.query = { ...query, uuid: stored ?? store.uuid() }
}

/** The saved metric as experiments show it (`saved_metrics[]`): refreshed when the metric changes. */
function refreshExperiments(store: FakeStore, metric: FakeSavedMetric | undefined, id: number): void {
  for (const experiment of store.experiments.values()) {
    const links = experiment.saved_metrics.filter((link) => link['saved_metric'] !== id || metric)
    experiment.saved_metrics = links.map((link) =>
      link['saved_metric'] === id && metric ? { ...link, name: metric.name, query: clone(metric.query) } : link,
    )
  }
}

const savedMetrics = new GroupKit<FakeSavedMetric>({
  records: (store) => store.savedMetrics,
  idKind: 'savedMetric',
  blank: blankSavedMetric,
  softDeletes: false,
  writable: {
    name: field.text({ maxLength: 400, allowBlank: false }),
    description: field.text({ nullable: true, maxLength: 400 }),
    query: field.object(),
    tags: field.strings(),
  },
  unique: { field: 'name', ignoreCase: true, message: () => 'A shared metric with this name already exists.' },
  check(store, draft, body, previous) {
    if (!previous && body['name'] === undefined) invalid('This field is required.', 'name', 'required')
    if (!previous && body['query'] === undefined) invalid('This field is required.', 'query', 'required')
    if (body['query'] !== undefined) checkQuery(store, draft, previous)
  },
  stored(store, metric, previous) {
    if (!previous) return
    metric.updated_at = store.timestamp()
    refreshExperiments(store, metric, metric.id)
  },
  removed: (store, metric) => refreshExperiments(store, undefined, metric.id),
  present: (_store, metric) => clone(metric),
})

/** Stores a saved metric built from `seed` without validation (a mean of `$pageview` unless told otherwise). */
export function seedSavedMetric(store: FakeStore, seed: Partial<FakeSavedMetric>): FakeSavedMetric {
  const query = {
    kind: 'ExperimentMetric',
    metric_type: 'mean',
    source: { kind: 'EventsNode', event: '$pageview' },
    uuid: store.uuid(),
  }
  return savedMetrics.seed(store, { name: `Saved metric ${store.savedMetrics.size + 1}`, query, ...seed })
}

export const savedMetricHandlers: GroupHandlers<'savedMetrics'> = {
  'savedMetrics.list': (context) => {
    const { store, query } = context
    let items = [...store.savedMetrics.values()]
    const search = query.get('search')
    if (search)
      items = items.filter(
        (metric) =>
          icontains(metric.name, search) ||
          icontains(metric.description, search) ||
          metric.tags.some((tag) => icontains(tag, search)),
      )
    const event = query.get('event')
    if (event) items = items.filter((metric) => JSON.stringify(metric.query).includes(JSON.stringify(event)))
    sortBy(items, ['name', 'id'], (metric, name) => (name === 'name' ? metric.name.toLowerCase() : metric[name]))
    return savedMetrics.page(context, items)
  },
  'savedMetrics.create': savedMetrics.create,
  'savedMetrics.retrieve': savedMetrics.retrieve,
  'savedMetrics.update': savedMetrics.update,
  'savedMetrics.delete': savedMetrics.delete,
}
