/** Actions. */
import type { FakeUser } from './user.js'

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
