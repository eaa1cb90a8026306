import * as z from 'zod/mini'

/**
 * Building blocks of the request shapes. A request shape is written once, as a zod schema in this folder:
 * its type is inferred from it (an `interface … extends z.infer<…>` keeps the name and the field docs on
 * hover), the command line and configuration files check values against it in full depth, and the JSON
 * Schema of every body is generated from it. The main entry imports this folder for types only: the SDK's
 * own pre-send check uses the generated table of top-level fields (fields.generated.ts).
 *
 * Conventions: objects are `z.strictObject` (an unknown key is a mistake: the service drops it silently),
 * optional keys `z.exactOptional` (absent, never `undefined`, as with `exactOptionalPropertyTypes`), enums
 * `z.enum` over the lists of ../schemas/enums.ts.
 */

/** A date-time a request sends: a `Date` (sent as ISO 8601 UTC, `…Z`) or a string the service parses. */
export const dateTimeInput = z.union([z.string(), z.date()])

/** Any JSON value, key optional: a free-form field the service documents no shape for. */
export const anyJson = z.exactOptional(z.unknown())

/** A free-form JSON object. */
export const jsonRecord = z.record(z.string(), z.unknown())

/** `schema`, or the key absent, or `null`. */
export function nullableOptional<T extends z.core.SomeType>(schema: T) {
  return z.exactOptional(z.nullable(schema))
}

/**
 * What a strict object schema with shape `S` accepts, as a type. Request types are written
 * `interface X extends ShapeOutput<typeof xShape> {}` (not `z.infer<typeof xSchema>`): the declaration files
 * then keep the shape's field docs, which an inferred schema type loses.
 */
export type ShapeOutput<S extends z.core.$ZodLooseShape> = z.infer<z.ZodMiniObject<S, z.core.$strict>>
