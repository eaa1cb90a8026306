import {
  dashboardCreateParamsSchema,
  dashboardListParamsSchema,
  dashboardUpdateParamsSchema,
} from '../requests/dashboards.js'
import { dashboardSchema } from '../schemas/dashboards.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for dashboards. */
const COLUMNS = ['id', 'name', 'pinned', 'deleted', 'created_at'] as const

export const dashboards = declareGroup({
  scope: 'dashboard',
  client: 'Dashboards: `dashboards/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'dashboards/',
      query: dashboardListParamsSchema,
      answer: { list: dashboardSchema },
      doc: 'Lists live dashboards, pinned first, then by name; the items have no `tiles`, `filters` or `variables`.',
      command: 'List live dashboards (pinned first, then by name).',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'dashboards/',
      body: dashboardCreateParamsSchema,
      answer: dashboardSchema,
      doc: 'Creates a dashboard (201), without tiles: an insight is placed by its own `dashboards`.',
      command: 'Create a dashboard ({name}); insights are placed by their own dashboards.',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'dashboards/{id}/',
      params: { id: 'integer' },
      answer: dashboardSchema,
      doc: 'Reads one live dashboard with its tiles (each read moves `last_accessed_at`).',
      command: 'Read one dashboard with its tiles.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'dashboards/{id}/',
      params: { id: 'integer' },
      body: dashboardUpdateParamsSchema,
      answer: dashboardSchema,
      doc: `Changes writable fields. \`tiles\` entries are upserted by id (layouts replaced whole; a text tile made
by \`{ text: { body } }\`); tiles not named stay, \`{ id, deleted: true }\` removes one.`,
      command: 'Change writable fields of a dashboard, or its tiles by id.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'dashboards/{id}/',
      params: { id: 'integer' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes a dashboard: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link Dashboards.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete a dashboard and its tiles (PATCH {"deleted": true}).',
      columns: COLUMNS,
    },
  },
})
