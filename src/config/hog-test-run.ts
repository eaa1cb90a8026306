import { InvalidArgumentError, type ProjectClient } from 'posthog-project-client'
import { isPlainObject } from './diff.js'
import { EnvReader, type EnvOptions } from './env.js'
import { hogTestsOf, type HogTestCase } from './hog-tests.js'
import { compareRun, type HogTestDifference, type RunOutcome } from './hog-test-compare.js'
import { RENAMED_FROM } from './renames.js'
import { MIN_SCRUBBED, Scrubber } from './scrub.js'
import type { ProjectConfig } from './types.js'

/**
 * `testHogFunctions`: every case of every hog function test (hog-tests.ts) run on this machine by
 * posthog-project-client/hog (loaded only then), or through the service's `invocations` with
 * `mock_async_functions: true` (docs/service-behaviour.md §13.5), and compared with what it expects
 * (hog-test-compare.ts). Secrets are read as `plan` reads them (env.ts) and scrubbed from all the report shows.
 */

/** What `testHogFunctions` takes besides the configuration: `env` and `allowEnv` as `plan` takes them. */
export interface TestHogFunctionsOptions extends EnvOptions {
  /** For `remote`: the project whose service runs the cases. */
  client?: ProjectClient
  /** Run each case through the service's `invocations` instead of on this machine. */
  remote?: boolean
  /** Only these functions (by key) and cases (by name); a name that matches nothing is an `InvalidArgumentError`. */
  filter?: { keys?: readonly string[]; cases?: readonly string[] }
}

/** A `fetch` the function made, as it would be sent (secret inputs redacted). */
export interface HogTestCall {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}

/** One case's verdict, with the log lines and calls of its run (scrubbed of every secret read). */
export interface HogTestCaseReport {
  /** The hog function's key (its name). */
  function: string
  name: string
  /** The test file, as `readConfig` was given it. */
  file?: string
  ok: boolean
  /** Why it failed: each names the call and field, with what was expected and what came. */
  differences: HogTestDifference[]
  logs: Array<{ level: string; message: string }>
  calls: HogTestCall[]
}

/** What `testHogFunctions` gives: the counts, and each case in the order of the files. */
export interface HogTestReport {
  passed: number
  failed: number
  cases: HogTestCaseReport[]
}

export type { HogTestDifference }

/** What a case's event gets when it leaves these out: the same body every run. */
const DEFAULT_UUID = '00000000-0000-4000-8000-000000000000'
const DEFAULT_TIMESTAMP = '2026-01-01T00:00:00.000Z'
/** Remote cases at once: the client paces them within the service's rate limits. */
const REMOTE_CONCURRENCY = 4
const MOCK_HEADER = "Async function 'fetch' was mocked with arguments:"

type Spec = Record<string, unknown>
type HogModule = typeof import('../hog/index.js')

interface Job {
  function: string
  file?: string
  spec?: Spec
  testCase: HogTestCase
}

/** Runs the tests `readConfig` read beside `config`'s hog functions; never rejects for what a function does. */
export async function testHogFunctions(
  config: ProjectConfig,
  options: TestHogFunctionsOptions = {},
): Promise<HogTestReport> {
  if (!isPlainObject(config)) throw new InvalidArgumentError('config', 'expected what readConfig(dir) returns')
  if (options.remote && !options.client) throw new InvalidArgumentError('options.client', 'remote tests need a client')
  const env = new EnvReader(options)
  const jobs = selectJobs(config, options.filter)
  const scrubber = () => new Scrubber(env.values)
  const hog = options.remote ? undefined : await import('../hog/index.js')
  const runJob = async (job: Job): Promise<HogTestCaseReport> => {
    const outcome = await runCase(job, env, options, hog).catch((error: unknown) => {
      // An API error may echo the configuration sent, secrets and all.
      scrubber().inPlace(error)
      throw error
    })
    const differences = 'problem' in outcome ? [outcome.problem] : compareRun(job.testCase, outcome)
    const report: HogTestCaseReport = {
      function: job.function,
      name: job.testCase.name,
      ...(job.file !== undefined && { file: job.file }),
      ok: differences.length === 0,
      differences,
      logs: 'problem' in outcome ? [] : outcome.logs,
      calls: 'problem' in outcome ? [] : outcome.calls,
    }
    return scrubber().value(report)
  }
  const cases = options.remote ? await pool(jobs, REMOTE_CONCURRENCY, runJob) : await sequence(jobs, runJob)
  const passed = cases.filter((item) => item.ok).length
  return { passed, failed: cases.length - passed, cases }
}

