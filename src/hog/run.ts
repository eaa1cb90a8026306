/**
 * `runHog`: bytecode run on PostHog's own VM (`@posthog/hogvm`, loaded on first use), with `print` collected,
 * `fetch` recorded and answered here (never sent), and a time and a memory limit: the code may be untrusted
 * (docs/service-behaviour.md §13, [`R1`], [`R8`]).
 */
import type { HogBytecode } from './compile.js'
import { loadVm, type HogVm } from './vm.js'

export type HogLogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface HogLog {
  readonly level: HogLogLevel
  readonly message: string
}

/** One `fetch` the code made: what PostHog's executor would send ([`R8`]). */
export interface HogFetchCall {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  /** The body as the code gave it (an object stays an object; the service sends it as JSON). */
  readonly body: unknown
}

export interface HogFetchResponse {
  readonly status: number
  readonly body: unknown
}

/** Answers a recorded `fetch`; without one every call is answered `{ status: 200, body: {} }`. */
export type HogFetchHandler = (
  url: string,
  options: { method: string; headers: Record<string, string>; body: unknown },
) => HogFetchResponse | Promise<HogFetchResponse>

/** What `runHog` gives a fetch handler internally: the code's own options object too. */
type FetchAnswer = (call: HogFetchCall, given: unknown) => HogFetchResponse | Promise<HogFetchResponse>

export interface RunHogOptions {
  /** The globals the code reads (`event`, `inputs`, …). */
  readonly globals?: Record<string, unknown>
  /** Extra functions the code may call, by name. */
  readonly functions?: Record<string, (...args: unknown[]) => unknown>
  readonly fetch?: HogFetchHandler
  /** Run time allowed, in milliseconds (default 5000, the service's `DEFAULT_TIMEOUT_MS`). */
  readonly timeoutMs?: number
  /** Memory allowed for the VM's stack, in bytes (default 64 MiB, the VM's own default). */
  readonly memoryLimitBytes?: number
}

/** What the function runner adds: secrets redacted from what is recorded, fetch answered with the code's options. */
export interface ExecuteOptions extends RunHogOptions {
  readonly recordCall?: (call: HogFetchCall) => HogFetchCall
  readonly answerFetch?: FetchAnswer
}

export interface HogRunResult {
  /** What the code returned (null when it returned nothing or failed). */
  readonly result: unknown
  readonly logs: HogLog[]
  readonly calls: HogFetchCall[]
  /** Why the run stopped early (a thrown error, the time or memory limit), else null. */
  readonly error: string | null
}

const DEFAULT_TIMEOUT_MS = 5000
/** Async calls allowed per run (`MAX_ASYNC_STEPS` of the executor, [`R2`]). */
const MAX_ASYNC_STEPS = 5
const OK_RESPONSE: HogFetchResponse = { status: 200, body: {} }

/** Runs Hog bytecode; never throws for what the code does (its error is in `error`). */
export async function runHog(
  bytecode: HogBytecode | readonly unknown[],
  options: RunHogOptions = {},
): Promise<HogRunResult> {
  const { stats: _stats, thrown: _thrown, ...result } = await execute(bytecode, options)
  return result
}

/** What the VM reports of a finished run, for the executor's completion line ([`R5`]). */
export interface RunStats {
  readonly syncDuration: number
  readonly maxMemUsed: number
  readonly ops: number
}

export async function execute(
  bytecode: HogBytecode | readonly unknown[],
  options: ExecuteOptions,
): Promise<HogRunResult & { stats?: RunStats; thrown?: string }> {
  const vm = await loadVm()
  const logs: HogLog[] = []
  const calls: HogFetchCall[] = []
  const functions = {
    print: (...args: unknown[]) => {
      logs.push({ level: 'info', message: args.map((arg) => vm.printHogStringOutput(arg)).join(' ') })
    },
    ...options.functions,
  }
  const execOptions = {
    globals: options.globals ?? {},
    functions,
    asyncFunctions: { fetch: async () => null },
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    memoryLimit: options.memoryLimitBytes,
    maxAsyncSteps: MAX_ASYNC_STEPS,
    external: await vm.external(),
  }
  let input: unknown = bytecode
  for (;;) {
    let step: ReturnType<HogVm['exec']>
    try {
      step = vm.exec(input, execOptions)
    } catch (error) {
      return { result: null, logs, calls, error: describeError(error), thrown: String(error) }
    }
    if (step.finished) {
      const state = step.state as Partial<RunStats> | undefined
      const stats = { syncDuration: state?.syncDuration ?? 0, maxMemUsed: state?.maxMemUsed ?? 0, ops: state?.ops ?? 0 }
      return { result: vm.convertHogToJS(step.result ?? null), logs, calls, error: null, stats }
    }
    if (step.error !== undefined && step.error !== null) {
      return { result: null, logs, calls, error: describeError(step.error), thrown: String(step.error) }
    }
    if (step.asyncFunctionName !== 'fetch' || !step.state) {
      return { result: null, logs, calls, error: `Unsupported async function: ${String(step.asyncFunctionName)}` }
    }
    const args = step.asyncFunctionArgs ?? []
    const call = fetchCall(args)
    calls.push(options.recordCall ? options.recordCall(call) : call)
    let response: HogFetchResponse
    try {
      if (options.answerFetch) response = await options.answerFetch(call, args[1])
      else response = options.fetch ? await options.fetch(call.url, call) : OK_RESPONSE
    } catch (error) {
      return { result: null, logs, calls, error: describeError(error), thrown: String(error) }
    }
    step.state.stack.push({ status: response.status, body: response.body })
    input = step.state
  }
}

/** The call PostHog's executor makes of `fetch(url, options)` ([`R8`]). */
export function fetchCall(args: readonly unknown[]): HogFetchCall {
  const options = (typeof args[1] === 'object' && args[1] !== null ? args[1] : {}) as Record<string, unknown>
  const headers: Record<string, string> = {}
  const given = options['headers']
  if (typeof given === 'object' && given !== null) {
    for (const [key, value] of Object.entries(given)) if (typeof value === 'string') headers[key] = value
  } else {
    headers['Content-Type'] = 'application/json'
  }
  const method = typeof options['method'] === 'string' && options['method'] !== '' ? options['method'] : 'POST'
  return { url: String(args[0]), method, headers, body: options['body'] ?? null }
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const typed = error as Error & { type?: unknown }
    const uncaught = typed.name === 'UncaughtHogVMException' && typeof typed.type === 'string'
    return uncaught ? `${String(typed.type)}: ${error.message}` : error.message
  }
  return String(error)
}
