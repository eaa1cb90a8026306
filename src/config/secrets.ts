import { DIFFERENT, isPlainObject, stableJson } from './diff.js'
import type { FieldChange, PlanError } from './types.js'

/**
 * Secret hog function inputs, the function's own and those of its mappings. The service reads a function's
 * secret back as the mask `{ secret: true }` and a mapping's as its value (docs/service-behaviour.md §P4.2); a
 * spec holds `{ value: { $env: NAME } }` instead, and the value is read from the environment only when it is
 * sent or compared.
 */

type Inputs = Record<string, unknown>

/** What a spec holds in place of a value: the name of an environment variable. */
export interface EnvReference {
  $env: string
}

/** The shown form of a secret in a plan. */
export const SECRET_SHOWN = '(secret)'

/**
 * The variable `pull` names for a secret input: `POSTHOG_SECRET_<FUNCTION>_<INPUT>`, and for an input of a
 * mapping `POSTHOG_SECRET_<FUNCTION>_MAPPING_<MAPPING>_<INPUT>` (the mapping's name, or its position from 1 when
 * it has none). Each part upper case with every run of other characters than letters and digits as one `_`
 * (`Order webhook`, `api_token` → `POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN`). Stable: the same names give the
 * same variable.
 */
export function secretVariableName(functionName: string, inputKey: string, mapping?: string): string {
  const scope = mapping === undefined ? '' : `MAPPING_${snake(mapping)}_`
  return `POSTHOG_SECRET_${snake(functionName)}_${scope}${snake(inputKey)}`
}

function snake(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '').toUpperCase()
}

export function isEnvReference(value: unknown): value is EnvReference {
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value.$env === 'string'
}

/** A secret as the service reads a function's back: `{ secret: true }` and no value. */
export function isMasked(input: unknown): boolean {
  return isPlainObject(input) && input.secret === true && !('value' in input)
}

/** The keys of `inputs_schema` items declared `secret`. */
function declaredSecrets(schema: unknown): ReadonlySet<string> {
  return new Set(Array.isArray(schema) ? schema.filter((item) => isPlainObject(item) && item.secret === true).map((item) => String((item as Inputs).key)) : [])
}

/** A live input that holds a stored secret: the mask, or a value of an input declared secret. */
function holdsSecret(input: unknown, declared: boolean): boolean {
  if (isMasked(input)) return true
  const value = (input as { value?: unknown } | undefined)?.value
  return declared && value !== undefined && value !== null && value !== ''
}

/** One set of inputs: the function's (`inputs`) or a mapping's (`mappings[0].inputs`). */
interface InputSet {
  /** Its path in the spec. */
  path: string
  /** The index of its mapping; `undefined` for the function's own inputs. */
  mapping: number | undefined
  inputs: Inputs
  /** The keys its `inputs_schema` declares secret. */
  declared: ReadonlySet<string>
  /** The variable `pull` names for one of its inputs. */
  variable(key: string): string
}

/** Every set of inputs of a hog function spec, with what names their variables. */
function inputSets(spec: Inputs): InputSet[] {
  const functionName = String(spec.name)
  const sets: InputSet[] = []
  if (isPlainObject(spec.inputs)) {
    sets.push({ path: 'inputs', mapping: undefined, inputs: spec.inputs, declared: declaredSecrets(spec.inputs_schema), variable: (key) => secretVariableName(functionName, key) })
  }
  if (Array.isArray(spec.mappings)) {
    spec.mappings.forEach((mapping: unknown, index) => {
      if (!isPlainObject(mapping) || !isPlainObject(mapping.inputs)) return
      const mappingName = typeof mapping.name === 'string' && mapping.name !== '' ? mapping.name : String(index + 1)
      const variable = (key: string) => secretVariableName(functionName, key, mappingName)
      sets.push({ path: `mappings[${index}].inputs`, mapping: index, inputs: mapping.inputs, declared: declaredSecrets(mapping.inputs_schema), variable })
    })
  }
  return sets
}

/** `spec` with the inputs of `set` replaced. */
function withInputs(spec: Inputs, set: InputSet, inputs: Inputs): Inputs {
  if (set.mapping === undefined) return { ...spec, inputs }
  const mappings = [...(spec.mappings as unknown[])]
  mappings[set.mapping] = { ...(mappings[set.mapping] as Inputs), inputs }
  return { ...spec, mappings }
}

