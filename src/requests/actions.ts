/** Request bodies and queries of `actions` (docs/service-behaviour.md §11.4). */
import * as z from 'zod/mini'
import { ACTION_ORDERINGS } from '../model/enums.js'
import { dateTimeInput, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import {} from '../model/query-nodes.js'
import { actionStepSchema } from '../model/action-steps.js'

export const actionWriteFieldsSchema = strictObject({
  /** Name, unique among the project's live actions. */
  name: nullableOptional(z.string()),
  /** Description. */
  description: z.exactOptional(z.string()),
  /** Tags. */
  tags: z.exactOptional(z.array(z.string())),
  /** Post matching events to Slack. */
  post_to_slack: z.exactOptional(z.boolean()),
  /** The Slack message (at most 1,200 characters). */
  slack_message_format: z.exactOptional(z.string()),
  /** The steps, OR-ed. */
  steps: z.exactOptional(z.array(actionStepSchema)),
  /** `true` soft-deletes, `false` restores. */
  deleted: z.exactOptional(z.boolean()),
  /** Pin (any date-time: the service stores its own time) or unpin (`null`). */
  pinned_at: nullableOptional(dateTimeInput),
  /** Where the action was made (analytics). */
  creation_context: nullableOptional(z.string()),
  /** Folder to create the action in. */
  _create_in_folder: z.exactOptional(z.string()),
})
/** Fields accepted by `actions.create` and `update`. */
export interface ActionWriteFields extends ShapeOf<typeof actionWriteFieldsSchema> {}

export { actionWriteFieldsSchema as actionCreateParamsSchema }
/** `actions.create`: every field optional; a `name`, when given, is unique among live actions. */
export type ActionCreateParams = ActionWriteFields
export { actionWriteFieldsSchema as actionUpdateParamsSchema }
/** `actions.update`: any writable field. */
export type ActionUpdateParams = ActionWriteFields

/** A sort key of `actions.list`. */
export type ActionOrdering = (typeof ACTION_ORDERINGS)[number]

export const actionListParamsSchema = strictObject({
  /** Page size: without it the service answers every action (the list has no `next`). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** Name contains (case-insensitive). */
  search: z.optional(z.string()),
  /** Creator user ids; sent comma-separated. */
  created_by: z.optional(z.array(z.number())),
  /** Only actions with these tags; sent as a JSON array string. */
  tags: z.optional(z.array(z.string())),
  /** `name`, `created_at`, `pinned_at` or `created_by`, `-` prefix descending. */
  ordering: z.optional(z.enum(ACTION_ORDERINGS)),
  /** Add `reference_count` to each action. */
  include_reference_count: z.optional(z.boolean()),
})
/** Query of `actions.list` (docs/service-behaviour.md §11.4). */
export interface ActionListParams extends ShapeOf<typeof actionListParamsSchema> {}
