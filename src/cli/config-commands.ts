import { stat } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { ApplyReport, ConfigKind, Plan, PlanWarning } from '../config/types.js'
import { closest } from '../core/known-fields.js'
import { SETTING_OPTIONS, choices, reportingOf, settingsOf, type Reporting, type Settings } from './args.js'
import { makeClient, requiredSetting, type Client } from './client.js'
import { EXIT, UsageError } from './errors.js'
import { put } from './output.js'
import { describeFailure, loadSdk, type Io } from './run.js'
import { KIND_FOLDERS, UnmatchedKeyError, folderOf, kindOf, narrowPlan, selectSpecs } from './selection.js'

/**
 * `posthog-project pull|plan|apply|copy`: configuration as code from the command line, on
 * posthog-project-client/config (loaded, like the SDK, only to run).
 */

export const CONFIG_COMMANDS = ['pull', 'plan', 'apply', 'copy'] as const
export type ConfigCommandName = (typeof CONFIG_COMMANDS)[number]

const PLAN_FORMATS = ['text', 'markdown', 'json'] as const
/** The formats each command prints in: a plan in all three, an apply's report as text or JSON. */
const FORMATS_OF: Record<ConfigCommandName, readonly (typeof PLAN_FORMATS)[number][]> = { pull: ['text'], plan: PLAN_FORMATS, apply: ['text', 'json'], copy: ['text', 'json'] }

export interface ConfigCommand {
  kind: 'config'
  command: ConfigCommandName
  dir: string
  kinds?: ConfigKind[]
  keys?: string[]
  prune: boolean
  format: (typeof PLAN_FORMATS)[number]
  detailedExitcode: boolean
  yes: boolean
  dryRun: boolean
  /** Variables `$env` may read besides `POSTHOG_SECRET_*` (`--allow-env`; `NAME_*` allows a prefix). */
  allowEnv?: Array<string | RegExp>
  rotateSecrets: boolean
  toProject?: string
  /** `plan --out FILE`: where the saved plan is written. */
  out?: string
  settings: Settings
  reporting: Reporting
}

