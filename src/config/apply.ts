import {
  AbortError,
  InvalidArgumentError,
  NotFoundError,
  type ProjectClient,
  type RequestOptions,
} from 'posthog-project-client'
import { BODY_CHECKED } from '../core/checked.js'
import { isPlainObject } from './diff.js'
import { DependencyFailedError, StalePlanError, StaleResourceError } from './errors.js'
import { referencesOf, refTo, withIds } from './graph.js'
import { byAge, kindOps, type Id, type KindOps, type Resource } from './kinds.js'
import { applySteps, dependenciesOf } from './order.js'
import { fingerprint, markApplied, stateOf, writeOf, type PlannedWrite, type PlanState } from './pending.js'
import { savedBody } from './saved-plan.js'
import { scrubberOf } from './scrub.js'
import type { ApplyOptions, ApplyReport, ApplyResult, Plan, PlanChange } from './types.js'

/**
 * Makes the changes of a plan: one write each, creates and updates kind by kind in dependency order, then
 * deletes in the reverse order. Before an update or a delete the resource is read again (one read each) and
 * written only if its writable fields are still those the plan saw: otherwise that change fails with
 * {@link StaleResourceError} and the others go on, except what stands on it: a change whose dependency (what it
 * names, an experiment's own flag) failed or was skipped is skipped, with a {@link DependencyFailedError}.
 * A create is sent once; after a write lost in flight, the
 * next plan finds the resource by its key. Just before each create the key is looked up again: a resource
 * made since the plan (by another apply) fails the create as stale. Where the service lets a key repeat
 * (experiments, hog functions) the key is looked up once more after the create, and of two made at once
 * the younger is removed by the apply that made it, so two applies at once leave one. Aborted, it resolves
 * with the report so far (`aborted: true`).
 * A saved plan (`readPlan`) is checked whole first: every resource it changes is read once, and when any
 * changed since the plan was made, `apply` rejects with {@link StalePlanError} before any write.
 * A change's secrets are read when it is sent, from where the plan read them. No value read from the environment
 * (by the plan or by apply) is in the report or an error, the service's texts included.
 */
export async function apply(client: ProjectClient, plan: Plan, options: ApplyOptions = {}): Promise<ApplyReport> {
  checkPlan(plan, client)
  try {
    const report = await applyPlan(client, plan, stateOf(plan)!, options)
    scrubberOf(plan).inPlace(report)
    return report
  } catch (error) {
    scrubberOf(plan).inPlace(error)
    throw error
  }
}

async function applyPlan(
  client: ProjectClient,
  plan: Plan,
  state: PlanState,
  options: ApplyOptions,
): Promise<ApplyReport> {
  const changes = plan.changes.filter((change) => change.action !== 'unchanged')
  const bodies = state.saved ? await rereadAll(client, changes, state, options) : undefined
  const outcomes = new Map<PlanChange, ApplyResult>()
  const counts = { done: 0, total: changes.length, applied: 0, failed: 0 }
  const resolver = new Resolver(client, new Map(Object.entries(state.targets)))
  for (const step of applySteps(changes)) {
    if (options.signal?.aborted) break
    const ran = await client
      .bulk(
        step,
        async (change, { signal }) => {
          // What stands on a change that was not applied is not sent: it would name nothing, or get what the
          // service makes (an experiment's default flag).
          const blocked = dependenciesOf(change, changes).find(
            (dependency) => outcomes.get(dependency)?.status !== 'applied',
          )
          const outcome = blocked
            ? { change, status: 'skipped' as const, error: new DependencyFailedError(blocked) }
            : await applyChange(client, change, signal, { state, bodies, resolver })
          outcomes.set(change, outcome)
          counts.done += 1
          if (outcome.status !== 'skipped') counts[outcome.status] += 1
          options.onProgress?.({ ...counts })
        },
        { concurrency: options.concurrency ?? 4, signal: options.signal },
      )
      // bulk rejects on abort only once the writes in flight have settled: every change that ran has its outcome.
      .catch((error: unknown) => {
        if (error instanceof AbortError && options.signal?.aborted) return undefined
        throw error
      })
    if (!ran) break
  }
  const results = changes.map((change) => outcomes.get(change) ?? { change, status: 'skipped' as const })
  const skipped = results.filter((result) => result.status === 'skipped').length
  return {
    results,
    applied: counts.applied,
    failed: counts.failed,
    skipped,
    aborted: skipped > 0 && options.signal?.aborted === true,
  }
}

