/**
 * What the service compiles when a hog function is saved or test-run (docs/service-behaviour.md §4, §P4, §13:
 * [`H19`], [`T1`]–[`T3`], [`F1`]): `hog` to `bytecode`, each templated input to its `bytecode` and `order`,
 * `filters` and masking's `hash`, with posthog-project-client/hog's compiler (PostHog's parser, loaded by
 * `loadFakeCompiler` on the first request that needs it, never when the testing entry is imported). Once loaded
 * it compiles synchronously, so the group's field readers stay synchronous. A refusal is a `CompileRefusal`
 * naming the field path; a save answers it as the four-key 400, a test run as the serializer's raw errors.
 */
import type { CompiledHog, CompileHogOptions } from '../hog/compile.js'
import type { HogAction, HogFunctionFilters } from '../hog/filters.js'
import { isObject } from './validators.js'

type Compile = (source: string, options?: CompileHogOptions) => CompiledHog
type FiltersExpression = (
  filters: HogFunctionFilters,
  context: { actions: HogAction[]; testAccountFilters: [] },
) => {
  source: string
}

let loaded: { compile: Compile; filtersExpression: FiltersExpression } | undefined
let loading: Promise<typeof loaded> | undefined

/** Loads the compiler (once per process); every compile below needs it loaded. */
export async function loadFakeCompiler(): Promise<void> {
  loading ??= Promise.all([import('../hog/compile.js'), import('../hog/filters.js')]).then(
    async ([compile, filters]) => ({
      compile: await compile.loadHogCompiler(),
      filtersExpression: filters.filtersExpression,
    }),
  )
  loaded = await loading
}

export function compilerLoaded(): boolean {
  return loaded !== undefined
}

function hog(): NonNullable<typeof loaded> {
  if (!loaded) throw new Error('internal: the fake compiled Hog before loading the compiler (loadFakeCompiler)')
  return loaded
}

/** The service refuses the write: `message` on the field `path` (`['inputs', 'url']`). */
export class CompileRefusal extends Error {
  override readonly name = 'CompileRefusal'
  constructor(
    readonly path: readonly string[],
    message: string,
    /** Raised by the field's own validation: under `non_field_errors` in the raw errors. */
    readonly nonField = false,
  ) {
    super(message)
  }
}

/** Types whose `hog` is JavaScript source, transpiled rather than compiled (docs/service-behaviour.md §4.1). */
export const JS_SOURCE_TYPES: ReadonlySet<string> = new Set(['site_destination', 'site_app'])

/** Input types whose string leaves are templates, compiled on save ([`T1`]; the validation module's list). */
const TEMPLATED_INPUT_TYPES = new Set([
  'string',
  'boolean',
  'dictionary',
  'json',
  'email',
  'native_email',
  'posthog_ticket_tags',
  'customer_analytics_account_properties',
  'customer_analytics_account_relationships',
])

/** `hog` compiled as the service stores it: `null` for the JavaScript-source types; any failure is [`H19`]'s. */
export function hogBytecode(type: string, code: string): unknown[] | null {
  if (JS_SOURCE_TYPES.has(type)) return null
  try {
    return hog().compile(code).bytecode
  } catch (error) {
    throw refusalOf(error, ['hog'], () => 'Hog code has errors.')
  }
}

interface SchemaItem {
  readonly key: string
  readonly type?: string
  readonly templating?: unknown
}

/**
 * Input objects as the service stores them: plain values wrapped as `{ value }`, the read-only keys sent
 * dropped, each templated value's `bytecode` compiled ([`T1`], [`T2`]) and `order` given by the inputs each
 * reads ([`T3`]: a topological sort, the schema's order among equals). A key missing from the schema is
 * compiled as a string input.
 */
export function compiledInputs(
  type: string,
  schema: readonly SchemaItem[],
  inputs: Readonly<Record<string, unknown>>,
  path: readonly string[] = ['inputs'],
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {}
  const deps = new Map<string, string[]>()
  for (const [key, sent] of Object.entries(wrappedInputs(inputs))) {
    const { bytecode: _bytecode, order: _order, transpiled: _transpiled, ...item } = sent
    const entry = schema.find((candidate) => candidate.key === key)
    // The schema's templating is copied onto the input (`true` as `hog`), as the service does.
    if (entry?.templating === true || entry?.templating === 'hog' || entry?.templating === 'liquid') {
      item['templating'] = entry.templating === 'liquid' ? 'liquid' : 'hog'
    }
    const compiled = templateOf(type, entry ?? { key, type: 'string' }, item, [...path, key])
    out[key] = compiled ? { ...item, bytecode: compiled.bytecode } : item
    if ('value' in item) deps.set(key, compiled?.inputs ?? [])
  }
  const ordered = topologicalOrder([...deps.keys()], deps, path)
  ordered.forEach((key, index) => {
    const input = out[key]
    if (input) input['order'] = index
  })
  return out
}

/** Input objects: a plain value (`{ url: 'https://…' }`, as seeds may give) wrapped as `{ value }`. */
export function wrappedInputs(inputs: Readonly<Record<string, unknown>>): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(inputs).map(([key, input]) => [key, isObject(input) && 'value' in input ? input : { value: input }]),
  )
}

