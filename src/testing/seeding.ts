/** `fake.seed.*`: records stored directly in a project of the fake, through each group's own seeding. */
import { seedAction } from './groups/actions.js'
import { seedCohort } from './groups/cohorts.js'
import { seedDashboard } from './groups/dashboards.js'
import { seedEarlyAccessFeature } from './groups/early-access-features.js'
import { seedEndpoint, type EndpointSeed } from './groups/endpoints.js'
import { seedEventDefinition, type EventDefinitionSeed } from './groups/event-definitions.js'
import { seedExperiment, type ExperimentSeed } from './groups/experiments.js'
import { createFlag } from './groups/feature-flags.js'
import { seedHogFunction, type HogFunctionSeed } from './groups/hog-functions.js'
import { seedHoldout } from './groups/holdouts.js'
import { seedInsight } from './groups/insights.js'
import { seedSavedMetric } from './groups/saved-metrics.js'
import { seedSurveyResponses, type SurveyResponseSeed } from './groups/survey-responses.js'
import { seedSurvey, type SurveySeed } from './groups/surveys.js'
import type { FakeProjects } from './projects.js'
import type {
  FakeAction,
  FakeCohort,
  FakeDashboard,
  FakeEarlyAccessFeature,
  FakeInsight,
  FakeEndpoint,
  FakeEventDefinition,
  FakeExperiment,
  FakeExperimentData,
  FakeFeatureFlag,
  FakeHogFunction,
  FakeHoldout,
  FakeSavedMetric,
  FakeSurvey,
  FakeSurveyResponse,
} from './records.js'
import type { FakeStore } from './store.js'

/** A seed: how many records to make, one partial record, or a list of them. */
export type SeedInput<T> = number | T | readonly T[]

/** Where a seeding helper stores its records. */
export interface SeedOptions {
  /** The project to seed. Default the fake's `projectId`. */
  projectId?: number
}

/**
 * `fake.seed.*`: store records directly (no validation, no requests recorded), in the default project
 * or the one `options.projectId` names. Each returns the stored records.
 */
export interface FakeSeeders {
  /** Experiments, each with its feature flag; all launched a week ago (`start_date` seven days before the fake's clock) unless `start_date` is given (`null`: a draft). */
  experiments(seed: SeedInput<ExperimentSeed>, options?: SeedOptions): FakeExperiment[]
  /** Feature flags; by default multivariate `control`/`test`, so eligible for experiments. */
  featureFlags(seed: SeedInput<Partial<FakeFeatureFlag>>, options?: SeedOptions): FakeFeatureFlag[]
  /** Hog functions (enabled destinations unless told otherwise). */
  hogFunctions(seed: SeedInput<HogFunctionSeed>, options?: SeedOptions): FakeHogFunction[]
  /** Surveys (launched unless `start_date: null`, with one open question). */
  surveys(seed: SeedInput<SurveySeed>, options?: SeedOptions): FakeSurvey[]
  /** Responses to one survey of the project (each a `survey sent` event with a fresh UUID). */
  surveyResponses(surveyId: string, seed: SeedInput<SurveyResponseSeed>, options?: SeedOptions): FakeSurveyResponse[]
  /** Endpoints (HogQL by default), each with version 1. */
  endpoints(seed: SeedInput<EndpointSeed>, options?: SeedOptions): FakeEndpoint[]
  /** Event definitions (seen recently unless told otherwise). */
  eventDefinitions(seed: SeedInput<EventDefinitionSeed>, options?: SeedOptions): FakeEventDefinition[]
  /** Cohorts (dynamic, no conditions, unless told otherwise). */
  cohorts(seed: SeedInput<Partial<FakeCohort>>, options?: SeedOptions): FakeCohort[]
  /** Actions (named `Action <n>`, no steps, unless told otherwise; steps get every key). */
  actions(seed: SeedInput<Partial<FakeAction>>, options?: SeedOptions): FakeAction[]
  /** Experiment holdouts (one group excluding 10% unless told otherwise). */
  holdouts(seed: SeedInput<Partial<FakeHoldout>>, options?: SeedOptions): FakeHoldout[]
  /** Saved experiment metrics (a mean of `$pageview` unless told otherwise). */
  savedMetrics(seed: SeedInput<Partial<FakeSavedMetric>>, options?: SeedOptions): FakeSavedMetric[]
  /** Dashboards (named `Dashboard <n>`, no tiles: an insight seeded with `dashboards` is placed on them). */
  dashboards(seed: SeedInput<Partial<FakeDashboard>>, options?: SeedOptions): FakeDashboard[]
  /** Insights (a trends insight of `$pageview` unless told otherwise), on the dashboards `dashboards` names. */
  insights(seed: SeedInput<Partial<FakeInsight> & { dashboards?: number[] }>, options?: SeedOptions): FakeInsight[]
  /** Early access features (each on a new boolean flag unless `feature_flag_id` is given). */
  earlyAccessFeatures(seed: SeedInput<Partial<FakeEarlyAccessFeature>>, options?: SeedOptions): FakeEarlyAccessFeature[]
  /**
   * What the experiment's results are computed from (`ExperimentQuery` and the legacy kinds): per variant
   * key, the exposures and the conversions (funnels) or `sum` and `sum_squares` (means), e.g.
   * `{ control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } }`. For every
   * metric of the experiment, or only the one whose uuid `options.metric` names. Replaces earlier data for the same metric.
   */
  experimentData(experimentId: number, variants: FakeExperimentData, options?: SeedOptions & { metric?: string }): void
}

