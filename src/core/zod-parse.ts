import * as core from 'zod/v4/core'
import type { Def, Schema } from './zod.js'

/**
 * zod itself, loaded by validation.ts only when a response fails the compiled check: turns a schema's
 * definition (zod.ts) into zod's own schema, once, and parses with it.
 */

const CLASSES: Record<Def['type'], object> = {
  string: core.$ZodString,
  number: core.$ZodNumber,
  boolean: core.$ZodBoolean,
  unknown: core.$ZodUnknown,
  array: core.$ZodArray,
  optional: core.$ZodOptional,
  nullable: core.$ZodNullable,
  union: core.$ZodUnion,
  object: core.$ZodObject,
}

const built = new WeakMap<Schema, core.$ZodType>()

/** The zod schema of `schema`, built on first use. */
export function toZod(schema: Schema): core.$ZodType {
  let zod = built.get(schema)
  if (!zod) {
    const { element, innerType, options, shape, catchall, ...def } = schema._zod.def
    const each = (schemas: Readonly<Record<string, Schema>>) => Object.fromEntries(Object.entries(schemas).map(([key, inner]) => [key, toZod(inner)]))
    // zod's constructors are typed for their own defs: the def here is theirs, rebuilt with zod's schemas inside.
    const Class = CLASSES[def.type] as new (def: object) => core.$ZodType
    zod = new Class({
      ...def,
      ...(element && { element: toZod(element) }),
      ...(innerType && { innerType: toZod(innerType) }),
      ...(options && { options: options.map(toZod) }),
      ...(shape && { shape: each(shape) }),
      ...(catchall && { catchall: toZod(catchall) }),
    })
    built.set(schema, zod)
  }
  return zod
}

/** zod's verdict on `json`: the parsed value, or the issues. */
export function safeParse<T>(schema: Schema<T>, json: unknown): core.util.SafeParseResult<T> {
  return core.safeParse(toZod(schema), json) as core.util.SafeParseResult<T>
}
