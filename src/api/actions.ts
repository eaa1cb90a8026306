import { actionCreateParamsSchema, actionListParamsSchema, actionUpdateParamsSchema } from '../requests/actions.js'
import { actionReferencesSchema, actionSchema } from '../schemas/actions.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for actions. */
const COLUMNS = ['id', 'name', 'description', 'deleted', 'created_at'] as const

export const actions = declareGroup({
  scope: 'action',
  client: 'Actions: `actions/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'actions/',
      query: actionListParamsSchema,
      jsonQuery: ['tags'],
      answer: { list: actionSchema },
      doc: `Lists live actions. The service answers them all in one page (\`{count, results}\`, older services
\`{results}\`, never a \`next\`); with \`limit\`, the walk pages by offset. \`tags\` is sent as a JSON array.`,
      command: 'List live actions (one page: the service sends no next).',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'actions/',
      body: actionCreateParamsSchema,
      answer: actionSchema,
      doc: 'Creates an action (201); a `name` is unique among live actions.',
      command: 'Create an action ({name, steps: [...]}); names are unique.',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'actions/{id}/',
      params: { id: 'integer' },
      answer: actionSchema,
      doc: 'Reads one action (a soft-deleted one too, with `deleted: true`).',
      command: 'Read one action (a soft-deleted one too).',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'actions/{id}/',
      params: { id: 'integer' },
      body: actionUpdateParamsSchema,
      answer: actionSchema,
      doc: 'Changes writable fields.',
      command: 'Change writable fields of an action.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'actions/{id}/',
      params: { id: 'integer' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes an action: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link Actions.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete an action (PATCH {"deleted": true}); its name is free again.',
      columns: COLUMNS,
    },
    references: {
      method: 'GET',
      path: 'actions/{id}/references/',
      params: { id: 'integer' },
      answer: actionReferencesSchema,
      doc:
        'The insights, experiments, cohorts and hog functions using an action (at most 50): check before ' +
        'deleting it.',
      command: 'The insights, experiments, cohorts and hog functions using an action.',
      columns: ['type', 'id', 'name', 'url'],
      handWritten: true,
    },
  },
})
