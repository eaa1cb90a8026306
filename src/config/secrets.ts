import { DIFFERENT, isPlainObject, isWithin, pathText, stableJson, type Difference, type Segments } from './diff.js'
import { shownName, type EnvReader } from './env.js'

/**
 * Secret hog function inputs, the function's own and those of its mappings. The service reads a function's
 * secret back as the mask `{ secret: true }` and a mapping's as its value (docs/service-behaviour.md §P4.2); a
 * spec holds `{ value: { $env: NAME } }` instead (or `$env` at any depth inside the value), and the value is
 * read from the environment only when it is sent or compared. `$env` stands nowhere else. Every location is
 * a list of segments (keys and indexes), so no input key, whatever its characters, is mistaken for another.
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
  return text
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase()
}

export function isEnvReference(value: unknown): value is EnvReference {
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value.$env === 'string'
}

/** A secret as the service reads a function's back: `{ secret: true }` and no value. */
export function isMasked(input: unknown): boolean {
  return isPlainObject(input) && input.secret === true && !('value' in input)
}

/** An input's entry in `inputs_schema`: whether it is secret, and its type (`json`, `dictionary`, `string`, …). */
interface InputSchema {
  secret: boolean
  type: unknown
}

/** The items of an `inputs_schema` by key. */
function schemaOf(schema: unknown): ReadonlyMap<string, InputSchema> {
  const items = Array.isArray(schema) ? schema.filter(isPlainObject) : []
  return new Map(items.map((item) => [String(item.key), { secret: item.secret === true, type: item.type }]))
}

/** A live input that holds a stored secret: the mask, or a value of an input declared secret. */
function holdsSecret(input: unknown, declared: boolean): boolean {
  if (isMasked(input)) return true
  const value = (input as { value?: unknown } | undefined)?.value
  return declared && value !== undefined && value !== null && value !== ''
}

/** One set of inputs: the function's (`inputs`) or a mapping's (`mappings[0].inputs`). */
interface InputSet {
  /** Its location in the spec: `['inputs']` or `['mappings', 0, 'inputs']`. */
  at: Segments
  /** The index of its mapping; `undefined` for the function's own inputs. */
  mapping: number | undefined
  inputs: Inputs
  /** Its `inputs_schema` by key. */
  schema: ReadonlyMap<string, InputSchema>
  /** The variable `pull` names for one of its inputs. */
  variable(key: string): string
}

