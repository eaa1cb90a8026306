/** Cohorts. */
import type { FakeUser } from './user.js'

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
