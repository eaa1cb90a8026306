import { at, declareKind } from './declare.js'

// Deleted; names not unique (§14 [`E13`]). The list has no search.
export const earlyAccessFeatures = declareKind({
  kind: 'earlyAccessFeatures',
  folder: 'early-access-features',
  keyField: 'name',
  sdk: (client) => client.earlyAccessFeatures,
  uniqueOnService: false,
  softDelete: false,
  // Fixed once created (§14.3 [`E5`]): refused in an update below.
  references: [at([], { field: 'feature_flag_id', target: 'featureFlags' })],
  referenceFields: ['feature_flag_id'],
  // The assignee is a user or a role.
  idFields: ['assignee'],
  plan: {
    refuseUpdate: (differences) =>
      differences.some((difference) => difference.at[0] === 'feature_flag_id') ? FEATURE_FLAG_FIXED : undefined,
  },
})

// The service ignores a changed flag (docs/service-behaviour.md §14.3 [`E5`]).
const FEATURE_FLAG_FIXED =
  'feature_flag_id: an early access feature keeps the flag it was created with (the service ignores a change): ' +
  'delete the feature and create it again on the other flag, or keep its flag'
