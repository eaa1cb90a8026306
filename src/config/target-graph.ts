import { isPlainObject } from './diff.js'
import { closest } from '../core/closest.js'
import { findCycle, isReferable, isRef, keysById, parseRef, refProblems, referenceSites } from './graph.js'
import { referencesOf, refTo, siteValue, withRefs, type KeysById } from './graph.js'
import { whereIs } from './sources.js'
import { KINDS, type Id, type KindOps, type Resource } from './kinds.js'
import { RENAMED_FROM } from './renames.js'
import type { ConfigKind, Plan, ProjectConfig } from './types.js'

/** The kinds the references of `desired` name. */
export function referencedKinds(desired: ProjectConfig): Set<ConfigKind> {
  const kinds = new Set<ConfigKind>()
  for (const ops of KINDS)
    for (const spec of (desired[ops.kind] ?? []) as Resource[])
      if (isPlainObject(spec)) for (const reference of referencesOf(ops.kind, spec)) kinds.add(reference.kind)
  return kinds
}

/**
 * The references of a configuration against the project it is planned onto: each `$ref` names one live
 * resource (its id kept for `apply`) or a spec of the same configuration (created first); anything else,
 * an ambiguous key or a cycle is a plan error, and then nothing is sent.
 */
export class TargetGraph {
  /** `<folder>/<key>` → the target's id, for every reference a live resource answers. */
  readonly resolved = new Map<string, Id>()
  private readonly keys = new Map<ConfigKind, KeysById>()
  private readonly liveByKey = new Map<ConfigKind, Map<string, Resource[]>>()

  constructor(
    /** The plan's specs. */
    readonly desired: ProjectConfig,
    read: readonly ConfigKind[],
    live: ReadonlyArray<readonly Resource[]>,
    private readonly result: Plan,
  ) {
    KINDS.forEach((ops, index) => {
      if (!read.includes(ops.kind) || !isReferable(ops.kind)) return
      const keys = keysById(live[index]!, ops.keyField, ops.id)
      const byKey = new Map<string, Resource[]>()
      for (const resource of live[index]!)
        byKey.set(String(resource[ops.keyField]), [...(byKey.get(String(resource[ops.keyField])) ?? []), resource])
      this.renames(ops, byKey, keys)
      this.keys.set(ops.kind, keys)
      this.liveByKey.set(ops.kind, byKey)
    })
  }

  /** `<folder>/<old key>` → the new key, for each resource a spec renames (`$renamedFrom`) in this plan. */
  private readonly renamed = new Map<string, string>()

  /**
   * A resource a spec renames is known by its new key from the start: references to the new key name it (and
   * its id reads as one), as after the rename. Only where `plan` renames it: one live resource has the old key,
   * none the new, and no other spec has the old key.
   */
  private renames(ops: KindOps, byKey: Map<string, Resource[]>, keys: Map<string, string>): void {
    const specs = (this.desired[ops.kind] ?? []) as Resource[]
    for (const spec of specs) {
      const [key, old] = [spec[ops.keyField], spec[RENAMED_FROM]]
      if (
        typeof key !== 'string' ||
        typeof old !== 'string' ||
        old === key ||
        byKey.has(key) ||
        specs.some((other) => other[ops.keyField] === old)
      )
        continue
      const resources = byKey.get(old)
      if (resources?.length !== 1) continue
      byKey.delete(old)
      byKey.set(key, resources)
      keys.set(String(ops.id(resources[0]!)), key)
      this.renamed.set(refTo(ops.kind, old).$ref, key)
    }
  }

  /** `spec` with each id of a live resource of a kind read as a reference to its key. */
  withRefs(kind: ConfigKind, spec: Resource): Resource {
    return withRefs(kind, spec, (target) => this.keys.get(target))
  }

