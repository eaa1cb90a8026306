/**
 * The skeleton of a resource group of the fake, written once: records kept in a map of the store (by id, or
 * by another key such as an endpoint's name), seeding, lookup by id (404), the writable fields checked and
 * copied the way DRF serializers do, a field unique among live records (400 `unique`), soft delete by PATCH
 * `{deleted: true}` with DELETE refused (405, empty body: forbid_destroy_model.py) or a hard delete (204),
 * and paginated lists. A group file (src/testing/groups) gives only its own rules: defaults, fields, checks,
 * what else a write changes, and how a record is presented.
 */
import { param, type OperationContext } from './context.js'
import { paginate, presentPage } from './paging.js'
import { empty, invalid, json, notFound } from './responses.js'
import type { FakeStore, IdKind } from './store.js'
import { clone } from './store.js'
import {
  arrayField,
  bodyObject,
  booleanField,
  choiceField,
  dateTimeField,
  integerField,
  objectField,
  stringField,
} from './validators.js'

/** A record of a kit-built group: an integer or UUID id, and `deleted` where the service soft-deletes. */
export interface KitRecord {
  id: number | string
  deleted?: boolean
  [field: string]: unknown
}

/** One create or update under way: `draft` is written, `previous` is the stored record (undefined on create). */
export interface Write<R> {
  readonly context: OperationContext
  readonly store: FakeStore
  readonly draft: R
  readonly previous: R | undefined
}

/**
 * Reads one writable field of a request body: `undefined` when absent (nothing copied), else the checked value,
 * copied onto the draft (a 400 when wrong). A field that sets others as well (a flag linked by id, a verified
 * mark with its time) sets them on `write.draft`.
 */
export type FieldRead<R> = (body: Record<string, unknown>, key: string, write: Write<R>) => unknown

/** `required: 'on create'`: required when creating, optional on update. */
type Rules = { nullable?: boolean; required?: boolean | 'on create' }
type PlainRead = (body: Record<string, unknown>, key: string, write: { previous: unknown }) => unknown

function rulesOf<T extends Rules>(
  rules: T,
  write: { previous: unknown },
): Omit<T, 'required'> & { required?: boolean } {
  return { ...rules, required: rules.required === 'on create' ? write.previous === undefined : rules.required }
}

/** The usual field readers, over the DRF-style checks of validators.ts. */
export const field = {
  text:
    (rules: Rules & { maxLength?: number; allowBlank?: boolean } = {}): PlainRead =>
    (body, key, write) =>
      stringField(body, key, rulesOf(rules, write)),
  boolean:
    (rules: Rules = {}): PlainRead =>
    (body, key, write) =>
      booleanField(body, key, rulesOf(rules, write)),
  integer:
    (rules: Rules & { min?: number; max?: number } = {}): PlainRead =>
    (body, key, write) =>
      integerField(body, key, rulesOf(rules, write)),
  object:
    (rules: Rules = {}): PlainRead =>
    (body, key, write) =>
      objectField(body, key, rulesOf(rules, write)),
  list:
    (rules: Rules & { allowEmpty?: boolean } = {}): PlainRead =>
    (body, key, write) =>
      arrayField(body, key, rulesOf(rules, write)),
  strings:
    (rules: Rules = {}): PlainRead =>
    (body, key, write) =>
      arrayField(body, key, rulesOf(rules, write))?.map(String),
  choice:
    (choices: readonly string[], rules: Rules = {}): PlainRead =>
    (body, key, write) =>
      choiceField(body, key, choices, rulesOf(rules, write)),
  dateTime:
    (rules: Rules = {}): PlainRead =>
    (body, key, write) =>
      dateTimeField(body, key, rulesOf(rules, write)),
  /** A nullable field whose `null` leaves the stored value as it is (the serializer drops it). */
  keptOnNull:
    (read: PlainRead): PlainRead =>
    (body, key, write) =>
      read(body, key, write) ?? undefined,
}

/** A field unique among live records, and how a taken value is refused (400, code `unique`). */
export interface Uniqueness<R> {
  field: string
  /** The refusal's message; `previous` is the stored record on update. */
  message(holder: R, previous: R | undefined): string
  /** The refusal's `attr`: the field unless told (`null`: a non-field error). */
  attr?: string | null
  /** The refusal's `code`: `unique` unless told. */
  code?: string
  ignoreCase?: boolean
  /** Checked as its field is read (a field validator, before the later fields) rather than after every field. */
  withField?: { create?: boolean; update?: boolean }
  /** On update, checked only when the value changes (else whenever the field is sent). */
  onChangeOnly?: boolean
}

