import ky, { type KyInstance, type Options } from 'ky'
import type * as z from 'zod/mini'
import { APIPromise, type WithResponse } from './api-promise.js'
import { pathParam, plainObject, queryParams, show } from './args.js'
import { AbortError, InvalidArgumentError, RateLimitError, ResponseValidationError } from './errors.js'
import { BODY_CHECKED } from './checked.js'
import { describeFailure, toClientError } from './error-mapping.js'
import { GuardedFetch, bodyBytes, bodyText, type ReplayOption } from './guarded-fetch.js'
import { OPERATIONS, type HttpMethod, type Operation, type OperationId } from './operations.js'
import { checkRequestOptions, checkWhole, type Logger, type RequestOptions } from './options.js'
import {
  Page,
  PagePromise,
  decodePage,
  nextByOffset,
  rejectedPage,
  walkKey,
  type ListOptions,
  type PageEnvelope,
  type PageFetcher,
  type PageLink,
} from './pagination.js'
import { PauseTooLong, limitGroup, sharedLimiter, type Limiter, type RateLimits } from './rate-limit.js'
import { Redactor } from './redaction.js'
import { retryPolicy } from './retry-policy.js'
import { encodeQuery, fillPath, withQuery } from './urls.js'
import { DecodeFailure, type Decoder } from './validation.js'

export type { Logger, RequestOptions } from './options.js'

/**
 * How an operation's answer is read: a decoder (JSON validated against a schema), `none` (no body:
 * deletes), `blob` (binary: the hog function icon) or `json` (unvalidated, for `client.request()`).
 */
export type ResponseSpec<T> = Decoder<T> | 'none' | 'blob' | 'json'

/**
 * The full-depth check of a call's body and params against its operation's request shapes (the client
 * gives src/requests' check, loaded on first use): throws, or rejects, with `InvalidArgumentError`.
 */
export type RequestCheck = (id: OperationId, body: unknown, params: unknown) => void | Promise<void>

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
  /** The longest wait (ms) the service may ask for before a retry. */
  maxRetryDelay: number
  /** The most bytes of an answer read, after decompression. */
  maxResponseBytes: number
  /**
   * Checks every body and query in full depth before sending; `undefined` (`validateRequests: false`) sends what it is
   * given.
   */
  checkRequest: RequestCheck | undefined
}

/** What a retry's turn needs to know of its call (ky's `context` option). */
interface PaceContext {
  signal?: AbortSignal | undefined
  maxRetryDelay?: number | undefined
}

/** The arguments of one call of an operation, checked against its row of `OPERATIONS` before sending. */
export interface CallArgs {
  /** Path parameters by name, checked by their kind. */
  path?: Record<string, unknown>
  /** Query parameters (scalars, dates or arrays of them). */
  query?: object | undefined
  /** The body, for operations that take one. */
  body?: unknown
  /** The query as the caller gave it, when the method reshaped it for the wire: what the full-depth check reads. */
  givenQuery?: object | undefined
}

/**
 * Reads a page of a list another way when its operation failed with `error`, or `undefined` when that
 * failure is not one it answers. Once it has read a page, it is called for every later page of the walk,
 * with no `error`.
 */
export type PageFallback<T> = (url: string, error?: unknown) => Promise<WithResponse<PageEnvelope<T>>> | undefined

/** A call whose arguments are checked and whose URL is built: what `#send` sends. */
interface Prepared<T> {
  method: RawRequest['method']
  url: string
  body: unknown
  idempotent: boolean
  /** `undefined` for `client.request()`, which has no operation row. */
  operation: Operation | undefined
  response: ResponseSpec<T>
  options: RequestOptions | undefined
  /** The full-depth check of the body and params, run before the first send (not again for a list's later pages). */
  check?: (() => void | Promise<void>) | undefined
}

