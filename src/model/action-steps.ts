/** An action's steps, as sent and as read (docs/service-behaviour.md §11.4). */
import * as z from 'zod/mini'
import { ACTION_STEP_MATCHINGS } from './enums.js'
import { propertyFilterSchema } from './query-nodes.js'
import { nullableOptional, type ShapeOf, strictObject } from './shape.js'

/** How an action step matches `text`, `href` or `url`: `contains`, `regex` or `exact`. */
export type ActionStepMatching = (typeof ACTION_STEP_MATCHINGS)[number]

export const actionStepSchema = strictObject({
  /** The event, e.g. `$pageview`, `$autocapture` or a custom event; `null` for any. */
  event: nullableOptional(z.string()),
  /** Property filters on the event. */
  properties: nullableOptional(z.array(propertyFilterSchema)),
  /** CSS selector of the element (autocapture). */
  selector: nullableOptional(z.string()),
  /** Derived from `selector` by the service (sent back as read). */
  selector_regex: nullableOptional(z.string()),
  /** Element tag name. */
  tag_name: nullableOptional(z.string()),
  /** Element text. */
  text: nullableOptional(z.string()),
  /** How `text` matches. */
  text_matching: nullableOptional(z.enum(ACTION_STEP_MATCHINGS)),
  /** Link target. */
  href: nullableOptional(z.string()),
  /** How `href` matches. */
  href_matching: nullableOptional(z.enum(ACTION_STEP_MATCHINGS)),
  /** Page URL. */
  url: nullableOptional(z.string()),
  /** How `url` matches (the service's default: `contains`). */
  url_matching: nullableOptional(z.enum(ACTION_STEP_MATCHINGS)),
})
/**
 * One way to match the action (the steps are OR-ed), e.g. `{ event: '$pageview', url: '/welcome', url_matching:
 * 'contains' }`.
 */
export interface ActionStep extends ShapeOf<typeof actionStepSchema> {}
