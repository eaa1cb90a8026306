import { OPERATIONS, type Operation, type PathParamKind } from '../core/operations.js'
import { COMMANDS, commandHint, kebab, operationOf, type CommandSpec, type Group } from './commands.js'
import type { Command } from './command.js'
import type { Flag } from './shapes.js'

/**
 * `--help` texts, generated from the registry, the command table, the operation table and, for one method,
 * its request shapes (nothing here loads the SDK).
 */

const TOOL = 'posthog-project'

/** The wire path of an operation, e.g. `GET /api/projects/:project_id/experiments/:id/`. */
export function wireLine(operation: Operation): string {
  return `${operation.method} /api/projects/:project_id/${operation.path.replace(/\{(\w+)\}/g, ':$1')}`
}

/** The scope line of an operation. */
export function scopeText(operation: Operation): string {
  return operation.scope ?? 'none (the service refuses personal API keys here)'
}

function usageOf(group: Group, method: string, spec: CommandSpec): string {
  const words = [TOOL, kebab(group), kebab(method), ...spec.path.map((name) => `<${name}>`)]
  if (spec.params) words.push('[--<param> <value>…]')
  if (spec.body) words.push(spec.body === 'required' ? '--data <json|@file|->' : '[--data <json|@file|->]')
  if (spec.list) words.push('[--all] [--max N]')
  return words.join(' ')
}

function rows(table: ReadonlyArray<readonly [string, string]>, indent = '  '): string[] {
  const width = Math.max(...table.map(([left]) => left.length))
  return table.map(([left, right]) => `${indent}${left.padEnd(width)}  ${right}`.trimEnd())
}

const SETTINGS: ReadonlyArray<readonly [string, string]> = [
  ['--api-key <key>', 'personal API key (env POSTHOG_PERSONAL_API_KEY)'],
  ['--project <id>', 'project id or @current (env POSTHOG_PROJECT_ID)'],
  ['--base-url <url>', 'host, default https://us.posthog.com (env POSTHOG_BASE_URL)'],
  ['--endpoints-prefix <p>', 'projects (default) or environments, for the endpoints group'],
  ['--timeout <ms>', 'per attempt, default 60000'],
  ['--max-retries <n>', '0 to 10, default 2'],
  ['--no-validate-responses', 'print answers as the service sent them, unchecked'],
  ['--verbose', 'each request, answer, retry and wait on stderr (the key redacted)'],
]

const OUTPUT: ReadonlyArray<readonly [string, string]> = [
  ['--format table|json|ndjson', 'default: table on a terminal, json otherwise'],
  ['--all', 'walk every page of a list (ndjson: one item per line, streamed)'],
  ['--max <n>', 'stop a walk after n items (implies --all)'],
  ['--concurrency <n>', 'pages a walk fetches at once, 1 to 16 (default 1)'],
  ['--dry-run', 'print the request (method, URL, body; never the key) and send nothing (apply, copy: the plan)'],
  ['--data <json|@file|->', 'the request body: inline JSON, a file, or - for stdin'],
  ['-h, --help', 'this help; also per group and per method'],
  ['--version', 'the version'],
]

const EXIT_CODES: ReadonlyArray<readonly [string, string]> = [
  ['0', 'success'],
  ['1', 'the API answered an error (status, detail and attr on stderr)'],
  ['2', 'usage error: unknown group, method or flag, bad argument; nothing was sent'],
  ['3', 'connection failure or timeout'],
]

/**
 * Help for the whole tool, from the registry: every API command (methods listed by group), every
 * configuration command, the settings, output flags and exit codes.
 */
export function toolHelp(
  calls: readonly Command[],
  configuration: readonly Command[],
  tool: readonly Command[] = [],
): string {
  const lines = [
    `Usage: ${TOOL} <group> <method> [path params…] [--<param> <value>…] [--data <json> | --data @file.json | ` +
      `--data -]`,
    '',
    "Every operation of PostHog's project API. Groups and methods are the SDK's, also in kebab case;",
    'path params are positional, query params are flags named as on the wire (lists comma-separated or repeated).',
    '',
    'Groups and methods:',
  ]
  const methods = new Map<string, string[]>()
  for (const { words } of calls)
    if (words.length === 2) methods.set(words[0]!, [...(methods.get(words[0]!) ?? []), words[1]!])
  for (const [group, names] of methods) lines.push(`  ${group}: ${names.join(', ')}`)
  for (const { words, synopsis } of calls) if (words.length === 1) lines.push(`  ${words[0]}: ${TOOL} ${synopsis}`)
  lines.push(
    '',
    'Configuration as code (see <command> --help; settings as above, and --timeout and --max-retries):',
    `  ${configuration.map(({ synopsis }) => synopsis).join(', ')}`,
  )
  for (const { synopsis, summary } of tool) lines.push('', `${TOOL} ${synopsis}: ${summary}`)
  lines.push(
    '',
    'Settings:',
    ...rows(SETTINGS),
    '',
    'Output and input:',
    ...rows(OUTPUT),
    '',
    'Exit codes:',
    ...rows(EXIT_CODES),
  )
  lines.push('  plan --detailed-exitcode: 0 no changes, 2 changes, 1 any failure (usage errors included)')
  lines.push(
    '',
    `More: ${TOOL} help <group> (methods with wire path and scope), ${TOOL} help <group> <method>, ${TOOL} ` +
      `help <command>`,
  )
  return `${lines.join('\n')}\n`
}

