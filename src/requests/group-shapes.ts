/**
 * What the request shapes of every group share: a list's page, and the create body made of the write
 * fields (the update body) with some of them required.
 */
import * as z from 'zod/mini'
import type { StrictObject } from '../model/shape.js'

/**
 * A group's create body: its write fields (the update body) and the fields `required` gives, whose
 * schemas and docs replace the write fields' ones in place (a field new to the body comes last).
 */
export function createParams<W extends z.core.$ZodLooseShape, const R extends z.core.$ZodLooseShape>(
  writeFields: StrictObject<W>,
  required: R,
): StrictObject<Omit<W, keyof R> & R> {
  // Typed as the intersection of its parts, each member keeps its doc (type-fest's `Merge` drops them).
  return z.strictObject({ ...writeFields.shape, ...required }) as StrictObject<Omit<W, keyof R> & R>
}

const page = {
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
}
type Page = typeof page
/**
 * The page of a list's query, the first part of most groups' list params. An interface: the declarations
 * of the list params name it, and so keep its members' docs (those of another module's literal are lost).
 */
export interface PageParams extends Page {}
export const pageParams: PageParams = page
