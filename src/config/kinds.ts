import { NotFoundError, type ProjectClient, type RequestOptions } from 'posthog-project-client'
import { REQUESTS } from '../requests/by-method.js'
import type { TypedSchema } from '../model/shape.js'
import { createDashboard, dashboardSpec, dashboardSpecSchema, writeDashboard } from './dashboards.js'
import type { ConfigKind } from './types.js'

// Specs reach the SDK's typed methods `as never`: they are checked against the same request shapes by readConfig.

/** A resource as the service returns it, and a spec or body as this module handles them (checked at the edges). */
export type Resource = Record<string, unknown>
export type Id = string | number

/** How one kind of resource is found, read, written and named. */
export interface KindOps {
  readonly kind: ConfigKind
  /** The folder of its files under the configuration directory. */
  readonly folder: string
  /** The field that identifies a resource across projects. */
  readonly keyField: 'name' | 'feature_flag_key' | 'key'
  /** The `group.method` of its create body in `REQUESTS`. */
  readonly createShape: string
  /** The shape of its files where it is not the create body's (a dashboard's: with its tiles). */
  readonly specShape?: TypedSchema<unknown>
  /** Every live resource, whole (hog functions: one read each, their list is slim). */
  live(client: ProjectClient, signal?: AbortSignal): Promise<Resource[]>
  /**
   * The live resources that have the spec's key, as cheaply as the service allows (a list filtered by the
   * name, or a read by it): `apply` looks again just before each create. Items may be slim (list items).
   */
  find(client: ProjectClient, spec: Resource, options: RequestOptions): Promise<Resource[]>
  /** The service refuses a second resource with the same key (a create of a taken key fails, nothing doubles). */
  readonly uniqueOnService: boolean
  read(client: ProjectClient, id: Id, options: RequestOptions): Promise<object>
  /** The writable fields of a live resource (its create body read back). */
  toSpec(client: ProjectClient, resource: object): Resource
  id(resource: Resource): Id
  create(client: ProjectClient, body: Resource, options: RequestOptions): Promise<unknown>
  update(client: ProjectClient, id: Id, body: Resource, options: RequestOptions): Promise<unknown>
  /** The service's way to delete: soft for experiments and hog functions. */
  remove(client: ProjectClient, id: Id, options: RequestOptions): Promise<unknown>
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

/** The items whose name is exactly `name` (a search matches parts of names and descriptions). */
function named(items: readonly object[], name: unknown): Resource[] {
  return (items as Resource[]).filter((item) => item.name === name)
}

/** Oldest first: by `created_at`, then by id (the service's ids grow with time), as every apply sees it. */
export function byAge(a: Resource, b: Resource): number {
  const [x, y] = [String(a.created_at ?? ''), String(b.created_at ?? '')]
  if (x !== y) return Date.parse(x) - Date.parse(y) || (x < y ? -1 : 1)
  const [p, q] = [a.id, b.id]
  if (typeof p === 'number' && typeof q === 'number') return p - q
  return String(p) < String(q) ? -1 : String(p) > String(q) ? 1 : 0
}

/**
 * An experiment's writable fields with its links as it writes them: the service reads `saved_metrics_ids`
 * back as `null` and lists the links in `saved_metrics` (`{ saved_metric, metadata }`), and answers the
 * holdout as a nested `holdout` (docs/service-behaviour.md §12.3).
 */
function experimentSpec(client: ProjectClient, resource: Resource): Resource {
  const spec = client.experiments.toCreateParams(resource as never) as unknown as Resource
  if (
    Array.isArray(resource.saved_metrics) &&
    (spec.saved_metrics_ids === null || spec.saved_metrics_ids === undefined)
  ) {
    spec.saved_metrics_ids = (resource.saved_metrics as Resource[]).map((link) => ({
      id: link.saved_metric,
      metadata: link.metadata ?? { type: 'primary' },
    }))
  }
  const holdout = resource.holdout as Resource | null | undefined
  if (spec.holdout_id === undefined && holdout !== undefined) spec.holdout_id = holdout === null ? null : holdout.id
  return spec
}

const experiments: KindOps = {
  kind: 'experiments',
  folder: 'experiments',
  keyField: 'feature_flag_key',
  createShape: 'experiments.create',
  live: (client, signal) => all(client.experiments.listIncludingArchived(undefined, { signal })) as Promise<Resource[]>,
  // The list searches names, not flag keys: by the spec's name, then its key.
  find: async (client, spec, options) =>
    (await all(client.experiments.listIncludingArchived({ search: String(spec.name) }, options))).filter(
      (item) => item.feature_flag_key === spec.feature_flag_key,
    ) as unknown as Resource[],
  // Two experiments may share a flag (an archived v1 and a v2).
  uniqueOnService: false,
  read: (client, id, options) => client.experiments.retrieve(id as number, options),
  toSpec: (client, resource) => experimentSpec(client, resource as Resource),
  id: (resource) => resource.id as number,
  create: (client, body, options) => client.experiments.create(body as never, options),
  update: (client, id, body, options) => client.experiments.update(id as number, body as never, options),
  remove: (client, id, options) => client.experiments.softDelete(id as number, options),
}

const surveys: KindOps = {
  kind: 'surveys',
  folder: 'surveys',
  keyField: 'name',
  createShape: 'surveys.create',
  live: (client, signal) => all(client.surveys.list(undefined, { signal })) as Promise<Resource[]>,
  find: async (client, spec, options) =>
    named(await all(client.surveys.list({ search: String(spec.name) }, options)), spec.name),
  uniqueOnService: true,
  read: (client, id, options) => client.surveys.retrieve(id as string, options),
  toSpec: (client, resource) => client.surveys.toCreateParams(resource as never) as unknown as Resource,
  id: (resource) => resource.id as string,
  create: (client, body, options) => client.surveys.create(body as never, options),
  update: (client, id, body, options) => client.surveys.update(id as string, body as never, options),
  remove: (client, id, options) => client.surveys.delete(id as string, options),
}

/** Hog function reads in flight at once while pulling (their list is slim: one read per function). */
const HOG_FUNCTION_READS = 4

const hogFunctions: KindOps = {
  kind: 'hogFunctions',
  folder: 'hog-functions',
  keyField: 'name',
  createShape: 'hogFunctions.create',
  async live(client, signal) {
    const report = await client.bulk(
      client.hogFunctions.list(undefined, { signal }),
      (item, context) => client.hogFunctions.retrieve(item.id, { signal: context.signal }),
      { concurrency: HOG_FUNCTION_READS, stopOnError: true, signal },
    )
    const failure = report.results.find((result) => result.status === 'rejected')
    if (failure) throw failure.error
    return report.results.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value as unknown as Resource] : [],
    )
  },
  find: async (client, spec, options) =>
    named(await all(client.hogFunctions.list({ search: String(spec.name) }, options)), spec.name),
  uniqueOnService: false,
  read: (client, id, options) => client.hogFunctions.retrieve(id as string, options),
  toSpec: (client, resource) => client.hogFunctions.toCreateParams(resource as never) as unknown as Resource,
  id: (resource) => resource.id as string,
  // The service puts a new transformation last whatever order was sent: a second write gives it its place.
  async create(client, body, options) {
    const created = await client.hogFunctions.create(body as never, options)
    const order = body.execution_order
    if (typeof order !== 'number' || created.execution_order === order) return created
    return client.hogFunctions.update(created.id, { execution_order: order }, options)
  },
  update: (client, id, body, options) => client.hogFunctions.update(id as string, body as never, options),
  remove: (client, id, options) => client.hogFunctions.softDelete(id as string, options),
}

