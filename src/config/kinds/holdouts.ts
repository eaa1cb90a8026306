import { declareKind, objects } from './declare.js'

// Deleted; names not unique (docs/service-behaviour.md §12.2). The list has no search.
export const holdouts = declareKind({
  kind: 'holdouts',
  folder: 'holdouts',
  keyField: 'name',
  singular: 'holdout',
  sdk: (client) => client.holdouts,
  uniqueOnService: false,
  softDelete: false,
  owned(spec) {
    // Always `holdout-<id>`: the service overwrites it on every write.
    for (const group of objects(spec.filters)) delete group.variant
  },
  defaults: { description: null },
})
