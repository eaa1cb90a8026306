/** Dashboards, their tiles and texts, insights and early access features (docs/service-behaviour.md §14). */
import type { FakeUser } from './user.js'

/** A dashboard as the fake keeps it (its tiles are records of their own). */
export interface FakeDashboard {
  id: number
  name: string | null
  description: string
  pinned: boolean
  created_at: string
  created_by: FakeUser | null
  last_accessed_at: string | null
  last_viewed_at: string | null
  is_shared: boolean
  deleted: boolean
  creation_mode: string
  filters: Record<string, unknown>
  variables: Record<string, unknown> | null
  breakdown_colors: unknown
  data_color_theme_id: number | null
  tags: string[]
  restriction_level: number
  quick_filter_ids: string[] | null
  [field: string]: unknown
}

/** A tile: an insight or a text on a dashboard; soft-deleted tiles are kept (a restore brings them back). */
export interface FakeDashboardTile {
  id: number
  dashboard_id: number
  insight_id: number | null
  text_id: number | null
  layouts: Record<string, unknown>
  color: string | null
  filters_overrides: Record<string, unknown> | null
  show_description: boolean | null
  transparent_background: boolean | null
  deleted: boolean
  last_refresh: string | null
}

/** A text tile's text. */
export interface FakeText {
  id: number
  body: string | null
  created_by: FakeUser | null
  created_at: string
  last_modified_by: FakeUser | null
  last_modified_at: string
}

/** An insight as the fake keeps it (its dashboards are read from the tiles). */
export interface FakeInsight {
  id: number
  short_id: string
  name: string | null
  derived_name: string | null
  description: string | null
  query: Record<string, unknown> | null
  filters: Record<string, unknown>
  order: number | null
  deleted: boolean
  tags: string[]
  favorited: boolean
  saved: boolean
  is_sample: boolean
  created_at: string
  created_by: FakeUser | null
  updated_at: string
  last_modified_at: string
  last_modified_by: FakeUser | null
  [field: string]: unknown
}

/** An early access feature; `feature_flag_id` names its flag (the answer embeds the flag instead). */
export interface FakeEarlyAccessFeature {
  id: string
  feature_flag_id: number | null
  name: string
  description: string
  stage: string
  documentation_url: string
  payload: Record<string, unknown>
  created_at: string
  created_by: FakeUser | null
  assignee: Record<string, unknown> | null
  [field: string]: unknown
}
