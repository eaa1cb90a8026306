import type { ValidationIssue } from './errors.js'
import { compileCheck } from './fast-validate.js'
import type { Schema } from './zod.js'

/**
 * Turns a parsed JSON body into the method's result: synchronously when the body passes the compiled
 * check, later when zod must be loaded to decide. With `validate` false (the client's
 * `validateResponses: false`) it only reshapes, never rejects.
 */
export type Decoder<T> = (json: unknown, validate: boolean) => T | Promise<T>

/** Thrown by decoders; the transport turns it into a `ResponseValidationError` with the request's details. */
export class DecodeFailure {
  constructor(readonly issues: ReadonlyArray<ValidationIssue>) {}
}

let zod: Promise<typeof import('./zod-parse.js')> | undefined

/** Validates `json` against `schema`, rejecting with `DecodeFailure` and zod's issues. */
export function parseWith<T>(schema: Schema<T>, json: unknown): T | Promise<T> {
  // Fast path: a body the compiled check accepts is returned as parsed, with no copy (see fast-validate.ts).
  if (compileCheck(schema)(json)) return json as T
  // Only a body the check fails needs zod, so zod is loaded here, once (bundlers that split code give it a
  // chunk of its own); a load that failed is tried again next time.
  zod ??= import('./zod-parse.js').catch((error: unknown) => {
    zod = undefined
    throw error
  })
  return zod.then(({ safeParse }) => {
    const result = safeParse(schema, json)
    if (!result.success) throw new DecodeFailure(result.error.issues as unknown as ReadonlyArray<ValidationIssue>)
    return result.data
  })
}

/** `next(value)`, after `value` settles if it is a promise: the fast path stays synchronous. */
export function andThen<A, B>(value: A | Promise<A>, next: (value: A) => B): B | Promise<B> {
  return value instanceof Promise ? value.then(next) : next(value)
}

/** The decoder of a plain (non-paginated) result. */
export function decodeWith<T>(schema: Schema<T>): Decoder<T> {
  return (json, validate) => (validate ? parseWith(schema, json) : (json as T))
}
