/** Request bodies and queries of `cohorts` (docs/service-behaviour.md §11.3). */
import * as z from 'zod/mini'
import { COHORT_TYPES } from '../model/enums.js'
import { jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { pageParams } from './group-shapes.js'
import { cohortFiltersSchema } from '../model/cohort-filters.js'

export const cohortWriteFieldsSchema = strictObject({
  /** Name (not unique). */
  name: nullableOptional(z.string()),
  /** Description. */
  description: z.exactOptional(z.string()),
  /** The criteria of a dynamic cohort. */
  filters: nullableOptional(cohortFiltersSchema),
  /** Static cohorts only: an `ActorsQuery` or `HogQLQuery` choosing the persons. */
  query: nullableOptional(jsonRecord),
  /** A fixed list of persons instead of criteria. */
  is_static: z.exactOptional(z.boolean()),
  /** Checked against the criteria; the service recomputes it for dynamic cohorts. */
  cohort_type: nullableOptional(z.enum(COHORT_TYPES)),
  /** Legacy criteria (deprecated: use `filters`). */
  groups: z.exactOptional(z.array(jsonRecord)),
  /** `true` soft-deletes, `false` restores. */
  deleted: z.exactOptional(z.boolean()),
  /** Static cohorts: seed with these person UUIDs. */
  _create_static_person_ids: z.exactOptional(z.array(z.string())),
  /** Folder to create the cohort in. */
  _create_in_folder: z.exactOptional(z.string()),
})
/** Fields accepted by `cohorts.create` and `update`. */
export interface CohortWriteFields extends ShapeOf<typeof cohortWriteFieldsSchema> {}

export { cohortWriteFieldsSchema as cohortCreateParamsSchema }
/** `cohorts.create`: a dynamic cohort with `filters`, or a static one (`is_static`) with a `query` or person ids. */
export type CohortCreateParams = CohortWriteFields
export { cohortWriteFieldsSchema as cohortUpdateParamsSchema }
/** `cohorts.update`: any writable field. */
export type CohortUpdateParams = CohortWriteFields

export const cohortListParamsSchema = strictObject(pageParams, {
  /** Name contains (or is like), exact matches first; at most 200 characters. */
  search: z.optional(z.string()),
  /** `static` or `dynamic`. */
  type: z.optional(z.enum(['static', 'dynamic'])),
  /** Creator's user id. */
  created_by_id: z.optional(z.number()),
  /** Leave out cohorts with behavioral conditions (those flags cannot use). */
  hide_behavioral_cohorts: z.optional(z.boolean()),
  /** Leave `filters`, `query` and `groups` out of the answer. */
  basic: z.optional(z.boolean()),
})
/** Query of `cohorts.list` (docs/service-behaviour.md §11.3). */
export interface CohortListParams extends ShapeOf<typeof cohortListParamsSchema> {}
