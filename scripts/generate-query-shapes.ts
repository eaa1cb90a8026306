/**
 * Derives the SDK's query-node request shapes from PostHog's query schema (`frontend/src/queries/schema.json`
 * in PostHog/posthog, a JSON Schema of the pydantic models the service checks queries and metrics with).
 * PostHog's file is never committed here; two steps:
 *
 * - `tsx scripts/generate-query-shapes.ts facts <schema.json> <commit>` reads a copy of PostHog's file and
 *   writes scripts/query-schema.facts.json: for each definition the SDK uses, its members, their types
 *   (enum values spelled out), whether the service requires them and whether they take `null`, and the
 *   commit it was read at. Run it to move to a newer service; review the facts' diff.
 * - `tsx scripts/generate-query-shapes.ts` (part of `npm run generate`) writes src/model/generated/query-shapes.ts
 *   from the facts: zod/mini shapes. test/model/query-shapes.test.ts fails when it is stale.
 *
 * The rule the shapes follow is the service's: every member its model leaves optional is `Optional[…] = None`
 * (pydantic), so an optional member takes `null` as well as being absent; and no other member is allowed.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { MEMBER_DOCS } from './query-shape-docs.js'

/** A member's type, as the facts record it. */
export type TypeFact =
  | { readonly type: 'string' | 'number' | 'boolean' | 'unknown' | 'object' }
  | { readonly enum: ReadonlyArray<string | number | boolean> }
  | { readonly array: TypeFact }
  | { readonly record: TypeFact }
  | { readonly anyOf: readonly TypeFact[] }
  /** Another definition of the facts. */
  | { readonly ref: string }
  /** A definition the SDK writes by hand (src/model/query-externals.ts). */
  | { readonly external: string }
  /** A definition the SDK takes as a free-form object (results, settings it does not check). */
  | { readonly opaque: string }

export interface MemberFact {
  readonly type: TypeFact
  readonly required: boolean
  readonly nullable: boolean
}

export type DefinitionFact =
  | { readonly members: Readonly<Record<string, MemberFact>> }
  | { readonly union: readonly string[]; readonly discriminator: string }

export interface QuerySchemaFacts {
  readonly source: string
  readonly commit: string
  readonly definitions: Readonly<Record<string, DefinitionFact>>
}

/** The definitions derived (objects and unions of them), in an order where each comes after what it names. */
export const DERIVED = [
  'DateRange',
  'HogQLVariable',
  'HogQLFilters',
  'HogQLQueryModifiers',
  'HogQLQuery',
  'Breakdown',
  'BreakdownFilter',
  'EventsNode',
  'ActionsNode',
  'ExperimentDataWarehouseNode',
  'ExperimentMetricSource',
  'ExperimentFunnelMetricStep',
  'ExperimentMetricOutlierHandling',
  'ExperimentMetricBaseProperties',
  'ExperimentMeanMetric',
  'ExperimentFunnelMetric',
  'ExperimentRatioMetric',
  'PathCleaningFilter',
  'PathsFilter',
  'PathsQuery',
] as const

/** Definitions written by hand in src/model/query-externals.ts (the name of their schema there). */
export const EXTERNALS: Readonly<Record<string, string>> = {
  AnyPropertyFilter: 'propertyFilterSchema',
  RevenueCurrencyPropertyConfig: 'revenueCurrencySchema',
  QueryLogTags: 'queryTagsSchema',
  MathType: 'mathTypeSchema',
  StepOrderValue: 'funnelOrderTypeSchema',
  MultipleBreakdownType: 'breakdownTypeSchema',
  BreakdownType: 'breakdownTypeSchema',
}

/**
 * Definitions src/model/experiment-metrics.ts completes with the members newer services have: only their
 * shape is generated, so that `experimentMeanMetricSchema` and the others name the completed metric alone.
 */
const COMPLETED_BY_HAND: ReadonlySet<string> = new Set([
  'ExperimentMeanMetric',
  'ExperimentFunnelMetric',
  'ExperimentRatioMetric',
])

/** Members the SDK types more widely than the schema: a date bound may be a `Date` (sent as ISO 8601). */
const MEMBER_EXTERNALS: Readonly<Record<string, string>> = {
  'DateRange.date_from': 'dateTimeInput',
  'DateRange.date_to': 'dateTimeInput',
}

/**
 * Constant members the service fills in when absent (the pydantic model gives them their value as a
 * default): a metric's `kind`. Every other constant discriminates a union and is required.
 */
