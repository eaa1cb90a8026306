import ky, { HTTPError, TimeoutError as KyTimeoutError, type KyInstance, type Options, type RetryOptions } from 'ky'
import { APIPromise, type WithResponse } from './api-promise.js'
import { plainObject, show } from './args.js'
import {
  AbortError,
  ApiError,
  ConnectionError,
  InvalidArgumentError,
  ProjectClientError,
  ResponseValidationError,
  TimeoutError,
  RateLimitError,
  parseRetryAfter,
  retryAfterFromDetail,
  toApiError,
} from './errors.js'
import { OPERATIONS, isIdempotent, type Operation, type OperationId } from './operations.js'
import { paginate, rejectedPage, type PagePromise, type PageEnvelope } from './pagination.js'
import { PauseTooLong, limitGroup, sharedLimiter, type Limiter, type RateLimits } from './rate-limit.js'
import { DecodeFailure, type Decoder } from './validation.js'

/** Per-request options, the last argument of every method. */
export interface RequestOptions {
  /** Aborts the request (and any retry wait) when signalled; the promise rejects with `AbortError`. */
  signal?: AbortSignal
  /** Milliseconds per attempt; overrides the client's `timeout`. */
  timeout?: number
  /** Retries allowed for this call; overrides the client's `maxRetries`. `0` sends once. */
  maxRetries?: number
  /** Extra headers for this call. `Authorization` cannot be overridden. */
  headers?: Record<string, string>
  /**
   * The longest wait (ms) the service may ask of this call, by a 429's `Retry-After` or detail, its own or
   * another call's of the same key (see `rateLimit`); overrides the client's `maxRetryDelay`. A call asked
   * to wait longer rejects at once with `RateLimitError`.
   */
  maxRetryDelay?: number
}

/** Where the client writes its debug lines. `console` fits. Lines never contain the API key. */
export interface Logger {
  /** Receives one line per request sent, response received and retry scheduled (method, URL, status). */
  debug(message: string, ...args: unknown[]): void
  /** Receives warnings, such as a plain-http `baseUrl` on a non-local host. */
  warn?(message: string, ...args: unknown[]): void
}

/** The client's settings, validated. */
export interface TransportConfig {
  apiKey: string
  baseUrl: URL
  projectId: string
  timeout: number
  maxRetries: number
  fetch: typeof globalThis.fetch | undefined
  headers: Record<string, string>
  validateResponses: boolean
  endpointsPrefix: 'projects' | 'environments'
  logger: Logger | undefined
  /** The limits to pace to, or `false` for none. */
  rateLimit: Required<RateLimits> | false
  maxRetryDelay: number
}

/** One call of an operation. */
export interface Call<T> {
  operation: OperationId
  /** Path parameters, filled into the operation's template URL-encoded. */
  path?: Record<string, string | number>
  query?: object | undefined
  body?: unknown
  /** How to read a successful response: JSON through `decode` (default), nothing, or a binary `Blob`. */
  decode: Decoder<T> | 'none' | 'blob'
  /** An absolute URL to use instead of the operation's path and query (the next page of a list). */
  url?: string
  options?: RequestOptions | undefined
}

const RETRY_BASE_MS = 500
const RETRY_BACKOFF_CAP_MS = 8_000
const MAX_REDIRECTS = 5
const RETRY_STATUSES = [408, 429, ...Array.from({ length: 100 }, (_, index) => 500 + index)]
const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options']
/** Connection failures where the request never reached the server: safe to retry any method. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

const utf8 = new TextDecoder()

/** What a retry's turn needs to know of its call (ky's `context` option). */
interface PaceContext {
  signal?: AbortSignal | undefined
  maxRetryDelay?: number
}

/**
 * Sends the operations: auth, URLs, retries (ky's), error mapping and validation, once for every
 * resource. Holds the API key in a private field, so it never shows in inspect or JSON output.
 */
