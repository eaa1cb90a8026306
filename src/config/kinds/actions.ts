import { declareKind, objects, remove } from './declare.js'

/** What the service keeps of an action's calculation, its own timestamps and constants. */
const ACTION_OWNED = [
  'bytecode_error',
  'pinned_at',
  'creation_context',
  'last_calculated_at',
  'is_calculating',
  'is_action',
]
/** Of an action step, the members the service stores as null when a step leaves them out. */
const STEP_NULLS = ['selector', 'tag_name', 'text', 'href', 'url', 'text_matching', 'href_matching', 'properties']

// Only soft-deleted; names unique among live actions (docs/service-behaviour.md §12.2).
export const actions = declareKind({
  kind: 'actions',
  folder: 'actions',
  keyField: 'name',
  singular: 'action',
  sdk: (client) => client.actions,
  search: (spec) => ({ search: spec.name }),
  uniqueOnService: true,
  softDelete: true,
  owned(spec) {
    for (const step of objects(spec.steps)) delete step.selector_regex
    remove(spec, ACTION_OWNED)
  },
  tagged: true,
  defaults: { pinned_at: null },
  dropDefaults(spec) {
    for (const step of objects(spec.steps)) {
      for (const field of STEP_NULLS) if (step[field] === null) delete step[field]
      if (step.url_matching === 'contains') delete step.url_matching
    }
  },
})
