/** Event definitions and request options: realistic payloads from docs/service-behaviour.md §7 (also sent to the fake by test/types-payloads.test.ts). */
import type { EventDefinitionCreateParams, EventDefinitionListParams, EventDefinitionUpdateParams, RequestOptions } from 'posthog-project-client'
import { payload } from './helpers.js'

export const checkout = payload<EventDefinitionCreateParams>({ name: 'checkout_completed', description: 'A customer paid', tags: ['revenue', 'checkout'], post_to_slack: false })
export const verify = payload<EventDefinitionUpdateParams>({ verified: true, hidden: false, owner: 1, default_columns: ['properties.amount', 'person'] })
export const enforce = payload<EventDefinitionUpdateParams>({ enforcement_mode: 'allow' })
export const custom = payload<EventDefinitionListParams>({ event_type: 'event_custom', exclude_hidden: true, tags: ['revenue'], ordering: ['-last_seen_at::date', 'name'], limit: 100 })
/** A field the SDK does not know yet, sent through `extraBody`, and a query parameter through `extraQuery`. */
export const withExtras = payload<RequestOptions>({ extraBody: { primary_property: 'amount' }, extraQuery: { include_actions: true, since: new Date('2026-11-01T00:00:00Z'), ids: ['a', 'b'] }, timeout: 10_000 })
