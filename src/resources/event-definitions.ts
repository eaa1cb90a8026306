import { plainObject, queryParams, stringId, stringList } from '../core/args.js'
import type { APIPromise } from '../core/api-promise.js'
import { decodePage, type ListOptions, type PagePromise } from '../core/pagination.js'
import { APIResource } from '../core/resource.js'
import type { RequestOptions } from '../core/transport.js'
import { decodeWith } from '../core/validation.js'
import {
  eventDefinitionCodeSchema,
  eventDefinitionMetricsSchema,
  eventDefinitionSchema,
  type EventDefinition,
  type EventDefinitionCode,
  type EventDefinitionCreateParams,
  type EventDefinitionListParams,
  type EventDefinitionMetrics,
  type EventDefinitionUpdateParams,
} from '../schemas/event-definitions.js'

const eventDefinition = decodeWith(eventDefinitionSchema)
const eventDefinitionPage = decodePage(eventDefinitionSchema)
const eventDefinitionMetrics = decodeWith(eventDefinitionMetricsSchema)
const eventDefinitionCode = decodeWith(eventDefinitionCodeSchema)

/** The list filters that the service parses as JSON arrays rather than comma lists (api-contract.md §7.2). */
const JSON_ARRAY_PARAMS = ['excluded_properties', 'tags'] as const

/** Event definitions: `/api/projects/:project_id/event_definitions/`. Ids are UUID strings. */
export class EventDefinitions extends APIResource {
  /**
   * Lists event definitions (default order `-last_seen_at::date,name`). `excluded_properties` and `tags`
   * are sent as JSON arrays.
   *
   * `GET /api/projects/:project_id/event_definitions/` · scope `event_definition:read`
   */
  list(params?: EventDefinitionListParams, options?: ListOptions): PagePromise<EventDefinition> {
    return this._client.list(() => {
      const query: Record<string, unknown> | undefined = queryParams('params', params) && { ...params }
      for (const key of JSON_ARRAY_PARAMS) {
        if (query?.[key] != null) query[key] = JSON.stringify(stringList(`params.${key}`, query[key], true))
      }
      return {
        operation: 'eventDefinitions.list',
        query,
        decode: eventDefinitionPage,
        options,
      }
    })
  }

  /**
   * Creates an event definition (`name` required, unique).
   *
   * `POST /api/projects/:project_id/event_definitions/` · scope `event_definition:write`
   */
  create(body: EventDefinitionCreateParams, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._client.request(() => {
      const checked = plainObject('body', body, true) as EventDefinitionCreateParams
      stringId('body.name', checked.name)
      return {
        operation: 'eventDefinitions.create',
        body: checked,
        decode: eventDefinition,
        options,
      }
    })
  }

  /**
   * Reads one event definition.
   *
   * `GET /api/projects/:project_id/event_definitions/:id/` · scope `event_definition:read`
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._client.request(() => ({
      operation: 'eventDefinitions.retrieve',
      path: { id: stringId('id', id) },
      decode: eventDefinition,
      options,
    }))
  }

  /**
   * Changes any writable fields.
   *
   * `PATCH /api/projects/:project_id/event_definitions/:id/` · scope `event_definition:write`
   */
  update(id: string, body: EventDefinitionUpdateParams, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._client.request(() => ({
      operation: 'eventDefinitions.update',
      path: { id: stringId('id', id) },
      body: plainObject('body', body, true),
      decode: eventDefinition,
      options,
    }))
  }

  /**
   * Deletes an event definition for good (204): resolves `undefined`.
   *
   * `DELETE /api/projects/:project_id/event_definitions/:id/` · scope `event_definition:write`
   */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this._client.request(() => ({
      operation: 'eventDefinitions.delete',
      path: { id: stringId('id', id) },
      decode: 'none',
      options,
    }))
  }

  /**
   * How often the event was used in queries over the last 30 days (`query_usage_30_day`).
   *
   * `GET /api/projects/:project_id/event_definitions/:id/metrics/` · no scope: personal API keys are refused (403, `requiredScope: null`)
   */
  metrics(id: string, options?: RequestOptions): APIPromise<EventDefinitionMetrics> {
    return this._client.request(() => ({
      operation: 'eventDefinitions.metrics',
      path: { id: stringId('id', id) },
      decode: eventDefinitionMetrics,
      options,
    }))
  }

  /**
   * A Go package (`posthog-go`) with typed capture functions for the project's events.
   *
   * `GET /api/projects/:project_id/event_definitions/golang/` · scope `event_definition:read`
   */
  golang(options?: RequestOptions): APIPromise<EventDefinitionCode> {
    return this._client.request(() => ({ operation: 'eventDefinitions.golang', decode: eventDefinitionCode, options }))
  }

  /**
   * A Python module wrapping `posthog.capture` with typed events.
   *
   * `GET /api/projects/:project_id/event_definitions/python/` · scope `event_definition:read`
   */
  python(options?: RequestOptions): APIPromise<EventDefinitionCode> {
    return this._client.request(() => ({ operation: 'eventDefinitions.python', decode: eventDefinitionCode, options }))
  }

  /**
   * A TypeScript module wrapping `posthog-js` with typed events.
   *
   * `GET /api/projects/:project_id/event_definitions/typescript/` · scope `event_definition:read`
   */
  typescript(options?: RequestOptions): APIPromise<EventDefinitionCode> {
    return this._client.request(() => ({ operation: 'eventDefinitions.typescript', decode: eventDefinitionCode, options }))
  }
}
