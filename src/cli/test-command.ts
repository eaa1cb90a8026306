import type { HogTestReport } from '../config/hog-test-run.js'
import type { Command, Io } from './command.js'
import { EXIT, UsageError } from './errors.js'
import { put } from './output.js'
import { kindOf } from './selection.js'
import { SETTING_OPTIONS, settingValuesOf, type FlagValues, type SettingValues } from './settings.js'

/**
 * `posthog-project test [DIR]`: the hog function tests beside the specs (`hog-functions/<name>.test.yaml`), run
 * on this machine (no key, no network) or, with `--remote`, through the service's invocations. Exit 0 when every
 * case passes, 1 when any fails (or the service fails), 2 for a usage mistake or a problem in the files.
 */

const FORMATS = ['text', 'json', 'junit'] as const

export interface TestCommand extends SettingValues {
  kind: 'test'
  dir: string
  remote: boolean
  format: (typeof FORMATS)[number]
  keys?: string[]
  cases?: string[]
  allowEnv?: Array<string | RegExp>
}

const OPTIONS = {
  remote: { type: 'boolean' },
  format: { type: 'string' },
  kind: { type: 'string', multiple: true },
  key: { type: 'string', multiple: true },
  case: { type: 'string', multiple: true },
  'allow-env': { type: 'string', multiple: true },
} as const

const USAGE =
  'test [DIR] [--remote] [--format text|json|junit] [--kind hog-functions] [--key NAME …] [--case NAME …] ' +
  '[--allow-env NAME …]'

export const TEST_COMMAND: Command<TestCommand> = {
  words: ['test'],
  summary: 'Runs the hog function tests (hog-functions/<name>.test.yaml) of DIR (default posthog): here, or --remote.',
  synopsis: 'test [DIR] [--remote]',
  flags: () => ({ own: OPTIONS, shared: { ...SETTING_OPTIONS, help: { type: 'boolean', short: 'h' } } }),
  help: () =>
    [
      `Usage: posthog-project ${USAGE}`,
      '  Runs every case of every hog function test file, on this machine: no key, nothing sent.',
      '  --remote runs each case through the service (hog_functions/new/invocations/, fetch mocked) instead:',
      '  that needs the settings (--api-key or POSTHOG_PERSONAL_API_KEY, --project) and a key the service lets',
      '  run invocations (it refuses personal API keys: 403).',
      '  Exit 0 when every case passes, 1 when any fails, 2 for a usage mistake or a problem in the files.',
      '  --key NAME selects a function (repeatable), --case NAME a case;',
      '  --format json prints the report, junit a JUnit XML file.',
      '  Secrets ($env) are read as plan reads them (POSTHOG_SECRET_*, or --allow-env) and never printed.',
      '',
    ].join('\n'),
  read: (values, args) => readTestCommand(values, args),
  run: async (command, io) => runTestCommand(command, io),
}

function readTestCommand(values: FlagValues, args: readonly string[]): TestCommand {
  if (args.length > 1) throw new UsageError(args.at(-1)!, 'unexpected argument: test takes one folder')
  const format = (values.format as string | undefined) ?? 'text'
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError('--format', `expected ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`)
  }
  for (const word of ((values.kind as string[] | undefined) ?? []).flatMap((item) => item.split(',')).filter(Boolean)) {
    if (kindOf(word) !== 'hogFunctions') {
      const got = JSON.stringify(word)
      throw new UsageError('--kind', `test runs hog function tests only: expected hog-functions, got ${got}`)
    }
  }
  const allowEnv = (values['allow-env'] as string[] | undefined)?.map((word) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(word)) {
      const got = JSON.stringify(word)
      throw new UsageError('--allow-env', `expected a variable name or a prefix ending in *, got ${got}`)
    }
    return word.endsWith('*') ? new RegExp(`^${word.slice(0, -1)}`) : word
  })
  const keys = values.key as string[] | undefined
  const cases = values.case as string[] | undefined
  return {
    kind: 'test',
    dir: args[0] ?? 'posthog',
    remote: values.remote === true,
    format: format as TestCommand['format'],
    ...(keys && { keys }),
    ...(cases && { cases }),
    ...(allowEnv && { allowEnv }),
    ...settingValuesOf(values),
  }
}

