import {
  earlyAccessFeatureCreateParamsSchema,
  earlyAccessFeatureListParamsSchema,
  earlyAccessFeatureUpdateParamsSchema,
} from '../requests/early-access-features.js'
import { earlyAccessFeatureSchema } from '../schemas/early-access-features.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for early access features. */
const COLUMNS = ['id', 'name', 'stage', 'documentation_url', 'created_at'] as const

export const earlyAccessFeatures = declareGroup({
  scope: 'early_access_feature',
  client: 'Early access features: `early_access_feature/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'early_access_feature/',
      query: earlyAccessFeatureListParamsSchema,
      answer: { list: earlyAccessFeatureSchema },
      doc: 'Lists early access features.',
      command: 'List early access features.',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'early_access_feature/',
      body: earlyAccessFeatureCreateParamsSchema,
      answer: earlyAccessFeatureSchema,
      doc: `Creates an early access feature (201) on the flag \`feature_flag_id\`, or on a flag the service makes
(key: the name's slug). An active stage (\`alpha\`, \`beta\`, \`general-availability\`) marks the flag.`,
      command: 'Create an early access feature ({name, stage, feature_flag_id?}).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'early_access_feature/{id}/',
      params: { id: 'uuid' },
      answer: earlyAccessFeatureSchema,
      doc: 'Reads one early access feature, with its flag.',
      command: 'Read one early access feature.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'early_access_feature/{id}/',
      params: { id: 'uuid' },
      body: earlyAccessFeatureUpdateParamsSchema,
      answer: earlyAccessFeatureSchema,
      doc: 'Changes writable fields; a change of stage marks or clears the flag. The flag itself cannot change.',
      command: 'Change writable fields of an early access feature.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'early_access_feature/{id}/',
      params: { id: 'uuid' },
      answer: 'none',
      doc: 'Deletes an early access feature for good (204): resolves `undefined`. Its flag stays, unmarked.',
      command: 'Delete an early access feature (its flag stays).',
    },
  },
})
