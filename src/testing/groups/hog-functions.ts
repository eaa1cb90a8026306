/**
 * Hog functions (docs/service-behaviour.md §4): full representation on create/retrieve/PATCH, the minimal one in
 * the list, DELETE always 405 (soft delete by PATCH), `rearrange` answering a bare array. Their fields are
 * checked in hog-function-fields.ts; what they run (logs, metrics) is in hog-function-runs.ts.
 */
import type { GroupHandlers, OperationHandler } from '../context.js'
import { GroupKit, seededAt } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { apiError, fail, invalid, json } from '../responses.js'
import { bodyObject, isObject, parseBoolean } from '../validators.js'
import type { FakeHogFunction } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import {
  compiledFilters,
  compiledInputs,
  compilerLoaded,
  hogBytecode,
  loadFakeCompiler,
  wrappedInputs,
} from '../hog-compile.js'
import { HOG_FUNCTION_WRITABLE, checkHogFunction, projectActions, transpiledFor } from './hog-function-fields.js'
import { hogFunctionRunHandlers } from './hog-function-runs.js'

/** Fields a seed may set. `inputs` may give plain values (`{ url: 'https://…' }`) or input objects. */
export type HogFunctionSeed = Partial<FakeHogFunction>

function blankHogFunction(store: FakeStore, createdAt: string): Omit<FakeHogFunction, 'id'> {
  return {
    type: 'destination',
    name: null,
    description: '',
    created_at: createdAt,
    created_by: FAKE_USER,
    updated_at: createdAt,
    enabled: false,
    deleted: false,
    hog: '',
    bytecode: null,
    transpiled: null,
    inputs_schema: [],
    inputs: {},
    filters: {},
    masking: null,
    mappings: null,
    icon_url: null,
    template: null,
    template_id: null,
    status: { state: 1, tokens: 0 },
    execution_order: null,
  }
}

/**
 * The order the service gives a new transformation: `(highest or 0) + 1`, the highest read with Postgres'
 * `ORDER BY execution_order DESC`, which puts a null first (so any unordered transformation gives 1).
 */
function nextExecutionOrder(store: FakeStore): number {
  let highest = 0
  for (const item of store.hogFunctions.values()) {
    if (item.deleted || item.type !== 'transformation') continue
    if (item.execution_order === null) return 1
    highest = Math.max(highest, item.execution_order)
  }
  return highest + 1
}

/** The full representation: write-only fields dropped, secret inputs masked. */
export function presentHogFunction(record: FakeHogFunction): Record<string, unknown> {
  const { deleted: _deleted, template_id: _templateId, ...rest } = clone(record)
  const secret = new Set(record.inputs_schema.filter((item) => item.secret).map((item) => item.key))
  const inputs: Record<string, unknown> = {}
  for (const [key, input] of Object.entries(rest.inputs)) inputs[key] = secret.has(key) ? { secret: true } : input
  return { ...rest, inputs }
}

/** The list item (`HogFunctionMinimal`). */
function presentListItem(record: FakeHogFunction): Record<string, unknown> {
  return clone({
    id: record.id,
    type: record.type,
    name: record.name,
    description: record.description,
    created_at: record.created_at,
    created_by: record.created_by,
    updated_at: record.updated_at,
    enabled: record.enabled,
    hog: record.hog,
    filters: record.filters,
    icon_url: record.icon_url,
    template: record.template,
    status: record.status,
    execution_order: record.execution_order,
  })
}

const hogFunctions = new GroupKit<FakeHogFunction, string>({
  records: (store) => store.hogFunctions,
  idKind: 'uuid',
  findsDeleted: false,
  blank: blankHogFunction,
  // Enabled destinations unless told otherwise; `inputs` may give plain values (`{ url: 'https://…' }`) or input
  // objects.
  seeded(store, _record, seed, index) {
    const createdAt = seed.created_at ?? seededAt(store, index)
    const type = seed.type ?? 'destination'
    const fields: Partial<FakeHogFunction> = {
      type,
      created_at: createdAt,
      updated_at: createdAt,
      name: `Hog function ${index + 1}`,
      hog: "print('hello')",
      enabled: true,
    }
    if (type === 'transformation') fields.execution_order = nextExecutionOrder(store)
    Object.assign(fields, seed)
    const transpiled = transpiledFor(type, fields.hog ?? '')
    const derived = { inputs: wrappedInputs(seed.inputs ?? {}), bytecode: null, transpiled }
    return { ...fields, ...derived, filters: fields.filters ?? {} }
  },
  softDeletes: true,
  writable: HOG_FUNCTION_WRITABLE,
  check(store, draft, body, previous) {
    checkHogFunction(store, draft, body, previous !== undefined)
    // Optimistic concurrency ([`P31`]): an update based on an older copy than the stored one is a conflict.
    const base = body['base_updated_at']
    if (previous && typeof base === 'string' && Date.parse(previous.updated_at) > Date.parse(base)) {
      const detail = 'The function was changed since it was read. Read it again and retry.'
      fail(apiError(409, 'server_error', 'conflict', detail))
    }
    // A new transformation goes last whatever order was sent (docs/service-behaviour.md §4.1).
    if (!previous && draft.type === 'transformation') draft.execution_order = nextExecutionOrder(store)
  },
  written(store, record, previous) {
    if (previous) record.updated_at = store.timestamp()
  },
  present: (_store, record) => presentHogFunction(record),
})

