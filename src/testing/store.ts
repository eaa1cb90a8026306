import type {
  FakeAction,
  FakeActivityLogEntry,
  FakeAppMetric,
  FakeCohort,
  FakeEndpoint,
  FakeEventDefinition,
  FakeExperiment,
  FakeExperimentData,
  FakeQueryRun,
  FakeSavedMetric,
  FakeFeatureFlag,
  FakeHogFunction,
  FakeHoldout,
  FakeDashboard,
  FakeDashboardTile,
  FakeText,
  FakeInsight,
  FakeEarlyAccessFeature,
  FakeLogEntry,
  FakeSurvey,
  FakeSurveyCopy,
  FakeSurveyResponse,
  FakeTimeseriesRecalculation,
  FakeUser,
} from './records.js'

/** Live, read-only views of everything the fake holds. Records are the stored objects themselves. */
export interface FakeState {
  /** Experiments by id, soft-deleted ones included (`deleted: true`). */
  readonly experiments: ReadonlyMap<number, FakeExperiment>
  /** Feature flags by id, soft-deleted ones included: created, seeded, and those of experiments and surveys. */
  readonly featureFlags: ReadonlyMap<number, FakeFeatureFlag>
  /** Cohorts by id, soft-deleted ones included (also made by `experiments.createExposureCohort`). */
  readonly cohorts: ReadonlyMap<number, FakeCohort>
  /** Actions by id, soft-deleted ones included. */
  readonly actions: ReadonlyMap<number, FakeAction>
  /** Experiment holdouts by id. */
  readonly holdouts: ReadonlyMap<number, FakeHoldout>
  /** Saved experiment metrics by id. */
  readonly savedMetrics: ReadonlyMap<number, FakeSavedMetric>
  /** Requests of `experiments.recalculateTimeseries`, oldest first. */
  readonly timeseriesRecalculations: readonly FakeTimeseriesRecalculation[]
  /** Hog functions by id, soft-deleted ones included (`deleted: true`). */
  readonly hogFunctions: ReadonlyMap<string, FakeHogFunction>
  /** Log lines by hog function id, newest last. */
  readonly hogFunctionLogs: ReadonlyMap<string, readonly FakeLogEntry[]>
  /** App metrics by hog function id. */
  readonly hogFunctionMetrics: ReadonlyMap<string, readonly FakeAppMetric[]>
  /** Surveys by id. */
  readonly surveys: ReadonlyMap<string, FakeSurvey>
  /** Responses by survey id. */
  readonly surveyResponses: ReadonlyMap<string, readonly FakeSurveyResponse[]>
  /** Archived response UUIDs by survey id. */
  readonly archivedResponseUuids: ReadonlyMap<string, ReadonlySet<string>>
  /**
   * Copies made by `duplicate_to_projects` from this project into others (each also in its target project's `surveys`).
   */
  readonly surveyCopies: readonly FakeSurveyCopy[]
  /** Survey activity, oldest first. */
  readonly activity: readonly FakeActivityLogEntry[]
  /** Endpoints by name. */
  readonly endpoints: ReadonlyMap<string, FakeEndpoint>
  /** Event definitions by id. */
  readonly eventDefinitions: ReadonlyMap<string, FakeEventDefinition>
  /** What `ExperimentQuery` answers are computed from, by experiment id: per metric uuid, or `*` for every metric. */
  readonly experimentData: ReadonlyMap<number, ReadonlyMap<string, FakeExperimentData>>
  /** Async query runs by id. */
  readonly queryRuns: ReadonlyMap<string, FakeQueryRun>
  /** Dashboards by id, soft-deleted ones included. */
  readonly dashboards: ReadonlyMap<number, FakeDashboard>
  /** Dashboard tiles by id, soft-deleted ones included. */
  readonly dashboardTiles: ReadonlyMap<number, FakeDashboardTile>
  /** Texts of text tiles by id. */
  readonly texts: ReadonlyMap<number, FakeText>
  /** Insights by id, soft-deleted ones included. */
  readonly insights: ReadonlyMap<number, FakeInsight>
  /** Early access features by id. */
  readonly earlyAccessFeatures: ReadonlyMap<string, FakeEarlyAccessFeature>
}