const OPTIONS = {
  ...SETTING_OPTIONS,
  kind: { type: 'string', multiple: true },
  key: { type: 'string', multiple: true },
  prune: { type: 'boolean' },
  format: { type: 'string' },
  'detailed-exitcode': { type: 'boolean' },
  yes: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'to-project': { type: 'string' },
  out: { type: 'string' },
  'allow-env': { type: 'string', multiple: true },
  'rotate-secrets': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const

/** The flags each command takes besides the settings. */
const COMMAND_FLAGS: Record<ConfigCommandName, readonly string[]> = {
  pull: ['kind'],
  plan: ['kind', 'key', 'prune', 'format', 'detailed-exitcode', 'out', 'allow-env', 'rotate-secrets'],
  apply: ['kind', 'key', 'prune', 'format', 'dry-run', 'yes', 'allow-env', 'rotate-secrets'],
  copy: ['to-project', 'kind', 'key', 'format', 'dry-run', 'yes', 'allow-env'],
}
const SETTINGS = [...Object.keys(SETTING_OPTIONS), 'help']

export function configHelp(command: ConfigCommandName): string {
  const select = '[--kind K[,K…]] [--key KEY …]'
  const usage: Record<ConfigCommandName, string> = {
    pull: 'pull [DIR] [--kind K[,K…]]\n  Writes the project\'s specs to DIR (default posthog), one YAML file each. Reads only.',
    plan: `plan [DIR] ${select} [--prune] [--format text|markdown|json] [--detailed-exitcode] [--out FILE] [--allow-env NAME …] [--rotate-secrets]\n  What apply would change. Exit 0; with --detailed-exitcode 2 when there are changes (and only then).\n  1 for any failure: a bad file (every problem with file and line, nothing sent), plan errors, a --key that matches nothing, API errors.\n  --out FILE also saves the plan (secrets as $env references) for apply FILE.`,
    apply: `apply [DIR | FILE] ${select} [--prune] [--format text|json] [--dry-run] [--yes] [--allow-env NAME …] [--rotate-secrets]\n  Prints the plan and makes it; without a terminal --yes is required (exit 2 without it, nothing sent).\n  --dry-run prints the plan and sends nothing; --format json prints only the report, as JSON.\n  FILE (a plan saved by plan --out) is applied as reviewed, whole: when anything it changes changed since, nothing is written (exit 1).`,
    copy: `copy --to-project ID ${select} [--format text|json] [--dry-run] [--yes] [--allow-env NAME …]\n  Pulls from --project and applies to ID; lifecycle fields are not carried, ids of the source project are reported and not sent.`,
  }
  return [
    `Usage: posthog-project ${usage[command]}`,
    '',
    `Kinds: ${KIND_FOLDERS.join(', ')}`,
    'Keys: an experiment\'s feature_flag_key, the name of the others; --key is repeatable, and one that matches nothing is an error (exit 1).',
    'Settings: --api-key (POSTHOG_PERSONAL_API_KEY), --project (POSTHOG_PROJECT_ID), --base-url (POSTHOG_BASE_URL), --endpoints-prefix,',
    '  --timeout <ms>, --max-retries <n>, --no-validate-responses, --verbose (each request, retry and wait on stderr)',
    'Secrets: a secret hog function input is written as { $env: POSTHOG_SECRET_<FUNCTION>_<INPUT> }; set that variable to create it.',
    '  $env reads only POSTHOG_SECRET_* variables, and only in inputs declared secret; --allow-env NAME (or PREFIX_*) allows another.',
    '  --rotate-secrets re-sends every secret from its variable.',
    'Problems in the files and plan errors go to stderr (with --format markdown, into the markdown too).',
    '',
  ].join('\n')
}

/** Reads `argv` (its first word one of CONFIG_COMMANDS); every mistake is a UsageError. */
export function parseConfigCommand(argv: readonly string[]): ConfigCommand | { kind: 'help'; command: ConfigCommandName } {
  const command = argv[0] as ConfigCommandName
  let parsed
  try {
    parsed = parseArgs({ args: argv.slice(1), options: OPTIONS, strict: true, allowPositionals: true })
  } catch (error) {
    throw parseError(command, error)
  }
  const values = parsed.values
  if (values.help) return { kind: 'help', command }
  for (const flag of Object.keys(values)) {
    if (!SETTINGS.includes(flag) && !COMMAND_FLAGS[command].includes(flag)) throw new UsageError(`--${flag}`, `not a flag of ${command}${choices('its flags', `--${flag}`, COMMAND_FLAGS[command].map((name) => `--${name}`))})`)
  }
  const positionals = parsed.positionals
  if (positionals.length > (command === 'copy' ? 0 : 1)) throw new UsageError(positionals.at(-1)!, `unexpected argument: ${command} takes ${command === 'copy' ? 'no folder' : 'one folder'}`)
  const format = values.format ?? 'text'
  if (!(FORMATS_OF[command] as readonly string[]).includes(format)) throw new UsageError('--format', `expected ${FORMATS_OF[command].join(', ')}, got ${JSON.stringify(format)}`)
  if (command === 'copy' && values['to-project'] === undefined) throw new UsageError('--to-project', 'required: the id of the project to copy to')
  if (values['to-project'] !== undefined && !/^\d+$/.test(values['to-project'])) throw new UsageError('--to-project', `expected a project id, got ${JSON.stringify(values['to-project'])}`)
  const kinds = values.kind?.flatMap((item) => item.split(',')).filter(Boolean).map(kindOf)
  return {
    kind: 'config',
    command,
    dir: positionals[0] ?? 'posthog',
    ...(kinds && { kinds }),
    ...(values.key && { keys: values.key }),
    prune: values.prune === true,
    format: format as ConfigCommand['format'],
    detailedExitcode: values['detailed-exitcode'] === true,
    yes: values.yes === true,
    dryRun: values['dry-run'] === true,
    ...(values['allow-env'] && { allowEnv: values['allow-env'].map(allowedName) }),
    rotateSecrets: values['rotate-secrets'] === true,
    ...(values['to-project'] !== undefined && { toProject: values['to-project'] }),
    ...(values.out !== undefined && { out: values.out }),
    settings: settingsOf(values),
    reporting: reportingOf(values),
  }
}

/** `NAME` allows that variable; `PREFIX_*` every variable whose name starts with `PREFIX_`. */
function allowedName(word: string): string | RegExp {
  if (!/^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(word)) throw new UsageError('--allow-env', `expected a variable name (letters, digits, _) or a prefix ending in *, got ${JSON.stringify(word)}`)
  return word.endsWith('*') ? new RegExp(`^${word.slice(0, -1)}`) : word
}

/** parseArgs' refusal, naming the flag (and the nearest one the command takes). */
function parseError(command: ConfigCommandName, error: unknown): UsageError {
  const message = (error as Error).message.replace(/\s*\n\s*/g, ' ')
  const flag = /'(-[^' ]+)/.exec(message)?.[1]
  if ((error as { code?: unknown }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && flag !== undefined) {
    const own = COMMAND_FLAGS[command].map((name) => `--${name}`)
    const nearest = closest(flag, [...own, ...SETTINGS.map((name) => `--${name}`)])
    return new UsageError(flag, `unknown flag of ${command}${nearest === undefined ? '' : `; did you mean ${nearest}?`} (its flags: ${own.join(', ')}; see ${command} --help)`)
  }
  return new UsageError(flag ?? 'arguments', `${message} (see ${command} --help)`)
}

