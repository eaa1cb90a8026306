/**
 * Every resource group of the fake, in one list: the handlers of its operations (the service answers with them) and,
 * where it has one, how `fake.seed.<group>` stores a record without validation (its doc is the seeder's).
 */
import type { OperationId } from '../core/operations.js'
import type { GroupHandlers } from './context.js'
import { actionHandlers, seedAction } from './groups/actions.js'
import { cohortHandlers, seedCohort } from './groups/cohorts.js'
import { dashboardHandlers, seedDashboard } from './groups/dashboards.js'
import { earlyAccessFeatureHandlers, seedEarlyAccessFeature } from './groups/early-access-features.js'
import { endpointHandlers, seedEndpoint } from './groups/endpoints.js'
import { eventDefinitionHandlers, seedEventDefinition } from './groups/event-definitions.js'
import { experimentHandlers, seedExperiment } from './groups/experiments.js'
import { featureFlagHandlers, seedFeatureFlag } from './groups/feature-flags.js'
import { hogFunctionHandlers, seedHogFunction } from './groups/hog-functions.js'
import { holdoutHandlers, seedHoldout } from './groups/holdouts.js'
import { insightHandlers, seedInsight } from './groups/insights.js'
import { queryHandlers } from './groups/query.js'
import { savedMetricHandlers, seedSavedMetric } from './groups/saved-metrics.js'
import { seedSurvey, surveyHandlers } from './groups/surveys.js'
import type { FakeStore } from './store.js'

/** A group of the API: the first part of its operations' ids (`experiments` of `experiments.list`). */
type Group = OperationId extends `${infer Name}.${string}` ? Name : never

/** How a group stores the `index`-th record of a seed, without validation. */
export type GroupSeed = (store: FakeStore, seed: never, index: number) => unknown

/** One group of the fake: a handler for each of its operations, and its seeding. */
interface FakeGroup<Name extends Group> {
  readonly handlers: GroupHandlers<Name>
  readonly seed?: GroupSeed
}

/** Every group of the API (the type fails when one is missing), in the order of src/api. */
export const FAKE_GROUPS = {
  /**
   * Experiments, each with its feature flag; all launched a week ago (`start_date` seven days before the fake's
   * clock) unless `start_date` is given (`null`: a draft).
   */
  experiments: { handlers: experimentHandlers, seed: seedExperiment },
  /** Hog functions (enabled destinations unless told otherwise). */
  hogFunctions: { handlers: hogFunctionHandlers, seed: seedHogFunction },
  /** Surveys (launched unless `start_date: null`, with one open question). */
  surveys: { handlers: surveyHandlers, seed: seedSurvey },
  /** Endpoints (HogQL by default), each with version 1. */
  endpoints: { handlers: endpointHandlers, seed: seedEndpoint },
  /** Event definitions (seen recently unless told otherwise). */
  eventDefinitions: { handlers: eventDefinitionHandlers, seed: seedEventDefinition },
  query: { handlers: queryHandlers },
  /** Feature flags; by default multivariate `control`/`test`, so eligible for experiments. */
  featureFlags: { handlers: featureFlagHandlers, seed: seedFeatureFlag },
  /** Cohorts (dynamic, no conditions, unless told otherwise). */
  cohorts: { handlers: cohortHandlers, seed: seedCohort },
  /** Actions (named `Action <n>`, no steps, unless told otherwise; steps get every key). */
  actions: { handlers: actionHandlers, seed: seedAction },
  /** Experiment holdouts (one group excluding 10% unless told otherwise). */
  holdouts: { handlers: holdoutHandlers, seed: seedHoldout },
  /** Saved experiment metrics (a mean of `$pageview` unless told otherwise). */
  savedMetrics: { handlers: savedMetricHandlers, seed: seedSavedMetric },
  /** Dashboards (named `Dashboard <n>`, no tiles: an insight seeded with `dashboards` is placed on them). */
  dashboards: { handlers: dashboardHandlers, seed: seedDashboard },
  /** Insights (a trends insight of `$pageview` unless told otherwise), on the dashboards `dashboards` names. */
  insights: { handlers: insightHandlers, seed: seedInsight },
  /** Early access features (each on a new boolean flag unless `feature_flag_id` is given). */
  earlyAccessFeatures: { handlers: earlyAccessFeatureHandlers, seed: seedEarlyAccessFeature },
} satisfies { readonly [Name in Group]: FakeGroup<Name> }
