import { EventDefinitionsOperations, eventDefinition } from './generated/event-definitions.js'
import { plainObject, stringId } from '../core/args.js'
import { writableFields } from '../core/create-params.js'
import type { APIPromise } from '../core/api-promise.js'
import type { RequestOptions } from '../core/transport.js'
import type { EventDefinitionCreateParams } from '../requests/event-definitions.js'
import type { EventDefinition } from '../schemas/event-definitions.js'


/** Event definitions: `/api/projects/:project_id/event_definitions/`. Ids are UUID strings. */
export class EventDefinitions extends EventDefinitionsOperations {
  /** The writable fields of an event definition as `create` takes them back (what the service derives left out). Sends nothing. */
  toCreateParams(definition: EventDefinition): EventDefinitionCreateParams {
    const fields = writableFields('eventDefinitions.create', definition)
    // Older services embed the owner as a user; a create takes the user id.
    if (typeof fields.owner === 'object') fields.owner = (fields.owner as { id: number }).id
    return fields as unknown as EventDefinitionCreateParams
  }

  /**
   * Creates an event definition (`name` required, unique).
   *
   * `POST /api/projects/:project_id/event_definitions/` · scope `event_definition:write`
   */
  create(body: EventDefinitionCreateParams, options?: RequestOptions): APIPromise<EventDefinition> {
    return this._transport.request('eventDefinitions.create', eventDefinition, () => ({ body: checkName(body) }), options)
  }
}

/** `name` is required and unique. */
function checkName(body: EventDefinitionCreateParams): EventDefinitionCreateParams {
  stringId('body.name', plainObject('body', body, true)?.name)
  return body
}
