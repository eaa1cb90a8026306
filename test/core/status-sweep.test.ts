import { inspect } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import * as sdk from '../../src/index.js'
import {
  ApiError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  ProjectClient,
  ProjectClientError,
  RateLimitError,
  ResponseValidationError,
} from '../../src/index.js'
import { API_KEY } from '../helpers/msw-server.js'
import { stubFetch } from '../helpers/stub-fetch.js'

/**
 * Error mapping, exhaustively: every status from 100 to 599, each with every kind of body (the service's
 * four-key JSON, other JSON, plain text, HTML, empty, huge JSON, huge text, a body and headers echoing the
 * key), through a JSON operation and a no-content one. Only the public typed errors come out, each
 * keeping the status and the raw body, and the key never shows. properties.test.ts samples the same
 * space at random with arbitrary bodies; this walks all of it.
 */

const BASE = 'https://us.posthog.com'
const HUGE_TEXT = 'x'.repeat(256 * 1024)
const HUGE_JSON = JSON.stringify(Array.from({ length: 5_000 }, (_, index) => ({ index, note: 'padding padding' })))

type BodyKind =
  'error-json' | 'other-json' | 'scalar-json' | 'text' | 'html' | 'empty' | 'huge-json' | 'huge-text' | 'key-echo'
const BODIES: Record<BodyKind, { text: string; type: string }> = {
  'error-json': {
    text: JSON.stringify({ type: 'server_error', code: 'oops', detail: 'It broke.', attr: null }),
    type: 'application/json',
  },
  'other-json': { text: JSON.stringify([1, { nested: [null, true] }]), type: 'application/json' },
  'scalar-json': { text: '"just a string"', type: 'application/json' },
  text: { text: 'Service temporarily unavailable, try later', type: 'text/plain' },
  html: {
    text: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>',
    type: 'text/html',
  },
  empty: { text: '', type: 'application/json' },
  'huge-json': { text: HUGE_JSON, type: 'application/json' },
  'huge-text': { text: HUGE_TEXT, type: 'text/plain' },
  'key-echo': {
    text: JSON.stringify({ detail: `Invalid key ${API_KEY}`, attr: API_KEY, seen: `Bearer ${API_KEY}` }),
    type: 'application/json',
  },
}

/** The class each status must map to (the exact constructor, not just a parent). */
function expectedClass(status: number): typeof ApiError {
  const named: Record<number, typeof ApiError> = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    405: MethodNotAllowedError,
    409: ConflictError,
    429: RateLimitError,
  }
  return named[status] ?? (status >= 500 ? InternalServerError : ApiError)
}

/**
 * The body an error keeps: parsed JSON, or the raw text when not JSON, the key redacted. An empty body is
 * `undefined` on an ApiError and `''` (the raw text) on a ResponseValidationError.
 */
function expectedBody(text: string, empty: undefined | ''): unknown {
  const redacted = text.split(API_KEY).join('[REDACTED]')
  if (redacted === '') return empty
  try {
    return JSON.parse(redacted)
  } catch {
    return redacted
  }
}

const serialized = new Map<unknown, string>()
/** Deep equality that stays fast on the huge bodies (vitest's `toEqual` walks 5,000 objects slowly, 500 times). */
function expectSameBody(actual: unknown, expected: unknown): void {
  if (typeof expected !== 'object' || expected === null) return void expect(actual).toBe(expected)
  if (!serialized.has(expected)) serialized.set(expected, JSON.stringify(expected))
  expect(JSON.stringify(actual)).toBe(serialized.get(expected))
}
const expectedBodies = new Map<string, unknown>()
function expectedBodyOf(kind: BodyKind, empty: undefined | ''): unknown {
  const key = `${kind}:${String(empty)}`
  if (!expectedBodies.has(key)) expectedBodies.set(key, expectedBody(BODIES[kind].text, empty))
  return expectedBodies.get(key)
}

/**
 * A fetch answering `status` with `body`. A duck-typed response where the web `Response` cannot carry
 * the status (1xx) or a body with it (204, 205, 304): a custom fetch can hand the client anything.
 */
function fetchAnswering(answer: { status: number; kind: BodyKind }): typeof globalThis.fetch {
  const encoded = new Map<BodyKind, Uint8Array<ArrayBuffer>>()
  return stubFetch((request) => {
    const { status, kind } = answer
    const { text, type } = BODIES[kind]
    const headers = () => new Headers({ 'content-type': type, 'x-echo': kind === 'key-echo' ? API_KEY : 'no' })
    if (!encoded.has(kind)) encoded.set(kind, new TextEncoder().encode(text))
    const bytes = encoded.get(kind)!
    const webCanCarry = status >= 200 && !(text !== '' && [204, 205, 304].includes(status))
    const url = request.url
    if (webCanCarry) {
      const response = new Response(text === '' ? null : bytes, { status, headers: headers() })
      Object.defineProperty(response, 'url', { value: url })
      return response
    }
    return {
      status,
      statusText: '',
      type: 'basic',
      url,
      ok: false,
      redirected: false,
      headers: headers(),
      body: null,
      arrayBuffer: async () => bytes.slice().buffer,
    } as unknown as Response
  }).fetch
}

