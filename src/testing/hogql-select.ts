/**
 * The fake's HogQL: a documented subset the fake evaluates, so `endpoints.run` answers from the query
 * and the variables sent rather than one canned result. Supported: `SELECT <item>, <item>, …` without
 * `FROM` (and an optional trailing `LIMIT n`), each item a literal (`42`, `-1.5`, `'text'`, `true`,
 * `false`, `null`) or a placeholder `{variables.<code_name>}`, optionally `AS <alias>`. Any other query
 * answers the endpoint's seeded rows (`run_result`).
 */
import type { FakeRunResult } from './records.js'

/** `{variables.<code_name>}` placeholders of a HogQL query. */
export const VARIABLE_PLACEHOLDER = /\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}/g

/** The code names a query refers to, in order of first use. */
export function placeholders(query: string): string[] {
  return [...new Set([...query.matchAll(VARIABLE_PLACEHOLDER)].map((match) => match[1]!))]
}

const SELECT = /^\s*select\s+(.+?)(?:\s+limit\s+(\d+))?\s*;?\s*$/is
const ITEM = /^(.+?)(?:\s+as\s+([A-Za-z_][A-Za-z0-9_]*))?$/is

/** One row evaluated from a `SELECT` of literals and variables, or `null` when the query is outside the subset. */
export function evaluateSelect(query: string, values: Readonly<Record<string, unknown>>): FakeRunResult | null {
  const select = SELECT.exec(query)
  if (!select || /\bfrom\b/i.test(select[1]!)) return null
  const items = splitItems(select[1]!)
  const columns: string[] = []
  const types: Array<[string, string]> = []
  const row: unknown[] = []
  for (const item of items) {
    const [, expression, alias] = ITEM.exec(item.trim()) ?? []
    const value = evaluate(expression!.trim(), values)
    if (value === undefined) return null
    columns.push(alias ?? expression!.trim())
    types.push([alias ?? expression!.trim(), clickHouseType(value.value)])
    row.push(value.value)
  }
  const limit = select[2] === undefined ? 1 : Number(select[2])
  return { columns, types, results: limit > 0 ? [row] : [] }
}

/** Splits on commas outside quotes. */
function splitItems(list: string): string[] {
  const items: string[] = []
  let current = ''
  let quoted = false
  for (const char of list) {
    if (char === "'") quoted = !quoted
    if (char === ',' && !quoted) {
      items.push(current)
      current = ''
    } else current += char
  }
  items.push(current)
  return items
}

function evaluate(expression: string, values: Readonly<Record<string, unknown>>): { value: unknown } | undefined {
  const variable = /^\{\s*variables\.([A-Za-z_][A-Za-z0-9_]*)\s*\}$/.exec(expression)
  if (variable) return { value: values[variable[1]!] ?? null }
  if (/^-?\d+(\.\d+)?$/.test(expression)) return { value: Number(expression) }
  if (/^'(?:[^'\\]|\\.)*'$/.test(expression)) return { value: expression.slice(1, -1).replace(/\\(.)/g, '$1') }
  if (/^(true|false)$/i.test(expression)) return { value: expression.toLowerCase() === 'true' }
  if (/^null$/i.test(expression)) return { value: null }
  return undefined
}

function clickHouseType(value: unknown): string {
  if (value === null) return 'Nullable(Nothing)'
  if (typeof value === 'boolean') return 'Bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'Int64' : 'Float64'
  return 'String'
}
