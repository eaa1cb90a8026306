import { ApiError, ResponseTooLargeError, parseRetryAfter, retryAfterFromDetail, toApiError } from './errors.js'

/**
 * What the transport adds to the options ky hands to its `fetch` (ky passes options it does not know on to
 * `fetch`): the JSON body, to send again when a redirect keeps the method. Never passed to the caller's fetch.
 */
export interface ReplayOption {
  replayJson?: unknown
}

const MAX_REDIRECTS = 5
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])
const utf8 = new TextDecoder()

/**
 * The `fetch` ky calls: sends the key only to the client's origin (redirects are followed by hand, and only
 * there), reads each body inside ky's per-attempt timeout (a body that stalls is a timeout, not a hang),
 * refuses statuses a web `Response` cannot carry, copies the 429 wait from the body into `Retry-After` and
 * reports it (`onThrottled`: the transport's rate limiter pauses).
 * Errors it throws carry raw URLs and bodies: the transport's `Redactor` cleans them.
 */
export class GuardedFetch {
  readonly #fetch: typeof globalThis.fetch
  readonly #origin: string
  readonly #onResponse: ((line: string) => void) | undefined
  readonly #onThrottled: ((url: string, seconds: number) => void) | undefined
  /** The most bytes of a body read (`maxResponseBytes`), after decompression. */
  readonly #maxBytes: number

  constructor(
    fetch: typeof globalThis.fetch,
    origin: string,
    maxBytes: number,
    onResponse?: (line: string) => void,
    onThrottled?: (url: string, seconds: number) => void,
  ) {
    this.#fetch = fetch
    this.#origin = origin
    this.#maxBytes = maxBytes
    this.#onResponse = onResponse
    this.#onThrottled = onThrottled
  }

  readonly fetch = async (input: Request, options?: RequestInit & ReplayOption): Promise<Response> => {
    // The body to send again after a redirect comes with the call: cloning every request to keep one costs more.
    const { replayJson, ...init } = options ?? {}
    let request = input
    for (let hop = 0; ; hop++) {
      // Every request here is `redirect: 'manual'` (the transport's ky options, and `#follow`): fetch would
      // follow a redirect itself, and a custom fetch might forward `Authorization`.
      const response = await this.#fetch(request, init)
      const target = redirectTarget(response, request.url)
      if (target === undefined) return this.#buffer(response, request)
      request = this.#follow(response, request, target, hop, replayJson)
    }
  }

  /** The next request of a redirect, or an `ApiError` when it leaves the origin or loops. */
  #follow(response: Response, request: Request, target: URL | null, hop: number, replayJson: unknown): Request {
    void response.body?.cancel().catch(() => undefined)
    if (!target || target.origin !== this.#origin || hop >= MAX_REDIRECTS) {
      const why =
        hop >= MAX_REDIRECTS ? 'too many redirects' : `not followed, the API key is only sent to ${this.#origin}`
      throw new ApiError({
        status: response.status,
        body: undefined,
        headers: response.headers,
        method: request.method,
        url: request.url,
        message:
          `${request.method} ${request.url} was redirected ` + `${target ? `to ${target.href}` : 'elsewhere'}: ${why}`,
      })
    }
    const method =
      response.status === 303 || (response.status <= 302 && request.method === 'POST') ? 'GET' : request.method
    return new Request(target, {
      method,
      headers: request.headers,
      // Serialised only here: a write that is not redirected pays nothing for it.
      body: method === 'GET' || replayJson === undefined ? null : JSON.stringify(replayJson),
      signal: request.signal,
      redirect: 'manual',
    })
  }

  async #buffer(response: Response, request: Request): Promise<Response> {
    const bytes = await this.#read(response, request)
    if (response.status < 200 || response.status > 599) {
      // A web `Response` cannot carry such a status (1xx reach here only from a custom fetch).
      throw toApiError({
        status: response.status,
        body: parseBody(utf8.decode(bytes)),
        headers: response.headers,
        method: request.method,
        url: request.url,
      })
    }
    // Logged here rather than in a ky afterResponse hook: any such hook makes ky clone every response.
    this.#onResponse?.(`${response.status} ${request.method} ${request.url}`)
    const headers = retryAfterFromBody(response, bytes)
    const seconds = response.status === 429 ? parseRetryAfter(headers.get('retry-after')) : null
    if (seconds !== null) this.#onThrottled?.(request.url, seconds)
    // The response itself, its body read (ky reads only its status and headers). One of our own, with no
    // body, when a header was added or a custom fetch answered something that only looks like a Response.
    const buffered =
      headers === response.headers && response instanceof Response ? response : copyOf(response, null, headers)
    bodies.set(buffered, bytes)
    return buffered
  }

  /**
   * The body's bytes, counted as they come (after fetch decompressed them): past `maxResponseBytes` the
   * rest is cancelled, unread, and the call fails with `ResponseTooLargeError` (a gzip bomb or an endless
   * stream never fills memory).
   */
  async #read(response: Response, request: Request): Promise<Uint8Array<ArrayBuffer>> {
    const tooLarge = () => new ResponseTooLargeError(this.#maxBytes, request.method, request.url, response.status)
    const body = response.body
    if (!body) {
      // No stream: a null body, or a custom fetch's lookalike of a Response with only `arrayBuffer()`.
      const bytes = new Uint8Array(await response.arrayBuffer())
      if (bytes.byteLength > this.#maxBytes) throw tooLarge()
      return bytes
    }
    // A length given for an unencoded body is the length read: refused before a byte is read.
    if (!response.headers.has('content-encoding') && Number(response.headers.get('content-length')) > this.#maxBytes) {
      void body.cancel().catch(() => undefined)
      throw tooLarge()
    }
    const reader = body.getReader()
    const chunks: Uint8Array[] = []
    let length = 0
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      length += chunk.value.byteLength
      if (length > this.#maxBytes) {
        void reader.cancel().catch(() => undefined)
        throw tooLarge()
      }
      chunks.push(chunk.value)
    }
    if (chunks.length === 1 && chunks[0]!.byteOffset === 0 && chunks[0]!.byteLength === chunks[0]!.buffer.byteLength)
      return chunks[0] as Uint8Array<ArrayBuffer>
    const bytes = new Uint8Array(length)
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.byteLength
    }
    return bytes
  }
}

