import { REQUESTS } from '../requests/by-method.js'
import type { TypedSchema } from '../model/shape.js'
import type { KindOps } from './kinds/declare.js'
import { actions } from './kinds/actions.js'
import { cohorts } from './kinds/cohorts.js'
import { dashboards } from './kinds/dashboards.js'
import { earlyAccessFeatures } from './kinds/early-access-features.js'
import { endpoints } from './kinds/endpoints.js'
import { eventDefinitions } from './kinds/event-definitions.js'
import { experiments } from './kinds/experiments.js'
import { featureFlags } from './kinds/feature-flags.js'
import { hogFunctions } from './kinds/hog-functions.js'
import { holdouts } from './kinds/holdouts.js'
import { insights } from './kinds/insights.js'
import { savedMetrics } from './kinds/saved-metrics.js'
import { surveys } from './kinds/surveys.js'
import type { ConfigKind } from './types.js'

export { byAge, type Id, type KindOps, type Resource } from './kinds/declare.js'

/**
 * Every kind, in the order creates and updates are applied: a kind comes after every kind its specs can
 * name (actions before the cohorts, metrics and filters that count them; flags before the surveys and
 * experiments that use them; event definitions before the filters that use them; experiments; a feature after
 * its flag; insights after the actions and cohorts their queries name, dashboards after the insights their tiles
 * show);
 * deletes run in the reverse order. Within a kind (cohorts of cohorts, flags on flags) `apply` orders by
 * the references themselves (src/config/graph.ts). Each kind is declared once, in src/config/kinds/.
 */
export const KINDS: readonly KindOps[] = [
  ...[actions, cohorts, holdouts, savedMetrics, featureFlags, eventDefinitions, endpoints, hogFunctions, surveys],
  ...[experiments, earlyAccessFeatures, insights, dashboards],
]

export const KIND_NAMES: readonly ConfigKind[] = KINDS.map((ops) => ops.kind)

export function kindOps(kind: ConfigKind): KindOps {
  return KINDS.find((ops) => ops.kind === kind)!
}

/** The shape a kind's files are checked against: its create body, or its own (`specShape`). */
export function specShapeOf(ops: KindOps): TypedSchema<unknown> {
  return ops.specShape ?? REQUESTS[ops.createShape]!.body!
}
