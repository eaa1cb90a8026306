import type * as z from 'zod/mini'
import { checkShape } from '../requests/check.js'
import { REQUESTS } from '../requests/by-method.js'
import { enumValues, fieldsOf, nodeOf, unwrap, type SchemaNode } from '../requests/introspect.js'
import type { CommandSpec, Group } from './commands.js'

/**
 * What the command line reads from a method's request shapes (src/requests): its flags (the params
 * object's fields, with their kinds and allowed values) and its body, and the full-depth check of both
 * before anything is sent. Loaded only for a call or a method's help (it loads zod).
 */

/** How a flag's text becomes the value the SDK takes. */
export type FlagKind = 'integer' | 'number' | 'boolean' | 'date' | 'string' | 'list'

/** One flag of a method: its kind, and the values it allows when they are a closed list. */
export interface Flag {
  readonly kind: FlagKind
  readonly values?: readonly (string | number)[]
}

/** The request shapes of `group.method`. */
export function shapesOf(group: Group, method: string): { params?: z.ZodMiniType; body?: z.ZodMiniType } {
  return REQUESTS[`${group}.${method}`] ?? {}
}

/** The flags of a method's params object, by flag name (the field's name on the wire). */
export function flagsOf(group: Group, method: string, spec: CommandSpec): Record<string, Flag> {
  if (!spec.params) return {}
  const schema = shapesOf(group, method).params
  if (!schema) throw new Error(`no params shape for ${group}.${method} in REQUESTS`)
  return Object.fromEntries(fieldsOf(nodeOf(schema)).map(([name, field]) => [name, flagOf(field)]))
}

/** The kinds a field's schema may take (a union's options each add theirs), and its literal values. */
function kindsOf(schema: SchemaNode): { kinds: Set<string>; values: Array<string | number | boolean> } {
  const { def } = unwrap(schema)
  const values = enumValues(schema)
  if (values) return { kinds: new Set(['enum']), values }
  if (def.type === 'union') {
    const each = def.options!.map(kindsOf)
    return { kinds: new Set(each.flatMap((item) => [...item.kinds])), values: each.flatMap((item) => item.values) }
  }
  if (def.type === 'number' && (def as { format?: string }).format?.includes('int'))
    return { kinds: new Set(['integer']), values: [] }
  return { kinds: new Set([def.type]), values: [] }
}

function flagOf(schema: SchemaNode): Flag {
  const { kinds, values } = kindsOf(schema)
  if (kinds.has('array')) {
    const element = unwrap(schema).def.element
    const allowed = element ? kindsOf(element).values : []
    return allowed.length > 0 ? { kind: 'list', values: allowed as Array<string | number> } : { kind: 'list' }
  }
  if (kinds.has('date')) return { kind: 'date' }
  if (kinds.has('boolean')) return { kind: 'boolean' }
  if (kinds.has('string')) return { kind: 'string' }
  const numbers = values.every((value) => typeof value === 'number')
  if (kinds.has('enum')) return { kind: numbers ? 'integer' : 'string', values: values as Array<string | number> }
  if (kinds.has('number') || kinds.has('integer')) return { kind: 'number' }
  return { kind: 'string' }
}

/** One line per top-level field of a method's body: its name, whether it is required, and what it takes. */
export function bodyFieldsOf(group: Group, method: string): Array<readonly [string, string]> {
  const schema = shapesOf(group, method).body
  if (!schema) return []
  return fieldsOf(nodeOf(schema)).map(
    ([name, field]) => [name, `${field.def.type === 'optional' ? '' : 'required: '}${describeField(field)}`] as const,
  )
}

/** What a field takes, in words: `one of "web", "product"`, `an object`, `text or null`, … */
export function describeField(schema: SchemaNode): string {
  let current = schema
  let nullable = false
  while (current.def.type === 'optional' || current.def.type === 'nullable') {
    nullable ||= current.def.type === 'nullable'
    current = current.def.innerType!
  }
  const { kinds, values } = kindsOf(current)
  // `Date | string` in the SDK is ISO 8601 text in JSON.
  if (kinds.has('date')) kinds.delete('string')
  const words = values.length > 0 ? [`one of ${values.map((value) => JSON.stringify(value)).join(', ')}`] : []
  for (const kind of kinds) if (kind !== 'enum') words.push(KIND_WORDS[kind] ?? kind)
  if (nullable) words.push('null')
  return words.join(' or ')
}

const KIND_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  date: 'a date-time (ISO 8601)',
  object: 'an object',
  record: 'an object',
  array: 'a list',
  tuple: 'a list',
  unknown: 'any JSON',
  null: 'null',
  template_literal: 'text',
}

/** What is wrong with a command's input: the flag or `--data` path at fault, and every problem. */
export interface InputProblem {
  readonly argument: string
  readonly message: string
}

/**
 * Checks a value against a method's shape in full depth: the first problem's field path as the user named it
 * (`--data.metrics[0].metric_type`, `--status`), what was expected, and the other problems. The caller throws
 * it as a `UsageError` (call.ts): this module, built into a file of its own (tsup.config.ts), shares no class
 * with the command.
 */
export function inputProblem(
  schema: z.ZodMiniType | undefined,
  value: unknown,
  where: '--data' | 'flags',
): InputProblem | undefined {
  if (!schema) return undefined
  const problems = checkShape(schema, value)
  if (problems.length === 0) return undefined
  const name = (path: string) => (where === '--data' ? (path ? `--data.${path}` : '--data') : `--${path}`)
  const [first, ...rest] = problems
  const more = rest.map(({ path, message }) => `\n  \`${name(path)}\`: ${message}`)
  return { argument: name(first!.path), message: first!.message + more.join('') }
}
