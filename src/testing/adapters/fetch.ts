import { abortReason, type Outcome } from '../outcome.js'

/**
 * What `fetch` would give the caller for an outcome: the response; for a hang, a promise settled only by
 * the request's signal; for a drop, a response whose body stream fails half-way with a `TypeError`
 * (what fetch reports when the server cuts the connection mid-body).
 */
export async function outcomeToFetchResponse(
  outcome: Outcome,
  request: Request,
  signal: AbortSignal = request.signal,
): Promise<Response> {
  switch (outcome.type) {
    case 'hang':
      return never(signal)
    case 'response':
      return withUrl(outcome.response, request.url)
    case 'drop': {
      const bytes = new Uint8Array(await outcome.response.arrayBuffer())
      const cut = Math.max(1, Math.floor(bytes.length / 2))
      let sent = false
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) {
            sent = true
            controller.enqueue(bytes.slice(0, cut))
            return
          }
          controller.error(new TypeError('terminated', { cause: new Error('other side closed') }))
        },
      })
      const headers = new Headers(outcome.response.headers)
      headers.set('content-length', String(bytes.length))
      return withUrl(new Response(body, { status: outcome.response.status, headers }), request.url)
    }
  }
}

function withUrl(response: Response, url: string): Response {
  Object.defineProperty(response, 'url', { value: url, configurable: true })
  return response
}

/** A promise that never settles unless `signal` fires (then it rejects with an `AbortError`). */
function never(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(abortReason(signal))
    signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true })
  })
}
