import { HttpResponse, http, type HttpHandler } from 'msw'
import type { Outcome } from '../outcome.js'

/**
 * msw v2 handlers serving the fake under `${baseUrl}/api/…`. A dropped connection becomes
 * `HttpResponse.error()` (fetch rejects with a network `TypeError`); a hang waits for the request's
 * signal (the client has given up by then, so what msw gets back no longer matters).
 */
export function createMswHandlers(baseUrl: string, serve: (request: Request) => Promise<Outcome>): HttpHandler[] {
  return [
    http.all(`${baseUrl}/api/*`, async ({ request }) => {
      let outcome: Outcome
      try {
        outcome = await serve(request)
      } catch (error) {
        // A delay cut short by the client's abort: nobody is waiting for an answer.
        if (request.signal.aborted) return HttpResponse.error()
        throw error
      }
      switch (outcome.type) {
        case 'response':
          return outcome.response
        case 'drop':
          return HttpResponse.error()
        case 'hang':
          return untilAborted(request.signal)
      }
    }),
  ]
}

function untilAborted(signal: AbortSignal): Promise<Response> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve(HttpResponse.error())
    signal.addEventListener('abort', () => resolve(HttpResponse.error()), { once: true })
  })
}
