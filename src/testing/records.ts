/**
 * The records the fake keeps, one interface per kind. Each is the service's representation of the
 * resource (docs/service-behaviour.md §2–§7) plus, where noted, fields the fake keeps for itself. Every record
 * accepts extra keys, so a test can seed a field the service added after these types were written.
 */

/** `created_by`, `updated_by`, … (docs/service-behaviour.md §2.1). */
export interface FakeUser {
  id: number
  uuid: string
  distinct_id: string | null
  first_name: string
  last_name: string
  email: string
  is_email_verified: boolean | null
  hedgehog_config: Record<string, unknown> | null
  role_at_organization: string | null
}

/** The feature flag embedded in experiments and surveys (docs/service-behaviour.md §2.2). */
export interface FakeMinimalFeatureFlag {
  id: number
  team_id: number
  name: string
  key: string
  filters: Record<string, unknown>
  deleted: boolean
  active: boolean
  ensure_experience_continuity: boolean | null
  has_encrypted_payloads: boolean | null
  version: number | null
  evaluation_runtime: string | null
  bucketing_identifier: string | null
  evaluation_tags: string[]
}

/** A feature flag as `eligible_feature_flags` returns it (OAS `FeatureFlag`). */
export interface FakeFeatureFlag extends FakeMinimalFeatureFlag {
  created_by: FakeUser | null
  created_at: string
  updated_at: string | null
  last_modified_by: FakeUser | null
  experiment_set: number[]
  surveys: unknown[]
  features: unknown[]
  rollback_conditions: unknown[] | null
  performed_rollback: boolean | null
  can_edit: boolean
  tags: string[]
  usage_dashboard: number | null
  analytics_dashboards: number[]
  has_enriched_analytics: boolean | null
  user_access_level: string | null
  is_remote_configuration: boolean | null
  status: string
  last_called_at: string | null
  is_used_in_replay_settings: boolean | null
  [field: string]: unknown
}

/** An experiment holdout (docs/service-behaviour.md §11.5), also embedded in experiments. */
export interface FakeHoldout {
  id: number
  name: string
  description: string | null
  filters: Record<string, unknown>[]
  created_by: FakeUser | null
  created_at: string
  updated_at: string
  user_access_level?: string | null
  [field: string]: unknown
}

/** An experiment (docs/service-behaviour.md §3.1): exactly what GET answers. */
export interface FakeExperiment {
  id: number
  name: string
  description: string | null
  start_date: string | null
  end_date: string | null
  feature_flag_key: string
  feature_flag: FakeMinimalFeatureFlag | null
  holdout: FakeHoldout | null
  holdout_id: number | null
  exposure_cohort: number | null
  parameters: Record<string, unknown> | null
  secondary_metrics: unknown[] | null
  saved_metrics: Record<string, unknown>[]
  saved_metrics_ids: unknown[] | null
  filters: Record<string, unknown>
  archived: boolean
  /** `true` after PATCH `{ deleted: true }`: hidden from the list and 404 on GET. */
  deleted: boolean
  created_by: FakeUser | null
  created_at: string
  updated_at: string
  type: string | null
  exposure_criteria: Record<string, unknown> | null
  metrics: unknown[]
  metrics_secondary: unknown[]
  stats_config: Record<string, unknown> | null
  scheduling_config: unknown
  conclusion: string | null
  conclusion_comment: string | null
  primary_metrics_ordered_uuids: string[] | null
  secondary_metrics_ordered_uuids: string[] | null
  exposure_preaggregation_enabled: boolean
  user_access_level: string | null
  [field: string]: unknown
}

/** A cohort (docs/service-behaviour.md §11.3), or one made by `create_exposure_cohort_for_experiment`. */
export interface FakeCohort {
  id: number
  name: string | null
  description: string
  groups: unknown[]
  filters: Record<string, unknown> | null
  query: unknown
  is_static: boolean
  is_calculating: boolean
  count: number | null
  deleted: boolean
  errors_calculating: number
  last_calculation: string | null
  created_by: FakeUser | null
  created_at: string
  [field: string]: unknown
}

/** A timeseries recalculation request (`recalculate_timeseries`). */
export interface FakeTimeseriesRecalculation {
  id: string
  experiment_id: number
  metric_uuid: string | null
  fingerprint: string
  status: string
  created_at: string
}

