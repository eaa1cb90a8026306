/**
 * `runHogFunction`: a hog function as the configuration holds it, run the way PostHog's CDP runs it
 * (docs/service-behaviour.md §13): filters matched against the filter globals ([`F9`], [`F10`]), then per
 * invocation (one, or one per matching mapping, [`R11`]) inputs evaluated ([`T1`]–[`T4`]) and the code run
 * with the CDP's globals ([`R3`]), its prints logged as the CDP logs them ([`R6`]), secrets redacted ([`R7`]).
 */
import { compileHog } from './compile.js'
import { HogCompileError } from './errors.js'
import { filtersExpression, type FilterContext, type HogFunctionFilters } from './filters.js'
import { evaluateInputs, InputError, type HogInputSchemaItem } from './inputs.js'
import {
  describeError,
  execute,
  type HogFetchCall,
  type HogFetchHandler,
  type HogFetchResponse,
  type HogLog,
  type HogRunResult,
  type RunStats,
} from './run.js'

/** A hog function as a `hogFunctions` spec has it (secrets as `{ $env: NAME }`). */
export interface HogFunctionSpec {
  readonly id?: string
  readonly type?: string
  readonly name?: string | null
  readonly hog?: string | null
  readonly inputs_schema?: readonly HogInputSchemaItem[] | null
  readonly inputs?: Readonly<Record<string, unknown>> | null
  readonly filters?: HogFunctionFilters | null
  readonly mappings?: readonly HogFunctionMapping[] | null
  readonly [field: string]: unknown
}

export interface HogFunctionMapping {
  readonly name?: string | null
  readonly inputs_schema?: readonly HogInputSchemaItem[] | null
  readonly inputs?: Readonly<Record<string, unknown>> | null
  readonly filters?: HogFunctionFilters | null
}

/** The event a function runs on; what is left out gets the CDP's defaults. */
export interface HogEventInput {
  readonly event: string
  readonly uuid?: string
  readonly distinct_id?: string
  readonly properties?: Record<string, unknown>
  readonly timestamp?: string
  readonly elements_chain?: string
  readonly url?: string
}

export interface HogPersonInput {
  readonly id: string
  readonly properties?: Record<string, unknown>
  readonly name?: string
  readonly url?: string
}

export interface HogGroupInput {
  readonly id: string
  readonly index: number
  readonly type?: string
  readonly url?: string
  readonly properties?: Record<string, unknown>
}

export interface HogFunctionInvocationInput {
  readonly event: HogEventInput
  readonly person?: HogPersonInput | null
  /** By group type: `{ company: { id, index, properties } }`. */
  readonly groups?: Readonly<Record<string, HogGroupInput>> | null
  readonly fetch?: HogFetchHandler
}

export interface RunHogFunctionOptions extends FilterContext {
  /** Where `$env` secrets are read (default: none; a missing one is an error). */
  readonly env?: Readonly<Record<string, string | undefined>>
  /** The `project` global (default `{ id: 1, name: 'Default project', url: 'http://localhost:8000/project/1' }`). */
  readonly project?: { readonly id: number; readonly name: string; readonly url: string }
  /** Run time allowed for the code (default 550 ms: the CDP's `CDP_WATCHER_HOG_COST_TIMING_UPPER_MS`, [`R2`]). */
  readonly timeoutMs?: number
  /** Log each fetch as the service's mock does (`Async function 'fetch' was mocked with arguments:`, [`R9`]). */
  readonly mockLogs?: boolean
}

export type HogFunctionRun = HogRunResult & {
  /** True when the filters (or every mapping's) did not match: the code did not run. */
  readonly skipped: boolean
  readonly reason?: string
  /** What could not be evaluated here (each also says how it was treated). */
  readonly unsupported: string[]
}

const DEFAULT_TIMEOUT_MS = 550
const DEFAULT_PROJECT = { id: 1, name: 'Default project', url: 'http://localhost:8000/project/1' }
/** Prints kept per run (`MAX_HOG_LOGS`, [`R6`]). */
const MAX_HOG_LOGS = 25
const MAX_LOG_LENGTH = 10_000
const REDACTED = '***REDACTED***'
const CODE_LANGUAGES_NOT_RUN = new Set(['site_destination', 'site_app'])