/** The maps and lists of `FakeStore` that `FakeState` shows (all but its cache of summaries). */
type Held = {
  [K in keyof FakeStore]: FakeStore[K] extends Map<unknown, unknown> | unknown[] ? K : never
}[keyof FakeStore]
// A map or list added to FakeStore and not to FakeState fails the type check here.
const SHOWN: Record<Exclude<Held, keyof FakeState | 'summaries'>, never> = {}
void SHOWN

/** Settings the handlers read. */
export interface StoreSettings {
  projectId: number
  pageSize: number
  organizationTeamIds: readonly number[]
  now: () => Date
  /** The store of another project of the fake (duplicate_to_projects writes there); `undefined` if it cannot exist. */
  project: (projectId: number) => FakeStore | undefined
}

/** The user every fake key belongs to. */
export const FAKE_USER: FakeUser = {
  id: 1,
  uuid: '01960000-0000-7000-8000-00000000a001',
  distinct_id: 'fake-user-distinct-id',
  first_name: 'Fake',
  last_name: 'User',
  email: 'fake.user@example.com',
  is_email_verified: true,
  hedgehog_config: null,
  role_at_organization: 'engineering',
}

/** The organisation every fake project belongs to. */
export const FAKE_ORGANIZATION_ID = '01960000-0000-7000-8000-00000000b001'

/** The kinds of integer ids the fake hands out. */
export type IdKind =
  'experiment' | 'flag' | 'cohort' | 'holdout' | 'action' | 'savedMetric' | 'dashboard' | 'tile' | 'text' | 'insight'
type Counter = IdKind | 'uuid'

/**
 * Everything one project of the fake holds, with the id counters and the clock. `reset()` empties it. A map or list
 * added here is emptied by `reset()` without more, and is named in `FakeState` (`fake.state`, documented there):
 * the type check fails until it is.
 */
export class FakeStore {
  /** Experiments by id, soft-deleted ones included (`deleted: true`). */
  readonly experiments = new Map<number, FakeExperiment>()
  /** Feature flags by id, soft-deleted ones included: created, seeded, and those of experiments and surveys. */
  readonly featureFlags = new Map<number, FakeFeatureFlag>()
  /** Cohorts by id, soft-deleted ones included (also made by `experiments.createExposureCohort`). */
  readonly cohorts = new Map<number, FakeCohort>()
  /** Actions by id, soft-deleted ones included. */
  readonly actions = new Map<number, FakeAction>()
  /** Experiment holdouts by id. */
  readonly holdouts = new Map<number, FakeHoldout>()
  /** Saved experiment metrics by id. */
  readonly savedMetrics = new Map<number, FakeSavedMetric>()
  /** Dashboards by id, soft-deleted ones included. */
  readonly dashboards = new Map<number, FakeDashboard>()
  /** Dashboard tiles by id, soft-deleted ones included. */
  readonly dashboardTiles = new Map<number, FakeDashboardTile>()
  /** Texts of text tiles by id. */
  readonly texts = new Map<number, FakeText>()
  /** Insights by id, soft-deleted ones included. */
  readonly insights = new Map<number, FakeInsight>()
  /** Early access features by id. */
  readonly earlyAccessFeatures = new Map<string, FakeEarlyAccessFeature>()
  /** Requests of `experiments.recalculateTimeseries`, oldest first. */
  readonly timeseriesRecalculations: FakeTimeseriesRecalculation[] = []
  /** Hog functions by id, soft-deleted ones included (`deleted: true`). */
  readonly hogFunctions = new Map<string, FakeHogFunction>()
  /** Log lines by hog function id, newest last. */
  readonly hogFunctionLogs = new Map<string, FakeLogEntry[]>()
  /** App metrics by hog function id. */
  readonly hogFunctionMetrics = new Map<string, FakeAppMetric[]>()
  /** Surveys by id. */
  readonly surveys = new Map<string, FakeSurvey>()
  /** Responses by survey id. */
  readonly surveyResponses = new Map<string, FakeSurveyResponse[]>()
  /** Archived response UUIDs by survey id. */
  readonly archivedResponseUuids = new Map<string, Set<string>>()
  /**
   * Copies made by `duplicate_to_projects` from this project into others (each also in its target project's
   * `surveys`).
   */
  readonly surveyCopies: FakeSurveyCopy[] = []
  /** Survey activity, oldest first. */
  readonly activity: FakeActivityLogEntry[] = []
  /** Endpoints by name. */
  readonly endpoints = new Map<string, FakeEndpoint>()
  /** Event definitions by id. */
  readonly eventDefinitions = new Map<string, FakeEventDefinition>()
  /** What `ExperimentQuery` answers are computed from, by experiment id: per metric uuid, or `*` for every metric. */
  readonly experimentData = new Map<number, Map<string, FakeExperimentData>>()
  /** Async query runs by id. */
  readonly queryRuns = new Map<string, FakeQueryRun>()
  /** Cached `summarize_responses` answers, by `<survey id>:<question>`. */
  readonly summaries = new Map<string, Record<string, unknown>>()
  readonly #counters: Map<Counter, number>

