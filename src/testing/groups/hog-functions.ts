/**
 * Hog functions (docs/service-behaviour.md §4): full representation on create/retrieve/PATCH, the minimal one in
 * the list, DELETE always 405 (soft delete by PATCH), `rearrange` answering a bare array.
 */
import { param, type GroupHandlers, type OperationContext } from '../context.js'
import { icontains, paginate, positiveInt, presentPage, sortBy } from '../paging.js'
import { empty, invalid, json, notFound } from '../responses.js'
import { arrayField, bodyObject, booleanField, choiceField, integerField, isObject, objectField, parseBoolean, stringField } from '../validators.js'
import { HOG_FUNCTION_FILTER_SOURCES, HOG_FUNCTION_INPUT_TYPES, HOG_FUNCTION_TEMPLATING, HOG_FUNCTION_TYPES } from '../../schemas/enums.js'
import type { FakeAppMetric, FakeHogFunction, FakeHogFunctionTemplate, FakeInputSchemaItem, FakeLogEntry } from '../records.js'
import { FAKE_USER, clone, drfDateTime, isoDate, type FakeStore } from '../store.js'

const TYPES = HOG_FUNCTION_TYPES
const INPUT_TYPES = HOG_FUNCTION_INPUT_TYPES
const MAX_ENABLED_TRANSFORMATIONS = 20
const MAX_HOG_BYTES = 100 * 1024
const DAY_MS = 86_400_000

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

function bytecodeFor(type: string, hog: string): unknown[] | null {
  // JS-source types are transpiled, not compiled to bytecode (docs/service-behaviour.md §4.1).
  return type === 'site_destination' || type === 'site_app' ? null : ['_H', 1, 32, hog.length, 2, 'print', 1, 35]
}

function transpiledFor(type: string, hog: string): string | null {
  return type === 'site_destination' || type === 'site_app' ? `(function() {\n  // transpiled from Hog\n  return ${JSON.stringify(hog)};\n})` : null
}

function compiledFilters(filters: Record<string, unknown>): Record<string, unknown> {
  return { source: 'events', ...filters, bytecode: ['_H', 1, 29] }
}

/** Input objects with the computed `bytecode` and `order`; plain values are wrapped as `{ value }`. */
function normaliseInputs(schema: readonly FakeInputSchemaItem[], inputs: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [key, input] of Object.entries(inputs)) {
    const item = isObject(input) && 'value' in input ? input : { value: input }
    const order = schema.findIndex((entry) => entry.key === key)
    out[key] = {
      ...item,
      bytecode: typeof item['value'] === 'string' ? ['_H', 1, 32, item['value']] : ['_H', 1, 33, 0],
      order: order === -1 ? Object.keys(out).length : order,
    }
  }
  return out
}

/**
 * The inputs sent, each masked secret (`{ secret: true }` with no `value`, as a read shows it) resolved
 * (docs/service-behaviour.md §P4.2): on update the stored secret is kept; on create there is none to keep,
 * so the input has no value (a required one is then refused).
 */
