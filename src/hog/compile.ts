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
  const ast = await parseHog(source, mode)
  const compiler = new Compiler({ text: source, shift: mode === 'template' ? 2 : 0 })
  return [BYTECODE_IDENTIFIER, BYTECODE_VERSION, ...compiler.visit(ast)]
}
