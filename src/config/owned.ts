import { kindOps } from './kinds.js'
import type { ConfigKind } from './types.js'

/**
 * Fields the service owns: it adds, rewrites or derives them, so they say nothing about what the files decide
 * and differ from one project to the next (docs/service-behaviour.md §11.3 to §11.7). `pull` does not write them,
 * `plan` does not compare them (on either side: a file written by an older pull may hold them) and `apply`
 * does not send them. Each kind declares its own (`owned` in src/config/kinds/).
 */

type Spec = Record<string, unknown>

/** Fields a create reads and no read returns (write-only): sent on create, never compared nor sent again. */
const CREATE_ONLY = ['_create_static_person_ids', '_create_in_folder']

/** `spec` without what only a create reads. */
export function withoutCreateOnly(spec: Spec): Spec {
  if (!CREATE_ONLY.some((field) => field in spec)) return spec
  return Object.fromEntries(Object.entries(spec).filter(([field]) => !CREATE_ONLY.includes(field)))
}

/** A copy of `spec` without the fields the service owns (the spec itself when its kind has none). */
export function withoutOwned(kind: ConfigKind, spec: Spec): Spec {
  const strip = kindOps(kind).owned
  if (strip === undefined) return spec
  const copy = structuredClone(spec)
  strip(copy)
  return copy
}
