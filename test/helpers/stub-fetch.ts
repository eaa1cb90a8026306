/**
 * A fetch that answers from a function: no socket, no msw, for what only the client's side decides (checks
 * before sending, URLs, retries, decoding). The answer of the real service comes from the fake
 * (`fake.fetch`, `fake.listen()`), hostile answers over a socket from ./plain-server.ts.
 */

/** A JSON answer: `body` as JSON (a string as it is) with `status` and any other headers. */
export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** An empty DRF page: a body every list decoder takes. */
export const EMPTY_PAGE = { count: 0, next: null, previous: null, results: [] }

export interface StubFetch {
  /** The fetch to give the client. */
  fetch: typeof globalThis.fetch
  /** The URL of each request, in order. */
  urls: string[]
  /** The method of each request, in order. */
  methods: string[]
}

/**
 * A fetch that records each request and answers it with `answer` (by default `{}` with 200); `answer` may throw
 * to fail as the network does. ky hands fetch a `Request`, which `answer` gets as it is.
 */
export function stubFetch(
  answer: (request: Request) => Response | Promise<Response> = () => jsonResponse({}),
): StubFetch {
  const urls: string[] = []
  const methods: string[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init)
    urls.push(request.url)
    methods.push(request.method)
    return answer(request)
  }
  return { fetch, urls, methods }
}
