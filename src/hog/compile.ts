/** `compileHog`: Hog source to the bytecode PostHog stores for it (docs/service-behaviour.md §13, [`H1`]). */
import { Compiler, type HogOperand } from './compiler.js'
import { BYTECODE_IDENTIFIER, BYTECODE_VERSION } from './opcodes.js'
import { parseHog } from './parser.js'

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
  const mode = options.template ? 'template' : options.expression ? 'expression' : 'program'
  const key = `${mode}\u0000${source}`
  const known = COMPILED.get(key)
  if (known) return structuredClone(known)
  const ast = await parseHog(source, mode)
  const compiler = new Compiler({ text: source, shift: mode === 'template' ? 2 : 0 })
  const bytecode: HogBytecode = [BYTECODE_IDENTIFIER, BYTECODE_VERSION, ...compiler.visit(ast)]
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