/** How a list's walk differs from reading its operation's pages one after the other. */
export interface ListWalk<T> {
  /**
   * The arguments of a second list of the same operation, walked after the first as one walk (the last page
   * of the first has the second's first page as its `next`).
   */
  then?: CallArgs | (() => CallArgs) | undefined
  /**
   * Reads the pages another way when the operation fails in a way it recognises (an older service without
   * the endpoint); from then on it reads every page of the walk.
   */
  fallback?: PageFallback<T> | undefined
  /**
   * Made once per walk (before its first page is read): which items of each page the walk yields; the pages
   * still follow as the service sent them.
   */
  keep?: (() => Promise<(item: T) => boolean>) | undefined
}

/** A request to a path the SDK does not cover (`client.request()`). */
export interface RawRequest {
  /** HTTP method. */
  method: HttpMethod | 'PUT'
  /** Relative to `/api/projects/:project_id/` without a leading `/`; from the host root (`/api/…`) with one. */
  path: string
  /** Query parameters, encoded like the SDK's own. */
  query?: Record<string, unknown>
  /** A JSON body. */
  body?: unknown
}

const RAW_METHODS: ReadonlyArray<RawRequest['method']> = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE']

/**
 * Sends operations, once for every resource: checks the arguments against the operation's row, builds
 * the URL, sends with ky (auth, timeout, retries), reads and validates the answer, and maps failures to the
 * SDK's errors. Every error it rejects with and every line it logs passes its `Redactor`: the one place the
 * API key is removed (it is held there and in a private field, never shown by inspect or JSON).
 */
export class Transport {
  readonly config: Omit<TransportConfig, 'apiKey'>
  readonly #apiKey: string
  readonly #redactor: Redactor
  readonly #fetch: GuardedFetch
  readonly #ky: KyInstance
  readonly #apiRoot: string
  /** `…/api/projects/:project_id/` and the endpoints group's `…/api/<prefix>/:project_id/`, built once. */
  readonly #projectRoot: string
  readonly #endpointsRoot: string
  /** The pacing shared with every client of the same key and host; none with `rateLimit: false`. */
  readonly #limiter: Limiter | undefined

