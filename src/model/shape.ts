import * as z from 'zod/mini'

/**
 * Building blocks of the request shapes and the shared payloads. A shape is written once, as a zod schema:
 * its type is inferred from it, the SDK, the command line and configuration files check values against it
 * in full depth, and the JSON Schema of every body is generated from it. The main entry imports these shapes
 * for types only: the SDK's check loads them on first use (src/requests/load-check.ts).
 *
 * Conventions: objects are strict (an unknown key is a mistake: the service drops it silently), optional
 * keys `z.exactOptional` (absent, never `undefined`, as with `exactOptionalPropertyTypes`), enums `z.enum`
 * over the lists of enums.ts.
 */

/**
 * A shape in two declarations, requests and nested payloads alike: `export const xSchema = strictObject({ … })`
 * and `export interface X extends ShapeOf<typeof xSchema> {}`. A shape made of several parts takes them as
 * arguments, `strictObject(fieldsShape, { … })`: typed as their intersection, each member keeps its doc (a
 * spread object's type would lose them). The `const` type parameter keeps each field's doc in the
 * declaration files (`z.strictObject`'s inferred type drops them).
 */
export function strictObject<const P extends readonly z.core.$ZodLooseShape[]>(...parts: P): StrictObject<Parts<P>> {
  // Object.assign builds what the intersection types: the parts' members (no two parts share a key).
  return z.strictObject(Object.assign({}, ...parts)) as StrictObject<Parts<P>>
}

/**
 * The shape of several parts: their intersection, written out part by part so that each member keeps its
 * declaration and doc (type-fest's `UnionToIntersection` of the parts' union loses them in the declarations).
 */
type Parts<P extends readonly Shape[]> = P extends readonly [infer Only extends Shape]
  ? Only
  : P extends readonly [infer First extends Shape, ...infer Rest extends readonly Shape[]]
    ? First & Parts<Rest>
    : Shape
type Shape = z.core.$ZodLooseShape

/** The schema `strictObject` returns: a zod/mini object that refuses unknown keys. */
export interface StrictObject<S extends z.core.$ZodLooseShape> extends z.ZodMiniObject<S, z.core.$strict> {}

/** `strictObject` for a payload whose other keys are kept as sent (the interface's display settings, …). */
export function looseObject<const P extends readonly z.core.$ZodLooseShape[]>(...parts: P): LooseObject<Parts<P>> {
  return z.looseObject(Object.assign({}, ...parts)) as LooseObject<Parts<P>>
}

/** The schema `looseObject` returns: a zod/mini object that keeps unknown keys. */
export interface LooseObject<S extends z.core.$ZodLooseShape> extends z.ZodMiniObject<S, z.core.$loose> {}

/**
 * What an object schema's fields accept, as a type (field docs kept). A loose schema's other keys are
 * left to its interface, which says what they are (`[setting: string]: unknown`).
 */
export type ShapeOf<T extends { shape: z.core.$ZodLooseShape }> = z.infer<StrictObject<T['shape']>>

/** A zod schema (zod/mini) whose parsed output is `T`: the type of the exported response schemas. */
export interface TypedSchema<T> extends z.ZodMiniType<T> {}

/** A date-time a request sends: a `Date` (sent as ISO 8601 UTC, `…Z`) or a string the service parses. */
export const dateTimeInput = z.union([z.string(), z.date()])

/**
 * A date-time a request sends: a `Date` (sent as ISO 8601 UTC, `…Z`) or a string the service parses
 * (ISO 8601; some query parameters also take relative values such as `-7d`).
 */
export type DateTimeInput = Date | string

/** Any JSON value, key optional: a free-form field the service documents no shape for. */
export const anyJson = z.exactOptional(z.unknown())

/** A free-form JSON object. */
export const jsonRecord = z.record(z.string(), z.unknown())

/** `schema`, or the key absent, or `null`. */
export function nullableOptional<T extends z.core.SomeType>(schema: T) {
  return z.exactOptional(z.nullable(schema))
}

/**
 * A string `pattern` matches, else refused with `expected` (`expected a link starting with …, got "…"`). A
 * check of its own rather than `z.regex`: the same test and the same `pattern` in the JSON Schema, without
 * zod's regex and string-format check classes (0.2 kB gzip of a one-file bundle; BENCHMARKS.md).
 */
export function matching(pattern: RegExp, expected: string): z.ZodMiniString {
  const check = z.check<string>(({ value, issues }) => {
    if (!pattern.test(value))
      issues.push({ code: 'custom', message: `expected ${expected}, got ${JSON.stringify(value)}`, input: value })
  })
  // What zod's string-format checks do on attach: toJSONSchema writes the bag's patterns as `pattern`.
  check._zod.onattach.push((schema) => {
    const bag = schema._zod.bag as { patterns?: Set<RegExp> }
    ;(bag.patterns ??= new Set()).add(pattern)
  })
  return z.string().check(check)
}
