import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { kindOps, KIND_NAMES, type KindOps, type Resource } from './kinds.js'
import { referenceSecrets } from './secrets.js'
import type { ConfigKind, ProjectConfig, PullOptions } from './types.js'

/** The project's setup as specs, every kind (or those of `kinds`), archived experiments included. Reads only. */
export async function pull(client: ProjectClient, options: PullOptions = {}): Promise<ProjectConfig> {
  const kinds = checkKinds(options.kinds)
  const specs = await Promise.all(kinds.map(async (kind) => {
    const ops = kindOps(kind)
    const live = await ops.live(client)
    return live.map((resource) => liveSpec(ops, client, resource)).sort((a, b) => compareKeys(a[ops.keyField], b[ops.keyField]))
  }))
  return Object.fromEntries(kinds.map((kind, index) => [kind, specs[index]])) as ProjectConfig
}

/** A live resource as a spec: its writable fields, each stored secret of a hog function as a `$env` reference. */
export function liveSpec(ops: KindOps, client: ProjectClient, resource: object): Resource {
  const spec = ops.toSpec(client, resource)
  return ops.kind === 'hogFunctions' ? referenceSecrets(spec) : spec
}

export function checkKinds(kinds: readonly ConfigKind[] | undefined): readonly ConfigKind[] {
  if (kinds === undefined) return KIND_NAMES
  if (!Array.isArray(kinds)) throw new InvalidArgumentError('options.kinds', `expected an array of kinds (${KIND_NAMES.join(', ')})`)
  for (const kind of kinds) if (!KIND_NAMES.includes(kind)) throw new InvalidArgumentError('options.kinds', `"${String(kind)}" is not a kind; expected one of ${KIND_NAMES.join(', ')}`)
  return KIND_NAMES.filter((kind) => kinds.includes(kind))
}

function compareKeys(a: unknown, b: unknown): number {
  const [x, y] = [String(a), String(b)]
  return x < y ? -1 : x > y ? 1 : 0
}
