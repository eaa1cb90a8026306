import type * as z from 'zod/mini'
import { compileCheck } from '../core/compiled-check.js'
import { checkShape, type ShapeProblem } from './check.js'
import { REQUESTS } from './by-method.js'

/**
 * The SDK's full-depth check of a call's body and query before it is sent, against the same request shapes
 * as the command line and the configuration files: the one check of what a body or query holds. Loaded on
 * the first call (load-check.ts, which throws what it finds as `InvalidArgumentError`): in the ESM build a chunk of its
 * own, so the shapes are not part of what a page loads up front; it imports none of the error classes, so
 * that they stay in the entry's chunk. A value the compiled check accepts costs a few µs; only a failing
 * one runs zod, to say where.
 */

/** What is wrong with a call: the argument at fault (`body.metrics[0].metric_type`) and the message. */
export interface RequestProblem {
  readonly argument: string
  readonly message: string
}

/**
 * Checks the body and the params of a call of operation `id` (`group.method`), when its row in `REQUESTS`
 * has shapes: the first problem's path (`body.metrics[0].metric_type`), the others listed in the message,
 * or `undefined` when the call conforms.
 */
export function requestProblem(id: string, body: unknown, params: unknown): RequestProblem | undefined {
  const shapes = REQUESTS[id]
  if (!shapes) return undefined
  if (shapes.body && body !== undefined) {
    const problem = check('body', shapes.body, body)
    if (problem) return problem
  }
  // No params is an empty query: a required member is still missing.
  return shapes.params ? check('params', shapes.params, params ?? {}) : undefined
}

function check(argument: 'body' | 'params', schema: z.ZodMiniType, value: unknown): RequestProblem | undefined {
  // Accepts what zod accepts, and a known member given as `undefined` (JSON leaves it out).
  if (compileCheck(schema)(value)) return undefined
  const problems = problemsOf(schema, value)
  if (problems.length === 0) return undefined
  const name = (path: string) =>
    path === '' ? argument : path.startsWith('[') ? `${argument}${path}` : `${argument}.${path}`
  const [first, ...rest] = problems
  const more = rest.slice(0, 9).map(({ path, message }) => `; \`${name(path)}\`: ${message}`)
  const message = `${first!.message}${more.join('')}${rest.length > 9 ? ` (+${rest.length - 9} more)` : ''}`
  const hint = problems.some(({ message }) => message.startsWith('unknown field'))
    ? `${message.endsWith('?') ? '' : '.'} Send fields the SDK does not know yet with the request option ` +
      `extra${argument === 'body' ? 'Body' : 'Query'}`
    : ''
  return { argument: name(first!.path), message: message + hint }
}

/**
 * The problems of `value`: those of the value as sent (members given as `undefined` left out, as JSON
 * does), and every unknown member whatever its value, `undefined` and `null` included.
 */
function problemsOf(schema: z.ZodMiniType, value: unknown): ShapeProblem[] {
  const { sent, unset } = withoutUndefined(value)
  const problems = checkShape(schema, sent)
  if (unset === 0) return problems
  const unknown = checkShape(schema, value).filter(({ message }) => message.startsWith('unknown field'))
  const seen = new Set(problems.map(({ path }) => path))
  return [...problems, ...unknown.filter(({ path }) => !seen.has(path))]
}

/** `value` with the object members whose value is `undefined` left out (a copy only where one is), and how many. */
function withoutUndefined(value: unknown): { sent: unknown; unset: number } {
  if (typeof value !== 'object' || value === null) return { sent: value, unset: 0 }
  let unset = 0
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => {
      const inner = withoutUndefined(item)
      unset += inner.unset
      return inner.sent
    })
    return { sent: unset === 0 ? value : items, unset }
  }
  if (value instanceof Date) return { sent: value, unset: 0 }
  const entries: Array<[string, unknown]> = []
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) {
      unset++
      continue
    }
    const inner = withoutUndefined(item)
    unset += inner.unset
    entries.push([key, inner.sent])
  }
  return { sent: unset === 0 ? value : Object.fromEntries(entries), unset }
}
