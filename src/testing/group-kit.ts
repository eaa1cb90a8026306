/**
 * The skeleton of a resource group of the fake, written once: records kept by integer id in a map of the
 * store, seeding, lookup by id (404), the writable fields checked and copied the way DRF serializers do,
 * a field unique among live records (400 naming it, code `unique`), soft delete by PATCH `{deleted: true}`
 * with DELETE refused (405, empty body: forbid_destroy_model.py) or a hard delete (204), and paginated
 * lists. A group file (src/testing/groups) gives only its own rules: defaults, fields, checks, what else a
 * write changes, and how a record is presented.
 */
import { param, type OperationContext } from './context.js'
import { paginate, presentPage } from './paging.js'
import { empty, invalid, json, notFound } from './responses.js'
import type { FakeStore, IdKind } from './store.js'
import { clone } from './store.js'
import { arrayField, bodyObject, booleanField, choiceField, dateTimeField, integerField, objectField, stringField } from './validators.js'

/** A record of a kit-built group: an integer id, and `deleted` where the service soft-deletes. */
export interface KitRecord {
  id: number
  deleted?: boolean
  [field: string]: unknown
}

/** Reads one writable field of a request body: `undefined` when absent, else the checked value (a 400 when wrong). */
export type FieldRead = (body: Record<string, unknown>, key: string) => unknown

type Rules = { nullable?: boolean; required?: boolean }

/** The usual field readers, over the DRF-style checks of validators.ts. */
export const field = {
  text: (rules: Rules & { maxLength?: number; allowBlank?: boolean } = {}): FieldRead => (body, key) => stringField(body, key, rules),
  boolean: (rules: Rules = {}): FieldRead => (body, key) => booleanField(body, key, rules),
  integer: (rules: Rules & { min?: number; max?: number } = {}): FieldRead => (body, key) => integerField(body, key, rules),
  object: (rules: Rules = {}): FieldRead => (body, key) => objectField(body, key, rules),
  list: (rules: Rules & { allowEmpty?: boolean } = {}): FieldRead => (body, key) => arrayField(body, key, rules),
  strings: (): FieldRead => (body, key) => arrayField(body, key)?.map(String),
  choice: (choices: readonly string[], rules: Rules = {}): FieldRead => (body, key) => choiceField(body, key, choices, rules),
  dateTime: (rules: Rules = {}): FieldRead => (body, key) => dateTimeField(body, key, rules),
}

/** What one group is made of. */
export interface GroupSpec<R extends KitRecord> {
  /** The store's map of the group's records. */
  records(store: FakeStore): Map<number, R>
  /** The counter its ids come from. */
  idKind: IdKind
  /** A new record with the service's defaults (`id` 0 until it is stored). */
  blank(store: FakeStore): R
  /** The writable fields and how each is read from a create or update body. */
  writable: Readonly<Record<string, FieldRead>>
  /** `true`: PATCH `{deleted: true}` soft-deletes, DELETE answers 405 and lists leave deleted records out; `false`: DELETE removes (204). */
  softDeletes: boolean
  /** A field unique among live records, and the 400 message naming the holder. */
  unique?: { field: string; message: (holder: R) => string; ignoreCase?: boolean }
  /** The group's own rules on a draft before it is stored; `previous` is the stored record (undefined on create). */
  check?(store: FakeStore, draft: R, body: Record<string, unknown>, previous: R | undefined): void
  /** What else a stored write changes (other records, derived fields). */
  stored?(store: FakeStore, record: R, previous: R | undefined): void
  /** What else a hard delete changes. */
  removed?(store: FakeStore, record: R): void
  /** The record as the service answers it. */
  present(store: FakeStore, record: R): unknown
}

/** How `findRecord` reads the path's `id`, and what it answers when nothing matches. */
export interface Lookup {
  /** The path parameter holding the id: `id` unless told otherwise. */
  param?: string
  /** Integer ids are matched from their digits only (`"01"` is 1, `"1.0"` nothing); other ids by the text as sent. */
  integerIds?: boolean
  /** Soft-deleted records (`deleted: true`) are not found. */
  hideDeleted?: boolean
  /** The refusal: a 404 with the usual body unless told otherwise. */
  missing?: () => never
}

