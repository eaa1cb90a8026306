import type {
  ActionCreateParams,
  CohortCreateParams,
  DashboardCreateParams,
  DashboardTileParams,
  EarlyAccessFeatureCreateParams,
  EndpointCreateParams,
  EventDefinitionCreateParams,
  ExperimentCreateParams,
  FeatureFlagCreateParams,
  HogFunctionCreateParams,
  HoldoutCreateParams,
  InsightCreateParams,
  SavedMetricCreateParams,
  SurveyCreateParams,
} from 'posthog-project-client'

/**
 * A project's setup as specs, one array per kind. A kind that is absent is not managed: `plan` neither
 * creates, changes nor deletes anything of it. A spec is a resource as `create` accepts it, less ids,
 * timestamps and what the service derives; a hog function input's `value` may be `{ $env: 'NAME' }`.
 * Where a spec holds the id of a flag, cohort, action, holdout or saved metric it may hold a
 * {@link ConfigRef} instead (`{ $ref: 'cohorts/Beta users' }`): `plan` resolves it in the target project.
 */
export interface ProjectConfig {
  experiments?: Array<Renamable<WithRefs<ExperimentCreateParams>>>
  surveys?: Array<Renamable<WithRefs<SurveyCreateParams>>>
  hogFunctions?: Array<Renamable<WithRefs<HogFunctionCreateParams>>>
  endpoints?: Array<Renamable<EndpointCreateParams>>
  eventDefinitions?: Array<Renamable<EventDefinitionCreateParams>>
  featureFlags?: Array<Renamable<WithRefs<FeatureFlagCreateParams>>>
  cohorts?: Array<Renamable<WithRefs<CohortCreateParams>>>
  actions?: Array<Renamable<ActionCreateParams>>
  holdouts?: Array<Renamable<HoldoutCreateParams>>
  savedMetrics?: Array<Renamable<WithRefs<SavedMetricCreateParams>>>
  earlyAccessFeatures?: Array<Renamable<WithRefs<EarlyAccessFeatureCreateParams>>>
  /** Placed on dashboards by the dashboards' tiles: an insight spec has no `dashboards`. */
  insights?: Array<Renamable<WithRefs<Omit<InsightCreateParams, 'dashboards'>>>>
  dashboards?: Array<Renamable<DashboardSpec>>
}

/**
 * A dashboard with its tiles: each shows an insight (`insight: { $ref: 'insights/<name>' }`) or a text
 * (`text: { body }`), in its place (`layouts`); a tile's id and order are the service's.
 */
export interface DashboardSpec extends DashboardCreateParams {
  tiles?: DashboardTileSpec[]
}

/** A tile of a {@link DashboardSpec}. */
export interface DashboardTileSpec extends Pick<
  DashboardTileParams,
  'layouts' | 'color' | 'filters_overrides' | 'show_description' | 'transparent_background'
> {
  insight?: number | ConfigRef
  text?: { body?: string | null }
}

/**
 * A reference to another resource of the configuration by its folder and key (`feature-flags/my-flag`,
 * `holdouts/Q3 holdout`): it stands where a spec holds that resource's id, and the plan shows it by key.
 */
export interface ConfigRef {
  $ref: string
}

/**
 * A spec whose id fields may hold a {@link ConfigRef}. The type admits it at any depth; `readConfig` and
 * `plan` accept it only in the fields that hold ids (docs/service-behaviour.md §12.1).
 */
export type WithRefs<T> =
  T extends ReadonlyArray<infer Item>
    ? Array<WithRefs<Item>>
    : T extends object
      ? { [K in keyof T]: WithRefs<T[K]> }
      : T extends number | string
        ? T | ConfigRef
        : T

/**
 * A spec that may say the key it had before: `plan` then updates the resource that has `$renamedFrom` as its
 * key instead of creating another (an experiment's `feature_flag_key` cannot change: a plan error).
 */
export type Renamable<Spec> = Spec & { $renamedFrom?: string }

/** A kind of managed resource: a key of {@link ProjectConfig}. */
export type ConfigKind = keyof ProjectConfig

/**
 * One field an update changes: `before` is the live value, `after` the desired one (`'(secret)'` for a
 * secret). `path` is for reading (`mappings[0].inputs["x.y"].value`: a key that is not a plain name is quoted).
 */
export interface FieldChange {
  path: string
  before: unknown
  after: unknown
}