  /** `counters` is shared by the projects of one fake: ids are unique across projects, as in the service's database. */
  constructor(
    readonly settings: StoreSettings,
    counters = new Map<Counter, number>(),
  ) {
    this.#counters = counters
  }

  get projectId(): number {
    return this.settings.projectId
  }

  /** The next integer id of a kind, from 1. */
  nextId(kind: IdKind): number {
    const next = (this.#counters.get(kind) ?? 0) + 1
    this.#counters.set(kind, next)
    return next
  }

  /** A fresh UUID (version 7 layout, deterministic: the same run makes the same ids). */
  uuid(): string {
    const next = (this.#counters.get('uuid') ?? 0) + 1
    this.#counters.set('uuid', next)
    return `01960000-0000-7000-8000-${next.toString(16).padStart(12, '0')}`
  }

  /** A fresh lower-case hex string of `length` characters (deterministic). */
  hex(length: number): string {
    return hash128(this.uuid()).slice(0, length)
  }

  now(): Date {
    return this.settings.now()
  }

  /** Now, as the service renders model date-times: `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  timestamp(offsetMs = 0): string {
    return drfDateTime(new Date(this.now().getTime() + offsetMs))
  }

  /** Empties every map and list, and restarts the id counters. */
  reset(): void {
    for (const held of Object.values(this)) {
      if (held instanceof Map) held.clear()
      else if (Array.isArray(held)) held.length = 0
    }
    this.#counters.clear()
  }
}

/** `YYYY-MM-DDTHH:MM:SS.ffffffZ`, DRF's rendering of model date-times (docs/service-behaviour.md §1.8). */
export function drfDateTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z')
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff+00:00`, Python's `isoformat()` used inside some views (§1.8). */
export function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00')
}

/** `YYYY-MM-DD` (UTC). */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** A deterministic 128-bit hash as 32 lower-case hex characters (stand-in for the service's md5). */
export function hash128(text: string): string {
  let h1 = 1779033703
  let h2 = 3144134277
  let h3 = 1013904242
  let h4 = 2773480762
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    h1 = h2 ^ Math.imul(h1 ^ code, 597399067)
    h2 = h3 ^ Math.imul(h2 ^ code, 2869860233)
    h3 = h4 ^ Math.imul(h3 ^ code, 951274213)
    h4 = h1 ^ Math.imul(h4 ^ code, 2716044179)
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067)
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233)
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213)
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179)
  return [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1]
    .map((part) => (part >>> 0).toString(16).padStart(8, '0'))
    .join('')
}

/** A deep copy of JSON-like data (answers never share objects with the state). */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T)
}
