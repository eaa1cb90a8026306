import { holdoutCreateParamsSchema, holdoutListParamsSchema, holdoutUpdateParamsSchema } from '../requests/holdouts.js'
import { holdoutSchema } from '../schemas/holdouts.js'
import { DESCRIBED_COLUMNS, declareGroup } from './declare.js'

export const holdouts = declareGroup({
  scope: 'experiment_holdout',
  client: 'Experiment holdouts: `experiment_holdouts/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'experiment_holdouts/',
      query: holdoutListParamsSchema,
      answer: { list: holdoutSchema },
      doc: 'Lists holdouts.',
      command: 'List experiment holdouts.',
      columns: DESCRIBED_COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'experiment_holdouts/',
      body: holdoutCreateParamsSchema,
      answer: holdoutSchema,
      doc: "Creates a holdout (201); the service names each group's variant `holdout-<id>`.",
      command: 'Create a holdout ({name, filters: [{properties: [], rollout_percentage}]}).',
      columns: DESCRIBED_COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'experiment_holdouts/{id}/',
      params: { id: 'integer' },
      answer: holdoutSchema,
      doc: 'Reads one holdout.',
      command: 'Read one holdout.',
      columns: DESCRIBED_COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'experiment_holdouts/{id}/',
      params: { id: 'integer' },
      body: holdoutUpdateParamsSchema,
      answer: holdoutSchema,
      doc: 'Changes writable fields; changed `filters` reach the flags of the experiments using it.',
      command: 'Change writable fields of a holdout.',
      columns: DESCRIBED_COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'experiment_holdouts/{id}/',
      params: { id: 'integer' },
      answer: 'none',
      doc: 'Deletes a holdout for good (204): resolves `undefined`. The flags using it lose their `filters.holdout`.',
      command: 'Delete a holdout (its flags lose filters.holdout).',
    },
  },
})