/** One input-schema item of a hog function. */
export interface FakeInputSchemaItem {
  type: string
  key: string
  label?: string
  required?: boolean
  secret?: boolean
  hidden?: boolean
  default?: unknown
  [field: string]: unknown
}

/** A hog function template (read-only, embedded as `template`). */
export interface FakeHogFunctionTemplate {
  id: string
  name: string
  description: string | null
  code: string
  code_language: string
  inputs_schema: FakeInputSchemaItem[]
  type: string
  status: string
  category: string[]
  free: boolean
  icon_url: string | null
  filters: Record<string, unknown> | null
  masking: Record<string, unknown> | null
  mapping_templates: unknown[] | null
}

/**
 * A hog function (docs/service-behaviour.md §4.1). Kept as stored: `inputs` holds secret values (answers mask
 * them as `{ "secret": true }`), and `deleted`/`template_id` are write-only fields the answers omit.
 */
export interface FakeHogFunction {
  id: string
  type: string
  name: string | null
  description: string
  created_at: string
  created_by: FakeUser | null
  updated_at: string
  enabled: boolean
  deleted: boolean
  hog: string
  bytecode: unknown[] | null
  transpiled: string | null
  inputs_schema: FakeInputSchemaItem[]
  inputs: Record<string, Record<string, unknown>>
  filters: Record<string, unknown>
  masking: Record<string, unknown> | null
  mappings: Record<string, unknown>[] | null
  icon_url: string | null
  template: FakeHogFunctionTemplate | null
  template_id: string | null
  status: { state: number; tokens: number } | null
  execution_order: number | null
  [field: string]: unknown
}

/** A log line of a hog function (`logs`). */
export interface FakeLogEntry {
  log_source_id: string
  instance_id: string
  timestamp: string
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR'
  message: string
}

/** One app-metric count of a hog function (`metrics`, `metrics/totals`). */
export interface FakeAppMetric {
  /** `YYYY-MM-DD`. */
  date: string
  /** `success`, `failure` or `other`. */
  kind: string
  /** `succeeded`, `failed`, `filtered`, … */
  name: string
  count: number
}

/**
 * A survey (docs/service-behaviour.md §5.1), as GET answers it minus `feature_flag_keys` (computed). POST and
 * PATCH answer it without `linked_flag_id`, `linked_insight_id` and `user_access_level`.
 */
export interface FakeSurvey {
  id: string
  name: string
  description: string
  type: string
  schedule: string | null
  linked_flag: FakeMinimalFeatureFlag | null
  linked_flag_id: number | null
  linked_insight_id: number | null
  targeting_flag: FakeMinimalFeatureFlag | null
  internal_targeting_flag: FakeMinimalFeatureFlag | null
  questions: Record<string, unknown>[] | null
  conditions: Record<string, unknown> | null
  appearance: Record<string, unknown> | null
  created_at: string
  created_by: FakeUser | null
  start_date: string | null
  end_date: string | null
  archived: boolean
  responses_limit: number | null
  iteration_count: number | null
  iteration_frequency_days: number | null
  iteration_start_dates: string[] | null
  current_iteration: number | null
  current_iteration_start_date: string | null
  response_sampling_start_date: string | null
  response_sampling_interval_type: string | null
  response_sampling_interval: number | null
  response_sampling_limit: number | null
  response_sampling_daily_limits: unknown
  enable_partial_responses: boolean | null
  user_access_level: string | null
  [field: string]: unknown
}

/** A response to a survey (a `survey sent` event). Archived state lives in `state.archivedResponseUuids`. */
export interface FakeSurveyResponse {
  uuid: string
  survey_id: string
  distinct_id: string
  /** `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  timestamp: string
  /** Answers by question id. */
  answers: Record<string, unknown>
  /** The session it was given in. */
  session_id?: string | null
  /** Other event properties (`$browser`, `$device_type`, `$current_url`, `$survey_iteration`, …). */
  properties?: Record<string, unknown>
}

/** What the fake counted for one variant of an experiment (`fake.seed.experimentData`). */
export interface FakeVariantData {
  /** Exposed units. */
  exposures: number
  /** Funnel and retention metrics: units that converted (also `sum` for a mean metric when `sum` is not given). */
  conversions?: number
  /** Mean metrics: the metric summed over the exposed units. Default `conversions`. */
  sum?: number
  /** Mean metrics: the sum of squares. Default `sum` (each unit's value 0 or 1). */
  sum_squares?: number
  /** Ratio metrics: the denominator summed over the exposed units. Default `exposures` (one each). */
  denominator_sum?: number
  /** Ratio metrics: the denominator's sum of squares. Default `denominator_sum`. */
  denominator_sum_squares?: number
  /** Ratio metrics: the sum over units of numerator × denominator. Default `sum`. */
  numerator_denominator_sum_product?: number
}

