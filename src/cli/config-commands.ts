import { stat } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { ConfigKind, Plan, PlanWarning } from '../config/types.js'
import { EXIT, UsageError } from './errors.js'
import { put } from './output.js'
import { describeFailure, loadSdk, type Io } from './run.js'

/**
 * `posthog-project pull|plan|apply|copy`: configuration as code from the command line, on
 * posthog-project-client/config (loaded, like the SDK, only to run).
 */

export const CONFIG_COMMANDS = ['pull', 'plan', 'apply', 'copy'] as const
export type ConfigCommandName = (typeof CONFIG_COMMANDS)[number]

const KIND_WORDS: Record<string, ConfigKind> = {
  experiments: 'experiments',
  surveys: 'surveys',
  'hog-functions': 'hogFunctions',
  hogFunctions: 'hogFunctions',
  endpoints: 'endpoints',
  'event-definitions': 'eventDefinitions',
  eventDefinitions: 'eventDefinitions',
  'feature-flags': 'featureFlags',
  featureFlags: 'featureFlags',
  cohorts: 'cohorts',
  actions: 'actions',
  holdouts: 'holdouts',
  'saved-metrics': 'savedMetrics',
  savedMetrics: 'savedMetrics',
}
const PLAN_FORMATS = ['text', 'markdown', 'json'] as const

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
  settings: { apiKey?: string; projectId?: string; baseUrl?: string; endpointsPrefix?: string }
}

const OPTIONS = {
  'api-key': { type: 'string' },
  project: { type: 'string' },
  'base-url': { type: 'string' },
  'endpoints-prefix': { type: 'string' },
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
  plan: ['prune', 'format', 'detailed-exitcode', 'out', 'allow-env', 'rotate-secrets'],
  apply: ['prune', 'yes', 'allow-env', 'rotate-secrets'],
  copy: ['to-project', 'kind', 'key', 'dry-run', 'yes', 'allow-env'],
}
const SETTINGS = ['api-key', 'project', 'base-url', 'endpoints-prefix', 'help']

export function configHelp(command: ConfigCommandName): string {
  const usage: Record<ConfigCommandName, string> = {
    pull: 'pull [DIR] [--kind K[,K…]]\n  Writes the project\'s specs to DIR (default posthog), one YAML file each. Reads only.',
    plan: 'plan [DIR] [--prune] [--format text|markdown|json] [--detailed-exitcode] [--out FILE] [--allow-env NAME …] [--rotate-secrets]\n  What apply would change. Exit 0; with --detailed-exitcode 2 when there are changes; 1 for a bad file, plan errors or API errors.\n  --out FILE also saves the plan (secrets as $env references) for apply FILE.',
    apply: 'apply [DIR | FILE] [--prune] [--yes] [--allow-env NAME …] [--rotate-secrets]\n  Prints the plan and makes it; without a terminal --yes is required (exit 2 without it, nothing sent).\n  FILE (a plan saved by plan --out) is applied as reviewed: when anything it changes changed since, nothing is written (exit 1).',
    copy: 'copy --to-project ID [--kind K[,K…]] [--key KEY …] [--dry-run] [--yes] [--allow-env NAME …]\n  Pulls from --project and applies to ID; lifecycle fields are not carried, ids of the source project are reported and not sent.',
  }
  return `Usage: posthog-project ${usage[command]}\n\nKinds: experiments, surveys, hog-functions, endpoints, event-definitions, feature-flags, cohorts, actions, holdouts, saved-metrics\nSettings: --api-key (POSTHOG_PERSONAL_API_KEY), --project (POSTHOG_PROJECT_ID), --base-url, --endpoints-prefix\nSecrets: a secret hog function input is written as { $env: POSTHOG_SECRET_<FUNCTION>_<INPUT> }; set that variable to create it.\n  $env reads only POSTHOG_SECRET_* variables, and only in inputs declared secret; --allow-env NAME (or PREFIX_*) allows another.\n  --rotate-secrets re-sends every secret from its variable.\n`
}

