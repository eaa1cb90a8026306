import { isPlainObject } from '../diff.js'
import { at, BELOW, declareKind, memberIs, remove } from './declare.js'

// Deleted; names unique on newer services (docs/service-behaviour.md §12.2).
export const savedMetrics = declareKind({
  kind: 'savedMetrics',
  folder: 'saved-metrics',
  keyField: 'name',
  singular: 'saved metric',
  sdk: (client) => client.savedMetrics,
  search: (spec) => ({ search: spec.name }),
  uniqueOnService: true,
  softDelete: false,
  references: [at(['query', BELOW], { field: 'id', target: 'actions', where: memberIs('kind', 'ActionsNode') })],
  owned(spec) {
    // The service assigns the uuid and refuses to change it; another project's metric has its own.
    if (isPlainObject(spec.query)) remove(spec.query, ['uuid', 'fingerprint'])
  },
  tagged: true,
})
