import * as z from 'zod/mini'
import { createdShape, dateTime, describes, json, type Created } from './common.js'
import type { ActionStep } from '../model/action-steps.js'

/** An action's calculation state, also sent on the event definition of an action (§7.1). */
export interface ActionCalculation {
  /** Whether the action is being calculated: always `false` on newer services. */
  is_calculating?: boolean | null
  /** When the action was last calculated (deprecated). */
  last_calculated_at?: string | null
}

/** The fields of `ActionCalculation`. */
export const actionCalculationShape = {
  is_calculating: z.nullish(z.boolean()),
  last_calculated_at: z.nullish(dateTime),
}

/** An action, as list, create, retrieve and update return it (docs/service-behaviour.md §11.4). */
export interface Action extends Created, ActionCalculation {
  /** The action id. */
  id: number
  /** Name, unique among live actions (may be `null`). */
  name?: string | null
  /** Description. */
  description?: string | null
  /** Tags. */
  tags?: unknown[] | null
  /** Post matching events to Slack. */
  post_to_slack?: boolean
  /** The Slack message. */
  slack_message_format?: string | null
  /** The steps: every stored step has all its keys, `url_matching` defaulting to `contains`. */
  steps?: ActionStep[] | null
  /** Soft-deleted. */
  deleted?: boolean
  /** The project id. */
  team_id?: number | null
  /** Always `true`. */
  is_action?: boolean | null
  /** Why the steps did not compile. */
  bytecode_error?: string | null
  /** When it was pinned (the service's time). */
  pinned_at?: string | null
  /** Always `null` in answers. */
  creation_context?: string | null
  /** The caller's access level. */
  user_access_level?: string | null
  /** With `include_reference_count`: how many resources use it. */
  reference_count?: number | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `Action` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type ActionUncheckedFields = 'steps'

/** The fields of `actionSchema` (exported for the tie test with `Action`). */
export const actionShape = {
  id: z.number(),
  name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  tags: z.nullish(z.array(json)),
  post_to_slack: z.optional(z.boolean()),
  slack_message_format: z.nullish(z.string()),
  ...createdShape,
  deleted: z.optional(z.boolean()),
  ...actionCalculationShape,
  team_id: z.nullish(z.number()),
  is_action: z.nullish(z.boolean()),
  bytecode_error: z.nullish(z.string()),
  pinned_at: z.nullish(dateTime),
  creation_context: z.nullish(z.string()),
  user_access_level: z.nullish(z.string()),
  reference_count: z.nullish(z.number()),
}

/** An action (docs/service-behaviour.md §11.4). */
export const actionSchema = describes<Action>(z.looseObject(actionShape))

/** `actions.references`: one resource using the action (the service caps the list at 50). */
export const actionReferenceSchema = z.looseObject({
  /** `insight`, `experiment`, `cohort`, `hog_function`, or later values. */
  type: z.string(),
  /** The resource's id, as a string. */
  id: z.string(),
  /** Its name. */
  name: z.nullish(z.string()),
  /** Its page in PostHog. */
  url: z.nullish(z.string()),
  ...createdShape,
})
/** A resource using an action. */
export type ActionReference = z.infer<typeof actionReferenceSchema>
/** `actions.references`: a bare array. */
export const actionReferencesSchema = z.array(actionReferenceSchema)
