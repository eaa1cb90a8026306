import type { ConfigKind } from '../config/types.js'
import { EXIT, UsageError } from './errors.js'
import type { Command } from './command.js'
import { KIND_FOLDERS, kindOf } from './selection.js'
import { TEST_COMMAND } from './test-command.js'
import { SETTING_OPTIONS, settingValuesOf, type FlagValues, type Options, type SettingValues } from './settings.js'

/**
 * The configuration commands of the registry: `pull`, `plan`, `apply`, `copy` on posthog-project-client/config
 * (config-run.ts runs them, loading the library only then). They share one set of flags, each command taking
 * its own part of it.
 */

export type ConfigCommandName = 'pull' | 'plan' | 'apply' | 'copy'

const PLAN_FORMATS = ['text', 'markdown', 'json'] as const

/** What a configuration command's flags and folder ask for. */
export interface ConfigCommand extends SettingValues {
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
  /** `pull --with-tests`: a starter test beside each hog function that has none. */
  withTests: boolean
  toProject?: string
  /** `copy --to-host URL`: the target's service, when not the source's. */
  toHost?: string
  /** `copy --to-api-key-env NAME`: the variable that holds the target's key (a key is never an argument). */
  toApiKeyEnv?: string
  /** `plan --out FILE`, `copy --out FILE`: where the saved plan is written (a copy then sends nothing). */
  out?: string
}

