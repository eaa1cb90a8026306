/**
 * Experiments (docs/service-behaviour.md §3): full representation everywhere, archived hidden from the list
 * unless `archived=true`, soft delete by PATCH, DELETE always 405 with an empty body. Their fields are checked
 * in experiment-fields.ts; their flag, holdout and saved metrics are linked in experiment-links.ts.
 */
import type { GroupHandlers } from '../context.js'
import { GroupKit, seededAt } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { invalid, json } from '../responses.js'
import { bodyObject, objectField, parseBoolean, stringField } from '../validators.js'
import type { FakeCohort, FakeExperiment, FakeTimeseriesRecalculation } from '../records.js'
import { FAKE_USER, clone, isoDate, isoDateTime, type FakeStore } from '../store.js'
import { EXPERIMENT_WRITABLE } from './experiment-fields.js'
import { flagOf, resolveFlag, shipVariant, syncHoldout, withCurrentLinks } from './experiment-links.js'
import { createFlag, flagByKey, isEligibleForExperiment, minimalFlag, presentFlag, touchFlag } from './feature-flags.js'

const DAY_MS = 86_400_000

/** Fields a seed may set; anything else gets a realistic default. */
export type ExperimentSeed = Partial<FakeExperiment>

function blankExperiment(store: FakeStore, createdAt: string): Omit<FakeExperiment, 'id'> {
  return {
    name: '',
    description: null,
    start_date: null,
    end_date: null,
    feature_flag_key: '',
    feature_flag: null,
    holdout: null,
    holdout_id: null,
    exposure_cohort: null,
    parameters: null,
    secondary_metrics: [],
    saved_metrics: [],
    saved_metrics_ids: null,
    filters: {},
    archived: false,
    deleted: false,
    created_by: FAKE_USER,
    created_at: createdAt,
    updated_at: createdAt,
    type: 'product',
    exposure_criteria: null,
    metrics: [],
    metrics_secondary: [],
    stats_config: { method: 'bayesian' },
    scheduling_config: null,
    conclusion: null,
    conclusion_comment: null,
    primary_metrics_ordered_uuids: null,
    secondary_metrics_ordered_uuids: null,
    exposure_preaggregation_enabled: false,
    user_access_level: 'editor',
  }
}

/** Keeps the embedded flag in step with the stored one (launching activates it). */
function syncFlag(store: FakeStore, experiment: FakeExperiment): void {
  const flag = flagOf(store, experiment)
  if (!flag) return
  if (experiment.start_date && !flag.active) touchFlag(store, flag, () => (flag.active = true))
  experiment.feature_flag = minimalFlag(flag)
}

/** What every operation answers for an experiment: its flag and holdout as they are now. */
export function presentExperiment(store: FakeStore, experiment: FakeExperiment): FakeExperiment {
  return withCurrentLinks(store, experiment)
}

const experiments = new GroupKit<FakeExperiment>({
  records: (store) => store.experiments,
  idKind: 'experiment',
  // PATCH finds a soft-deleted experiment (it may restore it); nothing else does.
  findsDeleted: 'on update',
  blank: blankExperiment,
  // Launched a week ago unless told otherwise, with its flag (created, or reused by key).
  seeded(store, experiment, seed, index) {
    const name = seed.name ?? `Experiment ${experiment.id}`
    const key = seed.feature_flag_key ?? `experiment-${experiment.id}`
    const startDate = seed.start_date === undefined ? store.timestamp(-7 * DAY_MS) : seed.start_date
    const flag =
      flagByKey(store, key) ??
      createFlag(store, { key, name: `Feature Flag for Experiment ${name}`, active: startDate !== null })
    const createdAt = seed.created_at ?? seededAt(store, index)
    return {
      name,
      feature_flag_key: key,
      created_at: createdAt,
      updated_at: createdAt,
      start_date: startDate,
      feature_flag: minimalFlag(flag),
      ...seed,
    }
  },
  softDeletes: true,
  writable: EXPERIMENT_WRITABLE,
  // Every field is checked before the flag is made and the id taken, so a 400 leaves nothing behind.
  check(store, draft, _body, previous) {
    if (!previous) resolveFlag(store, draft, draft.parameters, Boolean(draft.start_date))
    else syncHoldout(store, draft, previous)
  },
  stored(store, experiment, previous) {
    if (!previous) flagByKey(store, experiment.feature_flag_key)?.experiment_set.push(experiment.id)
  },
  written(store, experiment, previous) {
    if (previous) experiment.updated_at = store.timestamp()
    else for (const saved of experiment.saved_metrics) saved['experiment'] = experiment.id
    syncFlag(store, experiment)
  },
  present: presentExperiment,
})

/** Stores an experiment built from `seed` without validation (its flag is created or reused by key). */
export function seedExperiment(store: FakeStore, seed: ExperimentSeed, index: number): FakeExperiment {
  return experiments.seed(store, seed, index)
}

