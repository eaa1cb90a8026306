import { expect } from 'vitest'
import { InvalidArgumentError } from '../../src/index.js'
import { API_KEY, type Recorded } from './msw-server.js'

/** Assertions on the requests the msw routes of ./msw-server.ts recorded. */

export interface ExpectedRequest {
  method: string
  /** Relative to `/api/projects/42/`, with the trailing slash. */
  path: string
  /** Every query parameter, exactly (none when absent). */
  query?: Record<string, string>
  /** The JSON body; `undefined`: no body at all. */
  body?: unknown
}

/** Asserts method, exact path (trailing slash), query, JSON body and the bearer key of one request. */
export function expectRequest(request: Recorded | undefined, expected: ExpectedRequest): void {
  expect(request).toBeDefined()
  const { method, url, headers, body } = request as Recorded
  expect(method).toBe(expected.method)
  expect(url.pathname).toBe(`/api/projects/42/${expected.path}`)
  expect(Object.fromEntries(url.searchParams)).toEqual(expected.query ?? {})
  if (!expected.query) expect(url.search).toBe('')
  expect(headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  if (expected.body === undefined) {
    expect(body).toBe('')
  } else {
    expect(headers.get('content-type')).toContain('application/json')
    expect(JSON.parse(body)).toEqual(expected.body)
  }
}

/**
 * Asserts that exactly one request was sent, with this method, path under `/api/<prefix>/42/`, query string
 * (exact text, parameter order included), bearer key and JSON body (`undefined`: no body).
 */
export function expectSent(requests: Recorded[], method: string, path: string, query = '', body?: unknown, prefix = 'projects'): void {
  expect(requests).toHaveLength(1)
  const [request] = requests
  expect(request!.method).toBe(method)
  expect(request!.url.pathname).toBe(`/api/${prefix}/42/${path}`)
  expect(request!.url.search).toBe(query)
  expect(request!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  if (body === undefined) expect(request!.body).toBe('')
  else {
    expect(request!.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(request!.body)).toEqual(body)
  }
}

/**
 * Asserts that `call` is refused with an `InvalidArgumentError` naming `argument`, and that nothing was sent:
 * `requests` must already be recording (pass `watchAll()` from ./msw-server.ts, evaluated before `call` runs).
 */
export async function expectInvalidArgument(call: () => unknown, argument: string, requests: Recorded[]): Promise<void> {
  // call() outside the promise chain: a method that throws synchronously instead of rejecting fails the test.
  const error = await Promise.resolve(call()).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(InvalidArgumentError)
  expect((error as InvalidArgumentError).argument).toBe(argument)
  expect(requests).toHaveLength(0)
}
