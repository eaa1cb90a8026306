import type * as z from 'zod/mini'
import { kebab, type CommandSpec, type Group } from './commands.js'
import { UsageError } from './errors.js'
import { methodHelp, queryHelp } from './help.js'
import type { Command, FlagSet, Io } from './command.js'
import { FORMATS, type Format } from './output.js'
import { SETTING_OPTIONS, settingValuesOf, type FlagValues, type Options, type SettingValues } from './settings.js'
import type { Flag, InputProblem } from './shapes.js'

/**
 * The API commands of the registry: `<group> <method> [ids…] [--flags]`, one per SDK method (the rows of
 * commands.ts), and `query`. Each reads its parsed flags into a call (ids, params converted to the SDK's
 * types, `--data`, output options); run.ts runs it. A method's flags come from its request shapes
 * (shapes.ts, which loads zod), read only when the method is called or its help asked for.
 */

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
export interface Call extends SettingValues {
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
  output: OutputOptions
}

/**
 * `posthog-project query`: one query through the query API, HogQL (`--hogql`, with `--values` for its
 * placeholders) or any query node (`--data`).
 */
export interface QueryCall extends SettingValues {
  kind: 'query'
  /** The SQL of a `HogQLQuery`. */
  hogql: string | undefined
  /** `--values` as given: a JSON object of placeholder values. */
  values: string | undefined
  /** `--data` as given: a query node (inline JSON, `@file`, or `-` for stdin). */
  data: string | undefined
  /** `refresh` of the request. */
  refresh: string | undefined
  output: OutputOptions
}

/** The flags every API command takes: the settings, the output, `--data`, `--help` and `--version`. */
export const CALL_OPTIONS = {
  ...SETTING_OPTIONS,
  format: { type: 'string' },
  concurrency: { type: 'string' },
  all: { type: 'boolean' },
  max: { type: 'string' },
  'dry-run': { type: 'boolean' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies Options

/** Names of the flags every API command takes. */
export const GLOBAL_FLAGS: readonly string[] = Object.keys(CALL_OPTIONS)

const QUERY_OPTIONS = {
  hogql: { type: 'string' },
  values: { type: 'string' },
  refresh: { type: 'string' },
} as const satisfies Options

/** Runs a call or a query (run.ts, loaded only then: it loads the SDK). */
const run = async (input: Call | QueryCall, io: Io) => (await import('./run.js')).runCall(input, io)

/** The command of `client[group][method]`, as its row in commands.ts describes it. */
export function callCommand(group: Group, method: string, spec: CommandSpec): Command<Call> {
  let flags: Promise<{ readonly [flag: string]: Flag }> | undefined
  const flagsOfMethod = () => (flags ??= import('./shapes.js').then((shapes) => shapes.flagsOf(group, method, spec)))
  return {
    words: [kebab(group), kebab(method)],
    summary: spec.summary,
    flags: async () => flagSet(await flagsOfMethod()),
    help: async () => methodHelp(group, method, await import('./shapes.js')),
    read: async (values, args) => readCall(group, method, spec, values, args, await flagsOfMethod()),
    run,
  }
}

/** `query --hogql '<SQL>' [--values '{…}']` or `query --data <node>`, with `--refresh`. */
export const queryCommand: Command<QueryCall> = {
  words: ['query'],
  summary: 'Runs one query through the query API.',
  synopsis: "query --hogql '<SQL>' (any query: --data <node>; see query --help)",
  flags: () => ({ own: QUERY_OPTIONS, shared: CALL_OPTIONS }),
  help: queryHelp,
  read: readQuery,
  run,
}

/** A method's flags as `parseArgs` reads them: text (lists repeatable), converted by `readCall`. */
function flagSet(flags: { readonly [flag: string]: Flag }): FlagSet {
  const own: Options = {}
  for (const [flag, { kind }] of Object.entries(flags))
    own[flag] = kind === 'list' ? { type: 'string', multiple: true } : { type: 'string' }
  const bare = Object.keys(flags).filter((flag) => flags[flag]!.kind === 'boolean')
  return { own, shared: CALL_OPTIONS, bare }
}

async function readCall(
  group: Group,
  method: string,
  spec: CommandSpec,
  values: FlagValues,
  ids: readonly string[],
  flags: { readonly [flag: string]: Flag },
): Promise<Call> {
  const where = `${kebab(group)} ${kebab(method)}`
  checkIds(ids, spec, where)
  const data = values.data as string | undefined
  if (data !== undefined && !spec.body) throw new UsageError('--data', `${where} takes no body`)
  if (data === undefined && spec.body === 'required') {
    throw new UsageError(
      '--data',
      `required: ${where} takes a JSON body (--data '{…}', --data @file.json, or --data - to read stdin)`,
    )
  }
  const params = spec.params ? paramValues(values, flags) : undefined
  if (params) {
    const shapes = await import('./shapes.js')
    checkInput(shapes, shapes.shapesOf(group, method).params, params, 'flags')
  }
  return {
    kind: 'call',
    group,
    method,
    spec,
    ids: [...ids],
    params,
    data,
    output: outputOptions(values, spec, where),
    ...settingValuesOf(values),
  }
}

function readQuery(values: FlagValues, args: readonly string[]): QueryCall {
  const extra = args[0]
  if (extra !== undefined) throw new UsageError(extra, 'unexpected argument: query takes --hogql or --data')
  const hogql = values.hogql as string | undefined
  const data = values.data as string | undefined
  if ((hogql === undefined) === (data === undefined))
    throw new UsageError('--hogql', "required: query --hogql '<SQL>', or a query node with --data")
  if (values.values !== undefined && hogql === undefined) throw new UsageError('--values', 'goes with --hogql')
  const output = outputOptions(values, {}, 'query')
  return {
    kind: 'query',
    hogql,
    values: values.values as string | undefined,
    data,
    refresh: values.refresh as string | undefined,
    output,
    ...settingValuesOf(values),
  }
}

function checkIds(ids: readonly string[], spec: CommandSpec, where: string): void {
  const missing = spec.path[ids.length]
  if (missing !== undefined)
    throw new UsageError(missing, `is required (${where} ${spec.path.map((name) => `<${name}>`).join(' ')})`)
  const extra = ids[spec.path.length]
  if (extra !== undefined) {
    const takes = spec.path.length ? `${spec.path.length} (${spec.path.join(', ')})` : 'none'
    throw new UsageError(extra, `unexpected argument: ${where} takes ${takes}`)
  }
}

/** The flags given, as the values the SDK takes. */
function paramValues(values: FlagValues, flags: { readonly [flag: string]: Flag }): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [flag, { kind }] of Object.entries(flags)) {
    const value = values[flag]
    if (value === undefined) continue
    params[flag] = convert(flag, kind, value as string | string[])
  }
  return params
}