/** A pulled hog function: each stored secret, the function's and its mappings', as a `$env` reference to its variable. */
export function referenceSecrets(spec: Inputs): Inputs {
  let out = spec
  for (const set of inputSets(spec)) {
    const inputs = Object.fromEntries(Object.entries(set.inputs).map(([key, input]) => [key, holdsSecret(input, set.declared.has(key)) ? { value: { $env: set.variable(key) } } : input]))
    out = withInputs(out, set, inputs)
  }
  return out
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

/** A spec made ready: what is compared with the live resource, what is sent, and where the secrets are. */
export interface PreparedSpec {
  compare: Record<string, unknown>
  send: Record<string, unknown>
  /** The paths of the inputs a plan shows as `'(secret)'` (`inputs.api_token`, `mappings[0].inputs.token`). */
  hidden: ReadonlySet<string>
}

interface PrepareContext {
  env: EnvReader
  rotate: boolean
  where: Omit<PlanError, 'message'>
}

/**
 * A hog function spec against the live function's writable fields, secrets as read (`undefined` for a
 * create). A stored secret the spec leaves to `$env` (or to the mask) is kept: not compared, and sent back as
 * read when its set of inputs is sent (the mask keeps a function's secret; a mapping's is read whole). On
 * create, or with `rotate`, the `$env` value is read and sent; compared too where the live value can be read.
 * Any other `$env` value is read and compared.
 */
export function prepareSecrets(spec: Inputs, live: Inputs | undefined, context: PrepareContext): PreparedSpec {
  let compare = spec
  let send = spec
  const hidden = new Set<string>()
  for (const set of inputSets(spec)) {
    const liveSet = live && liveSetOf(live, spec, set)
    // A secret is one whichever side declares it: a spec may leave `inputs_schema` to the service.
    const declared = new Set([...set.declared, ...(liveSet?.declared ?? [])])
    const prepared = prepareSet({ ...set, declared }, liveSet?.inputs, context, hidden)
    compare = withInputs(compare, set, prepared.compare)
    send = withInputs(send, set, prepared.send)
  }
  return { compare, send, hidden }
}

/** The live inputs matching a set of the spec, and what their schema declares secret: a mapping by its name when both have one, else by position. */
function liveSetOf(live: Inputs, spec: Inputs, set: InputSet): { inputs: Inputs; declared: ReadonlySet<string> } {
  const of = (owner: unknown) => ({
    inputs: isPlainObject(owner) && isPlainObject(owner.inputs) ? owner.inputs : {},
    declared: declaredSecrets(isPlainObject(owner) ? owner.inputs_schema : undefined),
  })
  if (set.mapping === undefined) return of(live)
  const liveMappings = (Array.isArray(live.mappings) ? live.mappings : []) as unknown[]
  const name = ((spec.mappings as unknown[])[set.mapping] as Inputs).name
  const named = typeof name === 'string' ? liveMappings.filter((mapping) => isPlainObject(mapping) && mapping.name === name) : []
  return of(named.length === 1 ? named[0] : liveMappings[set.mapping])
}

function prepareSet(set: InputSet, live: Inputs | undefined, context: PrepareContext, hidden: Set<string>): { compare: Inputs; send: Inputs } {
  const compare: Inputs = {}
  const send: Inputs = {}
  for (const [key, input] of Object.entries(set.inputs)) {
    const value = (input as { value?: unknown } | null)?.value
    const field = `${set.path}.${key}`
    const liveInput = live?.[key]
    const stored = live !== undefined && holdsSecret(liveInput, set.declared.has(key))
    const readable = stored && !isMasked(liveInput)
    const fromEnv = isEnvReference(value)
    if (stored || fromEnv || set.declared.has(key)) hidden.add(field)
    // Kept as read: the spec leaves it to the mask or to `$env` (unless rotating), or gives a value that no
    // masked secret can be compared with.
    if (stored && (isMasked(input) || (fromEnv ? !context.rotate : !readable))) {
      send[key] = liveInput
      continue
    }
    if (!stored && isMasked(input)) {
      context.env.errors.push({ ...context.where, message: `${field}: is only the mask a read returns for a secret, with no stored secret to keep: write { value: { $env: '${set.variable(key)}' } }` })
      continue
    }
    const resolved = fromEnv ? { ...(input as object), value: context.env.read(value, context.where, field) } : input
    send[key] = resolved
    if (!stored) compare[key] = resolved
    else if (!readable || !sameValue(liveInput, resolved)) compare[key] = { ...(resolved as object), value: DIFFERENT }
  }
  return { compare, send }
}

function sameValue(live: unknown, desired: unknown): boolean {
  return stableJson((live as { value?: unknown }).value) === stableJson((desired as { value?: unknown }).value)
}

/**
 * A field change as a plan shows it: a secret input's own fields as `'(secret)'` on both sides, and a larger
 * value that holds secret inputs (`inputs`, `mappings`, …) with each of them as `{ value: '(secret)' }`, its
 * `after` as `send` has it (a kept secret is not compared, but is sent).
 */
export function hideSecrets(field: FieldChange, prepared: PreparedSpec): FieldChange {
  const inside: string[] = []
  for (const path of prepared.hidden) {
    if (isWithin(field.path, path)) return { path: field.path, before: SECRET_SHOWN, after: SECRET_SHOWN }
    if (isWithin(path, field.path)) inside.push(path.slice(field.path.length))
  }
  if (inside.length === 0) return field
  const sent = segmentsOf(field.path).reduce<unknown>((value, segment) => (value as Record<string | number, unknown> | undefined)?.[segment], prepared.send)
  return { path: field.path, before: maskAll(field.before, inside), after: maskAll(sent, inside) }
}

/** Whether `path` is `parent` or inside it. */
function isWithin(path: string, parent: string): boolean {
  return path === parent || path.startsWith(`${parent}.`) || path.startsWith(`${parent}[`)
}

/** `mappings[0].inputs` → `['mappings', 0, 'inputs']`. */
function segmentsOf(path: string): Array<string | number> {
  return [...`.${path}`.matchAll(/\.([^.[]+)|\[(\d+)\]/g)].map((match) => match[1] ?? Number(match[2]))
}

function maskAll(value: unknown, relativePaths: readonly string[]): unknown {
  return relativePaths.reduce((out, relative) => maskAt(out, segmentsOf(relative)), value)
}

/** A copy of `value` with the input at `segments` shown as `{ value: '(secret)' }`, when there is one. */
function maskAt(value: unknown, segments: ReadonlyArray<string | number>): unknown {
  if (segments.length === 0) return value === undefined ? value : { value: SECRET_SHOWN }
  const [head, ...rest] = segments as [string | number, ...Array<string | number>]
  if (Array.isArray(value) && typeof head === 'number' && head < value.length) return value.map((item, index) => (index === head ? maskAt(item, rest) : item))
  if (isPlainObject(value) && typeof head === 'string' && head in value) return { ...value, [head]: maskAt(value[head], rest) }
  return value
}
