/**
 * Hog functions (docs/service-behaviour.md §4): full representation on create/retrieve/PATCH, the minimal one in
 * the list, DELETE always 405 (soft delete by PATCH), `rearrange` answering a bare array. Their fields are
 * checked in hog-function-fields.ts; what they run (logs, metrics) is in hog-function-runs.ts.
 */
import type { GroupHandlers } from '../context.js'
import { pageOf } from '../group-kit.js'
import { icontains, sortBy } from '../paging.js'
import { empty, invalid, json } from '../responses.js'
import { bodyObject, choiceField, isObject, parseBoolean, stringField } from '../validators.js'
import { HOG_FUNCTION_TYPES } from '../../model/enums.js'
import type { FakeHogFunction, FakeHogFunctionTemplate } from '../records.js'
import { FAKE_USER, clone, type FakeStore } from '../store.js'
import { applyHogFunctionFields, bytecodeFor, compiledFilters, normaliseInputs, transpiledFor } from './hog-function-fields.js'
import { findHogFunction, hogFunctionRunHandlers } from './hog-function-runs.js'

const TYPES = HOG_FUNCTION_TYPES

/** Templates the fake knows (`template_id` on create). */
export const FAKE_TEMPLATES: readonly FakeHogFunctionTemplate[] = [
  {
    id: 'template-webhook',
    name: 'HTTP Webhook',
    description: 'Sends a webhook templated by the incoming event data',
    code: "let res := fetch(inputs.url, {\n  'headers': inputs.headers,\n  'body': inputs.body,\n  'method': inputs.method\n});\n\nif (inputs.debug) {\n  print('Response', res.status, res.body);\n}",
    code_language: 'hog',
    inputs_schema: [
      { key: 'url', type: 'string', label: 'Webhook URL', required: true, secret: false, hidden: false },
      {
        key: 'method',
        type: 'choice',
        label: 'Method',
        choices: [
          { label: 'POST', value: 'POST' },
          { label: 'PUT', value: 'PUT' },
          { label: 'GET', value: 'GET' },
        ],
        default: 'POST',
        required: false,
        secret: false,
        hidden: false,
      },
      { key: 'body', type: 'json', label: 'JSON Body', default: { event: '{event}', person: '{person}' }, required: false, secret: false, hidden: false },
      { key: 'headers', type: 'dictionary', label: 'Headers', default: { 'Content-Type': 'application/json' }, required: false, secret: false, hidden: false },
      { key: 'debug', type: 'boolean', label: 'Log responses', default: false, required: false, secret: false, hidden: false },
    ],
    type: 'destination',
    status: 'stable',
    category: ['Custom'],
    free: true,
    icon_url: '/static/services/webhook.png',
    filters: null,
    masking: null,
    mapping_templates: null,
  },
  {
    id: 'template-geoip',
    name: 'GeoIP',
    description: 'Adds geoip data to the event',
    code: "let ip := event.properties.$ip\nif (not ip) {\n  return event\n}\nreturn event",
    code_language: 'hog',
    inputs_schema: [],
    type: 'transformation',
    status: 'stable',
    category: ['Custom'],
    free: true,
    icon_url: '/static/transformations/geoip.png',
    filters: null,
    masking: null,
    mapping_templates: null,
  },
]

/** Fields a seed may set. `inputs` may give plain values (`{ url: 'https://…' }`) or input objects. */
export type HogFunctionSeed = Partial<FakeHogFunction>

/** Stores a hog function built from `seed` without validation. */
export function seedHogFunction(store: FakeStore, seed: HogFunctionSeed, index: number): FakeHogFunction {
  const createdAt = seed.created_at ?? store.timestamp(-(30 * 60_000) + index * 1000)
  const type = seed.type ?? 'destination'
  const record = baseHogFunction(store, type, createdAt)
  record.name = `Hog function ${index + 1}`
  record.hog = "print('hello')"
  record.enabled = true
  if (type === 'transformation') record.execution_order = nextExecutionOrder(store)
  Object.assign(record, seed)
  record.inputs = normaliseInputs(record.inputs_schema, seed.inputs ?? {})
  record.bytecode = bytecodeFor(record.type, record.hog)
  record.transpiled = transpiledFor(record.type, record.hog)
  record.filters = compiledFilters(record.filters)
  store.hogFunctions.set(record.id, record)
  return record
}

