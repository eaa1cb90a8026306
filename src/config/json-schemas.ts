import { kindOps } from './kinds.js'
import { BELOW, ITEMS } from './kinds/declare.js'
import { RENAMED_FROM } from './renames.js'
import type { ConfigKind } from './types.js'

/**
 * The JSON Schemas editors use for the configuration files (the `# yaml-language-server: $schema=…` line
 * `writeConfig` writes): a kind's create body, where each field that holds the id of a flag, cohort,
 * action, holdout or saved metric (docs/service-behaviour.md §12.1) also takes `{ $ref: '<folder>/<key>' }`
 * naming a resource of that kind, and `$renamedFrom`. `npm run build` writes them beside the request
 * schemas (`dist/schemas/config.<kind>.json`). An editor's check; `readConfig` and `plan` make the exact one
 * (graph.ts: a flag property's `value` takes a cohort's `$ref` only where its `type` is `cohort`).
 */

type JsonSchema = Record<string, unknown>

/**
 * A step from a schema to the schemas inside it: a property, the items of an array, or every object schema below that
 * `matches`.
 */
type Step = string | typeof ITEMS | { matches: (schema: JsonSchema) => boolean }

/**
 * Where a field holding an id sits in a create body's schema: the object schemas `at` reaches, their property `field`.
 */
interface SchemaSite {
  at: readonly Step[]
  field: string
  target: ConfigKind
  /** Only the object schemas reached that this matches. */
  holder?: (schema: JsonSchema) => boolean
}

/**
 * The reference fields a kind declares (the same that graph.ts walks in specs), in schema terms: everything
 * below (`BELOW`) that a field's `where` matches, or the objects reached that it matches.
 */
function schemaSites(kind: ConfigKind): SchemaSite[] {
  return kindOps(kind).references.flatMap((spot) =>
    spot.fields.map(({ field, target, where }): SchemaSite => {
      const last = spot.at.length - 1
      const steps = spot.at.map((step, index): Step =>
        step !== BELOW ? step : { matches: index === last && where ? where.schema : () => true },
      )
      const holder = where && spot.at[last] !== BELOW ? where.schema : undefined
      return { at: steps, field, target, ...(holder && { holder }) }
    }),
  )
}

/** The file name of a kind's configuration schema, beside the request schemas. */
export function configSchemaFile(kind: ConfigKind): string {
  return `config.${kind}.json`
}

/**
 * The schema of a kind's configuration file from its create body's JSON Schema (left as it is). Throws when
 * a reference site of the kind is not found in it: the body's shape moved and this table must follow.
 */
export function configJsonSchema(kind: ConfigKind, body: object): JsonSchema {
  const schema = structuredClone(body) as JsonSchema
  const defs = (schema.$defs ??= {}) as Record<string, JsonSchema>
  const wrapped = new Set<object>()
  for (const site of schemaSites(kind)) {
    const refName = `ref.${site.target}`
    defs[refName] ??= refSchema(site.target)
    let found = 0
    for (const holder of select(schema, [schema], site.at)) {
      if (site.holder && !site.holder(holder)) continue
      const properties = holder.properties as Record<string, JsonSchema> | undefined
      const field = properties?.[site.field]
      if (!properties || !field) continue
      found += 1
      if (wrapped.has(field)) continue
      const wrapper = { anyOf: [field, { $ref: `#/$defs/${refName}` }] }
      wrapped.add(wrapper)
      properties[site.field] = wrapper
    }
    if (found === 0)
      throw new Error(
        `configJsonSchema(${kind}): no field ${site.field} where ${describe(site.at)} leads in the create ` +
          `body's schema`,
      )
  }
  const properties = (schema.properties ??= {}) as Record<string, JsonSchema>
  properties[RENAMED_FROM] = {
    type: 'string',
    minLength: 1,
    description: 'The key this resource had before: plan updates the resource that has it instead of creating another.',
  }
  return schema
}

function refSchema(target: ConfigKind): JsonSchema {
  const folder = kindOps(target).folder
  return {
    type: 'object',
    description: `A reference by key to a resource of ${folder}: the plan sends the target project's id in its place.`,
    properties: { $ref: { type: 'string', pattern: `^${folder}/.+$` } },
    required: ['$ref'],
    additionalProperties: false,
  }
}

/** The object schemas `steps` reach from `nodes`, through `anyOf`/`oneOf`/`allOf` branches and `$defs` references. */
function select(root: JsonSchema, nodes: readonly JsonSchema[], steps: readonly Step[]): JsonSchema[] {
  if (steps.length === 0) return nodes.flatMap((node) => branches(root, node, new Set()))
  const [step, ...rest] = steps
  const next = nodes
    .flatMap((node) => branches(root, node, new Set()))
    .flatMap((node): JsonSchema[] => {
      if (step === ITEMS) return isSchema(node.items) ? [node.items] : []
      if (typeof step === 'string') {
        const property = (node.properties as Record<string, unknown> | undefined)?.[step]
        return isSchema(property) ? [property] : []
      }
      return below(root, node, new Set()).filter((schema) => step!.matches(schema))
    })
  return select(root, next, rest)
}

/** A schema and the alternatives it stands for (its `$ref` followed, its `anyOf`, `oneOf` and `allOf` branches). */
function branches(root: JsonSchema, node: JsonSchema, seen: Set<object>): JsonSchema[] {
  if (seen.has(node)) return []
  seen.add(node)
  const out = [node]
  const target = resolveRef(root, node)
  if (target) out.push(...branches(root, target, seen))
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const list = node[keyword]
    if (Array.isArray(list)) for (const item of list) if (isSchema(item)) out.push(...branches(root, item, seen))
  }
  return out
}

/** Every schema inside `node` at any depth, `$defs` references followed once. */
function below(root: JsonSchema, node: JsonSchema, seen: Set<object>): JsonSchema[] {
  if (seen.has(node)) return []
  seen.add(node)
  const out: JsonSchema[] = [node]
  const target = resolveRef(root, node)
  if (target) out.push(...below(root, target, seen))
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit)
    else if (isSchema(value)) out.push(...below(root, value, seen))
  }
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$defs' || keyword === 'const' || keyword === 'enum' || keyword === 'default') continue
    if (keyword === 'properties' || keyword === 'patternProperties') Object.values(value as object).forEach(visit)
    else visit(value)
  }
  return out
}

function resolveRef(root: JsonSchema, node: JsonSchema): JsonSchema | undefined {
  const ref = node.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return undefined
  const target = (root.$defs as Record<string, unknown> | undefined)?.[ref.slice('#/$defs/'.length)]
  return isSchema(target) ? target : undefined
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(steps: readonly Step[]): string {
  return steps.length === 0
    ? 'the top level'
    : steps.map((step) => (step === ITEMS ? '[]' : typeof step === 'string' ? step : '(matching object)')).join('.')
}
