import * as z from 'zod/mini'
import { dateTime, looseObject, nullish, openEnum, userBasicSchema } from './common.js'

/** Whether events of a definition may be ingested freely (`allow`) or are refused (`reject`). */
export const eventDefinitionEnforcementModeSchema = openEnum<'allow' | 'reject'>()
/** Enforcement mode of an event definition: a known value or one added later. */
export type EventDefinitionEnforcementMode = z.infer<typeof eventDefinitionEnforcementModeSchema>

/**
 * An event definition, as list, create, retrieve and update return it (api-contract.md §7.1, OAS
 * `EnterpriseEventDefinition`). Self-hosted instances without the enterprise serializer send fewer fields.
 */
export const eventDefinitionSchema = looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  /** A user id; older versions embedded the user object instead. */
  owner: nullish(z.union([z.number(), userBasicSchema])),
  description: nullish(z.string()),
  tags: nullish(z.array(z.string())),
  /** `null` for definitions created through the API until the first event arrives. */
  created_at: nullish(dateTime),
  updated_at: nullish(dateTime),
  updated_by: nullish(userBasicSchema),
  last_seen_at: nullish(dateTime),
  last_updated_at: nullish(dateTime),
  verified: nullish(z.boolean()),
  verified_at: nullish(dateTime),
  verified_by: nullish(userBasicSchema),
  hidden: nullish(z.boolean()),
  enforcement_mode: nullish(eventDefinitionEnforcementModeSchema),
  is_action: nullish(z.boolean()),
  action_id: nullish(z.number()),
  is_calculating: nullish(z.boolean()),
  last_calculated_at: nullish(dateTime),
  created_by: nullish(userBasicSchema),
  post_to_slack: nullish(z.boolean()),
  default_columns: nullish(z.array(z.string())),
  media_preview_urls: nullish(z.array(z.string())),
})
/** An event definition. */
export type EventDefinition = z.infer<typeof eventDefinitionSchema>

/** Fields accepted by `eventDefinitions.create` and `update`. */
export interface EventDefinitionWriteFields {
  /** Event name, at most 400 characters; unique per project. */
  name?: string
  /** User id of the owner. */
  owner?: number | null
  description?: string | null
  tags?: string[]
  verified?: boolean
  /** Cannot be `true` together with `verified` (400). */
  hidden?: boolean | null
  enforcement_mode?: EventDefinitionEnforcementMode
  post_to_slack?: boolean
  default_columns?: string[]
  /** Fields the service added after the contract are passed through as given. */
  [field: string]: unknown
}

/** `eventDefinitions.create`: `name` is required by the service. */
export interface EventDefinitionCreateParams extends EventDefinitionWriteFields {
  name: string
}

/** `eventDefinitions.update`: any writable field. */
export type EventDefinitionUpdateParams = EventDefinitionWriteFields

/** Query of `eventDefinitions.list` (api-contract.md §7.2). */
export interface EventDefinitionListParams {
  limit?: number
  offset?: number
  /** Name contains. */
  search?: string
  /** `event` (service default), `event_custom` (no `$` prefix) or `event_posthog` (`$` events). */
  event_type?: 'event' | 'event_custom' | 'event_posthog' | (string & {})
  exclude_hidden?: boolean
  /** Event names to leave out; sent as a JSON array string, as the service expects. */
  excluded_properties?: string[]
  /** Only definitions with these tags; sent as a JSON array string, as the service expects. */
  tags?: string[]
  /**
   * `name`, `last_seen_at`, `last_seen_at::date`, each optionally `-`-prefixed; a list is sent
   * comma-separated (service default `-last_seen_at::date,name`).
   */
  ordering?: string | string[]
}

/** `eventDefinitions.metrics`: how often the event was used in queries over 30 days. */
export const eventDefinitionMetricsSchema = looseObject({
  query_usage_30_day: nullish(z.number()),
})
/** Usage metrics of an event definition. */
export type EventDefinitionMetrics = z.infer<typeof eventDefinitionMetricsSchema>

/** A generated, typed capture module for the project's events (`golang`, `python`, `typescript`). */
export const eventDefinitionCodeSchema = looseObject({
  /** The complete source file. */
  content: z.optional(z.string()),
  /** How many events the file covers. */
  event_count: z.optional(z.number()),
  /** 32 hex characters over language, generator version and event properties: changes when the schema does. */
  schema_hash: z.optional(z.string()),
  generator_version: z.optional(z.string()),
})
/** A generated, typed capture module. */
export type EventDefinitionCode = z.infer<typeof eventDefinitionCodeSchema>
