import { EventDefinitionsOperations } from './generated/event-definitions.js'
import { writableFields } from '../core/create-params.js'
import type { EventDefinitionCreateParams } from '../requests/event-definitions.js'
import type { EventDefinition } from '../schemas/event-definitions.js'

/** Event definitions: `/api/projects/:project_id/event_definitions/`. Ids are UUID strings. */
export class EventDefinitions extends EventDefinitionsOperations {
  /**
   * The writable fields of an event definition as `create` takes them back (what the service derives left out). Sends
   * nothing.
   */
  toCreateParams(definition: EventDefinition): EventDefinitionCreateParams {
    const fields = writableFields('eventDefinitions', definition)
    // Older services embed the owner as a user; a create takes the user id.
    if (typeof fields.owner === 'object') fields.owner = (fields.owner as { id: number }).id
    return fields as unknown as EventDefinitionCreateParams
  }
}
