import { isPlainObject } from './diff.js'
import { KINDS, kindOps, type Id, type Resource } from './kinds.js'
import { BELOW, ITEMS, type Step } from './kinds/declare.js'
import type { ConfigKind } from './types.js'

/**
 * The project's graph: the fields of a spec that hold the id of a resource of a managed kind (a reference
 * site), and `{ $ref: '<folder>/<key>' }` standing in them. `pull` writes a reference where the id names a
 * pulled resource, `plan` checks each against the target (or the specs it creates), and `apply` sends the
 * target's id in its place, creating what a resource names before it (docs/service-behaviour.md §12).
 */

/** Where a reference goes: the folder of each kind that can be named (those with a `singular`). */
export const REF_FOLDERS: Readonly<Record<string, ConfigKind>> = Object.fromEntries(
  KINDS.filter((ops) => ops.singular !== undefined).map((ops) => [ops.folder, ops.kind]),
)
const FOLDER_OF: Partial<Record<ConfigKind, string>> = Object.fromEntries(
  Object.entries(REF_FOLDERS).map(([folder, kind]) => [kind, folder]),
)

/** One field of a spec that holds the id of another resource. */
export interface ReferenceSite {
  /** The object holding the field (a part of the spec: writing to it changes the spec). */
  holder: Record<string, unknown> | unknown[]
  field: string | number
  /** The kind of resource the id names. */
  target: ConfigKind
  /** How the service takes the id there: a number, or a string (a flag dependency's `key`, hog function filters). */
  form: 'number' | 'string'
  /** For reading: `filters.groups[0].properties[1].value`. */
  path: string
  /**
   * A member beside the id that the service writes from the resource named (a flag's cohort condition gets
   * the cohort's `cohort_name` on read): left out where a `$ref` stands, which names the resource itself, so
   * that renaming the resource changes nothing else.
   */
  derived?: string
}

export interface Reference {
  kind: ConfigKind
  key: string
}

type Spec = Record<string, unknown>

/** `{ $ref: '…' }` and nothing else. */
export function isRef(value: unknown): value is { $ref: string } {
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value.$ref === 'string'
}

/** The kind and key a `$ref` names, or a message saying why it names nothing. */
export function parseRef(ref: string): Reference | string {
  const slash = ref.indexOf('/')
  const folder = slash < 0 ? ref : ref.slice(0, slash)
  const kind = REF_FOLDERS[folder]
  if (kind === undefined || slash < 0 || slash === ref.length - 1)
    return (
      `$ref ${JSON.stringify(ref)}: expected "<folder>/<key>" with a folder of ` +
      `${Object.keys(REF_FOLDERS).join(', ')}`
    )
  return { kind, key: ref.slice(slash + 1) }
}

export function refTo(kind: ConfigKind, key: string): { $ref: string } {
  return { $ref: `${FOLDER_OF[kind]!}/${key}` }
}

/** Whether `kind` can be named by a reference. */
export function isReferable(kind: ConfigKind): boolean {
  return FOLDER_OF[kind] !== undefined
}

/**
 * Every reference site of a spec of `kind` (its declaration's `references`: the table in
 * docs/service-behaviour.md §12.1), whatever the value there holds now (an id, a `$ref`, `null`).
 */
export function referenceSites(kind: ConfigKind, spec: Spec): ReferenceSite[] {
  const sites: ReferenceSite[] = []
  for (const spot of kindOps(kind).references) {
    reach(spec, '', spot.at, (holder, path) => {
      for (const { field, target, form = 'number', derived, where } of spot.fields) {
        const value = holder[field]
        if (value === undefined || value === null || (where && !where.spec(holder))) continue
        sites.push({ holder, field, target, form, path: join(path, field), ...(derived && { derived }) })
      }
    })
  }
  return sites
}

/**
 * The kinds whose specs can name a resource of each kind (their declared references; an experiment also
 * stands on the flag of its `feature_flag_key`, `keyNames`): what a plan reads to know whether a delete leaves
 * a reference behind.
 */
