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
 * A request shape in two declarations: `export const xParamsSchema = strictObject({ … })` and
 * `export interface XParams extends ShapeOf<typeof xParamsSchema> {}`. The `const` type parameter keeps
 * each field's doc in the declaration files (`z.strictObject`'s inferred type drops them).
 */
export function strictObject<const S extends z.core.$ZodLooseShape>(shape: S): StrictObject<S> {
  return z.strictObject(shape)
}

/** The schema `strictObject` returns: a zod/mini object that refuses unknown keys. */
export interface StrictObject<S extends z.core.$ZodLooseShape> extends z.ZodMiniObject<S, z.core.$strict> {}

/** What a strict object schema accepts, as a type (field docs kept). */
export type ShapeOf<T extends StrictObject<z.core.$ZodLooseShape>> = z.infer<T>

/**
 * What a strict object schema with shape `S` accepts, as a type. A payload nested in other shapes is
 * written `const xShape = { … }`, `export interface XSchema extends z.ZodMiniObject<typeof xShape, z.core.$strict> {}`,
 * `export const xSchema: XSchema = z.strictObject(xShape)`, `export interface X extends ShapeOutput<typeof xShape> {}`:
 * its schema's type has a name, so the declarations of the shapes around it refer to it instead of
 * spelling it out at each use.
 */
export type ShapeOutput<S extends z.core.$ZodLooseShape> = z.infer<z.ZodMiniObject<S, z.core.$strict>>

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
