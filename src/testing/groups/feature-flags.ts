import type { FakeFeatureFlag, FakeMinimalFeatureFlag } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'

/** A variant of a multivariate flag. */
export interface FlagVariant {
  key: string
  name?: string
  rollout_percentage: number
}

/** The default experiment variants: `control` and `test`, 50/50 (docs/service-behaviour.md §3.1). */
export const DEFAULT_VARIANTS: FlagVariant[] = [
  { key: 'control', name: 'Control', rollout_percentage: 50 },
  { key: 'test', name: 'Test', rollout_percentage: 50 },
]

/** Flag filters for a multivariate flag with `variants`. */
export function multivariateFilters(variants: readonly FlagVariant[], aggregationGroupTypeIndex: unknown = null): Record<string, unknown> {
  return {
    groups: [{ properties: [], rollout_percentage: 100, variant: null }],
    multivariate: {
      variants: variants.map((variant) => ({
        key: variant.key,
        name: variant.name ?? variant.key.charAt(0).toUpperCase() + variant.key.slice(1),
        rollout_percentage: variant.rollout_percentage,
      })),
    },
    aggregation_group_type_index: aggregationGroupTypeIndex,
    payloads: {},
  }
}

/** Creates and stores a flag; fields not given get the service's defaults. */
export function createFlag(store: FakeStore, fields: Partial<FakeFeatureFlag> & { key: string }): FakeFeatureFlag {
  const now = store.timestamp()
  const flag: FakeFeatureFlag = {
    id: store.nextId('flag'),
    team_id: store.projectId,
    name: '',
    filters: multivariateFilters(DEFAULT_VARIANTS),
    deleted: false,
    active: true,
    ensure_experience_continuity: false,
    has_encrypted_payloads: false,
    version: 1,
    evaluation_runtime: 'all',
    bucketing_identifier: 'distinct_id',
    evaluation_tags: [],
    created_by: FAKE_USER,
    created_at: now,
    updated_at: now,
    last_modified_by: FAKE_USER,
    experiment_set: [],
    surveys: [],
    features: [],
    rollback_conditions: null,
    performed_rollback: false,
    can_edit: true,
    tags: [],
    usage_dashboard: null,
    analytics_dashboards: [],
    has_enriched_analytics: false,
    user_access_level: 'editor',
    is_remote_configuration: false,
    status: 'ACTIVE',
    last_called_at: null,
    is_used_in_replay_settings: false,
    ...fields,
  }
  store.featureFlags.set(flag.id, flag)
  return flag
}

/** The embedded (minimal) form of a flag. */
export function minimalFlag(flag: FakeFeatureFlag): FakeMinimalFeatureFlag {
  return clone({
    id: flag.id,
    team_id: flag.team_id,
    name: flag.name,
    key: flag.key,
    filters: flag.filters,
    deleted: flag.deleted,
    active: flag.active,
    ensure_experience_continuity: flag.ensure_experience_continuity,
    has_encrypted_payloads: flag.has_encrypted_payloads,
    version: flag.version,
    evaluation_runtime: flag.evaluation_runtime,
    bucketing_identifier: flag.bucketing_identifier,
    evaluation_tags: flag.evaluation_tags,
  })
}

/** A live flag by key. */
export function flagByKey(store: FakeStore, key: string): FakeFeatureFlag | undefined {
  for (const flag of store.featureFlags.values()) if (flag.key === key && !flag.deleted) return flag
  return undefined
}

/** Usable by an experiment: multivariate with at least 2 variants, the first `control` (spec rule 4). */
export function isEligibleForExperiment(flag: FakeFeatureFlag): boolean {
  const multivariate = flag.filters['multivariate']
  const variants = typeof multivariate === 'object' && multivariate !== null ? (multivariate as { variants?: unknown }).variants : undefined
  if (!Array.isArray(variants) || variants.length < 2) return false
  const first: unknown = variants[0]
  return typeof first === 'object' && first !== null && (first as { key?: unknown }).key === 'control'
}