/** The body bytes of each response `GuardedFetch` returned, read once. */
const bodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>()

/** The bytes of a response `GuardedFetch` returned (empty for any other). */
export function bodyBytes(response: Response): Uint8Array<ArrayBuffer> {
  return bodies.get(response) ?? new Uint8Array()
}

/**
 * A response `GuardedFetch` returned, as `withResponse()` gives it: a copy whose body, the bytes already
 * read, can be read again. Made only when asked for: a `Response` with a stream costs about 15 µs in Node,
 * more than the rest of the SDK's work on a call.
 */
export function readable(response: Response): Response {
  return copyOf(
    response,
    NULL_BODY_STATUSES.has(response.status) ? null : bytesStream(bodyBytes(response)),
    response.headers,
  )
}

/** The text of a response `GuardedFetch` returned. */
export function bodyText(response: Response): string {
  return utf8.decode(bodyBytes(response))
}

/** A web `Response` with the status and URL of `response`. */
function copyOf(response: Response, body: ReadableStream | null, headers: Headers): Response {
  const copy = new Response(body, { status: response.status, statusText: response.statusText, headers })
  Object.defineProperty(copy, 'url', { value: response.url })
  return copy
}

/** Where a redirect points: `undefined` for no redirect, `null` for one whose target cannot be read. */
function redirectTarget(response: Response, base: string): URL | null | undefined {
  if (response.type === 'opaqueredirect') return null
  if (response.status < 300 || response.status >= 400 || !response.headers.has('location')) return undefined
  return new URL(response.headers.get('location') ?? '', base)
}

/**
 * The service puts the 429 wait in the body (docs/service-behaviour.md §1.7): copied into `Retry-After` so that ky
 * honours it.
 */
function retryAfterFromBody(response: Response, bytes: Uint8Array): Headers {
  if (response.status !== 429 || response.headers.has('retry-after')) return response.headers
  const seconds = retryAfterFromDetail(utf8.decode(bytes))
  if (seconds === null) return response.headers
  const headers = new Headers(response.headers)
  headers.set('retry-after', String(seconds))
  return headers
}

/** A one-chunk stream of `bytes` (no copy: undici copies a `Uint8Array` body up front, 0.6 ms for a 400 kB page). */
function bytesStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    pull(controller) {
      if (bytes.byteLength > 0) controller.enqueue(bytes)
      controller.close()
    },
  })
}

/** A body as the errors keep it: parsed JSON, else the text, else `undefined` when empty. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
