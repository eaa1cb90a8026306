import { isPlainObject } from '../diff.js'
import { hogInputSecrets } from '../secrets.js'
import { at, declareKind, ITEMS, objects, remove } from './declare.js'

/** What the service compiles into a hog function's inputs and filters. */
const INPUT_OWNED = ['bytecode', 'order', 'transpiled']
const FILTERS_OWNED = ['bytecode', 'transpiled', 'bytecode_error']

// Only soft-deleted; names not unique. Their list is slim: each is read whole.
export const hogFunctions = declareKind({
  kind: 'hogFunctions',
  folder: 'hog-functions',
  keyField: 'name',
  sdk: (client) => client.hogFunctions,
  search: (spec) => ({ search: spec.name }),
  readEach: true,
  uniqueOnService: false,
  softDelete: true,
  // The service puts a new transformation last whatever order was sent: a second write gives it its place.
  async create(client, body, options) {
    const created = await client.hogFunctions.create(body as never, options)
    const order = body.execution_order
    if (typeof order !== 'number' || created.execution_order === order) return created
    return client.hogFunctions.update(created.id, { execution_order: order }, options)
  },
  references: [
    at(['filters', 'actions', ITEMS], { field: 'id', target: 'actions', form: 'string' }),
    at(['mappings', ITEMS, 'filters', 'actions', ITEMS], { field: 'id', target: 'actions', form: 'string' }),
  ],
  owned(spec) {
    remove(spec, ['bytecode', 'transpiled'])
    for (const owner of [spec, ...objects(spec.mappings)]) {
      const inputs = isPlainObject(owner.inputs) ? Object.values(owner.inputs) : []
      for (const input of inputs) if (isPlainObject(input)) remove(input, INPUT_OWNED)
      if (isPlainObject(owner.filters)) remove(owner.filters, FILTERS_OWNED)
    }
    if (isPlainObject(spec.masking)) delete spec.masking.bytecode
  },
  secrets: hogInputSecrets,
  hasTests: true,
})
