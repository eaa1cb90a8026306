import * as z from 'zod/mini'
import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { isReferable, keysById, withRefs, type KeysById } from './graph.js'
import { historyWarning, managedAmong } from './history.js'
import { kindOps, KIND_NAMES, KINDS, specShapeOf, type KindOps, type Resource } from './kinds.js'
import { dropDefaults } from './normalized.js'
import { withoutOwned } from './owned.js'
import { withHogTests } from './hog-tests.js'
import { starterTests } from './hog-test-starter.js'
import type { ConfigKind, ProjectConfig, PullOptions } from './types.js'

/**
 * The project's setup as specs, every kind (or those of `kinds`), archived experiments included. Reads only.
 * An id that names a resource of a kind pulled too (a cohort a flag targets, the holdout of an experiment)
 * is written as `{ $ref: '<folder>/<key>' }` (graph.ts).
 * Of experiments that share a flag key, the one managed (see `managedAmong`) is pulled and the others are
 * reported through `onWarning`; resources of any other kind that share a key are all pulled (`writeConfig`
 * reports them and writes the others).
 */
export async function pull(client: ProjectClient, options: PullOptions = {}): Promise<ProjectConfig> {
  const kinds = checkKinds(options.kinds)
  if (options.onWarning !== undefined && typeof options.onWarning !== 'function')
    throw new InvalidArgumentError('options.onWarning', 'expected a function')
  const live = await Promise.all(
    kinds.map(async (kind) => managedOnly(kindOps(kind), await kindOps(kind).live(client), options.onWarning)),
  )
  const keys = keysOfKinds(kinds, live)
  const specs = kinds.map((kind, index) => {
    const ops = kindOps(kind)
    return live[index]!.map((resource) => withRefs(kind, liveSpec(ops, client, resource), keys)).sort((a, b) =>
      compareKeys(a[ops.keyField], b[ops.keyField]),
    )
  })
  // What each kind's declaration does once every kind is read (an experiment's flag config is its pulled flag's).
  const pulled = (kind: ConfigKind) => (specs[kinds.indexOf(kind)] ?? []) as Resource[]
  kinds.forEach((kind, index) => {
    const hooks = kindOps(kind).pull
    if (hooks.spec) specs[index] = specs[index]!.map((spec) => hooks.spec!(spec, pulled))
  })
  kinds.forEach((kind, index) => {
    const { pull: hooks, keyField } = kindOps(kind)
    for (const spec of hooks.warning ? specs[index]! : []) {
      const message = hooks.warning!(spec)
      if (message !== undefined) options.onWarning?.({ kind, key: String(spec[keyField]), message })
    }
  })
  const config = Object.fromEntries(kinds.map((kind, index) => [kind, specs[index]])) as ProjectConfig
  // A starter test for each function (writeConfig writes it where the function has none).
  for (const ops of options.withTests === true ? KINDS : [])
    if (ops.hasTests && config[ops.kind]) withHogTests(config, await starterTests(config[ops.kind] as Resource[]))
  return config
}

/** The keys by id of the kinds a reference can name, among `live` (one list per kind of `kinds`). */
export function keysOfKinds(
  kinds: readonly ConfigKind[],
  live: ReadonlyArray<readonly Resource[]>,
): (kind: ConfigKind) => KeysById | undefined {
  const keys = new Map<ConfigKind, KeysById>()
  kinds.forEach((kind, index) => {
    const ops = kindOps(kind)
    if (isReferable(kind)) keys.set(kind, keysById(live[index]!, ops.keyField, ops.id))
  })
  return (kind) => keys.get(kind)
}

/**
 * A live resource as a spec: every field its kind manages, `null` where the service has none (so a field
 * set by hand later shows in a plan), each stored secret of a hog function and each encrypted payload of a flag
 * as a `$env` reference, none of the
 * fields the service owns (owned.ts).
 */
export function liveSpec(ops: KindOps, client: ProjectClient, resource: object): Resource {
  const read = ops.toSpec(client, resource)
  for (const field of nullableFields(ops)) {
    if (!(field in read) && (resource as Resource)[field] === null) read[field] = null
  }
  // Neither what the service owns nor what it would give the resource anyway (normalized.ts).
  const owned = withoutOwned(ops.kind, read)
  const spec = owned === read ? structuredClone(read) : owned
  dropDefaults(ops.kind, spec)
  return ops.secrets ? ops.secrets.reference(spec) : spec
}

const nullable = new Map<ConfigKind, string[]>()

/** The fields of a kind's create body that take `null`. */
function nullableFields(ops: KindOps): string[] {
  let fields = nullable.get(ops.kind)
  if (!fields) {
    const shape = (specShapeOf(ops) as unknown as { def: { shape?: Record<string, z.ZodMiniType> } }).def.shape ?? {}
    fields = Object.keys(shape).filter((field) => z.safeParse(shape[field]!, null).success)
    nullable.set(ops.kind, fields)
  }
  return fields
}

/** The live resources less the experiments history leaves alone (reported). */
function managedOnly(ops: KindOps, live: readonly Resource[], onWarning: PullOptions['onWarning']): Resource[] {
  if (ops.managedAmong === undefined) return [...live]
  const byKey = new Map<string, Resource[]>()
  for (const resource of live)
    byKey.set(String(resource[ops.keyField]), [...(byKey.get(String(resource[ops.keyField])) ?? []), resource])
  return [...byKey].flatMap(([key, matches]) => {
    const managed = managedAmong(ops, matches)
    if (matches.length < 2 || managed === undefined) return matches
    onWarning?.(historyWarning(ops, key, managed, matches))
    return [managed]
  })
}

export function checkKinds(kinds: readonly ConfigKind[] | undefined): readonly ConfigKind[] {
  if (kinds === undefined) return KIND_NAMES
  if (!Array.isArray(kinds))
    throw new InvalidArgumentError('options.kinds', `expected an array of kinds (${KIND_NAMES.join(', ')})`)
  for (const kind of kinds)
    if (!KIND_NAMES.includes(kind))
      throw new InvalidArgumentError(
        'options.kinds',
        `"${String(kind)}" is not a kind; expected one of ${KIND_NAMES.join(', ')}`,
      )
  return KIND_NAMES.filter((kind) => kinds.includes(kind))
}

function compareKeys(a: unknown, b: unknown): number {
  const [x, y] = [String(a), String(b)]
  return x < y ? -1 : x > y ? 1 : 0
}