/** What a plan does to one resource, named by its kind and key. */
export interface PlanChange {
  kind: ConfigKind
  key: string
  action: 'create' | 'update' | 'delete' | 'unchanged'
  /** The live resource's id (absent for a create). */
  id?: string | number
  /** For an update: exactly the fields that differ. */
  fields?: FieldChange[]
  /** The environment variables the change reads (`$env` names, sorted), never their values. */
  reads?: string[]
}

/** Why a plan cannot be applied (an ambiguous key, a missing `$env` variable, …). */
export interface PlanError {
  kind: ConfigKind
  key?: string
  message: string
}

/** Something a plan does not do and says so (e.g. an id that means nothing in the target project, not sent). */
export interface PlanWarning {
  kind: ConfigKind
  key?: string
  message: string
}

/**
 * What `plan` resolves with. What it will send is carried in it as data (`$env` names, never values), never in its
 * enumerable fields or its JSON.
 */
export interface Plan {
  changes: PlanChange[]
  errors: PlanError[]
  warnings: PlanWarning[]
  /** The project the plan was made against: its id and the host (`baseUrl`) it was read from. */
  project?: PlanProject
  /** A copy's (`planCopy`): the project and host its specs were read from. */
  source?: PlanProject
}

/** Where a plan was made: the project's id and the service's `baseUrl`. */
export interface PlanProject {
  id: string
  host: string
}

/** Options of `plan`. */
export interface PlanOptions {
  /**
   * `true`: plan deletes for every managed kind but event definitions; an array names the kinds (event definitions only
   * that way).
   */
  prune?: boolean | readonly ConfigKind[]
  /**
   * Plans (and prunes) only the specs and live resources with these keys (CLI `--key`): every other spec
   * stays as the files have it, and nothing outside the selection is planned, deleted or reported.
   */
  keys?: readonly string[]
  /** Where `$env` values are read. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>
  /**
   * Variables `$env` may read besides those named `POSTHOG_SECRET_*`: names, or patterns (`/^DEPLOY_/`). Any
   * other name is a plan error naming it.
   */
  allowEnv?: ReadonlyArray<string | RegExp>
  /** Re-send every secret input that has a `$env` value. */
  rotateSecrets?: boolean
}

/** Options of `readPlan`. */
export interface ReadPlanOptions {
  /** Where the `$env` secrets of the plan are read when it is applied. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>
  /** `$env` names allowed besides those starting with `POSTHOG_SECRET_`. */
  allowEnv?: ReadonlyArray<string | RegExp>
}

/** Options of `planCopy`. */
export interface CopyOptions {
  /** The kinds to copy. Default all. */
  kinds?: readonly ConfigKind[]
  /** Copy only the resources with these keys; a key that matches nothing rejects with `InvalidArgumentError`. */
  keys?: readonly string[]
  /** Where `$env` values are read (secrets of created hog functions). Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>
  /** `$env` names allowed besides those starting with `POSTHOG_SECRET_`. */
  allowEnv?: ReadonlyArray<string | RegExp>
}

/** Options of `pull`. */
export interface PullOptions {
  /** The kinds to read. Default all of them. */
  kinds?: readonly ConfigKind[]
  /** Told of what the pull leaves alone (experiments that share a flag key with the one it pulls). */
  onWarning?: (warning: PlanWarning) => void
  /**
   * Make a starter test for each hog function (one case of an event its filters match, what it does today as the
   * expectation): `writeConfig` writes it as `<name>.test.yaml` where the function has no test file yet.
   */
  withTests?: boolean
}

/** Counts so far, after each change settles. */
export interface ApplyProgress {
  done: number
  total: number
  applied: number
  failed: number
}

/** Options of `apply`. */
export interface ApplyOptions {
  /**
   * Stops `apply`: no change starts after it aborts, the writes in flight see it, and `apply` resolves with
   * the report so far (`aborted: true`; changes never started are `skipped`).
   */
  signal?: AbortSignal
  onProgress?: (progress: ApplyProgress) => void
  /** Writes in flight at once within a step of the dependency order. Default 4. */
  concurrency?: number
}

/** What happened to one change. */
export interface ApplyResult {
  change: PlanChange
  /** `skipped`: not sent, because `apply` was aborted first or (with `error`) a change it stands on was not applied. */
  status: 'applied' | 'failed' | 'skipped'
  /** Why it failed; for a skipped change, the `DependencyFailedError` naming its dependency. */
  error?: Error
}

/** What `apply` resolves with: one result per change that is not `unchanged`, and the counts. */
export interface ApplyReport {
  results: ApplyResult[]
  applied: number
  failed: number
  skipped: number
  /** `options.signal` aborted before every change had run: the `skipped` ones never started. */
  aborted: boolean
}
