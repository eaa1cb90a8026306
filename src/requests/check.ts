import * as z from 'zod/mini'
import { closest } from '../core/closest.js'
import { nodeOf, type SchemaNode } from './introspect.js'

/**
 * Full-depth checks of a value against a request shape, for the command line and the configuration files:
 * every problem with its field path (`metrics[0].metric_type`) and what was expected, in words a user can
 * act on (zod/mini carries no message texts, so they are written here from zod's structured issues).
 */

/** One problem of a value: where, and what was expected. */
export interface ShapeProblem {
  /** The field path, e.g. `metrics[0].source.kind`; `''` for the value itself. */
  readonly path: string
  /** What is wrong, e.g. `expected one of "mean", "funnel", got "median"`. */
  readonly message: string
}

type Path = ReadonlyArray<PropertyKey>

/** The problems of `value` against `schema` (none when it conforms), the first `limit` of them. */
export function checkShape(schema: z.ZodMiniType, value: unknown, limit = Number.POSITIVE_INFINITY): ShapeProblem[] {
  const result = z.safeParse(schema, value)
  if (result.success) return []
  const problems: ShapeProblem[] = []
  // Described one issue at a time up to the limit: 100k unknown keys cost one suggestion each otherwise.
  for (const issue of result.error.issues) {
    if (problems.length >= limit) break
    const limited =
      issue.code === 'unrecognized_keys' ? { ...issue, keys: issue.keys.slice(0, limit - problems.length) } : issue
    problems.push(...describe(limited, nodeOf(schema), value))
  }
  return problems.slice(0, limit)
}

/** `metrics[0].source` from `['metrics', 0, 'source']`. */
export function formatPath(path: Path): string {
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join('')
}

function describe(issue: z.core.$ZodIssue, root: SchemaNode, value: unknown): ShapeProblem[] {
  const at = valueAt(value, issue.path)
  const path = formatPath(issue.path)
  switch (issue.code) {
    case 'unrecognized_keys': {
      const known = knownKeys(schemaAt(root, value, issue.path))
      return issue.keys.map((key) => {
        const nearest = closest(key, known)
        return {
          path: formatPath([...issue.path, key]),
          message: `unknown field${nearest ? `; did you mean "${nearest}"?` : ''}`,
        }
      })
    }
    case 'invalid_type':
      return [
        {
          path,
          message: at.found ? `expected ${issue.expected}, got ${typeName(at.value)}` : `required (${issue.expected})`,
        },
      ]
    case 'invalid_value':
      return [{ path, message: `expected ${oneOf(issue.values)}, got ${show(at.value)}` }]
    case 'invalid_union': {
      const { discriminator, options } = issue as { discriminator?: string; options?: unknown[] }
      if (discriminator && options) return [{ path, message: `expected ${oneOf(options)}, got ${show(at.value)}` }]
      // The option that came closest (fewest problems) says what is wrong.
      const nearest = [...issue.errors].sort((a, b) => a.length - b.length)[0]
      if (!nearest || nearest.length === 0)
        return [{ path, message: `matches none of the allowed shapes, got ${show(at.value)}` }]
      return nearest.flatMap((inner) =>
        describe({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, root, value),
      )
    }
    case 'too_small':
    case 'too_big': {
      const { minimum, maximum, origin, inclusive } = issue as {
        minimum?: unknown
        maximum?: unknown
        origin?: string
        inclusive?: boolean
      }
      const small = issue.code === 'too_small'
      const bound = small ? minimum : maximum
      const words = inclusive === false ? (small ? 'more than' : 'less than') : small ? 'at least' : 'at most'
      const noun = origin === 'array' ? ' item' : origin === 'string' ? ' character' : ''
      return [
        {
          path,
          message: `expected ${words} ${String(bound)}${noun}${noun && bound !== 1 ? 's' : ''}, got ${show(at.value)}`,
        },
      ]
    }
    case 'not_multiple_of':
      return [
        {
          path,
          message:
            `expected ${issue.divisor === 1 ? 'an integer' : `a multiple of ${String(issue.divisor)}`}, got ` +
            `${show(at.value)}`,
        },
      ]
    case 'custom':
      return [{ path, message: issue.message }]
    case 'invalid_key': {
      const [inner] = issue.issues
      const why =
        inner?.code === 'invalid_value'
          ? `: expected ${oneOf(inner.values)}`
          : inner?.code === 'custom'
            ? ` (${inner.message})`
            : ''
      return [{ path, message: `not an allowed key${why}` }]
    }
    default:
      return [{ path, message: `invalid (${issue.code}), got ${show(at.value)}` }]
  }
}

/** The value at `path` inside `value`, and whether it is there. */
function valueAt(value: unknown, path: Path): { found: boolean; value: unknown } {
  let current = value
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key))
      return { found: false, value: undefined }
    current = (current as Record<PropertyKey, unknown>)[key]
  }
  return { found: true, value: current }
}

/** The schema that checks the value at `path` (following the value through unions). */
function schemaAt(schema: SchemaNode | undefined, value: unknown, path: Path): SchemaNode | undefined {
  let current = schema
  let at = value
  for (const key of [...path, undefined]) {
    current = unwrap(current, at)
    if (key === undefined || !current) return current
    const { def } = current
    current =
      def.type === 'object'
        ? def.shape?.[key as string]
        : def.type === 'array'
          ? def.element
          : def.type === 'tuple'
            ? (def.items?.[key as number] ?? def.rest ?? undefined)
            : def.type === 'record'
              ? def.valueType
              : undefined
    at = typeof at === 'object' && at !== null ? (at as Record<PropertyKey, unknown>)[key] : undefined
  }
  return current
}

/** `schema` without optional and nullable wrappers, and the option of a union that `value` is meant for. */
function unwrap(schema: SchemaNode | undefined, value: unknown): SchemaNode | undefined {
  let current = schema
  while (
    current &&
    (current.def.type === 'optional' || current.def.type === 'nullable' || current.def.type === 'default')
  )
    current = current.def.innerType
  if (current?.def.type !== 'union') return current
  const { options = [], discriminator } = current.def
  const tag =
    discriminator && typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)[discriminator]
      : undefined
  const objects = options
    .map((option) => unwrap(option, value))
    .filter((option): option is SchemaNode => option?.def.type === 'object')
  const tagged = objects.find((option) => {
    const field = discriminator ? option.def.shape?.[discriminator] : undefined
    return field?.def.type === 'literal' && field.def.values!.includes(tag)
  })
  return tagged ?? objects[0] ?? current
}

function knownKeys(schema: SchemaNode | undefined): string[] {
  return schema?.def.type === 'object' ? Object.keys(schema.def.shape ?? {}) : []
}

function oneOf(values: readonly unknown[]): string {
  return values.length === 1
    ? JSON.stringify(values[0])
    : `one of ${values.map((item) => JSON.stringify(item)).join(', ')}`
}

function typeName(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `${typeof value} ${show(value)}`
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 60)}…` : text
}