/** Seeds not compiled yet: the compiler loads on the first request, and seeding stays synchronous. */
const uncompiledSeeds = new WeakSet<FakeHogFunction>()

/**
 * What a save would have compiled for a seed: `bytecode`, inputs and filters. Seeds are not validated, so
 * code or a template that does not compile is left uncompiled (`bytecode: null`, no input bytecode).
 */
function compileSeed(store: FakeStore, record: FakeHogFunction): void {
  uncompiledSeeds.delete(record)
  const attempt = <T>(compile: () => T, fallback: T): T => {
    try {
      return compile()
    } catch {
      return fallback
    }
  }
  record.bytecode = attempt(() => hogBytecode(record.type, record.hog), null)
  record.inputs = attempt(() => compiledInputs(record.type, record.inputs_schema, record.inputs), record.inputs)
  const actions = projectActions(store)
  record.filters = attempt(() => compiledFilters(record.type, record.filters, actions, false), record.filters)
}

/** A handler that needs the compiler: loads it, compiles the project's waiting seeds, then answers. */
function compiling(handler: OperationHandler): OperationHandler {
  return async (context) => {
    await loadFakeCompiler()
    for (const record of context.store.hogFunctions.values()) {
      if (uncompiledSeeds.has(record)) compileSeed(context.store, record)
    }
    return handler(context)
  }
}

/** Stores a hog function built from `seed` without validation. */
export function seedHogFunction(store: FakeStore, seed: HogFunctionSeed, index: number): FakeHogFunction {
  const record = hogFunctions.seed(store, seed, index)
  // Compiled as a save would compile it: now if the compiler is loaded, else on the project's next request.
  if (compilerLoaded()) compileSeed(store, record)
  else uncompiledSeeds.add(record)
  return record
}

export const hogFunctionHandlers: GroupHandlers<'hogFunctions'> = {
  'hogFunctions.list': compiling((context) => {
    const { store, query } = context
    let items = hogFunctions.live(store)
    const types = query
      .getAll('type')
      .flatMap((value) => value.split(','))
      .filter(Boolean)
    if (types.length > 0) items = items.filter((item) => types.includes(item.type))
    const enabled = query.get('enabled')
    if (enabled !== null && parseBoolean(enabled) !== undefined)
      items = items.filter((item) => item.enabled === parseBoolean(enabled))
    const id = query.get('id')
    if (id) items = items.filter((item) => item.id === id)
    const createdBy = query.get('created_by')
    if (createdBy) items = items.filter((item) => String(item.created_by?.id) === createdBy)
    const search = query.get('search')
    if (search) items = items.filter((item) => icontains(item.name, search) || icontains(item.description, search))
    sortBy(items, ['execution_order', '-updated_at', '-id'], (item, field) => item[field])
    return hogFunctions.page(context, items, presentListItem)
  }),

  'hogFunctions.create': compiling(hogFunctions.create),
  'hogFunctions.retrieve': compiling(hogFunctions.retrieve),
  'hogFunctions.update': compiling(hogFunctions.update),
  // Never hard-deleted: 405 with an empty body (forbid_destroy_model.py).
  'hogFunctions.delete': hogFunctions.delete,

  ...hogFunctionRunHandlers,
  'hogFunctions.invocations': compiling(hogFunctionRunHandlers['hogFunctions.invocations']),

  // A binary image; 400 without `id` (docs/service-behaviour.md §4.2).
  'hogFunctions.icon': ({ query }) => {
    if (!query.get('id')) invalid('This field is required.', 'id', 'required')
    return new Response(PNG_1X1, {
      status: 200,
      headers: { 'content-type': 'image/png', 'cache-control': 'max-age=86400' },
    })
  },

  'hogFunctions.icons': ({ query }) => {
    const text = query.get('query')
    if (!text) return json([])
    const domain = text.includes('.') ? text.toLowerCase() : `${text.toLowerCase()}.com`
    return json([
      {
        id: domain,
        name: text.charAt(0).toUpperCase() + text.slice(1),
        url: `/api/projects/@current/hog_functions/icon/?id=${encodeURIComponent(domain)}`,
      },
    ])
  },

  // `{orders: {id: int}}` → a bare array of every live transformation, in execution order (§4.2).
  'hogFunctions.rearrange': compiling(({ store, body: raw }) => {
    const body = bodyObject(raw)
    const orders = body['orders']
    if (!isObject(orders) || Object.keys(orders).length === 0) invalid('No orders provided')
    const updates: Array<[FakeHogFunction, number]> = []
    for (const [id, order] of Object.entries(orders)) {
      const record = store.hogFunctions.get(id)
      if (!record || record.deleted || record.type !== 'transformation')
        invalid(`HogFunction with id ${id} does not exist`)
      if (typeof order !== 'number' || !Number.isInteger(order))
        invalid('A valid integer is required.', `orders__${id}`)
      updates.push([record, order])
    }
    const now = store.timestamp()
    for (const [record, order] of updates) Object.assign(record, { execution_order: order, updated_at: now })
    const transformations = [...store.hogFunctions.values()].filter(
      (item) => !item.deleted && item.type === 'transformation',
    )
    sortBy(transformations, ['execution_order', '-updated_at'], (item, field) => item[field])
    return json(transformations.map(presentHogFunction))
  }),
}

/** A 1×1 transparent PNG. */
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
)
