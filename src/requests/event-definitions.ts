/** Request bodies and queries of `eventDefinitions` (docs/service-behaviour.md §7). */
import * as z from 'zod/mini'
import { EVENT_DEFINITION_ENFORCEMENT_MODES, EVENT_DEFINITION_EVENT_TYPES } from '../model/enums.js'
import { nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams, pageParams } from './group-shapes.js'

export const eventDefinitionWriteFieldsSchema = strictObject({
  /** Event name, at most 400 characters; unique per project (a duplicate is refused on create). */
  name: z.exactOptional(z.string()),
  /** User id of the owner. */
  owner: nullableOptional(z.number()),
  /** Description. */
  description: nullableOptional(z.string()),
  /** Tags (replace the existing ones). */
  tags: z.exactOptional(z.array(z.string())),
  /** Mark as verified (not together with `hidden`). */
  verified: z.exactOptional(z.boolean()),
  /** Hide from PostHog's pickers; cannot be `true` together with `verified` (400). */
  hidden: nullableOptional(z.boolean()),
  /** `allow` (default) or `reject` (refuse ingestion; behind a feature flag, else 400). */
  enforcement_mode: z.exactOptional(z.enum(EVENT_DEFINITION_ENFORCEMENT_MODES)),
  /** Post matching events to Slack (default `false`). */
  post_to_slack: z.exactOptional(z.boolean()),
  /** Columns shown by default for this event. */
  default_columns: z.exactOptional(z.array(z.string())),
})
/**
 * Fields accepted by `eventDefinitions.create` and `update` (docs/service-behaviour.md §7.1). A field
 * the SDK does not know yet goes through the request option `extraBody`.
 */
export interface EventDefinitionWriteFields extends ShapeOf<typeof eventDefinitionWriteFieldsSchema> {}

export const eventDefinitionCreateParamsSchema = createParams(eventDefinitionWriteFieldsSchema, {
  /** Event name, at most 400 characters (required). */
  name: z.string().check(z.minLength(1)),
})
/** `eventDefinitions.create`: `name` is required by the service. */
export interface EventDefinitionCreateParams extends ShapeOf<typeof eventDefinitionCreateParamsSchema> {}

export { eventDefinitionWriteFieldsSchema as eventDefinitionUpdateParamsSchema }
/** `eventDefinitions.update`: any writable field. */
export type EventDefinitionUpdateParams = EventDefinitionWriteFields

export const eventDefinitionOrderingSchema = z.literal([
  'name',
  '-name',
  'last_seen_at',
  '-last_seen_at',
  'last_seen_at::date',
  '-last_seen_at::date',
])
/** A sort key of `eventDefinitions.list`. */
export type EventDefinitionOrdering = z.infer<typeof eventDefinitionOrderingSchema>

export const eventDefinitionListParamsSchema = strictObject(pageParams, {
  /** Name contains. */
  search: z.optional(z.string()),
  /** `event` (service default), `event_custom` (no `$` prefix) or `event_posthog` (`$` events). */
  event_type: z.optional(z.enum(EVENT_DEFINITION_EVENT_TYPES)),
  /** Leave hidden definitions out. */
  exclude_hidden: z.optional(z.boolean()),
  /** Event names to leave out; sent as a JSON array string, as the service expects. */
  excluded_properties: z.optional(z.array(z.string())),
  /** Only definitions with these tags; sent as a JSON array string, as the service expects. */
  tags: z.optional(z.array(z.string())),
  /**
   * `name`, `last_seen_at`, `last_seen_at::date`, each optionally `-`-prefixed; a list is sent
   * comma-separated (service default `-last_seen_at::date,name`).
   */
  ordering: z.optional(z.union([eventDefinitionOrderingSchema, z.array(eventDefinitionOrderingSchema)])),
})
/** Query of `eventDefinitions.list` (docs/service-behaviour.md §7.2). */
export interface EventDefinitionListParams extends ShapeOf<typeof eventDefinitionListParamsSchema> {}
