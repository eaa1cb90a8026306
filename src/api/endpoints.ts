import {
  endpointCreateParamsSchema,
  endpointListParamsSchema,
  endpointRunGetParamsSchema,
  endpointRunParamsSchema,
  endpointUpdateParamsSchema,
  lastExecutionTimesParamsSchema,
} from '../requests/endpoints.js'
import {
  endpointMaterializationSchema,
  endpointRunResultSchema,
  endpointSchema,
  endpointVersionSchema,
  lastExecutionTimesSchema,
} from '../schemas/endpoints.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for endpoints. */
const COLUMNS = ['name', 'is_active', 'current_version', 'last_executed_at', 'updated_at'] as const

export const endpoints = declareGroup({
  scope: 'endpoint',
  client: 'Saved-query endpoints: `endpoints/` under the `endpointsPrefix`.',
  methods: {
    list: {
      method: 'GET',
      path: 'endpoints/',
      query: endpointListParamsSchema,
      answer: { list: endpointSchema },
      doc: 'Lists endpoints, whether the service pages them or sends them all as `{results}`.',
      command: 'List endpoints (saved queries).',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'endpoints/',
      body: endpointCreateParamsSchema,
      answer: endpointSchema,
      doc: 'Creates an endpoint (`name` and `query` required; version 1).',
      command: 'Create an endpoint ({name, query}).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'endpoints/{name}/',
      params: { name: 'name' },
      answer: endpointSchema,
      doc: 'Reads one endpoint.',
      command: 'Read one endpoint.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'endpoints/{name}/',
      params: { name: 'name' },
      scope: null,
      body: endpointUpdateParamsSchema,
      answer: endpointSchema,
      doc: `Changes an endpoint; a changed \`query\` creates a new version. The spec lists no scope for it (newer
services take \`endpoint:write\`).`,
      command: 'Change writable fields of an endpoint.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'endpoints/{name}/',
      params: { name: 'name' },
      answer: 'none',
      doc: 'Deletes an endpoint and cleans up its materialized query; resolves `undefined` (204).',
      command: 'Delete an endpoint.',
    },
    materializationStatus: {
      method: 'GET',
      path: 'endpoints/{name}/materialization_status/',
      params: { name: 'name' },
      scope: null,
      answer: endpointMaterializationSchema,
      doc: `The endpoint's materialization object alone (materialized or \`{can_materialize, reason}\`). The spec
lists no scope for it (newer services take \`endpoint:read\`).`,
      command: 'Materialization status of an endpoint.',
    },
    run: {
      method: 'POST',
      path: 'endpoints/{name}/run/',
      params: { name: 'name' },
      scope: 'endpoint:read',
      idempotent: true,
      body: endpointRunParamsSchema,
      optionalBody: true,
      answer: endpointRunResultSchema,
      doc: `Runs the endpoint's query (the latest version unless \`version\` is given) and resolves the query
response. Read-only, so retried like a GET. \`Row\` types the rows of \`results\` (not checked at run
time), e.g. \`run<[event: string, count: number]>('top_events')\` for a HogQL endpoint.`,
      command: 'Run an endpoint (POST, optional body of overrides).',
      handWritten: true,
    },
    runGet: {
      method: 'GET',
      path: 'endpoints/{name}/run/',
      params: { name: 'name' },
      query: endpointRunGetParamsSchema,
      answer: endpointRunResultSchema,
      doc: 'Runs the endpoint with GET: no body, `version` in the query. `Row` types the rows, as for `run`.',
      command: 'Run an endpoint (GET, optional --version).',
      handWritten: true,
    },
    versions: {
      method: 'GET',
      path: 'endpoints/{name}/versions/',
      params: { name: 'name' },
      answer: { list: endpointVersionSchema },
      doc: 'Every version of the endpoint, newest first, whether sent as a bare array or as `{results}`.',
      command: 'Versions of an endpoint.',
      columns: ['version', 'created_at', 'endpoint_is_active', 'version_id'],
    },
    version: {
      method: 'GET',
      path: 'endpoints/{name}/versions/{versionNumber}/',
      params: { name: 'name', versionNumber: 'number' },
      answer: endpointVersionSchema,
      doc: 'One version of the endpoint (an unknown one rejects with `NotFoundError`, detail `Version N not found`).',
      command: 'One version of an endpoint.',
      handWritten: true,
    },
    lastExecutionTimes: {
      method: 'POST',
      path: 'endpoints/last_execution_times/',
      scope: null,
      idempotent: true,
      body: lastExecutionTimesParamsSchema,
      answer: lastExecutionTimesSchema,
      doc: `When each named endpoint last ran in the past 6 months: \`query_status.results\` holds
\`[name, datetime]\` pairs (names never run are absent). Read-only, so retried like a GET. The spec
lists no scope for it (newer services take \`endpoint:read\`).`,
      command: 'When endpoints last ran ({names}).',
    },
  },
})
