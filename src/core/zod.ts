import * as core from 'zod/v4/core'

/**
 * The zod schema builders the SDK uses, made on zod's core classes, under zod/mini's names: the schemas
 * import this as `z` and read as they would with `zod/mini`. Each builds the schema `zod/mini` would (the
 * same `def`, checked by zod's own parser), without the dozen methods mini adds to every schema (`parse`,
 * `check`, `clone`, `brand`…) that the SDK never calls: those cost 860 B of gzip in the browser bundle.
 */

export type { output as infer } from 'zod/v4/core'

/** A zod schema whose output is `T`. */
export type Schema<T = unknown> = core.$ZodType<T>
/** Any zod schema. */
export type SomeType = core.SomeType

// zod's core constructors are typed for their default parameters: each builder states its precise type, as
// zod/mini's do.
const make = <S>(Class: object, def: object): S => new (Class as new (def: object) => S)(def)

export const string = (): core.$ZodString => new core.$ZodString({ type: 'string' })
export const number = (): core.$ZodNumber => new core.$ZodNumber({ type: 'number' })
export const boolean = (): core.$ZodBoolean => new core.$ZodBoolean({ type: 'boolean' })
export const unknown = (): core.$ZodUnknown => new core.$ZodUnknown({ type: 'unknown' })

export const array = <T extends SomeType>(element: T): core.$ZodArray<T> => make(core.$ZodArray, { type: 'array', element })

export const optional = <T extends SomeType>(innerType: T): core.$ZodOptional<T> => make(core.$ZodOptional, { type: 'optional', innerType })
export const nullable = <T extends SomeType>(innerType: T): core.$ZodNullable<T> => make(core.$ZodNullable, { type: 'nullable', innerType })
/** `null`, `undefined` or `innerType`. */
export const nullish = <T extends SomeType>(innerType: T): core.$ZodOptional<core.$ZodNullable<T>> => optional(nullable(innerType))

export const union = <const T extends readonly SomeType[]>(options: T): core.$ZodUnion<T> => make(core.$ZodUnion, { type: 'union', options })

/** An object that drops unknown keys (used only as the base of `catchall`). */
export const object = <T extends core.$ZodLooseShape = Record<never, SomeType>>(shape?: T): core.$ZodObject<T, core.$strip> =>
  make(core.$ZodObject, { type: 'object', shape: shape ?? {} })
/** An object that keeps unknown keys as they are: how the SDK reads the service's objects. */
export const looseObject = <T extends core.$ZodLooseShape>(shape: T): core.$ZodObject<T, core.$loose> =>
  make(core.$ZodObject, { type: 'object', shape, catchall: unknown() })
/** `schema` with every key it does not name checked by `catchall`: `catchall(object({}), value)` is a record. */
export const catchall = <T extends core.$ZodShape, C extends SomeType>(schema: core.$ZodObject<T>, catchall: C): core.$ZodObject<T, core.$catchall<C>> =>
  make(core.$ZodObject, { ...schema._zod.def, catchall })

/** Validates `value` with zod's parser: the parsed value, or the issues. */
export const safeParse = core.safeParse

