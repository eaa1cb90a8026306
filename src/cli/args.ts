import { parseArgs, type ParseArgsConfig } from 'node:util'
import { closest } from '../core/known-fields.js'
import { GROUPS, findCommand, findGroup, kebab, methodsOf, type CommandSpec, type Group } from './commands.js'
import { UsageError } from './errors.js'
import type { Flag } from './shapes.js'

/**
 * Reads the command line (`posthog-project <group> <method> [ids…] [--flags]`) into what to do, with
 * Node's `util.parseArgs`. Pure: no I/O, nothing sent; every mistake is a `UsageError`.
 */

/** Output formats of `--format`. */
export const FORMATS = ['json', 'ndjson', 'table'] as const
/** An output format. */
export type Format = (typeof FORMATS)[number]

/** Client settings given as flags; each falls back to the client's environment variable when absent. */
export interface Settings {
  apiKey?: string
  projectId?: string
  baseUrl?: string
  endpointsPrefix?: string
  /** A number when the flag reads as one; otherwise the text, for the SDK to refuse with its own message. */
  timeout?: number | string
  maxRetries?: number | string
  /** `--no-validate-responses`: the answers as the service sent them, unchecked. */
  validateResponses?: false
}

/** How the command talks about its work on stderr. */
export interface Reporting {
  /** `--verbose`: each request, answer, retry and wait on stderr (the key redacted). */
  verbose: boolean
}

/** How to present the result. */
export interface OutputOptions {
  /** `undefined`: `table` on a terminal, `json` otherwise. */
  format: Format | undefined
  /** Walk every page of a list. */
  all: boolean
  /** Stop a walk after this many items (implies a walk). */
  max: number | undefined
  /** Print the request instead of sending it. */
  dryRun: boolean
  /** Pages a walk fetches at once (`--concurrency`). */
  concurrency: number | undefined
}

/** A call of one SDK method. */
export interface Call {
  kind: 'call'
  group: Group
  method: string
  spec: CommandSpec
  /** The path parameters, in the SDK's order. */
  ids: string[]
  /**
   * The flags of the method's params object (a query, or a helper's params such as `launch --start_date`),
   * converted to the types the SDK takes; `undefined` for a method without one.
   */
  params: Record<string, unknown> | undefined
  /** `--data` as given: inline JSON, `@file`, or `-` for stdin. */
  data: string | undefined
  settings: Settings
  output: OutputOptions
  reporting: Reporting
}

/**
 * `posthog-project query`: one query through the query API, HogQL (`--hogql`, with `--values` for its
 * placeholders) or any query node (`--data`).
 */
export interface QueryCall {
  kind: 'query'
  /** The SQL of a `HogQLQuery`. */
  hogql: string | undefined
  /** `--values` as given: a JSON object of placeholder values. */
  values: string | undefined
  /** `--data` as given: a query node (inline JSON, `@file`, or `-` for stdin). */
  data: string | undefined
  /** `refresh` of the request. */
  refresh: string | undefined
  settings: Settings
  output: OutputOptions
  reporting: Reporting
}

/** What the command line asks for. */
export type Parsed = { kind: 'version' } | { kind: 'help'; group?: Group | 'query'; method?: string } | Call | QueryCall

const QUERY_OPTIONS = { hogql: { type: 'string' }, values: { type: 'string' }, refresh: { type: 'string' } } as const satisfies ParseArgsConfig['options']