/** The seeding helpers of a fake's projects (the default project unless `options.projectId` names another). */
export function createSeeders(projects: FakeProjects): FakeSeeders {
  const storeOf = (options: SeedOptions | undefined) =>
    projects.require(options?.projectId ?? projects.defaultId, 'seed')
  const list = <S>(input: SeedInput<S>): readonly S[] =>
    typeof input === 'number'
      ? Array.from({ length: input }, () => ({}) as S)
      : Array.isArray(input)
        ? (input as readonly S[])
        : [input as S]
  const many = <S, R>(
    input: SeedInput<S>,
    options: SeedOptions | undefined,
    make: (store: FakeStore, seed: S, index: number) => R,
  ): R[] => {
    const store = storeOf(options)
    return list(input).map((seed, index) => make(store, seed, index))
  }
  return {
    experiments: (input, options) => many(input, options, seedExperiment),
    featureFlags: (input, options) =>
      many(input, options, (store, seed: Partial<FakeFeatureFlag>) => {
        const flag = createFlag(store, { key: seed.key ?? `flag-${store.featureFlags.size + 1}`, ...seed })
        if (!seed.name) flag.name = `Flag ${flag.id}`
        return flag
      }),
    hogFunctions: (input, options) => many(input, options, seedHogFunction),
    surveys: (input, options) => many(input, options, seedSurvey),
    surveyResponses: (surveyId, input, options) => seedSurveyResponses(storeOf(options), surveyId, list(input)),
    endpoints: (input, options) => many(input, options, seedEndpoint),
    eventDefinitions: (input, options) => many(input, options, seedEventDefinition),
    cohorts: (input, options) => many(input, options, seedCohort),
    actions: (input, options) => many(input, options, seedAction),
    holdouts: (input, options) => many(input, options, seedHoldout),
    savedMetrics: (input, options) => many(input, options, seedSavedMetric),
    dashboards: (input, options) => many(input, options, seedDashboard),
    insights: (input, options) => many(input, options, seedInsight),
    earlyAccessFeatures: (input, options) => many(input, options, seedEarlyAccessFeature),
    experimentData: (experimentId, variants, options) => {
      const store = storeOf(options)
      if (!store.experiments.has(experimentId))
        throw new TypeError(`seed.experimentData: no experiment ${experimentId}`)
      const data = store.experimentData.get(experimentId) ?? new Map<string, FakeExperimentData>()
      data.set(options?.metric ?? '*', structuredClone(variants))
      store.experimentData.set(experimentId, data)
    },
  }
}
