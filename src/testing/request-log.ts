/**
 * The fake's record of the requests it received (`fake.requests`): what came in, what it resolved to, what it answered.
 */
import type { OperationId } from '../core/operations.js'
import type { FaultKind } from './faults.js'

/** A request the fake received. */
export interface RecordedRequest {
  /** HTTP method, upper case. */
  method: string
  /** The absolute URL as received. */
  url: string
  /** The pathname. */
  path: string
  /** Query parameters (the last value of a repeated one). */
  query: Record<string, string>
  /** Lower-case header names; `authorization` is redacted (`Bearer [REDACTED]`). */
  headers: Record<string, string>
  /** The JSON body parsed, the raw text when it is not JSON, `undefined` when empty. */
  body: unknown
  /** The operation it resolved to, `null` for unknown paths and methods and for service actions (copy_tile). */
  operation: OperationId | null
  /** The status answered; `null` while pending or when the request hung. */
  status: number | null
  /** The injected fault it got, if any. */
  fault: FaultKind | null
  /** A handler bug answered as 500 (should not happen; reported here rather than swallowed). */
  error?: unknown
}

/** A request as recorded when it arrives (its status comes once answered); the key is never kept. */
export function recordOf(
  request: Request,
  url: URL,
  bodyText: string,
  operation: OperationId | null,
  fault: FaultKind | null,
): RecordedRequest {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => {
    headers[name] = name === 'authorization' ? (/^bearer\s/i.test(value) ? 'Bearer [REDACTED]' : '[REDACTED]') : value
  })
  let body: unknown
  if (bodyText !== '') {
    try {
      body = JSON.parse(bodyText)
    } catch {
      body = bodyText
    }
  }
  return {
    method: request.method.toUpperCase(),
    url: url.href,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers,
    body,
    operation,
    status: null,
    fault,
  }
}