/** The client's settings and how the command reports: every command takes them, the configuration commands too. */
export const SETTING_OPTIONS = {
  'api-key': { type: 'string' },
  project: { type: 'string' },
  'base-url': { type: 'string' },
  'endpoints-prefix': { type: 'string' },
  timeout: { type: 'string' },
  'max-retries': { type: 'string' },
  'no-validate-responses': { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options']

const GLOBAL_OPTIONS = {
  ...SETTING_OPTIONS,
  format: { type: 'string' },
  concurrency: { type: 'string' },
  all: { type: 'boolean' },
  max: { type: 'string' },
  'dry-run': { type: 'boolean' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options']

/** Names of the flags every command takes. */
export const GLOBAL_FLAGS: readonly string[] = Object.keys(GLOBAL_OPTIONS)

type Options = NonNullable<ParseArgsConfig['options']>

/**
 * Parses `argv` (without `node` and the script). A call's flags come from its request shapes, loaded
 * (with zod) only then: `--version` and `--help` start without them.
 */
export async function parseCommandLine(argv: readonly string[]): Promise<Parsed> {
  if (argv.length === 0) return { kind: 'help' }
  // First pass: only the group and the method (the flags a command takes depend on them).
  const loose = parseArgs({ args: [...argv], options: GLOBAL_OPTIONS, strict: false, allowPositionals: true })
  const [groupWord, methodWord] = loose.positionals
  if (loose.values.version === true && groupWord === undefined) return { kind: 'version' }
  if (groupWord === 'query') return loose.values.help === true ? { kind: 'help', group: 'query' } : parseQuery(argv)
  const group = groupWord === undefined ? undefined : resolveGroup(groupWord)
  const found = group && methodWord !== undefined ? resolveMethod(group, methodWord) : undefined
  if (loose.values.help === true) return { kind: 'help', ...(group && { group }), ...(found && { method: found.method }) }
  if (!group) throw new UsageError('group', `missing: one of ${GROUPS.map(kebab).join(', ')}, or query (see --help)`)
  if (!found) throw new UsageError('method', `missing: one of ${methodsOf(group).map(kebab).join(', ')} (see ${kebab(group)} --help)`)
  return parseCall(argv, group, found.method, found.spec, await import('./shapes.js'))
}

function resolveGroup(word: string): Group {
  const group = findGroup(word)
  if (!group) throw new UsageError(word, `unknown group${choices('groups', word, GROUPS.map(kebab))}; or query)`)
  return group
}

function resolveMethod(group: Group, word: string): { method: string; spec: CommandSpec } {
  const found = findCommand(group, word)
  if (!found) throw new UsageError(word, `unknown method of ${kebab(group)}${choices('methods', word, methodsOf(group).map(kebab))})`)
  return found
}

/**
 * `; did you mean "experiments"? (groups: experiments, …`: the choices, the one nearest to what was typed
 * first (when one is near), for the caller to close.
 */
export function choices(what: string, typed: string, names: readonly string[]): string {
  const nearest = closest(typed, names)
  if (nearest === undefined) return ` (${what}: ${names.join(', ')}`
  return `; did you mean ${nearest}? (${what}: ${[nearest, ...names.filter((name) => name !== nearest)].join(', ')}`
}

/** Second pass: the whole command line, strictly, with the command's own flags. */
function parseCall(argv: readonly string[], group: Group, method: string, spec: CommandSpec, shapes: typeof import('./shapes.js')): Call {
  const flags = shapes.flagsOf(group, method, spec)
  const options: Options = { ...GLOBAL_OPTIONS }
  for (const [flag, { kind }] of Object.entries(flags)) {
    options[flag] = kind === 'list' ? { type: 'string', multiple: true } : { type: 'string' }
  }
  const where = `${kebab(group)} ${kebab(method)}`
  let parsed: ReturnType<typeof parseArgs<{ options: Options; allowPositionals: true; strict: true }>>
  try {
    parsed = parseArgs({ args: normalize(argv, flags, options), options, strict: true, allowPositionals: true })
  } catch (error) {
    throw toUsageError(error, where, flags)
  }
  const values = parsed.values as Record<string, string | string[] | boolean | undefined>
  const ids = parsed.positionals.slice(2)
  checkIds(ids, spec, where)
  const data = values.data as string | undefined
  if (data !== undefined && !spec.body) throw new UsageError('--data', `${where} takes no body`)
  if (data === undefined && spec.body === 'required') {
    throw new UsageError('--data', `required: ${where} takes a JSON body (--data '{…}', --data @file.json, or --data - to read stdin)`)
  }
  const params = spec.params ? paramValues(values, flags) : undefined
  if (params) shapes.checkInput(shapes.shapesOf(group, method).params, params, 'flags')
  return {
    kind: 'call',
    group,
    method,
    spec,
    ids,
    params,
    data,
    settings: settingsOf(values),
    output: outputOptions(values, spec, where),
    reporting: reportingOf(values),
  }
}

/** `query --hogql '<SQL>' [--values '{…}']` or `query --data <node>`, with `--refresh`. */
function parseQuery(argv: readonly string[]): QueryCall {
  const options: Options = { ...GLOBAL_OPTIONS, ...QUERY_OPTIONS }
  let parsed: ReturnType<typeof parseArgs<{ options: Options; allowPositionals: true; strict: true }>>
  try {
    parsed = parseArgs({ args: normalize(argv, {}, options), options, strict: true, allowPositionals: true })
  } catch (error) {
    throw toUsageError(error, 'query', { hogql: { kind: 'string' }, values: { kind: 'string' }, refresh: { kind: 'string' } })
  }
  const values = parsed.values as Record<string, string | boolean | undefined>
  const extra = parsed.positionals[1]
  if (extra !== undefined) throw new UsageError(extra, 'unexpected argument: query takes --hogql or --data')
  const hogql = values.hogql as string | undefined
  const data = values.data as string | undefined
  if ((hogql === undefined) === (data === undefined)) throw new UsageError('--hogql', "required: query --hogql '<SQL>', or a query node with --data")
  if (values.values !== undefined && hogql === undefined) throw new UsageError('--values', 'goes with --hogql')
  const output = outputOptions(values, {}, 'query')
  return { kind: 'query', hogql, values: values.values as string | undefined, data, refresh: values.refresh as string | undefined, settings: settingsOf(values), output, reporting: reportingOf(values) }
}

/**
 * Two shapes parseArgs cannot read on its own: a boolean flag given bare (`--archived`) means
 * `true` (parseArgs has no optional values, so it becomes `--archived=true` unless `true`/`false`
 * follows), and a value starting with a dash and a digit (`--date_from -30d`, PostHog's relative dates;
 * `--max -1`, refused later with a clear message)
 * is joined to its flag (`--date_from=-30d`) instead of being refused as ambiguous.
 */
function normalize(argv: readonly string[], flags: { readonly [flag: string]: Flag }, options: Options): string[] {
  const out: string[] = []
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!
    const flag = arg.startsWith('--') ? arg.slice(2) : ''
    const kind = Object.hasOwn(flags, flag) ? flags[flag]!.kind : undefined
    const next = argv[index + 1]
    if (kind === 'boolean' && next !== 'true' && next !== 'false') {
      out.push(`${arg}=true`)
    } else if (Object.hasOwn(options, flag) && options[flag]!.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`)
      index++
    } else {
      out.push(arg)
    }
  }
  return out
}

function toUsageError(error: unknown, where: string, flags: { readonly [flag: string]: Flag }): UsageError {
  const code = (error as { code?: unknown }).code
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')
  const flag = /'(-[^' ]+)/.exec(message)?.[1] ?? '?'
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const known = Object.keys(flags).map((name) => `--${name}`)
    const nearest = closest(flag, [...known, ...Object.keys(GLOBAL_OPTIONS).map((name) => `--${name}`)])
    const hint = nearest === undefined ? '' : `; did you mean ${nearest}?`
    return new UsageError(flag, `unknown flag of ${where}${hint} (${known.length ? `its flags: ${known.join(', ')}; ` : ''}see ${where} --help)`)
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    return new UsageError(flag, /argument missing/.test(message) ? 'expects a value' : message)
  }
  return new UsageError('arguments', message)
}

function checkIds(ids: readonly string[], spec: CommandSpec, where: string): void {
  const missing = spec.path[ids.length]
  if (missing !== undefined) throw new UsageError(missing, `is required (${where} ${spec.path.map((name) => `<${name}>`).join(' ')})`)
  const extra = ids[spec.path.length]
  if (extra !== undefined) {
    const takes = spec.path.length ? `${spec.path.length} (${spec.path.join(', ')})` : 'none'
    throw new UsageError(extra, `unexpected argument: ${where} takes ${takes}`)
  }
}

/** The flags given, as the values the SDK takes. */
function paramValues(values: Record<string, unknown>, flags: { readonly [flag: string]: Flag }): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [flag, { kind }] of Object.entries(flags)) {
    const value = values[flag]
    if (value === undefined) continue
    params[flag] = convert(flag, kind, value as string | string[])
  }
  return params
}

function convert(flag: string, kind: Flag['kind'], value: string | string[]): unknown {
  if (kind === 'list') return ([] as string[]).concat(value).flatMap((item) => item.split(',')).filter((item) => item !== '')
  const text = value as string
  if (kind === 'boolean') {
    if (text === 'true' || text === 'false') return text === 'true'
    throw new UsageError(`--${flag}`, `expected true or false, got ${JSON.stringify(text)}`)
  }
  // Text that is not a number stays text: the shape check refuses it, naming the flag.
  if (kind === 'integer') return /^-?\d+$/.test(text) ? Number(text) : text
  if (kind === 'number') return text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text
  return text
}

/** The client settings given as flags (`SETTING_OPTIONS`). */
export function settingsOf(values: Record<string, unknown>): Settings {
  const text = (name: string) => values[name] as string | undefined
  const numeric = (name: string) => {
    const value = text(name)
    return value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value
  }
  const out: Settings = {}
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    if (value !== undefined) out[key] = value
  }
  set('apiKey', text('api-key'))
  set('projectId', text('project'))
  set('baseUrl', text('base-url'))
  set('endpointsPrefix', text('endpoints-prefix'))
  set('timeout', numeric('timeout'))
  set('maxRetries', numeric('max-retries'))
  if (values['no-validate-responses'] === true) out.validateResponses = false
  return out
}

export function reportingOf(values: Record<string, unknown>): Reporting {
  return { verbose: values.verbose === true }
}

function outputOptions(values: Record<string, unknown>, spec: Pick<CommandSpec, 'list'>, where: string): OutputOptions {
  const format = values.format as string | undefined
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError('--format', `expected ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`)
  }
  const maxText = values.max as string | undefined
  if (maxText !== undefined && !/^\d+$/.test(maxText)) {
    throw new UsageError('--max', `expected a non-negative integer, got ${JSON.stringify(maxText)}`)
  }
  const all = values.all === true
  if ((all || maxText !== undefined) && !spec.list) throw new UsageError(all ? '--all' : '--max', `${where} is not a list`)
  const concurrencyText = values.concurrency as string | undefined
  if (concurrencyText !== undefined) {
    if (!/^\d+$/.test(concurrencyText) || Number(concurrencyText) < 1 || Number(concurrencyText) > 16) {
      throw new UsageError('--concurrency', `expected a whole number from 1 to 16, got ${JSON.stringify(concurrencyText)}`)
    }
    if (!all && maxText === undefined) throw new UsageError('--concurrency', 'goes with --all or --max (the pages a walk fetches at once)')
  }
  return {
    format: format as Format | undefined,
    all,
    max: maxText === undefined ? undefined : Number(maxText),
    dryRun: values['dry-run'] === true,
    concurrency: concurrencyText === undefined ? undefined : Number(concurrencyText),
  }
}
