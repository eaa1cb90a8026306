/**
 * PostHog's own Hog parser (`@posthog/hogql-parser`, WebAssembly), loaded on first use. Its answers are JSON
 * text; floats are marked before `JSON.parse` (docs/service-behaviour.md [`H4`]): `1.0` must stay a float.
 */
import { HogCompileError, positionOf } from './errors.js'

/** A node of the parser's AST: `node` names its class, the other keys its fields. */
export interface HogNode {
  readonly node: string
  readonly start?: { readonly offset: number }
  readonly [field: string]: unknown
}

/** A float literal of the source, kept apart from integers (`JSON.parse` reads `1.0` as the number 1). */
export interface HogFloat {
  readonly hogFloat: number
}

export type ParseMode = 'program' | 'template' | 'expression'

interface Parser {
  parseProgram(input: string, isInternal?: boolean): string
  parseExpr(input: string, isInternal?: boolean): string
  parseFullTemplateString(input: string, isInternal?: boolean): string
}

let parser: Promise<Parser> | undefined

function loadParser(): Promise<Parser> {
  parser ??= import('@posthog/hogql-parser').then((module) => module.default())
  return parser
}

/** Parses `source` as a program, a template string (without its `F'` prefix) or one expression. */
export async function parseHog(source: string, mode: ParseMode): Promise<HogNode> {
  return parseWith(await loadParser(), source, mode)
}

/** `parseHog` once the parser is loaded: synchronous from then on. */
export async function loadHogParser(): Promise<(source: string, mode: ParseMode) => HogNode> {
  const wasm = await loadParser()
  return (source, mode) => parseWith(wasm, source, mode)
}

function parseWith(wasm: Parser, source: string, mode: ParseMode): HogNode {
  // A template is parsed as the body of an f-string: `F'` and no closing quote (docs/service-behaviour.md [`H16`]).
  const text = mode === 'template' ? `F'${source}` : source
  const raw =
    mode === 'program'
      ? wasm.parseProgram(text)
      : mode === 'expression'
        ? wasm.parseExpr(text)
        : wasm.parseFullTemplateString(text)
  const parsed = JSON.parse(markFloats(raw)) as HogNode | ParseFailure
  if (isFailure(parsed)) {
    const offset = Math.max(0, parsed.start.offset - (mode === 'template' ? 2 : 0))
    throw new HogCompileError(`${parsed.type}: ${parsed.message}`, positionOf(source, offset))
  }
  return parsed as HogNode
}

interface ParseFailure {
  readonly error: true
  readonly type: string
  readonly message: string
  readonly start: { readonly offset: number }
}

/** Rewrites every number token with a fraction or an exponent, outside strings, as `{"hogFloat": n}`. */
export function markFloats(json: string): string {
  return json.replace(/"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][+-]?\d+)?/g, (token, fraction, exponent) =>
    token.startsWith('"') || (fraction === undefined && exponent === undefined) ? token : `{"hogFloat":${token}}`,
  )
}

function isFailure(parsed: HogNode | ParseFailure): parsed is ParseFailure {
  return (parsed as { error?: unknown }).error === true
}

export function isFloat(value: unknown): value is HogFloat {
  return typeof value === 'object' && value !== null && 'hogFloat' in value
}
