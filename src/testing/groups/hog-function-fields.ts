/**
 * The writable fields of a hog function (docs/service-behaviour.md §4, §P4): checked the way the serializer
 * does and copied onto the draft — inputs against their schema (masked secrets kept), filters, masking,
 * mappings — with the compiled forms (bytecode, transpiled JS) the service derives.
 */
import { field, type FieldRead, type Write } from '../group-kit.js'
import { invalid } from '../responses.js'
import { arrayField, choiceField, integerField, isObject, objectField, stringField } from '../validators.js'
import {
  HOG_FUNCTION_FILTER_SOURCES,
  HOG_FUNCTION_INPUT_TYPES,
  HOG_FUNCTION_TEMPLATING,
  HOG_FUNCTION_TYPES,
} from '../../model/enums.js'
import type { FakeHogFunction, FakeInputSchemaItem } from '../records.js'
import { clone, type FakeStore } from '../store.js'
import { FAKE_TEMPLATES } from './hog-function-templates.js'
import type { HogAction } from '../../hog/filters.js'
import {
  CompileRefusal,
  JS_SOURCE_TYPES,
  compiledFilters,
  compiledInputs,
  compiledMasking,
  hogBytecode,
} from '../hog-compile.js'

const INPUT_TYPES = HOG_FUNCTION_INPUT_TYPES
const MAX_ENABLED_TRANSFORMATIONS = 20
const MAX_HOG_BYTES = 100 * 1024

/** Runs a compile of the save, answering its refusal as the service's 400 (attr: the field path joined by `__`). */
export function onSave<T>(compile: () => T): T {
  try {
    return compile()
  } catch (error) {
    if (error instanceof CompileRefusal) invalid(error.message, error.path.join('__'))
    throw error
  }
}

/** What `hog` of a JavaScript-source type stands for: a stand-in, not the service's transpiler output (§15). */
export function transpiledFor(type: string, hog: string): string | null {
  if (!JS_SOURCE_TYPES.has(type)) return null
  return `(function() {\n  // transpiled from Hog\n  return ${JSON.stringify(hog)};\n})`
}

/** The project's live actions, for the `actions` entries of filters ([`F7`]). */
export function projectActions(store: FakeStore): HogAction[] {
  return [...store.actions.values()]
    .filter((action) => action.deleted !== true)
    .map((action) => ({ id: action.id, steps: action.steps as HogAction['steps'] }))
}

/**
 * The inputs sent, each masked secret (`{ secret: true }` with no `value`, as a read shows it) resolved
 * (docs/service-behaviour.md §P4.2): on update the stored secret is kept; on create there is none to keep,
 * so the input has no value (a required one is then refused).
 */
function withSecretsKept(
  schema: readonly FakeInputSchemaItem[],
  sent: Record<string, unknown>,
  stored: Record<string, unknown>,
): Record<string, unknown> {
  const inputs: Record<string, unknown> = {}
  for (const [key, input] of Object.entries(sent)) {
    const masked = isObject(input) && input['secret'] === true && !('value' in input)
    if (!masked) inputs[key] = input
    else if (stored[key] !== undefined && schema.some((item) => item.key === key && item.secret))
      inputs[key] = stored[key]
  }
  return inputs
}

function checkInputsSchema(value: unknown[]): FakeInputSchemaItem[] {
  return value.map((item, index) => {
    if (!isObject(item))
      invalid(`Expected a dictionary of items but got type "${typeof item}".`, `inputs_schema__${index}`, 'not_a_dict')
    choiceField(item, 'type', INPUT_TYPES, { required: true }, `inputs_schema__${index}__type`)
    stringField(item, 'key', { required: true, allowBlank: false }, `inputs_schema__${index}__key`)
    const templating = item['templating']
    if (
      templating !== undefined &&
      typeof templating !== 'boolean' &&
      !(HOG_FUNCTION_TEMPLATING as readonly unknown[]).includes(templating)
    ) {
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
      return Array.isArray(value) && value.every((item) => Number.isInteger(item))
        ? null
        : 'Value must be a list of Integration IDs.'
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
      if (!isObject(item) || item['id'] === undefined)
        invalid('Each filter item needs an id.', `filters__${kind}__${index}`)
      if (item['type'] !== undefined && item['type'] !== kind)
        invalid(
          `"${String(item['type'])}" is not a valid choice.`,
          `filters__${kind}__${index}__type`,
          'invalid_choice',
        )
    })
  }
}