async function runTestCommand(command: TestCommand, io: Io): Promise<number> {
  const config = await import('posthog-project-client/config')
  const { InvalidArgumentError } = await import('posthog-project-client')
  let files
  try {
    files = await config.readConfig(command.dir)
  } catch (error) {
    if (!(error instanceof config.ConfigError)) throw error
    const lines = error.problems.map((problem) => {
      const at = `${problem.file}${problem.line ? `:${problem.line}` : ''}`
      return `  ${at} ${problem.path || '(file)'}: ${problem.message}\n`
    })
    const count = `${error.problems.length} problem${error.problems.length === 1 ? '' : 's'}`
    await put(io.stderr, `posthog-project: ${count} in ${command.dir}; nothing was run\n${lines.join('')}`)
    return EXIT.usage
  }
  try {
    const { clientFor } = await import('./client.js')
    const client = command.remote ? await clientFor(command.settings, command.reporting, io) : undefined
    const filter = { ...(command.keys && { keys: command.keys }), ...(command.cases && { cases: command.cases }) }
    const report = await config.testHogFunctions(files, {
      env: io.env,
      remote: command.remote,
      ...(client && { client }),
      ...(command.allowEnv && { allowEnv: command.allowEnv }),
      filter,
    })
    if (report.cases.length === 0) {
      const where = 'put cases in hog-functions/<name>.test.yaml beside <name>.yaml'
      await put(io.stderr, `posthog-project: no hog function tests in ${command.dir}: ${where}\n`)
      return EXIT.usage
    }
    await put(io.stdout, formatReport(report, command.format))
    return report.failed > 0 ? EXIT.api : EXIT.ok
  } catch (error) {
    if (error instanceof InvalidArgumentError) {
      await put(io.stderr, `posthog-project: ${error.message}\n`)
      return EXIT.usage
    }
    const { describeFailure } = await import('./failure.js')
    const { code, line } = describeFailure(error)
    await put(io.stderr, `posthog-project: ${line}\n`)
    return code
  }
}

/** The report as text (a line a case, the differences under a failed one), JSON, or JUnit XML. */
export function formatReport(report: HogTestReport, format: TestCommand['format']): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`
  if (format === 'junit') return junit(report)
  const lines = report.cases.flatMap((item) => [
    `${item.ok ? 'PASS' : 'FAIL'} ${item.function} › ${item.name}`,
    ...item.differences.map((difference) => `    ${difference.message}`),
  ])
  const total = report.cases.length
  lines.push(`${total} case${total === 1 ? '' : 's'}: ${report.passed} passed, ${report.failed} failed`)
  return `${lines.join('\n')}\n`
}

function junit(report: HogTestReport): string {
  const functions = [...new Set(report.cases.map((item) => item.function))]
  const suites = functions.map((name) => {
    const cases = report.cases.filter((item) => item.function === name)
    const failures = cases.filter((item) => !item.ok).length
    const rows = cases.map((item) => {
      const file = item.file ? ` file="${xml(item.file)}"` : ''
      const open = `    <testcase classname="${xml(name)}" name="${xml(item.name)}"${file}`
      if (item.ok) return `${open}/>`
      const text = item.differences.map((difference) => difference.message).join('\n')
      const failure = `<failure message="${xml(item.differences[0]?.message ?? 'failed')}">${xml(text)}</failure>`
      return `${open}>\n      ${failure}\n    </testcase>`
    })
    const open = `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}">`
    return [open, ...rows, '  </testsuite>'].join('\n')
  })
  const head = `<testsuites name="posthog-project test" tests="${report.cases.length}" failures="${report.failed}">`
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...suites, '</testsuites>', ''].join('\n')
}

function xml(text: string): string {
  // Characters XML 1.0 cannot hold at all are dropped.
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
  return clean.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
