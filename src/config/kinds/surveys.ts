import { at, declareKind, ITEMS } from './declare.js'

export const surveys = declareKind({
  kind: 'surveys',
  folder: 'surveys',
  keyField: 'name',
  sdk: (client) => client.surveys,
  search: (spec) => ({ search: spec.name }),
  uniqueOnService: true,
  softDelete: false,
  references: [
    at([], { field: 'linked_flag_id', target: 'featureFlags' }),
    at([], { field: 'targeting_flag_id', target: 'featureFlags' }),
    at(['conditions', 'actions', 'values', ITEMS], { field: 'id', target: 'actions' }),
  ],
  referenceFields: ['linked_flag_id', 'targeting_flag_id'],
  idFields: ['linked_insight_id'],
  lifecycleFields: [
    'start_date',
    'end_date',
    'archived',
    'current_iteration',
    'current_iteration_start_date',
    'iteration_start_dates',
    'response_sampling_start_date',
    'response_sampling_daily_limits',
  ],
  owned(spec) {
    // Computed by the service from the sampling fields, and read back as JSON text.
    delete spec.response_sampling_daily_limits
  },
})
