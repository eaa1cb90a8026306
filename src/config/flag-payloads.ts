import { DIFFERENT, isPlainObject, type Segments } from './diff.js'
import { SECRET_PREFIX } from './env.js'
import { isEnvReference, type PrepareContext, type PreparedSpec } from './secrets.js'
import type { SecretHandling } from './secrets.js'

/**
 * Encrypted payloads: a flag with `has_encrypted_payloads: true` (a remote configuration) keeps its payloads
 * encrypted, but the service hands them back decrypted to a personal API key (docs/service-behaviour.md §11.2).
 * So they are secrets: `pull` writes each as `{ $env: 'POSTHOG_SECRET_FLAG_<KEY>_PAYLOAD_<PAYLOAD KEY>' }`, `plan`
 * never shows them and compares them only when rotating, and `apply` sends them from the environment (a kept one
 * as the service has it).
 */

type Spec = Record<string, unknown>

/** The variable `pull` names for a payload of a flag: stable per flag key and payload key. */
export function payloadVariableName(flagKey: string, payloadKey: string): string {
  const snake = (text: string) =>
    text
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .toUpperCase()
  return `${SECRET_PREFIX}FLAG_${snake(flagKey)}_PAYLOAD_${snake(payloadKey)}`
}

function payloadsOf(flag: Spec): Spec | undefined {
  return isPlainObject(flag.filters) && isPlainObject(flag.filters.payloads) ? flag.filters.payloads : undefined
}

function withPayloads(flag: Spec, payloads: Spec): Spec {
  return { ...flag, filters: { ...(flag.filters as Spec), payloads } }
}

/** A flag with encrypted payloads, each payload as a `$env` reference to its variable (any other flag as it is). */
export function referencePayloads(flag: Spec): Spec {
  const payloads = payloadsOf(flag)
  if (flag.has_encrypted_payloads !== true || !payloads) return flag
  const key = String(flag.key)
  const references = Object.keys(payloads).map((name) => [name, { $env: payloadVariableName(key, name) }])
  return withPayloads(flag, Object.fromEntries(references))
}

/** The variables a flag spec's payloads name. */
export function payloadVariables(flag: Spec): string[] {
  return Object.values(payloadsOf(flag) ?? {}).flatMap((value) => (isEnvReference(value) ? [value.$env] : []))
}

/**
 * A flag spec against the live flag (`undefined` for a create): each `$env` payload read and sent on create or
 * with `rotate` (compared then too), else kept as the live flag has it and not compared. `$env` stands in a
 * payload only of a flag whose spec says `has_encrypted_payloads: true`.
 */
export function preparePayloads(spec: Spec, live: Spec | undefined, context: PrepareContext): PreparedSpec {
  const payloads = payloadsOf(spec)
  const hidden: Segments[] = []
  const reads = new Set<string>()
  if (!payloads || !Object.values(payloads).some(isEnvReference)) {
    return { compare: spec, send: spec, hidden, reads: [] }
  }
  const livePayloads = live ? (payloadsOf(live) ?? {}) : undefined
  const compare: Spec = {}
  const send: Spec = {}
  for (const [name, value] of Object.entries(payloads)) {
    if (!isEnvReference(value)) {
      compare[name] = send[name] = value
      continue
    }
    const at = `filters.payloads.${name}`
    hidden.push(['filters', 'payloads', name])
    // An update that leaves the field out (it sends only what differs) keeps the live flag's.
    if ((spec.has_encrypted_payloads ?? live?.has_encrypted_payloads) !== true) {
      const why = '(any other payload is stored and read in clear)'
      context.error(`${at}: $env stands in a payload only of a flag with has_encrypted_payloads: true ${why}`)
      continue
    }
    const kept = livePayloads?.[name]
    if (kept !== undefined && !context.rotate) {
      // Not read, but a name it may not read is refused all the same: the file is what a review sees.
      const refusal = context.env.refusal(value.$env, at)
      if (refusal !== undefined) context.error(refusal)
      send[name] = kept
      context.env.derived(String(kept))
      continue
    }
    const read = context.env.read(value.$env, at)
    if (!read.ok) {
      context.error(read.message)
      continue
    }
    reads.add(value.$env)
    send[name] = read.value
    compare[name] = livePayloads === undefined || kept === read.value ? read.value : DIFFERENT
  }
  return { compare: withPayloads(spec, compare), send: withPayloads(spec, send), hidden, reads: [...reads].sort() }
}

/** A flag's secrets: its encrypted payloads. */
export const flagPayloadSecrets: SecretHandling = {
  prepare: preparePayloads,
  reference: referencePayloads,
  comparedAsReferenced: false,
  inInputs: false,
}
