import { ApiError, parseRetryAfter, retryAfterFromDetail, toApiError } from './errors.js'

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

  constructor(fetch: typeof globalThis.fetch, origin: string, onResponse?: (line: string) => void, onThrottled?: (url: string, seconds: number) => void) {
    this.#fetch = fetch
    this.#origin = origin
    this.#onResponse = onResponse
    this.#onThrottled = onThrottled
  }

  readonly fetch = async (input: Request, init?: RequestInit): Promise<Response> => {
    let request = input
    for (let hop = 0; ; hop++) {
      // Every request here is `redirect: 'manual'` (the transport's ky options, and `#follow`): fetch would
      // follow a redirect itself, and a custom fetch might forward `Authorization`.
      const replay = request.body ? request.clone() : undefined
      const response = await this.#fetch(request, init)
      const target = redirectTarget(response, request.url)
      if (target === undefined) return this.#buffer(response, request)
      request = this.#follow(response, request, target, hop, replay)
    }
  }

  /** The next request of a redirect, or an `ApiError` when it leaves the origin or loops. */
  #follow(response: Response, request: Request, target: URL | null, hop: number, replay: Request | undefined): Request {
    void response.body?.cancel().catch(() => undefined)
    if (!target || target.origin !== this.#origin || hop >= MAX_REDIRECTS) {
      const why = hop >= MAX_REDIRECTS ? 'too many redirects' : `not followed, the API key is only sent to ${this.#origin}`
      throw new ApiError({
        status: response.status,
        body: undefined,
        headers: response.headers,
        method: request.method,
        url: request.url,
        message: `${request.method} ${request.url} was redirected ${target ? `to ${target.href}` : 'elsewhere'}: ${why}`,
      })
    }
    const method = response.status === 303 || (response.status <= 302 && request.method === 'POST') ? 'GET' : request.method
    return new Request(target, {
      method,
      headers: request.headers,
      body: method === 'GET' ? null : (replay?.body ?? null),
      signal: request.signal,
      redirect: 'manual',
      // @ts-expect-error `duplex` is required by Node for a streamed body, and unknown to the DOM types.
      duplex: 'half',
    })
  }

  async #buffer(response: Response, request: Request): Promise<Response> {
    const bytes = new Uint8Array(await response.arrayBuffer())
    if (response.status < 200 || response.status > 599) {
      // A web `Response` cannot carry such a status (1xx reach here only from a custom fetch).
      throw toApiError({ status: response.status, body: parseBody(utf8.decode(bytes)), headers: response.headers, method: request.method, url: request.url })
    }
    // Logged here rather than in a ky afterResponse hook: any such hook makes ky clone every response.
    this.#onResponse?.(`${response.status} ${request.method} ${request.url}`)
    const headers = retryAfterFromBody(response, bytes)
    const seconds = response.status === 429 ? parseRetryAfter(headers.get('retry-after')) : null
    if (seconds !== null) this.#onThrottled?.(request.url, seconds)
    // The response itself, its body read (ky reads only its status and headers); a web Response of our own
    // when a header was added, or when a custom fetch answered something else that looks like one.
    const buffered = headers === response.headers && response instanceof Response ? response : new BufferedResponse(bytes, response, headers)
    bodies.set(buffered, bytes)
    return buffered
  }
}

/** The body bytes of each response `GuardedFetch` returned, read once. */
const bodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>()

/** The bytes of a response `GuardedFetch` returned (empty for any other). */
export function bodyBytes(response: Response): Uint8Array<ArrayBuffer> {
  return bodies.get(response) ?? new Uint8Array()
}

/** A response `GuardedFetch` returned, as the caller gets it from `withResponse()`: its body readable again. */
export function readable(response: Response): Response {
  return response instanceof BufferedResponse ? response : new BufferedResponse(bodyBytes(response), response, response.headers)
}

/** The text of a response `GuardedFetch` returned. */
export function bodyText(response: Response): string {
  return utf8.decode(bodyBytes(response))
}

/**
 * A `Response` over a body already read, for `withResponse()`: its web body (a stream over the same bytes,
 * no copy) is made only if the caller reads it. Hand-made, and made only on demand, because a response with
 * a stream costs more than the rest of the SDK's work on a call (about 15 µs in Node).
 */
class BufferedResponse extends Response {
  readonly #url: string
  // Kept rather than passed to `super`, which would copy every header.
  readonly #headers: Headers
  #web: Response | undefined

  readonly #bytes: Uint8Array<ArrayBuffer>

  constructor(bytes: Uint8Array<ArrayBuffer>, { status, statusText, url }: Pick<Response, 'status' | 'statusText' | 'url'>, headers: Headers) {
    super(null, { status, statusText })
    this.#bytes = bytes
    this.#url = url
    this.#headers = headers
  }

  override get url(): string {
    return this.#url
  }

  override get headers(): Headers {
    return this.#headers
  }

  /** The response with a real body, made on first use. */
  get #body(): Response {
    this.#web ??= new Response(NULL_BODY_STATUSES.has(this.status) ? null : bytesStream(this.#bytes), this)
    return this.#web
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#body.body as ReadableStream<Uint8Array<ArrayBuffer>> | null
  }

  override get bodyUsed(): boolean {
    return this.#web?.bodyUsed ?? false
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#body.arrayBuffer()
  }

  override blob(): Promise<Blob> {
    return this.#body.blob()
  }

  override formData(): Promise<FormData> {
    return this.#body.formData()
  }

  override json(): Promise<unknown> {
    return this.#body.json()
  }

  override text(): Promise<string> {
    return this.#body.text()
  }

  override bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#body.bytes()
  }

  static {
    // `bytes()` only where the runtime's own Response has it (Node 22+, not Node 20).
    if (!('bytes' in Response.prototype)) Reflect.deleteProperty(this.prototype, 'bytes')
  }

  override clone(): Response {
    if (this.bodyUsed) return this.#body.clone() // throws the runtime's own "body already used" TypeError
    return new BufferedResponse(this.#bytes, this, this.#headers)
  }
}

/** Where a redirect points: `undefined` for no redirect, `null` for one whose target cannot be read. */
function redirectTarget(response: Response, base: string): URL | null | undefined {
  if (response.type === 'opaqueredirect') return null
  if (response.status < 300 || response.status >= 400 || !response.headers.has('location')) return undefined
  return new URL(response.headers.get('location') ?? '', base)
}

/** The service puts the 429 wait in the body (docs/service-behaviour.md §1.7): copied into `Retry-After` so that ky honours it. */
function retryAfterFromBody(response: Response, bytes: Uint8Array): Headers {
  if (response.status !== 429 || response.headers.has('retry-after')) return response.headers
  const seconds = retryAfterFromDetail(utf8.decode(bytes))
  if (seconds === null) return response.headers
  const headers = new Headers(response.headers)
  headers.set('retry-after', String(seconds))
  return headers
}

/** A one-chunk stream of `bytes` (no copy). */
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
