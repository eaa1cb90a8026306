import { plainObject, stringId, withJsonArrays } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import type { ListOptions, PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import type { EventDefinitionCreateParams, EventDefinitionListParams, EventDefinitionUpdateParams } from '../requests/event-definitions.js'
import type { EventDefinition, EventDefinitionCode, EventDefinitionMetrics } from '../schemas/event-definitions.js'
import { eventDefinitionCodeSchema, eventDefinitionMetricsSchema, eventDefinitionSchema } from '../schemas/event-definitions.js'
import { decodeWith } from '../core/validation.js'

// How each operation's answer is read.
const eventDefinition = decodeWith(eventDefinitionSchema)
const eventDefinitionCode = decodeWith(eventDefinitionCodeSchema)
const eventDefinitionMetrics = decodeWith(eventDefinitionMetricsSchema)

/** The list filters that the service parses as JSON arrays rather than comma lists (docs/service-behaviour.md §7.2). */
const JSON_ARRAY_PARAMS = ['excluded_properties', 'tags'] as const

/** Event definitions: `/api/projects/:project_id/event_definitions/`. Ids are UUID strings. */
export class EventDefinitions extends APIResource {
  /** The writable fields of an event definition as `create` takes them back (what the service derives left out). Sends nothing. */
  toCreateParams(definition: EventDefinition): EventDefinitionCreateParams {
    const fields = writableFields('eventDefinitions.create', definition)
    // Older services embed the owner as a user; a create takes the user id.
    if (typeof fields.owner === 'object') fields.owner = (fields.owner as { id: number }).id
    return fields as unknown as EventDefinitionCreateParams
  }

  /**
   * Lists event definitions (default order `-last_seen_at::date,name`). `excluded_properties` and `tags`
   * are sent as JSON arrays.
   *
   * `GET /api/projects/:project_id/event_definitions/` · scope `event_definition:read`
   */
  list(params?: EventDefinitionListParams, options?: ListOptions): PagePromise<EventDefinition> {
    return this._transport.list('eventDefinitions.list', eventDefinitionSchema, () => ({ query: withJsonArrays('params', params, JSON_ARRAY_PARAMS), givenQuery: params }), options)
  }

  /**
   * Creates an event definition (`name` required, unique).
   *
   * `POST /api/projects/:project_id/event_definitions/` · scope `event_definition:write`
   */
  create(body: EventDefinitionCreateParams, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._transport.request('eventDefinitions.create', eventDefinition, () => ({ body: checkName(body) }), options)
  }

  /**
   * Reads one event definition.
   *
   * `GET /api/projects/:project_id/event_definitions/:id/` · scope `event_definition:read`
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._transport.request('eventDefinitions.retrieve', eventDefinition, { path: { id } }, options)
  }

  /**
   * Changes any writable fields.
   *
   * `PATCH /api/projects/:project_id/event_definitions/:id/` · scope `event_definition:write`
   */
  update(id: string, body: EventDefinitionUpdateParams, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._transport.request('eventDefinitions.update', eventDefinition, { path: { id }, body }, options)
  }

  /**
   * Deletes an event definition for good (204): resolves `undefined`.
   *
   * `DELETE /api/projects/:project_id/event_definitions/:id/` · scope `event_definition:write`
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._transport.request('eventDefinitions.delete', 'none', { path: { id } }, options)
  }

  /**
   * How often the event was used in queries over the last 30 days (`query_usage_30_day`).
   *
   * `GET /api/projects/:project_id/event_definitions/:id/metrics/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  metrics(id: string, options?: RequestOptions): APIPromise<EventDefinitionMetrics> {
    return this._transport.request('eventDefinitions.metrics', eventDefinitionMetrics, { path: { id } }, options)
  }

  /**
   * A Go package (`posthog-go`) with typed capture functions for the project's events.
   *
   * `GET /api/projects/:project_id/event_definitions/golang/` · scope `event_definition:read`
   */
  golang(options?: RequestOptions): APIPromise<EventDefinitionCode> {
    return this._transport.request('eventDefinitions.golang', eventDefinitionCode, {}, options)
  }

  /**
   * A Python module wrapping `posthog.capture` with typed events.
   *
   * `GET /api/projects/:project_id/event_definitions/python/` · scope `event_definition:read`
   */
  python(options?: RequestOptions): APIPromise<EventDefinitionCode> {
    return this._transport.request('eventDefinitions.python', eventDefinitionCode, {}, options)
  }

  /**
   * A TypeScript module wrapping `posthog-js` with typed events.
   *
   * `GET /api/projects/:project_id/event_definitions/typescript/` · scope `event_definition:read`
   */
  typescript(options?: RequestOptions): APIPromise<EventDefinitionCode> {
    return this._transport.request('eventDefinitions.typescript', eventDefinitionCode, {}, options)
  }
}

/** `name` is required and unique. */
function checkName(body: EventDefinitionCreateParams): EventDefinitionCreateParams {
  stringId('body.name', plainObject('body', body, true)?.name)
  return body
}
