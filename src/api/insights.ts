import { insightCreateParamsSchema, insightListParamsSchema, insightUpdateParamsSchema } from '../requests/insights.js'
import { insightSchema } from '../schemas/insights.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for insights. */
const COLUMNS = ['id', 'short_id', 'name', 'dashboards', 'deleted'] as const

export const insights = declareGroup({
  scope: 'insight',
  client: 'Insights: `insights/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'insights/',
      query: insightListParamsSchema,
      answer: { list: insightSchema },
      doc: 'Lists live insights (with `basic`, without their result fields).',
      command: 'List live insights.',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'insights/',
      body: insightCreateParamsSchema,
      answer: insightSchema,
      doc: 'Creates an insight (201), with one tile on each dashboard of `dashboards`.',
      command: 'Create an insight ({name, query: {kind: "InsightVizNode", source}, dashboards}).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'insights/{id}/',
      params: { id: 'integer' },
      answer: insightSchema,
      doc: 'Reads one live insight.',
      command: 'Read one insight.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'insights/{id}/',
      params: { id: 'integer' },
      body: insightUpdateParamsSchema,
      answer: insightSchema,
      doc: 'Changes writable fields; `dashboards` is the complete set (a dashboard left out loses its tile).',
      command: 'Change writable fields of an insight.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'insights/{id}/',
      params: { id: 'integer' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes an insight: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link Insights.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete an insight, off every dashboard (PATCH {"deleted": true}).',
      columns: COLUMNS,
    },
  },
})