function convert(flag: string, kind: Flag['kind'], value: string | string[]): unknown {
  if (kind === 'list')
    return ([] as string[])
      .concat(value)
      .flatMap((item) => item.split(','))
      .filter((item) => item !== '')
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

function outputOptions(values: FlagValues, spec: Pick<CommandSpec, 'list'>, where: string): OutputOptions {
  const format = values.format as string | undefined
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError('--format', `expected ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`)
  }
  const maxText = values.max as string | undefined
  if (maxText !== undefined && !/^\d+$/.test(maxText)) {
    throw new UsageError('--max', `expected a non-negative integer, got ${JSON.stringify(maxText)}`)
  }
  const all = values.all === true
  if ((all || maxText !== undefined) && !spec.list)
    throw new UsageError(all ? '--all' : '--max', `${where} is not a list`)
  const concurrencyText = values.concurrency as string | undefined
  if (concurrencyText !== undefined) {
    if (!/^\d+$/.test(concurrencyText) || Number(concurrencyText) < 1 || Number(concurrencyText) > 16) {
      throw new UsageError(
        '--concurrency',
        `expected a whole number from 1 to 16, got ${JSON.stringify(concurrencyText)}`,
      )
    }
    if (!all && maxText === undefined)
      throw new UsageError('--concurrency', 'goes with --all or --max (the pages a walk fetches at once)')
  }
  return {
    format: format as Format | undefined,
    all,
    max: maxText === undefined ? undefined : Number(maxText),
    dryRun: values['dry-run'] === true,
    concurrency: concurrencyText === undefined ? undefined : Number(concurrencyText),
  }
}

/**
 * Checks flags or `--data` against a method's shape (shapes.ts): the first problem a `UsageError` naming it. Nothing is
 * sent.
 */
export function checkInput(
  shapes: typeof import('./shapes.js'),
  schema: z.ZodMiniType | undefined,
  value: unknown,
  where: '--data' | 'flags',
): void {
  const problem: InputProblem | undefined = shapes.inputProblem(schema, value, where)
  if (problem) throw new UsageError(problem.argument, problem.message)
}
