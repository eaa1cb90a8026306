import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { diffFields, fieldChange, isPlainObject, type Difference } from './diff.js'
import { checkDeletes, namingKinds } from './deletes.js'
import { EnvReader } from './env.js'
import { KIND_NAMES, KINDS, kindOps, type KindOps, type Resource } from './kinds.js'
import type { PlanContext } from './kinds/declare.js'
import { historyWarning, managedAmong } from './history.js'
import { TargetGraph, referencedKinds } from './target-graph.js'
import { isRef, parseRef, referencesOf, refTo } from './graph.js'
import { fingerprint, planned, withWrite, type PlannedWrite } from './pending.js'
import { applySteps } from './order.js'
import { withoutCreateOnly, withoutOwned } from './owned.js'
import { sentIds } from './references.js'
import { RENAMED_FROM, suggestRenames } from './renames.js'
import { Scrubber } from './scrub.js'
import { carrySource, sourceOf } from './sources.js'
import { asStored } from './normalized.js'
import { hideSecrets, strayReferences, type PreparedSpec } from './secrets.js'
import { UnknownMembers } from './unknown-members.js'
import type { ConfigKind, Plan, PlanChange, PlanOptions, ProjectConfig } from './types.js'

/**
 * What it takes to make the project match `desired`: reads only. Each spec is matched to the live resource
 * with the same key and compared field by field; a kind absent from `desired` is left alone.
 */
export async function plan(client: ProjectClient, files: ProjectConfig, options: PlanOptions = {}): Promise<Plan> {
  const managed = managedKinds(files)
  const prune = pruneKinds(options.prune, managed)
  // A selection by key plans (and prunes) only those keys; every other spec stays as the files have it.
  const inSelection = selectionOf(options.keys)
  const desired = options.keys === undefined ? files : selectKeys(files, managed, inSelection)
  const env = new EnvReader(options)
  // The kinds managed, those their references name (read to resolve them) and those that can name what prune deletes.
  const read = KIND_NAMES.filter(
    (kind) => managed.includes(kind) || referencedKinds(desired).has(kind) || namingKinds(prune).includes(kind),
  )
  const live = await Promise.all(KINDS.map((ops) => (read.includes(ops.kind) ? ops.live(client) : [])))
  const result: Plan = {
    changes: [],
    errors: [],
    warnings: [],
    project: { id: client.projectId, host: client.baseUrl },
  }
  const unknown = new UnknownMembers(result.warnings)
  const graph = new TargetGraph(desired, KIND_NAMES, live, result)
  KINDS.forEach((ops, index) => {
    if (!managed.includes(ops.kind)) return
    const planner = new KindPlanner(ops, client, env, options.rotateSecrets === true, result, unknown, graph)
    const pruned = prune.includes(ops.kind) ? inSelection : () => false
    planner.plan(desired[ops.kind] as unknown as Resource[], live[index]!, pruned)
  })
  unknown.throwIfAny()
  graph.checkCycles()
  const whole = { desired, live: (kind: ConfigKind) => live[KIND_NAMES.indexOf(kind)]!, referenced }
  for (const ops of KINDS) if (managed.includes(ops.kind)) result.errors.push(...(ops.plan.checkPlan?.(whole) ?? []))
  // What stays is every spec of the files, selected or not.
  checkDeletes(result, { client, desired: files, managed, read, live })
  // Listed in the order apply runs them: what a change names before it, deletes dependents first.
  result.changes = applySteps(result.changes).flat()
  // The last line of defence: no value read from the environment stays in what the plan shows.
  new Scrubber(env.values).plan(result)
  return planned(result, {
    targets: Object.fromEntries(graph.resolved),
    rotateSecrets: options.rotateSecrets === true,
    saved: false,
    env,
  })
}

function managedKinds(desired: ProjectConfig): ConfigKind[] {
  if (!isPlainObject(desired))
    throw new InvalidArgumentError(
      'desired',
      'expected a ProjectConfig object ({ experiments?, surveys?, hogFunctions?, endpoints?, eventDefinitions? })',
    )
  for (const [kind, specs] of Object.entries(desired)) {
    if (!KIND_NAMES.includes(kind as ConfigKind))
      throw new InvalidArgumentError(`desired.${kind}`, `is not a kind; expected one of ${KIND_NAMES.join(', ')}`)
    if (specs !== undefined && !Array.isArray(specs))
      throw new InvalidArgumentError(`desired.${kind}`, 'expected an array of specs')
    if (Array.isArray(specs))
      specs.forEach((spec, index) => {
        if (!isPlainObject(spec)) throw new InvalidArgumentError(`desired.${kind}[${index}]`, 'expected a spec object')
      })
  }
  return KIND_NAMES.filter((kind) => Array.isArray(desired[kind]))
}

