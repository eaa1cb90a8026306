/**
 * A dynamic cohort's criteria (`filters`): the condition tree, as sent and as read (docs/service-behaviour.md §11.3).
 */
import * as z from 'zod/mini'
import { COHORT_BEHAVIORS, COHORT_EVENT_TYPES, FEATURE_FLAG_OPERATORS } from './enums.js'
import { nullableOptional, type ShapeOf, strictObject } from './shape.js'

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

export const cohortPersonConditionSchema = strictObject(
  {
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
  },
  compiledShape,
)
/** A person property condition, e.g. `{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }`. */
export interface CohortPersonCondition extends ShapeOf<typeof cohortPersonConditionSchema> {}

export const cohortCohortConditionSchema = strictObject(
  {
    /** Membership of another cohort. */
    type: z.literal('cohort'),
    /** Always `id`. */
    key: z.literal('id'),
    /** The other cohort's id. */
    value: z.number(),
    /** Not in the other cohort. */
    negation: z.exactOptional(z.boolean()),
  },
  compiledShape,
)
/** Membership of another cohort: `{ type: 'cohort', key: 'id', value: <cohort id> }`. */
export interface CohortCohortCondition extends ShapeOf<typeof cohortCohortConditionSchema> {}

const cohortEventFilterSchema = strictObject({
  /** `event` or `element` properties, or a `hogql` expression. */
  type: z.enum(['event', 'element', 'hogql']),
  /** The property name (the expression for `hogql`). */
  key: z.string(),
  /** The value(s). */
  value: cohortValueSchema,
  /** The comparison. */
  operator: nullableOptional(z.enum(FEATURE_FLAG_OPERATORS)),
})

export const cohortBehavioralConditionSchema = strictObject(
  {
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
  },
  compiledShape,
)
/**
 * A behaviour, e.g. `{ type: 'behavioral', key: 'signed up', event_type: 'events', value: 'performed_event',
 * time_value: 30, time_interval: 'day' }`.
 */
export interface CohortBehavioralCondition extends ShapeOf<typeof cohortBehavioralConditionSchema> {}

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
    return z.array(
      z.union([
        cohortConditionGroupSchema,
        cohortPersonConditionSchema,
        cohortCohortConditionSchema,
        cohortBehavioralConditionSchema,
      ]),
    )
  },
})

export const cohortFiltersSchema = strictObject({
  /** The condition tree. */
  properties: cohortConditionGroupSchema,
})
/** A dynamic cohort's criteria: `{ properties: { type: 'OR', values: [...] } }`. */
export interface CohortFilters extends ShapeOf<typeof cohortFiltersSchema> {}