  constructor({ apiKey, ...config }: TransportConfig) {
    this.config = config
    this.#apiKey = apiKey
    this.#redactor = new Redactor(apiKey)
    const limiter = config.rateLimit ? sharedLimiter(apiKey, config.baseUrl.origin, config.rateLimit) : undefined
    this.#limiter = limiter
    const log = config.logger ? (line: string) => this.#log(line) : undefined
    const fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init))
    // After a 429, every call of its limit waits the time out together, rather than each meeting its own 429.
    const onThrottled =
      limiter && ((url: string, seconds: number) => limiter.groups[limitGroup(url)].pause(seconds * 1_000))
    this.#fetch = new GuardedFetch(fetch, config.baseUrl.origin, config.maxResponseBytes, log, onThrottled)
    this.#apiRoot = `${config.baseUrl.href.replace(/\/+$/, '')}/api/`
    const project = `/${encodeURIComponent(config.projectId)}/`
    this.#projectRoot = `${this.#apiRoot}projects${project}`
    this.#endpointsRoot = `${this.#apiRoot}${config.endpointsPrefix}${project}`
    // Hooks only where needed: ky merges every option into each request, so options it does not need cost per call.
    const beforeRetry: NonNullable<NonNullable<Options['hooks']>['beforeRetry']> = []
    if (log)
      beforeRetry.push(({ request, error, retryCount }) =>
        log(`will retry (${retryCount}) ${request.method} ${request.url} after: ${describeFailure(error)}`),
      )
    // A retry takes its turn after ky's delay, before its attempt's timer starts. The caller's signal rides in
    // `context`: the request's own signal also follows ky's timeout, which may have fired on the last attempt.
    if (limiter)
      beforeRetry.push(({ request, options }) =>
        this.#pace(request.method, request.url, options.context as PaceContext),
      )
    const hooks: Options['hooks'] = {}
    if (log)
      hooks.beforeRequest = [
        (request, _options, { retryCount }) =>
          log(`${retryCount ? `retry ${retryCount}: ` : ''}${request.method} ${request.url}`),
      ]
    if (beforeRetry.length > 0) hooks.beforeRetry = beforeRetry
    this.#ky = ky.create({
      fetch: (input, init) => this.#fetch.fetch(input as Request, init),
      throwHttpErrors: true,
      hooks,
    })
  }

  /** The absolute URL of an operation with its path parameters and query. */
  url(operationId: OperationId, path: Record<string, string | number> = {}, query?: object): string {
    const operation: Operation = OPERATIONS[operationId]
    const base = (operation.endpointsPrefix ? this.#endpointsRoot : this.#projectRoot) + fillPath(operation.path, path)
    return withQuery(base, query ? encodeQuery(query) : '')
  }

  /**
   * Calls an operation whose answer `response` reads. `args` may be a function, for methods with checks of
   * their own: it runs lazily, so bad input becomes a rejected promise and no request.
   */
  request<T>(
    id: OperationId,
    response: ResponseSpec<T>,
    args?: CallArgs | (() => CallArgs),
    options?: RequestOptions,
  ): APIPromise<T> {
    return new APIPromise(this.send(id, response, args, options))
  }

  /** `request` as a plain promise of `{ data, response }`, for reads made of several calls. */
  send<T>(
    id: OperationId,
    response: ResponseSpec<T>,
    args?: CallArgs | (() => CallArgs),
    options?: RequestOptions,
  ): Promise<WithResponse<T>> {
    try {
      return this.#send(this.#prepare(id, response, args, options))
    } catch (error) {
      return Promise.reject(this.#redactor.error(error))
    }
  }

  /**
   * Calls a list operation whose items `item` checks: a `PagePromise` whose later pages reuse the operation
   * and the request options; `walk` changes how the pages are read (`ListWalk`).
   */
  list<T>(
    id: OperationId,
    item: z.ZodMiniType<T>,
    args?: CallArgs | (() => CallArgs),
    options?: ListOptions,
    walk: ListWalk<T> = {},
  ): PagePromise<T> {
    const { then, fallback, keep } = walk
    type Envelope = WithResponse<PageEnvelope<T>>
    let call: Prepared<PageEnvelope<T>>
    let second: string | null
    const concurrency = options?.concurrency ?? 1
    try {
      call = this.#prepare(id, pageDecoder(item), args, options)
      second = then ? this.#prepare(id, pageDecoder(item), then, options).url : null
      checkWhole('options.concurrency', concurrency, 1, 16)
    } catch (error) {
      return rejectedPage(this.#redactor.error(error))
    }
    let fallen = false
    // `first`: the list's first page, whose arguments are checked; a later page's URL comes from `#nextUrl`.
    const read = (url: string, first: boolean): Promise<Envelope> => {
      const sent = { ...call, url, check: first ? call.check : undefined }
      // Most lists have no fallback: their pages go straight to #send, with no handler per page.
      if (!fallback) return this.#send(sent)
      if (fallen) return Promise.resolve().then(() => fallback(url)!)
      return this.#send(sent).catch((error: unknown): Promise<Envelope> => {
        const other = fallback(url, error)
        if (!other) throw error
        fallen = true
        return other
      })
    }
    let kept: Promise<(item: T) => boolean> | undefined
    /** A page with only the items `keep` keeps, its `next` the one of the page as sent. */
    const readKept = (url: string, first: boolean): Promise<Envelope> => {
      if (!keep) return read(url, first)
      const test = (kept ??= keep().catch((error: unknown) => {
        kept = undefined
        throw error
      }))
      return Promise.all([read(url, first), test]).then(([{ data, response }, kept]) => ({
        data: {
          ...data,
          next: data.next === undefined ? nextByOffset(url, data) : data.next,
          results: data.results.filter(kept),
        },
        response,
      }))
    }
    /** The pages of one list; its last page leads to `after`, when there is one. */
    const pagesOf = (after: string | null): PageFetcher<T> => {
      const fetchPage: PageFetcher<T> = (link, from) => {
        let url: string
        try {
          url = from ? this.#nextUrl(link, from) : link
        } catch (error) {
          return rejectedPage(this.#redactor.error(error))
        }
        return new PagePromise(
          readKept(url, !from).then(({ data, response }) => {
            const page = new Page(data, url, fetchPage)
            return {
              data:
                after === null || page.hasNextPage() ? page : new Page({ ...data, next: after }, url, pagesOf(null)),
              response,
            }
          }),
          options?.signal,
          concurrency,
        )
      }
      return fetchPage
    }
    return pagesOf(second)(call.url)
  }

  /** A request to a path the SDK does not cover, with the same auth, retries, errors and redaction. */
  raw(request: RawRequest, options?: RequestOptions): APIPromise<unknown> {
    try {
      return new APIPromise(this.#send(this.#prepareRaw(request, options)))
    } catch (error) {
      return APIPromise.reject(this.#redactor.error(error))
    }
  }

  /** Checks a call's arguments against its operation row and builds what is sent. */
  #prepare<T>(
    id: OperationId,
    response: ResponseSpec<T>,
    args: CallArgs | (() => CallArgs) = {},
    options: RequestOptions | undefined,
  ): Prepared<T> {
    const operation: Operation = OPERATIONS[id]
    checkRequestOptions(options)
    const { path, query, body, givenQuery } = typeof args === 'function' ? args() : args
    const values: Record<string, string | number> = {}
    for (const name in operation.params) values[name] = pathParam(name, operation.params[name]!, path?.[name])
    const params = queryParams('params', query)
    const checkedBody = checkBody(operation, body)
    const { checkRequest } = this.config
    const checked = (options as { [BODY_CHECKED]?: boolean } | undefined)?.[BODY_CHECKED] === true
    const check = checkRequest && !checked ? () => checkRequest(id, checkedBody, givenQuery ?? params) : undefined
    return {
      method: operation.method,
      url: this.url(id, values, withExtraQuery(params, options)),
      body: withExtraBody(checkedBody, operation.method, options),
      idempotent: operation.idempotent,
      operation,
      response,
      options,
      check,
    }
  }

  #prepareRaw(request: RawRequest, options: RequestOptions | undefined): Prepared<unknown> {
    const { method, path, query, body } = plainObject('request', request, true) as RawRequest
    if (!RAW_METHODS.includes(method))
      throw new InvalidArgumentError('request.method', `expected one of ${RAW_METHODS.join(', ')}, got ${show(method)}`)
    // `//host/…` would be read as another host: the key only goes to `baseUrl`.
    if (typeof path !== 'string' || path === '' || path.startsWith('//') || /^[a-z][a-z\d+.-]*:/i.test(path)) {
      throw new InvalidArgumentError(
        'request.path',
        `expected a path such as "experiments/1/" or "/api/users/@me/", got ${show(path)}`,
      )
    }
    checkRequestOptions(options)
    const base = path.startsWith('/') ? this.#apiRoot.slice(0, -'/api/'.length) : this.#projectRoot
    const search = encodeQuery(withExtraQuery(queryParams('request.query', query), options) ?? {})
    return {
      method,
      url: withQuery(base + path, search),
      body: withExtraBody(body, method, options),
      idempotent: method === 'GET' || method === 'PUT' || method === 'DELETE',
      operation: undefined,
      response: 'json',
      options,
    }
  }

  /**
   * Sends a call and reads its result. The redaction boundary: whatever goes wrong in here leaves
   * through `#redactor`.
   */
  async #send<T>(call: Prepared<T>): Promise<WithResponse<T>> {
    const options = call.options ?? {}
    const timeout = options.timeout ?? this.config.timeout
    let response: Response
    try {
      const checked = call.check?.()
      if (checked) await checked
      if (options.signal?.aborted) throw new AbortError(`${call.method} ${call.url} was aborted before it was sent`)
      // The first attempt takes its turn before ky starts, so the wait is outside its timeout.
      const turn = this.#limiter && this.#pace(call.method, call.url, options)
      if (turn) await turn
      response = await this.#ky(call.url, this.#kyOptions(call, timeout))
      return this.#read(call, response)
    } catch (error) {
      const failed = {
        method: call.method,
        url: call.url,
        scope: call.operation?.scope,
        hint: call.operation?.hint,
        projectKey: this.#apiKey.startsWith('phc_'),
        timeout,
        signal: options.signal,
      }
      throw this.#redactor.error(toClientError(error, failed))
    }
  }

  #kyOptions(call: Prepared<unknown>, timeout: number): Options {
    const options = call.options ?? {}
    const init: Options = {
      method: call.method,
      redirect: 'manual', // see GuardedFetch
      timeout,
      headers: {
        accept: 'application/json',
        ...this.config.headers,
        ...options.headers,
        authorization: `Bearer ${this.#apiKey}`,
      },
      retry: retryPolicy(
        call.idempotent,
        options.maxRetries ?? this.config.maxRetries,
        options.maxRetryDelay ?? this.config.maxRetryDelay,
      ),
    }
    // Only the keys that are set (ky copies its options object once per key).
    if (call.body !== undefined)
      Object.assign(init, { json: call.body, replayJson: call.body } satisfies Options & ReplayOption)
    if (options.signal) init.signal = options.signal
    if (this.#limiter && (options.signal || options.maxRetryDelay !== undefined)) {
      init.context = { signal: options.signal, maxRetryDelay: options.maxRetryDelay } satisfies PaceContext
    }
    return init
  }

  /**
   * Waits for the call's turn under the rate limits when it must (`undefined` when it may go now), and logs
   * the wait. Rejects with `AbortError` on the caller's abort, and with `RateLimitError` when the pause
   * after a 429 outlasts the call's `maxRetryDelay`.
   */
  #pace(
    method: string,
    url: string,
    { signal, maxRetryDelay = this.config.maxRetryDelay }: PaceContext,
  ): Promise<void> | undefined {
    const started = Date.now()
    return this.#limiter?.groups[limitGroup(url)].acquire(signal, maxRetryDelay)?.then(
      (reason) => this.#log(`${method} ${url} waited ${Date.now() - started} ms for its turn: ${reason}`),
      (error: unknown) => {
        if (!(error instanceof PauseTooLong))
          throw new AbortError(`${method} ${url} was aborted while waiting for its turn`)
        const seconds = Math.ceil(error.waitMs / 1_000)
        const message =
          `${method} ${url} was not sent: after a 429 this key waits ${seconds} s, over maxRetryDelay ` +
          `(${maxRetryDelay} ms)`
        throw new RateLimitError({
          status: 429,
          body: undefined,
          headers: new Headers({ 'retry-after': `${seconds}` }),
          method,
          url,
          message,
        })
      },
    )
  }

  /**
   * The URL a walk reads for a `next` link (docs/service-behaviour.md §1.5, [`PG1`]–[`PG4`]): the list's own path on
   * the client's own origin, with the link's query. The service writes the link from the scheme, host and path it
   * was reached at, which a proxy in front may change (`http://` for `https://`, no port, no path prefix), so only
   * the query is taken from it. A link to another host or port, with credentials, to another list, or back to a page
   * of this walk is refused: nothing is sent, and the key goes nowhere but `baseUrl`.
   */
  #nextUrl(link: string, { from, seen }: PageLink): string {
    const base = this.config.baseUrl
    const next = new URL(link)
    const { search, port, username, password, hostname } = next
    const page = new URL(from).pathname
    // The newest servers read `/api/environments/` as `/api/projects/` (§1.1), the slash is optional (§1.2), and a
    // proxy may strip baseUrl's path.
    const trim = (path: string) => path.replace('/api/environments/', '/api/projects/').replace(/\/$/, '')
    const path = trim(next.pathname)
    next.password = next.search = next.hash = ''
    const fail = (code: string, why: string): never => {
      const issue = { code, path: ['next'], message: `next link ${why}, not followed` }
      throw new ResponseValidationError([issue], { next: next.href }, 'GET', from, 200)
    }
    if (
      !/^https?:$/.test(next.protocol) ||
      hostname !== base.hostname ||
      username ||
      password ||
      (port && port !== (base.port || (base.protocol === 'http:' ? '80' : '443'))) ||
      (trim(page) !== path && trim(page) !== trim(base.pathname) + path)
    ) {
      fail(
        'foreign_next_link',
        `to ${next.href}, not this list on ${base.origin} (the only origin the API key is sent to)`,
      )
    }
    const url = new URL(page + search, base.origin).href
    if (seen?.has(walkKey(url))) fail('next_link_loop', `back to a page already read in this walk (${url})`)
    return url
  }

  #read<T>(call: Prepared<T>, response: Response): WithResponse<T> {
    const spec = call.response
    if (spec === 'none') return { data: undefined as T, response }
    if (spec === 'blob')
      return {
        data: new Blob([bodyBytes(response)], { type: response.headers.get('content-type') ?? '' }) as T,
        response,
      }
    const text = bodyText(response)
    if (spec === 'json' && text.trim() === '') return { data: undefined as T, response }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      const what =
        text.trim() === ''
          ? 'an empty body'
          : `a body that is not JSON (${response.headers.get('content-type') ?? 'no content-type'})`
      throw new ResponseValidationError(
        [{ code: 'invalid_json', path: [], message: `expected JSON, got ${what}` }],
        text,
        call.method,
        call.url,
        response.status,
      )
    }
    if (spec === 'json') return { data: json as T, response }
    try {
      return { data: spec(json, this.config.validateResponses), response }
    } catch (error) {
      if (!(error instanceof DecodeFailure)) throw error
      const invalid = new ResponseValidationError(error.issues, json, call.method, call.url, response.status)
      if (!isWrite(call)) throw invalid
      // The service did the write: failing the call would hide what it made (a retry would make it twice).
      // The answer is given as it came, its issues beside it and in a warning.
      const told =
        `${invalid.message}; the write was done: ` +
        'resolved with the answer as sent (withResponse() gives the issues)'
      const line = `[posthog-project-client] ${this.#redactor.text(told)}`
      const logger = this.config.logger
      if (logger?.warn) logger.warn(line)
      else logger?.debug(line)
      return { data: json as T, response, issues: error.issues }
    }
  }

  #log(line: string): void {
    this.config.logger?.debug(`[posthog-project-client] ${this.#redactor.text(line)}`)
  }

  /** A key-free summary for logs. */
  toJSON(): Record<string, unknown> {
    return { baseUrl: this.config.baseUrl.href, projectId: this.config.projectId }
  }
}