function baseHogFunction(store: FakeStore, type: string, createdAt: string): FakeHogFunction {
  return {
    id: store.uuid(),
    type,
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
    filters: compiledFilters({}),
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

export const hogFunctionHandlers: GroupHandlers<'hogFunctions'> = {
  'hogFunctions.list': (context) => {
    const { store, query } = context
    let items = [...store.hogFunctions.values()].filter((item) => !item.deleted)
    const types = query.getAll('type').flatMap((value) => value.split(',')).filter(Boolean)
    if (types.length > 0) items = items.filter((item) => types.includes(item.type))
    const enabled = query.get('enabled')
    if (enabled !== null && parseBoolean(enabled) !== undefined) items = items.filter((item) => item.enabled === parseBoolean(enabled))
    const id = query.get('id')
    if (id) items = items.filter((item) => item.id === id)
    const createdBy = query.get('created_by')
    if (createdBy) items = items.filter((item) => String(item.created_by?.id) === createdBy)
    const search = query.get('search')
    if (search) items = items.filter((item) => icontains(item.name, search) || icontains(item.description, search))
    sortBy(items, ['execution_order', '-updated_at', '-id'], (item, field) => item[field])
    return pageOf(context, items, presentListItem)
  },

  'hogFunctions.create': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const type = choiceField(body, 'type', TYPES, { nullable: true }) ?? 'destination'
    const record = baseHogFunction(store, type, store.timestamp())
    const templateId = stringField(body, 'template_id', { nullable: true })
    if (typeof templateId === 'string') {
      const template = FAKE_TEMPLATES.find((item) => item.id === templateId)
      if (!template) invalid(`Template not found: ${templateId}`, 'template_id')
      Object.assign(record, {
        template: clone(template),
        template_id: template.id,
        hog: template.code,
        inputs_schema: clone(template.inputs_schema),
        name: template.name,
        description: template.description ?? '',
        icon_url: template.icon_url,
        inputs: normaliseInputs(
          template.inputs_schema,
          Object.fromEntries(template.inputs_schema.filter((item) => item.default !== undefined).map((item) => [item.key, item.default])),
        ),
      })
    }
    applyHogFunctionFields(store, record, body, true)
    // A new transformation goes last whatever order was sent (docs/service-behaviour.md §4.1).
    if (type === 'transformation') record.execution_order = nextExecutionOrder(store)
    store.hogFunctions.set(record.id, record)
    return json(presentHogFunction(record), 201)
  },

  'hogFunctions.retrieve': (context) => json(presentHogFunction(findHogFunction(context))),

  'hogFunctions.update': (context) => {
    const record = findHogFunction(context)
    const body = bodyObject(context.body)
    const type = choiceField(body, 'type', TYPES, { nullable: true })
    if (type !== undefined && type !== null && type !== record.type) invalid('Cannot modify the type of an existing function', 'type')
    const draft = clone(record)
    applyHogFunctionFields(context.store, draft, body, false)
    Object.assign(record, draft, { updated_at: context.store.timestamp() })
    return json(presentHogFunction(record))
  },

  // Never hard-deleted: 405 with an empty body (forbid_destroy_model.py).
  'hogFunctions.delete': () => empty(405),

  ...hogFunctionRunHandlers,

  // A binary image; 400 without `id` (docs/service-behaviour.md §4.2).
  'hogFunctions.icon': ({ query }) => {
    if (!query.get('id')) invalid('This field is required.', 'id', 'required')
    return new Response(PNG_1X1, { status: 200, headers: { 'content-type': 'image/png', 'cache-control': 'max-age=86400' } })
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
  'hogFunctions.rearrange': ({ store, body: raw }) => {
    const body = bodyObject(raw)
    const orders = body['orders']
    if (!isObject(orders) || Object.keys(orders).length === 0) invalid('No orders provided')
    const updates: Array<[FakeHogFunction, number]> = []
    for (const [id, order] of Object.entries(orders)) {
      const record = store.hogFunctions.get(id)
      if (!record || record.deleted || record.type !== 'transformation') invalid(`HogFunction with id ${id} does not exist`)
      if (typeof order !== 'number' || !Number.isInteger(order)) invalid('A valid integer is required.', `orders__${id}`)
      updates.push([record, order])
    }
    const now = store.timestamp()
    for (const [record, order] of updates) Object.assign(record, { execution_order: order, updated_at: now })
    const transformations = [...store.hogFunctions.values()].filter((item) => !item.deleted && item.type === 'transformation')
    sortBy(transformations, ['execution_order', '-updated_at'], (item, field) => item[field])
    return json(transformations.map(presentHogFunction))
  },
}

/** A 1×1 transparent PNG. */
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (char) => char.charCodeAt(0),
)
