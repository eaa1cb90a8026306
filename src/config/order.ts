import { layers, referencesOf, refTo } from './graph.js'
import { KIND_NAMES, kindOps } from './kinds.js'
import { writeOf } from './pending.js'
import type { PlanChange } from './types.js'

/**
 * The order of a plan's changes, which `plan` lists them in and `apply` runs them in: creates and updates per
 * kind in dependency order (within a kind, a resource after those it references: flags a flag depends on,
 * cohorts a cohort is made of), then deletes per kind in the reverse order (within a kind, a resource before
 * those it references). Each step's changes depend on none of the same step.
 */
export function applySteps(changes: readonly PlanChange[]): PlanChange[][] {
  const refOf = (change: PlanChange) => refTo(change.kind, change.key).$ref
  const named = (refs: readonly string[], among: readonly PlanChange[]) =>
    among.filter((other) => refs.includes(refOf(other)))
  const writes = KIND_NAMES.flatMap((kind) => {
    const ofKind = changes.filter((change) => change.kind === kind && change.action !== 'delete')
    return layers(ofKind, (change) => named(bodyRefs(change), ofKind))
  })
  const deletes = [...KIND_NAMES].reverse().flatMap((kind) => {
    const ofKind = changes.filter((change) => change.kind === kind && change.action === 'delete')
    return layers(ofKind, (change) =>
      ofKind.filter((other) => (writeOf(other)?.references ?? []).includes(refOf(change))),
    )
  })
  return [...writes, ...deletes].filter((step) => step.length > 0)
}

/**
 * The changes of `among` that `change` stands on: for a create or an update, those of what it names (and an
 * experiment's own flag, the flag of its `feature_flag_key`); for a delete, the deletes of what names it.
 */
export function dependenciesOf(change: PlanChange, among: readonly PlanChange[]): PlanChange[] {
  const refOf = (other: PlanChange) => refTo(other.kind, other.key).$ref
  const others = among.filter((other) => other !== change && other.action !== 'unchanged')
  if (change.action === 'delete') {
    return others.filter(
      (other) => other.action === 'delete' && (writeOf(other)?.references ?? []).includes(refOf(change)),
    )
  }
  const refs = bodyRefs(change)
  const keyNames = kindOps(change.kind).keyNames
  if (keyNames !== undefined) refs.push(refTo(keyNames, change.key).$ref)
  return others.filter((other) => other.action !== 'delete' && refs.includes(refOf(other)))
}

/** The references a create or an update sends (`<folder>/<key>`). */
function bodyRefs(change: PlanChange): string[] {
  const body = writeOf(change)?.send
  return body ? referencesOf(change.kind, body).map((reference) => refTo(reference.kind, reference.key).$ref) : []
}
