import { DIFFERENT } from './diff.js'
import type { PlanError } from './types.js'

/**
 * Secret hog function inputs. The service reads a secret back as the mask `{ secret: true }`; a spec holds
 * `{ value: { $env: NAME } }` instead, and the value is read from the environment only when it is sent.
 */

/** What a spec holds in place of a value: the name of an environment variable. */
export interface EnvReference {
  $env: string
}

/** The shown form of a secret in a plan. */
export const SECRET_SHOWN = '(secret)'

/**
 * The variable `pull` names for a secret input: `POSTHOG_SECRET_<FUNCTION>_<INPUT>`, each part upper case
 * with every run of other characters than letters and digits as one `_` (`Order webhook`, `api_token` →
 * `POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN`). Stable: the same function name and input give the same name.
 */
export function secretVariableName(functionName: string, inputKey: string): string {
  return `POSTHOG_SECRET_${snake(functionName)}_${snake(inputKey)}`
}

function snake(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').toUpperCase()
}

export function isEnvReference(value: unknown): value is EnvReference {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 1 && typeof (value as EnvReference).$env === 'string'
}

/** A secret as the service reads it back: `{ secret: true }` and no value. */
export function isMasked(input: unknown): boolean {
  return typeof input === 'object' && input !== null && (input as { secret?: unknown }).secret === true && !('value' in input)
}

/** The inputs of a pulled hog function: each masked secret as a `$env` reference to its variable. */
export function referenceSecrets(functionName: string, inputs: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(inputs).map(([key, input]) => [key, isMasked(input) ? { value: { $env: secretVariableName(functionName, key) } } : input]))
}

/** Reads `$env` values from `env`; a missing variable is a plan error naming it (never its value). */
export class EnvReader {
  readonly errors: PlanError[] = []
  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  read(reference: EnvReference, where: Omit<PlanError, 'message'>, field: string): string | undefined {
    const value = this.env[reference.$env]
    if (value === undefined) this.errors.push({ ...where, message: `${field}: environment variable ${reference.$env} is not set` })
    return value
  }
}

/** A spec made ready: what is compared with the live resource, what is sent, and which inputs are not shown. */
export interface PreparedSpec {
  compare: Record<string, unknown>
  send: Record<string, unknown>
  /** Input keys whose values a plan shows as `'(secret)'`. */
  hidden: ReadonlySet<string>
}

interface PrepareContext {
  env: EnvReader
  rotate: boolean
  where: Omit<PlanError, 'message'>
}

/**
 * A hog function spec against its live form (`undefined` for a create). A stored secret that is left alone
 * is neither compared nor sent (`{ secret: true }` keeps it); on create, or with `rotate` for a `$env`
 * value, it is read from the environment and sent. A `$env` value of another input is read and compared.
 */
export function prepareInputs(spec: Record<string, unknown>, live: Record<string, unknown> | undefined, context: PrepareContext): PreparedSpec {
  const inputs = spec.inputs
  if (typeof inputs !== 'object' || inputs === null) return { compare: spec, send: spec, hidden: new Set() }
  const liveInputs = (live?.inputs ?? {}) as Record<string, unknown>
  const compare: Record<string, unknown> = {}
  const send: Record<string, unknown> = {}
  const hidden = new Set<string>()
  for (const [key, input] of Object.entries(inputs as Record<string, unknown>)) {
    const value = (input as { value?: unknown } | null)?.value
    const field = `inputs.${key}`
    const storedSecret = live !== undefined && isStoredSecret(liveInputs[key])
    if (storedSecret) hidden.add(key)
    if (storedSecret && !(context.rotate && isEnvReference(value))) {
      send[key] = { secret: true }
      continue
    }
    if (!storedSecret && isMasked(input)) {
      context.env.errors.push({ ...context.where, message: `${field}: is only the mask a read returns for a secret, with no stored secret to keep: write { value: { $env: '${secretVariableName(String(spec.name), key)}' } }` })
      continue
    }
    if (!isEnvReference(value)) {
      compare[key] = input
      send[key] = input
      continue
    }
    hidden.add(key)
    const resolved = { ...(input as object), value: context.env.read(value, context.where, field) }
    compare[key] = storedSecret ? { ...resolved, value: DIFFERENT } : resolved
    send[key] = resolved
  }
  return { compare: { ...spec, inputs: compare }, send: { ...spec, inputs: send }, hidden }
}

/** A live input that pull turned into a `$env` reference: a masked secret. */
function isStoredSecret(liveInput: unknown): boolean {
  return isEnvReference((liveInput as { value?: unknown } | undefined)?.value)
}