const pageDecoders = new WeakMap<z.ZodMiniType, Decoder<PageEnvelope<unknown>>>()

/** The page decoder of a list's item schema, made once per schema. */
function pageDecoder<T>(item: z.ZodMiniType<T>): Decoder<PageEnvelope<T>> {
  let decoder = pageDecoders.get(item)
  if (!decoder) pageDecoders.set(item, (decoder = decodePage(item)))
  return decoder as Decoder<PageEnvelope<T>>
}

/** A call that changes something on the service: every method but GET, less the POSTs that only read. */
function isWrite(call: Prepared<unknown>): boolean {
  return call.method !== 'GET' && !call.idempotent
}

/** The body an operation row allows: a required object, an optional one (`{}` when absent), or none. */
function checkBody(operation: Operation, body: unknown): unknown {
  if (operation.body === 'required') return plainObject('body', body as object, true)
  if (operation.body === 'optional') return plainObject('body', body as object | undefined) ?? {}
  return body
}

function withExtraBody(body: unknown, method: string, options: RequestOptions | undefined): unknown {
  const extra = options?.extraBody
  if (extra === undefined) return body
  if (method === 'GET' || method === 'DELETE')
    throw new InvalidArgumentError('options.extraBody', `a ${method} request sends no body`)
  return { ...(body as object | undefined), ...extra }
}

function withExtraQuery(query: object | undefined, options: RequestOptions | undefined): object | undefined {
  const extra = queryParams('options.extraQuery', options?.extraQuery)
  return extra === undefined ? query : { ...query, ...extra }
}
