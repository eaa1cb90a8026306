import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { compileCheck } from '../../src/core/compiled-check.js'
import { decodePage } from '../../src/core/pagination.js'
import { parseWith, DecodeFailure } from '../../src/core/validation.js'
import * as common from '../../src/schemas/common.js'
import * as endpointSchemas from '../../src/schemas/endpoints.js'
import * as eventDefinitionSchemas from '../../src/schemas/event-definitions.js'
import * as experimentSchemas from '../../src/schemas/experiments.js'
import * as hogFunctionSchemas from '../../src/schemas/hog-functions.js'
import * as surveySchemas from '../../src/schemas/surveys.js'
import * as endpointFixtures from '../fixtures/endpoints.js'
import * as eventDefinitionFixtures from '../fixtures/event-definitions.js'
import * as experimentFixtures from '../fixtures/experiments.js'
import * as hogFunctionFixtures from '../fixtures/hog-functions.js'
import * as surveyFixtures from '../fixtures/surveys.js'

type Schema = z.ZodMiniType
const zodParse = (schema: Schema, value: unknown) => z.safeParse(schema, value)

/** Every schema exported by src/schemas. */
const schemas: Array<[string, Schema]> = [
  common,
  endpointSchemas,
  eventDefinitionSchemas,
  experimentSchemas,
  hogFunctionSchemas,
  surveySchemas,
].flatMap((module) =>
  Object.entries(module).filter(
    (entry): entry is [string, Schema] =>
      typeof entry[1] === 'object' && entry[1] !== null && entry[1] instanceof z.ZodMiniType,
  ),
)

/** Every fixture body (functions called with their defaults) and every object or array inside one. */
const fixtures: unknown[] = []
for (const module of [
  endpointFixtures,
  eventDefinitionFixtures,
  experimentFixtures,
  hogFunctionFixtures,
  surveyFixtures,
]) {
  for (const value of Object.values(module)) collect(typeof value === 'function' ? (value as () => unknown)() : value)
}
function collect(value: unknown): void {
  if (typeof value !== 'object' || value === null) return
  fixtures.push(structuredClone(value))
  for (const item of Object.values(value)) collect(item)
}

/** The paths to every value inside `root` (objects and arrays). */
function paths(root: unknown, prefix: PropertyKey[] = [], out: PropertyKey[][] = []): PropertyKey[][] {
  out.push(prefix)
  if (typeof root === 'object' && root !== null)
    for (const [key, item] of Object.entries(root))
      paths(item, [...prefix, Array.isArray(root) ? Number(key) : key], out)
  return out
}

/** Values a mutation may put somewhere: JSON ones, plus what JSON cannot carry but a custom fetch's caller might. */
const replacement = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  // Factories, so that no object instance is shared between mutations (a shared one could end up inside itself).
  fc
    .constantFrom<Array<() => unknown>>(
      () => undefined,
      () => NaN,
      () => Infinity,
      () => -0,
      () => '',
      () => [],
      () => ({}),
      () => new Date(0),
      () => [undefined],
      () => JSON.parse('{"__proto__": {"id": 1}}'),
      () => Object.create(null),
    )
    .map((make) => make()),
)
type Mutation =
  | { kind: 'set'; at: number; value: unknown }
  | { kind: 'delete'; at: number }
  | { kind: 'add'; at: number; key: string; value: unknown }
  | { kind: 'hole'; at: number }
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: replacement }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('add' as const),
    at: fc.nat(),
    key: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('id', 'name', 'toString', 'constructor')),
    value: replacement,
  }),
  fc.record({ kind: fc.constant('hole' as const), at: fc.nat() }),
)

function mutate(fixture: unknown, mutations: Mutation[]): unknown {
  let root: unknown = structuredClone(fixture)
  for (const change of mutations) {
    const all = paths(root)
    const path = all[change.at % all.length]!
    if (path.length === 0) {
      if (change.kind === 'set') root = change.value
      continue
    }
    let parent = root as Record<PropertyKey, unknown>
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<PropertyKey, unknown>
    const key = path[path.length - 1]!
    if (change.kind === 'set') parent[key] = change.value
    else if (change.kind === 'delete') delete parent[key]
    else if (change.kind === 'hole') {
      const target = parent[key]
      if (Array.isArray(target)) target.length += 1 // a trailing hole
    } else {
      const target = parent[key]
      if (typeof target === 'object' && target !== null && !Array.isArray(target))
        (target as Record<string, unknown>)[change.key] = change.value
    }
  }
  return root
}

/** The property: the fast check says yes only where zod accepts and returns a deep-equal value. */
async function agrees(schema: Schema, value: unknown): Promise<void> {
  const fast = compileCheck(schema)(value)
  const zod = zodParse(schema, value)
  if (fast) {
    expect(zod.success).toBe(true)
    // node's deep equality, not toStrictEqual: vitest compares `.constructor`, and an own key
    // `constructor: NaN` (a mutation this test makes) is never equal to itself there.
    expect(isDeepStrictEqual(zod.data, value)).toBe(true)
  }
  // parseWith (fast path, else zod) gives zod's verdict and zod's data.
  let decoded: unknown
  let failed = false
  try {
    decoded = await parseWith(schema, value)
  } catch (error) {
    expect(error).toBeInstanceOf(DecodeFailure)
    failed = true
  }
  expect(failed).toBe(!zod.success)
  if (zod.success) expect(isDeepStrictEqual(decoded, zod.data)).toBe(true)
}

