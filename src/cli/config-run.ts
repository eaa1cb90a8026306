import { stat } from 'node:fs/promises'
import type { ApplyProgress, ApplyReport, Plan, PlanWarning } from '../config/types.js'
import { clientFor, type Client } from './client.js'
import type { ConfigCommand } from './config-commands.js'
import { EXIT, UsageError } from './errors.js'
import { describeFailure } from './failure.js'
import { Progress, put, type Sink } from './output.js'
import type { Io } from './command.js'
import { KIND_FOLDERS, UnmatchedKeyError, folderOf, narrowPlan, selectSpecs } from './selection.js'

/**
 * Runs `pull`, `plan`, `apply` and `copy` on posthog-project-client/config (loaded, like the SDK, only to
 * run): the plan shown, confirmed and applied, and every failure as lines on stderr and an exit code.
 */

/** Runs the command; returns the exit code. */
export async function runConfigCommand(command: ConfigCommand, given: Io): Promise<number> {
  const { io, onRequest } = readingProgress(given, command.format === 'json')
  const config = await import('posthog-project-client/config')
  try {
    return await execute(command, io, config, onRequest)
  } catch (error) {
    if (error instanceof config.ConfigError) {
      const what = command.command === 'pull' ? `writing ${command.dir}` : `in ${command.dir}; nothing was sent`
      const heading =
        `${error.problems.length}${error.incomplete ? ' (the first)' : ''} ` +
        `problem${error.problems.length === 1 ? '' : 's'} ${what}`
      const problems = error.problems.map(
        (problem) =>
          `${problem.file}${problem.line ? `:${problem.line}` : ''} ${problem.path || '(file)'}: ${problem.message}`,
      )
      await put(io.stderr, `posthog-project: ${heading}\n${problems.map((line) => `  ${line}\n`).join('')}`)
      if (command.format === 'markdown')
        await put(
          io.stdout,
          `### PostHog plan: ${heading}\n\n${problems.map((line) => `- ${markdownText(line)}\n`).join('')}`,
        )
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

/**
 * Reading a project takes a request per page of every kind: their count on a terminal (stderr) until the command
 * first prints anything, which clears it. `io` is the command's streams with that clearing in front.
 */
function readingProgress(given: Io, json: boolean): { io: Io; onRequest: () => void } {
  const progress = new Progress(given.stderr, {}, json)
  let requests = 0
  let printed = false
  const sink = (inner: Sink): Sink => ({
    write: (chunk) => {
      if (!printed) progress.done()
      printed = true
      return inner.write(chunk)
    },
    once: (event, listener) => inner.once(event, listener),
    get isTTY() {
      return inner.isTTY
    },
    get closed() {
      return inner.closed
    },
  })
  const onRequest = () => printed || progress.show(`Reading: ${++requests} requests…`)
  return { io: { ...given, stdout: sink(given.stdout), stderr: sink(given.stderr) }, onRequest }
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

async function execute(command: ConfigCommand, io: Io, config: ConfigModule, onRequest: () => void): Promise<number> {
  const client = await clientFor(command.settings, command.reporting, io, { onRequest })
  const options = { signal: io.signal }
  if (command.command === 'pull') {
    const warnings: PlanWarning[] = []
    const pulled = await config.pull(client, {
      ...(command.kinds && { kinds: command.kinds }),
      withTests: command.withTests,
      onWarning: (warning) => warnings.push(warning),
    })
    for (const warning of warnings)
      await put(
        io.stderr,
        `posthog-project: warning: ${folderOf(warning.kind)} ${JSON.stringify(warning.key)}: ${warning.message}\n`,
      )
    await config.writeConfig(command.dir, pulled)
    const count = Object.values(pulled).reduce((sum, specs) => sum + (specs?.length ?? 0), 0)
    await put(io.stdout, `Pulled ${count} spec${count === 1 ? '' : 's'} into ${command.dir}\n`)
    return EXIT.ok
  }
  if (command.command === 'copy') {
    const target = await copyTarget(command, io, client)
    // The library's plan as it is: what the selection stands on comes along, and the plan shows it.
    const planned = await config
      .planCopy(client, target, {
        env: io.env,
        ...(command.kinds && { kinds: command.kinds }),
        ...(command.keys && { keys: command.keys }),
        ...(command.allowEnv && { allowEnv: command.allowEnv }),
      })
      .catch((error: unknown) => {
        throw unmatchedKeys(error)
      })
    if (command.out !== undefined) return savePlan(planned, command, io, config)
    return confirmAndApply(planned, command, io, config, target, options)
  }
  if (command.command === 'apply' && (await isFile(command.dir))) {
    const narrowing = command.kinds ? '--kind' : command.keys ? '--key' : command.prune ? '--prune' : undefined
    if (narrowing) throw new UsageError(narrowing, `${command.dir} is a saved plan: it is applied whole, as reviewed`)
    if (command.rotateSecrets)
      throw new UsageError(
        '--rotate-secrets',
        'a saved plan rotates secrets as it was planned: plan --rotate-secrets --out FILE',
      )
    const planned = await config.readPlan(command.dir, {
      env: io.env,
      ...(command.allowEnv && { allowEnv: command.allowEnv }),
    })
    return confirmAndApply(planned, command, io, config, client, options)
  }
  const files = await config.readConfig(command.dir)
  // A mistyped or empty folder is never "no drift".
  if (Object.keys(files).length === 0) {
    await put(
      io.stderr,
      `posthog-project: no configuration in ${command.dir}: no spec file in its ${KIND_FOLDERS.join('/, ')}/ ` +
        `folders; nothing was sent\n`,
    )
    return EXIT.api
  }
  // --kind leaves the other kinds unmanaged; --key narrows what is planned and pruned within them, and the specs
  // of the other keys stay as the files have them (a prune deletes none of them, and they name what it deletes).
  const desired = selectSpecs(files, { ...(command.kinds && { kinds: command.kinds }) })
  const keys = command.keys && { keys: command.keys }
  const planOptions = { prune: command.prune, env: io.env, ...keys, ...secretOptions(command) }
  const planned = await config.plan(client, desired, planOptions)
  narrowPlan(planned, command.keys)
  if (command.command === 'plan') {
    await put(io.stdout, config.formatPlan(planned, command.format))
    const asText = command.format === 'text' || command.format === undefined
    if (planned.errors.length > 0) return reportErrors(planned, io, asText)
    if (command.out !== undefined) await config.writePlan(command.out, planned)
    return command.detailedExitcode && hasChanges(planned) ? CHANGES : EXIT.ok
  }
  return confirmAndApply(planned, command, io, config, client, options)
}

/**
 * The client of `copy`'s target: the source's settings with `--to-project`, and `--to-host` and the key of the
 * variable `--to-api-key-env` names when given (another service, another organisation).
 */
async function copyTarget(command: ConfigCommand, io: Io, source: Client): Promise<Client> {
  const { toHost, toApiKeyEnv } = command
  if (toHost === undefined && toApiKeyEnv === undefined)
    return source.withOptions({ projectId: Number(command.toProject) })
  const apiKey = toApiKeyEnv === undefined ? undefined : io.env[toApiKeyEnv]
  if (toApiKeyEnv !== undefined && !apiKey)
    throw new UsageError('--to-api-key-env', `the variable ${toApiKeyEnv} is not set: it holds the target's key`)
  const host = toHost === undefined ? {} : { baseUrl: toHost }
  return clientFor(
    { ...command.settings, projectId: command.toProject!, ...host, ...(apiKey !== undefined && { apiKey }) },
    command.reporting,
    io,
  )
}

/** `copy --out FILE`: the plan shown and saved, nothing sent. */
async function savePlan(planned: Plan, command: ConfigCommand, io: Io, config: ConfigModule): Promise<number> {
  const format = command.format === 'json' ? 'json' : 'text'
  await put(io.stdout, config.formatPlan(planned, format))
  if (planned.errors.length > 0) return reportErrors(planned, io, format === 'text')
  await config.writePlan(command.out!, planned)
  const where = `project ${planned.project?.id ?? ''} at ${planned.project?.host ?? ''}`
  await put(
    io.stderr,
    `posthog-project: saved the plan to ${command.out}; nothing was sent (apply ${command.out} against ${where})\n`,
  )
  return EXIT.ok
}

/**
 * A plan's errors on stderr, one line each, kinds named as their folders; exit 1. Where the plan was just
 * shown as text on the terminal, they are in it: stderr says only how many (each error is printed once).
 */
async function reportErrors(planned: Plan, io: Io, shownAsText: boolean): Promise<number> {
  const line = (error: Plan['errors'][number]) => {
    const key = error.key === undefined ? '' : ` ${JSON.stringify(error.key)}`
    return `posthog-project: error: ${folderOf(error.kind)}${key}: ${error.message}\n`
  }
  const lines = shownAsText ? [] : planned.errors.map(line)
  const errors = `${planned.errors.length} error${planned.errors.length === 1 ? '' : 's'}`
  const count = `${errors}${shownAsText ? ' (shown above)' : ''}`
  await put(io.stderr, `${lines.join('')}posthog-project: the plan has ${count}; nothing was sent\n`)
  return EXIT.api
}

async function confirmAndApply(
  planned: Plan,
  command: ConfigCommand,
  io: Io,
  config: ConfigModule,
  client: Client,
  options: { signal: AbortSignal },
): Promise<number> {
  // With --format json, stdout holds only the report: the plan and the prompt go to stderr.
  const json = command.format === 'json'
  const show = json ? io.stderr : io.stdout
  const shown = !(json && command.dryRun)
  if (shown) await put(show, config.formatPlan(planned, 'text'))
  if (planned.errors.length > 0) return reportErrors(planned, io, shown)
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
  // A long apply shows its changes so far on a terminal (stderr), cleared before the report.
  const progress = new Progress(io.stderr, {}, json)
  const onProgress = ({ done, total, applied, failed }: ApplyProgress) =>
    progress.show(`Applying: ${done} of ${total} changes (${applied} applied, ${failed} failed)…`)
  const report = await config.apply(client, planned, { ...options, onProgress }).finally(() => progress.done())
  for (const result of report.results) {
    const where = `${folderOf(result.change.kind)} ${JSON.stringify(result.change.key)}`
    if (result.status === 'failed') await put(io.stderr, `failed: ${where}: ${describeFailure(result.error).line}\n`)
    else if (result.status === 'skipped' && result.error)
      await put(io.stderr, `skipped: ${where}: ${result.error.message}\n`)
  }
  await put(
    io.stdout,
    json ? reportJson(report) : `Applied ${report.applied}, failed ${report.failed}, skipped ${report.skipped}.\n`,
  )
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
  const results = report.results.map(({ change, status, error }) => ({
    change,
    status,
    ...(error && { error: { name: error.name, message: error.message } }),
  }))
  const { applied, failed, skipped, aborted } = report
  return `${JSON.stringify({ applied, failed, skipped, aborted, results }, null, 2)}\n`
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
