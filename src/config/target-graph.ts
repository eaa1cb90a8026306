import { isPlainObject } from './diff.js'
import { experimentVariants, flagVariants, linkable, variantsText, withExperimentVariants } from './experiment-flag.js'
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
    private readonly desired: ProjectConfig,
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

  /** Whether every reference of the spec names exactly one resource (live, or a spec of the configuration); else plan errors. */
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
          `${at}$ref ${JSON.stringify(ref)}: its spec renames it to ${JSON.stringify(renamedTo)} (${RENAMED_FROM}), and a reference names the key a resource has once the plan is applied: write { $ref: ${JSON.stringify(refTo(reference.kind, renamedTo).$ref)} }`,
        )
        continue
      }
      const matches = this.liveByKey.get(reference.kind)?.get(reference.key) ?? []
      if (matches.length === 1) this.resolved.set(ref, ops.id(matches[0]!))
      else if (matches.length > 1)
        problems.push(
          `${at}$ref ${JSON.stringify(ref)}: ${matches.length} ${reference.kind} in project ${this.result.project?.id ?? ''} have the ${ops.keyField} ${JSON.stringify(reference.key)} (ids ${matches.map((match) => String(ops.id(match))).join(', ')}): rename all but one`,
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

  /**
   * An experiment created with a flag spec of the same key: the flag is created or updated first and the
   * experiment links it, which the service accepts only for a multivariate flag with a `control` variant (the
   * spec's variants, else the live flag's, else those the plan gives a created flag: experiment-flag.ts).
   */
  checkExperimentFlag(key: string, creating: boolean): void {
    const flag = ((this.desired.featureFlags ?? []) as Resource[]).find((spec) => spec.key === key)
    const experiment = ((this.desired.experiments ?? []) as Resource[]).find((spec) => spec.feature_flag_key === key)
    if (!creating || !flag || !experiment) return
    const live = this.liveByKey.get('featureFlags')?.get(key)?.[0]
    const stated = flagVariants(flag)
    const variants = stated ?? (live ? (flagVariants(live) ?? []) : experimentVariants(experiment))
    if (linkable(variants)) return
    const lacks = variants.length < 2 ? 'fewer than two variants' : 'no "control" variant'
    const why =
      stated !== undefined
        ? `the flag spec feature-flags/${key} has ${lacks} in filters.multivariate`
        : live
          ? `the live flag ${key} (id ${String(live.id)}) has ${lacks} and its spec leaves filters.multivariate out`
          : `parameters.feature_flag_variants, which the plan gives the flag spec feature-flags/${key} (it leaves filters.multivariate out), has ${lacks}`
    this.result.errors.push({
      kind: 'experiments',
      key,
      message: `${why}: the service links only a multivariate flag with a "control" variant to an experiment. Give the flag spec filters.multivariate.variants with "control" (or leave them out to get the experiment's), or leave the flag spec out and let the experiment create its flag`,
    })
  }

  /**
   * A flag spec the plan creates for an experiment spec of the same key, given the experiment's variants when
   * it leaves `filters.multivariate` out (said in a warning), so that the service links it.
   */
  flagForExperiment(key: string, spec: Resource): Resource {
    const experiment = ((this.desired.experiments ?? []) as Resource[]).find((item) => item.feature_flag_key === key)
    const filled = experiment && withExperimentVariants(spec, experiment)
    if (!filled || !linkable(experimentVariants(experiment))) return spec
    this.result.warnings.push({
      kind: 'featureFlags',
      key,
      message: `filters.multivariate is left out of the spec: created with the variants experiments/${key} gives its flag (${variantsText(experimentVariants(experiment))}), as the service links only a multivariate flag with a "control" variant to an experiment`,
    })
    return filled
  }

  /**
   * Whether an experiment's own flag decides its flag config: it has a spec of its own, or (for a create, which
   * links it as it is) it is live.
   */
  flagDecides(key: string, creating: boolean): boolean {
    return (
      ((this.desired.featureFlags ?? []) as Resource[]).some((spec) => spec.key === key) ||
      (creating && (this.liveByKey.get('featureFlags')?.get(key)?.length ?? 0) > 0)
    )
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