/** The record the path's `id` names in `records`, or the lookup's refusal. */
export function findRecord<K extends number | string, R>(context: OperationContext, records: ReadonlyMap<K, R>, lookup: Lookup = {}): R {
  const raw = param(context, lookup.param ?? 'id')
  const key = lookup.integerIds ? (/^\d+$/.test(raw) ? Number(raw) : undefined) : raw
  const record = key === undefined ? undefined : records.get(key as K)
  if (record === undefined || (lookup.hideDeleted && (record as { deleted?: unknown }).deleted === true)) return (lookup.missing ?? notFound)()
  return record
}

/** A DRF page (`count`, `next`, `previous`, `results`) of `items`, each presented. */
export function pageOf<R>(context: OperationContext, items: readonly R[], present: (record: R) => unknown): Response {
  return json(presentPage(paginate(context.url, items, context.store.settings.pageSize), present))
}

/** The shared handlers and helpers of one group, built from its spec. */
export class GroupKit<R extends KitRecord> {
  constructor(readonly spec: GroupSpec<R>) {}

  /** Stores a record built from `seed` without validation (what the group derives on write is derived). */
  seed(store: FakeStore, seed: Partial<R>): R {
    const record = Object.assign(this.spec.blank(store), seed)
    record.id = seed.id ?? store.nextId(this.spec.idKind)
    this.spec.records(store).set(record.id, record)
    this.spec.stored?.(store, record, undefined)
    return record
  }

  /** The record the path's `id` names, soft-deleted ones included (retrieve and PATCH answer them), or a 404. */
  find(context: OperationContext): R {
    return findRecord(context, this.spec.records(context.store), { integerIds: true })
  }

  /** The records that are not soft-deleted. */
  live(store: FakeStore): R[] {
    return [...this.spec.records(store).values()].filter((record) => !record.deleted)
  }

  /** A DRF page of `items`, presented (by `present` when the list shows less than a read). */
  page(context: OperationContext, items: readonly R[], present = (record: R) => this.spec.present(context.store, record)): Response {
    return pageOf(context, items, present)
  }

  create = (context: OperationContext): Response => {
    const { store } = context
    const body = bodyObject(context.body)
    const draft = this.spec.blank(store)
    this.#write(store, draft, body, undefined)
    draft.id = store.nextId(this.spec.idKind)
    this.spec.records(store).set(draft.id, draft)
    this.spec.stored?.(store, draft, undefined)
    return json(this.spec.present(store, draft), 201)
  }

  retrieve = (context: OperationContext): Response => json(this.spec.present(context.store, this.find(context)))

  update = (context: OperationContext): Response => {
    const { store } = context
    const record = this.find(context)
    const previous = clone(record)
    const draft = clone(record)
    this.#write(store, draft, bodyObject(context.body), previous)
    Object.assign(record, draft)
    this.spec.stored?.(store, record, previous)
    return json(this.spec.present(store, record))
  }

  delete = (context: OperationContext): Response => {
    if (this.spec.softDeletes) return empty(405)
    const record = this.find(context)
    this.spec.records(context.store).delete(record.id)
    this.spec.removed?.(context.store, record)
    return empty(204)
  }

  /** Checks and copies the writable fields, then the uniqueness and the group's own rules: a 400 leaves nothing changed. */
  #write(store: FakeStore, draft: R, body: Record<string, unknown>, previous: R | undefined): void {
    for (const [key, read] of Object.entries(this.spec.writable)) {
      const value = read(body, key)
      if (value !== undefined) (draft as Record<string, unknown>)[key] = value
    }
    const unique = this.spec.unique
    // Checked on create, and on update when the field is sent (restoring a record does not re-check it).
    if (unique && !draft.deleted && (previous === undefined || unique.field in body)) {
      const holder = this.#holder(store, unique, draft[unique.field], draft.id)
      if (holder) invalid(unique.message(holder), unique.field, 'unique')
    }
    this.spec.check?.(store, draft, body, previous)
  }

  #holder(store: FakeStore, unique: NonNullable<GroupSpec<R>['unique']>, value: unknown, exceptId: number): R | undefined {
    if (value === null || value === undefined) return undefined
    const same = (other: unknown) =>
      unique.ignoreCase && typeof other === 'string' && typeof value === 'string' ? other.toLowerCase() === value.toLowerCase() : other === value
    return this.live(store).find((record) => record.id !== exceptId && same(record[unique.field]))
  }
}