export const NAMED_BY: Readonly<Partial<Record<ConfigKind, readonly ConfigKind[]>>> = Object.fromEntries(
  Object.values(REF_FOLDERS).map((named) => [
    named,
    KINDS.filter(
      (ops) =>
        ops.keyNames === named || ops.references.some((spot) => spot.fields.some((field) => field.target === named)),
    ).map((ops) => ops.kind),
  ]),
)

/** The value a site holds. */
export function siteValue(site: ReferenceSite): unknown {
  return (site.holder as Record<string | number, unknown>)[site.field]
}

function setSite(site: ReferenceSite, value: unknown): void {
  ;(site.holder as Record<string | number, unknown>)[site.field] = value
}

/** The references a spec holds (each `$ref` parsed; a malformed one is left out: `checkRefs` reports it). */
export function referencesOf(kind: ConfigKind, spec: Spec): Reference[] {
  return referenceSites(kind, spec).flatMap((site) => {
    const value = siteValue(site)
    const parsed = isRef(value) ? parseRef(value.$ref) : undefined
    return typeof parsed === 'object' ? [parsed] : []
  })
}

/** Keys by id of the resources of one kind, those whose key is theirs alone (an ambiguous key names nothing). */
export type KeysById = ReadonlyMap<string, string>

export function keysById(
  resources: readonly Resource[],
  keyField: string,
  idOf: (resource: Resource) => Id,
): Map<string, string> {
  const counts = new Map<unknown, number>()
  for (const resource of resources) counts.set(resource[keyField], (counts.get(resource[keyField]) ?? 0) + 1)
  const keys = new Map<string, string>()
  for (const resource of resources) {
    const key = resource[keyField]
    if (typeof key === 'string' && key !== '' && counts.get(key) === 1) keys.set(String(idOf(resource)), key)
  }
  return keys
}

/**
 * A copy of `spec` with every id that names a resource of `keys` (by kind) as a `$ref` to its key. Ids of
 * kinds not given, or that name nothing there, stay as they are.
 */
export function withRefs(kind: ConfigKind, spec: Spec, keys: (kind: ConfigKind) => KeysById | undefined): Spec {
  const copy = structuredClone(spec)
  for (const site of referenceSites(kind, copy)) {
    const value = siteValue(site)
    const key =
      typeof value === 'number' || typeof value === 'string' ? keys(site.target)?.get(String(value)) : undefined
    if (key !== undefined) setSite(site, refTo(site.target, key))
    if (site.derived !== undefined && isRef(siteValue(site)))
      delete (site.holder as Record<string, unknown>)[site.derived]
  }
  return copy
}

/**
 * A copy of `spec` with each `$ref` replaced by the id `resolve` gives (in the form the site takes), or
 * `undefined` when one names nothing `resolve` knows (`missing` says which).
 */
export function withIds(
  kind: ConfigKind,
  spec: Spec,
  resolve: (reference: Reference) => Id | undefined,
): { spec: Spec; missing: string[] } {
  const copy = structuredClone(spec)
  const missing: string[] = []
  for (const site of referenceSites(kind, copy)) {
    const value = siteValue(site)
    if (!isRef(value)) continue
    const parsed = parseRef(value.$ref)
    const id = typeof parsed === 'object' ? resolve(parsed) : undefined
    if (id === undefined) missing.push(value.$ref)
    else setSite(site, site.form === 'string' ? String(id) : typeof id === 'number' ? id : Number(id))
  }
  return { spec: copy, missing }
}

/**
 * `spec` with a placeholder id wherever a `$ref` stands in a reference site, so that the request check of its
 * kind sees an id there; a `$ref` anywhere else is left for the check to refuse.
 */
