import type { Reporting, Settings } from './args.js'
import { UsageError } from './errors.js'
import { put, type Sink } from './output.js'

/**
 * The `ProjectClient` of a command, built from its settings (flags first, then the environment) for every
 * command alike: its option errors name the flag or variable as the user typed it (`--project`, not
 * `projectId`), its warnings (plain http to a host that is not local) go to stderr, and with `--verbose`
 * so does the SDK's log of each request, answer, retry and wait (the key redacted by the SDK).
 */

type SdkModule = typeof import('posthog-project-client')
export type Client = InstanceType<SdkModule['ProjectClient']>
export type ClientOptions = NonNullable<ConstructorParameters<SdkModule['ProjectClient']>[0]>

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
export function typedName(option: string, settings: Settings): string {
  const names = FLAGS[option]
  if (!names) return option
  return (settings as Record<string, unknown>)[option] === undefined && names.variable ? names.variable : names.flag
}

/** A required setting from its flag or its environment variable; missing, a usage error naming both. */
export function requiredSetting(settings: Settings, option: 'apiKey' | 'projectId', env: Io['env']): string {
  const { flag, variable } = FLAGS[option]!
  const value = (settings[option] as string | undefined) ?? (env[variable!] || undefined)
  if (value === undefined) throw new UsageError(flag, `missing: pass ${flag} or set ${variable}`)
  return value
}

/** What building a client needs from the process. */
export interface Io {
  stderr: Sink
  env: Readonly<Record<string, string | undefined>>
}

/**
 * A client of `settings` plus `extra` (a dry run's fetch, a resolved key). The settings are the flags given;
 * the SDK fills the rest from the environment, as it does for any caller.
 */
export function makeClient(sdk: SdkModule, settings: Settings, reporting: Reporting, io: Io, extra: Partial<ClientOptions> = {}): Client {
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ClientOptions
  const logger = stderrLogger(io.stderr, reporting, settings)
  const fetch = reporting.verbose ? announcingWaits(extra.fetch ?? ((input, init) => globalThis.fetch(input, init)), logger) : extra.fetch
  try {
    return new sdk.ProjectClient({ ...given, ...extra, ...(fetch && { fetch }), logger })
  } catch (error) {
    throw asTyped(sdk, error, settings)
  }
}

/** An SDK option error named as typed (`--timeout`), as a usage error; any other error as it is. */
export function asTyped(sdk: SdkModule, error: unknown, settings: Settings): unknown {
  if (!(error instanceof sdk.InvalidArgumentError) || !Object.hasOwn(FLAGS, error.argument)) return error
  const prefix = `Invalid argument \`${error.argument}\`: `
  return new UsageError(typedName(error.argument, settings), error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message)
}

/**
 * A fetch that logs the wait a 429 or 503 asks for (`Retry-After`) when it arrives: the SDK logs the retry
 * once the wait is over.
 */
function announcingWaits(fetch: typeof globalThis.fetch, logger: { debug(message: string): void }): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await fetch(input, init)
    const wait = response.headers.get('retry-after')
    if ((response.status === 429 || response.status === 503) && wait !== null) {
      logger.debug(`${response.status}: the service asks to wait ${/^\d+$/.test(wait) ? `${wait} s` : `until ${wait}`} (Retry-After)`)
    }
    return response
  }
}

/**
 * The SDK's logger, writing to stderr: its warnings always (`posthog-project: warning: …`), its debug lines
 * only with `--verbose`, each with the seconds since the command started, so that a wait shows as the time
 * between an answer and the retry that follows it.
 */
function stderrLogger(stderr: Sink, reporting: Reporting, settings: Settings): { debug(message: string): void; warn(message: string): void } {
  const started = performance.now()
  const clean = (message: string) => message.replace(/^\[posthog-project-client\] /, '')
  return {
    debug: (message) => {
      if (!reporting.verbose) return
      const seconds = ((performance.now() - started) / 1_000).toFixed(2)
      void put(stderr, `posthog-project: [${seconds}s] ${clean(message)}\n`)
    },
    // The SDK's only warning names `baseUrl`: say it as the user gave it.
    warn: (message) => void put(stderr, `posthog-project: warning: ${clean(message).replace(/^baseUrl\b/, typedName('baseUrl', settings))}\n`),
  }
}
