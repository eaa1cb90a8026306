import {
  eventDefinitionCreateParamsSchema,
  eventDefinitionListParamsSchema,
  eventDefinitionUpdateParamsSchema,
} from '../requests/event-definitions.js'
import {
  eventDefinitionCodeSchema,
  eventDefinitionMetricsSchema,
  eventDefinitionSchema,
} from '../schemas/event-definitions.js'
import { declareGroup } from './declare.js'

/** The columns of `--format table` for eventDefinitions. */
const COLUMNS = ['id', 'name', 'verified', 'last_seen_at', 'tags'] as const

export const eventDefinitions = declareGroup({
  scope: 'event_definition',
  client: 'Event definitions: `event_definitions/`.',
  methods: {
    list: {
      method: 'GET',
      path: 'event_definitions/',
      query: eventDefinitionListParamsSchema,
      jsonQuery: ['excluded_properties', 'tags'],
      answer: { list: eventDefinitionSchema },
      doc: `Lists event definitions (default order \`-last_seen_at::date,name\`). \`excluded_properties\` and \`tags\`
are sent as JSON arrays.`,
      command: 'List event definitions.',
      columns: COLUMNS,
    },
    create: {
      method: 'POST',
      path: 'event_definitions/',
      body: eventDefinitionCreateParamsSchema,
      answer: eventDefinitionSchema,
      doc: 'Creates an event definition (`name` required, unique).',
      command: 'Create an event definition ({name}).',
      columns: COLUMNS,
    },
    retrieve: {
      method: 'GET',
      path: 'event_definitions/{id}/',
      params: { id: 'uuid' },
      answer: eventDefinitionSchema,
      doc: 'Reads one event definition.',
      command: 'Read one event definition.',
      columns: COLUMNS,
    },
    update: {
      method: 'PATCH',
      path: 'event_definitions/{id}/',
      params: { id: 'uuid' },
      body: eventDefinitionUpdateParamsSchema,
      answer: eventDefinitionSchema,
      doc: 'Changes any writable fields.',
      command: 'Change writable fields of an event definition.',
      columns: COLUMNS,
    },
    delete: {
      method: 'DELETE',
      path: 'event_definitions/{id}/',
      params: { id: 'uuid' },
      answer: 'none',
      doc: 'Deletes an event definition for good (204): resolves `undefined`.',
      command: 'Delete an event definition.',
    },
    metrics: {
      method: 'GET',
      path: 'event_definitions/{id}/metrics/',
      params: { id: 'uuid' },
      scope: null,
      answer: eventDefinitionMetricsSchema,
      doc: 'How often the event was used in queries over the last 30 days (`query_usage_30_day`).',
      command: 'How often the event was used in queries over 30 days.',
    },
    golang: {
      method: 'GET',
      path: 'event_definitions/golang/',
      answer: eventDefinitionCodeSchema,
      doc: "A Go package (`posthog-go`) with typed capture functions for the project's events.",
      command: 'Generated Go code for the event definitions.',
    },
    python: {
      method: 'GET',
      path: 'event_definitions/python/',
      answer: eventDefinitionCodeSchema,
      doc: 'A Python module wrapping `posthog.capture` with typed events.',
      command: 'Generated Python code for the event definitions.',
    },
    typescript: {
      method: 'GET',
      path: 'event_definitions/typescript/',
      answer: eventDefinitionCodeSchema,
      doc: 'A TypeScript module wrapping `posthog-js` with typed events.',
      command: 'Generated TypeScript code for the event definitions.',
    },
  },
})