/** Runs a hog function on one event the way PostHog's CDP does; never throws for what the function does. */
export async function runHogFunction(
  spec: HogFunctionSpec,
  invocation: HogFunctionInvocationInput,
  options: RunHogFunctionOptions = {},
): Promise<HogFunctionRun> {
  const project = options.project ?? DEFAULT_PROJECT
  const globals = functionGlobals(spec, invocation, project)
  const event = globals.event as { uuid: string }
  const unsupported: string[] = []
  const logs: HogLog[] = []
  const done = (run: Partial<HogFunctionRun>): HogFunctionRun => ({
    result: null,
    calls: [],
    error: null,
    skipped: false,
    ...run,
    logs: [...logs, ...(run.logs ?? [])],
    unsupported,
  })
  if (CODE_LANGUAGES_NOT_RUN.has(String(spec.type))) {
    unsupported.push(`type ${String(spec.type)}: JavaScript functions run in the browser, not here`)
    return done({ skipped: true, reason: `${String(spec.type)} functions are not run here` })
  }
  const filterGlobals = toFilterGlobals(globals)
  if (!(await matches(spec.filters, filterGlobals, event.uuid, options, unsupported, logs))) {
    return done({ skipped: true, reason: 'The event does not match the filters' })
  }
  const layers = await invocationLayers(spec, filterGlobals, event.uuid, options, unsupported, logs)
  if (layers.length === 0) return done({ skipped: true, reason: 'No mapping matches the event' })
  let bytecode
  try {
    bytecode = await compileHog(spec.hog ?? '')
  } catch (error) {
    const message = error instanceof HogCompileError ? `Hog code has errors: ${error.message}` : describeError(error)
    return done({ error: message })
  }
  const results: HogFunctionRun[] = []
  for (const layer of layers) {
    const run = await runInvocation(spec, bytecode, layer, globals, invocation, options, unsupported)
    results.push(done(run))
    logs.length = 0
  }
  return combine(results, unsupported)
}

/** The globals the CDP gives a function ([`R3`]). */
function functionGlobals(
  spec: HogFunctionSpec,
  invocation: HogFunctionInvocationInput,
  project: { id: number; name: string; url: string },
): Record<string, unknown> {
  const given = invocation.event
  const uuid = given.uuid ?? globalThis.crypto.randomUUID()
  const timestamp = given.timestamp ?? new Date().toISOString()
  const distinctId = given.distinct_id ?? ''
  const event = {
    uuid,
    event: given.event,
    distinct_id: distinctId,
    properties: given.properties ?? {},
    elements_chain: given.elements_chain ?? '',
    timestamp,
    url: given.url ?? `${project.url}/events/${encodeURIComponent(uuid)}/${encodeURIComponent(timestamp)}`,
  }
  const person = invocation.person
    ? {
        id: invocation.person.id,
        properties: invocation.person.properties ?? {},
        name: invocation.person.name ?? displayName(invocation.person.properties ?? {}, distinctId),
        url: invocation.person.url ?? `${project.url}/person/${encodeURIComponent(distinctId)}`,
      }
    : undefined
  const groups = invocation.groups
    ? Object.fromEntries(
        Object.entries(invocation.groups).map(([type, group]) => [
          type,
          {
            id: group.id,
            type: group.type ?? type,
            index: group.index,
            url: group.url ?? `${project.url}/groups/${group.index}/${encodeURIComponent(group.id)}`,
            properties: group.properties ?? {},
          },
        ]),
      )
    : undefined
  const id = spec.id ?? 'new'
  const source = {
    name: spec.name ?? `Hog function: ${id}`,
    url: `${project.url}/pipeline/destinations/hog-${id}/configuration/`,
  }
  return { project, source, event, ...(person ? { person } : {}), ...(groups ? { groups } : {}) }
}

function displayName(properties: Record<string, unknown>, distinctId: string): string {
  const key = ['email', 'name', 'username'].find((name) => properties[name])
  const value = key ? properties[key] : undefined
  return (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)) || distinctId
}

