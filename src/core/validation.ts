import * as z from 'zod/mini'
import type { ValidationIssue } from './errors.js'
import { compileCheck } from './compiled-check.js'

/**
 * Turns a parsed JSON body into the method's result. With `validate` false (the client's
 * `validateResponses: false`) it only reshapes, never rejects.
 */
export type Decoder<T> = (json: unknown, validate: boolean) => T

/** Thrown by decoders; the transport turns it into a `ResponseValidationError` with the request's details. */
export class DecodeFailure {
  constructor(readonly issues: ReadonlyArray<ValidationIssue>) {}
}

/** Validates `json` against `schema`, throwing `DecodeFailure` with zod's issues. */
export function parseWith<T>(schema: z.ZodMiniType<T>, json: unknown): T {
  // Fast path: a body the compiled check accepts is returned as parsed, with no copy (see compiled-check.ts).
  if (compileCheck(schema)(json)) return json as T
  const result = z.safeParse(schema, json)
  if (!result.success) throw new DecodeFailure(result.error.issues as unknown as ReadonlyArray<ValidationIssue>)
  return result.data
}

/** The decoder of a plain (non-paginated) result. */
export function decodeWith<T>(schema: z.ZodMiniType<T>): Decoder<T> {
  return (json, validate) => (validate ? parseWith(schema, json) : (json as T))
}
