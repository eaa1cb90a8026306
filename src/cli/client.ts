import { UsageError } from './errors.js'
import { put, type Sink } from './output.js'
import type { Io } from './command.js'
import type { Reporting, Settings } from './settings.js'

/**
 * The one way from a command's settings (its flags) and the environment to its `ProjectClient`, for API
 * calls and configuration commands alike: each setting from its flag, else its variable (`--project`, then
 * `POSTHOG_PROJECT_ID`); option errors named as the user typed them (`--project`, not `projectId`); the
 * SDK's warnings (plain http to a host that is not local) on stderr, and with `--verbose` its log of each
 * request, answer, retry and wait (the key redacted by the SDK). The SDK is loaded here, on demand, so that
 * `--help` and `--version` never load it.
 */

type SdkModule = typeof import('posthog-project-client')
export type Client = InstanceType<SdkModule['ProjectClient']>
type ClientOptions = NonNullable<ConstructorParameters<SdkModule['ProjectClient']>[0]>

/** What building a client needs from the process: its environment, and stderr for the SDK's logger. */
type ClientIo = Pick<Io, 'stderr' | 'env'>

let sdk: SdkModule | undefined

/** The SDK, loaded once (the package's own main entry: Node resolves the package's name to itself). */
async function loadSdk(): Promise<SdkModule> {
  sdk ??= await import('posthog-project-client')
  return sdk
}

/** The SDK when a command has loaded it. */
export function loadedSdk(): SdkModule | undefined {
  return sdk
}

/** The key that stands in for a dry run given none: it is never sent, and never shown. */
const DRY_RUN_KEY = 'phx_dry_run'

/** How a command's client differs from the SDK's defaults. */
export interface ClientUse {
  /**
   * The fetch that records the request instead of sending it (no retry; without a key anywhere, a placeholder stands
   * in).
   */
  dryRun?: { fetch: typeof globalThis.fetch } | undefined
  /**
   * The command has checked what it sends in full depth against the same request shapes (its flags and
   * `--data`): the SDK does not check it again, nor load its own copy of the shapes.
   */
  checked?: boolean
  /** Told of each request as it is sent (a progress line counts them). */
  onRequest?: (() => void) | undefined
}

/** The client of a command. */
export async function clientFor(
  settings: Settings,
  reporting: Reporting,
  io: ClientIo,
  { dryRun, checked, onRequest }: ClientUse = {},
): Promise<Client> {
  const options = clientOptions(settings, io.env, dryRun !== undefined)
  const send = dryRun?.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const counted: typeof globalThis.fetch | undefined = onRequest && ((input, init) => (onRequest(), send(input, init)))
  return makeClient(await loadSdk(), settings, reporting, io, {
    ...options,
    ...(dryRun && { fetch: dryRun.fetch, maxRetries: 0 }),
    ...(counted && { fetch: counted }),
    ...(checked && { validateRequests: false }),
  })
}

/**
 * The client's options from the flags, then the environment: the key and the project are required (a usage
 * error naming both the flag and the variable), the base URL falls back to its variable; the rest are flags.
 */
export function clientOptions(settings: Settings, env: ClientIo['env'], dryRun = false): ClientOptions {
  const apiKey =
    dryRun && settings.apiKey === undefined && !env.POSTHOG_PERSONAL_API_KEY
      ? DRY_RUN_KEY
      : requiredSetting(settings, 'apiKey', env)
  const projectId = requiredSetting(settings, 'projectId', env)
  const baseUrl = settings.baseUrl ?? env.POSTHOG_BASE_URL
  return { ...given(settings), apiKey, projectId, ...(baseUrl !== undefined && { baseUrl }) }
}

/** The settings given as flags, as client options. */
function given(settings: Settings): ClientOptions {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ClientOptions
}