const endpoints: KindOps = {
  kind: 'endpoints',
  folder: 'endpoints',
  keyField: 'name',
  createShape: 'endpoints.create',
  live: (client, signal) => all(client.endpoints.list(undefined, { signal })) as Promise<Resource[]>,
  find: (client, spec, options) =>
    client.endpoints.retrieve(String(spec.name), options).then(
      (endpoint) => [endpoint as unknown as Resource],
      (error: unknown) => {
        if (error instanceof NotFoundError) return []
        throw error
      },
    ),
  uniqueOnService: true,
  read: (client, id, options) => client.endpoints.retrieve(id as string, options),
  toSpec: (client, resource) => client.endpoints.toCreateParams(resource as never) as unknown as Resource,
  // Endpoints are addressed by name.
  id: (resource) => resource.name as string,
  create: (client, body, options) => client.endpoints.create(body as never, options),
  update: (client, id, body, options) => client.endpoints.update(id as string, body as never, options),
  remove: (client, id, options) => client.endpoints.delete(id as string, options),
}

const eventDefinitions: KindOps = {
  kind: 'eventDefinitions',
  folder: 'event-definitions',
  keyField: 'name',
  createShape: 'eventDefinitions.create',
  live: (client, signal) => all(client.eventDefinitions.list(undefined, { signal })) as Promise<Resource[]>,
  find: async (client, spec, options) =>
    named(await all(client.eventDefinitions.list({ search: String(spec.name) }, options)), spec.name),
  uniqueOnService: true,
  read: (client, id, options) => client.eventDefinitions.retrieve(id as string, options),
  toSpec: (client, resource) => client.eventDefinitions.toCreateParams(resource as never) as unknown as Resource,
  id: (resource) => resource.id as string,
  create: (client, body, options) => client.eventDefinitions.create(body as never, options),
  update: (client, id, body, options) => client.eventDefinitions.update(id as string, body as never, options),
  remove: (client, id, options) => client.eventDefinitions.delete(id as string, options),
}

