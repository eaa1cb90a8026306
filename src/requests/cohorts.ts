/** Request bodies and queries of `cohorts` (docs/service-behaviour.md §11.3). */
import * as z from 'zod/mini'
import { COHORT_BEHAVIORS, COHORT_EVENT_TYPES, COHORT_TYPES, FEATURE_FLAG_OPERATORS } from '../schemas/enums.js'
import { jsonRecord, nullableOptional, type ShapeOutput } from './common.js'

const cohortScalarSchema = z.union([z.string(), z.number(), z.boolean()])
const cohortValueSchema = nullableOptional(z.union([cohortScalarSchema, z.array(cohortScalarSchema)]))

/** What the service adds to a stored condition (compiled bytecode); sent back as read, never needed on write. */
const compiledShape = {
  /** Compiled condition (added by the service). */
  bytecode: nullableOptional(z.array(z.unknown())),
  /** Why the condition did not compile (added by the service). */
  bytecode_error: nullableOptional(z.string()),
  /** Hash of the condition (added by the service). */
  conditionHash: nullableOptional(z.string()),
}

const cohortPersonConditionShape = {
  /** A person property (`person`) or a column of the persons table (`person_metadata`). */
  type: z.enum(['person', 'person_metadata']),
  /** The property or column name. */
  key: z.string(),
  /** The comparison (always required by the service). */
  operator: z.enum(FEATURE_FLAG_OPERATORS),
  /** The value(s); absent for `is_set`/`is_not_set`. */
  value: cohortValueSchema,
  /** Negate the match. */
  negation: z.exactOptional(z.boolean()),
  ...compiledShape,
}
export interface CohortPersonConditionSchema extends z.ZodMiniObject<typeof cohortPersonConditionShape, z.core.$strict> {}
export const cohortPersonConditionSchema: CohortPersonConditionSchema = z.strictObject(cohortPersonConditionShape)
/** A person property condition, e.g. `{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }`. */
export interface CohortPersonCondition extends ShapeOutput<typeof cohortPersonConditionShape> {}

const cohortCohortConditionShape = {
  /** Membership of another cohort. */
  type: z.literal('cohort'),
  /** Always `id`. */
  key: z.literal('id'),
  /** The other cohort's id. */
  value: z.number(),
  /** Not in the other cohort. */
  negation: z.exactOptional(z.boolean()),
  ...compiledShape,
}
export interface CohortCohortConditionSchema extends z.ZodMiniObject<typeof cohortCohortConditionShape, z.core.$strict> {}
export const cohortCohortConditionSchema: CohortCohortConditionSchema = z.strictObject(cohortCohortConditionShape)
/** Membership of another cohort: `{ type: 'cohort', key: 'id', value: <cohort id> }`. */
export interface CohortCohortCondition extends ShapeOutput<typeof cohortCohortConditionShape> {}

const cohortEventFilterShape = {
  /** `event` or `element` properties, or a `hogql` expression. */
  type: z.enum(['event', 'element', 'hogql']),
  /** The property name (the expression for `hogql`). */
  key: z.string(),
  /** The value(s). */
  value: cohortValueSchema,
  /** The comparison. */
  operator: nullableOptional(z.enum(FEATURE_FLAG_OPERATORS)),
}
const cohortEventFilterSchema = z.strictObject(cohortEventFilterShape)