  /**
   * Whether every reference of the spec names exactly one resource (live, or a spec of the configuration); else plan
   * errors.
   */
  /** Each problem names the file and line of the `$ref` when the spec was read from a file (sources.ts). */
  checkRefs(kind: ConfigKind, key: string, spec: Resource): boolean {
    const located = (problem: string) => `${whereIs(spec, problem.slice(0, problem.indexOf(':')))}${problem}`
    const problems = refProblems(kind, spec).map(located)
    for (const site of referenceSites(kind, spec)) {
      const value = siteValue(site)
      const reference = isRef(value) ? parseRef(value.$ref) : undefined
      if (typeof reference !== 'object') continue
      const at = `${whereIs(spec, site.path)}${site.path}: `
      const ref = refTo(reference.kind, reference.key).$ref
      const ops = KINDS.find((candidate) => candidate.kind === reference.kind)!
      const renamedTo = this.renamed.get(ref)
      if (renamedTo !== undefined) {
        problems.push(
          `${at}$ref ${JSON.stringify(ref)}: its spec renames it to ${JSON.stringify(renamedTo)} ` +
            `(${RENAMED_FROM}), and a reference names the key a resource has once the plan is applied: write { ` +
            `$ref: ${JSON.stringify(refTo(reference.kind, renamedTo).$ref)} }`,
        )
        continue
      }
      const matches = this.liveByKey.get(reference.kind)?.get(reference.key) ?? []
      if (matches.length === 1) this.resolved.set(ref, ops.id(matches[0]!))
      else if (matches.length > 1)
        problems.push(
          `${at}$ref ${JSON.stringify(ref)}: ${matches.length} ${reference.kind} in project ` +
            `${this.result.project?.id ?? ''} have the ${ops.keyField} ${JSON.stringify(reference.key)} (ids ` +
            `${matches.map((match) => String(ops.id(match))).join(', ')}): rename all but one`,
        )
      else if (!this.inConfig(reference.kind, reference.key)) {
        const where = `in project ${this.result.project?.id ?? ''} or in the configuration`
        const names = `no ${reference.kind} has the ${ops.keyField} ${JSON.stringify(reference.key)} ${where}`
        problems.push(
          `${at}$ref ${JSON.stringify(ref)} names nothing: ${names}${this.didYouMean(reference.kind, reference.key)}`,
        )
      }
    }
    for (const message of problems) this.result.errors.push({ kind, key, message })
    return problems.length === 0
  }

  /** `; did you mean { $ref: "cohorts/Beta users" }?`: the nearest key live or in the configuration, if one is near. */
  private didYouMean(kind: ConfigKind, key: string): string {
    const ops = KINDS.find((candidate) => candidate.kind === kind)!
    const specKeys = ((this.desired[kind] ?? []) as Resource[]).map((spec) => spec[ops.keyField])
    const live = [...(this.liveByKey.get(kind)?.keys() ?? [])]
    const keys = [...live, ...specKeys.filter((item): item is string => typeof item === 'string')]
    const nearest = closest(key, keys)
    return nearest === undefined ? '' : `; did you mean { $ref: ${JSON.stringify(refTo(kind, nearest).$ref)} }?`
  }

  /** The live resources of a kind read (and referable) that have `key`, after the renames this plan makes. */
  liveWithKey(kind: ConfigKind, key: string): readonly Resource[] {
    return this.liveByKey.get(kind)?.get(key) ?? []
  }

  /** A plan error for each cycle of references among the specs of one kind. */
  checkCycles(): void {
    for (const ops of KINDS) {
      const specs = (this.desired[ops.kind] ?? []) as Resource[]
      if (!isReferable(ops.kind) || specs.length === 0) continue
      const byKey = new Map(
        specs
          .filter((spec) => typeof spec[ops.keyField] === 'string')
          .map((spec) => [spec[ops.keyField] as string, spec]),
      )
      const cycle = findCycle(ops.kind, byKey)
      if (!cycle) continue
      // Named where the first spec of the cycle names the second.
      const first = byKey.get(cycle[0]!)!
      const site = referenceSites(ops.kind, first).find((candidate) => {
        const value = siteValue(candidate)
        const parsed = isRef(value) ? parseRef(value.$ref) : undefined
        return typeof parsed === 'object' && parsed.kind === ops.kind && parsed.key === cycle[1]
      })
      const at = site === undefined ? '' : `${whereIs(first, site.path)}${site.path}: `
      const path = cycle.map((key) => refTo(ops.kind, key).$ref).join(' → ')
      const message = `${at}a cycle of references: ${path}; nothing can be created first`
      this.result.errors.push({ kind: ops.kind, key: cycle[0]!, message })
    }
  }

  private inConfig(kind: ConfigKind, key: string): boolean {
    const ops = KINDS.find((candidate) => candidate.kind === kind)!
    return ((this.desired[kind] ?? []) as Resource[]).some((spec) => spec[ops.keyField] === key)
  }
}