describe('fast validation (compiled check before zod)', () => {
  it('finds the schemas and fixtures', () => {
    expect(schemas.length).toBeGreaterThan(60)
    expect(fixtures.length).toBeGreaterThan(100)
  })

  it('takes the fast path for every fixture zod accepts, with no copy', () => {
    let accepted = 0
    for (const [name, schema] of schemas) {
      for (const fixture of fixtures) {
        if (!zodParse(schema, fixture).success) continue
        accepted++
        expect(compileCheck(schema)(fixture), name).toBe(true)
        expect(parseWith(schema, fixture)).toBe(fixture)
      }
    }
    expect(accepted).toBeGreaterThan(500)
  })

  it('agrees with zod on the fixtures, unchanged and mutated, for every schema', async () => {
    for (const [name, schema] of schemas) {
      const relevant = fixtures.filter((fixture) => zodParse(schema, fixture).success)
      const pool = relevant.length > 0 ? relevant : fixtures
      await fc.assert(
        fc.asyncProperty(fc.nat(), fc.array(mutation, { minLength: 0, maxLength: 3 }), (pick, mutations) =>
          agrees(schema, mutate(pool[pick % pool.length], mutations)),
        ),
        { numRuns: 150, seed: name.length * 7919 },
      )
    }
  })

  it('agrees with zod on page envelopes and bare arrays', async () => {
    const page = decodePage(experimentSchemas.experimentSchema)
    const items = [experimentFixtures.experiment(1), experimentFixtures.experiment(2)]
    const bodies = fc.oneof(
      fc.constant<unknown>({ count: 2, next: null, previous: null, results: items }),
      fc.constant<unknown>({ results: items, total_count: 2 }),
      fc.constant<unknown>(items),
    )
    await fc.assert(
      fc.asyncProperty(bodies, fc.array(mutation, { maxLength: 3 }), async (body, mutations) => {
        const value = mutate(body, mutations)
        let fast: unknown
        let slow: unknown
        const run = async (decode: () => unknown) => {
          try {
            return { ok: true, value: await decode() }
          } catch (error) {
            return { ok: false, value: (error as DecodeFailure).issues }
          }
        }
        fast = await run(() => page(value, true))
        // zod alone: the same schemas with the fast check bypassed by a wrapper zod cannot see through.
        slow = await run(() => {
          const experiment = experimentSchemas.experimentSchema
          const envelope = z.looseObject({
            results: z.array(experiment),
            count: z.optional(z.nullable(z.number())),
            total_count: z.optional(z.nullable(z.number())),
            next: z.optional(z.nullable(z.string())),
            previous: z.optional(z.nullable(z.string())),
            has_more: z.optional(z.nullable(z.boolean())),
          })
          const schema = Array.isArray(value) ? z.array(experiment) : envelope
          const result = z.safeParse(schema, value)
          if (!result.success) throw new DecodeFailure(result.error.issues as never)
          const body = result.data as Record<string, unknown>
          return Array.isArray(body)
            ? { results: body, count: body.length, next: null, previous: null }
            : {
                results: body.results,
                count: body.count ?? body.total_count ?? null,
                next: body.next,
                previous: body.previous ?? null,
                hasMore: body.has_more,
              }
        })
        expect(fast).toStrictEqual(slow)
      }),
      { numRuns: 300, seed: 42 },
    )
  })

  it('leaves kinds it does not know, and checks, to zod', () => {
    expect(compileCheck(z.string().check(z.minLength(2)))('a')).toBe(false)
    expect(compileCheck(z.iso.datetime())('2026-01-01T00:00:00Z')).toBe(false)
    expect(
      compileCheck(
        z.pipe(
          z.string(),
          z.transform((value: string) => value.length),
        ),
      )('ab'),
    ).toBe(false)
    expect(compileCheck(z.record(z.enum(['a']), z.number()))({ a: 1 })).toBe(false)
    expect(compileCheck(z.record(z.uuid(), z.number()))({ a: 1 })).toBe(false)
    expect(compileCheck(z.record(z.string(), z.number()))({ a: 1 })).toBe(true)
    // Strip objects: the fast path only when no key would be dropped.
    expect(compileCheck(z.object({ a: z.number() }))({ a: 1 })).toBe(true)
    expect(compileCheck(z.object({ a: z.number() }))({ a: 1, b: 2 })).toBe(false)
    expect(compileCheck(z.object({ a: z.number() }))({ a: 1, toString: 2 })).toBe(false)
    // Catchall objects (the schemas' records): every other key is checked against the catchall.
    const numbers = z.catchall(z.object({}), z.number())
    expect(compileCheck(numbers)({ a: 1, b: 2 })).toBe(true)
    expect(compileCheck(numbers)({ a: 1, b: 'x' })).toBe(false)
    expect(numbers.safeParse({ a: 1, b: 'x' }).success).toBe(false)
    expect(compileCheck(z.strictObject({ a: z.number() }))({ a: 1, b: 2 })).toBe(false)
  })
})