/** Runs the command; returns the exit code. */
export async function runConfigCommand(command: ConfigCommand, io: Io): Promise<number> {
  const config = await import('posthog-project-client/config')
  try {
    return await execute(command, io, config)
  } catch (error) {
    if (error instanceof config.ConfigError) {
      const what = command.command === 'pull' ? `writing ${command.dir}` : `in ${command.dir}; nothing was sent`
      const heading = `${error.problems.length}${error.incomplete ? ' (the first)' : ''} problem${error.problems.length === 1 ? '' : 's'} ${what}`
      const problems = error.problems.map((problem) => `${problem.file}${problem.line ? `:${problem.line}` : ''} ${problem.path || '(file)'}: ${problem.message}`)
      await put(io.stderr, `posthog-project: ${heading}\n${problems.map((line) => `  ${line}\n`).join('')}`)
      if (command.format === 'markdown') await put(io.stdout, `### PostHog plan: ${heading}\n\n${problems.map((line) => `- ${markdownText(line)}\n`).join('')}`)
      return EXIT.api
    }
    if (error instanceof UnmatchedKeyError) {
      await put(io.stderr, `posthog-project: ${error.message}\n`)
      return EXIT.api
    }
    const { code, line } = describeFailure(error)
    await put(io.stderr, `posthog-project: ${line}\n`)
    // With --detailed-exitcode, 2 means "the plan has changes" and nothing else: every failure is 1.
    return command.detailedExitcode && code !== EXIT.interrupted ? EXIT.api : code
  }
}

/** `plan --detailed-exitcode`: the plan has changes. */
const CHANGES = 2

