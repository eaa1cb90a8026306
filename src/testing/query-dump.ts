import { endpointQuerySchema } from '../model/insight-queries.js'
import { nodeOf, type SchemaNode } from '../requests/introspect.js'
import { propertyFilterSchema } from '../model/query-externals.js'

/**
 * A query node as the service stores and answers it: its pydantic model dumped whole, so every member the
 * model has and the node leaves unset is `null` (`explain`, `filters`, `modifiers`, `name`, `response`,
 * `tags`, `values`, `variables`, `version` on a HogQLQuery), nested nodes likewise. Members the model does
 * not know are kept as sent. Property filters are dumped as sent: their twenty kinds have members of their own.
 */
export function dumpQueryNode(node: Record<string, unknown>): Record<string, unknown> {
  return dump(nodeOf(endpointQuerySchema), node) as Record<string, unknown>
}

const LEAVES = new Set<SchemaNode>([nodeOf(propertyFilterSchema)])

function dump(schema: SchemaNode, value: unknown): unknown {
  if (value === null || value === undefined || LEAVES.has(schema)) return value
  const { def } = schema
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
      return dump(def.innerType!, value)
    case 'array':
      return Array.isArray(value) ? value.map((item) => dump(def.element!, item)) : value
    case 'record':
      return isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, dump(def.valueType!, item)]))
        : value
    case 'union': {
      const option = isObject(value) ? optionFor(def.options ?? [], def.discriminator, value) : undefined
      return option ? dump(option, value) : value
    }
    case 'object': {
      if (!isObject(value)) return value
      const members = Object.entries(def.shape ?? {}).map(
        ([key, member]) => [key, key in value ? dump(member, value[key]) : null] as const,
      )
      return { ...value, ...Object.fromEntries(members) }
    }
    default:
      return value
  }
}

/** The object option of a union that `value` is: by its discriminator, else the only object option. */
function optionFor(
  options: readonly SchemaNode[],
  discriminator: string | undefined,
  value: Record<string, unknown>,
): SchemaNode | undefined {
  const objects = options
    .flatMap((option) => (option.def.type === 'union' ? (option.def.options ?? []) : [option]))
    .filter((option) => option.def.type === 'object')
  if (!discriminator) return objects.length === 1 ? objects[0] : undefined
  return objects.find((option) => {
    const tag = option.def.shape?.[discriminator]
    return tag?.def.type === 'literal' && (tag.def.values ?? []).includes(value[discriminator])
  })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
