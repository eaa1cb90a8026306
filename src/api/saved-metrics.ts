import {
  savedMetricCreateParamsSchema,
  savedMetricListParamsSchema,
  savedMetricUpdateParamsSchema,
} from '../requests/saved-metrics.js'
import { savedMetricSchema } from '../schemas/saved-metrics.js'
import { DESCRIBED_COLUMNS, declareGroup } from './declare.js'

export const savedMetrics = declareGroup({
  scope: 'experiment_saved_metric',
  client: 'Saved (shared) experiment metrics: `experiment_saved_metrics/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'experiment_saved_metrics/',
      query: savedMetricListParamsSchema,
      answer: { list: savedMetricSchema },
      doc: 'Lists saved metrics by name (case-insensitive).',
      command: 'List saved experiment metrics by name.',
      columns: DESCRIBED_COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'experiment_saved_metrics/',
      body: savedMetricCreateParamsSchema,
      answer: savedMetricSchema,
      doc: "Creates a saved metric (201); the service assigns the metric's `uuid`.",
      command: 'Create a saved metric ({name, query: ExperimentMetric}).',
      columns: DESCRIBED_COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'experiment_saved_metrics/{id}/',
      params: { id: 'integer' },
      answer: savedMetricSchema,
      doc: 'Reads one saved metric.',
      command: 'Read one saved metric.',
      columns: DESCRIBED_COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'experiment_saved_metrics/{id}/',
      params: { id: 'integer' },
      body: savedMetricUpdateParamsSchema,
      answer: savedMetricSchema,
      doc: "Changes writable fields (the metric's `uuid` cannot change).",
      command: 'Change writable fields of a saved metric.',
      columns: DESCRIBED_COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'experiment_saved_metrics/{id}/',
      params: { id: 'integer' },
      answer: 'none',
      doc: 'Deletes a saved metric for good (204): resolves `undefined`. Experiments using it lose it silently.',
      command: 'Delete a saved metric (experiments using it lose it).',
    },
  },
})
