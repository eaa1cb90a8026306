/** Experiments, their holdouts and saved metrics, and timeseries recalculation requests. */
import type { FakeUser } from './user.js'
import type { FakeMinimalFeatureFlag } from './feature-flags.js'

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

/** A timeseries recalculation request (`recalculate_timeseries`). */
export interface FakeTimeseriesRecalculation {
  id: string
  experiment_id: number
  metric_uuid: string | null
  fingerprint: string
  status: string
  created_at: string
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