const cohortBehavioralConditionShape = {
  /** Something the person did. */
  type: z.literal('behavioral'),
  /** An event name (`event_type: 'events'`) or an action id (`event_type: 'actions'`). */
  key: z.union([z.string(), z.number()]),
  /** The behaviour: `performed_event`, `performed_event_multiple`, `stopped_performing_event`, … */
  value: z.enum(COHORT_BEHAVIORS),
  /** Whether `key` is an event name or an action id. */
  event_type: z.enum(COHORT_EVENT_TYPES),
  /** Within this many `time_interval`s. */
  time_value: nullableOptional(z.number()),
  /** `day`, `week`, `month`, … */
  time_interval: nullableOptional(z.string()),
  /** Negate the match. */
  negation: z.exactOptional(z.boolean()),
  /** `performed_event_multiple`: how the count compares (`gte`, `lte`, `exact`). */
  operator: nullableOptional(z.enum(FEATURE_FLAG_OPERATORS)),
  /** `performed_event_multiple`: the count. */
  operator_value: nullableOptional(z.number()),
  /** `performed_event_sequence`: the second event name or action id. */
  seq_event: nullableOptional(z.union([z.string(), z.number()])),
  /** Whether `seq_event` is an event name or an action id. */
  seq_event_type: nullableOptional(z.enum(COHORT_EVENT_TYPES)),
  /** `performed_event_sequence`: within this many `seq_time_interval`s. */
  seq_time_value: nullableOptional(z.number()),
  /** `performed_event_sequence`: the interval unit. */
  seq_time_interval: nullableOptional(z.string()),
  /** `performed_event_regularly`: periods considered. */
  total_periods: nullableOptional(z.number()),
  /** `performed_event_regularly`: periods with the event. */
  min_periods: nullableOptional(z.number()),
  /** Filters on the events counted. */
  event_filters: nullableOptional(z.array(cohortEventFilterSchema)),
  /** Since this date-time (instead of `time_value`). */
  explicit_datetime: nullableOptional(z.string()),
  /** Until this date-time (newer services). */
  explicit_datetime_to: nullableOptional(z.string()),
  ...compiledShape,
}
export interface CohortBehavioralConditionSchema extends z.ZodMiniObject<typeof cohortBehavioralConditionShape, z.core.$strict> {}
export const cohortBehavioralConditionSchema: CohortBehavioralConditionSchema = z.strictObject(cohortBehavioralConditionShape)
/** A behaviour, e.g. `{ type: 'behavioral', key: 'signed up', event_type: 'events', value: 'performed_event', time_value: 30, time_interval: 'day' }`. */
export interface CohortBehavioralCondition extends ShapeOutput<typeof cohortBehavioralConditionShape> {}

/** One condition of a cohort's tree. */
export type CohortCondition = CohortPersonCondition | CohortCohortCondition | CohortBehavioralCondition

/** A group of conditions (or of groups): all (`AND`) or any (`OR`) must match. */
export interface CohortConditionGroup {
  /** `AND` or `OR`. */
  type: 'AND' | 'OR'
  /** Conditions and nested groups. */
  values: Array<CohortConditionGroup | CohortCondition>
}

/** Named so that declarations refer to it, rather than spelling out zod's internal type parameters. */
export interface CohortConditionGroupSchema extends z.ZodMiniType<CohortConditionGroup> {}
export const cohortConditionGroupSchema: CohortConditionGroupSchema = z.strictObject({
  type: z.enum(['AND', 'OR']),
  get values() {
    return z.array(z.union([cohortConditionGroupSchema, cohortPersonConditionSchema, cohortCohortConditionSchema, cohortBehavioralConditionSchema]))
  },
})

const cohortFiltersShape = {
  /** The condition tree. */
  properties: cohortConditionGroupSchema,
}
export interface CohortFiltersSchema extends z.ZodMiniObject<typeof cohortFiltersShape, z.core.$strict> {}
export const cohortFiltersSchema: CohortFiltersSchema = z.strictObject(cohortFiltersShape)
/** A dynamic cohort's criteria: `{ properties: { type: 'OR', values: [...] } }`. */
export interface CohortFilters extends ShapeOutput<typeof cohortFiltersShape> {}

const cohortWriteFieldsShape = {
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
}
export interface CohortWriteFieldsSchema extends z.ZodMiniObject<typeof cohortWriteFieldsShape, z.core.$strict> {}
export const cohortWriteFieldsSchema: CohortWriteFieldsSchema = z.strictObject(cohortWriteFieldsShape)
/** Fields accepted by `cohorts.create` and `update`. */
export interface CohortWriteFields extends ShapeOutput<typeof cohortWriteFieldsShape> {}

export const cohortCreateParamsSchema = cohortWriteFieldsSchema
/** `cohorts.create`: a dynamic cohort with `filters`, or a static one (`is_static`) with a `query` or person ids. */
export type CohortCreateParams = CohortWriteFields
export const cohortUpdateParamsSchema = cohortWriteFieldsSchema
/** `cohorts.update`: any writable field. */
export type CohortUpdateParams = CohortWriteFields

const cohortListParamsShape = {
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
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
}
export interface CohortListParamsSchema extends z.ZodMiniObject<typeof cohortListParamsShape, z.core.$strict> {}
export const cohortListParamsSchema: CohortListParamsSchema = z.strictObject(cohortListParamsShape)
/** Query of `cohorts.list` (docs/service-behaviour.md §11.3). */
export interface CohortListParams extends ShapeOutput<typeof cohortListParamsShape> {}
