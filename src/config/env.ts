import { InvalidArgumentError } from 'posthog-project-client'

/**
 * The environment as a plan may read it: only variables named `POSTHOG_SECRET_*` (the names `pull` gives)
 * or allowed by name or pattern, each read recorded so that its value can be scrubbed from every output.
 */

/** What `plan` (and `planCopy`, `readPlan`) take to read `$env` values. */
export interface EnvOptions {
  /** Where `$env` values are read. Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>
  /** Names (or patterns) `$env` may read besides `POSTHOG_SECRET_*`. */
  allowEnv?: ReadonlyArray<string | RegExp>
}

export const SECRET_PREFIX = 'POSTHOG_SECRET_'

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/

/** A `$env` name as a message shows it: quoted when it is not a variable name (no line break reaches a message). */
export function shownName(name: string): string {
  return VARIABLE_NAME.test(name) ? name : JSON.stringify(name)
}

/** A read that failed: a plan error; the variable is named, its value never shown. */
export type EnvRead = { ok: true; value: string } | { ok: false; message: string }

export class EnvReader {
  // Private: no inspection of a plan (util.inspect with showHidden) reaches the values through its reader.
  readonly #values = new Set<string>()
  readonly #env: Readonly<Record<string, string | undefined>>
  readonly #allowed: ReadonlyArray<string | RegExp>

  /** @throws {@link InvalidArgumentError} when `allowEnv` is not an array of names and patterns. */
  constructor(options: EnvOptions = {}) {
    this.#env = options.env ?? processEnv()
    this.#allowed = checkAllowEnv(options.allowEnv)
  }

  /** Whether `$env` may read `name`. */
  allows(name: string): boolean {
    return (
      name.startsWith(SECRET_PREFIX) ||
      this.#allowed.some((rule) => (typeof rule === 'string' ? rule === name : matches(rule, name)))
    )
  }

  /** Why `$env` may not name `name` (at `field`, the location of the `$env`), or `undefined`: not read either way. */
  refusal(name: string, field: string): string | undefined {
    if (!VARIABLE_NAME.test(name))
      return `${field}: $env ${shownName(name)} is not a variable name (letters, digits and _)`
    if (!this.allows(name))
      return (
        `${field}: $env ${name} is not allowed: $env reads only variables named ${SECRET_PREFIX}* unless allowed ` +
        `(allowEnv, --allow-env ${name})`
      )
    return undefined
  }

  /** Every value read so far, for the scrubber: what a plan read is removed from all it shows. */
  get values(): ReadonlySet<string> {
    return this.#values
  }

  /** The value of `name`, or why it cannot be read. */
  read(name: string, field: string): EnvRead {
    const refusal = this.refusal(name, field)
    if (refusal !== undefined) return { ok: false, message: refusal }
    const value = this.#env[name]
    if (value === undefined) return { ok: false, message: `${field}: environment variable ${name} is not set` }
    this.#values.add(value)
    return { ok: true, value }
  }

  /** Whether `name` is set (a saved plan checks what a create will need before it is applied). */
  isSet(name: string): boolean {
    return this.#env[name] !== undefined
  }

  /** Records a value derived from one read (a string inside a JSON variable), to scrub it too. */
  derived(value: string): void {
    this.#values.add(value)
  }
}

function checkAllowEnv(allowEnv: EnvOptions['allowEnv']): ReadonlyArray<string | RegExp> {
  if (allowEnv === undefined) return []
  if (!Array.isArray(allowEnv))
    throw new InvalidArgumentError('options.allowEnv', 'expected an array of variable names and RegExp patterns')
  allowEnv.forEach((rule: unknown, index) => {
    if (!(rule instanceof RegExp) && (typeof rule !== 'string' || rule === ''))
      throw new InvalidArgumentError(`options.allowEnv[${index}]`, 'expected a variable name or a RegExp')
  })
  return [...allowEnv]
}

/** A pattern tested afresh (a global or sticky RegExp keeps state between tests). */
function matches(pattern: RegExp, name: string): boolean {
  pattern.lastIndex = 0
  return pattern.test(name)
}

function processEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {}
}
