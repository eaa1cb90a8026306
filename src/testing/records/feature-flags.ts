/** Feature flags as the fake keeps them, and the minimal form experiments and surveys embed. */
import type { FakeUser } from './user.js'

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
