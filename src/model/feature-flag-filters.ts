/**
 * A flag's release conditions, variants and payloads (`filters`): sent by flag writes, read back in flags, holdouts and
 * experiments (docs/service-behaviour.md §11.2).
 */
import * as z from 'zod/mini'
import { FEATURE_FLAG_OPERATORS, FEATURE_FLAG_PROPERTY_TYPES } from './enums.js'
import { jsonRecord, nullableOptional, type ShapeOf, strictObject } from './shape.js'

/**
 * What a release condition's property belongs to: `person`, `cohort`, `group`, `flag` (a dependency),
 * `person_metadata`.
 */
export type FeatureFlagPropertyType = (typeof FEATURE_FLAG_PROPERTY_TYPES)[number]
/**
 * How a release condition compares: `exact`, `icontains`, `semver_gte`, `in` (cohorts), `flag_evaluates_to`
 * (dependencies), …
 */
export type FeatureFlagOperator = (typeof FEATURE_FLAG_OPERATORS)[number]

const flagScalarSchema = z.union([z.string(), z.number(), z.boolean()])

export const featureFlagPropertySchema = strictObject({
  /**
   * `person`, `cohort` (`key: "id"`, `value`: the cohort id), `group`, `flag` (`key`: the other flag's id as a string).
   */
  type: z.enum(FEATURE_FLAG_PROPERTY_TYPES),
  /** The property name; `"id"` for a cohort; the id of the flag depended on, as a string, for `flag`. */
  key: z.string(),
  /**
   * The value(s) to compare with: a cohort id, `true`/`false` or a variant key for `flag`; absent for
   * `is_set`/`is_not_set`.
   */
  value: nullableOptional(z.union([flagScalarSchema, z.array(flagScalarSchema)])),
  /** The comparison; `null` means `exact`. Cohorts take `in`/`not_in`, dependencies `flag_evaluates_to`. */
  operator: nullableOptional(z.enum(FEATURE_FLAG_OPERATORS)),
  /** Group properties: the group type (must match the condition's aggregation). */
  group_type_index: nullableOptional(z.number()),
  /** Negate the match. */
  negation: nullableOptional(z.boolean()),
  /** Display label. */
  label: nullableOptional(z.string()),
  /** Cohort name, added by the service on read. */
  cohort_name: nullableOptional(z.string()),
  /** Names of `$group_key` values, added by the service on read. */
  group_key_names: nullableOptional(jsonRecord),
})
/**
 * One property a release condition matches, e.g. `{ type: 'person', key: 'email', operator: 'icontains', value:
 * '@acme.com' }`.
 */
export interface FeatureFlagProperty extends ShapeOf<typeof featureFlagPropertySchema> {}

export const featureFlagConditionSchema = strictObject({
  /** Properties, all of which must match (AND); `null` is read as `[]`. */
  properties: nullableOptional(z.array(featureFlagPropertySchema)),
  /** Share of the matching users, 0–100 (fractions allowed); `null` means 100. */
  rollout_percentage: nullableOptional(z.number()),
  /** Override: everyone matched gets this variant (a key of `multivariate.variants`). */
  variant: nullableOptional(z.string()),
  /** Group aggregation of this condition; absent inherits the flag's, `null` is person-level. */
  aggregation_group_type_index: nullableOptional(z.number()),
  /** Display only. */
  description: nullableOptional(z.string()),
  /** Display only. */
  sort_key: nullableOptional(z.union([z.string(), z.number()])),
  /** Written by an experiment's exposure freeze. */
  exposure_frozen: nullableOptional(z.boolean()),
  /** The cohort an exposure freeze made. */
  exposure_frozen_cohort: nullableOptional(z.number()),
})
/** A release condition: the conditions are OR-ed, top down. */
export interface FeatureFlagCondition extends ShapeOf<typeof featureFlagConditionSchema> {}

export const featureFlagVariantSchema = strictObject({
  /** Variant key, `[a-zA-Z0-9_./-]+`, at most 400 characters. */
  key: z.string(),
  /** Display name. */
  name: nullableOptional(z.string()),
  /** Share of the rolled-out users, 0–100; the variants' shares add up to 100. */
  rollout_percentage: z.number(),
  /** Description. */
  description: nullableOptional(z.string()),
})
/** A variant of a multivariate flag. */
export interface FeatureFlagVariant extends ShapeOf<typeof featureFlagVariantSchema> {}

export const featureFlagFiltersSchema = strictObject({
  /** Release conditions, OR-ed top down. A create needs at least one. */
  groups: z.exactOptional(z.array(featureFlagConditionSchema)),
  /** Variants of a multivariate flag; `null` for a boolean flag. */
  multivariate: nullableOptional(z.strictObject({ variants: z.array(featureFlagVariantSchema) })),
  /** Payloads by variant key (`"true"` for a boolean flag): JSON text, or a value the service encodes as JSON text. */
  payloads: nullableOptional(z.record(z.string(), z.unknown())),
  /** Group type the flag aggregates by; `null` for persons. */
  aggregation_group_type_index: nullableOptional(z.number()),
  /** The holdout excluding users (written by experiments: `{ id, exclusion_percentage }`). */
  holdout: nullableOptional(z.strictObject({ id: z.number(), exclusion_percentage: z.number() })),
  /** Early access features: evaluates the person property `$feature_enrollment/<key>`. */
  feature_enrollment: nullableOptional(z.boolean()),
  /** Stop evaluating at the first matching condition (organisation-gated). */
  early_exit: nullableOptional(z.boolean()),
  /** Legacy early-access conditions (older flags; removed by the service on update). */
  super_groups: nullableOptional(z.array(featureFlagConditionSchema)),
  /** Legacy holdout conditions (older flags; removed by the service on update). */
  holdout_groups: nullableOptional(z.array(featureFlagConditionSchema)),
})
/**
 * A flag's release conditions, variants and payloads. Send the whole object on update (newer services merge top-level
 * keys, older ones replace).
 */
export interface FeatureFlagFilters extends ShapeOf<typeof featureFlagFiltersSchema> {}