/** What one group is made of. `K` is the key of its map: the id, or what `keyOf` gives. */
export interface GroupSpec<R extends KitRecord, K extends number | string = number> {
  /** The store's map of the group's records. */
  records(store: FakeStore): Map<K, R>
  /**
   * Where ids come from: an integer counter, taken when the record is stored (a database sequence), or
   * `'uuid'`, taken when the record is built (a model's UUID default).
   */
  idKind: IdKind | 'uuid'
  /** The map's key of a record when it is not the id (an endpoint's name: a rename moves it). */
  keyOf?(record: R): K
  /** The path parameter naming a record: `id` unless told. */
  param?: string
  /**
   * Whether a lookup by id finds a soft-deleted record: yes (default), on update only (it may restore it), or never.
   */
  findsDeleted?: boolean | 'on update'
  /** A new record's fields with the service's defaults, `now` its time of creation (the kit gives its id). */
  blank(store: FakeStore, now: string): Omit<R, 'id'>
  /** What a seed stores, given the built record: its defaults and the seed (default: the seed as given). */
  seeded?(store: FakeStore, record: R, seed: Partial<R>, index: number): Partial<R>
  /** The writable fields, in the serializer's order, and how each is read from a create or update body. */
  writable: Readonly<Record<string, FieldRead<R>>>
  /**
   * `true`: PATCH `{deleted: true}` soft-deletes, DELETE answers 405 and lists leave deleted records out; `false`:
   * DELETE removes (204).
   */
  softDeletes: boolean
  unique?: Uniqueness<R>
  /**
   * The group's own rules on a draft after its fields, before it is stored; `previous` is the stored record (undefined
   * on create).
   */
  check?(
    store: FakeStore,
    draft: R,
    body: Record<string, unknown>,
    previous: R | undefined,
    context: OperationContext,
  ): void
  /** What else storing a record changes, seeded or written (other records, derived fields). */
  stored?(store: FakeStore, record: R, previous: R | undefined): void
  /** What else a create or update through the API changes (not a seed): an activity entry, `updated_at`. */
  written?(store: FakeStore, record: R, previous: R | undefined): void
  /** What else a hard delete changes. */
  removed?(store: FakeStore, record: R): void
  /** The record as the service answers it. */
  present(store: FakeStore, record: R): unknown
  /** The record as create and update answer it, when that differs from `present`. */
  presentWritten?(store: FakeStore, record: R): unknown
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
export function findRecord<K extends number | string, R>(
  context: OperationContext,
  records: ReadonlyMap<K, R>,
  lookup: Lookup = {},
): R {
  const raw = param(context, lookup.param ?? 'id')
  const key = lookup.integerIds ? (/^\d+$/.test(raw) ? Number(raw) : undefined) : raw
  const record = key === undefined ? undefined : records.get(key as K)
  if (record === undefined || (lookup.hideDeleted && (record as { deleted?: unknown }).deleted === true))
    return (lookup.missing ?? notFound)()
  return record
}

/**
 * When the `index`-th record of one seeding call was created, unless the seed says: half an hour ago, a second apart.
 */
export function seededAt(store: FakeStore, index: number): string {
  return store.timestamp(-(30 * 60_000) + index * 1000)
}

/** A DRF page (`count`, `next`, `previous`, `results`) of `items`, each presented. */
export function pageOf<R>(context: OperationContext, items: readonly R[], present: (record: R) => unknown): Response {
  return json(presentPage(paginate(context.url, items, context.store.settings.pageSize), present))
}

/** The shared handlers and helpers of one group, built from its spec. */
export class GroupKit<R extends KitRecord, K extends number | string = number> {
  constructor(readonly spec: GroupSpec<R, K>) {}

