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

/**
 * A live resource as a spec: its writable fields, each secret input as a `$env` reference. A secret input of a
 * mapping stays its mask (`{ secret: true }`), whatever the service sent for it: a pulled file never holds a
 * secret's value (mapping secrets are not managed as `$env` yet).
 */
export function liveSpec(ops: KindOps, client: ProjectClient, resource: object): Resource {
  const spec = ops.toSpec(client, resource)
  if (ops.kind !== 'hogFunctions') return spec
  const inputs = typeof spec.inputs === 'object' && spec.inputs !== null ? { inputs: referenceSecrets(String(spec.name), spec.inputs as Record<string, unknown>) } : {}
  const mappings = Array.isArray(spec.mappings) ? { mappings: spec.mappings.map(maskMappingSecrets) } : {}
  return { ...spec, ...inputs, ...mappings }
}

/** A mapping whose inputs declared secret (in its `inputs_schema`) show only the mask. */
function maskMappingSecrets(mapping: unknown): unknown {
  if (typeof mapping !== 'object' || mapping === null) return mapping
  const { inputs, inputs_schema: schema } = mapping as { inputs?: Record<string, unknown>; inputs_schema?: Array<{ key?: string; secret?: boolean }> }
  if (!inputs || !Array.isArray(schema)) return mapping
  const secret = new Set(schema.filter((item) => item.secret === true).map((item) => item.key))
  return { ...mapping, inputs: Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, secret.has(key) ? { secret: true } : input])) }
}

function checkKinds(kinds: readonly ConfigKind[] | undefined): readonly ConfigKind[] {
  if (kinds === undefined) return KIND_NAMES
  if (!Array.isArray(kinds)) throw new InvalidArgumentError('options.kinds', `expected an array of kinds (${KIND_NAMES.join(', ')})`)
  for (const kind of kinds) if (!KIND_NAMES.includes(kind)) throw new InvalidArgumentError('options.kinds', `"${String(kind)}" is not a kind; expected one of ${KIND_NAMES.join(', ')}`)
  return KIND_NAMES.filter((kind) => kinds.includes(kind))
}

function compareKeys(a: unknown, b: unknown): number {
  const [x, y] = [String(a), String(b)]
  return x < y ? -1 : x > y ? 1 : 0
}