/** The shape a kind's files are checked against: its create body, or its own (`specShape`). */
export function specShapeOf(ops: KindOps): TypedSchema<unknown> {
  return ops.specShape ?? REQUESTS[ops.createShape]!.body!
}

/** A kind the SDK gives `list`, `create`, `retrieve`, `update` and a delete, ids numbers. */
interface NumberedGroup {
  list(params?: object, options?: RequestOptions): AsyncIterable<object>
  retrieve(id: number, options?: RequestOptions): Promise<object>
  create(body: never, options?: RequestOptions): Promise<object>
  update(id: number, body: never, options?: RequestOptions): Promise<object>
  toCreateParams(resource: never): object
}

/** The graph's kinds: numeric ids, a list searched by name (or read whole where it has no search). */
function numbered(
  kind: ConfigKind,
  folder: string,
  keyField: 'name' | 'key',
  group: (client: ProjectClient) => NumberedGroup,
  how: {
    uniqueOnService: boolean
    search: ((key: string) => object) | undefined
    remove: (client: ProjectClient, id: number, options: RequestOptions) => Promise<unknown>
  },
): KindOps {
  return {
    kind,
    folder,
    keyField,
    createShape: `${kind}.create`,
    live: (client, signal) => all(group(client).list(undefined, { signal })) as Promise<Resource[]>,
    find: async (client, spec, options) => {
      const key = spec[keyField]
      const items = await all(group(client).list(how.search?.(String(key)), options))
      return (items as Resource[]).filter((item) => item[keyField] === key)
    },
    uniqueOnService: how.uniqueOnService,
    read: (client, id, options) => group(client).retrieve(id as number, options),
    toSpec: (client, resource) => group(client).toCreateParams(resource as never) as unknown as Resource,
    id: (resource) => resource.id as number,
    create: (client, body, options) => group(client).create(body as never, options),
    update: (client, id, body, options) => group(client).update(id as number, body as never, options),
    remove: (client, id, options) => how.remove(client, id as number, options),
  }
}

// Flags, cohorts and actions are only soft-deleted; holdouts and saved metrics are deleted. Flag keys and
// action names are unique among live resources; saved metric names too (newer services); cohort and holdout
// names are not (docs/service-behaviour.md §12.2).
const featureFlags = numbered(
  'featureFlags',
  'feature-flags',
  'key',
  (client) => client.featureFlags as unknown as NumberedGroup,
  {
    uniqueOnService: true,
    search: (key) => ({ key }),
    remove: (client, id, options) => client.featureFlags.softDelete(id, options),
  },
)
const cohorts = numbered('cohorts', 'cohorts', 'name', (client) => client.cohorts as unknown as NumberedGroup, {
  uniqueOnService: false,
  search: (name) => ({ search: name }),
  remove: (client, id, options) => client.cohorts.softDelete(id, options),
})
const actions = numbered('actions', 'actions', 'name', (client) => client.actions as unknown as NumberedGroup, {
  uniqueOnService: true,
  search: (name) => ({ search: name }),
  remove: (client, id, options) => client.actions.softDelete(id, options),
})
const holdouts = numbered('holdouts', 'holdouts', 'name', (client) => client.holdouts as unknown as NumberedGroup, {
  uniqueOnService: false,
  search: undefined,
  remove: (client, id, options) => client.holdouts.delete(id, options),
})
const savedMetrics = numbered(
  'savedMetrics',
  'saved-metrics',
  'name',
  (client) => client.savedMetrics as unknown as NumberedGroup,
  {
    uniqueOnService: true,
    search: (name) => ({ search: name }),
    remove: (client, id, options) => client.savedMetrics.delete(id, options),
  },
)

/** Reads in flight at once while listing dashboards (their list has no tiles: one read each). */
const DASHBOARD_READS = 4