const EXPORTED = new Set<unknown>(Object.values(sdk).filter((value) => typeof value === 'function'))
const STATUSES = Array.from({ length: 500 }, (_, index) => 100 + index)
const KINDS = Object.keys(BODIES) as BodyKind[]
const tally = { calls: 0, errors: new Map<string, number>(), resolved: 0 }
const answer: { status: number; kind: BodyKind } = { status: 200, kind: 'empty' }
// One client for the sweep: `answer` says what its fetch answers next.
const client = new ProjectClient({
  apiKey: API_KEY,
  projectId: 1,
  baseUrl: BASE,
  fetch: fetchAnswering(answer),
  maxRetries: 0,
  rateLimit: false,
})

afterAll(() => {
  const errors = [...tally.errors].map(([name, count]) => `${name}:${count}`).join(' ')
  console.log(
    `[reliability] status sweep: ${tally.calls} calls (statuses 100-599 x ${KINDS.length} bodies on a JSON ` +
      `operation, x 5 on a no-content one), resolved=${tally.resolved} ${errors}`,
  )
})

function checkError(error: unknown, status: number, kind: BodyKind): void {
  expect(error).toBeInstanceOf(ProjectClientError)
  const constructor = (error as object).constructor
  // Only the public error classes, each under its own name.
  expect(EXPORTED.has(constructor)).toBe(true)
  expect((error as Error).name).toBe(constructor.name)
  if (kind === 'key-echo') {
    // Only this body and its headers carry the key (the others cannot leak what they never had).
    const renderings = [
      String(error),
      (error as Error).stack ?? '',
      JSON.stringify(error),
      inspect(error, { depth: 6, showHidden: true }),
    ]
    for (const text of renderings) expect(text.includes(API_KEY), `key in ${(error as Error).name}`).toBe(false)
  }
  tally.errors.set(constructor.name, (tally.errors.get(constructor.name) ?? 0) + 1)
  if (error instanceof ApiError) {
    expect(constructor).toBe(expectedClass(status))
    expect(error.status).toBe(status)
    expectSameBody(error.body, expectedBodyOf(kind, undefined))
    expect(error.headers).toBeInstanceOf(Headers)
    expect(error.message).toContain(String(status))
    return
  }
  // A 2xx the client could not read: the body is kept, raw or parsed.
  expect(error).toBeInstanceOf(ResponseValidationError)
  expect(status >= 200 && status < 300).toBe(true)
  const invalid = error as ResponseValidationError
  expect(invalid.status).toBe(status)
  expectSameBody(invalid.body, expectedBodyOf(kind, ''))
  expect(invalid.issues.length).toBeGreaterThan(0)
}

describe('every status from 100 to 599 with every kind of body', () => {
  it.each(KINDS)('%s body: a JSON operation (experiments.stats)', async (kind) => {
    for (const status of STATUSES) {
      Object.assign(answer, { status, kind })
      tally.calls += 1
      const outcome = await client.experiments.stats().then(
        (data) => ({ data }),
        (error: unknown) => ({ error }),
      )
      if ('data' in outcome) {
        // Only a 2xx with a body the schema accepts resolves.
        expect(status >= 200 && status < 300, `status ${status} resolved`).toBe(true)
        tally.resolved += 1
      } else {
        checkError(outcome.error, status, kind)
      }
    }
  })

  // The no-content path differs only in not reading a 2xx body: a few kinds of body are enough there.
  it.each<BodyKind>(['error-json', 'html', 'empty', 'huge-text', 'key-echo'])(
    '%s body: a no-content operation (surveys.delete)',
    async (kind) => {
      for (const status of STATUSES) {
        Object.assign(answer, { status, kind })
        tally.calls += 1
        const outcome = await client.surveys.delete('s').then(
          (data) => ({ data }),
          (error: unknown) => ({ error }),
        )
        if (status >= 200 && status < 300) {
          // The body of a successful delete is not read: every 2xx resolves to undefined.
          expect(outcome).toEqual({ data: undefined })
          tally.resolved += 1
        } else {
          expect('error' in outcome, `status ${status} resolved`).toBe(true)
          checkError((outcome as { error: unknown }).error, status, kind)
        }
      }
    },
  )
})
