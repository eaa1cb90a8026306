import * as z from 'zod/mini'
import {
  hogFunctionBroadcastParamsSchema,
  hogFunctionCreateParamsSchema,
  hogFunctionIconParamsSchema,
  hogFunctionIconsParamsSchema,
  hogFunctionInvocationParamsSchema,
  hogFunctionListParamsSchema,
  hogFunctionLogsParamsSchema,
  hogFunctionMetricsParamsSchema,
  hogFunctionRearrangeParamsSchema,
  hogFunctionUpdateParamsSchema,
} from '../requests/hog-functions.js'
import {
  hogFunctionBroadcastResultSchema,
  hogFunctionIconSchema,
  hogFunctionInvocationResultSchema,
  hogFunctionLogEntrySchema,
  hogFunctionMetricsSchema,
  hogFunctionMetricsTotalsSchema,
  hogFunctionMinimalSchema,
  hogFunctionSchema,
} from '../schemas/hog-functions.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for hogFunctions. */
const COLUMNS = ['id', 'name', 'type', 'enabled', 'execution_order', 'updated_at'] as const

export const hogFunctions = declareGroup({
  scope: 'hog_function',
  client: 'Hog functions: `hog_functions/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'hog_functions/',
      query: hogFunctionListParamsSchema,
      answer: { list: hogFunctionMinimalSchema },
      doc: `Lists hog functions, by \`execution_order\` then newest update; soft-deleted ones are left out. The items
are the service's slim ones (no \`inputs\`, \`inputs_schema\`, \`mappings\`, \`masking\`): \`retrieve(id)\` reads a
whole function.`,
      command:
        'List hog functions: slim items, without inputs or mappings (hog-functions retrieve <id> for one in full).',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'hog_functions/',
      body: hogFunctionCreateParamsSchema,
      answer: hogFunctionSchema,
      doc: `Creates a hog function (\`type\` defaults to \`destination\`). A secret input must carry its \`value\`: the
mask a read returns (\`{ secret: true }\`) is refused before sending, since a new function has no stored
secret to keep.`,
      command: 'Create a hog function.',
      columns: COLUMNS,
      handWritten: true,
    },
    retrieve: {
      method: 'GET',
      path: 'hog_functions/{id}/',
      params: { id: 'uuid' },
      answer: hogFunctionSchema,
      doc: 'Reads one hog function (404 once soft-deleted).',
      command: 'Read one hog function.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'hog_functions/{id}/',
      params: { id: 'uuid' },
      body: hogFunctionUpdateParamsSchema,
      answer: hogFunctionSchema,
      doc: 'Changes any writable fields (`type` is immutable).',
      command: 'Change writable fields of a hog function.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'hog_functions/{id}/',
      params: { id: 'uuid' },
      softDeleteOnly: true,
      answer: 'none',
      doc: `The service never hard-deletes a hog function: this always rejects with \`MethodNotAllowedError\` (405).

@deprecated Always fails on the real service. Use {@link HogFunctions.softDelete}.`,
      command: 'Always refused by the service (405): use soft-delete.',
    },
    softDelete: {
      sends: 'update',
      path: ['id'],
      command: 'Soft-delete a hog function (PATCH {"deleted": true}).',
      columns: COLUMNS,
    },
    broadcast: {
      method: 'POST',
      path: 'hog_functions/{id}/broadcast/',
      params: { id: 'uuid' },
      scope: null,
      body: hogFunctionBroadcastParamsSchema,
      optionalBody: true,
      answer: hogFunctionBroadcastResultSchema,
      doc: 'Runs the function once for each person matched by its `filters.properties` (400 when disabled).',
      command: 'Broadcast a hog function.',
    },
    invocations: {
      method: 'POST',
      path: 'hog_functions/{id}/invocations/',
      params: { id: 'uuid' },
      scope: null,
      body: hogFunctionInvocationParamsSchema,
      answer: hogFunctionInvocationResultSchema,
      doc: 'Test-runs a configuration against an event (async functions mocked by default).',
      command: 'Test-run a configuration against an event ({configuration, globals}).',
    },
    logs: {
      method: 'GET',
      path: 'hog_functions/{id}/logs/',
      params: { id: 'uuid' },
      scope: null,
      query: hogFunctionLogsParamsSchema,
      answer: { list: hogFunctionLogEntrySchema },
      doc: "The function's log entries, newest first (50 a page by default, at most 500).",
      command: 'Log entries of a hog function, newest first.',
      columns: ['timestamp', 'level', 'instance_id', 'message'],
    },
    metrics: {
      method: 'GET',
      path: 'hog_functions/{id}/metrics/',
      params: { id: 'uuid' },
      scope: null,
      query: hogFunctionMetricsParamsSchema,
      answer: hogFunctionMetricsSchema,
      doc: 'App metrics over time (`labels` are dates, one value per label in each series).',
      command: 'App metrics of a hog function over time.',
    },
    metricsTotals: {
      method: 'GET',
      path: 'hog_functions/{id}/metrics/totals/',
      params: { id: 'uuid' },
      scope: null,
      query: hogFunctionMetricsParamsSchema,
      answer: hogFunctionMetricsTotalsSchema,
      doc: "App metric totals by kind (or by name with `breakdown_by: 'name'`).",
      command: 'App metric totals of a hog function.',
    },
    // The default `Accept: application/json` is kept on purpose: DRF negotiates before the view runs, and an
    // image-only Accept can be refused with 406 before the image is fetched.
    icon: {
      method: 'GET',
      path: 'hog_functions/icon/',
      scope: null,
      query: hogFunctionIconParamsSchema,
      answer: 'blob',
      doc: `A logo image, as a \`Blob\` typed by the service's \`Content-Type\` (400 without \`id\`, 404 when the
logo service is not configured).`,
      command: 'One logo image (raw bytes on stdout).',
    },
    icons: {
      method: 'GET',
      path: 'hog_functions/icons/',
      scope: null,
      query: hogFunctionIconsParamsSchema,
      answer: z.array(hogFunctionIconSchema),
      doc: 'Searches logos for a company or domain (`[]` without `query`).',
      command: 'Search logos by company or domain name.',
      columns: ['id', 'name', 'url'],
      handWritten: true,
    },
    rearrange: {
      method: 'PATCH',
      path: 'hog_functions/rearrange/',
      scope: null,
      body: hogFunctionRearrangeParamsSchema,
      answer: z.array(hogFunctionSchema),
      doc: `Sets the \`execution_order\` of several functions at once (\`orders\`: id → order) and returns every
non-deleted transformation, in order, as a plain array.`,
      command: 'Set execution orders ({orders: {id: order}}).',
      columns: COLUMNS,
      handWritten: true,
    },
  },
})
