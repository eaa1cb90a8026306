import { stableJson } from './diff.js'
import { kindOps } from './kinds.js'
import type { ConfigKind } from './types.js'

/**
 * Values the service normalizes: it stores them in another form (a flag payload as JSON text), reorders them
 * (tags), or fills them in from elsewhere (a condition set's aggregation from the flag's). Beside owned.ts
 * (fields the service owns outright), these are the files' to decide, but a spec written in another form than
 * the stored one would show an update on every plan. So each is either:
 * - brought to the form the service stores (`asStored`), before it is compared and sent, so that one apply
 *   converges; or
 * - refused when the files are read, naming file and line (`normalizationProblems`), where no form of the spec
 *   would converge (the service drops or rewrites what was written).
 * docs/service-behaviour.md §11.2 (flags), §12 (configuration).
 */

type Spec = Record<string, unknown>

/**
 * `spec` in the form the service stores it, given the live resource it is compared with (`undefined` for a
 * create): the spec itself when nothing is normalized, else a copy. Tags where the kind keeps them as a set, and
 * what its declaration brings to the stored form (`asStored`: a flag's filters).
 */
export function asStored(kind: ConfigKind, spec: Spec, live: Spec | undefined): Spec {
  const ops = kindOps(kind)
  let out = spec
  if (ops.tagged && Array.isArray(spec.tags)) out = { ...out, tags: tagsAsStored(spec.tags, live?.tags) }
  return ops.asStored ? ops.asStored(out, live) : out
}

/** Tags without repeats, in the live order when they are the same set (the service keeps no order). */
function tagsAsStored(tags: unknown[], live: unknown): unknown[] {
  const unique = [...new Set(tags)]
  if (!Array.isArray(live) || live.length !== unique.length) return unique
  return unique.every((tag) => live.includes(tag)) ? [...live] : unique
}

/**
 * What no form of the spec would keep, as `path: message` (readConfig names the file and line): a payload
 * text that is not JSON (refused), the legacy condition lists the service drops on every write, a variant key
 * that the service rewrites as `control`.
 */
export function normalizationProblems(kind: ConfigKind, spec: Spec): string[] {
  return kindOps(kind).problems?.(spec) ?? []
}

/**
 * A pulled spec without the members the service gives a resource that leaves them out (defaults, and values
 * it derives from other members): a reviewer reads only what was decided. Each one removed is one the service
 * stores back the same when the spec is applied anywhere, and `plan` compares only what a spec says, so the
 * plan stays empty. In place.
 */
export function dropDefaults(kind: ConfigKind, spec: Spec): void {
  const ops = kindOps(kind)
  for (const [field, value] of Object.entries(ops.defaults)) {
    if (field in spec && stableJson(spec[field]) === stableJson(value)) delete spec[field]
  }
  ops.dropDefaults?.(spec)
}
