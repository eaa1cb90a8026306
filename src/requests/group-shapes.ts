/**
 * What the request shapes of every group share: a list's page, and the create body made of the write
 * fields (the update body) with some of them required.
 */
import type { Merge } from 'type-fest'
import * as z from 'zod/mini'
import type { StrictObject } from '../model/shape.js'

/**
 * A group's create body: its write fields (the update body) and the fields `required` gives, whose
 * schemas and docs replace the write fields' ones in place (a field new to the body comes last).
 */
export function createParams<W extends z.core.$ZodLooseShape, const R extends z.core.$ZodLooseShape>(
  writeFields: StrictObject<W>,
  required: R,
): StrictObject<Merge<W, R>> {
  return z.strictObject({ ...writeFields.shape, ...required }) as StrictObject<Merge<W, R>>
}

/** The page of a list's query, the first part of most groups' list params. */
export const pageParams = {
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
}
