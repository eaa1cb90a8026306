import type * as z from 'zod/mini'

/**
 * Reading a request shape's structure from zod's public `def`: its top-level fields and the values of a
 * closed enum. Shared by the generator of the SDK's field table, the command line's flags and help, and
 * the full-depth check's "did you mean".
 */

/** A zod schema as read here: its public `def`. */
export interface SchemaNode {
  readonly def: z.core.$ZodTypeDef & {
    readonly innerType?: SchemaNode
    readonly element?: SchemaNode
    readonly options?: readonly SchemaNode[]
    readonly discriminator?: string
    readonly shape?: Readonly<Record<string, SchemaNode>>
    readonly items?: readonly SchemaNode[]
    readonly rest?: SchemaNode | null
    readonly valueType?: SchemaNode
    readonly values?: readonly unknown[]
    readonly entries?: Readonly<Record<string, string | number>>
  }
}

/** `schema` as a node (zod types it as its own classes; every one has a public `def`). */
export function nodeOf(schema: z.ZodMiniType | z.core.$ZodType): SchemaNode {
  return schema as unknown as SchemaNode
}

/** `schema` without its optional, nullable and default wrappers. */
export function unwrap(schema: SchemaNode): SchemaNode {
  const { type, innerType } = schema.def
  return (type === 'optional' || type === 'nullable' || type === 'default') && innerType ? unwrap(innerType) : schema
}

/** The top-level fields of an object schema, of every option of a union of objects (a record has none). */
export function fieldsOf(schema: SchemaNode): Array<[string, SchemaNode]> {
  const { def } = unwrap(schema)
  if (def.type === 'object') return Object.entries(def.shape!)
  if (def.type === 'union') return [...new Map(def.options!.flatMap(fieldsOf))]
  return []
}

/** The values of a closed enum (an enum, a literal, or a union of them), or `undefined` for any other schema. */
export function enumValues(schema: SchemaNode): Array<string | number | boolean> | undefined {
  const { def } = unwrap(schema)
  if (def.type === 'enum') return Object.values(def.entries!)
  if (def.type === 'literal') return def.values as Array<string | number | boolean>
  if (def.type !== 'union') return undefined
  const each = def.options!.map(enumValues)
  return each.every(Boolean) ? [...new Set(each.flat() as Array<string | number | boolean>)] : undefined
}