function withSecretsKept(schema: readonly FakeInputSchemaItem[], sent: Record<string, unknown>, stored: Record<string, unknown>): Record<string, unknown> {
  const inputs: Record<string, unknown> = {}
  for (const [key, input] of Object.entries(sent)) {
    const masked = isObject(input) && input['secret'] === true && !('value' in input)
    if (!masked) inputs[key] = input
    else if (stored[key] !== undefined && schema.some((item) => item.key === key && item.secret)) inputs[key] = stored[key]
  }
  return inputs
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

function findHogFunction(context: OperationContext): FakeHogFunction {
  const record = context.store.hogFunctions.get(param(context, 'id'))
  if (!record || record.deleted) notFound()
  return record
}

function checkInputsSchema(value: unknown[]): FakeInputSchemaItem[] {
  return value.map((item, index) => {
    if (!isObject(item)) invalid(`Expected a dictionary of items but got type "${typeof item}".`, `inputs_schema__${index}`, 'not_a_dict')
    choiceField(item, 'type', INPUT_TYPES, { required: true }, `inputs_schema__${index}__type`)
    stringField(item, 'key', { required: true, allowBlank: false }, `inputs_schema__${index}__key`)
    const templating = item['templating']
    if (templating !== undefined && typeof templating !== 'boolean' && !(HOG_FUNCTION_TEMPLATING as readonly unknown[]).includes(templating)) {
      invalid(`"${String(templating)}" is not a valid choice.`, `inputs_schema__${index}__templating`, 'invalid_choice')
    }
    return { required: false, secret: false, hidden: false, ...item } as FakeInputSchemaItem
  })
}

/**
 * Input values against their declared types (docs/service-behaviour.md §P4.2): a string, a number, a
 * boolean (or a Hog template), an object, an integration id, a list of ids, an email; `templating` is
 * `hog` or `liquid`. Errors on `inputs__<key>`.
 */
function checkInputValues(schema: readonly FakeInputSchemaItem[], inputs: Record<string, unknown>): void {
  for (const [key, input] of Object.entries(inputs)) {
    if (!isObject(input)) continue
    choiceField(input, 'templating', HOG_FUNCTION_TEMPLATING, {}, `inputs__${key}`)
    const type = schema.find((item) => item.key === key)?.type
    const value = input['value']
    if (type === undefined || value === undefined || value === null || input['secret'] === true) continue
    const problem = inputValueProblem(type, value, input['templating'])
    if (problem) invalid(problem, `inputs__${key}`)
  }
}

function inputValueProblem(type: string, value: unknown, templating: unknown): string | null {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? null : 'Value must be a string.'
    case 'number':
      return typeof value === 'number' ? null : 'Value must be a number.'
    case 'boolean':
      if (typeof value === 'boolean') return null
      if (typeof value === 'string' && templating !== 'liquid') return null
      return 'Value must be a boolean.'
    case 'dictionary':
      return isObject(value) ? null : 'Value must be a dictionary.'
    case 'integration':
      return Number.isInteger(value) ? null : 'Value must be an Integration ID.'
    case 'integration_multi':
      return Array.isArray(value) && value.every((item) => Number.isInteger(item)) ? null : 'Value must be a list of Integration IDs.'
    case 'email':
    case 'native_email': {
      if (!isObject(value)) return 'Value must be an email object.'
      const missing = ['from', 'to', 'subject'].filter((field) => !value[field])
      if (!value['text'] && !value['html']) missing.push('text or html')
      return missing.length > 0 ? `Missing required email fields: ${missing.join(', ')}.` : null
    }
    default:
      return null
  }
}

/** `filters` (docs/service-behaviour.md §P4.3): a known `source`, `events`/`actions` items typed as such. */
function checkFilters(filters: Record<string, unknown>): void {
  choiceField(filters, 'source', HOG_FUNCTION_FILTER_SOURCES, {}, 'filters__source')
  for (const kind of ['events', 'actions'] as const) {
    const items = arrayField(filters, kind, {}, `filters__${kind}`)
    items?.forEach((item, index) => {
      if (!isObject(item) || item['id'] === undefined) invalid('Each filter item needs an id.', `filters__${kind}__${index}`)
      if (item['type'] !== undefined && item['type'] !== kind) invalid(`"${String(item['type'])}" is not a valid choice.`, `filters__${kind}__${index}__type`, 'invalid_choice')
    })
  }
}

