import { cohortCreateParamsSchema, cohortListParamsSchema, cohortUpdateParamsSchema } from '../requests/cohorts.js'
import { cohortSchema } from '../schemas/cohorts.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for cohorts. */
const COLUMNS = ['id', 'name', 'is_static', 'count', 'deleted', 'created_at'] as const

export const cohorts = declareGroup({
  scope: 'cohort',
  client: 'Cohorts: `cohorts/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'cohorts/',
      query: cohortListParamsSchema,
      answer: { list: cohortSchema },
      doc: 'Lists live cohorts, newest first (with `search`: exact matches first).',
      command: 'List live cohorts, newest first.',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'cohorts/',
      body: cohortCreateParamsSchema,
      answer: cohortSchema,
      doc: 'Creates a cohort (201): dynamic with `filters`, or static (`is_static`) with a `query` or person ids.',
      command: 'Create a cohort ({name, filters: {properties: {type, values}}} or is_static).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'cohorts/{id}/',
      params: { id: 'integer' },
      answer: cohortSchema,
      doc: 'Reads one cohort (a soft-deleted one too, with `deleted: true`).',
      command: 'Read one cohort (a soft-deleted one too).',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'cohorts/{id}/',
      params: { id: 'integer' },
      body: cohortUpdateParamsSchema,
      answer: cohortSchema,
      doc: 'Changes writable fields.',
      command: 'Change writable fields of a cohort.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'cohorts/{id}/',
      params: { id: 'integer' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes a cohort: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link Cohorts.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete a cohort (PATCH {"deleted": true}).',
      columns: COLUMNS,
    },
  },
})
