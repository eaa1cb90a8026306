import type { Schema } from './zod.js'

/**
 * A check compiled once per zod schema (from `schema._zod.def`) that allocates nothing. `true` means
 * zod accepts the value and its output deep-equals it (the schemas have no defaults or transforms,
 * and loose objects keep unknown keys), so the parsed JSON can be returned as is. `false` means
 * "not sure": the caller runs zod. Hand-written because zod/mini's parse is never compiled and copies
 * every object and array it validates (most of the cost of a response, see BENCHMARKS.md).
 */
export type Check = (value: unknown) => boolean

interface Def {
  type: string
  checks?: unknown[]
  check?: string
  format?: string
  coerce?: boolean
  innerType?: Node
  element?: Node
  shape?: Record<string, Node>
  catchall?: Node
  keyType?: Node
  valueType?: Node
  options?: Node[]
  items?: Node[]
  rest?: Node | null
}
interface Node {
  _zod: { def: Def }
}

const no: Check = () => false
const compiled = new WeakMap<object, Check>()

/**
 * A plain object, as `JSON.parse` makes (zod would copy any other kind into a plain one); one with an
 * own `__proto__` key (zod drops it) takes zod's path.
 */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype && !Object.hasOwn(value, '__proto__')
}

/** The check of `schema`, compiled on first use. */
export function compileCheck(schema: Schema | Node): Check {
  const node = schema as Node
  let check = compiled.get(node)
  if (!check) {
    compiled.set(node, no) // a recursive schema (none today) would meet this placeholder and take zod's path
    compiled.set(node, (check = build(node._zod.def)))
  }
  return check
}

function build(def: Def): Check {
  // Refinements, formats (`z.iso.datetime()`, `z.int()`) and coercion: zod decides.
  if (def.checks?.length || def.check || def.format || def.coerce) return no
  const inner = (node: Node | undefined) => compileCheck(node!)
  switch (def.type) {
    case 'unknown':
    case 'any':
      return () => true
    case 'string':
      return (value) => typeof value === 'string'
    case 'number':
      return (value) => Number.isFinite(value)
    case 'boolean':
      return (value) => typeof value === 'boolean'
    case 'null':
      return (value) => value === null
    case 'optional': {
      const check = inner(def.innerType)
      return (value) => value === undefined || check(value)
    }
    case 'nullable': {
      const check = inner(def.innerType)
      return (value) => value === null || check(value)
    }
    case 'union': {
      const checks = def.options!.map(inner)
      return (value) => checks.some((check) => check(value))
    }
    case 'array':
    case 'tuple': {
      const element = def.element && inner(def.element)
      const items = (def.items ?? []).map(inner)
      const rest = def.rest ? inner(def.rest) : undefined
      return (value) => {
        if (!Array.isArray(value)) return false
        if (!element && (value.length < items.length || (!rest && value.length > items.length))) return false
        // An index loop, not every(), which would skip holes; zod turns a hole (or undefined) into an
        // own `undefined`, which JSON never holds, so both take zod's path.
        for (let index = 0; index < value.length; index++) {
          const item = value[index]
          if (item === undefined || !(element ?? items[index] ?? rest!)(item)) return false
        }
        return true
      }
    }
    case 'record': {
      const key = def.keyType!._zod.def
      if (key.type !== 'string' || key.checks?.length || key.format || key.check) return no
      const check = inner(def.valueType)
      return (value) => {
        if (!isObject(value)) return false
        for (const name in value) if (!check(value[name])) return false
        return true
      }
    }
    case 'object': {
      const shape = def.shape!
      const keys = Object.keys(shape)
      const checks = keys.map((name) => inner(shape[name]))
      const catchall = def.catchall?._zod.def.type
      // A loose object keeps unknown keys untouched, so they need no visit; a strip or strict one lets zod
      // decide; any other catchall (`z.catchall(z.object({}), value)`, the schemas' records) checks each one.
      const loose = catchall === 'unknown' || catchall === 'any'
      const rest = catchall && catchall !== 'never' ? inner(def.catchall) : no
      return (value) => {
        if (!isObject(value)) return false
        for (let index = 0; index < keys.length; index++) if (!checks[index]!(value[keys[index]!])) return false
        if (!loose) for (const name in value) if (!Object.hasOwn(shape, name) && !rest(value[name])) return false
        return true
      }
    }
    default:
      return no
  }
}