const DEFAULTED_CONSTANTS: Readonly<Record<string, readonly string[]>> = {
  ExperimentMetricBaseProperties: ['kind'],
  ExperimentMeanMetric: ['kind'],
  ExperimentFunnelMetric: ['kind'],
  ExperimentRatioMetric: ['kind'],
}

interface JsonSchema {
  readonly $ref?: string
  readonly type?: string | readonly string[]
  readonly enum?: ReadonlyArray<string | number | boolean>
  readonly const?: string | number | boolean
  readonly anyOf?: readonly JsonSchema[]
  readonly oneOf?: readonly JsonSchema[]
  readonly items?: JsonSchema
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly additionalProperties?: boolean | JsonSchema
  readonly required?: readonly string[]
}

/** The facts of the derived definitions, read from PostHog's schema.json. */
export function extractFacts(
  schema: { definitions: Readonly<Record<string, JsonSchema>> },
  commit: string,
): QuerySchemaFacts {
  const definitions: Record<string, DefinitionFact> = {}
  const derived = new Set<string>(DERIVED)
  const definition = (name: string): JsonSchema => {
    const found = schema.definitions[name]
    if (!found) throw new Error(`schema.json has no definition ${name}`)
    return found
  }
  const refName = (node: JsonSchema) => node.$ref!.replace('#/definitions/', '')

  const typeOf = (node: JsonSchema): TypeFact => {
    if (node.$ref) {
      const name = refName(node)
      if (derived.has(name)) return { ref: name }
      if (name in EXTERNALS) return { external: name }
      const target = schema.definitions[name]
      if (target && (target.enum || target.type === 'integer' || target.$ref)) return typeOf(target)
      return { opaque: name }
    }
    const options = node.anyOf ?? node.oneOf
    if (options) {
      const kept = options.filter((option) => option.type !== 'null').map(typeOf)
      return kept.length === 1 ? kept[0]! : { anyOf: kept }
    }
    if (node.const !== undefined) return { enum: [node.const] }
    if (node.enum) return { enum: node.enum }
    const types = (Array.isArray(node.type) ? node.type : node.type ? [node.type] : []).filter(
      (type) => type !== 'null',
    )
    if (types.length > 1) return { anyOf: types.map((type) => typeOf({ ...node, type })) }
    const [type] = types
    if (type === 'array') return { array: node.items ? typeOf(node.items) : { type: 'unknown' } }
    if (type === 'object')
      return typeof node.additionalProperties === 'object'
        ? { record: typeOf(node.additionalProperties) }
        : { type: 'object' }
    if (type === 'integer' || type === 'number') return { type: 'number' }
    if (type === 'string' || type === 'boolean') return { type }
    return { type: 'unknown' }
  }
  const nullable = (node: JsonSchema): boolean =>
    (Array.isArray(node.type) && node.type.includes('null')) ||
    (node.anyOf ?? node.oneOf ?? []).some((option) => option.type === 'null')

  for (const name of DERIVED) {
    const node = definition(name)
    const options = node.anyOf ?? node.oneOf
    if (options) {
      const union = options.map(refName)
      definitions[name] = { union, discriminator: 'kind' }
      continue
    }
    const required = new Set(node.required ?? [])
    const defaulted = DEFAULTED_CONSTANTS[name] ?? []
    const members: Record<string, MemberFact> = {}
    for (const [member, memberNode] of Object.entries(node.properties ?? {})) {
      members[member] = {
        type: typeOf(memberNode),
        required: required.has(member) && !defaulted.includes(member),
        nullable: nullable(memberNode),
      }
    }
    definitions[name] = { members }
  }
  return { source: 'PostHog/posthog frontend/src/queries/schema.json', commit, definitions }
}

/** A literal as the repository writes it: strings in single quotes. */
const literal = (value: string | number | boolean) =>
  typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value)

const camel = (name: string) => `${name[0]!.toLowerCase()}${name.slice(1)}`

function zodOf(type: TypeFact): string {
  if ('type' in type) return type.type === 'object' ? 'jsonRecord' : `z.${type.type}()`
  if ('enum' in type) {
    const values = type.enum.map(literal).join(', ')
    return type.enum.every((value) => typeof value === 'string') && type.enum.length > 1
      ? `z.enum([${values}])`
      : `z.literal(${type.enum.length === 1 ? values : `[${values}]`})`
  }
  if ('array' in type) return `z.array(${zodOf(type.array)})`
  if ('record' in type) return `z.record(z.string(), ${zodOf(type.record)})`
  if ('anyOf' in type) return `z.union([${type.anyOf.map(zodOf).join(', ')}])`
  if ('ref' in type) return `${camel(type.ref)}Schema`
  if ('external' in type) return EXTERNALS[type.external]!
  return 'jsonRecord'
}