/** Reads `argv` (its first word one of CONFIG_COMMANDS); every mistake is a UsageError. */
export function parseConfigCommand(argv: readonly string[]): ConfigCommand | { kind: 'help'; command: ConfigCommandName } {
  const command = argv[0] as ConfigCommandName
  let parsed
  try {
    parsed = parseArgs({ args: argv.slice(1), options: OPTIONS, strict: true, allowPositionals: true })
  } catch (error) {
    throw new UsageError('arguments', `${(error as Error).message.replace(/\s*\n\s*/g, ' ')} (see ${command} --help)`)
  }
  const values = parsed.values
  if (values.help) return { kind: 'help', command }
  for (const flag of Object.keys(values)) {
    if (!SETTINGS.includes(flag) && !COMMAND_FLAGS[command].includes(flag)) throw new UsageError(`--${flag}`, `not a flag of ${command} (its flags: ${COMMAND_FLAGS[command].map((name) => `--${name}`).join(', ')})`)
  }
  const positionals = parsed.positionals
  if (positionals.length > (command === 'copy' ? 0 : 1)) throw new UsageError(positionals.at(-1)!, `unexpected argument: ${command} takes ${command === 'copy' ? 'no folder' : 'one folder'}`)
  const format = values.format ?? 'text'
  if (!(PLAN_FORMATS as readonly string[]).includes(format)) throw new UsageError('--format', `expected ${PLAN_FORMATS.join(', ')}, got ${JSON.stringify(format)}`)
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
    settings: {
      ...(values['api-key'] !== undefined && { apiKey: values['api-key'] }),
      ...(values.project !== undefined && { projectId: values.project }),
      ...(values['base-url'] !== undefined && { baseUrl: values['base-url'] }),
      ...(values['endpoints-prefix'] !== undefined && { endpointsPrefix: values['endpoints-prefix'] }),
    },
  }
}

/** `NAME` allows that variable; `PREFIX_*` every variable whose name starts with `PREFIX_`. */
function allowedName(word: string): string | RegExp {
  if (!/^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(word)) throw new UsageError('--allow-env', `expected a variable name (letters, digits, _) or a prefix ending in *, got ${JSON.stringify(word)}`)
  return word.endsWith('*') ? new RegExp(`^${word.slice(0, -1)}`) : word
}

function kindOf(word: string): ConfigKind {
  const kind = KIND_WORDS[word]
  if (!kind) throw new UsageError('--kind', `unknown kind ${JSON.stringify(word)} (kinds: experiments, surveys, hog-functions, endpoints, event-definitions, feature-flags, cohorts, actions, holdouts, saved-metrics)`)
  return kind
}

/** Runs the command; returns the exit code. */
export async function runConfigCommand(command: ConfigCommand, io: Io): Promise<number> {
  const config = await import('posthog-project-client/config')
  try {
    return await execute(command, io, config)
  } catch (error) {
    if (error instanceof config.ConfigError) {
      const what = command.command === 'pull' ? `writing ${command.dir}` : `in ${command.dir}; nothing was sent`
      const count = `${error.problems.length}${error.incomplete ? ' (the first)' : ''} problem${error.problems.length === 1 ? '' : 's'}`
      await put(io.stderr, `posthog-project: ${count} ${what}\n${error.problems.map((problem) => `  ${problem.file}${problem.line ? `:${problem.line}` : ''} ${problem.path || '(file)'}: ${problem.message}`).join('\n')}\n`)
      return EXIT.api
    }
    const { code, line } = describeFailure(error)
    await put(io.stderr, `posthog-project: ${line}\n`)
    return code
  }
}

type ConfigModule = typeof import('posthog-project-client/config')