/** A line of text inside markdown: no HTML, no mention, no link, no line break. */
function markdownText(text: string): string {
  return text
    .replace(/[\\`*_{}[\]()#+!|~<>&@]/g, (character) => `&#${character.charCodeAt(0)};`)
    .replace(/\s*\n\s*/g, ' ')
}

type ConfigModule = typeof import('posthog-project-client/config')

async function execute(command: ConfigCommand, io: Io, config: ConfigModule): Promise<number> {
  const client = await clientOf(command, io)
  const options = { signal: io.signal }
  if (command.command === 'pull') {
    const warnings: PlanWarning[] = []
    const pulled = await config.pull(client, { ...(command.kinds && { kinds: command.kinds }), onWarning: (warning) => warnings.push(warning) })
    for (const warning of warnings) await put(io.stderr, `posthog-project: warning: ${folderOf(warning.kind)} ${JSON.stringify(warning.key)}: ${warning.message}\n`)
    await config.writeConfig(command.dir, pulled)
    const count = Object.values(pulled).reduce((sum, specs) => sum + (specs?.length ?? 0), 0)
    await put(io.stdout, `Pulled ${count} spec${count === 1 ? '' : 's'} into ${command.dir}\n`)
    return EXIT.ok
  }
  if (command.command === 'copy') {
    const target = client.withOptions({ projectId: Number(command.toProject) })
    const planned = await config.planCopy(client, target, { env: io.env, ...(command.kinds && { kinds: command.kinds }), ...(command.keys && { keys: command.keys }), ...(command.allowEnv && { allowEnv: command.allowEnv }) }).catch((error: unknown) => {
      throw unmatchedKeys(error)
    })
    narrowPlan(planned, command.keys)
    return confirmAndApply(planned, command, io, config, target, options)
  }
  if (command.command === 'apply' && (await isFile(command.dir))) {
    const narrowing = command.kinds ? '--kind' : command.keys ? '--key' : command.prune ? '--prune' : undefined
    if (narrowing) throw new UsageError(narrowing, `${command.dir} is a saved plan: it is applied whole, as reviewed`)
    if (command.rotateSecrets) throw new UsageError('--rotate-secrets', 'a saved plan rotates secrets as it was planned: plan --rotate-secrets --out FILE')
    const planned = await config.readPlan(command.dir, { env: io.env, ...(command.allowEnv && { allowEnv: command.allowEnv }) })
    return confirmAndApply(planned, command, io, config, client, options)
  }
  const files = await config.readConfig(command.dir)
  // A mistyped or empty folder is never "no drift".
  if (Object.keys(files).length === 0) {
    await put(io.stderr, `posthog-project: no configuration in ${command.dir}: no spec file in its ${KIND_FOLDERS.join('/, ')}/ folders; nothing was sent\n`)
    return EXIT.api
  }
  const desired = selectSpecs(files, command)
  const planned = await config.plan(client, desired, { prune: command.prune, env: io.env, ...secretOptions(command) })
  narrowPlan(planned, command.keys)
  if (command.command === 'plan') {
    await put(io.stdout, config.formatPlan(planned, command.format))
    if (planned.errors.length > 0) return reportErrors(planned, io)
    if (command.out !== undefined) await config.writePlan(command.out, planned)
    return command.detailedExitcode && hasChanges(planned) ? CHANGES : EXIT.ok
  }
  return confirmAndApply(planned, command, io, config, client, options)
}

/** A plan's errors on stderr, one line each, kinds named as their folders; exit 1. */
async function reportErrors(planned: Plan, io: Io): Promise<number> {
  const lines = planned.errors.map((error) => `posthog-project: error: ${folderOf(error.kind)}${error.key === undefined ? '' : ` ${JSON.stringify(error.key)}`}: ${error.message}\n`)
  await put(io.stderr, `${lines.join('')}posthog-project: the plan has ${planned.errors.length} error${planned.errors.length === 1 ? '' : 's'}; nothing was sent\n`)
  return EXIT.api
}

async function confirmAndApply(planned: Plan, command: ConfigCommand, io: Io, config: ConfigModule, client: Client, options: { signal: AbortSignal }): Promise<number> {
  // With --format json, stdout holds only the report: the plan and the prompt go to stderr.
  const json = command.format === 'json'
  const show = json ? io.stderr : io.stdout
  if (!(json && command.dryRun)) await put(show, config.formatPlan(planned, 'text'))
  if (planned.errors.length > 0) return reportErrors(planned, io)
  if (!hasChanges(planned) || command.dryRun) {
    if (command.dryRun) {
      if (json) await put(io.stdout, config.formatPlan(planned, 'json'))
      await put(show, '(dry run: nothing was sent)\n')
    } else if (json) {
      await put(io.stdout, reportJson({ results: [], applied: 0, failed: 0, skipped: 0, aborted: false }))
    }
    return EXIT.ok
  }
  if (!command.yes) {
    if (!io.stdout.isTTY) {
      await put(io.stderr, `posthog-project: ${command.command} needs --yes without a terminal; nothing was sent\n`)
      return EXIT.usage
    }
    await put(show, 'Apply these changes? Type yes: ')
    if ((await firstLine(io.stdin)).trim() !== 'yes') {
      await put(show, 'Nothing was sent.\n')
      return EXIT.usage
    }
  }
  const report = await config.apply(client, planned, options)
  for (const result of report.results) if (result.status === 'failed') await put(io.stderr, `failed: ${folderOf(result.change.kind)} ${JSON.stringify(result.change.key)}: ${describeFailure(result.error).line}\n`)
  await put(io.stdout, json ? reportJson(report) : `Applied ${report.applied}, failed ${report.failed}, skipped ${report.skipped}.\n`)
  if (report.aborted) {
    await put(io.stderr, 'interrupted: the skipped changes were not sent; plan again to see where the project stands\n')
    return EXIT.interrupted
  }
  return report.failed > 0 ? EXIT.api : EXIT.ok
}

function secretOptions(command: ConfigCommand): { allowEnv?: Array<string | RegExp>; rotateSecrets: boolean } {
  return { ...(command.allowEnv && { allowEnv: command.allowEnv }), rotateSecrets: command.rotateSecrets }
}

/** An apply's report as JSON: each result's change as the plan's JSON has it, and its error's name and message. */
function reportJson(report: ApplyReport): string {
  const results = report.results.map(({ change, status, error }) => ({ change, status, ...(error && { error: { name: error.name, message: error.message } }) }))
  return `${JSON.stringify({ applied: report.applied, failed: report.failed, skipped: report.skipped, aborted: report.aborted, results }, null, 2)}\n`
}

/** planCopy's refusal of keys that name nothing in the source, as the command line's (exit 1). */
function unmatchedKeys(error: unknown): unknown {
  const { argument, message } = error as { argument?: unknown; message?: string }
  if (argument !== 'options.keys' || !message?.includes('matched nothing')) return error
  return new UnmatchedKeyError(`--key ${message.replace(/^Invalid argument `options\.keys`: /, '')}; nothing was sent`)
}

/** `apply FILE`: a saved plan is a file; a folder (or nothing there) is configuration to plan. */
async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true
}

function hasChanges(plan: Plan): boolean {
  return plan.changes.some((change) => change.action !== 'unchanged')
}

async function firstLine(stdin: AsyncIterable<string | Uint8Array>): Promise<string> {
  let text = ''
  for await (const chunk of stdin) {
    text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    if (text.includes('\n')) break
  }
  return text.split('\n')[0]!
}

async function clientOf(command: ConfigCommand, io: Io): Promise<Client> {
  const apiKey = requiredSetting(command.settings, 'apiKey', io.env)
  requiredSetting(command.settings, 'projectId', io.env)
  return makeClient(await loadSdk(), command.settings, command.reporting, io, { apiKey })
}
