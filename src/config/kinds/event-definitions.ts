import { declareKind } from './declare.js'

export const eventDefinitions = declareKind({
  kind: 'eventDefinitions',
  folder: 'event-definitions',
  keyField: 'name',
  sdk: (client) => client.eventDefinitions,
  search: (spec) => ({ search: spec.name }),
  uniqueOnService: true,
  softDelete: false,
  idFields: ['owner'],
  tagged: true,
  // They come from ingested events: `prune: true` leaves them alone (a list of kinds may name them).
  prunedByDefault: false,
})
