/**
 * The API as declared: every resource group's operations (src/api/<group>.ts). The package reads what
 * scripts/generate-operations.ts writes from it (the operation table, the resource classes' methods, the
 * request shapes by method, the command line's rows), which holds no docs and loads no shape it does not need.
 */
import { actions } from './actions.js'
import { cohorts } from './cohorts.js'
import { dashboards } from './dashboards.js'
import { earlyAccessFeatures } from './early-access-features.js'
import { endpoints } from './endpoints.js'
import { eventDefinitions } from './event-definitions.js'
import { experiments } from './experiments.js'
import { featureFlags } from './feature-flags.js'
import { hogFunctions } from './hog-functions.js'
import { holdouts } from './holdouts.js'
import { insights } from './insights.js'
import { query } from './query.js'
import { savedMetrics } from './saved-metrics.js'
import { surveys } from './surveys.js'

/** Every group, in the order of the spec; the query API and the graph's groups after the spec's. */
export const API = {
  experiments,
  hogFunctions,
  surveys,
  endpoints,
  eventDefinitions,
  query,
  featureFlags,
  cohorts,
  actions,
  holdouts,
  savedMetrics,
  dashboards,
  insights,
  earlyAccessFeatures,
} as const

/** A resource group's name, as `ProjectClient` property (`query` is `client.query`). */
export type GroupName = keyof typeof API
