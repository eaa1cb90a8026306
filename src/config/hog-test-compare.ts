import { isPlainObject, stableJson } from './diff.js'
import type { HogTestCase } from './hog-tests.js'

/**
 * A hog function test case's expectations against what a run gave: each difference names where (the call, the
 * field) and says what was expected and what came, in words a reviewer reads without the files at hand.
 */

/** One way a run differs from what its case expects. */
export interface HogTestDifference {
  /** Where: `skipped`, `error`, `result.x`, `calls`, `calls[0].body.total`, `logs`. */
  path: string
  expected?: unknown
  got?: unknown
  /** The difference in words: `call 1 (POST https://…): body.total: expected 25, got "25"`. */
  message: string
}

/** What a run gave, locally or from the service: the same fields either way. */
export interface RunOutcome {
  skipped: boolean
  error: string | null
  result: unknown
  calls: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }>
  logs: Array<{ level: string; message: string }>
}

/** Differences listed at most per case: a body rewritten whole says so in a few lines, not a thousand. */
const MAX_DIFFERENCES = 20
const SHOWN_LENGTH = 160

type ExpectedCall = NonNullable<HogTestCase['expect']['calls']>[number]

export function compareRun(testCase: HogTestCase, run: RunOutcome): HogTestDifference[] {
  const expect = testCase.expect
  const out: HogTestDifference[] = []
  const skipped = expect.skipped ?? false
  if (skipped !== run.skipped) out.push(difference('skipped', skipped, run.skipped, 'skipped'))
  const error = expect.error ?? null
  if (error === null && run.error !== null) {
    const message = `error: expected none, got ${shown(run.error)}`
    out.push({ path: 'error', expected: null, got: run.error, message })
  } else if (error !== null && (run.error === null || !run.error.includes(error))) {
    const got = run.error === null ? 'none' : shown(run.error)
    const message = `error: expected one containing ${shown(error)}, got ${got}`
    out.push({ path: 'error', expected: error, got: run.error, message })
  }
  if ('result' in expect) {
    compareValues(expect.result, run.result, 'result', false, (path, wanted, got, message) => {
      out.push({ path, expected: wanted, got, message: `${path}: ${message}` })
    })
  }
  if (expect.calls) compareCalls(expect.calls, run.calls, out)
  for (const text of expect.logs ?? []) {
    if (!run.logs.some((log) => log.message.includes(text))) {
      const message = `logs: expected a line containing ${shown(text)}, got none of ${run.logs.length} lines`
      out.push({ path: 'logs', expected: text, message })
    }
  }
  return out.slice(0, MAX_DIFFERENCES)
}

function compareCalls(expected: readonly ExpectedCall[], got: RunOutcome['calls'], out: HogTestDifference[]): void {
  if (expected.length !== got.length) {
    const list = got.map((call) => `${call.method} ${call.url}`).join(', ')
    const message = `calls: expected ${count(expected.length)}, got ${count(got.length)}${list ? ` (${list})` : ''}`
    out.push({ path: 'calls', expected: expected.length, got: got.length, message })
  }
  expected.forEach((want, index) => {
    const call = got[index]
    if (!call) return
    const name = `call ${index + 1} (${call.method} ${call.url})`
    const add = (path: string, wanted: unknown, value: unknown, message: string) => {
      const where = `calls[${index}].${path}`
      out.push({ path: where, expected: wanted, got: value, message: `${name}: ${path}: ${message}` })
    }
    if (want.method !== undefined && want.method.toUpperCase() !== call.method.toUpperCase()) {
      add('method', want.method, call.method, `expected ${shown(want.method)}, got ${shown(call.method)}`)
    }
    if (want.url !== undefined && want.url !== call.url) {
      add('url', want.url, call.url, `expected ${shown(want.url)}, got ${shown(call.url)}`)
    }
    for (const [header, value] of Object.entries(want.headers ?? {})) {
      const sent = Object.entries(call.headers).find(([key]) => key.toLowerCase() === header.toLowerCase())?.[1]
      const shownSent = sent === undefined ? 'none' : shown(sent)
      if (sent !== value) add(`headers.${header}`, value, sent, `expected ${shown(value)}, got ${shownSent}`)
    }
    if ('body' in want) compareValues(want.body, call.body, 'body', false, add)
    if ('bodyIncludes' in want) compareValues(want.bodyIncludes, call.body, 'body', true, add)
  })
}

type Add = (path: string, expected: unknown, got: unknown, message: string) => void

/** Every field where `got` differs from `expected` (with `subset`, members `expected` leaves out are not compared). */
function compareValues(expected: unknown, got: unknown, path: string, subset: boolean, add: Add): void {
  if (isPlainObject(expected) && isPlainObject(got)) {
    for (const [key, value] of Object.entries(expected)) {
      const inner = `${path}.${key}`
      if (!(key in got)) add(inner, value, undefined, `expected ${shown(value)}, got none (no such member)`)
      else compareValues(value, got[key], inner, subset, add)
    }
    if (subset) return
    for (const key of Object.keys(got)) {
      if (key in expected) continue
      add(`${path}.${key}`, undefined, got[key], `expected no such member, got ${shown(got[key])}`)
    }
    return
  }
  if (Array.isArray(expected) && Array.isArray(got) && expected.length === got.length) {
    expected.forEach((item, index) => compareValues(item, got[index], `${path}[${index}]`, subset, add))
    return
  }
  if (stableJson(expected) !== stableJson(got)) {
    add(path, expected, got, `expected ${shown(expected)}, got ${shown(got)}`)
  }
}

function difference(path: string, expected: unknown, got: unknown, what: string): HogTestDifference {
  return { path, expected, got, message: `${what}: expected ${shown(expected)}, got ${shown(got)}` }
}

function shown(value: unknown): string {
  const text = value === undefined ? 'none' : JSON.stringify(value)
  return text.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}…` : text
}

function count(calls: number): string {
  return `${calls} call${calls === 1 ? '' : 's'}`
}
