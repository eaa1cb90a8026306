/** Event definitions. */
import type { FakeUser } from './user.js'

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
