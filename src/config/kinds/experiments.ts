import type { ProjectClient } from 'posthog-project-client'
import { isPlainObject } from '../diff.js'
import { experimentFlagProblem, flagDecides } from '../experiment-flag.js'
import { all, at, BELOW, byAge, declareKind, ITEMS, memberIs, objects, type Resource } from './declare.js'

type Spec = Resource

/**
 * The flag's config as an experiment's `parameters` show it: the service projects the linked flag's live config
 * into them on read, and refuses them on a create that links an existing flag ("… the experiment links to it
 * as-is, so its config cannot be set here"). Where the flag has a spec of its own (or is live for a create), the
 * flag decides them and the experiment's spec does not.
 */
const FLAG_CONFIG = [
  'feature_flag_variants',
  'rollout_percentage',
  'aggregation_group_type_index',
  'feature_flag_payloads',
  'ensure_experience_continuity',
]

/** An experiment's ordering lists and the metrics each orders. */
const ORDERED_LISTS = [
  ['primary_metrics_ordered_uuids', 'metrics'],
  ['secondary_metrics_ordered_uuids', 'metrics_secondary'],
] as const

const ACTIONS_NODE = memberIs('kind', 'ActionsNode')

// Only soft-deleted. Two experiments may share a flag (an archived v1 and a v2): history picks the one managed.
export const experiments = declareKind({
  kind: 'experiments',
  folder: 'experiments',
  keyField: 'feature_flag_key',
  sdk: (client) => client.experiments,
  live: (client, signal) => all(client.experiments.listIncludingArchived(undefined, { signal })) as Promise<Resource[]>,
  // The list searches names, not flag keys: by the spec's name, then its key.
  find: async (client, spec, options) =>
    (await all(client.experiments.listIncludingArchived({ search: String(spec.name) }, options))).filter(
      (item) => item.feature_flag_key === spec.feature_flag_key,
    ) as unknown as Resource[],
  uniqueOnService: false,
  softDelete: true,
  toSpec: (client, resource) => experimentSpec(client, resource as Resource),
  references: [
    at([], { field: 'holdout_id', target: 'holdouts' }),
    at(['saved_metrics_ids', ITEMS], { field: 'id', target: 'savedMetrics' }),
    ...['metrics', 'metrics_secondary', 'exposure_criteria'].map((field) =>
      at([field, BELOW], { field: 'id', target: 'actions', where: ACTIONS_NODE }),
    ),
  ],
  // It stands on the flag of its feature_flag_key (docs/service-behaviour.md §12.3).
  keyNames: 'featureFlags',
  referenceFields: ['holdout_id', 'saved_metrics_ids'],
  lifecycleFields: ['start_date', 'end_date', 'conclusion', 'conclusion_comment', 'archived', 'deleted'],
  owned(spec) {
    for (const field of ['metrics', 'metrics_secondary']) {
      for (const metric of objects(spec[field])) delete metric.fingerprint
    }
    for (const [list, metrics] of ORDERED_LISTS) {
      // The entries that are not the spec's own metrics are its saved metrics' uuids, which the service adds.
      const own = ownUuids(spec, metrics)
      if (Array.isArray(spec[list])) spec[list] = (spec[list] as unknown[]).filter((uuid) => own.has(uuid))
    }
  },
  problems: variantProblems,
  managedAmong,
  pull: {
    // The flag's config its parameters show is the flag's, pulled with it.
    spec: (spec, pulled) =>
      pulled('featureFlags').some((flag) => flag.key === spec.feature_flag_key) ? withoutFlagConfig(spec) : spec,
  },
  plan: {
    checkSpec: experimentFlagProblem,
    desired: (spec, context, creating) => (flagDecides(context, creating) ? withoutFlagConfig(spec) : spec),
    updateBody: (part, _live, current) => withOwnedOrder(part, current),
  },
})

/**
 * An experiment's writable fields with its links as it writes them: the service reads `saved_metrics_ids`
 * back as `null` and lists the links in `saved_metrics` (`{ saved_metric, metadata }`), and answers the
 * holdout as a nested `holdout` (docs/service-behaviour.md §12.3).
 */
function experimentSpec(client: ProjectClient, resource: Resource): Resource {
  const spec = client.experiments.toCreateParams(resource as never) as unknown as Resource
  if (
    Array.isArray(resource.saved_metrics) &&
    (spec.saved_metrics_ids === null || spec.saved_metrics_ids === undefined)
  ) {
    spec.saved_metrics_ids = (resource.saved_metrics as Resource[]).map((link) => ({
      id: link.saved_metric,
      metadata: link.metadata ?? { type: 'primary' },
    }))
  }
  const holdout = resource.holdout as Resource | null | undefined
  if (spec.holdout_id === undefined && holdout !== undefined) spec.holdout_id = holdout === null ? null : holdout.id
  return spec
}

/**
 * History: of the experiments that share a flag key (an archived v1 and a running v2), the one managed is
 * the one not archived, else the newest; undefined when several are not archived (the key is ambiguous).
 */
function managedAmong(matches: readonly Resource[]): Resource | undefined {
  const current = matches.filter((resource) => resource.archived !== true)
  if (current.length > 1) return undefined
  return current[0] ?? [...matches].sort(byAge).at(-1)
}

/** A variant key that the service rewrites as `control`. */
function variantProblems(spec: Spec): string[] {
  const problems: string[] = []
  const parameters = isPlainObject(spec.parameters) ? spec.parameters : {}
  const variants = parameters.feature_flag_variants
  if (Array.isArray(variants)) {
    variants.forEach((variant, index) => {
      const key = isPlainObject(variant) ? variant.key : undefined
      if (typeof key === 'string' && key !== 'control' && key.toLowerCase() === 'control') {
        const at = `parameters.feature_flag_variants[${index}].key`
        problems.push(`${at}: the service stores ${JSON.stringify(key)} as "control": write control`)
      }
    })
  }
  return problems
}

/** An experiment spec without the flag config in its `parameters` (left out once empty). */
export function withoutFlagConfig(spec: Spec): Spec {
  if (!isPlainObject(spec.parameters) || !FLAG_CONFIG.some((key) => key in (spec.parameters as Spec))) return spec
  const parameters = Object.fromEntries(Object.entries(spec.parameters).filter(([key]) => !FLAG_CONFIG.includes(key)))
  const { parameters: _parameters, ...rest } = spec
  return Object.keys(parameters).length > 0 ? { ...rest, parameters } : rest
}

/**
 * An experiment update's ordering lists with the live saved metrics' uuids kept after the spec's own: the spec
 * orders its own metrics, and the service's entries stay (a list it is sent replaces the stored one).
 */
function withOwnedOrder(body: Spec, live: Spec): Spec {
  let out = body
  for (const [list, metrics] of ORDERED_LISTS) {
    if (!Array.isArray(body[list]) || !Array.isArray(live[list])) continue
    const own = ownUuids(live, metrics)
    const kept = (live[list] as unknown[]).filter((uuid) => !own.has(uuid) && !(body[list] as unknown[]).includes(uuid))
    if (kept.length > 0) out = { ...out, [list]: [...(body[list] as unknown[]), ...kept] }
  }
  return out
}

function ownUuids(spec: Spec, metrics: string): Set<unknown> {
  return new Set(objects(spec[metrics]).map((metric) => metric.uuid))
}