/** Every set of inputs of a hog function spec, with what names their variables. */
function inputSets(spec: Inputs): InputSet[] {
  const functionName = String(spec.name)
  const sets: InputSet[] = []
  if (isPlainObject(spec.inputs)) {
    sets.push({
      at: ['inputs'],
      mapping: undefined,
      inputs: spec.inputs,
      schema: schemaOf(spec.inputs_schema),
      variable: (key) => secretVariableName(functionName, key),
    })
  }
  if (Array.isArray(spec.mappings)) {
    spec.mappings.forEach((mapping: unknown, index) => {
      if (!isPlainObject(mapping) || !isPlainObject(mapping.inputs)) return
      const mappingName = typeof mapping.name === 'string' && mapping.name !== '' ? mapping.name : String(index + 1)
      const variable = (key: string) => secretVariableName(functionName, key, mappingName)
      sets.push({
        at: ['mappings', index, 'inputs'],
        mapping: index,
        inputs: mapping.inputs,
        schema: schemaOf(mapping.inputs_schema),
        variable,
      })
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

/**
 * A pulled hog function: each stored secret, the function's and its mappings', as a `$env` reference to its variable.
 */
export function referenceSecrets(spec: Inputs): Inputs {
  let out = spec
  for (const set of inputSets(spec)) {
    const inputs = Object.fromEntries(
      Object.entries(set.inputs).map(([key, input]) => [
        key,
        holdsSecret(input, set.schema.get(key)?.secret === true) ? { value: { $env: set.variable(key) } } : input,
      ]),
    )
    out = withInputs(out, set, inputs)
  }
  return out
}

/** A spec made ready: what is compared with the live resource, what is sent, where the secrets are, what it read. */
export interface PreparedSpec {
  compare: Record<string, unknown>
  send: Record<string, unknown>
  /** The locations of the inputs a plan shows as `'(secret)'` (`['mappings', 0, 'inputs', 'token']`). */
  hidden: readonly Segments[]
  /** The names of the variables read, sorted. */
  reads: string[]
}

export interface PrepareContext {
  env: EnvReader
  rotate: boolean
  /** Records a plan error of this spec. */
  error(message: string): void
}

/**
 * A hog function spec against the live function's writable fields, secrets as read (`undefined` for a
 * create). A stored secret the spec leaves to `$env` (or to the mask) is kept: not compared, and sent back as
 * read when its set of inputs is sent (the mask keeps a function's secret; a mapping's is read whole). On
 * create, or with `rotate`, the `$env` values are read and sent; compared too where the live value can be
 * read. A `$env` in an input that no schema declares secret is left for {@link strayReferences}, unread.
 */
export function prepareSecrets(spec: Inputs, live: Inputs | undefined, context: PrepareContext): PreparedSpec {
  let compare = spec
  let send = spec
  const hidden: Segments[] = []
  const reads = new Set<string>()
  for (const set of inputSets(spec)) {
    const liveSet = live && liveSetOf(live, spec, set)
    // A secret is one whichever side declares it: a spec may leave `inputs_schema` to the service.
    const schema = mergedSchema(set.schema, liveSet?.schema)
    const prepared = prepareSet({ ...set, schema }, liveSet?.inputs, { ...context, reads }, hidden)
    compare = withInputs(compare, set, prepared.compare)
    send = withInputs(send, set, prepared.send)
  }
  return { compare, send, hidden, reads: [...reads].sort() }
}

/** Each key secret when either side declares it, its type the spec's unless it leaves it out. */
function mergedSchema(
  spec: ReadonlyMap<string, InputSchema>,
  live: ReadonlyMap<string, InputSchema> = new Map(),
): ReadonlyMap<string, InputSchema> {
  const keys = new Set([...spec.keys(), ...live.keys()])
  return new Map(
    [...keys].map((key) => [
      key,
      {
        secret: spec.get(key)?.secret === true || live.get(key)?.secret === true,
        type: spec.get(key)?.type ?? live.get(key)?.type,
      },
    ]),
  )
}

/**
 * The live inputs matching a set of the spec, and their schema: a mapping by its name when both have one, else by
 * position.
 */
function liveSetOf(
  live: Inputs,
  spec: Inputs,
  set: InputSet,
): { inputs: Inputs; schema: ReadonlyMap<string, InputSchema> } {
  const of = (owner: unknown) => ({
    inputs: isPlainObject(owner) && isPlainObject(owner.inputs) ? owner.inputs : {},
    schema: schemaOf(isPlainObject(owner) ? owner.inputs_schema : undefined),
  })
  if (set.mapping === undefined) return of(live)
  const liveMappings = (Array.isArray(live.mappings) ? live.mappings : []) as unknown[]
  const name = ((spec.mappings as unknown[])[set.mapping] as Inputs).name
  const named =
    typeof name === 'string' ? liveMappings.filter((mapping) => isPlainObject(mapping) && mapping.name === name) : []
  return of(named.length === 1 ? named[0] : liveMappings[set.mapping])
}

interface SetContext extends PrepareContext {
  reads: Set<string>
}

function prepareSet(
  set: InputSet,
  live: Inputs | undefined,
  context: SetContext,
  hidden: Segments[],
): { compare: Inputs; send: Inputs } {
  const compare: Inputs = {}
  const send: Inputs = {}
  for (const [key, input] of Object.entries(set.inputs)) {
    const at = [...set.at, key]
    const value = (input as { value?: unknown } | null)?.value
    const schema = set.schema.get(key)
    const secret = schema?.secret === true
    const liveInput = live?.[key]
    const stored = live !== undefined && holdsSecret(liveInput, secret)
    const readable = stored && !isMasked(liveInput)
    const fromEnv = holdsReference(value)
    if (stored || secret || fromEnv) hidden.push(at)
    if (fromEnv && !secret) {
      // Never read: strayReferences makes it a plan error.
      send[key] = compare[key] = input
      continue
    }
    // Kept as read: the spec leaves it to the mask or to `$env` (unless rotating), or gives a value that no
    // masked secret can be compared with.
    if (stored && (isMasked(input) || (fromEnv ? !context.rotate : !readable))) {
      // Not read, but a name it may not read is refused all the same: the file is what a review sees.
      for (const reference of referencesIn(value, isEnvReference(value) ? at : [...at, 'value'])) {
        const refusal = context.env.refusal(reference.name, pathText(reference.at))
        if (refusal !== undefined) context.error(refusal)
      }
      send[key] = liveInput
      continue
    }
    if (!stored && isMasked(input)) {
      context.error(
        `${pathText(at)}: is only the mask a read returns for a secret, with no stored secret to keep: write { ` +
          `value: { $env: '${set.variable(key)}' } }`,
      )
      continue
    }
    const resolved = fromEnv ? { ...(input as object), value: resolveInput(value, at, schema?.type, context) } : input
    send[key] = resolved
    if (!stored) compare[key] = resolved
    else if (!readable || !sameValue(liveInput, resolved)) compare[key] = { ...(resolved as object), value: DIFFERENT }
  }
  return { compare, send }
}

/** Whether a `$env` reference stands in `value`, at any depth. */
function holdsReference(value: unknown): boolean {
  return referencesIn(value, []).length > 0
}

/** Every `$env` reference in `value` (itself at `at`), with its location. */
function referencesIn(value: unknown, at: Segments): Array<{ name: string; at: Segments }> {
  if (isEnvReference(value)) return [{ name: value.$env, at }]
  if (Array.isArray(value)) return value.flatMap((item, index) => referencesIn(item, [...at, index]))
  return isPlainObject(value) ? Object.entries(value).flatMap(([key, inner]) => referencesIn(inner, [...at, key])) : []
}

/**
 * The value of the secret input at `input` with every `$env` read. Of a `json` or `dictionary` input, a `$env`
 * standing for the whole value names a variable that holds JSON, sent parsed. A read that fails leaves
 * `undefined` and a plan error, which names the input (a whole value) or the `$env`'s own location.
 */
function resolveInput(value: unknown, input: Segments, type: unknown, context: SetContext): unknown {
  if (!isEnvReference(value)) return resolveDeep(value, [...input, 'value'], context)
  return type === 'json' || type === 'dictionary'
    ? readJson(value.$env, input, type, context)
    : readText(value.$env, input, context)
}

function resolveDeep(value: unknown, at: Segments, context: SetContext): unknown {
  if (isEnvReference(value)) return readText(value.$env, at, context)
  if (Array.isArray(value)) return value.map((item, index) => resolveDeep(item, [...at, index], context))
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, resolveDeep(inner, [...at, key], context)]),
    )
  return value
}

function readText(name: string, at: Segments, context: SetContext): string | undefined {
  const read = context.env.read(name, pathText(at))
  if (!read.ok) return void context.error(read.message)
  context.reads.add(name)
  return read.value
}

function readJson(name: string, at: Segments, type: 'json' | 'dictionary', context: SetContext): unknown {
  const text = readText(name, at, context)
  if (text === undefined) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return void context.error(
      `${pathText(at)}: environment variable ${name} does not hold JSON (the input's type is ${type}); its ` +
        `text is not shown`,
    )
  }
  if (type === 'dictionary' && !isPlainObject(parsed))
    return void context.error(
      `${pathText(at)}: environment variable ${name} does not hold a JSON object (the input's type is dictionary)`,
    )
  scalarsOf(parsed).forEach((scalar) => context.env.derived(scalar))
  return parsed
}

