import type { ConfigKind, Plan, ProjectConfig } from '../config/types.js'
import { kebab } from './commands.js'
import { UsageError, choices } from './errors.js'

/**
 * `--kind` and `--key` of the configuration commands: kinds named as their folders (`hog-functions`) or as
 * the library names them (`hogFunctions`), and the keys a plan is narrowed to. A `--key` that names nothing
 * is an error, never an empty plan that reads as "nothing to do".
 */

/**
 * Each kind, in order, and the field that keys its specs, as their declarations in src/config/kinds/ have them;
 * a kind's folder is its name in kebab case (test/cli/selection.test.ts checks both agree; `satisfies` makes a
 * new kind fail the type check until it is here). Not imported from there: the declarations load the SDK and the
 * request shapes (measured: the command's bundle from 93 kB to 168 kB, the SDK required at start), which the
 * command loads only to send.
 */
const KEY_FIELDS = {
  experiments: 'feature_flag_key',
  surveys: 'name',
  hogFunctions: 'name',
  endpoints: 'name',
  eventDefinitions: 'name',
  featureFlags: 'key',
  cohorts: 'name',
  actions: 'name',
  holdouts: 'name',
  savedMetrics: 'name',
  earlyAccessFeatures: 'name',
  insights: 'name',
  dashboards: 'name',
} as const satisfies Record<ConfigKind, string>

const KIND_NAMES = Object.keys(KEY_FIELDS) as ConfigKind[]

/** What `--kind` and `--key` select; absent: everything. */
export interface Selection {
  kinds?: ConfigKind[]
  keys?: string[]
}

/** The folder a kind's files live in, which is how the command line names it (`hog-functions`). */
export function folderOf(kind: ConfigKind): string {
  return kebab(kind)
}

/** The field that keys a kind's specs, which `--key` names. */
export function keyFieldOf(kind: ConfigKind): string {
  return KEY_FIELDS[kind]
}

/** The folders of every kind, experiments first. */
export const KIND_FOLDERS: readonly string[] = KIND_NAMES.map(folderOf)

/** The kind a `--kind` word names: its folder or its library name. */
export function kindOf(word: string): ConfigKind {
  const kind = KIND_NAMES.find((candidate) => folderOf(candidate) === word || candidate === word)
  if (!kind)
    throw new UsageError('--kind', `unknown kind ${JSON.stringify(word)}${choices('kinds', word, KIND_FOLDERS)})`)
  return kind
}

/** The specs of the selected kinds and keys (a kind not selected is left out, so it is not managed). */
export function selectSpecs(config: ProjectConfig, { kinds, keys }: Selection): ProjectConfig {
  const out: Record<string, unknown[]> = {}
  for (const [kind, specs] of Object.entries(config) as Array<[ConfigKind, unknown[] | undefined]>) {
    if (!specs || (kinds && !kinds.includes(kind))) continue
    const keyField = keyFieldOf(kind)
    out[kind] = keys
      ? specs.filter((spec) => keys.includes(String((spec as Record<string, unknown>)[keyField])))
      : specs
  }
  return out as ProjectConfig
}

/** A `--key` that names nothing: exit 1, and nothing is sent. The message starts `--key "…"`. */
export class UnmatchedKeyError extends Error {
  override name = 'UnmatchedKeyError'
}

/**
 * Narrows a plan to the changes of the selected keys, in place (`plan()` given the keys plans only those; this
 * keeps a plan made without them to the selection too): the plan stays the one `plan()` made, so `apply` takes
 * it. Throws
 * `UnmatchedKeyError` when a key names nothing the plan knows of: no change, error or warning of that key.
 */
export function narrowPlan(plan: Plan, keys: readonly string[] | undefined): void {
  if (!keys) return
  plan.changes = plan.changes.filter((change) => keys.includes(change.key))
  const named = new Set([...plan.changes, ...plan.errors, ...plan.warnings].map((item) => item.key))
  const unmatched = keys.filter((key) => !named.has(key))
  if (unmatched.length > 0) {
    const named = unmatched.map((key) => JSON.stringify(key)).join(', ')
    throw new UnmatchedKeyError(
      `--key ${named} match${unmatched.length === 1 ? 'es' : ''} no spec and no live resource of the kinds ` +
        `selected; nothing was sent`,
    )
  }
}
