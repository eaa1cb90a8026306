/**
 * The query-schema definitions the SDK writes by hand (scripts/generate-query-shapes.ts names them): the
 * generated shapes of src/model/generated/query-shapes.ts refer to these. Property filters are one
 * shape over PostHog's twenty filter kinds (`type` tells them apart; the members are the union of theirs).
 */
import * as z from 'zod/mini'
import { EXPERIMENT_METRIC_MATH_TYPES, FUNNEL_ORDER_TYPES, PROPERTY_FILTER_TYPES, PROPERTY_OPERATORS } from './enums.js'
import { looseObject, nullableOptional, type ShapeOf, strictObject, type TypedSchema } from './shape.js'

/** A group type index (0…4). */
export const groupTypeIndexSchema = z.literal([0, 1, 2, 3, 4])

const propertyFilterScalarSchema = z.union([z.string(), z.number(), z.boolean()])
/** A scalar a property filter compares with. */
export type PropertyFilterScalar = z.infer<typeof propertyFilterScalarSchema>

const propertyFilterFields = strictObject({
  /** What the property belongs to. */
  type: z.enum(PROPERTY_FILTER_TYPES),
  /** The property name (a HogQL expression for `hogql` filters). */
  key: z.string(),
  /** The value(s) to compare with; absent for `is_set` / `is_not_set`. */
  value: nullableOptional(z.union([propertyFilterScalarSchema, z.array(propertyFilterScalarSchema)])),
  /** The comparison; the service's default is `exact`. */
  operator: nullableOptional(z.enum(PROPERTY_OPERATORS)),
  /** Group filters: the group type (0…4). */
  group_type_index: nullableOptional(groupTypeIndexSchema),
  /** A label shown in PostHog's interface. */
  label: nullableOptional(z.string()),
  /** Cohort filters: the cohort's name, as the interface stores it. */
  cohort_name: nullableOptional(z.string()),
})
/**
 * One property filter, e.g. `{ type: 'event', key: '$browser', operator: 'exact', value: ['Chrome'] }`.
 * For `type: 'hogql'` the `key` is a HogQL expression; for `type: 'cohort'` the `key` is `id` and the
 * `value` the cohort id.
 */
export interface PropertyFilter extends ShapeOf<typeof propertyFilterFields> {}
// Named where it is declared: the shapes that use it (query nodes, metrics, action steps) name `PropertyFilter` in
// their declarations, with its fields' docs, instead of writing its members out at each use.
export const propertyFilterSchema: TypedSchema<PropertyFilter> = propertyFilterFields

export const revenueCurrencySchema = strictObject({
  /** The property holding the currency. */
  property: nullableOptional(z.string()),
  /** A fixed ISO 4217 code. */
  static: nullableOptional(z.string()),
})

// Query-log tags: the service records more keys over time (they never change a result), so unknown ones pass.
export const queryTagsSchema = looseObject({
  /** The PostHog scene. */
  scene: nullableOptional(z.string()),
  /** The product. */
  productKey: nullableOptional(z.string()),
  /** A name of your choosing. */
  name: nullableOptional(z.string()),
})
/** Tags recorded with a query in the query log. */
export interface QueryTags extends ShapeOf<typeof queryTagsSchema> {}

/** `math` of a series: `total` (the default, count of events), `sum`, `avg`, `dau`, `hogql`, … */
export const mathTypeSchema = z.enum(EXPERIMENT_METRIC_MATH_TYPES)
/** `ordered` (default), `strict` or `unordered`. */
export const funnelOrderTypeSchema = z.enum(FUNNEL_ORDER_TYPES)
/** What a breakdown's property belongs to. */
export const breakdownTypeSchema = z.enum([
  'person',
  'event',
  'event_metadata',
  'group',
  'session',
  'hogql',
  'cohort',
  'revenue_analytics',
  'data_warehouse',
  'data_warehouse_person_property',
])