/** Whether a key is selected (`keys` absent: every key). */
function selectionOf(keys: PlanOptions['keys']): (key: string) => boolean {
  if (keys === undefined) return () => true
  if (!Array.isArray(keys) || keys.some((key) => typeof key !== 'string')) {
    throw new InvalidArgumentError('options.keys', 'expected an array of keys (strings)')
  }
  return (key) => keys.includes(key)
}

/** The specs of the selected keys (a spec renamed from a selected key is selected too). */
function selectKeys(
  files: ProjectConfig,
  managed: readonly ConfigKind[],
  selected: (key: string) => boolean,
): ProjectConfig {
  const out: Record<string, Resource[]> = {}
  for (const kind of managed) {
    const keyField = kindOps(kind).keyField
    const chosen = (spec: Resource) =>
      [spec[keyField], spec[RENAMED_FROM]].some((key) => typeof key === 'string' && selected(key))
    out[kind] = (files[kind] as unknown as Resource[]).filter(chosen)
  }
  return out as ProjectConfig
}

/**
 * `true`: every managed kind pruned by default (not event definitions: they come from ingested events); an array
 * names them.
 */
function pruneKinds(prune: PlanOptions['prune'], managed: readonly ConfigKind[]): ConfigKind[] {
  if (prune === undefined || prune === false) return []
  if (prune === true) return managed.filter((kind) => kindOps(kind).prunedByDefault)
  if (!Array.isArray(prune))
    throw new InvalidArgumentError('options.prune', 'expected true, false or an array of kinds')
  for (const kind of prune)
    if (!KIND_NAMES.includes(kind))
      throw new InvalidArgumentError(
        'options.prune',
        `"${String(kind)}" is not a kind; expected one of ${KIND_NAMES.join(', ')}`,
      )
  return managed.filter((kind) => prune.includes(kind))
}

/** The changes of one kind. */
class KindPlanner {
  constructor(
    private readonly ops: KindOps,
    private readonly client: ProjectClient,
    private readonly env: EnvReader,
    private readonly rotate: boolean,
    private readonly result: Plan,
    private readonly unknown: UnknownMembers,
    private readonly graph: TargetGraph,
  ) {}

  /** `prune`: whether a live resource of that key that no spec names is deleted. */
  plan(specs: readonly Resource[], live: readonly Resource[], prune: (key: string) => boolean): void {
    const liveByKey = groupByKey(live, this.ops.keyField)
    const named = new Set<string>()
    const keys = new Set(specs.map((spec) => spec[this.ops.keyField]))
    const start = this.result.changes.length
    for (const written of specs) {
      const { [RENAMED_FROM]: renamedFrom, ...rest } = written
      // What the service owns is not the file's to decide (a file an older pull wrote may hold it).
      const spec = carrySource(written, withoutOwned(this.ops.kind, rest))
      const key = spec[this.ops.keyField]
      if (typeof key !== 'string' || key === '') {
        this.error(undefined, `a spec has no ${this.ops.keyField}, the key that identifies it`)
      } else if (named.has(key)) {
        this.error(key, `two specs have the ${this.ops.keyField} "${key}"`)
      } else if (renamedFrom !== undefined) {
        named.add(key)
        this.planRename(key, spec, renamedFrom, { liveByKey, keys, named })
      } else {
        named.add(key)
        this.planSpec(key, spec, liveByKey.get(key) ?? [])
      }
    }
    for (const [key, matches] of liveByKey) {
      if (!prune(key) || named.has(key)) continue
      for (const resource of this.managed(key, matches)) this.planDelete(key, resource)
    }
    const planned = this.result.changes.slice(start)
    this.result.warnings.push(...suggestRenames(this.ops, planned, (change) => this.deleted.get(change)))
  }

  /** Live resources of planned deletes, for the rename suggestion. */
  private readonly deleted = new Map<PlanChange, Resource>()

