/** `compileHog`: Hog source to the bytecode PostHog stores for it (docs/service-behaviour.md §13, [`H1`]). */
import { Compiler, type HogOperand } from './compiler.js'
import { BYTECODE_IDENTIFIER, BYTECODE_VERSION } from './opcodes.js'
import { loadHogParser, parseHog, type HogNode, type ParseMode } from './parser.js'

/** Hog bytecode as PostHog stores it: `['_H', 1, …]`. */
export type HogBytecode = HogOperand[]

export interface CompileHogOptions {
  /** The source is a template string such as `Hello {event.event}` (as inputs are compiled). */
  readonly template?: boolean
  /** The source is one expression (as filters are compiled). */
  readonly expression?: boolean
}

/**
 * Compiles a Hog program (or a template string, or one expression) to the array PostHog's compiler gives.
 * Rejects with `HogCompileError` on a syntax error or a construct that does not compile.
 */
export async function compileHog(source: string, options: CompileHogOptions = {}): Promise<HogBytecode> {
  const mode = modeOf(options)
  const key = `${mode}\u0000${source}`
  const known = COMPILED.get(key)
  if (known) return structuredClone(known)
  const bytecode = compileAst(source, mode, await parseHog(source, mode))
  if (COMPILED.size >= MAX_REMEMBERED) COMPILED.delete(COMPILED.keys().next().value!)
  COMPILED.set(key, structuredClone(bytecode))
  return bytecode
}

/**
 * Sources compiled lately, by mode: the same function run on many events (a test suite, the fake's test runs)
 * parses its code once, not once an event (parsing a program takes about 20 ms). Each caller gets its own copy.
 */
const COMPILED = new Map<string, HogBytecode>()
const MAX_REMEMBERED = 256

/** What `loadHogCompiler` gives: the bytecode, and the input keys the code reads (`inputs.<key>`). */
export interface CompiledHog {
  readonly bytecode: HogBytecode
  readonly inputs: string[]
}

/**
 * `compileHog` once PostHog's parser is loaded, synchronous from then on (the fake compiles inside its
 * handlers). It also names the inputs the code reads, as PostHog's input collector does (it orders inputs).
 * Throws `HogCompileError`.
 */
export async function loadHogCompiler(): Promise<(source: string, options?: CompileHogOptions) => CompiledHog> {
  const parse = await loadHogParser()
  return (source, options = {}) => {
    const mode = modeOf(options)
    const ast = parse(source, mode)
    return { bytecode: compileAst(source, mode, ast), inputs: [...inputsRead(ast, new Set())] }
  }
}

function modeOf(options: CompileHogOptions): ParseMode {
  return options.template ? 'template' : options.expression ? 'expression' : 'program'
}

function compileAst(source: string, mode: ParseMode, ast: HogNode): HogBytecode {
  const compiler = new Compiler({ text: source, shift: mode === 'template' ? 2 : 0 })
  return [BYTECODE_IDENTIFIER, BYTECODE_VERSION, ...compiler.visit(ast)]
}

/** Every `inputs.<key>` field of the tree (`<key>` the chain's second element). */
function inputsRead(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) inputsRead(item, found)
  else if (typeof node === 'object' && node !== null) {
    const record = node as Record<string, unknown>
    const chain = record['chain']
    if (record['node'] === 'Field' && Array.isArray(chain) && chain[0] === 'inputs' && chain.length > 1) {
      found.add(String(chain[1]))
    }
    for (const value of Object.values(record)) inputsRead(value, found)
  }
  return found
}
