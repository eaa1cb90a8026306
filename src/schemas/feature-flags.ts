import * as z from 'zod/mini'
import {
  createdShape,
  dateTime,
  describes,
  json,
  openEnum,
  userBasicSchema,
  type Created,
  type OpenEnum,
  type UserBasic,
} from './common.js'
import type { FeatureFlagFilters } from '../model/feature-flag-filters.js'

/**
 * A feature flag, as list, create, retrieve, update and `experiments.eligibleFeatureFlags` return it
 * (docs/service-behaviour.md §11.2). Soft-deleted flags are still retrieved (`deleted: true`); fields the
 * service added later are kept as sent.
 */
export interface FeatureFlag extends Created {
  /** The flag id. */
  id: number
  /** Description (the service's field is called `name`; may be `""`). */
  name?: string
  /** The key, unique among the project's live flags. */
  key?: string
  /** Release conditions, variants, payloads, holdout (the service adds `cohort_name` and normalises aggregation). */
  filters?: FeatureFlagFilters | null
  /** Soft-deleted. */
  deleted?: boolean
  /** On or off. */
  active?: boolean
  /** Archived (newer services). */
  archived?: boolean | null
  /** Last change. */
  updated_at?: string | null
  /** Version, bumped on every change. */
  version?: number | null
  /** Who changed it last. */
  last_modified_by?: UserBasic | null
  /** Keep a user's variant across identification. */
  ensure_experience_continuity?: boolean | null
  /** Ids of the live experiments using the flag. */
  experiment_set?: unknown[] | null
  /** `{id, name, is_running}` of those experiments (newer services). */
  experiment_set_metadata?: unknown
  /** Surveys linked to the flag. */
  surveys?: unknown
  /** Early access features using the flag. */
  features?: unknown
  /** Older services. */
  rollback_conditions?: unknown
  /** Older services. */
  performed_rollback?: boolean | null
  /** Whether the caller may change it. */
  can_edit?: boolean
  /** Tags. */
  tags?: unknown[] | null
  /** Evaluation contexts (blank when the organisation lacks the feature). */
  evaluation_contexts?: unknown[] | null
  /** Evaluation tags (older services' name of `evaluation_contexts`). */
  evaluation_tags?: unknown[] | null
  /** Legacy usage dashboard id. */
  usage_dashboard?: number | null
  /** Dashboard ids. */
  analytics_dashboards?: unknown[] | null
  /** Enriched analytics. */
  has_enriched_analytics?: boolean | null
  /** The caller's access level. */
  user_access_level?: string | null
  /** A remote configuration. */
  is_remote_configuration?: boolean | null
  /** Encrypted payloads. */
  has_encrypted_payloads?: boolean | null
  /** `ACTIVE`, `STALE`, `ARCHIVED`, `DELETED`, `UNKNOWN`, or later values. */
  status?: OpenEnum<'ACTIVE' | 'STALE' | 'ARCHIVED' | 'DELETED' | 'UNKNOWN'> | null
  /** `server`, `client`, `all`, `""`, or later values. */
  evaluation_runtime?: OpenEnum<'server' | 'client' | 'all'> | null
  /** `distinct_id`, `device_id`, `""`, or later values. */
  bucketing_identifier?: OpenEnum<'distinct_id' | 'device_id'> | null
  /** When the flag was last evaluated. */
  last_called_at?: string | null
  /** Used in the project's replay settings. */
  is_used_in_replay_settings?: boolean | null
  /** Multivariate with 2–20 variants (newer services). */
  is_eligible_for_experiment?: boolean | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The fields of `FeatureFlag` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type FeatureFlagUncheckedFields =
  'filters' | 'experiment_set_metadata' | 'surveys' | 'features' | 'rollback_conditions'

/** The fields of `featureFlagSchema` (exported for the tie test with `FeatureFlag`). */
export const featureFlagShape = {
  id: z.number(),
  name: z.optional(z.string()),
  key: z.optional(z.string()),
  deleted: z.optional(z.boolean()),
  active: z.optional(z.boolean()),
  archived: z.nullish(z.boolean()),
  ...createdShape,
  updated_at: z.nullish(dateTime),
  version: z.nullish(z.number()),
  last_modified_by: z.nullish(userBasicSchema),
  ensure_experience_continuity: z.nullish(z.boolean()),
  experiment_set: z.nullish(z.array(json)),
  performed_rollback: z.nullish(z.boolean()),
  can_edit: z.optional(z.boolean()),
  tags: z.nullish(z.array(json)),
  evaluation_contexts: z.nullish(z.array(json)),
  evaluation_tags: z.nullish(z.array(json)),
  usage_dashboard: z.nullish(z.number()),
  analytics_dashboards: z.nullish(z.array(json)),
  has_enriched_analytics: z.nullish(z.boolean()),
  user_access_level: z.nullish(z.string()),
  is_remote_configuration: z.nullish(z.boolean()),
  has_encrypted_payloads: z.nullish(z.boolean()),
  status: z.nullish(openEnum<'ACTIVE' | 'STALE' | 'ARCHIVED' | 'DELETED' | 'UNKNOWN'>()),
  evaluation_runtime: z.nullish(openEnum<'server' | 'client' | 'all'>()),
  bucketing_identifier: z.nullish(openEnum<'distinct_id' | 'device_id'>()),
  last_called_at: z.nullish(dateTime),
  is_used_in_replay_settings: z.nullish(z.boolean()),
  is_eligible_for_experiment: z.nullish(z.boolean()),
}

/** A feature flag (docs/service-behaviour.md §11.2). */
export const featureFlagSchema = describes<FeatureFlag>(z.looseObject(featureFlagShape))
