import * as z from 'zod/mini'
import type { ProjectConfig } from './types.js'

/**
 * Hog function tests: `hog-functions/<name>.test.yaml` (or `.json`) beside the spec `<name>.yaml`, a sequence of
 * named cases, each an event (and person, groups), the answers its `fetch` calls get, and what must come out.
 * The shape below is written once: it gives the type, the check `readConfig` makes and the JSON Schema shipped
 * as `dist/schemas/config.hogFunctionTests.json`.
 */

const record = z.record(z.string(), z.unknown())
const optionalString = z.optional(z.string())

const eventShape = z.strictObject({
  /** The event's name (`$pageview`, `order_placed`). */
  event: z.string().check(z.minLength(1)),
  /** Default `00000000-0000-4000-8000-000000000000`, so that a body that sends it is the same every run. */
  uuid: optionalString,
  distinct_id: optionalString,
  properties: z.optional(record),
  /** Default `2026-01-01T00:00:00.000Z`. */
  timestamp: optionalString,
  elements_chain: optionalString,
  url: optionalString,
})

const personShape = z.strictObject({
  id: z.string(),
  properties: z.optional(record),
  name: optionalString,
  url: optionalString,
})

const groupShape = z.strictObject({
  id: z.string(),
  index: z.number(),
  type: optionalString,
  url: optionalString,
  properties: z.optional(record),
})

const fetchAnswerShape = z.strictObject({ status: z.number(), body: z.optional(z.unknown()) })

const expectedCallShape = z.strictObject({
  method: optionalString,
  url: optionalString,
  /** The headers named must be sent with these values (names compared case-insensitively); others may be sent too. */
  headers: z.optional(z.record(z.string(), z.string())),
  /** The body exactly. */
  body: z.optional(z.unknown()),
  /** A part of the body: these members (at any depth) with these values; others may be sent too. */
  bodyIncludes: z.optional(z.unknown()),
})

const expectShape = z.strictObject({
  /** Whether the filters (or every mapping's) leave the event out. Default false. */
  skipped: z.optional(z.boolean()),
  /** The `fetch` calls, in order, all of them. Left out: not checked. */
  calls: z.optional(z.array(expectedCallShape)),
  /** Texts that must each appear in a log line. */
  logs: z.optional(z.array(z.string())),
  /** What the service answers as the result: the changed event of a transformation (null for a destination). */
  result: z.optional(z.unknown()),
  /** A text the error must contain; left out or null: the run must not fail. */
  error: z.optional(z.nullable(z.string())),
})

export const hogTestCaseShape = z.strictObject({
  name: z.string().check(z.minLength(1)),
  event: eventShape,
  person: z.optional(z.nullable(personShape)),
  /** By group type: `{ company: { id, index, properties } }`. */
  groups: z.optional(z.nullable(z.record(z.string(), groupShape))),
  /** The answers of the function's `fetch` calls, in order; a call past the last is answered `200 {}`. */
  fetch: z.optional(z.array(fetchAnswerShape)),
  expect: expectShape,
})

/** A test file: the cases, in order. */
export const hogTestFileShape = z.array(hogTestCaseShape)

/** One case of a hog function test file. */
export type HogTestCase = z.infer<typeof hogTestCaseShape>

/** The cases of one hog function: its key, and the file they were read from (none for a starter `pull` made). */
export interface HogFunctionTests {
  readonly function: string
  readonly file?: string
  readonly cases: readonly HogTestCase[]
}

const TESTS = Symbol('hogTests')

interface WithTests {
  readonly [TESTS]?: readonly HogFunctionTests[]
}

/**
 * `config`, carrying the tests as data: a member under a symbol that is not enumerable, so `plan` and `apply`
 * never see it, and it is never compared or written as JSON (a new object made of its kinds has no tests).
 */
export function withHogTests<T extends ProjectConfig>(config: T, tests: readonly HogFunctionTests[]): T {
  if (tests.length > 0) Object.defineProperty(config, TESTS, { value: tests, enumerable: false, configurable: true })
  return config
}

/** The tests `readConfig` (or `pull` with `withTests`) read or made for `config`. */
export function hogTestsOf(config: ProjectConfig): readonly HogFunctionTests[] {
  return (config as WithTests)[TESTS] ?? []
}

/** The shipped JSON Schema of test files, beside the kinds' (`dist/schemas/`). */
export const HOG_TESTS_SCHEMA_FILE = 'config.hogFunctionTests.json'

/** The name of a test file: the spec's stem and `.test.yaml`. */
export const TEST_SUFFIXES = ['.test.yaml', '.test.yml', '.test.json']

/** The stem of the spec a test file tests (`Order webhook` of `Order webhook.test.yaml`), if it is one. */
export function testedStem(fileName: string): string | undefined {
  const suffix = TEST_SUFFIXES.find((ending) => fileName.endsWith(ending))
  return suffix === undefined ? undefined : fileName.slice(0, -suffix.length)
}