/** The flag of each client option, and the variable it falls back to. */
const FLAGS: Record<string, { flag: string; variable?: string }> = {
  apiKey: { flag: '--api-key', variable: 'POSTHOG_PERSONAL_API_KEY' },
  projectId: { flag: '--project', variable: 'POSTHOG_PROJECT_ID' },
  baseUrl: { flag: '--base-url', variable: 'POSTHOG_BASE_URL' },
  endpointsPrefix: { flag: '--endpoints-prefix' },
  timeout: { flag: '--timeout' },
  maxRetries: { flag: '--max-retries' },
  validateResponses: { flag: '--no-validate-responses' },
}

/** The name of a client option as the user gave it: its flag, or its variable when no flag was given. */
function typedName(option: string, settings: Settings): string {
  const names = FLAGS[option]
  if (!names) return option
  return (settings as Record<string, unknown>)[option] === undefined && names.variable ? names.variable : names.flag
}

/** A required setting from its flag or its environment variable; missing, a usage error naming both. */
function requiredSetting(settings: Settings, option: 'apiKey' | 'projectId', env: ClientIo['env']): string {
  const { flag, variable } = FLAGS[option]!
  const value = (settings[option] as string | undefined) ?? (env[variable!] || undefined)
  if (value === undefined) throw new UsageError(flag, `missing: pass ${flag} or set ${variable}`)
  return value
}

/** The client of `options`, its logger on stderr, its option errors named as `settings` were given. */
function makeClient(
  sdk: SdkModule,
  settings: Settings,
  reporting: Reporting,
  io: ClientIo,
  options: ClientOptions,
): Client {
  const logger = stderrLogger(io.stderr, reporting, settings)
  const fetch = reporting.verbose
    ? announcingWaits(options.fetch ?? ((input, init) => globalThis.fetch(input, init)), logger)
    : options.fetch
  try {
    return new sdk.ProjectClient({ ...options, ...(fetch && { fetch }), logger })
  } catch (error) {
    throw asTyped(sdk, error, settings)
  }
}

/** An SDK option error named as typed (`--timeout`), as a usage error; any other error as it is. */
function asTyped(sdk: SdkModule, error: unknown, settings: Settings): unknown {
  if (!(error instanceof sdk.InvalidArgumentError) || !Object.hasOwn(FLAGS, error.argument)) return error
  const prefix = `Invalid argument \`${error.argument}\`: `
  return new UsageError(
    typedName(error.argument, settings),
    error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message,
  )
}

/**
 * A fetch that logs the wait a 429 or 503 asks for (`Retry-After`) when it arrives: the SDK logs the retry
 * once the wait is over.
 */
function announcingWaits(
  fetch: typeof globalThis.fetch,
  logger: { debug(message: string): void },
): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const wait = response.headers.get('retry-after')
    if ((response.status === 429 || response.status === 503) && wait !== null) {
      logger.debug(
        `${response.status}: the service asks to wait ${/^\d+$/.test(wait) ? `${wait} s` : `until ${wait}`} ` +
          `(Retry-After)`,
      )
    }
    return response
  }
}

/**
 * The SDK's logger, writing to stderr: its warnings always (`posthog-project: warning: …`), its debug lines
 * only with `--verbose`, each with the seconds since the command started, so that a wait shows as the time
 * between an answer and the retry that follows it.
 */
function stderrLogger(
  stderr: Sink,
  reporting: Reporting,
  settings: Settings,
): { debug(message: string): void; warn(message: string): void } {
  const started = performance.now()
  const clean = (message: string) => message.replace(/^\[posthog-project-client\] /, '')
  return {
    debug: (message) => {
      if (!reporting.verbose) return
      const seconds = ((performance.now() - started) / 1_000).toFixed(2)
      void put(stderr, `posthog-project: [${seconds}s] ${clean(message)}\n`)
    },
    // The SDK's only warning names `baseUrl`: say it as the user gave it.
    warn: (message) =>
      void put(
        stderr,
        `posthog-project: warning: ${clean(message).replace(/^baseUrl\b/, typedName('baseUrl', settings))}\n`,
      ),
  }
}
