import { AbortError, InvalidArgumentError, NotFoundError, type ProjectClient } from 'posthog-project-client'
import { isPlainObject } from './diff.js'
import { StaleResourceError } from './errors.js'
import { byAge, kindOps, KIND_NAMES, type KindOps, type Resource } from './kinds.js'
import { fingerprint, pendingWrite, takePlan, type PendingWrite } from './pending.js'
import type { ApplyOptions, ApplyReport, ApplyResult, Plan, PlanChange } from './types.js'

/**
 * Makes the changes of a plan: one write each, creates and updates kind by kind in dependency order, then
 * deletes in the reverse order. Before an update or a delete the resource is read again (one read each) and
 * written only if its writable fields are still those the plan saw: otherwise that change fails with
 * {@link StaleResourceError} and the others go on. A create is sent once; after a write lost in flight, the
 * next plan finds the resource by its key. Just before each create the key is looked up again: a resource
 * made since the plan (by another apply) fails the create as stale. Where the service lets a key repeat
 * (experiments, hog functions) the key is looked up once more after the create, and of two made at once
 * the younger is removed by the apply that made it, so two applies at once leave one. Aborted, it resolves
 * with the report so far (`aborted: true`).
 */
export async function apply(client: ProjectClient, plan: Plan, options: ApplyOptions = {}): Promise<ApplyReport> {
  checkPlan(plan)
  const changes = plan.changes.filter((change) => change.action !== 'unchanged')
  const outcomes = new Map<PlanChange, ApplyResult>()
  const counts = { done: 0, total: changes.length, applied: 0, failed: 0 }
  for (const step of steps(changes)) {
    if (options.signal?.aborted) break
    const ran = await client
      .bulk(
        step,
        async (change, { signal }) => {
          const outcome = await applyChange(client, change, signal)
          outcomes.set(change, outcome)
          counts.done += 1
          counts[outcome.status === 'applied' ? 'applied' : 'failed'] += 1
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
  return { results, applied: counts.applied, failed: counts.failed, skipped, aborted: skipped > 0 && options.signal?.aborted === true }
}

function checkPlan(plan: Plan): void {
  if (!isPlainObject(plan) || !Array.isArray(plan.changes) || !Array.isArray(plan.errors)) throw new InvalidArgumentError('plan', 'expected a Plan from plan()')
  if (plan.errors.length > 0) throw new InvalidArgumentError('plan', `has ${plan.errors.length} error${plan.errors.length === 1 ? '' : 's'}, nothing was sent: ${plan.errors.map((error) => `${error.kind}${error.key ? ` "${error.key}"` : ''}: ${error.message}`).join('; ')}`)
  if (!takePlan(plan)) throw new InvalidArgumentError('plan', 'was not made by plan() in this process, or was applied already (a plan read back from JSON holds nothing to send): plan again')
}

/** Creates and updates per kind in dependency order, then deletes per kind in the reverse order. */
function steps(changes: readonly PlanChange[]): PlanChange[][] {
  const writes = KIND_NAMES.map((kind) => changes.filter((change) => change.kind === kind && change.action !== 'delete'))
  const deletes = [...KIND_NAMES].reverse().map((kind) => changes.filter((change) => change.kind === kind && change.action === 'delete'))
  return [...writes, ...deletes].filter((step) => step.length > 0)
}

async function applyChange(client: ProjectClient, change: PlanChange, signal: AbortSignal): Promise<ApplyResult> {
  const ops = kindOps(change.kind)
  const write = pendingWrite(change) as PendingWrite
  const options = { signal }
  try {
    if (change.action === 'create') {
      await createOnce(client, ops, change, write.body!, signal)
    } else {
      await checkUnchangedSincePlan(client, change, write, signal)
      if (change.action === 'update') await ops.update(client, change.id!, write.body!, options)
      else await ops.remove(client, change.id!, options)
    }
    return { change, status: 'applied' }
  } catch (error) {
    return { change, status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }
  }
}

/** A create unless the key is taken now; where the service lets keys repeat, the oldest of a race is kept. */
async function createOnce(client: ProjectClient, ops: KindOps, change: PlanChange, body: Resource, signal: AbortSignal): Promise<void> {
  if ((await ops.find(client, body, { signal })).length > 0) throw new StaleResourceError(change.kind, change.key)
  const created = (await ops.create(client, body, { signal })) as Resource
  if (ops.uniqueOnService) return
  const [oldest] = (await ops.find(client, body, { signal })).sort(byAge)
  if (oldest === undefined || ops.id(oldest) === ops.id(created)) return
  await ops.remove(client, ops.id(created), { signal })
  throw new StaleResourceError(change.kind, change.key)
}

/** One read: the resource's writable fields as the plan saw them, or the change is stale. */
async function checkUnchangedSincePlan(client: ProjectClient, change: PlanChange, write: PendingWrite, signal: AbortSignal): Promise<void> {
  const ops = kindOps(change.kind)
  const current = await ops.read(client, change.id!, { signal }).catch((error: unknown) => {
    if (error instanceof NotFoundError) return undefined
    throw error
  })
  if (current === undefined || fingerprint(ops.toSpec(client, current)) !== write.fingerprint) throw new StaleResourceError(change.kind, change.key)
}
