import type { ParseArgsConfig } from 'node:util'

/**
 * The flags every command takes, API calls and configuration commands alike: the client's settings and how
 * the command reports its work. client.ts turns them, with the environment, into the command's client.
 */

/** The options of `util.parseArgs`. */
export type Options = NonNullable<ParseArgsConfig['options']>

/** What `util.parseArgs` read: each flag's text (a list when repeatable), or `true` for a boolean. */
export type FlagValues = Readonly<Record<string, string | boolean | Array<string | boolean> | undefined>>

/** Client settings given as flags; each falls back to the client's environment variable when absent. */
export interface Settings {
  apiKey?: string
  projectId?: string
  baseUrl?: string
  endpointsPrefix?: string
  /** A number when the flag reads as one; otherwise the text, for the SDK to refuse with its own message. */
  timeout?: number | string
  maxRetries?: number | string
  /** `--no-validate-responses`: the answers as the service sent them, unchecked. */
  validateResponses?: false
}

/** How the command talks about its work on stderr. */
export interface Reporting {
  /** `--verbose`: each request, answer, retry and wait on stderr (the key redacted). */
  verbose: boolean
}

/** The client's settings and how the command reports: every command takes them. */
export const SETTING_OPTIONS = {
  'api-key': { type: 'string' },
  project: { type: 'string' },
  'base-url': { type: 'string' },
  'endpoints-prefix': { type: 'string' },
  timeout: { type: 'string' },
  'max-retries': { type: 'string' },
  'no-validate-responses': { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const satisfies Options

/** The client settings given as flags (`SETTING_OPTIONS`). */
export function settingsOf(values: FlagValues): Settings {
  const text = (name: string) => values[name] as string | undefined
  const numeric = (name: string) => {
    const value = text(name)
    return value !== undefined && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value
  }
  const out: Settings = {}
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    if (value !== undefined) out[key] = value
  }
  set('apiKey', text('api-key'))
  set('projectId', text('project'))
  set('baseUrl', text('base-url'))
  set('endpointsPrefix', text('endpoints-prefix'))
  set('timeout', numeric('timeout'))
  set('maxRetries', numeric('max-retries'))
  if (values['no-validate-responses'] === true) out.validateResponses = false
  return out
}

/** `--verbose`. */
export function reportingOf(values: FlagValues): Reporting {
  return { verbose: values.verbose === true }
}

/** What every command reads from `SETTING_OPTIONS`: the client's settings and how the command reports. */
export interface SettingValues {
  settings: Settings
  reporting: Reporting
}

/** The settings and the reporting given as flags. */
export function settingValuesOf(values: FlagValues): SettingValues {
  return { settings: settingsOf(values), reporting: reportingOf(values) }
}
