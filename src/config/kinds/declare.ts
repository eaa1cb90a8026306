import type { ProjectClient, RequestOptions } from 'posthog-project-client'
import type { TypedSchema } from '../../model/shape.js'
import { isPlainObject, type Difference } from '../diff.js'
import type { SecretHandling } from '../secrets.js'
import type { ConfigKind, PlanError, ProjectConfig } from '../types.js'

/**
 * What a configuration kind is, declared once (one module per kind in this folder, listed in ../kinds.ts): how
 * the SDK reaches it, its folder and key, the fields that name other resources, what the service owns,
 * normalizes and refuses of it, and what the planner does for it alone. Every other module of src/config (and
 * the command line's selection) reads these fields and names no kind.
 *
 * This module and the kinds' own import nothing that reads the declarations (graph.ts, plan.ts, …): the import
 * direction stays downward.
 */

/** A resource as the service returns it, and a spec or body as this module handles them (checked at the edges). */
export type Resource = Record<string, unknown>
export type Id = string | number
type Spec = Resource

/** One field of a spec that holds the id of another resource, at the objects a {@link ReferenceSpot} reaches. */
export interface ReferenceField {
  field: string
  /** The kind of resource the id names. */
  target: ConfigKind
  /**
   * How the service takes the id there: a number (default), or a string (a flag dependency's `key`, hog function
   * filters).
   */
  form?: 'number' | 'string'
  /** A member beside the id that the service writes from the resource named (left out where a `$ref` stands). */
  derived?: string
  /** Only in the objects this matches (a cohort condition of one `type`). */
  where?: Matcher
}

/** Which objects hold a field: in a spec (what `plan` and `pull` walk) and in a JSON Schema (what editors read). */
export interface Matcher {
  spec(object: Spec): boolean
  schema(schema: Spec): boolean
}

/** The items of an array (plain objects only). */
export const ITEMS: unique symbol = Symbol('items')
/** The object reached and every object below it, at any depth. */
export const BELOW: unique symbol = Symbol('below')
/** A step from an object to the objects inside it: a member, the items of an array, or everything below. */
export type Step = string | typeof ITEMS | typeof BELOW

/** Where reference fields sit in a spec: the objects `at` reaches from the spec, each field of `fields` on them. */
export interface ReferenceSpot {
  at: readonly Step[]
  fields: readonly ReferenceField[]
}

/** Reference fields at the objects `at` reaches (checked in this order on each object). */
export function at(steps: readonly Step[], ...fields: ReferenceField[]): ReferenceSpot {
  return { at: steps, fields }
}

/** Objects whose `member` is the constant `value` (an `ActionsNode`, a cohort condition of one type). */
export function memberIs(member: string, value: string): Matcher {
  return {
    spec: (object) => object[member] === value,
    schema: (schema) => (schema.properties as Record<string, Spec> | undefined)?.[member]?.const === value,
  }
}

/** `matcher` narrowed in specs only (a JSON Schema cannot say it). */
export function narrowed(matcher: Matcher | undefined, spec: (object: Spec) => boolean): Matcher {
  return {
    spec: (object) => (matcher?.spec(object) ?? true) && spec(object),
    schema: (schema) => matcher?.schema(schema) ?? true,
  }
}

/** What the planner's hooks are given about the spec being planned. */
export interface PlanContext {
  key: string
  projectId: string
  /** Every spec of the plan. */
  desired: ProjectConfig
  /** The live resources of a kind a reference can name that have `key` (as this plan renames them). */
  live(kind: ConfigKind, key: string): readonly Resource[]
  /** A plan warning on this spec. */
  warn(message: string): void
}

/** What a check across the whole plan reads: the specs, the live resources read, the `$ref`s. */
export interface WholePlan {
  desired: ProjectConfig
  live(kind: ConfigKind): readonly Resource[]
  /** The kind and key a value names when it is a well-formed `$ref`. */
  referenced(value: unknown): { kind: ConfigKind; key: string } | undefined
}

/** What `plan` does for this kind alone, at the step each hook names. */
export interface PlanHooks {
  /** Plan errors once every kind is planned, where the kind is managed (a flag on a behavioral cohort). */
  checkPlan?(plan: WholePlan): PlanError[]
  /** Why a spec cannot be planned, before it is matched with a live resource (`creating`: none has its key). */
  checkSpec?(context: PlanContext, creating: boolean): string | undefined
  /** Why a spec is refused whatever the project holds (a plan error), before its references are checked. */
  refuseSpec?(spec: Spec): string | undefined
  /** The spec as planned, once its references are checked (`creating`: no live resource matches it). */
  desired?(spec: Spec, context: PlanContext, creating: boolean): Spec
  /** The spec of a create, once in the form the service stores it. */
  beforeCreate?(spec: Spec, context: PlanContext): Spec
  /** Why the service would refuse to create the spec, for a reason it shows. */
  refuseCreate?(spec: Spec, projectId: string): string | undefined
  /** What a create does not do and says so. */
  createWarnings?(spec: Spec, projectId: string): string[]
  /** The live spec as compared with the desired one (a dashboard's tiles in the spec's order). */
  compared?(live: Spec, desired: Spec): Spec
  /** Why an update cannot be planned, from its differences. */
  refuseUpdate?(differences: readonly Difference[]): string | undefined
  /** Said of every update. */
  updateWarning?: string
  /** An update's body from the differing fields (`live`: as the body is written, `current`: as read). */
  updateBody?(part: Spec, live: Spec, current: Spec): Spec
}

