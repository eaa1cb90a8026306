/** Surveys, their responses, copies and activity log. */
import type { FakeUser } from './user.js'
import type { FakeMinimalFeatureFlag } from './feature-flags.js'

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
