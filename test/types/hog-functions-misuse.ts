/**
 * Hog functions: misuse cases, each line under `@ts-expect-error` must not compile for the reason in
 * its comment (checked under the strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { HogFunction, HogFunctionInputSchemaItem } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export function typeChecks(fn: HogFunction): void {
  // @ts-expect-error 'destinaton' is misspelled (the issue's example): list type is a closed enum
  void client.hogFunctions.list({ type: ['destinaton'] })
  // @ts-expect-error type is an array of kinds, not one string
  void client.hogFunctions.list({ type: 'destination' })
  // @ts-expect-error hog function type 'webhook' does not exist
  void client.hogFunctions.create({ type: 'webhook', hog: 'print(1)' })
  // @ts-expect-error an input declaration needs its key
  void client.hogFunctions.create({ hog: 'x', inputs_schema: [{ type: 'string' }] })
  // @ts-expect-error input type 'text' is not an input type (it is string)
  void client.hogFunctions.create({ hog: 'x', inputs_schema: [{ type: 'text', key: 'url' }] })
  // @ts-expect-error templating is true/false/hog/liquid
  void client.hogFunctions.create({ hog: 'x', inputs_schema: [{ type: 'string', key: 'url', templating: 'jinja' }] })
  // @ts-expect-error choice options are { value, label }
  void client.hogFunctions.create({ hog: 'x', inputs_schema: [{ type: 'choice', key: 'method', choices: ['POST'] }] })
  // @ts-expect-error an input value's templating is hog or liquid
  void client.hogFunctions.create({ hog: 'x', inputs: { url: { value: 'https://x', templating: 'mustache' } } })
  // @ts-expect-error bytecode is computed by the service, not sent
  void client.hogFunctions.create({ hog: 'x', inputs: { url: { value: 'https://x', bytecode: [] } } })
  // @ts-expect-error filters source 'webhooks' is not a source
  void client.hogFunctions.create({ hog: 'x', filters: { source: 'webhooks' } })
  // @ts-expect-error filter events are { id, type } objects, not names
  void client.hogFunctions.create({ hog: 'x', filters: { events: ['$pageview'] } })
  // @ts-expect-error masking needs its hash
  void client.hogFunctions.create({ hog: 'x', masking: { ttl: 3600 } })
  // @ts-expect-error masking ttl is a number of seconds
  void client.hogFunctions.create({ hog: 'x', masking: { ttl: '1h', hash: '{person.id}' } })
  // @ts-expect-error 'code' is not a field (it is hog)
  void client.hogFunctions.create({ code: 'print(1)' })
  // @ts-expect-error logs level is DEBUG/INFO/WARN/ERROR
  void client.hogFunctions.logs('id', { level: ['TRACE'] })
  // @ts-expect-error metrics interval is hour/day/week
  void client.hogFunctions.metrics('id', { interval: 'month' })
  // @ts-expect-error metrics breakdown_by is kind/name
  void client.hogFunctions.metricsTotals('id', { breakdown_by: 'status' })
  // @ts-expect-error invocations need the configuration
  void client.hogFunctions.invocations('id', { globals: {} })
  // @ts-expect-error rearrange orders map each id (here fn-1) to a number, not a string
  void client.hogFunctions.rearrange({ orders: { 'fn-1': 'first' } })

  // Responses: documented interfaces, open enums, required where always sent.
  expectTypeOf(fn.enabled).toEqualTypeOf<boolean>()
  expectTypeOf(fn.created_at).toEqualTypeOf<string>()
  expectTypeOf<'a_later_kind'>().toMatchTypeOf<NonNullable<HogFunctionInputSchemaItem['type']>>()
  expectTypeOf(fn.masking?.ttl).toEqualTypeOf<number | null | undefined>()
}
