/** Request bodies and queries of `featureFlags` (docs/service-behaviour.md §11.2). */
import * as z from 'zod/mini'
import {
  FEATURE_FLAG_BUCKETING_IDENTIFIERS,
  FEATURE_FLAG_CREATION_CONTEXTS,
  FEATURE_FLAG_EVALUATION_RUNTIMES,
  FEATURE_FLAG_LIST_TYPES,
} from '../model/enums.js'
import { nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { createParams, pageParams } from './group-shapes.js'
import { featureFlagFiltersSchema } from '../model/feature-flag-filters.js'

export const featureFlagWriteFieldsSchema = strictObject({
  /** Key, `^[a-zA-Z0-9_-]+$`, at most 400 characters; unique among the project's live flags. */
  key: z.exactOptional(z.string()),
  /** Description (the service's field is called `name`). */
  name: z.exactOptional(z.string()),
  /** Release conditions, variants, payloads. */
  filters: z.exactOptional(featureFlagFiltersSchema),
  /** On or off (default on). */
  active: z.exactOptional(z.boolean()),
  /** Archived (must be off). */
  archived: z.exactOptional(z.boolean()),
  /** `true` soft-deletes, `false` restores. */
  deleted: z.exactOptional(z.boolean()),
  /** Keep a user's variant across identification. */
  ensure_experience_continuity: nullableOptional(z.boolean()),
  /** Tags. */
  tags: z.exactOptional(z.array(z.string())),
  /** Evaluation contexts (at most 50). */
  evaluation_contexts: z.exactOptional(z.array(z.string())),
  /** Evaluation tags (older services' name of `evaluation_contexts`). */
  evaluation_tags: z.exactOptional(z.array(z.string())),
  /** Dashboard ids. */
  analytics_dashboards: z.exactOptional(z.array(z.number())),
  /** Enriched analytics. */
  has_enriched_analytics: nullableOptional(z.boolean()),
  /** Where the flag was made (analytics; default `feature_flags`). */
  creation_context: z.exactOptional(z.enum(FEATURE_FLAG_CREATION_CONTEXTS)),
  /** A remote configuration (one payload, everyone). */
  is_remote_configuration: nullableOptional(z.boolean()),
  /** Encrypted payloads (remote configurations only). */
  has_encrypted_payloads: nullableOptional(z.boolean()),
  /** `server`, `client` or `all`. */
  evaluation_runtime: nullableOptional(z.enum(FEATURE_FLAG_EVALUATION_RUNTIMES)),
  /** `distinct_id` (default) or `device_id`. */
  bucketing_identifier: nullableOptional(z.enum(FEATURE_FLAG_BUCKETING_IDENTIFIERS)),
  /** The version this change is based on: a 409 when someone else changed the same fields meanwhile. */
  version: nullableOptional(z.number()),
  /** Folder to create the flag in. */
  _create_in_folder: z.exactOptional(z.string()),
})
/**
 * Fields accepted by `featureFlags.create` and `update`. A field the SDK does not know yet goes through `extraBody`.
 */
export interface FeatureFlagWriteFields extends ShapeOf<typeof featureFlagWriteFieldsSchema> {}

export const featureFlagCreateParamsSchema = createParams(featureFlagWriteFieldsSchema, {
  /** Key (required), `^[a-zA-Z0-9_-]+$`; unique among the project's live flags. */
  key: z.string(),
})
/** `featureFlags.create`: `key` is required, and `filters.groups` needs at least one condition. */
export interface FeatureFlagCreateParams extends ShapeOf<typeof featureFlagCreateParamsSchema> {}

export { featureFlagWriteFieldsSchema as featureFlagUpdateParamsSchema }
/** `featureFlags.update`: any writable field. */
export type FeatureFlagUpdateParams = FeatureFlagWriteFields

export const featureFlagListParamsSchema = strictObject(pageParams, {
  /** Key, name or linked experiment name contains (at most 200 characters). */
  search: z.optional(z.string()),
  /** Exact key (case-insensitive). */
  key: z.optional(z.string()),
  /** On, off, or `STALE` (not called for 30 days). */
  active: z.optional(z.union([z.boolean(), z.literal('STALE')])),
  /** Archived flags only (`true`); absent: archived flags are left out. */
  archived: z.optional(z.boolean()),
  /** `boolean`, `multivariant`, `experiment` or `remote_config`. */
  type: z.optional(z.enum(FEATURE_FLAG_LIST_TYPES)),
  /** Creator's user id. */
  created_by_id: z.optional(z.number()),
  /** `server`, `client` or `all`. */
  evaluation_runtime: z.optional(z.enum(FEATURE_FLAG_EVALUATION_RUNTIMES)),
  /** Only flags with these tags; sent as a JSON array string. */
  tags: z.optional(z.array(z.string())),
  /** Leave flags with these tags out; sent as a JSON array string. */
  excluded_tags: z.optional(z.array(z.string())),
  /** Flag keys to leave out; sent as a JSON array string. */
  excluded_properties: z.optional(z.array(z.string())),
  /** With or without evaluation contexts. */
  has_evaluation_contexts: z.optional(z.boolean()),
  /** Only multivariate flags with 2–20 variants. */
  eligible_for_experiment: z.optional(z.boolean()),
  /** Sort field, `-` prefix descending (default `-created_at`). */
  order: z.optional(z.string()),
})
/** Query of `featureFlags.list` (docs/service-behaviour.md §11.2). */
export interface FeatureFlagListParams extends ShapeOf<typeof featureFlagListParamsSchema> {}
