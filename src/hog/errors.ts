/** A Hog program, template or expression that does not parse or compile (docs/service-behaviour.md [`H19`]). */
export class HogCompileError extends Error {
  override readonly name = 'HogCompileError'
  /** 1-based line of the error's start, when known. */
  readonly line: number | null
  /** 0-based column of the error's start, when known. */
  readonly column: number | null

  constructor(message: string, position?: { line: number; column: number }) {
    super(position ? `${message} (line ${position.line}, column ${position.column})` : message)
    this.line = position?.line ?? null
    this.column = position?.column ?? null
  }
}

/** Line (1-based) and column (0-based) of a character offset in `source`. */
export function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, Math.min(offset, source.length)))
  const lastBreak = before.lastIndexOf('\n')
  return { line: before.split('\n').length, column: before.length - lastBreak - 1 }
}
