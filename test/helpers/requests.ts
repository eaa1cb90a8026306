import { expect } from 'vitest'
import { InvalidArgumentError } from '../../src/index.js'
import { API_KEY, type Recorded } from './msw-server.js'

/** Assertions on the requests the msw routes of ./msw-server.ts recorded. */

export interface ExpectedRequest {
  method: string
  /** Relative to `/api/<prefix>/42/`, with the trailing slash. */
  path: string
  /** `projects` (the default) or `environments`. */
  prefix?: 'projects' | 'environments'
  /**
   * Every query parameter exactly, in any order; or a string: the exact query text, order included
   * (`'?a=1&b=2'`). Absent: no query string at all.
   */
  query?: Record<string, string> | string
  /** The JSON body; `undefined`: no body at all. */
  body?: unknown
}

/**
 * Asserts exactly the requests sent, in order: one `expected` means exactly one request. Each has the
 * method, the exact path (trailing slash), the query, the bearer key and the JSON body expected.
 */
export function expectRequest(
  requests: readonly Recorded[],
  expected: ExpectedRequest | readonly ExpectedRequest[],
): void {
  const all: readonly ExpectedRequest[] = Array.isArray(expected) ? expected : [expected]
  expect(requests).toHaveLength(all.length)
  all.forEach((one, index) => expectOne(requests[index]!, one))
}

function expectOne({ method, url, headers, body }: Recorded, expected: ExpectedRequest): void {
  expect(method).toBe(expected.method)
  expect(url.pathname).toBe(`/api/${expected.prefix ?? 'projects'}/42/${expected.path}`)
  if (typeof expected.query === 'object') expect(Object.fromEntries(url.searchParams)).toEqual(expected.query)
  else expect(url.search).toBe(expected.query ?? '')
  expect(headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  if (expected.body === undefined) {
    expect(body).toBe('')
  } else {
    expect(headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(body)).toEqual(expected.body)
  }
}

/**
 * Asserts that `call` is refused with an `InvalidArgumentError` naming `argument`, and that nothing was sent:
 * `requests` must already be recording (pass `watchAll()` from ./msw-server.ts, evaluated before `call` runs).
 */
export async function expectInvalidArgument(
  call: () => unknown,
  argument: string,
  requests: Recorded[],
): Promise<void> {
  // call() outside the promise chain: a method that throws synchronously instead of rejecting fails the test.
  const error = await Promise.resolve(call()).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(InvalidArgumentError)
  expect((error as InvalidArgumentError).argument).toBe(argument)
  expect(requests).toHaveLength(0)
}
