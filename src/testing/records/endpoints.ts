/** Saved-query endpoints and their versions. */
import type { FakeUser } from './user.js'

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
