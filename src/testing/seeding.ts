/** `fake.seed.*`: records stored directly in a project of the fake, through each group's own seeding. */
import { FAKE_GROUPS, type GroupSeed } from './fake-groups.js'
import { seedSurveyResponses, type SurveyResponseSeed } from './groups/survey-responses.js'
import type { FakeProjects } from './projects.js'
import type { FakeExperimentData, FakeSurveyResponse } from './records.js'
import type { FakeStore } from './store.js'

/** A seed: how many records to make, one partial record, or a list of them. */
export type SeedInput<T> = number | T | readonly T[]

/** Where a seeding helper stores its records. */
export interface SeedOptions {
  /** The project to seed. Default the fake's `projectId`. */
  projectId?: number
}

type FakeGroups = typeof FAKE_GROUPS

/** A seeder of every group of `FAKE_GROUPS` that seeds: its seed's input, its records (doc from its entry). */
type GroupSeeders = {
  readonly [
    Group in keyof FakeGroups as FakeGroups[Group] extends { seed: unknown } ? Group : never
  ]: FakeGroups[Group] extends {
    seed: (store: FakeStore, seed: infer Seed, index: number) => infer Stored
  }
    ? (seed: SeedInput<Seed>, options?: SeedOptions) => Stored[]
    : never
}

/**
 * `fake.seed.*`: store records directly (no validation, no requests recorded), in the default project
 * or the one `options.projectId` names. Each returns the stored records.
 */
export interface FakeSeeders extends GroupSeeders {
  /** Responses to one survey of the project (each a `survey sent` event with a fresh UUID). */
  surveyResponses(surveyId: string, seed: SeedInput<SurveyResponseSeed>, options?: SeedOptions): FakeSurveyResponse[]
  /**
   * What the experiment's results are computed from (`ExperimentQuery` and the legacy kinds): per variant
   * key, the exposures and the conversions (funnels) or `sum` and `sum_squares` (means), e.g.
   * `{ control: { exposures: 1000, conversions: 100 }, test: { exposures: 1000, conversions: 130 } }`. For every
   * metric of the experiment, or only the one whose uuid `options.metric` names. Replaces earlier data for the same
   * metric.
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
  const seeder = (seed: GroupSeed) => (input: SeedInput<never>, options?: SeedOptions) => many(input, options, seed)
  const groups = Object.entries(FAKE_GROUPS).flatMap(([group, fake]) =>
    'seed' in fake ? [[group, seeder(fake.seed)]] : [],
  )
  return {
    // One seeder a group of the list, its types those `GroupSeeders` reads from the same list.
    ...(Object.fromEntries(groups) as GroupSeeders),
    surveyResponses: (surveyId, input, options) => seedSurveyResponses(storeOf(options), surveyId, list(input)),
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
