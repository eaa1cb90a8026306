import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { extractFacts, factsJson, queryShapesModule, readFacts } from '../../scripts/generate-query-shapes.js'
import { hogQLQuerySchema } from '../../src/model/insight-queries.js'
import { endpointCreateParamsSchema } from '../../src/requests/endpoints.js'

/** The query-node shapes are generated from facts of PostHog's query schema, and never stale. */
describe('src/model/generated/query-shapes.ts', () => {
  it('is what `npm run generate` writes from scripts/query-schema.facts.json', () => {
    const committed = readFileSync(new URL('../../src/model/generated/query-shapes.ts', import.meta.url), 'utf8')
    expect(committed, 'stale: run `npm run generate`').toBe(queryShapesModule(readFacts()))
  })

  it('the facts name the commit of PostHog they were read at, and are written as the generator writes them', () => {
    const facts = readFacts()
    expect(facts.commit).toMatch(/^[0-9a-f]{40}$/)
    expect(readFileSync(new URL('../../scripts/query-schema.facts.json', import.meta.url), 'utf8')).toBe(
      factsJson(facts),
    )
  })

  it('a HogQLQuery as the service sends it back, every unset member null, is a valid endpoint query', () => {
    const fromService = {
      kind: 'HogQLQuery',
      query: 'select 1',
      explain: null,
      filters: null,
      modifiers: null,
      name: null,
      response: null,
      tags: null,
      values: null,
      variables: null,
      version: null,
    }
    expect(z.safeParse(hogQLQuerySchema, fromService).success).toBe(true)
    expect(z.safeParse(endpointCreateParamsSchema, { name: 'daily', query: fromService }).success).toBe(true)
    // A required member stays required, and a member the model does not have is still refused.
    expect(z.safeParse(hogQLQuerySchema, { ...fromService, query: null }).success).toBe(false)
    expect(z.safeParse(hogQLQuerySchema, { ...fromService, explian: true }).success).toBe(false)
  })
})

describe('extractFacts (PostHog schema.json → facts)', () => {
  // The JSON Schema forms PostHog's file uses: $ref, `type` lists with null, anyOf with null, const, enum, records.
  const definitions = {
    integer: { type: 'integer' },
    Goal: { enum: ['increase', 'decrease'], type: 'string' },
    DateRange: {
      properties: { date_from: { type: ['string', 'null'] }, explicitDate: { type: ['boolean', 'null'] } },
      type: 'object',
    },
    HogQLVariable: {
      properties: { code_name: { type: 'string' }, value: {}, variableId: { type: 'string' } },
      required: ['variableId', 'code_name'],
      type: 'object',
    },
    HogQLQuery: {
      properties: {
        kind: { const: 'HogQLQuery', type: 'string' },
        query: { type: 'string' },
        limit: { $ref: '#/definitions/integer' },
        group: { anyOf: [{ $ref: '#/definitions/integer' }, { type: 'null' }] },
        goal: { $ref: '#/definitions/Goal' },
        response: { $ref: '#/definitions/HogQLQueryResponse' },
        variables: { additionalProperties: { $ref: '#/definitions/HogQLVariable' }, type: 'object' },
        filters: { $ref: '#/definitions/AnyPropertyFilter' },
      },
      required: ['kind', 'query'],
      type: 'object',
    },
  }
  const stub = new Proxy(definitions as Record<string, unknown>, {
    get: (target, name: string) => target[name] ?? { properties: {}, type: 'object' },
  })

  it('records members, their types (enums spelled out), required and nullable, and the commit', () => {
    const facts = extractFacts({ definitions: stub as never }, 'a'.repeat(40))
    expect(facts.commit).toBe('a'.repeat(40))
    expect(facts.definitions.DateRange).toEqual({
      members: {
        date_from: { type: { type: 'string' }, required: false, nullable: true },
        explicitDate: { type: { type: 'boolean' }, required: false, nullable: true },
      },
    })
    expect(facts.definitions.HogQLQuery).toEqual({
      members: {
        kind: { type: { enum: ['HogQLQuery'] }, required: true, nullable: false },
        query: { type: { type: 'string' }, required: true, nullable: false },
        limit: { type: { type: 'number' }, required: false, nullable: false },
        group: { type: { type: 'number' }, required: false, nullable: true },
        goal: { type: { enum: ['increase', 'decrease'] }, required: false, nullable: false },
        response: { type: { opaque: 'HogQLQueryResponse' }, required: false, nullable: false },
        variables: { type: { record: { ref: 'HogQLVariable' } }, required: false, nullable: false },
        filters: { type: { external: 'AnyPropertyFilter' }, required: false, nullable: false },
      },
    })
  })

  it('writes every optional member as absent-or-null, a required one as required', () => {
    const code = queryShapesModule(extractFacts({ definitions: stub as never }, 'a'.repeat(40)))
    expect(code).toContain("kind: z.literal('HogQLQuery'),")
    expect(code).toContain('query: z.string(),')
    expect(code).toContain('group: nullableOptional(z.number()),')
    expect(code).toContain("goal: nullableOptional(z.enum(['increase', 'decrease'])),")
    expect(code).toContain('response: nullableOptional(jsonRecord),')
    expect(code).toContain('variables: nullableOptional(z.record(z.string(), hogQLVariableSchema)),')
    expect(code).toContain('date_from: nullableOptional(dateTimeInput),')
    expect(code).toContain(`at ${'a'.repeat(40)}`)
    // Field docs (ours, scripts/query-shape-docs.ts) go with the members, for hovers and the declarations.
    expect(code).toContain("  /** Discriminator. */\n  kind: z.literal('HogQLQuery'),")
  })
})