/** What filters read: an event-shaped object, not the function's globals ([`F9`]). */
function toFilterGlobals(globals: Record<string, unknown>): Record<string, unknown> {
  const event = globals.event as Record<string, unknown>
  const person = globals.person as { id: string; properties: Record<string, unknown> } | undefined
  type Group = { id: string; index: number; properties: Record<string, unknown> }
  const groups = (globals.groups ?? {}) as Record<string, Group>
  const filterPerson = person ? { id: person.id, properties: person.properties } : null
  const filter: Record<string, unknown> = {
    event: event.event,
    uuid: event.uuid,
    distinct_id: event.distinct_id,
    timestamp: event.timestamp,
    properties: event.properties,
    elements_chain: event.elements_chain,
    elements_chain_href: '',
    elements_chain_texts: [],
    elements_chain_ids: [],
    elements_chain_elements: [],
    person: filterPerson,
    pdi: person ? { distinct_id: event.distinct_id, person_id: person.id, person: filterPerson } : null,
    variables: {},
  }
  for (let index = 0; index < 5; index += 1) {
    const group = Object.values(groups).find((item) => item.index === index)
    filter[`$group_${index}`] = group?.id ?? null
    filter[`group_${index}`] = { properties: group?.properties ?? {} }
  }
  return filter
}

/** Whether `filters` match ([`F10`]): a result of exactly `true`; an error does not match. */
async function matches(
  filters: HogFunctionFilters | null | undefined,
  filterGlobals: Record<string, unknown>,
  uuid: string,
  options: RunHogFunctionOptions,
  unsupported: string[],
  logs: HogLog[],
): Promise<boolean> {
  if (!filters) return true
  const keys = Object.keys(filters).filter((key) => key !== 'source' && key !== 'bytecode_error')
  if (keys.length === 0 || (keys.length === 1 && keys[0] === 'bytecode')) return true
  const events = filters.events ?? []
  if (events.length > 0 && (filters.actions ?? []).length === 0) {
    const name = filterGlobals.event
    if (!events.some((entry) => entry.id === null || entry.id === undefined || entry.id === name)) return false
  }
  const expression = filtersExpression(filters, options)
  for (const gap of expression.unsupported) if (!unsupported.includes(gap)) unsupported.push(gap)
  try {
    const run = await execute(await compileHog(expression.source, { expression: true }), { globals: filterGlobals })
    if (run.error !== null) throw new Error(run.error)
    return run.result === true
  } catch (error) {
    logs.push({ level: 'error', message: `Error filtering event ${uuid}: ${describeError(error)}` })
    return false
  }
}

/** The inputs of each invocation: the function's alone, or layered with each matching mapping's ([`R11`]). */
async function invocationLayers(
  spec: HogFunctionSpec,
  filterGlobals: Record<string, unknown>,
  uuid: string,
  options: RunHogFunctionOptions,
  unsupported: string[],
  logs: HogLog[],
): Promise<HogFunctionMapping[]> {
  if (!spec.mappings || spec.mappings.length === 0) return [{}]
  const matching: HogFunctionMapping[] = []
  for (const mapping of spec.mappings) {
    if (await matches(mapping.filters, filterGlobals, uuid, options, unsupported, logs)) matching.push(mapping)
    else logs.push({ level: 'info', message: 'Mapping trigger not matching filters was ignored.' })
  }
  return matching
}