/** A masking config checked, with its compiled hash; `null` clears it. */
function checkMasking(masking: Record<string, unknown> | null): Record<string, unknown> | null {
  if (masking === null) return null
  integerField(masking, 'ttl', { required: true, min: 60, max: 86_400 }, 'masking__ttl')
  integerField(masking, 'threshold', { nullable: true }, 'masking__threshold')
  stringField(masking, 'hash', { required: true }, 'masking__hash')
  return onSave(() => compiledMasking(masking))
}

/**
 * On create, a template's code, inputs schema, name and defaults (docs/service-behaviour.md §4.1); ignored on update.
 */
function readTemplate(
  body: Record<string, unknown>,
  key: string,
  { draft, previous }: Write<FakeHogFunction>,
): undefined {
  if (previous) return undefined
  const templateId = stringField(body, key, { nullable: true })
  if (typeof templateId !== 'string') return undefined
  const template = FAKE_TEMPLATES.find((item) => item.id === templateId)
  if (!template) invalid(`Template not found: ${templateId}`, key)
  Object.assign(draft, {
    template: clone(template),
    template_id: template.id,
    hog: template.code,
    inputs_schema: clone(template.inputs_schema),
    name: template.name,
    description: template.description ?? '',
    icon_url: template.icon_url,
    inputs: onSave(() => compiledInputs(draft.type, template.inputs_schema, defaultsOf(template.inputs_schema))),
  })
  return undefined
}

/** The inputs sent checked against the schema (masked secrets kept), then every required input present. */
function readInputs(
  body: Record<string, unknown>,
  key: string,
  { draft, previous }: Write<FakeHogFunction>,
): undefined {
  const sent = objectField(body, key)
  const inputs = sent && withSecretsKept(draft.inputs_schema, sent, previous ? draft.inputs : {})
  if (inputs) checkInputValues(draft.inputs_schema, inputs)
  if (inputs) {
    const merged = { ...(previous ? {} : draft.inputs), ...inputs }
    draft.inputs = onSave(() => compiledInputs(draft.type, draft.inputs_schema, merged))
  }
  for (const item of draft.inputs_schema) {
    const input = draft.inputs[item.key]
    if (
      item.required &&
      (input === undefined || input['value'] === undefined || input['value'] === '' || input['value'] === null)
    ) {
      invalid('This field is required.', `inputs__${item.key}`, 'required')
    }
  }
  return undefined
}