/** Variant key → what was counted, for one metric or for every metric of an experiment. */
export type FakeExperimentData = Record<string, FakeVariantData>

/** An async query run (`refresh: 'async'`): its answer, given once its status has been read. */
export interface FakeQueryRun {
  id: string
  /** The complete answer. */
  result: Record<string, unknown>
  /** Status reads so far: the first answers "running", the next ones the result. */
  reads: number
  started: string
}

/** A survey copied by `duplicate_to_projects` into another project of the organisation. */
export interface FakeSurveyCopy {
  team_id: number
  survey: FakeSurvey
}

/** An activity log entry (surveys `activity`). */
export interface FakeActivityLogEntry {
  id: string
  user: FakeUser | null
  unread: boolean
  organization_id: string
  was_impersonated: boolean
  is_system: boolean
  activity: string
  item_id: string
  scope: string
  detail: {
    id: string
    changes: Array<{ type: string; action: string; field: string | null; before: unknown; after: unknown }> | null
    merge: null
    trigger: null
    name: string | null
    short_id: null
    type: null
  }
  created_at: string
}

/** One version of an endpoint (`versions`). */
export interface FakeEndpointVersion {
  id: string
  version: number
  query: Record<string, unknown>
  created_at: string
  created_by: FakeUser | null
}

/** What `run` answers for an endpoint: the rows of a HogQL query. */
export interface FakeRunResult {
  columns: string[]
  types: Array<[string, string]>
  results: unknown[][]
}

/**
 * A saved-query endpoint (docs/service-behaviour.md §6.2) as stored. Answers compute `endpoint_path`,
 * `current_version`, `versions_count` and `materialization`; `versions`, `last_executed_at` and
 * `run_result` are the fake's own.
 */
export interface FakeEndpoint {
  id: string
  name: string
  description: string
  query: Record<string, unknown>
  parameters: Record<string, unknown>
  is_active: boolean
  cache_age_seconds: number | null
  is_materialized: boolean
  sync_frequency: string | null
  derived_from_insight: string | null
  created_at: string
  updated_at: string
  created_by: FakeUser | null
  /** Oldest first; the last one is the current version. */
  versions: FakeEndpointVersion[]
  /** When `run` last executed it (for `last_execution_times`). */
  last_executed_at: string | null
  /** The rows `run` answers for a HogQL endpoint. */
  run_result: FakeRunResult
  [field: string]: unknown
}

/** An event definition (docs/service-behaviour.md §7.1). `query_usage_30_day` is what `{id}/metrics` answers. */
export interface FakeEventDefinition {
  id: string
  name: string
  owner: number | null
  description: string | null
  tags: string[]
  created_at: string | null
  updated_at: string
  updated_by: FakeUser | null
  last_seen_at: string | null
  last_updated_at: string
  verified: boolean
  verified_at: string | null
  verified_by: FakeUser | null
  hidden: boolean | null
  enforcement_mode: string
  is_action: boolean
  post_to_slack: boolean
  default_columns: string[]
  media_preview_urls: string[]
  query_usage_30_day: number
  [field: string]: unknown
}

/** An action (docs/service-behaviour.md §11.4). */
export interface FakeAction {
  id: number
  name: string | null
  description: string
  tags: string[]
  post_to_slack: boolean
  slack_message_format: string
  steps: Record<string, unknown>[]
  created_at: string
  created_by: FakeUser | null
  deleted: boolean
  is_calculating: boolean
  last_calculated_at: string
  team_id: number
  is_action: boolean
  bytecode_error: string | null
  pinned_at: string | null
  creation_context: string | null
  user_access_level: string | null
  [field: string]: unknown
}

/** A saved (shared) experiment metric (docs/service-behaviour.md §11.6). */
export interface FakeSavedMetric {
  id: number
  name: string
  description: string | null
  query: Record<string, unknown>
  created_by: FakeUser | null
  created_at: string
  updated_at: string
  tags: string[]
  user_access_level: string | null
  [field: string]: unknown
}