/** The flags of the configuration commands besides the settings. */
const CONFIG_OPTIONS = {
  kind: { type: 'string', multiple: true },
  key: { type: 'string', multiple: true },
  prune: { type: 'boolean' },
  format: { type: 'string' },
  'detailed-exitcode': { type: 'boolean' },
  yes: { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'to-project': { type: 'string' },
  'to-host': { type: 'string' },
  'to-api-key-env': { type: 'string' },
  out: { type: 'string' },
  'allow-env': { type: 'string', multiple: true },
  'rotate-secrets': { type: 'boolean' },
  'with-tests': { type: 'boolean' },
} as const satisfies Options

type ConfigFlag = keyof typeof CONFIG_OPTIONS

/** Each command: its flags, the formats it prints in, its usage and what it does. */
interface Row {
  readonly name: ConfigCommandName
  readonly flags: readonly ConfigFlag[]
  readonly formats: readonly (typeof PLAN_FORMATS)[number][]
  /** How the tool's help lists it. */
  readonly synopsis: string
  /** Its whole usage, after `posthog-project`. */
  readonly usage: string
  /** Its help's lines under the usage: the first says what it does. */
  readonly about: readonly string[]
}

const SELECT = '[--kind K[,K…]] [--key KEY …]'

const ROWS: readonly Row[] = [
  {
    name: 'pull',
    flags: ['kind', 'with-tests'],
    formats: ['text'],
    synopsis: 'pull [DIR]',
    usage: 'pull [DIR] [--kind K[,K…]] [--with-tests]',
    about: [
      "Writes the project's specs to DIR (default posthog), one YAML file each. Reads only.",
      '--with-tests also writes a starter hog-functions/<name>.test.yaml for each hog function that has none ' +
        '(see test).',
    ],
  },
  {
    name: 'plan',
    flags: ['kind', 'key', 'prune', 'format', 'detailed-exitcode', 'out', 'allow-env', 'rotate-secrets'],
    formats: PLAN_FORMATS,
    synopsis: 'plan [DIR] [--detailed-exitcode]',
    usage:
      `plan [DIR] ${SELECT} [--prune] [--format text|markdown|json] [--detailed-exitcode] [--out FILE] ` +
      `[--allow-env NAME …] [--rotate-secrets]`,
    about: [
      'What apply would change. Exit 0; with --detailed-exitcode 2 when there are changes (and only then).',
      '1 for any failure: a bad file (every problem with file and line, nothing sent), plan errors, a --key ' +
        'that matches nothing, API errors.',
      '--out FILE also saves the plan (secrets as $env references) for apply FILE.',
    ],
  },
  {
    name: 'apply',
    flags: ['kind', 'key', 'prune', 'format', 'dry-run', 'yes', 'allow-env', 'rotate-secrets'],
    formats: ['text', 'json'],
    synopsis: 'apply [DIR] [--dry-run]',
    usage:
      `apply [DIR | FILE] ${SELECT} [--prune] [--format text|json] [--dry-run] [--yes] [--allow-env NAME …] ` +
      `[--rotate-secrets]`,
    about: [
      'Prints the plan and makes it; without a terminal --yes is required (exit 2 without it, nothing sent).',
      '--dry-run prints the plan and sends nothing; --format json prints only the report, as JSON.',
      'FILE (a plan saved by plan --out) is applied as reviewed, whole: when anything it changes changed ' +
        'since, nothing is written (exit 1).',
    ],
  },
  {
    name: 'copy',
    flags: ['to-project', 'to-host', 'to-api-key-env', 'kind', 'key', 'format', 'dry-run', 'yes', 'out', 'allow-env'],
    formats: ['text', 'json'],
    synopsis: 'copy --to-project ID [--dry-run]',
    usage:
      `copy --to-project ID [--to-host URL --to-api-key-env NAME] ${SELECT} [--format text|json] [--dry-run] [--yes] ` +
      '[--out FILE] [--allow-env NAME …]',
    about: [
      'Pulls from --project and applies to ID; lifecycle fields are not carried, ids of the source project are ' +
        'reported and not sent.',
      '--kind and --key select what is promoted; what it stands on comes along (actions, cohorts, holdouts, ' +
        'saved metrics, flags, insights).',
      '--to-host URL and --to-api-key-env NAME: the target on another service or with another key (read from NAME).',
      "--out FILE saves the plan and sends nothing: apply FILE, with the target's settings, applies it there only.",
    ],
  },
]

/** The flags every configuration command takes. */
const SHARED_OPTIONS = { ...SETTING_OPTIONS, help: { type: 'boolean', short: 'h' } } as const satisfies Options

const COMMANDS_OF_ROWS: readonly Command<ConfigCommand>[] = ROWS.map((row) => ({
  words: [row.name],
  summary: row.about[0]!,
  synopsis: row.synopsis,
  flags: () => ({
    own: Object.fromEntries(row.flags.map((flag) => [flag, CONFIG_OPTIONS[flag]])),
    shared: SHARED_OPTIONS,
    siblings: CONFIG_OPTIONS,
  }),
  help: () => configHelp(row),
  read: (values, args) => readConfigCommand(row, values, args),
  run: async (command, io) => (await import('./config-run.js')).runConfigCommand(command, io),
  // With --detailed-exitcode, 2 means "the plan has changes" and nothing else: a mistyped flag is a failure.
  usageExit: (argv) => (argv.includes('--detailed-exitcode') ? EXIT.api : EXIT.usage),
}))

/** The configuration commands, and `test` (test-command.ts): the hog function tests of a configuration folder. */
export const CONFIG_COMMANDS: readonly Command[] = [
  ...(COMMANDS_OF_ROWS as readonly Command[]),
  TEST_COMMAND as Command,
]

function configHelp(row: Row): string {
  return [
    `Usage: posthog-project ${row.usage}`,
    ...row.about.map((line) => `  ${line}`),
    '',
    `Kinds: ${KIND_FOLDERS.join(', ')}`,
    "Keys: an experiment's feature_flag_key, the name of the others; --key is repeatable, and one that matches " +
      'nothing is an error (exit 1).',
    'Settings: --api-key (POSTHOG_PERSONAL_API_KEY), --project (POSTHOG_PROJECT_ID), --base-url ' +
      '(POSTHOG_BASE_URL), --endpoints-prefix,',
    '  --timeout <ms>, --max-retries <n>, --no-validate-responses, --verbose (each request, retry and wait on stderr)',
    'Secrets: a secret hog function input is written as { $env: POSTHOG_SECRET_<FUNCTION>_<INPUT> }; set that ' +
      'variable to create it.',
    '  $env reads only POSTHOG_SECRET_* variables, and only in inputs declared secret; --allow-env NAME (or ' +
      'PREFIX_*) allows another.',
    '  --rotate-secrets re-sends every secret from its variable.',
    'Problems in the files and plan errors go to stderr (with --format markdown, into the markdown too).',
    '',
  ].join('\n')
}

function readConfigCommand(row: Row, values: FlagValues, args: readonly string[]): ConfigCommand {
  const command = row.name
  const text = (flag: ConfigFlag) => values[flag] as string | undefined
  const list = (flag: ConfigFlag) => values[flag] as string[] | undefined
  if (args.length > (command === 'copy' ? 0 : 1))
    throw new UsageError(
      args.at(-1)!,
      `unexpected argument: ${command} takes ${command === 'copy' ? 'no folder' : 'one folder'}`,
    )
  const format = text('format') ?? 'text'
  if (!(row.formats as readonly string[]).includes(format))
    throw new UsageError('--format', `expected ${row.formats.join(', ')}, got ${JSON.stringify(format)}`)
  const toProject = text('to-project')
  if (command === 'copy' && toProject === undefined)
    throw new UsageError('--to-project', 'required: the id of the project to copy to')
  if (toProject !== undefined && !/^\d+$/.test(toProject))
    throw new UsageError('--to-project', `expected a project id, got ${JSON.stringify(toProject)}`)
  const toApiKeyEnv = text('to-api-key-env')
  if (toApiKeyEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(toApiKeyEnv)) {
    throw new UsageError(
      '--to-api-key-env',
      "expected the name of the variable that holds the target's key (a key is never an argument)",
    )
  }
  const toHost = text('to-host')
  // A key is sent only to the service it was given for: another host needs its own.
  if (toHost !== undefined && toApiKeyEnv === undefined) {
    throw new UsageError(
      '--to-host',
      "needs --to-api-key-env NAME, the variable that holds a key of that service (the source's key is never " +
        'sent there)',
    )
  }
  const kinds = list('kind')
    ?.flatMap((item) => item.split(','))
    .filter(Boolean)
    .map(kindOf)
  const keys = list('key')
  const allowEnv = list('allow-env')
  const out = text('out')
  return {
    kind: 'config',
    command,
    dir: args[0] ?? 'posthog',
    ...(kinds && { kinds }),
    ...(keys && { keys }),
    prune: values.prune === true,
    format: format as ConfigCommand['format'],
    detailedExitcode: values['detailed-exitcode'] === true,
    yes: values.yes === true,
    dryRun: values['dry-run'] === true,
    ...(allowEnv && { allowEnv: allowEnv.map(allowedName) }),
    rotateSecrets: values['rotate-secrets'] === true,
    withTests: values['with-tests'] === true,
    ...(toProject !== undefined && { toProject }),
    ...(toHost !== undefined && { toHost }),
    ...(toApiKeyEnv !== undefined && { toApiKeyEnv }),
    ...(out !== undefined && { out }),
    ...settingValuesOf(values),
  }
}

/** `NAME` allows that variable; `PREFIX_*` every variable whose name starts with `PREFIX_`. */
function allowedName(word: string): string | RegExp {
  if (!/^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(word))
    throw new UsageError(
      '--allow-env',
      `expected a variable name (letters, digits, _) or a prefix ending in *, got ${JSON.stringify(word)}`,
    )
  return word.endsWith('*') ? new RegExp(`^${word.slice(0, -1)}`) : word
}
