/**
 * Event definitions and request options: misuse cases, each line under `@ts-expect-error` must not
 * compile for the reason in its comment (checked under the strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { EventDefinition } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export function typeChecks(definition: EventDefinition): void {
  // @ts-expect-error create needs the name
  void client.eventDefinitions.create({ description: 'Checkout completed' })
  // @ts-expect-error enforcement_mode is allow/reject
  void client.eventDefinitions.update('id', { enforcement_mode: 'warn' })
  // @ts-expect-error tags are a string[], not one comma-separated string
  void client.eventDefinitions.update('id', { tags: 'revenue,checkout' })
  // @ts-expect-error owner is a user id (a number), not an email string
  void client.eventDefinitions.update('id', { owner: 'ada@example.com' })
  // @ts-expect-error 'verfied' is misspelled
  void client.eventDefinitions.update('id', { verfied: true })
  // @ts-expect-error event_type is event/event_custom/event_posthog
  void client.eventDefinitions.list({ event_type: 'custom' })
  // @ts-expect-error ordering keys are name/last_seen_at/last_seen_at::date, optionally '-'-prefixed
  void client.eventDefinitions.list({ ordering: '-created_at' })

  // Request options: extraBody is an object, extraQuery holds query values only.
  // @ts-expect-error extraBody is an object of fields, not a string
  void client.eventDefinitions.update('id', { hidden: true }, { extraBody: 'primary_property=amount' })
  // @ts-expect-error extraQuery values are text, numbers, booleans or dates: the nested { name } object is refused
  void client.eventDefinitions.list({}, { extraQuery: { filter: { name: 'x' } } })
  // @ts-expect-error 'extraParams' is not a request option (it is extraQuery)
  void client.eventDefinitions.list({}, { extraParams: { a: 1 } })

  // Responses: `name` is always sent, so it is a string (the example).
  expectTypeOf(definition.name).toEqualTypeOf<string>()
  expectTypeOf<'warn'>().toMatchTypeOf<NonNullable<EventDefinition['enforcement_mode']>>()
}