async function execute(command: ConfigCommand, io: Io, config: ConfigModule): Promise<number> {
  const client = await makeClient(command, io)
  const options = { signal: io.signal }
  if (command.command === 'pull') {
    const warnings: PlanWarning[] = []
    const pulled = await config.pull(client, { ...(command.kinds && { kinds: command.kinds }), onWarning: (warning) => warnings.push(warning) })
    for (const warning of warnings) await put(io.stderr, `warning: ${warning.kind} ${JSON.stringify(warning.key)}: ${warning.message}\n`)
    await config.writeConfig(command.dir, pulled)
    const count = Object.values(pulled).reduce((sum, specs) => sum + (specs?.length ?? 0), 0)
    await put(io.stdout, `Pulled ${count} spec${count === 1 ? '' : 's'} into ${command.dir}\n`)
    return EXIT.ok
  }
  if (command.command === 'copy') {
    const target = client.withOptions({ projectId: Number(command.toProject) })
    const planned = await config.planCopy(client, target, { env: io.env, ...(command.kinds && { kinds: command.kinds }), ...(command.keys && { keys: command.keys }), ...(command.allowEnv && { allowEnv: command.allowEnv }) })
    return confirmAndApply(planned, command, io, config, target, options)
  }
  if (command.command === 'apply' && (await isFile(command.dir))) {
    if (command.rotateSecrets) throw new UsageError('--rotate-secrets', 'a saved plan rotates secrets as it was planned: plan --rotate-secrets --out FILE')
    const planned = await config.readPlan(command.dir, { env: io.env, ...(command.allowEnv && { allowEnv: command.allowEnv }) })
    return confirmAndApply(planned, command, io, config, client, options)
  }
  const desired = await config.readConfig(command.dir)
  // A mistyped or empty folder is never "no drift".
  if (Object.keys(desired).length === 0) {
    await put(io.stderr, `posthog-project: no configuration in ${command.dir}: no spec file in its ${Object.keys(KIND_WORDS).filter((word) => word.toLowerCase() === word).join('/, ')}/ folders; nothing was sent\n`)
    return EXIT.api
  }
  const planned = await config.plan(client, desired, { prune: command.prune, env: io.env, ...secretOptions(command) })
  if (command.command === 'plan') {
    await put(io.stdout, config.formatPlan(planned, command.format))
    if (planned.errors.length > 0) return EXIT.api
    if (command.out !== undefined) await config.writePlan(command.out, planned)
    return command.detailedExitcode && hasChanges(planned) ? 2 : EXIT.ok
  }
  return confirmAndApply(planned, command, io, config, client, options)
}

async function confirmAndApply(planned: Plan, command: ConfigCommand, io: Io, config: ConfigModule, client: Client, options: { signal: AbortSignal }): Promise<number> {
  await put(io.stdout, config.formatPlan(planned, 'text'))
  if (planned.errors.length > 0) return EXIT.api
  if (!hasChanges(planned) || command.dryRun) {
    if (command.dryRun) await put(io.stdout, '(dry run: nothing was sent)\n')
    return EXIT.ok
  }
  if (!command.yes) {
    if (!io.stdout.isTTY) {
      await put(io.stderr, `posthog-project: ${command.command} needs --yes without a terminal; nothing was sent\n`)
      return EXIT.usage
    }
    await put(io.stdout, 'Apply these changes? Type yes: ')
    if ((await firstLine(io.stdin)).trim() !== 'yes') {
      await put(io.stdout, 'Nothing was sent.\n')
      return EXIT.usage
    }
  }
  const report = await config.apply(client, planned, options)
  for (const result of report.results) if (result.status === 'failed') await put(io.stderr, `failed: ${result.change.kind} ${JSON.stringify(result.change.key)}: ${describeFailure(result.error).line}\n`)
  await put(io.stdout, `Applied ${report.applied}, failed ${report.failed}, skipped ${report.skipped}.\n`)
  if (report.aborted) {
    await put(io.stderr, 'interrupted: the skipped changes were not sent; plan again to see where the project stands\n')
    return EXIT.interrupted
  }
  return report.failed > 0 ? EXIT.api : EXIT.ok
}

function secretOptions(command: ConfigCommand): { allowEnv?: Array<string | RegExp>; rotateSecrets: boolean } {
  return { ...(command.allowEnv && { allowEnv: command.allowEnv }), rotateSecrets: command.rotateSecrets }
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

type Client = InstanceType<Awaited<ReturnType<typeof loadSdk>>['ProjectClient']>

async function makeClient(command: ConfigCommand, io: Io): Promise<Client> {
  const apiKey = command.settings.apiKey ?? (io.env.POSTHOG_PERSONAL_API_KEY || undefined)
  if (apiKey === undefined) throw new UsageError('--api-key', 'missing: pass --api-key or set POSTHOG_PERSONAL_API_KEY')
  const projectId = command.settings.projectId ?? (io.env.POSTHOG_PROJECT_ID || undefined)
  if (projectId === undefined) throw new UsageError('--project', 'missing: pass --project or set POSTHOG_PROJECT_ID')
  const { ProjectClient } = await loadSdk()
  const { apiKey: _key, ...settings } = command.settings
  return new ProjectClient({ ...(settings as Record<string, string>), apiKey, projectId: projectId as unknown as number })
}
