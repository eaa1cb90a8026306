import type * as core from 'zod/v4/core'

/**
 * The SDK's response schemas as data: these builders, named as in `zod/mini` (the schemas import this module
 * as `z` and read as they would with zod), make zod's schema definitions, the `def` zod itself would hold,
 * without zod's code. A response is checked against them by the compiled check (fast-validate.ts), and when
 * that check fails, zod is loaded (zod-parse.ts) to parse it and report the issues. So the main bundle carries
 * no zod (its own chunk, which bundlers that split code load only when a response fails its check).
 * Only the kinds the schemas use are here: each one zod kind, with zod's own output types.
 */

/** A zod schema definition (zod's `_zod.def`): its kind and the schemas it holds. */
export interface Def {
  readonly type: 'string' | 'number' | 'boolean' | 'unknown' | 'array' | 'optional' | 'nullable' | 'union' | 'object'
  readonly element?: Schema
  readonly innerType?: Schema
  readonly options?: readonly Schema[]
  readonly shape?: Readonly<Record<string, Schema>>
  readonly catchall?: Schema
}

/**
 * A schema whose parsed output is `Out`. Shaped like a zod schema (`_zod.def`, and `_zod.output` as a type
 * only, as in zod), so zod's type helpers (`z.infer`, object outputs) read it.
 */
export interface Schema<Out = unknown> {
  readonly _zod: { readonly def: Def; readonly output: Out; readonly optout?: 'optional' }
}

/** A schema whose key may be absent from an object (zod's `optout`). */
export interface OptionalSchema<Out = unknown> extends Schema<Out> {
  readonly _zod: { readonly def: Def; readonly output: Out; readonly optout: 'optional' }
}

/** An object schema, with its shape's type for `catchall` (`shape` is a type only: at run time it is `_zod.def.shape`). */
export interface ObjectSchema<Shape extends Record<string, Schema>, Extra extends Record<string, unknown>> extends Schema<core.$InferObjectOutput<Shape, Extra>> {
  readonly shape?: Shape
}

/** What a schema parses to: `z.infer<typeof schema>` (`infer` is a keyword inside this module's types). */
type Out<S extends Schema> = core.output<S>
export type { Out as infer }

// `output` and `optout` are types only (as in zod): at run time a schema is its definition.
const node = <S extends Schema>(def: Def): S => ({ _zod: { def } }) as unknown as S

export const string = (): Schema<string> => node({ type: 'string' })
export const number = (): Schema<number> => node({ type: 'number' })
export const boolean = (): Schema<boolean> => node({ type: 'boolean' })
export const unknown = (): Schema<unknown> => node({ type: 'unknown' })

export const array = <T extends Schema>(element: T): Schema<Array<Out<T>>> => node({ type: 'array', element })

export const optional = <T extends Schema>(innerType: T): OptionalSchema<Out<T> | undefined> => node({ type: 'optional', innerType })
/** `null` or `innerType` (an optional key stays optional, as in zod). */
export const nullable = <T extends Schema>(innerType: T): T extends OptionalSchema ? OptionalSchema<Out<T> | null> : Schema<Out<T> | null> =>
  node({ type: 'nullable', innerType })
/** `null`, `undefined` or `innerType`. */
export const nullish = <T extends Schema>(innerType: T): OptionalSchema<Out<T> | null | undefined> =>
  node({ type: 'optional', innerType: nullable(innerType) })

export const union = <const T extends readonly Schema[]>(options: T): Schema<Out<T[number]>> => node({ type: 'union', options })

/** An object that drops unknown keys (used only as the base of `catchall`). */
export const object = <T extends Record<string, Schema> = Record<never, Schema>>(shape?: T): ObjectSchema<T, Record<never, unknown>> =>
  node({ type: 'object', shape: shape ?? {} })
/** An object that keeps unknown keys as they are: how the SDK reads the service's objects. */
export const looseObject = <T extends Record<string, Schema>>(shape: T): ObjectSchema<T, Record<string, unknown>> =>
  node({ type: 'object', shape, catchall: unknown() })
/** `schema` with every key it does not name checked by `catchall`: `catchall(object({}), value)` is a record. */
export const catchall = <T extends Record<string, Schema>, C extends Schema>(schema: ObjectSchema<T, Record<never, unknown>>, catchall: C): ObjectSchema<T, Record<string, Out<C>>> =>
  node({ ...schema._zod.def, catchall })