function selectJobs(config: ProjectConfig, filter: TestHogFunctionsOptions['filter']): Job[] {
  const tests = hogTestsOf(config)
  const keys = filter?.keys
  const names = filter?.cases
  for (const key of keys ?? []) {
    if (!tests.some((test) => test.function === key)) {
      throw new InvalidArgumentError('filter.keys', `no hog function ${JSON.stringify(key)} has tests`)
    }
  }
  const specs = (config.hogFunctions ?? []) as Spec[]
  const jobs = tests
    .filter((test) => keys === undefined || keys.includes(test.function))
    .flatMap((test) => {
      const spec = specs.find((item) => item.name === test.function)
      return test.cases
        .filter((testCase) => names === undefined || names.includes(testCase.name))
        .map((testCase) => ({
          function: test.function,
          ...(test.file !== undefined && { file: test.file }),
          ...(spec && { spec }),
          testCase,
        }))
    })
  for (const name of names ?? []) {
    if (!jobs.some((job) => job.testCase.name === name)) {
      throw new InvalidArgumentError('filter.cases', `no case is named ${JSON.stringify(name)}`)
    }
  }
  return jobs
}

async function runCase(
  job: Job,
  env: EnvReader,
  options: TestHogFunctionsOptions,
  hog: HogModule | undefined,
): Promise<RunOutcome | { problem: HogTestDifference }> {
  if (!job.spec) {
    const message = `the hog function ${JSON.stringify(job.function)} is not in the configuration`
    return { problem: { path: '', message } }
  }
  const resolved = resolveSecrets(job.spec, env)
  if ('problem' in resolved) return { problem: { path: 'inputs', message: resolved.problem } }
  const { [RENAMED_FROM]: _renamedFrom, ...spec } = resolved.spec
  const read = [...resolved.values]
  const event = { uuid: DEFAULT_UUID, timestamp: DEFAULT_TIMESTAMP, ...job.testCase.event }
  if (hog) return runLocally(hog, spec, event, job.testCase)
  if ((job.testCase.fetch ?? []).length > 0) {
    const message =
      'fetch: the service answers every mocked fetch 200 {}, so these answers cannot be given to it: ' +
      'run this case locally'
    return { problem: { path: 'fetch', message } }
  }
  // Compared as a local run is: each secret read, as the CDP redacts it from logs and calls ([`R7`]).
  return redacted(await runRemotely(options.client!, spec, event, job.testCase), read)
}

const REDACTED = '***REDACTED***'

function redacted<T>(value: T, secrets: readonly string[]): T {
  const long = secrets.filter((secret) => secret.length >= MIN_SCRUBBED)
  if (typeof value === 'string') {
    return long.reduce((text, secret) => text.replaceAll(secret, REDACTED), value as string) as T
  }
  if (Array.isArray(value)) return value.map((item: unknown) => redacted(item, long)) as T
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redacted(item, long)])) as T
  }
  return value
}

async function runLocally(
  hog: HogModule,
  spec: Spec,
  event: HogTestCase['event'],
  testCase: HogTestCase,
): Promise<RunOutcome> {
  const answers = [...(testCase.fetch ?? [])]
  const run = await hog.runHogFunction(spec as never, {
    event,
    person: testCase.person ?? null,
    groups: testCase.groups ?? null,
    fetch: () => {
      const answer = answers.shift()
      return answer ? { status: answer.status, body: answer.body ?? {} } : { status: 200, body: {} }
    },
  })
  // What could not be evaluated here is said, never a silent pass.
  const gaps = run.unsupported.map((gap) => ({ level: 'warn', message: `Not evaluated here: ${gap}` }))
  const status = run.error !== null ? 'error' : run.skipped ? 'skipped' : 'success'
  return {
    skipped: run.skipped,
    error: run.error,
    result: serviceResult(spec, status, run.result),
    calls: run.calls.map((call) => ({ method: call.method, url: call.url, headers: call.headers, body: call.body })),
    logs: [...gaps, ...run.logs].map((log) => ({ level: log.level, message: log.message })),
  }
}

/** The result as the service answers it ([`V5`]): the changed event of a transformation that ran, else null. */
function serviceResult(spec: Spec, status: string, result: unknown): unknown {
  return (spec.type ?? 'destination') === 'transformation' && status === 'success' ? (result ?? null) : null
}