// Dashboards and insights are only soft-deleted, early access features deleted; none has a unique name
// (docs/service-behaviour.md §14 [`D14`], [`I11`], [`E13`]).
const dashboards: KindOps = {
  kind: 'dashboards',
  folder: 'dashboards',
  keyField: 'name',
  createShape: 'dashboards.create',
  specShape: dashboardSpecSchema,
  async live(client, signal) {
    const read = (item: { id: number }, context: { signal: AbortSignal }) =>
      client.dashboards.retrieve(item.id, { signal: context.signal })
    const options = { concurrency: DASHBOARD_READS, stopOnError: true, signal }
    const report = await client.bulk(client.dashboards.list(undefined, { signal }), read, options)
    const failure = report.results.find((result) => result.status === 'rejected')
    if (failure) throw failure.error
    return report.results.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value as unknown as Resource] : [],
    )
  },
  find: async (client, spec, options) => named(await all(client.dashboards.list(undefined, options)), spec.name),
  uniqueOnService: false,
  read: (client, id, options) => client.dashboards.retrieve(id as number, options),
  toSpec: (client, resource) => dashboardSpec(client, resource as Resource),
  id: (resource) => resource.id as number,
  create: (client, body, options) => createDashboard(client, body, options),
  update: (client, id, body, options) => writeDashboard(client, id, body, options),
  remove: (client, id, options) => client.dashboards.softDelete(id as number, options),
}

/** Insights with a name: one without (the interface shows its `derived_name`) has no key, and is left alone. */
function namedInsights(items: readonly object[]): Resource[] {
  return (items as Resource[]).filter((item) => typeof item.name === 'string' && item.name !== '')
}

const insights: KindOps = {
  kind: 'insights',
  folder: 'insights',
  keyField: 'name',
  createShape: 'insights.create',
  live: async (client, signal) => namedInsights(await all(client.insights.list(undefined, { signal }))),
  find: async (client, spec, options) =>
    named(await all(client.insights.list({ search: String(spec.name) }, options)), spec.name),
  uniqueOnService: false,
  read: (client, id, options) => client.insights.retrieve(id as number, options),
  // Its place on dashboards is the dashboards' (their tiles); a query insight shows `filters: {}` (§14.2 [`I9`]).
  toSpec(client, resource) {
    const params = client.insights.toCreateParams(resource as never) as unknown as Resource
    const { dashboards: _dashboards, ...spec } = params
    if (isEmptyObject(spec.filters) && spec.query !== undefined && spec.query !== null) delete spec.filters
    return spec
  },
  id: (resource) => resource.id as number,
  create: (client, body, options) => client.insights.create(body as never, options),
  update: (client, id, body, options) => client.insights.update(id as number, body as never, options),
  remove: (client, id, options) => client.insights.softDelete(id as number, options),
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
}

const earlyAccessFeatures: KindOps = {
  kind: 'earlyAccessFeatures',
  folder: 'early-access-features',
  keyField: 'name',
  createShape: 'earlyAccessFeatures.create',
  live: (client, signal) => all(client.earlyAccessFeatures.list(undefined, { signal })) as Promise<Resource[]>,
  // The list has no search.
  find: async (client, spec, options) =>
    named(await all(client.earlyAccessFeatures.list(undefined, options)), spec.name),
  uniqueOnService: false,
  read: (client, id, options) => client.earlyAccessFeatures.retrieve(id as string, options),
  toSpec: (client, resource) => client.earlyAccessFeatures.toCreateParams(resource as never) as unknown as Resource,
  id: (resource) => resource.id as string,
  create: (client, body, options) => client.earlyAccessFeatures.create(body as never, options),
  update: (client, id, body, options) => client.earlyAccessFeatures.update(id as string, body as never, options),
  remove: (client, id, options) => client.earlyAccessFeatures.delete(id as string, options),
}

/**
 * Every kind, in the order creates and updates are applied: a kind comes after every kind its specs can
 * name (actions before the cohorts, metrics and filters that count them; flags before the surveys and
 * experiments that use them; event definitions before the filters that use them; experiments; a feature after
 * its flag; insights after the actions and cohorts their queries name, dashboards after the insights their tiles
 * show);
 * deletes run in the reverse order. Within a kind (cohorts of cohorts, flags on flags) `apply` orders by
 * the references themselves (src/config/graph.ts).
 */
export const KINDS: readonly KindOps[] = [
  ...[actions, cohorts, holdouts, savedMetrics, featureFlags, eventDefinitions, endpoints, hogFunctions, surveys],
  ...[experiments, earlyAccessFeatures, insights, dashboards],
]

export const KIND_NAMES: readonly ConfigKind[] = KINDS.map((ops) => ops.kind)

export function kindOps(kind: ConfigKind): KindOps {
  return KINDS.find((ops) => ops.kind === kind)!
}