function checkPlan(plan: Plan, client: ProjectClient): void {
  if (!isPlainObject(plan) || !Array.isArray(plan.changes) || !Array.isArray(plan.errors))
    throw new InvalidArgumentError('plan', 'expected a Plan from plan()')
  const project = plan.project
  if (project && (project.id !== client.projectId || project.host !== client.baseUrl))
    throw new InvalidArgumentError(
      'plan',
      `was made for project ${project.id} at ${project.host}, not project ${client.projectId} at ` +
        `${client.baseUrl}: nothing was sent`,
    )
  if (plan.errors.length > 0)
    throw new InvalidArgumentError(
      'plan',
      `has ${plan.errors.length} error${plan.errors.length === 1 ? '' : 's'}, nothing was sent: ` +
        plan.errors.map((error) => `${error.kind}${error.key ? ` "${error.key}"` : ''}: ${error.message}`).join('; '),
    )
  if (!markApplied(plan))
    throw new InvalidArgumentError(
      'plan',
      'was not made by plan() in this process, or was applied already (a plan read back from JSON holds ' +
        'nothing to send): plan again',
    )
}

/**
 * The target's ids of the resources references name: those the plan found, those this apply creates, and
 * (a saved plan, or a create lost in flight) a look-up by key.
 */
class Resolver {
  private readonly ids: Map<string, Id>
  constructor(
    private readonly client: ProjectClient,
    known: ReadonlyMap<string, Id>,
  ) {
    this.ids = new Map(known)
  }

  created(change: PlanChange, resource: Resource): void {
    this.ids.set(refTo(change.kind, change.key).$ref, kindOps(change.kind).id(resource))
  }

  /** `body` with the target's id in place of each reference; rejects when one names nothing in the target. */
  async resolve(change: PlanChange, body: Resource, signal: AbortSignal): Promise<Resource> {
    const references = referencesOf(change.kind, body)
    if (references.length === 0) return body
    for (const reference of references) {
      const ref = refTo(reference.kind, reference.key).$ref
      if (this.ids.has(ref)) continue
      const ops = kindOps(reference.kind)
      const found = await ops.find(this.client, { [ops.keyField]: reference.key }, { signal })
      if (found.length === 1) this.ids.set(ref, ops.id(found[0]!))
      else
        throw new InvalidArgumentError(
          `${change.kind} "${change.key}"`,
          `$ref ${JSON.stringify(ref)} names ${found.length === 0 ? 'nothing' : `${found.length} resources`} ` +
            `in project ${this.client.projectId} (its create failed, or it changed since the plan): not sent`,
        )
    }
    return withIds(change.kind, body, (reference) => this.ids.get(refTo(reference.kind, reference.key).$ref)).spec
  }
}

/**
 * The bodies of a saved plan, made before any write: every resource it changes read once and still as the plan
 * saw it (else {@link StalePlanError}), each secret read from the environment (a missing variable rejects).
 */
