import type * as core from 'zod/v4/core'

/**
 * A check compiled once per zod schema, from the schema's public `def`, that allocates nothing. `true`
 * means zod accepts the value and its output deep-equals it (the response schemas have no defaults or
 * transforms, and loose objects keep unknown keys), so the parsed JSON can be returned as is. `false`
 * means "not sure": the caller runs zod. Written because zod/mini's parse is never compiled and copies
 * every object and array it validates: most of the cost of reading a response (BENCHMARKS.md).
 */
export type Check = (value: unknown) => boolean

/** A zod schema as this module reads it: its public `def` only. */
interface Schema {
  readonly def: core.$ZodTypeDef
}

const no: Check = () => false
const yes: Check = () => true
const compiled = new WeakMap<Schema, Check>()

/**
 * A plain object, as `JSON.parse` makes (zod would copy any other kind into a plain one); one with an
 * own `__proto__` key (zod drops it) takes zod's path.
 */
function isObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    !Object.hasOwn(value, '__proto__')
  )
}

/** The check of `schema`, compiled on first use. */
export function compileCheck(schema: Schema): Check {
  let check = compiled.get(schema)
  if (!check) {
    compiled.set(schema, no) // a recursive schema meets this placeholder and takes zod's path
    compiled.set(schema, (check = build(schema.def)))
  }
  return check
}

/** The check of a schema held in a `def` (zod types those as its core schemas, which have a `def` too). */
function inner(schema: unknown): Check {
  return compileCheck(schema as Schema)
}

function build(def: core.$ZodTypeDef): Check {
  // Refinements (`z.int()`, string formats, lengths) and coercion: zod decides.
  const extra = def as { format?: string; coerce?: boolean }
  if (def.checks?.length || extra.format || extra.coerce) return no
  switch (def.type) {
    case 'unknown':
    case 'any':
      return yes
    case 'string':
      return (value) => typeof value === 'string'
    case 'number':
      return (value) => Number.isFinite(value)
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'null':
      return (value) => value === null
    case 'literal': {
      const values = (def as core.$ZodLiteralDef<core.util.Literal>).values
      return (value) => values.includes(value as core.util.Literal)
    }
    case 'enum': {
      const values = Object.values((def as core.$ZodEnumDef).entries)
      return (value) => values.includes(value as string)
    }
    case 'optional': {
      const check = inner((def as core.$ZodOptionalDef).innerType)
      return (value) => value === undefined || check(value)
    }
    case 'nullable': {
      const check = inner((def as core.$ZodNullableDef).innerType)
      return (value) => value === null || check(value)
    }
    case 'union': {
      const checks = (def as core.$ZodUnionDef).options.map((option) => inner(option))
      return (value) => checks.some((check) => check(value))
    }
    case 'array':
      return arrayCheck(inner((def as core.$ZodArrayDef).element), [], undefined)
    case 'tuple': {
      const { items, rest } = def as core.$ZodTupleDef
      return arrayCheck(
        undefined,
        items.map((item) => inner(item)),
        rest ? inner(rest) : undefined,
      )
    }
    case 'record':
      return recordCheck(def as core.$ZodRecordDef)
    case 'object':
      return objectCheck(def as core.$ZodObjectDef)
    default:
      // Kinds that transform, default, coerce or are rare in responses: zod decides. Listed as a type only
      // (no bytes in the bundle): a kind zod adds later fails to compile here until it is sorted.
      return zodDecides(def.type)
  }
}

type ZodDecidedKind =
  | 'int'
  | 'bigint'
  | 'symbol'
  | 'undefined'
  | 'void'
  | 'never'
  | 'date'
  | 'file'
  | 'intersection'
  | 'map'
  | 'set'
  | 'nonoptional'
  | 'success'
  | 'transform'
  | 'default'
  | 'prefault'
  | 'catch'
  | 'nan'
  | 'pipe'
  | 'readonly'
  | 'template_literal'
  | 'promise'
  | 'lazy'
  | 'function'
  | 'custom'

function zodDecides(_kind: ZodDecidedKind): Check {
  return no
}

function arrayCheck(element: Check | undefined, items: Check[], rest: Check | undefined): Check {
  return (value) => {
    if (!Array.isArray(value)) return false
    if (!element && (value.length < items.length || (!rest && value.length > items.length))) return false
    // An index loop, not every(), which would skip holes; zod turns a hole (or undefined) into an own
    // `undefined`, which JSON never holds, so both take zod's path.
    for (let index = 0; index < value.length; index++) {
      const item = value[index]
      if (item === undefined || !(element ?? items[index] ?? rest!)(item)) return false
    }
    return true
  }
}

function recordCheck(def: core.$ZodRecordDef): Check {
  // Only plain string keys; an enum or a format checks its keys, so zod decides.
  const key = (def.keyType as unknown as Schema).def
  if (key.type !== 'string' || key.checks?.length || (key as { format?: string }).format) return no
  const check = inner(def.valueType)
  return (value) => {
    if (!isObject(value)) return false
    for (const name in value) if (!check(value[name])) return false
    return true
  }
}

function objectCheck(def: core.$ZodObjectDef): Check {
  const shape = def.shape
  const keys = Object.keys(shape)
  const checks = keys.map((name) => inner(shape[name]))
  const catchall = def.catchall && (def.catchall as unknown as Schema).def.type
  // A loose object keeps unknown keys untouched, so they need no visit; a strip or strict one lets zod
  // decide; any other catchall checks each unknown key.
  const loose = catchall === 'unknown' || catchall === 'any'
  const rest = catchall && catchall !== 'never' ? inner(def.catchall) : no
  return (value) => {
    if (!isObject(value)) return false
    for (let index = 0; index < keys.length; index++) if (!checks[index]!(value[keys[index]!])) return false
    if (!loose) for (const name in value) if (!Object.hasOwn(shape, name) && !rest(value[name])) return false
    return true
  }
}