function templateOf(
  type: string,
  entry: SchemaItem,
  item: Record<string, unknown>,
  path: string[],
): CompiledTemplate | null {
  let value = item['value']
  if (!truthy(value) || entry.templating === false || item['templating'] === 'liquid') return null
  if (!TEMPLATED_INPUT_TYPES.has(entry.type ?? 'string') || JS_SOURCE_TYPES.has(type)) return null
  if ((entry.type === 'email' || entry.type === 'native_email') && isObject(value)) {
    const { design: _design, ...rest } = value
    value = rest
  }
  try {
    const inputs = new Set<string>()
    return { bytecode: templateBytecode(value, inputs), inputs: [...inputs] }
  } catch (error) {
    throw refusalOf(error, path, (message) =>
      containsLiquid(value)
        ? 'Invalid template: this field uses single-curly templating like {person.properties.email}. Liquid-style ' +
          `{{ ... }} syntax is not supported here. (${message})`
        : `Invalid template: ${message}`,
    )
  }
}

interface CompiledTemplate {
  readonly bytecode: unknown
  readonly inputs: string[]
}

/** The value with each string leaf replaced by its template's bytecode (the validation module's walk). */
function templateBytecode(value: unknown, inputs: Set<string>): unknown {
  if (typeof value === 'string') {
    const compiled = hog().compile(value, { template: true })
    for (const key of compiled.inputs) inputs.add(key)
    return compiled.bytecode
  }
  if (Array.isArray(value)) return value.map((item) => templateBytecode(item, inputs))
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, templateBytecode(item, inputs)]))
  }
  return value
}

/** Kahn's sort as the service runs it: keys with no unmet dependency first, in the order given. */
function topologicalOrder(
  keys: readonly string[],
  deps: ReadonlyMap<string, string[]>,
  path: readonly string[],
): string[] {
  const edges = new Map(keys.map((key) => [key, (deps.get(key) ?? []).filter((dep) => deps.has(dep))]))
  const waiting = new Map(keys.map((key) => [key, edges.get(key)?.length ?? 0]))
  const queue = keys.filter((key) => waiting.get(key) === 0)
  const sorted: string[] = []
  while (queue.length > 0) {
    const current = queue.shift() as string
    sorted.push(current)
    for (const [key, needs] of edges) {
      if (!needs.includes(current)) continue
      const left = (waiting.get(key) ?? 0) - 1
      waiting.set(key, left)
      if (left === 0) queue.push(key)
    }
  }
  if (sorted.length !== keys.length) throw new CompileRefusal(path, 'Circular dependency detected in input_deps.')
  return sorted
}

/**
 * `filters` as the service stores them ([`F1`]): `source` `events` unless sent, the read-only keys sent dropped,
 * and `bytecode` compiled from the filters' expression (none for the JavaScript-source types). `actions` are
 * the project's, for action entries; the fake's project has no test-account filters. A cohort filter does not
 * compile ([`H12`]): refused while the function is enabled, else stored as `bytecode_error`.
 */
export function compiledFilters(
  type: string,
  filters: Readonly<Record<string, unknown>>,
  actions: HogAction[],
  enabled: boolean,
  path: readonly string[] = ['filters'],
): Record<string, unknown> {
  const { bytecode: _bytecode, transpiled: _transpiled, bytecode_error: _error, ...rest } = filters
  const out: Record<string, unknown> = { source: 'events', ...rest }
  if (JS_SOURCE_TYPES.has(type)) return out
  const cohort = cohortFilter(out)
  if (cohort !== undefined) {
    const error =
      "Can't use cohorts in real-time filters. Please inline the relevant expressions " +
      `(cohort id=${String(cohort)}).`
    if (enabled) throw new CompileRefusal(path, `Invalid filter configuration: ${error}`, true)
    return { ...out, bytecode: null, bytecode_error: error }
  }
  const { source } = hog().filtersExpression(out as HogFunctionFilters, { actions, testAccountFilters: [] })
  try {
    return { ...out, bytecode: hog().compile(source, { expression: true }).bytecode }
  } catch (error) {
    throw refusalOf(error, path, (message) => `Invalid filter configuration: ${message}`, true)
  }
}

/** The value (cohort id) of the first cohort property filter, on the filters or on one of their entries. */
function cohortFilter(filters: Record<string, unknown>): unknown {
  const lists = [
    filters['properties'],
    ...[filters['events'], filters['actions']].flatMap((entries) =>
      Array.isArray(entries)
        ? entries.map((entry: unknown) => (isObject(entry) ? entry['properties'] : undefined))
        : [],
    ),
  ]
  for (const list of lists) {
    if (!Array.isArray(list)) continue
    const found: unknown = list.find((filter: unknown) => isObject(filter) && filter['type'] === 'cohort')
    if (isObject(found)) return found['value']
  }
  return undefined
}

/** Masking with its `bytecode`: `hash` compiled as a template (docs/service-behaviour.md §P4.5). */
export function compiledMasking(masking: Readonly<Record<string, unknown>>): Record<string, unknown> {
  try {
    return { ...masking, bytecode: hog().compile(String(masking['hash']), { template: true }).bytecode }
  } catch (error) {
    throw refusalOf(error, ['masking', 'hash'], (message) => `Invalid template: ${message}`)
  }
}

/** A compile error as the refusal of `path`; anything else (a bug) is thrown on. */
function refusalOf(
  error: unknown,
  path: readonly string[],
  message: (detail: string) => string,
  nonField = false,
): unknown {
  if (error instanceof Error && error.name === 'HogCompileError') {
    return new CompileRefusal(path, message(error.message), nonField)
  }
  return error
}

/** Python's truth of a value: what the service compiles. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0
  if (isObject(value)) return Object.keys(value).length > 0
  return Boolean(value)
}

function containsLiquid(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('{{')
  if (Array.isArray(value)) return value.some(containsLiquid)
  return isObject(value) && Object.values(value).some(containsLiquid)
}