/** The strings and numbers inside a parsed JSON value, as text: each is scrubbed like the variable itself. */
function scalarsOf(value: unknown): string[] {
  if (typeof value === 'string' || typeof value === 'number') return [String(value)]
  if (Array.isArray(value)) return value.flatMap(scalarsOf)
  return isPlainObject(value) ? Object.values(value).flatMap(scalarsOf) : []
}

function sameValue(live: unknown, desired: unknown): boolean {
  return stableJson((live as { value?: unknown }).value) === stableJson((desired as { value?: unknown }).value)
}

/**
 * Every `$env` still standing in what a spec would send, as a plan error: a `$env` object is never sent as
 * it is. One inside an input's value names the rule (only inputs declared secret); any other, where it may stand.
 */
export function strayReferences(send: unknown, isHogFunction: boolean): string[] {
  return referencesIn(send, []).map(({ name, at }) => {
    const where =
      isHogFunction && isInInputValue(at)
        ? 'only inside the value of an input whose inputs_schema declares secret: true (the service stores other ' +
          'inputs in clear, and pull would write the value into the files)'
        : 'only inside the value of a secret hog function input'
    return `${pathText(at)}: $env ${shownName(name)} is not read here: $env stands ${where}`
  })
}

/** `inputs.<key>.value…` or `mappings[i].inputs.<key>.value…`. */
function isInInputValue(at: Segments): boolean {
  return (at[0] === 'inputs' && at[2] === 'value') || (at[0] === 'mappings' && at[2] === 'inputs' && at[4] === 'value')
}

