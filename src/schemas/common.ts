import type { LiteralUnion } from 'type-fest'
import * as z from 'zod/mini'
import type { TypedSchema } from '../model/shape.js'

/**
 * Building blocks for the response schemas. The service evolves weekly (docs/service-behaviour.md §0),
 * so every schema is forward-compatible: unknown keys are kept (`looseObject`), enums accept unknown
 * values, fields the contract marks nullable accept `null`, and only the fields every version sends
 * (`id`, and a resource's `name`, dates and flags its documented interface marks required) must be
 * present; the rest may be absent.
 */

/** Any JSON value the service documents as free-form. */
export const json = z.unknown()

/**
 * Any JSON value, or the key absent. An object key whose schema is a bare `z.unknown()` is required by
 * zod (a missing key is an issue), so the nested payloads of the hand-written types use this one.
 */
export const maybeJson = z.optional(json)

/** A free-form JSON object. */
export const jsonObject = z.record(z.string(), z.unknown())

/** An ISO 8601 date-time string (kept as sent: the service mixes `Z` and `+00:00` forms, §1.8). */
export const dateTime = z.string()

/**
 * An enumeration the service may extend: the known values are typed for autocompletion, and any other
 * string (including `""`, which `BlankEnum` allows) is accepted.
 */
export function openEnum<T extends string>(): TypedSchema<OpenEnum<T>> {
  // The known values live in the type only: at run time any string passes.
  return z.string()
}

/**
 * A known-values enum as responses type it: the documented literals autocomplete, any other string
 * (one the service added later, or `""`) is still accepted. type-fest is a development dependency only:
 * the build writes its `LiteralUnion` into the shipped declarations (tsup.config.ts).
 */
export type OpenEnum<T extends string> = LiteralUnion<T, string>

/**
 * The schema type of a nested payload whose shape the type documents but whose content is not checked
 * in responses: written `maybeJson as Unchecked<T>`, any JSON passes and a shape the service extends never
 * breaks a response. Used for the deeply nested payloads (metrics, queries, questions' translations, …):
 * the service, which validates them on write, is their authority.
 */
export type Unchecked<T> = TypedSchema<T>

/**
 * The runtime schema of a hand-written response interface. The interfaces carry the field docs that
 * inferred zod types drop; test/schemas/ties.ts checks that each schema's output is assignable to
 * its interface and that both list the same fields, so the two cannot drift apart.
 */
export function describes<T>(schema: z.ZodMiniType): TypedSchema<T> {
  return schema as TypedSchema<T>
}

/**
 * A user embedded in another resource: `created_by`, `updated_by`, `verified_by`, …
 * (docs/service-behaviour.md §2.1). The fields every version sends are required.
 */
export interface UserBasic {
  /** The user's id. */
  id: number
  /** The user's UUID. */
  uuid: string
  /** The user's distinct id in the organisation's own PostHog project. */
  distinct_id?: string | null
  /** First name (may be `""`). */
  first_name: string
  /** Last name (may be `""`). */
  last_name: string
  /** Email address. */
  email: string
  /** Whether the email address is verified. */
  is_email_verified?: boolean | null
  /** The user's hedgehog avatar (free-form). */
  hedgehog_config?: Record<string, unknown> | null
  /**
   * `engineering`, `data`, `product`, `founder`, `leadership`, `marketing`, `sales`, `other`, `""`, or later values.
   */
  role_at_organization?: OpenEnum<
    'engineering' | 'data' | 'product' | 'founder' | 'leadership' | 'marketing' | 'sales' | 'other'
  > | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `userBasicSchema` (exported for the tie test with `UserBasic`). */
export const userBasicShape = {
  id: z.number(),
  uuid: z.string(),
  distinct_id: z.nullish(z.string()),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_email_verified: z.nullish(z.boolean()),
  hedgehog_config: z.nullish(jsonObject),
  role_at_organization:
    z.nullish(
      openEnum<'engineering' | 'data' | 'product' | 'founder' | 'leadership' | 'marketing' | 'sales' | 'other'>(),
    ),
}

/** `created_by`, `updated_by`, `verified_by`, … (docs/service-behaviour.md §2.1). */
export const userBasicSchema = describes<UserBasic>(z.looseObject(userBasicShape))

/**
 * Who created a resource and when, as most resources send them: either may be `null`, or with
 * `Created<string>` the date is never `null` when sent.
 */
export interface Created<At extends string | null = string | null> {
  /** Who created it. */
  created_by?: UserBasic | null
  /** Creation date-time. */
  created_at?: At
}

/** The fields of `Created`, spread into the shapes of the interfaces that extend it. */
export const createdShape = {
  /** Who created it. */
  created_by: z.nullish(userBasicSchema),
  /** Creation date-time. */
  created_at: z.nullish(dateTime),
}

/** The fields of `Created<string>`. */
export const createdNonNullShape = {
  ...createdShape,
  created_at: z.optional(dateTime),
}

/** The feature flag embedded in experiments and surveys (docs/service-behaviour.md §2.2). */
export const minimalFeatureFlagSchema = z.looseObject({
  /** The flag id. */
  id: z.number(),
  /** The project id. */
  team_id: z.optional(z.number()),
  /** Name (may be `""`). */
  name: z.optional(z.string()),
  /** The flag key. */
  key: z.optional(z.string()),
  /** Release conditions: `groups`, `multivariate.variants`, `aggregation_group_type_index`, `payloads`. */
  filters: z.optional(jsonObject),
  /** Soft-deleted. */
  deleted: z.optional(z.boolean()),
  /** Whether the flag is on. */
  active: z.optional(z.boolean()),
  /** Keep a user's variant across identification. */
  ensure_experience_continuity: z.nullish(z.boolean()),
  /** Whether payloads are encrypted. */
  has_encrypted_payloads: z.nullish(z.boolean()),
  /** Version, bumped on each change. */
  version: z.nullish(z.number()),
  /** `server`, `client`, `all`, `""`, or later values. */
  evaluation_runtime: z.nullish(openEnum<'server' | 'client' | 'all'>()),
  /** `distinct_id` (default), `device_id`, `""`, or later values. */
  bucketing_identifier: z.nullish(openEnum<'distinct_id' | 'device_id'>()),
  /** Evaluation tags (older services; see `evaluation_contexts`). */
  evaluation_tags: z.nullish(z.array(z.string())),
  /** Evaluation contexts (newer services). */
  evaluation_contexts: z.nullish(z.array(json)),
})
/** A feature flag embedded in another resource. */
export type MinimalFeatureFlag = z.infer<typeof minimalFeatureFlagSchema>