export function refsAsPlaceholders(kind: ConfigKind, spec: Spec): Spec {
  if (!referenceSites(kind, spec).some((site) => isRef(siteValue(site)))) return spec
  const copy = structuredClone(spec)
  for (const site of referenceSites(kind, copy))
    if (isRef(siteValue(site))) setSite(site, site.form === 'string' ? '0' : 0)
  return copy
}

/** Problems of the references of one spec: a malformed `$ref`, or one of a kind the site does not take. */
export function refProblems(kind: ConfigKind, spec: Spec): string[] {
  return referenceSites(kind, spec).flatMap((site) => {
    const value = siteValue(site)
    if (!isRef(value)) return []
    const parsed = parseRef(value.$ref)
    if (typeof parsed === 'string') return [`${site.path}: ${parsed}`]
    if (parsed.kind !== site.target)
      return [
        `${site.path}: $ref ${JSON.stringify(value.$ref)} names a resource of ${parsed.kind}, where the id of ` +
          `one of ${site.target} goes`,
      ]
    return []
  })
}

/**
 * The first cycle among the references of specs of one kind (flags that depend on each other, cohorts made
 * of each other), as the keys along it, or `undefined`.
 */
export function findCycle(kind: ConfigKind, specs: ReadonlyMap<string, Spec>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (key: string): string[] | undefined => {
    if (state.get(key) === 'done') return undefined
    if (state.get(key) === 'open') return [...path.slice(path.indexOf(key)), key]
    state.set(key, 'open')
    path.push(key)
    for (const reference of referencesOf(kind, specs.get(key)!)) {
      if (reference.kind !== kind || !specs.has(reference.key)) continue
      const cycle = visit(reference.key)
      if (cycle) return cycle
    }
    path.pop()
    state.set(key, 'done')
    return undefined
  }
  for (const key of specs.keys()) {
    const cycle = visit(key)
    if (cycle) return cycle
  }
  return undefined
}

/**
 * Items in layers: each item after every item it depends on (`dependsOn` gives the others it needs; those
 * not among `items` are ignored). An item on a cycle goes in the last layer.
 */
export function layers<T>(items: readonly T[], dependsOn: (item: T) => readonly T[]): T[][] {
  const depth = new Map<T, number>()
  const open = new Set<T>()
  const among = new Set(items)
  const depthOf = (item: T): number => {
    const known = depth.get(item)
    if (known !== undefined) return known
    if (open.has(item)) return items.length
    open.add(item)
    const needs = dependsOn(item).filter((other) => among.has(other) && other !== item)
    const value = needs.length === 0 ? 0 : Math.min(items.length, 1 + Math.max(...needs.map(depthOf)))
    open.delete(item)
    depth.set(item, value)
    return value
  }
  const out: T[][] = []
  for (const item of items) (out[depthOf(item)] ??= []).push(item)
  return out.filter((layer) => layer !== undefined)
}

/** The objects `steps` reach from `value` (at `path`), each with its path: `visit` on each. */
function reach(
  value: unknown,
  path: string,
  steps: readonly Step[],
  visit: (object: Spec, path: string) => void,
): void {
  if (steps.length === 0) {
    if (isPlainObject(value)) visit(value, path)
    return
  }
  const [step, ...rest] = steps
  if (step === ITEMS) {
    if (Array.isArray(value))
      value.forEach((item, index) => isPlainObject(item) && reach(item, `${path}[${index}]`, rest, visit))
  } else if (step === BELOW) {
    walk(value, path, (object, at) => reach(object, at, rest, visit))
  } else if (isPlainObject(value)) reach(value[step!], join(path, step!), rest, visit)
}

function join(path: string, field: string): string {
  return path === '' ? field : `${path}.${field}`
}

function walk(value: unknown, path: string, visit: (object: Spec, path: string) => void): void {
  if (Array.isArray(value)) value.forEach((item, index) => walk(item, `${path}[${index}]`, visit))
  else if (isPlainObject(value)) {
    visit(value, path)
    for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`, visit)
  }
}