/**
 * A difference as a plan shows it: inside a secret input, `'(secret)'` on both sides; a larger value that holds
 * secret inputs (`inputs`, `mappings`, …) with each of them as `{ value: '(secret)' }`, its `after` as `send`
 * has it (a kept secret is not compared, but is sent).
 */
export function hideSecrets(difference: Difference, prepared: PreparedSpec): Difference {
  const { at } = difference
  if (prepared.hidden.some((secret) => isWithin(at, secret))) return { at, before: SECRET_SHOWN, after: SECRET_SHOWN }
  const inside = prepared.hidden.filter((secret) => isWithin(secret, at)).map((secret) => secret.slice(at.length))
  if (inside.length === 0) return difference
  const sent = at.reduce<unknown>(
    (value, segment) => (value as Record<string | number, unknown> | undefined)?.[segment],
    prepared.send,
  )
  return { at, before: maskAll(difference.before, inside), after: maskAll(sent, inside) }
}

function maskAll(value: unknown, relative: readonly Segments[]): unknown {
  return relative.reduce((out, segments) => maskAt(out, segments), value)
}

/** A copy of `value` with the input at `segments` shown as `{ value: '(secret)' }`, when there is one. */
function maskAt(value: unknown, segments: Segments): unknown {
  if (segments.length === 0) return value === undefined ? value : { value: SECRET_SHOWN }
  const [head, ...rest] = segments as [string | number, ...Array<string | number>]
  if (Array.isArray(value) && typeof head === 'number' && head < value.length)
    return value.map((item, index) => (index === head ? maskAt(item, rest) : item))
  if (isPlainObject(value) && typeof head === 'string' && Object.hasOwn(value, head))
    return { ...value, [head]: maskAt(value[head], rest) }
  return value
}

/** A hog function's secrets: the values of the inputs its `inputs_schema` declares secret. */
type Spec = Record<string, unknown>

/** How `plan` reads and writes the secrets of a kind (hog function inputs, encrypted flag payloads). */
export interface SecretHandling {
  /** What a spec compares and sends, its `$env` values read. */
  prepare(spec: Spec, live: Spec | undefined, context: PrepareContext): PreparedSpec
  /** A live spec with each stored secret as a `$env` reference, as `pull` writes it. */
  reference(spec: Spec): Spec
  /** The live resource is compared as `pull` writes it (its secrets as references). */
  readonly comparedAsReferenced: boolean
  /** Secrets are the values of inputs (a stray `$env` elsewhere is told so). */
  readonly inInputs: boolean
}

export const hogInputSecrets: SecretHandling = {
  prepare: prepareSecrets,
  reference: referenceSecrets,
  comparedAsReferenced: true,
  inInputs: true,
}