async function rereadAll(
  client: ProjectClient,
  changes: readonly PlanChange[],
  state: PlanState,
  options: ApplyOptions,
): Promise<Map<PlanChange, Resource>> {
  const read = new Map<PlanChange, Resource>()
  const stale: PlanChange[] = []
  const existing = changes.filter((change) => change.action !== 'create')
  const report = await client.bulk(
    existing,
    async (change, { signal }) => {
      const ops = kindOps(change.kind)
      const current = await readCurrent(client, change, signal)
      const writable = current && ops.toSpec(client, current)
      if (writable === undefined || fingerprint(writable) !== writeOf(change)!.fingerprint) stale.push(change)
      else read.set(change, writable)
    },
    { concurrency: options.concurrency ?? 4, signal: options.signal, stopOnError: true },
  )
  const failure = report.results.find((result) => result.status === 'rejected')
  if (failure) throw failure.error
  if (stale.length > 0) throw new StalePlanError(existing.filter((change) => stale.includes(change)))
  const bodies = new Map<PlanChange, Resource>()
  for (const change of changes)
    if (change.action !== 'delete') bodies.set(change, savedBody(change, writeOf(change)!, read.get(change), state))
  return bodies
}

/** What one change needs of its plan: its state, a saved plan's bodies (made before any write), the ids so far. */
interface Applying {
  state: PlanState
  bodies: Map<PlanChange, Resource> | undefined
  resolver: Resolver
}

async function applyChange(
  client: ProjectClient,
  change: PlanChange,
  signal: AbortSignal,
  { state, bodies, resolver }: Applying,
): Promise<ApplyResult> {
  const ops = kindOps(change.kind)
  const write = writeOf(change)!
  const options = { signal }
  try {
    // Secrets are read now, from where the plan read them (a kept one as the live resource has it).
    const body = (live: Resource | undefined) =>
      resolver.resolve(change, bodies?.get(change) ?? savedBody(change, write, live, state), signal)
    // A body checked already (its spec by readConfig, a saved one by readPlan) is not checked again by the SDK.
    const sending = write.checked === true ? { signal, [BODY_CHECKED]: true } : options
    if (change.action === 'create') {
      resolver.created(change, await createOnce(client, ops, change, await body(undefined), sending))
    } else {
      const live = state.saved ? undefined : await checkUnchangedSincePlan(client, change, write, signal)
      if (change.action === 'update') await ops.update(client, change.id!, await body(live), sending)
      else await ops.remove(client, change.id!, options)
    }
    return { change, status: 'applied' }
  } catch (error) {
    return { change, status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }
  }
}

/** A create unless the key is taken now; where the service lets keys repeat, the oldest of a race is kept. */
async function createOnce(
  client: ProjectClient,
  ops: KindOps,
  change: PlanChange,
  body: Resource,
  options: RequestOptions & { signal: AbortSignal },
): Promise<Resource> {
  const { signal } = options
  if ((await ops.find(client, body, { signal })).length > 0) throw new StaleResourceError(change.kind, change.key)
  const created = (await ops.create(client, body, options)) as Resource
  if (ops.uniqueOnService) return created
  const [oldest] = (await ops.find(client, body, { signal })).sort(byAge)
  if (oldest === undefined || ops.id(oldest) === ops.id(created)) return created
  await ops.remove(client, ops.id(created), { signal })
  throw new StaleResourceError(change.kind, change.key)
}

/** One read: the resource's writable fields, still as the plan saw them (else the change is stale). */
async function checkUnchangedSincePlan(
  client: ProjectClient,
  change: PlanChange,
  write: PlannedWrite,
  signal: AbortSignal,
): Promise<Resource> {
  const ops = kindOps(change.kind)
  const current = await readCurrent(client, change, signal)
  const writable = current && ops.toSpec(client, current)
  if (writable === undefined || fingerprint(writable) !== write.fingerprint)
    throw new StaleResourceError(change.kind, change.key)
  return writable
}

/**
 * The live resource a change names, or `undefined` when it is gone: not found (404), or soft-deleted (flags,
 * cohorts and actions are still read, with `deleted: true`: docs/service-behaviour.md §11.1), whatever the kind.
 */
async function readCurrent(
  client: ProjectClient,
  change: PlanChange,
  signal: AbortSignal,
): Promise<object | undefined> {
  const current = await kindOps(change.kind)
    .read(client, change.id!, { signal })
    .catch((error: unknown) => {
      if (error instanceof NotFoundError) return undefined
      throw error
    })
  return current !== undefined && (current as Resource).deleted === true ? undefined : current
}