/** Writable fields checked and copied onto `target` (create and PATCH). */
function applyWritable(store: FakeStore, target: FakeHogFunction, body: Record<string, unknown>, creating: boolean): void {
  const name = stringField(body, 'name', { nullable: true, maxLength: 400 })
  if (name !== undefined) target.name = name
  const description = stringField(body, 'description')
  if (typeof description === 'string') target.description = description
  const enabled = booleanField(body, 'enabled')
  if (typeof enabled === 'boolean') target.enabled = enabled
  const deleted = booleanField(body, 'deleted')
  if (typeof deleted === 'boolean') target.deleted = deleted
  const hog = stringField(body, 'hog', { required: creating && !target.hog })
  if (typeof hog === 'string') {
    if (new TextEncoder().encode(hog).length > MAX_HOG_BYTES) invalid('Hog code exceeds maximum size of 100KB.', 'hog')
    target.hog = hog
  }
  const schema = arrayField(body, 'inputs_schema')
  if (Array.isArray(schema)) target.inputs_schema = checkInputsSchema(schema)
  const sent = objectField(body, 'inputs')
  const inputs = sent && withSecretsKept(target.inputs_schema, sent, creating ? {} : target.inputs)
  if (inputs) checkInputValues(target.inputs_schema, inputs)
  if (inputs) target.inputs = { ...(creating ? target.inputs : {}), ...normaliseInputs(target.inputs_schema, inputs) }
  for (const item of target.inputs_schema) {
    const input = target.inputs[item.key]
    if (item.required && (input === undefined || input['value'] === undefined || input['value'] === '' || input['value'] === null)) {
      invalid('This field is required.', `inputs__${item.key}`, 'required')
    }
  }
  const filters = objectField(body, 'filters', { nullable: true })
  if (filters) checkFilters(filters)
  if (filters !== undefined) target.filters = compiledFilters(filters ?? {})
  const masking = objectField(body, 'masking', { nullable: true })
  if (masking !== undefined) {
    if (masking !== null) {
      integerField(masking, 'ttl', { required: true, min: 60, max: 86_400 }, 'masking__ttl')
      integerField(masking, 'threshold', { nullable: true }, 'masking__threshold')
      stringField(masking, 'hash', { required: true }, 'masking__hash')
    }
    target.masking = masking === null ? null : { ...masking, bytecode: ['_H', 1, 32, String(masking['hash'])] }
  }
  const mappings = arrayField(body, 'mappings', { nullable: true })
  if (mappings !== undefined) {
    if (mappings !== null && target.type !== 'destination' && target.type !== 'site_destination') {
      invalid('Mappings are only allowed for destinations.', 'mappings')
    }
    target.mappings = mappings === null ? null : mappings.map((item) => (isObject(item) ? { inputs_schema: [], inputs: {}, filters: {}, ...item } : {}))
  }
  const icon = stringField(body, 'icon_url', { nullable: true })
  if (icon !== undefined) target.icon_url = icon
  const order = integerField(body, 'execution_order', { nullable: true, min: 0, max: 32_767 })
  if (order !== undefined) target.execution_order = order
  target.bytecode = bytecodeFor(target.type, target.hog)
  target.transpiled = transpiledFor(target.type, target.hog)
  if (target.type === 'transformation' && target.enabled && !target.deleted) {
    const others = [...store.hogFunctions.values()].filter(
      (item) => item.id !== target.id && !item.deleted && item.enabled && item.type === 'transformation',
    )
    if (others.length >= MAX_ENABLED_TRANSFORMATIONS) {
      invalid(`Maximum of ${MAX_ENABLED_TRANSFORMATIONS} enabled transformations allowed per team.`, 'type')
    }
  }
}

function recordInvocation(store: FakeStore, record: FakeHogFunction, message: string): void {
  const now = store.now()
  const logs = store.hogFunctionLogs.get(record.id) ?? []
  const instance = store.uuid()
  const entries: FakeLogEntry[] = [
    { log_source_id: record.id, instance_id: instance, timestamp: drfDateTime(now), level: 'DEBUG', message: 'Executing function' },
    { log_source_id: record.id, instance_id: instance, timestamp: drfDateTime(now), level: 'INFO', message },
    { log_source_id: record.id, instance_id: instance, timestamp: drfDateTime(now), level: 'DEBUG', message: 'Function completed in 1.2ms' },
  ]
  logs.push(...entries)
  store.hogFunctionLogs.set(record.id, logs)
  const metrics = store.hogFunctionMetrics.get(record.id) ?? []
  const date = isoDate(now)
  const metric = metrics.find((item) => item.date === date && item.name === 'succeeded')
  if (metric) metric.count += 1
  else metrics.push({ date, kind: 'success', name: 'succeeded', count: 1 })
  store.hogFunctionMetrics.set(record.id, metrics)
}

/** The metric rows of a function matching `kind`/`name` filters (comma lists). */
function metricRows(context: OperationContext, record: FakeHogFunction): { rows: FakeAppMetric[]; by: 'kind' | 'name' } {
  const kinds = context.query.get('kind')?.split(',').filter(Boolean)
  const names = context.query.get('name')?.split(',').filter(Boolean)
  const rows = (context.store.hogFunctionMetrics.get(record.id) ?? []).filter(
    (row) => (!kinds || kinds.includes(row.kind)) && (!names || names.includes(row.name)),
  )
  return { rows, by: context.query.get('breakdown_by') === 'name' ? 'name' : 'kind' }
}