export class Transport {
  readonly #apiKey: string
  readonly #ky: KyInstance
  /** The body bytes of each response, read once inside the timeout (see `#fetch`). */
  readonly #bodies = new WeakMap<Response, Uint8Array<ArrayBuffer>>()
  readonly #retryPolicies = new Map<string, RetryOptions>()
  readonly #fetchImpl: typeof globalThis.fetch
  readonly config: Omit<TransportConfig, 'apiKey'>
  readonly #apiRoot: string
  /** The pacing shared with every client of the same key and host; none with `rateLimit: false`. */
  readonly #limiter: Limiter | undefined

  constructor({ apiKey, ...config }: TransportConfig) {
    this.#apiKey = apiKey
    this.config = config
    this.#fetchImpl = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.#apiRoot = `${config.baseUrl.href.replace(/\/+$/, '')}/api/`
    this.#limiter = config.rateLimit ? sharedLimiter(apiKey, config.baseUrl.origin, config.rateLimit) : undefined
    // Hooks only where needed: ky merges every option into each request, so options it does not need cost per call.
    const beforeRetry: NonNullable<Options['hooks']>['beforeRetry'] = []
    if (config.logger) beforeRetry.push(({ request, error, retryCount }) => this.#log(`will retry (${retryCount}) ${request.method} ${request.url} after: ${this.#reason(error)}`))
    // A retry takes its turn after ky's delay and before its attempt's timer starts. The caller's own signal
    // and maxRetryDelay ride in `context`: the request's signal also follows ky's timeout, which may have fired.
    if (this.#limiter) beforeRetry.push(({ request, options }) => this.#pace(request.method, request.url, options.context as PaceContext))
    this.#ky = ky.create({
      fetch: (input, init) => this.#fetch(input as Request, init),
      throwHttpErrors: true,
      hooks: {
        beforeRequest: config.logger ? [(request, _options, { retryCount }) => this.#log(`${retryCount ? `retry ${retryCount}: ` : ''}${request.method} ${request.url}`)] : [],
        beforeRetry,
      },
    })
  }

  /** The absolute URL of an operation with its path parameters and query. */
  url(operationId: OperationId, path?: Record<string, string | number>, query?: object): string {
    const operation: Operation = OPERATIONS[operationId]
    const prefix = operation.endpointsPrefix ? this.config.endpointsPrefix : 'projects'
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = path?.[name]
      if (value === undefined) throw new InvalidArgumentError(name, 'is required')
      return encodeURIComponent(String(value))
    })
    const search = query ? encodeQuery(query) : ''
    return `${this.#apiRoot}${prefix}/${encodeURIComponent(this.config.projectId)}/${filled}${search ? `?${search}` : ''}`
  }

  /** Runs a call built lazily, so bad input becomes a rejected promise and no request. */
  request<T>(build: () => Call<T>): APIPromise<T> {
    let call: Call<T>
    try {
      call = build()
      checkOptions(call.options)
    } catch (error) {
      return APIPromise.reject(error)
    }
    return new APIPromise(this.send(call))
  }

  /** Runs a list call: a `PagePromise` whose later pages reuse the operation and the request options. */
  list<T>(build: () => Call<PageEnvelope<T>>): PagePromise<T> {
    let call: Call<PageEnvelope<T>>
    try {
      call = build()
      checkOptions(call.options)
    } catch (error) {
      return rejectedPage(error)
    }
    return paginate((url) => this.send({ ...call, url }), call.url ?? this.url(call.operation, call.path, call.query), call.options?.signal, (text) => this.#redact(text))
  }

  /** Sends a call and reads its result. */
  async send<T>(call: Call<T>): Promise<WithResponse<T>> {
    const operation: Operation = OPERATIONS[call.operation]
    const url = call.url ?? this.url(call.operation, call.path, call.query)
    const options = call.options ?? {}
    if (options.signal?.aborted) throw new AbortError(`${operation.method} ${url} was aborted before it was sent`)
    const timeout = options.timeout ?? this.config.timeout
    const maxRetryDelay = options.maxRetryDelay ?? this.config.maxRetryDelay
    const init: Options = {
      method: operation.method,
      timeout,
      headers: {
        accept: 'application/json',
        ...this.config.headers,
        ...options.headers,
        authorization: `Bearer ${this.#apiKey}`,
      },
      retry: this.#retryPolicy(isIdempotent(operation), options.maxRetries ?? this.config.maxRetries, maxRetryDelay),
    }
    // Only the keys that are set (ky copies its options object once per key).
    if (call.body !== undefined) init.json = call.body
    if (options.signal) init.signal = options.signal
    if (options.signal || options.maxRetryDelay !== undefined) init.context = { signal: options.signal, maxRetryDelay } satisfies PaceContext
    let response: Response
    try {
      // The first attempt takes its turn before ky starts, so the wait is outside its timeout.
      const turn = this.#limiter && this.#pace(operation.method, url, { signal: options.signal, maxRetryDelay })
      if (turn) await turn
      response = await this.#ky(url, init)
    } catch (error) {
      throw this.#toError(error, operation, url, timeout, options.signal)
    }
    return { data: this.#read(call, response, operation, url), response }
  }

  #read<T>(call: Call<T>, response: Response, operation: Operation, url: string): T {
    const bytes = this.#bodies.get(response) ?? new Uint8Array()
    if (call.decode === 'none') return undefined as T
    if (call.decode === 'blob') {
      return new Blob([bytes], { type: response.headers.get('content-type') ?? '' }) as T
    }
    const text = utf8.decode(bytes)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      const what = text.trim() === '' ? 'an empty body' : `a body that is not JSON (${response.headers.get('content-type') ?? 'no content-type'})`
      throw new ResponseValidationError(
        [{ code: 'invalid_json', path: [], message: `expected JSON, got ${what}` }],
        this.#redact(text),
        operation.method,
        this.#redact(url),
        response.status,
      )
    }
    try {
      return call.decode(json, this.config.validateResponses)
    } catch (error) {
      if (!(error instanceof DecodeFailure)) throw error
      const body = text.includes(this.#apiKey) ? JSON.parse(this.#redact(text)) : json
      throw new ResponseValidationError(error.issues, body, operation.method, this.#redact(url), response.status)
    }
  }

  /** Sends the key only to the configured origin and reads the body inside ky's timeout. */
  async #fetch(input: Request, init?: RequestInit): Promise<Response> {
    let request = input
    for (let hop = 0; ; hop++) {
      // `manual`: fetch would follow a redirect itself, and a custom fetch might forward `Authorization`.
      const replay = request.body ? request.clone() : undefined
      const response = await this.#fetchImpl(request, { ...init, redirect: 'manual' })
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400 && response.headers.has('location'))) {
        const target = response.type === 'opaqueredirect' ? null : new URL(response.headers.get('location') ?? '', request.url)
        void response.body?.cancel().catch(() => undefined)
        if (!target || target.origin !== this.config.baseUrl.origin || hop >= MAX_REDIRECTS) {
          throw new ApiError({
            status: response.status,
            body: undefined,
            headers: this.#redactHeaders(response.headers),
            method: request.method,
            url: this.#redact(request.url),
            message: `${request.method} ${this.#redact(request.url)} was redirected ${
              target ? `to ${this.#redact(target.href)}` : 'elsewhere'
            }: ${hop >= MAX_REDIRECTS ? 'too many redirects' : 'not followed, the API key is only sent to ' + this.config.baseUrl.origin}`,
          })
        }
        const method = response.status === 303 || (response.status <= 302 && request.method === 'POST') ? 'GET' : request.method
        request = new Request(target, {
          method,
          headers: request.headers,
          body: method === 'GET' ? null : (replay?.body ?? null),
          signal: request.signal,
          // @ts-expect-error `duplex` is required by Node for a streamed body, and unknown to the DOM types.
          duplex: 'half',
        })
        continue
      }
      const bytes = new Uint8Array(await response.arrayBuffer())
      if (response.status < 200 || response.status > 599) {
        // A web `Response` cannot carry such a status (1xx reach here only from a custom fetch).
        throw toApiError({
          status: response.status,
          body: parseBody(this.#redact(utf8.decode(bytes))),
          headers: this.#redactHeaders(response.headers),
          method: request.method,
          url: this.#redact(request.url),
        })
      }
      // Logged and patched here rather than in a ky afterResponse hook: any such hook makes ky clone every response.
      if (this.config.logger) this.#log(`${response.status} ${input.method} ${input.url}`)
      let headers = response.headers
      if (response.status === 429) {
        let seconds = parseRetryAfter(headers.get('retry-after'))
        // The service puts the 429 wait in the body (api-contract.md §1.7): copy it into Retry-After so that ky honours it.
        if (seconds === null) {
          seconds = retryAfterFromDetail(utf8.decode(bytes))
          if (seconds !== null) {
            headers = new Headers(headers)
            headers.set('retry-after', String(seconds))
          }
        }
        // Every call of this limit waits the time out together, rather than each meeting its own 429.
        if (seconds !== null) this.#limiter?.groups[limitGroup(request.url)].pause(seconds * 1_000)
      }
      // A stream over `bytes`, not `bytes` itself: undici copies a Uint8Array body up front (~0.6 ms
      // for a 400 kB page), while this hands the same bytes over only if the caller reads the body.
      const body = NULL_BODY_STATUSES.has(response.status) ? null : bytesStream(bytes)
      const buffered = new Response(body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      })
      Object.defineProperty(buffered, 'url', { value: response.url })
      this.#bodies.set(buffered, bytes)
      return buffered
    }
  }

  /**
   * Waits for the call's turn under the rate limits, when it has to (`undefined` when it may go now).
   * Rejects with `AbortError` on the caller's abort, and with `RateLimitError` when the wait after a 429
   * is longer than the call's `maxRetryDelay`.
   */
  #pace(method: string, url: string, { signal, maxRetryDelay = this.config.maxRetryDelay }: PaceContext): Promise<void> | undefined {
    const started = Date.now()
    const turn = this.#limiter?.groups[limitGroup(url)].acquire(signal, maxRetryDelay)
    return turn?.then(
      (reason) => this.#log(`${method} ${url} waited ${Date.now() - started} ms for its turn: ${reason}`),
      (error: unknown) => {
        if (!(error instanceof PauseTooLong)) throw new AbortError(`${method} ${this.#redact(url)} was aborted while waiting for its turn under the rate limits`)
        const seconds = Math.ceil(error.waitMs / 1_000)
        throw new RateLimitError({
          status: 429,
          body: undefined,
          headers: new Headers({ 'retry-after': String(seconds) }),
          method,
          url: this.#redact(url),
          message: `${method} ${this.#redact(url)} was not sent: after a 429, requests of this API key wait ${seconds} s, longer than maxRetryDelay (${maxRetryDelay} ms)`,
        })
      },
    )
  }

  /** The retry policy of public-api.md ("Retries"), as ky options; one object per kind of call. */
  #retryPolicy(idempotent: boolean, limit: number, maxRetryDelay: number): RetryOptions {
    const key = `${idempotent}:${limit}:${maxRetryDelay}`
    let policy = this.#retryPolicies.get(key)
    if (!policy) {
      policy = {
        limit,
        methods: ALL_METHODS,
        statusCodes: RETRY_STATUSES,
        afterStatusCodes: [413, 429, 503],
        maxRetryAfter: maxRetryDelay,
        backoffLimit: RETRY_BACKOFF_CAP_MS,
        delay: (attempt) => RETRY_BASE_MS * 2 ** (attempt - 1),
        jitter: true,
        shouldRetry: ({ error }) => {
          if (error instanceof ProjectClientError || isAbort(error)) return false
          if (error instanceof HTTPError) {
            const status = error.response.status
            // A wait asked for beyond maxRetryDelay: fail now rather than block (ky would cap the wait and retry).
            if ((parseRetryAfter(error.response.headers.get('retry-after')) ?? 0) * 1_000 > maxRetryDelay) return false
            // 429: the server did not act on the request. Undefined: let ky apply `Retry-After`.
            if (status === 429) return undefined
            return idempotent && (status === 408 || status >= 500) ? undefined : false
          }
          if (error instanceof KyTimeoutError) return idempotent
          return idempotent || neverSent(error)
        },
      }
      this.#retryPolicies.set(key, policy)
    }
    return policy
  }

  #toError(error: unknown, operation: Operation, url: string, timeout: number, signal?: AbortSignal): ProjectClientError {
    if (error instanceof ProjectClientError) return error
    // A `next` link the server wrote may carry the key in its query.
    url = this.#redact(url)
    const where = `${operation.method} ${url}`
    if (error instanceof HTTPError) {
      const response = error.response
      const text = this.#redact(utf8.decode(this.#bodies.get(response) ?? new Uint8Array()))
      return toApiError({
        status: response.status,
        body: parseBody(text),
        headers: this.#redactHeaders(response.headers),
        method: operation.method,
        url,
        requiredScope: operation.scope,
        hint: operation.hint,
      })
    }
    if (signal?.aborted || isAbort(error)) return new AbortError(`${where} was aborted`)
    if (error instanceof KyTimeoutError) return new TimeoutError(`${where} timed out after ${timeout} ms per attempt`)
    return new ConnectionError(`${where} failed: ${this.#redact(this.#reason(error))}`, { cause: error })
  }

  #reason(error: unknown): string {
    if (error instanceof HTTPError) return `status ${error.response.status}`
    const parts: string[] = []
    for (let current: unknown = error; current instanceof Error && parts.length < 4; current = current.cause) {
      const code = (current as { code?: unknown }).code
      parts.push(typeof code === 'string' ? `${current.message} (${code})` : current.message)
    }
    return parts.join(': ') || String(error)
  }

  #redact(text: string): string {
    return text.includes(this.#apiKey) ? text.split(this.#apiKey).join('[REDACTED]') : text
  }

  #redactHeaders(headers: Headers): Headers {
    for (const [, value] of headers) {
      if (value.includes(this.#apiKey)) {
        return new Headers([...headers].map(([name, item]) => [name, this.#redact(item)] as [string, string]))
      }
    }
    return headers
  }

  #log(line: string): void {
    this.config.logger?.debug(`[posthog-project-client] ${this.#redact(line)}`)
  }

  toJSON(): Record<string, unknown> {
    return { baseUrl: this.config.baseUrl.href, projectId: this.config.projectId }
  }
}

/** Query strings as the service reads them: arrays comma-separated, dates ISO, `null`/`undefined` left out. */
export function encodeQuery(query: object): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    search.append(key, Array.isArray(value) ? value.map(queryValue).join(',') : queryValue(value))
  }
  return search.toString()
}

