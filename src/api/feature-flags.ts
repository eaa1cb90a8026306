import {
  featureFlagCreateParamsSchema,
  featureFlagListParamsSchema,
  featureFlagUpdateParamsSchema,
} from '../requests/feature-flags.js'
import { featureFlagSchema } from '../schemas/feature-flags.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for featureFlags. */
const COLUMNS = ['id', 'key', 'name', 'active', 'deleted', 'updated_at'] as const

export const featureFlags = declareGroup({
  scope: 'feature_flag',
  client: 'Feature flags: `feature_flags/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'feature_flags/',
      query: featureFlagListParamsSchema,
      jsonQuery: ['tags', 'excluded_tags', 'excluded_properties'],
      answer: { list: featureFlagSchema },
      doc: `Lists live flags, newest first; archived flags only with \`archived: true\`. \`tags\`, \`excluded_tags\`
and \`excluded_properties\` are sent as JSON arrays.`,
      command: 'List live feature flags, newest first (--archived: the archived ones).',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'feature_flags/',
      body: featureFlagCreateParamsSchema,
      answer: featureFlagSchema,
      doc: `Creates a flag (201). \`key\` is required and unique among live flags; \`filters.groups\` needs at least
one release condition, and a multivariate flag's variant percentages add up to 100.`,
      command: 'Create a feature flag ({key, filters: {groups: [...]}}).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'feature_flags/{id}/',
      params: { id: 'integer' },
      answer: featureFlagSchema,
      doc: 'Reads one flag (a soft-deleted one too, with `deleted: true`).',
      command: 'Read one feature flag (a soft-deleted one too).',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'feature_flags/{id}/',
      params: { id: 'integer' },
      body: featureFlagUpdateParamsSchema,
      answer: featureFlagSchema,
      doc:
        'Changes writable fields. Send `filters` whole: newer services merge its top-level keys, older ones ' +
        'replace it.',
      command: 'Change writable fields of a feature flag (send filters whole).',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'feature_flags/{id}/',
      params: { id: 'integer' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes a flag: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link FeatureFlags.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete a feature flag (PATCH {"deleted": true}); its key is free again.',
      columns: COLUMNS,
    },
    enable: {
      sends: 'update',
      path: ['id'],
      command: 'Turn a feature flag on (PATCH {"active": true}).',
      columns: COLUMNS,
    },
    disable: {
      sends: 'update',
      path: ['id'],
      command: 'Turn a feature flag off, a kill switch (PATCH {"active": false}).',
      columns: COLUMNS,
    },
  },
})