function memberCode(definition: string, name: string, member: MemberFact): string {
  const base = MEMBER_EXTERNALS[`${definition}.${name}`] ?? zodOf(member.type)
  // Optional members are `Optional[…] = None` in the service's model: absent or `null`.
  const written = !member.required ? `nullableOptional(${base})` : member.nullable ? `z.nullable(${base})` : base
  const doc = MEMBER_DOCS[`${definition}.${name}`] ?? MEMBER_DOCS[name]
  return (
    `${doc ? `  /** ${doc} */\n` : ''}  ${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}: ` +
    `${written},`
  )
}

/** The text of src/model/generated/query-shapes.ts. */
export function queryShapesModule(facts: QuerySchemaFacts): string {
  const blocks: string[] = []
  const unionMembers = new Set<string>()
  for (const [name, definition] of Object.entries(facts.definitions)) {
    const id = camel(name)
    // A union is typed with its members' names (declared in query-nodes.ts), so that the declarations of the
    // shapes around it say `EventsNode | ActionsNode`, not their expansion.
    if ('union' in definition) {
      definition.union.forEach((option) => unionMembers.add(option))
      blocks.push(
        `export const ${id}Schema: TypedSchema<${definition.union.join(' | ')}> = ` +
          `z.discriminatedUnion('${definition.discriminator}', ` +
          `[${definition.union.map((option) => `${camel(option)}Schema`).join(', ')}])`,
      )
      continue
    }
    const members = Object.entries(definition.members).map(([member, fact]) => memberCode(name, member, fact))
    // A definition completed by hand is a part of the shape its module writes; the others are whole shapes.
    const [open, close] = COMPLETED_BY_HAND.has(name) ? [`${id}Shape = {`, '}'] : [`${id}Schema = strictObject({`, '})']
    blocks.push([`export const ${open}`, ...members, close].join('\n'))
  }
  const externals = [...new Set(Object.values(EXTERNALS))].sort()
  return `// Generated by scripts/generate-query-shapes.ts from scripts/query-schema.facts.json (PostHog's query
// schema at ${facts.commit}): do not edit. \`npm run generate\` rewrites it; test/model/query-shapes.test.ts
// fails when it is stale.
import * as z from 'zod/mini'
import { dateTimeInput, jsonRecord, nullableOptional, strictObject, type TypedSchema } from '../shape.js'
import { ${externals.join(', ')} } from '../query-externals.js'
import type { ${[...unionMembers].sort().join(', ')} } from '../query-nodes.js'

${blocks.join('\n\n')}
`
}

const FACTS = new URL('./query-schema.facts.json', import.meta.url)
const MODULE = new URL('../src/model/generated/query-shapes.ts', import.meta.url)

/** The facts as committed: one line a member, so that a newer schema's diff reads member by member. */
export function factsJson(facts: QuerySchemaFacts): string {
  const definitions = Object.entries(facts.definitions).map(([name, definition]) => {
    if ('union' in definition) return `    ${JSON.stringify(name)}: ${JSON.stringify(definition)}`
    const members = Object.entries(definition.members).map(
      ([member, fact]) => `        ${JSON.stringify(member)}: ${JSON.stringify(fact)}`,
    )
    return `    ${JSON.stringify(name)}: {\n      "members": {\n${members.join(',\n')}\n      }\n    }`
  })
  return (
    `{\n  "source": ${JSON.stringify(facts.source)},\n  "commit": ${JSON.stringify(facts.commit)},\n  ` +
    `"definitions": {\n${definitions.join(',\n')}\n  }\n}\n`
  )
}

export function readFacts(): QuerySchemaFacts {
  return JSON.parse(readFileSync(FACTS, 'utf8')) as QuerySchemaFacts
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, schemaPath, commit] = process.argv.slice(2)
  if (command === 'facts') {
    if (!schemaPath || !commit || !/^[0-9a-f]{40}$/.test(commit))
      throw new Error('usage: generate-query-shapes.ts facts <path to schema.json> <40-hex commit it was read at>')
    const facts = extractFacts(
      JSON.parse(readFileSync(schemaPath, 'utf8')) as { definitions: Record<string, JsonSchema> },
      commit,
    )
    writeFileSync(FACTS, factsJson(facts))
    console.log(
      `wrote ${Object.keys(facts.definitions).length} definitions of ${commit} into scripts/query-schema.facts.json`,
    )
  }
  writeFileSync(MODULE, queryShapesModule(readFacts()))
}
