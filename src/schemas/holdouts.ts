import * as z from 'zod/mini'
import { createdNonNullShape, dateTime, describes, type Created } from './common.js'
import type { HoldoutGroup } from '../model/holdout-groups.js'

/** A holdout, as its group and experiments (`holdout`) return it (docs/service-behaviour.md §11.5). */
export interface Holdout extends Created<string> {
  /** The holdout id. */
  id: number
  /** Name. */
  name?: string
  /** Description. */
  description?: string | null
  /** The held-out groups; each `variant` is `holdout-<id>`. */
  filters?: HoldoutGroup[] | null
  /** Last change. */
  updated_at?: string
  /** The caller's access level (newer services). */
  user_access_level?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `Holdout` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type HoldoutUncheckedFields = 'filters'

/** The fields of `holdoutSchema` (exported for the tie test with `Holdout`). */
export const holdoutShape = {
  id: z.number(),
  name: z.optional(z.string()),
  description: z.nullish(z.string()),
  ...createdNonNullShape,
  updated_at: z.optional(dateTime),
  user_access_level: z.nullish(z.string()),
}

/** A holdout: users kept out of every variant of the experiments using it (docs/service-behaviour.md §11.5). */
export const holdoutSchema = describes<Holdout>(z.looseObject(holdoutShape))