function queryValue(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value)
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

function parseBody(text: string): unknown {
  if (text === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

function neverSent(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && NOT_SENT_CODES.has(code)) return true
  }
  return false
}

function checkOptions(options: RequestOptions | undefined): void {
  if (!plainObject('options', options)) return
  const { signal, timeout, maxRetries, headers, maxRetryDelay } = options as RequestOptions
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new InvalidArgumentError('options.signal', `expected an AbortSignal, got ${show(signal)}`)
  }
  if (timeout !== undefined) checkTimeout('options.timeout', timeout)
  if (maxRetryDelay !== undefined) checkMaxRetryDelay('options.maxRetryDelay', maxRetryDelay)
  if (maxRetries !== undefined) checkMaxRetries('options.maxRetries', maxRetries)
  if (headers !== undefined) checkHeaders('options.headers', headers)
}

/** A timeout in ms: positive, finite, and within what `setTimeout` can wait. */
export function checkTimeout(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value > 0) || value > 2_147_483_647) {
    throw new InvalidArgumentError(name, `expected a positive number of milliseconds, got ${show(value)}`)
  }
  return value
}

/** A wait in ms the client accepts: from 0 to what `setTimeout` can wait. */
export function checkMaxRetryDelay(name: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0) || value > 2_147_483_647) {
    throw new InvalidArgumentError(name, `expected a number of milliseconds from 0 to 2147483647, got ${show(value)}`)
  }
  return value
}

/** A retry count: a whole number from 0 to 10. */
export function checkMaxRetries(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 10) {
    throw new InvalidArgumentError(name, `expected a whole number from 0 to 10, got ${show(value)}`)
  }
  return value
}

/** Headers: an object of string values. */
export function checkHeaders(name: string, value: unknown): Record<string, string> {
  const headers = plainObject(name, value as object) as Record<string, unknown>
  for (const [key, item] of Object.entries(headers)) {
    if (typeof item !== 'string') throw new InvalidArgumentError(`${name}.${key}`, `expected a string, got ${show(item)}`)
  }
  return headers as Record<string, string>
}