/** Days covered by `after` (`-7d` default; `-Nd`, `-Nw`, `-Nh` or a date). */
function metricLabels(context: OperationContext): string[] {
  const now = context.store.now().getTime()
  const after = context.query.get('after') ?? '-7d'
  const relative = /^-(\d+)([hdwm])$/.exec(after)
  let start: number
  if (relative) {
    const unit = { h: 3_600_000, d: DAY_MS, w: 7 * DAY_MS, m: 30 * DAY_MS }[relative[2] as 'h' | 'd' | 'w' | 'm']
    start = now - Number(relative[1]) * unit
  } else {
    start = Number.isNaN(Date.parse(after)) ? now - 7 * DAY_MS : Date.parse(after)
  }
  const labels: string[] = []
  for (let day = Date.parse(isoDate(new Date(start))); day <= now; day += DAY_MS) labels.push(isoDate(new Date(day)))
  return labels
}

export const hogFunctionHandlers: GroupHandlers<'hogFunctions'> = {
  'hogFunctions.list': ({ store, url, query }) => {
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
    return json(presentPage(paginate(url, items, store.settings.pageSize), presentListItem))
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
    applyWritable(store, record, body, true)
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
    applyWritable(context.store, draft, body, false)
    Object.assign(record, draft, { updated_at: context.store.timestamp() })
    return json(presentHogFunction(record))
  },

  // Never hard-deleted: 405 with an empty body (forbid_destroy_model.py).
  'hogFunctions.delete': () => empty(405),

  'hogFunctions.broadcast': (context) => {
    const record = findHogFunction(context)
    if (!record.enabled) return json({ error: 'Cannot broadcast: function is disabled' }, 400)
    recordInvocation(context.store, record, 'Broadcast to matching persons')
    return json({ success: true })
  },

  'hogFunctions.invocations': (context) => {
    const record = findHogFunction(context)
    const body = bodyObject(context.body)
    if (!isObject(body['configuration'])) return json({ configuration: ['This field is required.'] }, 400)
    recordInvocation(context.store, record, 'Test invocation')
    const timestamp = drfDateTime(context.store.now())
    return json({
      status: 'success',
      result: isObject(body['globals']) ? (body['globals']['event'] ?? null) : null,
      errors: [],
      logs: [
        { level: 'debug', timestamp, message: 'Executing function' },
        { level: 'info', timestamp, message: 'Test invocation' },
        { level: 'debug', timestamp, message: 'Function completed in 1.2ms' },
      ],
    })
  },

  'hogFunctions.logs': (context) => {
    const record = findHogFunction(context)
    const limit = Math.min(Math.max(positiveInt(context.query.get('limit'), true) ?? 50, 1), 500)
    const levels = context.query.get('level')?.toUpperCase().split(',').filter(Boolean)
    const search = context.query.get('search')
    const after = context.query.get('after')
    const before = context.query.get('before')
    const entries = [...(context.store.hogFunctionLogs.get(record.id) ?? [])]
      .reverse()
      .filter(
        (entry) =>
          (!levels || levels.includes(entry.level)) &&
          (!search || icontains(entry.message, search)) &&
          (!after || Date.parse(entry.timestamp) > Date.parse(after)) &&
          (!before || Date.parse(entry.timestamp) < Date.parse(before)),
      )
      .slice(0, limit)
    return json(paginate(context.url, clone(entries), context.store.settings.pageSize))
  },

  'hogFunctions.metrics': (context) => {
    const record = findHogFunction(context)
    const labels = metricLabels(context)
    const { rows, by } = metricRows(context, record)
    const names = by === 'kind' ? ['success', 'failure'] : ['succeeded', 'failed']
    for (const row of rows) if (!names.includes(row[by])) names.push(row[by])
    const series = names.map((name) => ({
      name,
      values: labels.map((label) => rows.filter((row) => row[by] === name && row.date === label).reduce((sum, row) => sum + row.count, 0)),
    }))
    return json({ labels, series })
  },

  'hogFunctions.metricsTotals': (context) => {
    const record = findHogFunction(context)
    const { rows, by } = metricRows(context, record)
    const totals: Record<string, number> = {}
    for (const row of rows) totals[row[by]] = (totals[row[by]] ?? 0) + row.count
    return json({ totals })
  },

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
