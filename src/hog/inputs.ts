/**
 * A hog function's inputs evaluated as PostHog's CDP evaluates them (docs/service-behaviour.md [`T1`]–[`T4`]):
 * secrets (`$env`) read from the environment, each string leaf of a templated input compiled as a template and
 * run against the globals, in `order`, each input seeing those before it.
 */
import { compileHog } from './compile.js'
import { HogCompileError } from './errors.js'
import { runHog } from './run.js'

export interface HogInputSchemaItem {
  readonly key: string
  readonly type?: string
  readonly secret?: boolean
  readonly templating?: boolean | 'hog' | 'liquid'
  readonly default?: unknown
}

export interface HogFunctionInput {
  readonly value?: unknown
  readonly templating?: 'hog' | 'liquid'
  readonly order?: number
  readonly [key: string]: unknown
}

/** Input types whose string leaves are templates ([`T1`]). */
const TEMPLATED_TYPES = new Set(['string', 'boolean', 'dictionary', 'json', 'email', 'native_email'])

export interface EvaluatedInputs {
  readonly inputs: Record<string, unknown>
  /** The string values of secret inputs: redacted from every log line and recorded call ([`R7`]). */
  readonly sensitive: string[]
  readonly unsupported: string[]
}

export class InputError extends Error {
  override readonly name = 'InputError'
}

/** Replaces every `{ $env: NAME }` in `value` with the variable's value; a missing variable is an error. */
export function resolveEnv(value: unknown, env: Readonly<Record<string, string | undefined>>, key: string): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveEnv(item, env, key))
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
    const only = entries.length === 1 ? entries[0] : undefined
    if (only && only[0] === '$env' && typeof only[1] === 'string') {
      const read = env[only[1]]
      if (read === undefined) throw new InputError(`Input ${key}: environment variable ${only[1]} is not set`)
      return read
    }
    return Object.fromEntries(entries.map(([name, item]) => [name, resolveEnv(item, env, key)]))
  }
  return value
}

/** Evaluates `inputs` (the function's, with a mapping's layered over) against `globals`. */
export async function evaluateInputs(
  schema: readonly HogInputSchemaItem[],
  given: Readonly<Record<string, unknown>>,
  globals: Record<string, unknown>,
  env: Readonly<Record<string, string | undefined>>,
): Promise<EvaluatedInputs> {
  const unsupported: string[] = []
  const sensitive: string[] = []
  const bySchema = new Map(schema.map((item, index) => [item.key, { item, index }]))
  const entries = Object.entries(given).map(([key, raw], position) => {
    const isInput = typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    const input = (isInput ? raw : { value: raw }) as HogFunctionInput
    const schemaEntry = bySchema.get(key)
    const order = typeof input.order === 'number' ? input.order : (schemaEntry?.index ?? schema.length + position)
    return { key, input, item: schemaEntry?.item, order }
  })
  entries.sort((left, right) => left.order - right.order)
  const inputs: Record<string, unknown> = {}
  for (const { key, input, item } of entries) {
    const value = resolveEnv(input.value ?? null, env, key)
    const secret = item?.secret === true || item?.type === 'integration'
    if (secret) collectStrings(value, sensitive)
    const declared = item?.templating === 'liquid' ? 'liquid' : 'hog'
    const templating = item?.templating === false ? null : (input.templating ?? declared)
    if (templating === 'liquid') {
      unsupported.push(`inputs.${key}: liquid templating (the raw value is used)`)
      inputs[key] = value
    } else if (templating === 'hog' && (item === undefined || TEMPLATED_TYPES.has(item.type ?? 'string'))) {
      inputs[key] = await evaluate(value, { ...globals, inputs: { ...inputs } }, key, secret)
    } else {
      inputs[key] = value
    }
  }
  sensitive.push(...sensitiveValues(schema, inputs))
  return { inputs, sensitive: [...new Set(sensitive.filter((text) => text.trim() !== ''))], unsupported }
}

/** Header names that carry a credential: the CDP masks their values in a non-secret dictionary too ([`R7`]). */
const CREDENTIAL_HEADER = new RegExp(
  `^(${[
    'authorization',
    'proxy-authorization',
    'cookie',
    'x-api-key',
    'api-?key',
    'x-auth-token',
    'auth-?token',
    'access-?token',
    'x-auth',
    'token',
    'secret',
    'x-secret',
  ].join('|')})$`,
  'i',
)

/** The values the CDP redacts (`getSensitiveValues`): secret inputs as evaluated, credential headers. */
function sensitiveValues(schema: readonly HogInputSchemaItem[], inputs: Record<string, unknown>): string[] {
  const values: string[] = []
  for (const item of schema) {
    const value = inputs[item.key]
    if (item.type === 'dictionary' && item.secret !== true && typeof value === 'object' && value !== null) {
      for (const [name, text] of Object.entries(value)) {
        if (typeof text !== 'string' || !CREDENTIAL_HEADER.test(name.trim())) continue
        values.push(text)
        const bare = text.replace(/^(bearer|basic|token)\s+/i, '')
        if (bare !== text) values.push(bare)
      }
    }
    if (item.secret === true || item.type === 'integration') {
      if (typeof value === 'string') values.push(value)
      else if (typeof value === 'object' && value !== null) {
        for (const text of Object.values(value)) if (typeof text === 'string') values.push(text)
      }
    }
  }
  return values
}

function collectStrings(value: unknown, into: string[]): void {
  if (typeof value === 'string') into.push(value)
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) collectStrings(item, into)
  }
}

async function evaluate(
  value: unknown,
  globals: Record<string, unknown>,
  key: string,
  secret: boolean,
): Promise<unknown> {
  if (typeof value === 'string') {
    let bytecode
    try {
      bytecode = await compileHog(value, { template: true })
    } catch (error) {
      // A secret's text never reaches a message.
      const detail = error instanceof HogCompileError && !secret ? `: ${error.message}` : ''
      throw new InputError(`Invalid template in input ${key}${detail}`)
    }
    const run = await runHog(bytecode, { globals })
    if (run.error !== null) throw new InputError(`Could not execute bytecode for input field: ${key}`)
    return run.result
  }
  if (Array.isArray(value)) return Promise.all(value.map((item) => evaluate(item, globals, key, secret)))
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {}
    for (const [name, item] of Object.entries(value)) out[name] = await evaluate(item, globals, key, secret)
    return out
  }
  return value
}