/** How one kind of resource is found, read, written, named, compared and planned. */
export interface KindOps {
  readonly kind: ConfigKind
  /** The folder of its files under the configuration directory; a `$ref` names the folder. */
  readonly folder: string
  /** The field that identifies a resource across projects. */
  readonly keyField: 'name' | 'feature_flag_key' | 'key'
  /** How a message names one (`saved metric`), for a kind a `$ref` can name; absent: no `$ref` names it. */
  readonly singular?: string
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
  /** The service only soft-deletes it (`softDelete`), else deletes it. */
  readonly softDelete: boolean
  read(client: ProjectClient, id: Id, options: RequestOptions): Promise<object>
  /** The writable fields of a live resource (its create body read back). */
  toSpec(client: ProjectClient, resource: object): Resource
  id(resource: Resource): Id
  create(client: ProjectClient, body: Resource, options: RequestOptions): Promise<unknown>
  update(client: ProjectClient, id: Id, body: Resource, options: RequestOptions): Promise<unknown>
  remove(client: ProjectClient, id: Id, options: RequestOptions): Promise<unknown>
  /** Where its specs hold ids of other resources (docs/service-behaviour.md §12.1): graph.ts, json-schemas.ts. */
  readonly references: readonly ReferenceSpot[]
  /** The kind of the resource of the same key it stands on (an experiment: the flag of its `feature_flag_key`). */
  readonly keyNames?: ConfigKind
  /** Top-level reference fields a copy leaves out unless they hold `$ref`s (empty: the target keeps its own links). */
  readonly referenceFields: readonly string[]
  /** Top-level fields holding ids of objects of kinds the configuration does not manage. */
  readonly idFields: readonly string[]
  /** Other ids inside a spec that mean something in one project only (an insight query's cohorts, variables). */
  otherIds?(spec: Spec): string[]
  /** Fields of its lifecycle (dates, archived): a copy leaves them behind. */
  readonly lifecycleFields: readonly string[]
  /** Removes the fields the service owns (owned.ts), in place. */
  owned?(spec: Spec): void
  /** Its `tags` are a set to the service: deduplicated, in an order of its own. */
  readonly tagged: boolean
  /** Top-level members whose value when left out is this one: a pull leaves them out. */
  readonly defaults: Readonly<Record<string, unknown>>
  /** Removes, in place, the other defaults and derived values a pull leaves out. */
  dropDefaults?(spec: Spec): void
  /** The spec in the form the service stores it (normalized.ts), given the live one (`undefined`: a create). */
  asStored?(spec: Spec, live: Spec | undefined): Spec
  /** What no form of the spec would keep, as `path: message` (readConfig names the file and line). */
  problems?(spec: Spec): string[]
  /** Its secrets (hog function inputs, encrypted flag payloads): `$env` references, read when sent. */
  readonly secrets?: SecretHandling
  /** Of live resources sharing a key, the one managed (experiments: history), `undefined` when ambiguous. */
  managedAmong?(matches: readonly Resource[]): Resource | undefined
  /** `prune: true` deletes what no spec names (event definitions: only when named, they come from events). */
  readonly prunedByDefault: boolean
  /** Its folder holds test files beside the specs (hog functions' `<name>.test.yaml`). */
  readonly hasTests: boolean
  readonly plan: PlanHooks
  /** What `pull` does for this kind alone, once every kind is read (`pulled`: the specs of a kind pulled). */
  readonly pull: PullHooks
}

/** What `pull` does for this kind alone. */
export interface PullHooks {
  /** The spec as pulled, given the other kinds' pulled specs. */
  spec?(spec: Spec, pulled: (kind: ConfigKind) => readonly Spec[]): Spec
  /** What a pulled spec leaves to the user (its encrypted payloads: variables to set). */
  warning?(spec: Spec): string | undefined
}

/** The SDK methods a kind is reached by. */
export interface SdkGroup<I extends Id> {
  list(params?: object, options?: RequestOptions): AsyncIterable<object>
  retrieve(id: I, options?: RequestOptions): Promise<object>
  create(body: never, options?: RequestOptions): Promise<object>
  update(id: I, body: never, options?: RequestOptions): Promise<object>
  toCreateParams(resource: never): object
  delete?(id: I, options?: RequestOptions): Promise<unknown>
  softDelete?(id: I, options?: RequestOptions): Promise<unknown>
}