/**
 * One case through `POST hog_functions/new/invocations/` (PostHog's posthog/api/hog_function.py `invocations`,
 * HogFunctionInvocationSerializer): the configuration as the files have it, secrets as read, the case's event,
 * person and groups as `globals`, `fetch` mocked. Its answer's `status`, `errors`, `result` and `logs` are read
 * back; the calls are the mock's log lines (`fetch('<url>', <options as JSON>)`, [`R9`]).
 */
async function runRemotely(
  client: ProjectClient,
  spec: Spec,
  event: HogTestCase['event'],
  testCase: HogTestCase,
): Promise<RunOutcome> {
  const globals = {
    event,
    ...(testCase.person && { person: testCase.person }),
    ...(testCase.groups && { groups: testCase.groups }),
  }
  const body = { configuration: spec, globals, mock_async_functions: true }
  const answer = (await client.hogFunctions.invocations('new', body as never)) as unknown as Record<string, unknown>
  const status = String(answer.status)
  const errors = Array.isArray(answer.errors) ? answer.errors.map(String) : []
  const logs: Array<{ level: string; message: string }> = []
  const calls: HogTestCall[] = []
  const entries = Array.isArray(answer.logs) ? (answer.logs as Array<Record<string, unknown>>) : []
  for (let index = 0; index < entries.length; index++) {
    const message = String(entries[index]?.message ?? '')
    const next = String(entries[index + 1]?.message ?? '')
    const call = message === MOCK_HEADER ? mockedCall(next) : undefined
    if (call) {
      calls.push(call)
      index++
      continue
    }
    logs.push({ level: String(entries[index]?.level ?? 'info'), message })
  }
  return {
    skipped: status === 'skipped',
    error: status === 'error' ? (errors[0] ?? 'error') : null,
    result: answer.result ?? null,
    calls,
    logs,
  }
}

/**
 * The call a mock line shows: `fetch('<url>', <options as JSON>)` (the `mock` of `fetch` in PostHog's
 * nodejs/src/cdp/async-functions/), as the executor would send it ([`R8`]).
 */
function mockedCall(line: string): HogTestCall | undefined {
  if (!line.startsWith("fetch('") || !line.endsWith(')')) return undefined
  for (let at = line.indexOf("', "); at !== -1; at = line.indexOf("', ", at + 1)) {
    const text = line.slice(at + 3, -1)
    let options: unknown
    try {
      // The CDP writes the options with JSON.stringify: `undefined` when the code gave none.
      options = text === 'undefined' ? {} : JSON.parse(text)
    } catch {
      continue
    }
    const given = isPlainObject(options) ? options : {}
    const headers: Record<string, string> = {}
    if (isPlainObject(given.headers)) {
      for (const [name, value] of Object.entries(given.headers)) if (typeof value === 'string') headers[name] = value
    } else headers['Content-Type'] = 'application/json'
    const method = typeof given.method === 'string' && given.method !== '' ? given.method : 'POST'
    return { url: line.slice(7, at), method, headers, body: given.body ?? null }
  }
  return undefined
}

/** The spec with each `{ $env: NAME }` of its inputs (and its mappings') read as `plan` reads it. */
function resolveSecrets(spec: Spec, env: EnvReader): { spec: Spec; values: Set<string> } | { problem: string } {
  let problem: string | undefined
  const values = new Set<string>()
  const resolve = (value: unknown, field: string): unknown => {
    if (Array.isArray(value)) return value.map((item, index) => resolve(item, `${field}[${index}]`))
    if (!isPlainObject(value)) return value
    if (Object.keys(value).length === 1 && typeof value.$env === 'string') {
      const read = env.read(value.$env, field)
      if (read.ok) {
        values.add(read.value)
        return read.value
      }
      problem ??= read.message
      return value
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolve(item, `${field}.${key}`)]))
  }
  const out: Spec = { ...spec }
  if (isPlainObject(spec.inputs)) out.inputs = resolve(spec.inputs, 'inputs')
  if (Array.isArray(spec.mappings)) {
    out.mappings = spec.mappings.map((mapping: unknown, index) =>
      isPlainObject(mapping) && isPlainObject(mapping.inputs)
        ? { ...mapping, inputs: resolve(mapping.inputs, `mappings[${index}].inputs`) }
        : mapping,
    )
  }
  return problem === undefined ? { spec: out, values } : { problem }
}

async function sequence<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = []
  for (const item of items) out.push(await run(item))
  return out
}

async function pool<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      out[index] = await run(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker))
  return out
}