function duplicateName(store: FakeStore, name: string): string {
  const taken = new Set([...store.experiments.values()].filter((item) => !item.deleted).map((item) => item.name))
  const base = `${name} (Copy)`
  if (!taken.has(base)) return base
  for (let suffix = 1; ; suffix++) if (!taken.has(`${base} ${suffix}`)) return `${base} ${suffix}`
}

function status(experiment: FakeExperiment): 'draft' | 'running' | 'complete' {
  if (!experiment.start_date) return 'draft'
  return experiment.end_date ? 'complete' : 'running'
}

export const experimentHandlers: GroupHandlers<'experiments'> = {
  'experiments.list': (context) => {
    const { store, query } = context
    const archived = query.get('archived')
    const search = query.get('search')
    const wanted = query.get('status')
    const createdBy = query.get('created_by_id')
    let items = experiments.live(store)
    items = items.filter((item) =>
      archived === null ? !item.archived : item.archived === (archived.toLowerCase() === 'true'),
    )
    if (search) items = items.filter((item) => icontains(item.name, search))
    if (wanted && wanted !== 'all') items = items.filter((item) => status(item) === wanted)
    if (createdBy) items = items.filter((item) => String(item.created_by?.id) === createdBy)
    const order = query.get('order')
    sortBy(items, order ? [order, '-id'] : ['-created_at', '-id'], (item, field) =>
      field === 'status' ? status(item) : item[field],
    )
    return experiments.page(context, items)
  },

  'experiments.create': experiments.create,
  'experiments.retrieve': experiments.retrieve,
  'experiments.update': experiments.update,
  // The model is never hard-deleted: 405 with an empty body, whatever the id (forbid_destroy_model.py).
  'experiments.delete': experiments.delete,

  'experiments.createExposureCohort': (context) => {
    const { store } = context
    const experiment = experiments.find(context)
    if (!experiment.start_date) invalid('Experiment does not have a start date.')
    if (experiment.exposure_cohort !== null) invalid('Experiment already has an exposure cohort.')
    const cohort: FakeCohort = {
      id: store.nextId('cohort'),
      name: `Users exposed to experiment "${experiment.name}"`,
      description: `Users exposed to experiment "${experiment.name}" (id ${experiment.id})`,
      groups: [],
      filters: {
        properties: {
          type: 'OR',
          values: [
            {
              type: 'OR',
              values: [
                {
                  type: 'behavioral',
                  key: '$feature_flag_called',
                  value: 'performed_event',
                  negation: false,
                  event_type: 'events',
                  explicit_datetime: experiment.start_date,
                  event_filters: [
                    { key: '$feature_flag', type: 'event', value: experiment.feature_flag_key, operator: 'exact' },
                  ],
                },
              ],
            },
          ],
        },
      },
      query: null,
      is_static: false,
      is_calculating: true,
      count: null,
      deleted: false,
      errors_calculating: 0,
      last_calculation: null,
      created_by: FAKE_USER,
      created_at: store.timestamp(),
    }
    store.cohorts.set(cohort.id, cohort)
    experiment.exposure_cohort = cohort.id
    experiment.updated_at = store.timestamp()
    return json({ cohort: clone(cohort) }, 201)
  },

  'experiments.duplicate': (context) => {
    const { store } = context
    const source = experiments.find(context)
    const body = bodyObject(context.body)
    const key = stringField(body, 'feature_flag_key', { allowBlank: false })
    const flag =
      typeof key === 'string' && key !== source.feature_flag_key
        ? resolveFlag(store, { ...source, feature_flag_key: key }, source.parameters, false)
        : flagByKey(store, source.feature_flag_key)
    const id = store.nextId('experiment')
    const now = store.timestamp()
    const copy: FakeExperiment = {
      ...clone(source),
      id,
      name: duplicateName(store, source.name),
      feature_flag_key: flag?.key ?? source.feature_flag_key,
      start_date: null,
      end_date: null,
      archived: false,
      deleted: false,
      exposure_cohort: null,
      conclusion: null,
      conclusion_comment: null,
      created_by: FAKE_USER,
      created_at: now,
      updated_at: now,
    }
    flag?.experiment_set.push(id)
    store.experiments.set(id, copy)
    syncFlag(store, copy)
    copy.feature_flag = flag ? minimalFlag(flag) : null
    return json(presentExperiment(store, copy), 201)
  },

  'experiments.recalculateTimeseries': (context) => {
    const { store } = context
    const experiment = experiments.find(context)
    const body = bodyObject(context.body)
    const metric = objectField(body, 'metric', { required: true }) as Record<string, unknown>
    const fingerprint = stringField(body, 'fingerprint', { required: true, allowBlank: false }) as string
    if (!experiment.start_date) invalid('Experiment has not been started yet.')
    const metricUuid = typeof metric['uuid'] === 'string' ? metric['uuid'] : null
    const pending = store.timeseriesRecalculations.find(
      (item) =>
        item.experiment_id === experiment.id &&
        item.metric_uuid === metricUuid &&
        item.fingerprint === fingerprint &&
        (item.status === 'pending' || item.status === 'in_progress'),
    )
    // An identical request still pending or running is answered 200, a new one 201 (§3.2).
    if (pending) return json(clone(pending), 200)
    const recalculation: FakeTimeseriesRecalculation = {
      id: store.uuid(),
      experiment_id: experiment.id,
      metric_uuid: metricUuid,
      fingerprint,
      status: 'pending',
      created_at: isoDateTime(store.now()),
    }
    store.timeseriesRecalculations.push(recalculation)
    return json(clone(recalculation), 201)
  },

  'experiments.timeseriesResults': (context) => {
    const { store, query } = context
    const experiment = experiments.find(context)
    const metricUuid = query.get('metric_uuid')
    if (!metricUuid) invalid('metric_uuid query parameter is required')
    const fingerprint = query.get('fingerprint')
    if (!fingerprint) invalid('fingerprint query parameter is required')
    const timeseries: Record<string, null> = {}
    if (experiment.start_date) {
      const last = experiment.end_date
        ? Math.min(Date.parse(experiment.end_date), store.now().getTime())
        : store.now().getTime()
      for (let day = Date.parse(isoDate(new Date(experiment.start_date))); day <= last; day += DAY_MS) {
        timeseries[isoDate(new Date(day))] = null
      }
    }
    const recalculation = [...store.timeseriesRecalculations]
      .reverse()
      .find(
        (item) =>
          item.experiment_id === experiment.id && item.metric_uuid === metricUuid && item.fingerprint === fingerprint,
      )
    const now = isoDateTime(store.now())
    return json({
      experiment_id: experiment.id,
      metric_uuid: metricUuid,
      status: 'pending',
      timeseries,
      errors: null,
      computed_at: null,
      created_at: now,
      updated_at: now,
      recalculation_status: recalculation?.status ?? null,
      recalculation_created_at: recalculation?.created_at ?? null,
    })
  },

  // Its own paging: `{results, count}`, limit 20 by default and at most 100 (§1.5).
  'experiments.eligibleFeatureFlags': ({ store, query }) => {
    const limitText = query.get('limit') ?? '20'
    const offsetText = query.get('offset') ?? '0'
    if (!/^\s*[+-]?\d+\s*$/.test(limitText) || !/^\s*[+-]?\d+\s*$/.test(offsetText)) {
      return json({ error: 'Invalid limit or offset' }, 400)
    }
    const limit = Math.max(0, Math.min(Number(limitText), 100))
    const offset = Math.max(0, Number(offsetText))
    let flags = [...store.featureFlags.values()].filter((flag) => !flag.deleted && isEligibleForExperiment(flag))
    const search = query.get('search')
    if (search) flags = flags.filter((flag) => icontains(flag.key, search) || icontains(flag.name, search))
    const active = query.get('active')
    if (active === 'true' || active === 'false') flags = flags.filter((flag) => flag.active === (active === 'true'))
    const createdBy = query.get('created_by_id')
    if (createdBy) flags = flags.filter((flag) => String(flag.created_by?.id) === createdBy)
    const runtime = query.get('evaluation_runtime')
    if (runtime) flags = flags.filter((flag) => flag.evaluation_runtime === runtime)
    const tagged = query.get('has_evaluation_tags')
    if (tagged !== null && parseBoolean(tagged) !== undefined) {
      flags = flags.filter((flag) => flag.evaluation_tags.length > 0 === parseBoolean(tagged))
    }
    sortBy(flags, [query.get('order') ?? '-created_at', '-id'], (flag, field) => flag[field])
    return json({
      results: flags.slice(offset, offset + limit).map((flag) => presentFlag(store, flag)),
      count: flags.length,
    })
  },

  'experiments.shipVariant': (context) => {
    const experiment = experiments.find(context)
    shipVariant(context, experiment)
    return json(presentExperiment(context.store, experiment))
  },

  'experiments.requiresFlagImplementation': ({ store }) =>
    json({ result: [...store.experiments.values()].some((item) => !item.deleted && item.start_date !== null) }),

  'experiments.stats': ({ store }) => {
    const now = store.now().getTime()
    const live = [...store.experiments.values()].filter((item) => !item.deleted && !item.archived)
    const within = (date: string | null, from: number, to: number) =>
      date !== null && Date.parse(date) > now - from && Date.parse(date) <= now - to
    const last = live.filter((item) => within(item.start_date, 30 * DAY_MS, 0)).length
    const previous = live.filter((item) => within(item.start_date, 60 * DAY_MS, 30 * DAY_MS)).length
    const change = previous === 0 ? (last > 0 ? 100 : 0) : ((last - previous) / previous) * 100
    return json({
      launched_last_30d: last,
      launched_previous_30d: previous,
      percent_change: Math.round(change * 10) / 10,
      active_experiments: live.filter((item) => status(item) === 'running').length,
      completed_last_30d: live.filter((item) => within(item.end_date, 30 * DAY_MS, 0)).length,
    })
  },
}