/** A kind as declared: its SDK group, and every other field of {@link KindOps} that is not its default. */
export type KindDeclaration<I extends Id> = Partial<
  Omit<KindOps, 'kind' | 'folder' | 'keyField' | 'uniqueOnService' | 'softDelete' | 'plan' | 'pull'>
> &
  Pick<KindOps, 'kind' | 'folder' | 'keyField' | 'uniqueOnService' | 'softDelete'> & {
    plan?: PlanHooks
    pull?: PullHooks
    /** The SDK group of the kind. */
    sdk: (client: ProjectClient) => SdkGroup<I>
    /** The list parameters that narrow it to a spec's key (absent: the whole list, filtered here). */
    search?: (spec: Resource) => object
    /** The list is slim: each resource is read whole (a few at a time) to get every live one. */
    readEach?: boolean
    /** Which live resources are the kind's (insights: those with a name). */
    keep?: (item: Resource) => boolean
    /** The field of its id where it is not `id` (endpoints: addressed by name). */
    idField?: 'name'
  }

/** Resources read in flight at once where a kind's list is slim (one read each). */
const READS_IN_FLIGHT = 4

/** A kind's {@link KindOps}: the SDK access built from its group, every field left out given its default. */
export function declareKind<I extends Id>(declared: KindDeclaration<I>): KindOps {
  const { sdk, search, readEach, keep, idField = 'id', ...rest } = declared
  const keyField = declared.keyField
  const kept = (items: readonly object[]) => (items as Resource[]).filter((item) => keep?.(item) ?? true)
  return {
    createShape: `${declared.kind}.create`,
    live: async (client, signal) => {
      const items = sdk(client).list(undefined, { signal })
      const read = (item: Resource, signal: AbortSignal) => sdk(client).retrieve(item.id as I, { signal })
      return kept(readEach ? await readEachOf(client, items, read, signal) : await all(items))
    },
    find: async (client, spec, options) =>
      kept(await all(sdk(client).list(search?.(spec), options))).filter((item) => item[keyField] === spec[keyField]),
    read: (client, id, options) => sdk(client).retrieve(id as I, options),
    toSpec: (client, resource) => sdk(client).toCreateParams(resource as never) as Resource,
    id: (resource) => resource[idField] as I,
    create: (client, body, options) => sdk(client).create(body as never, options),
    update: (client, id, body, options) => sdk(client).update(id as I, body as never, options),
    remove: (client, id, options) => {
      const group = sdk(client)
      return declared.softDelete ? group.softDelete!(id as I, options) : group.delete!(id as I, options)
    },
    references: [],
    referenceFields: [],
    idFields: [],
    lifecycleFields: [],
    tagged: false,
    defaults: {},
    prunedByDefault: true,
    hasTests: false,
    ...rest,
    plan: declared.plan ?? {},
    pull: declared.pull ?? {},
  }
}

/**
 * Every item of a slim list read whole, {@link READS_IN_FLIGHT} at a time; the first failure stops the rest
 * and is thrown.
 */
async function readEachOf(
  client: ProjectClient,
  items: AsyncIterable<object>,
  read: (item: Resource, signal: AbortSignal) => Promise<object>,
  signal: AbortSignal | undefined,
): Promise<Resource[]> {
  const options = { concurrency: READS_IN_FLIGHT, stopOnError: true, signal }
  const report = await client.bulk(items, (item, context) => read(item as Resource, context.signal), options)
  const failure = report.results.find((result) => result.status === 'rejected')
  if (failure) throw failure.error
  return report.results.flatMap((result) => (result.status === 'fulfilled' ? [result.value as Resource] : []))
}

export async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

/** Oldest first: by `created_at`, then by id (the service's ids grow with time), as every apply sees it. */
export function byAge(a: Resource, b: Resource): number {
  const [x, y] = [String(a.created_at ?? ''), String(b.created_at ?? '')]
  if (x !== y) return Date.parse(x) - Date.parse(y) || (x < y ? -1 : 1)
  const [p, q] = [a.id, b.id]
  if (typeof p === 'number' && typeof q === 'number') return p - q
  return String(p) < String(q) ? -1 : String(p) > String(q) ? 1 : 0
}

/** The plain objects of an array (none for anything else). */
export function objects(value: unknown): Spec[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : []
}

/** Deletes `fields` of `object`, in place. */
export function remove(object: Spec, fields: readonly string[]): void {
  for (const field of fields) delete object[field]
}

/** `visit` on `value` and every object below it. */
export function everyObject(value: unknown, visit: (object: Spec) => void): void {
  if (Array.isArray(value)) for (const item of value) everyObject(item, visit)
  else if (isPlainObject(value)) {
    visit(value)
    for (const inner of Object.values(value)) everyObject(inner, visit)
  }
}
