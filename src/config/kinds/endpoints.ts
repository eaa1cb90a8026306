import { NotFoundError } from 'posthog-project-client'
import { declareKind, type Resource } from './declare.js'

// The endpoint update lists no scope in older services (docs/service-behaviour.md §1.4).
const ENDPOINT_UPDATE_WARNING =
  'the service lists no scope for an endpoint update: personal API keys are refused (403) unless the service ' +
  'is new enough to take endpoint:write'

export const endpoints = declareKind({
  kind: 'endpoints',
  folder: 'endpoints',
  keyField: 'name',
  sdk: (client) => client.endpoints,
  // Addressed by name: read by it.
  idField: 'name',
  find: (client, spec, options) =>
    client.endpoints.retrieve(String(spec.name), options).then(
      (endpoint) => [endpoint as unknown as Resource],
      (error: unknown) => {
        if (error instanceof NotFoundError) return []
        throw error
      },
    ),
  uniqueOnService: true,
  softDelete: false,
  tagged: true,
  plan: { updateWarning: ENDPOINT_UPDATE_WARNING },
})