  /** Stores a record built from `seed` without validation (what the group derives on store is derived). */
  seed(store: FakeStore, seed: Partial<R>, index = 0): R {
    const record = this.#built(store)
    if (this.spec.idKind !== 'uuid') record.id = seed.id ?? store.nextId(this.spec.idKind)
    Object.assign(record, this.spec.seeded ? this.spec.seeded(store, record, seed, index) : seed)
    this.spec.records(store).set(this.#keyOf(record), record)
    this.spec.stored?.(store, record, undefined)
    return record
  }

  /**
   * The record the path names (soft-deleted ones as `findsDeleted` says), or the 404 (`lookup` changes the refusal or
   * the parameter).
   */
  find(context: OperationContext, lookup: Lookup = {}, forUpdate = false): R {
    const { findsDeleted = true, idKind, param: name } = this.spec
    const hideDeleted = findsDeleted === false || (findsDeleted === 'on update' && !forUpdate)
    return findRecord(context, this.spec.records(context.store), {
      param: name,
      integerIds: idKind !== 'uuid',
      hideDeleted,
      ...lookup,
    })
  }

  /** The records that are not soft-deleted. */
  live(store: FakeStore): R[] {
    return [...this.spec.records(store).values()].filter((record) => !record.deleted)
  }

  /** A DRF page of `items`, presented (by `present` when the list shows less than a read). */
  page(
    context: OperationContext,
    items: readonly R[],
    present = (record: R) => this.spec.present(context.store, record),
  ): Response {
    return pageOf(context, items, present)
  }

  /** Refuses `value` of the unique field when a live record other than `previous` holds it. */
  refuseTaken(store: FakeStore, value: unknown, previous?: R): void {
    const unique = this.spec.unique
    if (!unique || value === null || value === undefined) return
    const same = (other: unknown) =>
      unique.ignoreCase && typeof other === 'string' && typeof value === 'string'
        ? other.toLowerCase() === value.toLowerCase()
        : other === value
    const holder = this.live(store).find((record) => record.id !== previous?.id && same(record[unique.field]))
    if (holder)
      invalid(
        unique.message(holder, previous),
        unique.attr === undefined ? unique.field : unique.attr,
        unique.code ?? 'unique',
      )
  }

  create = (context: OperationContext): Response => {
    const { store } = context
    const draft = this.#built(store)
    this.#write(context, draft, bodyObject(context.body), undefined)
    if (this.spec.idKind !== 'uuid') draft.id = store.nextId(this.spec.idKind)
    this.spec.records(store).set(this.#keyOf(draft), draft)
    this.spec.stored?.(store, draft, undefined)
    this.spec.written?.(store, draft, undefined)
    return json(this.#presentWritten(store, draft), 201)
  }

  retrieve = (context: OperationContext): Response => json(this.spec.present(context.store, this.find(context)))

  update = (context: OperationContext): Response => {
    const { store } = context
    const record = this.find(context, {}, true)
    const previous = clone(record)
    const draft = clone(record)
    this.#write(context, draft, bodyObject(context.body), previous)
    const records = this.spec.records(store)
    if (this.spec.keyOf) records.delete(this.#keyOf(record))
    Object.assign(record, draft)
    if (this.spec.keyOf) records.set(this.#keyOf(record), record)
    this.spec.stored?.(store, record, previous)
    this.spec.written?.(store, record, previous)
    return json(this.#presentWritten(store, record))
  }

  delete = (context: OperationContext): Response => {
    if (this.spec.softDeletes) return empty(405)
    const record = this.find(context)
    this.spec.records(context.store).delete(this.#keyOf(record))
    this.spec.removed?.(context.store, record)
    return empty(204)
  }

  /** A blank record, with its UUID when the group's ids are UUIDs (an integer id is 0 until the record is stored). */
  #built(store: FakeStore): R {
    const record = { id: 0, ...this.spec.blank(store, store.timestamp()) } as R
    if (this.spec.idKind === 'uuid') record.id = store.uuid()
    return record
  }

  #keyOf(record: R): K {
    return this.spec.keyOf ? this.spec.keyOf(record) : (record.id as K)
  }

  #presentWritten(store: FakeStore, record: R): unknown {
    return (this.spec.presentWritten ?? this.spec.present)(store, record)
  }

  /** Checks and copies the writable fields, the uniqueness and the group's own rules: a 400 leaves nothing changed. */
  #write(context: OperationContext, draft: R, body: Record<string, unknown>, previous: R | undefined): void {
    const write: Write<R> = { context, store: context.store, draft, previous }
    const unique = this.spec.unique
    // Checked on create, and on update when the field is sent (or changed); restoring a record does not re-check it.
    const checksUnique = () =>
      unique !== undefined &&
      !draft.deleted &&
      (previous === undefined ||
        (unique.field in body && (!unique.onChangeOnly || draft[unique.field] !== previous[unique.field])))
    const withField = unique?.withField?.[previous ? 'update' : 'create'] === true
    for (const [key, read] of Object.entries(this.spec.writable)) {
      const value = read(body, key, write)
      if (value !== undefined) (draft as Record<string, unknown>)[key] = value
      if (withField && key === unique?.field && checksUnique()) this.refuseTaken(context.store, draft[key], previous)
    }
    if (unique && !withField && checksUnique()) this.refuseTaken(context.store, draft[unique.field], previous)
    this.spec.check?.(context.store, draft, body, previous, context)
  }
}
