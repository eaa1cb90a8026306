import { queryRunParamsSchema } from '../requests/query.js'
import { queryResponseSchema, queryStatusResponseSchema } from '../schemas/queries.js'
import { declareGroup } from './declare.js'

/**
 * The query API (docs/service-behaviour.md §10.3): every kind counts as a read, and a query only reads, so it
 * is retried like a GET. Its SDK is `client.query` (src/resources/query.ts), which runs, polls and cancels.
 */
export const query = declareGroup({
  scope: 'query',
  methods: {
    run: {
      method: 'POST',
      path: 'query/',
      scope: 'query:read',
      idempotent: true,
      body: queryRunParamsSchema,
      answer: queryResponseSchema,
      doc: 'Runs a query (`POST query/`); an async run answers 202 with its status, read on with `status`.',
      handWritten: true,
    },
    status: {
      method: 'GET',
      path: 'query/{id}/',
      params: { id: 'uuid' },
      answer: queryStatusResponseSchema,
      doc: "Reads an async run's status; `query_status.results` once complete.",
      handWritten: true,
    },
    cancel: {
      method: 'DELETE',
      path: 'query/{id}/',
      params: { id: 'uuid' },
      scope: 'query:read',
      answer: 'none',
      doc: 'Cancels an async run the caller gave up on.',
      handWritten: true,
    },
  },
})