async function runInvocation(
  spec: HogFunctionSpec,
  bytecode: readonly unknown[],
  mapping: HogFunctionMapping,
  globals: Record<string, unknown>,
  invocation: HogFunctionInvocationInput,
  options: RunHogFunctionOptions,
  unsupported: string[],
): Promise<Partial<HogFunctionRun>> {
  const uuid = (globals.event as { uuid: string }).uuid
  const schema = [...(spec.inputs_schema ?? []), ...(mapping.inputs_schema ?? [])]
  let evaluated
  try {
    evaluated = await evaluateInputs(schema, { ...spec.inputs, ...mapping.inputs }, globals, options.env ?? {})
  } catch (error) {
    const message = error instanceof InputError ? error.message : describeError(error)
    const line: HogLog = { level: 'error', message: `Error building inputs for event ${uuid}: ${message}` }
    return { error: message, logs: [line] }
  }
  for (const gap of evaluated.unsupported) if (!unsupported.includes(gap)) unsupported.push(gap)
  const redact = (text: string) => evaluated.sensitive.reduce((out, secret) => out.replaceAll(secret, REDACTED), text)
  const logs: HogLog[] = []
  let prints = 0
  const log = (level: HogLog['level'], args: unknown[]) => {
    if (level === 'info' && ++prints > MAX_HOG_LOGS) {
      if (prints === MAX_HOG_LOGS + 1) {
        const message = `Function exceeded maximum log entries. No more logs will be collected. Event: ${uuid}`
        logs.push({ level: 'warn', message })
      }
      return
    }
    logs.push({ level, message: logMessage(args, redact) })
  }
  const answer = invocation.fetch
  const run = await execute(bytecode, {
    globals: { ...globals, inputs: evaluated.inputs },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    functions: {
      print: (...args: unknown[]) => log('info', args),
      postHogCapture: () => {
        const gap = 'postHogCapture (captured events are not recorded here)'
        if (!unsupported.includes(gap)) unsupported.push(gap)
        return null
      },
    },
    recordCall: (call) => redactCall(call, redact),
    answerFetch: async (call: HogFetchCall, given: unknown): Promise<HogFetchResponse> => {
      if (options.mockLogs) {
        log('info', ["Async function 'fetch' was mocked with arguments:"])
        log('info', [`fetch('${call.url}', ${JSON.stringify(given ?? {}, null, 2)})`])
      }
      const response = answer ? await answer(call.url, call) : { status: 200, body: {} }
      if (response.status >= 400) {
        logs.push({ level: 'warn', message: `HTTP fetch failed on attempt 1 with status code ${response.status}.` })
      }
      return response
    },
  })
  const error = run.error === null ? null : redact(run.error)
  // The executor writes the exception itself: `HogVMException: …`, or `Error('…')` for one the code threw.
  if (error !== null) {
    logs.push({ level: 'error', message: `Error executing function on event ${uuid}: ${redact(run.thrown ?? error)}` })
  } else if (run.stats) {
    const url = String((globals.event as { url: unknown }).url)
    logs.push({ level: 'debug', message: completionLine(run.stats, url) })
  }
  return { result: run.result, calls: run.calls, error, logs }
}

/** The executor's line when a run finishes ([`R5`]). */
function completionLine(stats: RunStats, url: string): string {
  const sync = stats.syncDuration
  const memory = `Mem: ${stats.maxMemUsed} bytes. Ops: ${stats.ops}.`
  return `Function completed in ${sync}ms. Sync: ${sync}ms. ${memory} Event: '${url}'`
}

/** A log line as the CDP writes one: non-strings as JSON, joined by `, `, secrets redacted, length capped ([`R6`]). */
function logMessage(args: readonly unknown[], redact: (text: string) => string): string {
  const message = redact(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(', '))
  return message.length > MAX_LOG_LENGTH ? `${message.slice(0, MAX_LOG_LENGTH)}... (truncated)` : message
}

function redactCall(call: HogFetchCall, redact: (text: string) => string): HogFetchCall {
  const deep = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value)
    if (Array.isArray(value)) return value.map(deep)
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deep(item)]))
    }
    return value
  }
  return deep(call) as HogFetchCall
}

/** One result of several invocations: logs and calls in order, the first error, the last result. */
function combine(runs: readonly HogFunctionRun[], unsupported: string[]): HogFunctionRun {
  if (runs.length === 1) return runs[0] as HogFunctionRun
  return {
    result: runs[runs.length - 1]?.result ?? null,
    logs: runs.flatMap((run) => run.logs),
    calls: runs.flatMap((run) => run.calls),
    error: runs.find((run) => run.error !== null)?.error ?? null,
    skipped: false,
    unsupported,
  }
}
