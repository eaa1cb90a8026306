import * as z from 'zod/mini'
import { dateTime, describes, openEnum, userBasicSchema, type UserBasic } from './common.js'
import type { EVENT_DEFINITION_ENFORCEMENT_MODES } from '../model/enums.js'
import { actionCalculationShape, type ActionCalculation } from './actions.js'

/** Whether events of a definition may be ingested freely (`allow`) or are refused (`reject`). */
export const eventDefinitionEnforcementModeSchema = openEnum<(typeof EVENT_DEFINITION_ENFORCEMENT_MODES)[number]>()
/** Enforcement mode of an event definition: a known value or one added later. */
export type EventDefinitionEnforcementMode = z.infer<typeof eventDefinitionEnforcementModeSchema>

/**
 * An event definition, as list, create, retrieve and update return it (docs/service-behaviour.md §7.1).
 * Self-hosted instances without the enterprise serializer send fewer fields; fields the service added
 * later are kept as sent.
 */
export interface EventDefinition extends ActionCalculation {
  /** The definition's id (a UUID). */
  id: string
  /** The event name, unique per project. */
  name: string
  /** The owner's user id (older versions embedded the user object instead). */
  owner?: number | UserBasic | null
  /** Description. */
  description?: string | null
  /** Tags. */
  tags?: string[] | null
  /** First seen; `null` for definitions created through the API until the first event arrives. */
  created_at?: string | null
  /** Last change. */
  updated_at?: string | null
  /** Who changed it last. */
  updated_by?: UserBasic | null
  /** When the event was last seen. */
  last_seen_at?: string | null
  /** When the definition was last updated. */
  last_updated_at?: string | null
  /** Verified by someone in the project. */
  verified?: boolean | null
  /** When it was verified. */
  verified_at?: string | null
  /** Who verified it. */
  verified_by?: UserBasic | null
  /** Hidden from PostHog's pickers. */
  hidden?: boolean | null
  /** `allow`, `reject`, or a value added later. */
  enforcement_mode?: EventDefinitionEnforcementMode | null
  /** `true` for an action's definition. */
  is_action?: boolean | null
  /** The action's id (actions only). */
  action_id?: number | null
  /** Who created the action (actions only). */
  created_by?: UserBasic | null
  /** Post matching events to Slack. */
  post_to_slack?: boolean | null
  /** Columns shown by default for this event. */
  default_columns?: string[] | null
  /** Preview images of the event's media. */
  media_preview_urls?: string[] | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `eventDefinitionSchema` (exported for the tie test with `EventDefinition`). */
export const eventDefinitionShape = {
  id: z.string(),
  name: z.string(),
  owner: z.nullish(z.union([z.number(), userBasicSchema])),
  description: z.nullish(z.string()),
  tags: z.nullish(z.array(z.string())),
  created_at: z.nullish(dateTime),
  updated_at: z.nullish(dateTime),
  updated_by: z.nullish(userBasicSchema),
  last_seen_at: z.nullish(dateTime),
  last_updated_at: z.nullish(dateTime),
  verified: z.nullish(z.boolean()),
  verified_at: z.nullish(dateTime),
  verified_by: z.nullish(userBasicSchema),
  hidden: z.nullish(z.boolean()),
  enforcement_mode: z.nullish(eventDefinitionEnforcementModeSchema),
  is_action: z.nullish(z.boolean()),
  action_id: z.nullish(z.number()),
  ...actionCalculationShape,
  created_by: z.nullish(userBasicSchema),
  post_to_slack: z.nullish(z.boolean()),
  default_columns: z.nullish(z.array(z.string())),
  media_preview_urls: z.nullish(z.array(z.string())),
}

/** An event definition (docs/service-behaviour.md §7.1). */
export const eventDefinitionSchema = describes<EventDefinition>(z.looseObject(eventDefinitionShape))

/** `eventDefinitions.metrics`: how often the event was used in queries over 30 days. */
export const eventDefinitionMetricsSchema = z.looseObject({
  query_usage_30_day: z.nullish(z.number()),
})
/** Usage metrics of an event definition. */
export type EventDefinitionMetrics = z.infer<typeof eventDefinitionMetricsSchema>

/** A generated, typed capture module for the project's events (`golang`, `python`, `typescript`). */
export const eventDefinitionCodeSchema = z.looseObject({
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