  /**
   * A spec that says `$renamedFrom: '<old key>'`: an update of the resource that has the old key, its key
   * field included. Once renamed (the new key is live), it is planned as any spec.
   */
  private planRename(
    key: string,
    spec: Resource,
    oldKey: unknown,
    context: { liveByKey: Map<string, Resource[]>; keys: ReadonlySet<unknown>; named: Set<string> },
  ): void {
    if (typeof oldKey !== 'string' || oldKey === '')
      return this.error(
        key,
        `${RENAMED_FROM}: expected the old ${this.ops.keyField} (a string), got ${JSON.stringify(oldKey)}`,
      )
    if (this.ops.keyField === 'feature_flag_key')
      return this.error(
        key,
        `${RENAMED_FROM}: an experiment's feature_flag_key cannot change once it is created (the service ` +
          `refuses it); to move to another flag key, create a new experiment and archive "${oldKey}"`,
      )
    if (oldKey === key) return this.planSpec(key, spec, context.liveByKey.get(key) ?? [])
    if (context.keys.has(oldKey))
      return this.error(key, `${RENAMED_FROM} "${oldKey}": another spec has that ${this.ops.keyField}`)
    if (context.named.has(oldKey))
      return this.error(key, `${RENAMED_FROM} "${oldKey}": another spec is renamed from it`)
    const current = context.liveByKey.get(key) ?? []
    const old = context.liveByKey.get(oldKey) ?? []
    if (current.length > 0 || old.length === 0) {
      if (current.length === 0)
        this.warn(key, `${RENAMED_FROM} "${oldKey}": no live resource has that ${this.ops.keyField}: created`)
      return this.planSpec(key, spec, current)
    }
    context.named.add(oldKey)
    this.planSpec(key, spec, old)
  }

  /** The live resource a key manages: the only match, or the one history picks among experiments (warned). */
  private managed(key: string, matches: readonly Resource[]): Resource[] {
    const managed = managedAmong(this.ops, matches)
    if (matches.length > 1 && managed !== undefined)
      this.result.warnings.push(historyWarning(this.ops, key, managed, matches))
    return managed === undefined ? [...matches] : [managed]
  }

  private planSpec(key: string, spec: Resource, allMatches: readonly Resource[]): void {
    const hooks = this.ops.plan
    const context = this.context(key)
    const unlinkable = hooks.checkSpec?.(context, allMatches.length === 0)
    if (unlinkable !== undefined) this.error(key, unlinkable)
    const matches = this.managed(key, allMatches)
    if (matches.length > 1) {
      const ids = matches
        .map((resource) => String(this.ops.id(resource)))
        .sort()
        .join(', ')
      return this.error(
        key,
        `${this.ops.keyField} "${key}" matches ${matches.length} live resources (ids ${ids}); nothing is ` +
          `planned for it: rename or remove all but one`,
      )
    }
    const [resource] = matches
    const refused = hooks.refuseSpec?.(spec)
    if (refused !== undefined) return this.error(key, refused)
    if (!this.graph.checkRefs(this.ops.kind, key, spec)) return
    if (hooks.desired) spec = hooks.desired(spec, context, !resource)
    if (!resource) return this.planCreate(key, spec)
    spec = withoutCreateOnly(spec)
    // The writable fields as read (a mapping's secrets in clear: never shown) and as a pull writes them, with
    // ids of the target's resources as references by key (compared with the spec's, shown by key).
    const current = this.ops.toSpec(this.client, resource)
    spec = this.asStored(spec, current)
    const secrets = this.ops.secrets
    const read = secrets?.comparedAsReferenced ? secrets.reference(current) : current
    const asWritten = spec
    spec = this.graph.withRefs(this.ops.kind, spec)
    const known = this.graph.withRefs(this.ops.kind, withoutOwned(this.ops.kind, read))
    const before = hooks.compared ? hooks.compared(known, spec) : known
    carrySource(asWritten, spec)
    const prepared = this.prepare(key, spec, current)
    const compare = this.unknown.settle(this.ops.kind, key, spec, resource, prepared.compare)
    const differences = diffFields(before, compare).map((difference) => hideSecrets(difference, prepared))
    const id = this.ops.id(resource)
    const reads = readsOf(prepared)
    const unchangeable = hooks.refuseUpdate?.(differences)
    if (unchangeable !== undefined) return this.error(key, unchangeable)
    if (differences.length === 0) return this.push({ kind: this.ops.kind, key, action: 'unchanged', id, ...reads })
    if (hooks.updateWarning !== undefined) this.warn(key, hooks.updateWarning)
    this.warnIds(key, pick(spec, differences))
    // Sent as the spec writes it (secrets read when applied): an encrypted payload the spec leaves out, as its
    // `$env` too.
    const part = pick(spec, differences)
    const send = hooks.updateBody
      ? hooks.updateBody(part, secrets ? secrets.reference(current) : current, current)
      : part
    this.push(
      withWrite(
        { kind: this.ops.kind, key, action: 'update', id, fields: differences.map(fieldChange), ...reads },
        { send, fingerprint: fingerprint(current), ...secretsOf(prepared), ...checked(spec) },
      ),
    )
  }