/** Help for one group: each method with its positional params, wire path and scope. */
export function groupHelp(group: Group): string {
  const commands = COMMANDS[group] as Readonly<Record<string, CommandSpec>>
  const lines = [`Usage: ${TOOL} ${kebab(group)} <method> [path params…] [flags]`, '', 'Methods:']
  for (const [method, spec] of Object.entries(commands)) {
    const operation = operationOf(spec)
    lines.push(`  ${[kebab(method), ...spec.path.map((name) => `<${name}>`)].join(' ')}`)
    lines.push(`      ${spec.summary}`)
    lines.push(`      ${wireLine(operation)}  ·  scope ${scopeText(operation)}`)
    if (spec.also)
      lines.push(`      then ${wireLine(OPERATIONS[spec.also])}  ·  scope ${scopeText(OPERATIONS[spec.also])}`)
  }
  lines.push('', `Flags of one method: ${TOOL} ${kebab(group)} <method> --help`)
  return `${lines.join('\n')}\n`
}

/** Help for one method: usage, wire path, scope, path params, flags (with their allowed values), body fields, hint. */
export function methodHelp(group: Group, method: string, shapes: typeof import('./shapes.js')): string {
  const spec = (COMMANDS[group] as Readonly<Record<string, CommandSpec>>)[method]!
  const operation = operationOf(spec)
  const lines = [
    `Usage: ${usageOf(group, method, spec)}`,
    '',
    spec.summary,
    '',
    `  ${wireLine(operation)}`,
    `  scope: ${scopeText(operation)}`,
  ]
  if (spec.also) lines.push(`  then ${wireLine(OPERATIONS[spec.also])}`, `  scope: ${scopeText(OPERATIONS[spec.also])}`)
  if (operation.endpointsPrefix) lines.push('  under /api/environments/ instead with --endpoints-prefix environments')
  if (spec.path.length) {
    lines.push(
      '',
      'Path params (positional):',
      ...rows(spec.path.map((name) => [`<${name}>`, pathParamKind(operation, name)])),
    )
  }
  const flags = Object.entries(shapes.flagsOf(group, method, spec))
  if (flags.length)
    lines.push(
      '',
      operation.method === 'GET' ? 'Query flags:' : 'Flags:',
      ...rows(flags.map(([flag, kind]) => [`--${flag}`, flagText(kind)])),
    )
  if (spec.body) {
    lines.push(
      '',
      `Body: --data (${spec.body}): inline JSON, @file.json, or - for stdin; checked in full depth before sending.`,
    )
    const fields = shapes.bodyFieldsOf(group, method)
    if (fields.length) lines.push('Body fields:', ...rows(fields))
  }
  if (spec.list)
    lines.push('', 'A list: the first page by default; --all walks every page, --max N stops after N items.')
  if (operation.hint) lines.push('', `Note: ${commandHint(operation.hint)}`)
  lines.push('', `Settings and output flags: ${TOOL} --help`)
  return `${lines.join('\n')}\n`
}

function flagText({ kind, values }: Flag): string {
  if (!values) return FLAG_KINDS[kind]
  return kind === 'list' ? `${FLAG_KINDS.list}, each one of ${values.join(', ')}` : `one of ${values.join(', ')}`
}

/** Help for `query`: the flags, the wire path and scope, the output. */
export function queryHelp(): string {
  const operation = OPERATIONS['query.run']
  const flags: ReadonlyArray<readonly [string, string]> = [
    ['--hogql <SQL>', 'a HogQLQuery'],
    ['--values <json>', 'values of its {placeholders}, e.g. \'{"since": "2026-01-01"}\''],
    ['--data <json|@file|->', 'any other query node instead (e.g. {"kind": "TrendsQuery", …})'],
    ['--refresh <mode>', 'blocking (default), async, force_blocking, …: async runs are polled until done'],
  ]
  const lines = [
    `Usage: ${TOOL} query --hogql '<SQL>' [--values <json>] | --data <json|@file|-> [--refresh <mode>]`,
    '',
    'Runs one query through the query API.',
    '',
    `  ${wireLine(operation)}`,
    `  scope: ${scopeText(operation)}`,
    '',
    'Flags:',
    ...rows(flags),
    '',
    'Output: json is the answer as the service gives it; with HogQL, ndjson and table are its rows, by column.',
    '',
    `Settings and output flags: ${TOOL} --help`,
  ]
  return `${lines.join('\n')}\n`
}

const FLAG_KINDS = {
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false (bare flag: true)',
  date: 'a date-time: ISO 8601 (2026-11-01T00:00:00Z), or relative (-7d) where the service takes it',
  string: 'text',
  list: 'a list: comma-separated or the flag repeated',
} as const

/** What each kind of path parameter holds (the kinds of `OPERATIONS`). */
const PATH_KINDS: Record<PathParamKind, string> = {
  integer: 'a non-negative integer id',
  uuid: 'an id (UUID)',
  name: 'an endpoint name (URL-encoded)',
  number: 'a positive version number',
}

function pathParamKind(operation: Operation, name: string): string {
  const kind = operation.params?.[name]
  return kind ? PATH_KINDS[kind] : 'required'
}