/** The writable fields of a hog function, in the serializer's order (create and PATCH). */
export const HOG_FUNCTION_WRITABLE: Readonly<Record<string, FieldRead<FakeHogFunction>>> = {
  // On create the type defaults to a destination; it never changes afterwards.
  type: (body, key, { previous }) => {
    const type = choiceField(body, key, HOG_FUNCTION_TYPES, { nullable: true })
    if (!previous) return type ?? undefined
    if (type !== undefined && type !== null && type !== previous.type)
      invalid('Cannot modify the type of an existing function', key)
    return undefined
  },
  template_id: readTemplate,
  name: field.text({ nullable: true, maxLength: 400 }),
  description: field.text(),
  enabled: field.boolean(),
  deleted: field.boolean(),
  hog: (body, key, { draft, previous }) => {
    const hog = stringField(body, key, { required: !previous && !draft.hog })
    if (typeof hog === 'string' && new TextEncoder().encode(hog).length > MAX_HOG_BYTES)
      invalid('Hog code exceeds maximum size of 100KB.', key)
    return hog ?? undefined
  },
  inputs_schema: (body, key) => {
    const schema = arrayField(body, key)
    return schema ? checkInputsSchema(schema) : undefined
  },
  inputs: readInputs,
  filters: (body, key, { store, draft }) => {
    const filters = objectField(body, key, { nullable: true })
    if (filters) checkFilters(filters)
    if (filters === undefined) return undefined
    return onSave(() => compiledFilters(draft.type, filters ?? {}, projectActions(store), draft.enabled))
  },
  masking: (body, key) => {
    const masking = objectField(body, key, { nullable: true })
    return masking === undefined ? undefined : checkMasking(masking)
  },
  mappings: (body, key, { store, draft }) => {
    const mappings = arrayField(body, key, { nullable: true })
    if (mappings === undefined || mappings === null) return mappings
    if (draft.type !== 'destination' && draft.type !== 'site_destination')
      invalid('Mappings are only allowed for destinations.', key)
    return mappings.map((item, index) => (isObject(item) ? compiledMapping(store, draft, item, index) : {}))
  },
  icon_url: field.text({ nullable: true }),
  execution_order: field.integer({ nullable: true, min: 0, max: 32_767 }),
}

/** A mapping with its inputs and filters compiled as the function's are (docs/service-behaviour.md §P4.4). */
function compiledMapping(
  store: FakeStore,
  draft: FakeHogFunction,
  item: Record<string, unknown>,
  index: number,
): Record<string, unknown> {
  const { type, enabled } = draft
  const mapping = { inputs_schema: [], inputs: {}, filters: {}, ...item }
  const path = ['mappings', String(index)]
  const schema = Array.isArray(mapping.inputs_schema) ? (mapping.inputs_schema as FakeInputSchemaItem[]) : []
  const inputs = isObject(mapping.inputs) ? mapping.inputs : {}
  const filters = isObject(mapping.filters) ? mapping.filters : {}
  return onSave(() => ({
    ...mapping,
    inputs: compiledInputs(type, schema, inputs, [...path, 'inputs']),
    filters: compiledFilters(type, filters, projectActions(store), enabled, [...path, 'filters']),
  }))
}

/** The defaults of a schema, as the inputs of a function made from a template. */
export function defaultsOf(schema: readonly FakeInputSchemaItem[]): Record<string, unknown> {
  return Object.fromEntries(schema.filter((item) => item.default !== undefined).map((item) => [item.key, item.default]))
}

/**
 * What the service derives after the fields, and its cap on enabled transformations. `hog` is compiled when
 * sent (or on create): a PATCH without it keeps the stored `bytecode`.
 */
export function checkHogFunction(
  store: FakeStore,
  draft: FakeHogFunction,
  body: Record<string, unknown>,
  previous: boolean,
): void {
  if (!previous || 'hog' in body) {
    draft.bytecode = onSave(() => hogBytecode(draft.type, draft.hog))
    draft.transpiled = transpiledFor(draft.type, draft.hog)
  }
  // Filters not sent on create are the service's default `{}`, compiled all the same.
  if (!previous && !('filters' in body)) {
    draft.filters = onSave(() => compiledFilters(draft.type, draft.filters, projectActions(store), draft.enabled))
  }
  // Filters that did not compile are saved only while the function stays disabled (docs/service-behaviour.md §P4.3).
  const filterError = draft.filters['bytecode_error']
  if (draft.enabled && typeof filterError === 'string') {
    invalid(`Invalid filter configuration: ${filterError}`, 'filters')
  }
  if (draft.type === 'transformation' && draft.enabled && !draft.deleted) {
    const others = [...store.hogFunctions.values()].filter(
      (item) => item.id !== draft.id && !item.deleted && item.enabled && item.type === 'transformation',
    )
    if (others.length >= MAX_ENABLED_TRANSFORMATIONS) {
      invalid(`Maximum of ${MAX_ENABLED_TRANSFORMATIONS} enabled transformations allowed per team.`, 'type')
    }
  }
}