  private planCreate(key: string, spec: Resource): void {
    const hooks = this.ops.plan
    spec = this.asStored(spec, undefined)
    if (hooks.beforeCreate) spec = hooks.beforeCreate(spec, this.context(key))
    // Why the service would refuse to create it, for a reason it shows (docs/service-behaviour.md §11.2, §11.3).
    const refused = hooks.refuseCreate?.(spec, this.client.projectId)
    if (refused !== undefined) return this.error(key, refused)
    for (const message of hooks.createWarnings?.(spec, this.client.projectId) ?? []) this.warn(key, message)
    const prepared = this.prepare(key, spec, undefined)
    this.unknown.settle(this.ops.kind, key, spec, undefined, prepared.compare)
    this.warnIds(key, spec)
    this.push(
      withWrite(
        { kind: this.ops.kind, key, action: 'create', ...readsOf(prepared) },
        { send: spec, ...secretsOf(prepared), ...checked(spec) },
      ),
    )
  }

  private planDelete(key: string, resource: Resource): void {
    const current = this.ops.toSpec(this.client, resource)
    const references = referencesOf(this.ops.kind, this.graph.withRefs(this.ops.kind, current)).map(
      (reference) => refTo(reference.kind, reference.key).$ref,
    )
    const change = withWrite(
      { kind: this.ops.kind, key, action: 'delete', id: this.ops.id(resource) },
      { fingerprint: fingerprint(current), ...(references.length > 0 && { references }) },
    )
    this.deleted.set(change, current)
    this.push(change)
  }

  /** The spec in the form the service stores it (normalized.ts), still read as the spec it came from. */
  private asStored(spec: Resource, live: Resource | undefined): Resource {
    return carrySource(spec, asStored(this.ops.kind, spec, live))
  }

  /** An id of an object the configuration does not manage is sent as it is: it must mean the same in this project. */
  private warnIds(key: string, body: Resource): void {
    for (const id of sentIds(this.ops.kind, body))
      this.warn(
        key,
        `${id} is sent as it is: an id of an object the configuration does not manage, so it must name the ` +
          `right one in project ${this.client.projectId}`,
      )
  }

  /**
   * What the spec compares and sends, its secrets read; a `$env` left unread (not in a secret input) is a plan error.
   */
  private prepare(key: string, spec: Resource, live: Resource | undefined): PreparedSpec {
    const secrets = this.ops.secrets
    const error = (message: string) => this.error(key, message)
    const context = { env: this.env, rotate: this.rotate, error }
    const plain = { compare: spec, send: spec, hidden: [], reads: [] }
    const prepared = secrets ? secrets.prepare(spec, live, context) : plain
    strayReferences(prepared.send, secrets?.inInputs === true).forEach(error)
    return prepared
  }

  /** What the kind's hooks are given about the spec of `key`. */
  private context(key: string): PlanContext {
    const { desired } = this.graph
    const live = (kind: ConfigKind, other: string) => this.graph.liveWithKey(kind, other)
    return { key, projectId: this.client.projectId, desired, live, warn: (message) => this.warn(key, message) }
  }

  private push(change: PlanChange): void {
    this.result.changes.push(change)
  }

  private warn(key: string, message: string): void {
    this.result.warnings.push({ kind: this.ops.kind, key, message })
  }

  private error(key: string | undefined, message: string): void {
    this.result.errors.push({ kind: this.ops.kind, ...(key !== undefined && { key }), message })
  }
}

/** The kind and key a value names when it is a well-formed `$ref`. */
function referenced(value: unknown): { kind: ConfigKind; key: string } | undefined {
  const parsed = isRef(value) ? parseRef(value.$ref) : undefined
  return typeof parsed === 'object' ? parsed : undefined
}

/** A spec `readConfig` read was checked against its request shape there: the SDK does not check it again. */
function checked(spec: Resource): Pick<PlannedWrite, 'checked'> {
  return sourceOf(spec) === undefined ? {} : { checked: true }
}

/** The secrets of what a change sends, as its write holds them (none: no member). */
function secretsOf(prepared: PreparedSpec): Pick<PlannedWrite, 'secrets'> {
  return prepared.hidden.length > 0 ? { secrets: [...prepared.hidden] } : {}
}

/** The variables a change reads, as a member of the change (none: no member). */
function readsOf(prepared: PreparedSpec): Pick<PlanChange, 'reads'> {
  return prepared.reads.length > 0 ? { reads: prepared.reads } : {}
}

function groupByKey(resources: readonly Resource[], keyField: string): Map<string, Resource[]> {
  const groups = new Map<string, Resource[]>()
  for (const resource of resources) {
    const key = String(resource[keyField])
    groups.set(key, [...(groups.get(key) ?? []), resource])
  }
  return groups
}

/** The top-level fields of `send` that the differences touch: an update sends only what differs. */
function pick(send: Resource, differences: readonly Difference[]): Resource {
  const names = new Set(differences.map((difference) => difference.at[0]))
  return Object.fromEntries(Object.entries(send).filter(([name]) => names.has(name)))
}
