/** What the fake answers before an adapter (`fetch`, `listen()`, msw) turns it into bytes. */
export type Outcome =
  | { type: 'response'; response: Response }
  /** Never answer. */
  | { type: 'hang' }
  /** Start sending `response`, then cut the connection in the middle of its body. */
  | { type: 'drop'; response: Response }

/** The reason of an aborted signal, as fetch reports it. */
export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError')
}
