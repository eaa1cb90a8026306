import * as z from 'zod/mini'
import { createdShape, dateTime, describes, json, openEnum, type Created, type OpenEnum } from './common.js'
import type { CohortFilters } from '../model/cohort-filters.js'
import type { COHORT_TYPES } from '../model/enums.js'

/** A cohort, as list, create, retrieve and update return it (docs/service-behaviour.md §11.3). */
export interface Cohort extends Created {
  /** The cohort id. */
  id: number
  /** Name (not unique; may be `null`). */
  name?: string | null
  /** Description. */
  description?: string | null
  /** Legacy criteria. */
  groups?: unknown
  /** Soft-deleted. */
  deleted?: boolean
  /** The condition tree (with the service's compiled `bytecode` in its conditions); left out by `basic=true`. */
  filters?: CohortFilters | null
  /** Static cohorts: the query choosing the persons. */
  query?: unknown
  /** Calculation version. */
  version?: number | null
  /** Version being calculated. */
  pending_version?: number | null
  /** Being calculated. */
  is_calculating?: boolean
  /** Last calculation. */
  last_calculation?: string | null
  /** Newer services. */
  last_backfill_person_properties_at?: string | null
  /** Failed calculations. */
  errors_calculating?: number | null
  /** Last calculation error (newer services). */
  last_error_message?: string | null
  /** Persons in the cohort. */
  count?: number | null
  /** A fixed list of persons. */
  is_static?: boolean
  /**
   * `static`, `person_property`, `behavioral`, `realtime`, `analytical`, or later values (recomputed by the service).
   */
  cohort_type?: OpenEnum<(typeof COHORT_TYPES)[number]> | null
  /** Experiments using it as their exposure cohort. */
  experiment_set?: unknown[] | null
  /** `exact` or `similar` in a `search` list (newer services). */
  search_match_type?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `Cohort` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type CohortUncheckedFields = 'groups' | 'filters' | 'query'

/** The fields of `cohortSchema` (exported for the tie test with `Cohort`). */
export const cohortShape = {
  id: z.number(),
  name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  deleted: z.optional(z.boolean()),
  version: z.nullish(z.number()),
  pending_version: z.nullish(z.number()),
  is_calculating: z.optional(z.boolean()),
  ...createdShape,
  last_calculation: z.nullish(dateTime),
  last_backfill_person_properties_at: z.nullish(dateTime),
  errors_calculating: z.nullish(z.number()),
  last_error_message: z.nullish(z.string()),
  count: z.nullish(z.number()),
  is_static: z.optional(z.boolean()),
  cohort_type: z.nullish(openEnum<(typeof COHORT_TYPES)[number]>()),
  experiment_set: z.nullish(z.array(json)),
  search_match_type: z.nullish(z.string()),
}

/** A cohort (docs/service-behaviour.md §11.3). */
export const cohortSchema = describes<Cohort>(z.looseObject(cohortShape))
