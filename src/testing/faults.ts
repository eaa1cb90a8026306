import type { OperationId } from '../core/operations.js'
import { abortReason, type Outcome } from './outcome.js'
import { defaultErrorBody, json } from './responses.js'
import { SlidingWindow } from './sliding-window.js'

/**
 * The kinds of fault the fake can inject:
 * - `status`: answer an HTTP error (default body: the service's four-key body for that status);
 * - `delay`: wait `ms`, then answer normally;
 * - `hang`: never answer (the client's timeout or abort has to end it);
 * - `drop`: send the status line, headers and part of the body, then cut the connection;
 * - `malformed`: answer a JSON content type with a body that is not valid JSON;
 * - `html`: answer an HTML error page, like a proxy in front of the service would.
 */
export type FaultKind = 'status' | 'delay' | 'hang' | 'drop' | 'malformed' | 'html'

/** Which requests a fault applies to, and how many times. Every option is optional. */
export interface FaultTarget {
  /** How many matching requests get the fault. Default 1. */
  times?: number
  /** Only requests with this method (`GET`, `POST`, …). */
  method?: string
  /**
   * Only requests on this path. A string is either absolute (`/api/projects/1/experiments/`) or relative
   * to the project (`experiments/`, `experiments/7`); the trailing slash is optional and the query is
   * ignored. A RegExp is tested against the URL's pathname.
   */
  path?: string | RegExp
  /** Only requests resolving to this operation (`'experiments.create'`, …). */
  operation?: OperationId
  /**
   * Apply the request to the state first, then answer the fault: "the POST was stored but the client
   * saw a 500" (or a dropped connection, a hang, …). Default `false`: the state is left untouched.
   */
  afterApply?: boolean
}

/** `status`: an HTTP error answer. */
export interface StatusFaultOptions extends FaultTarget {
  /** The HTTP status to answer. */
  status: number
  /** Sets `Retry-After` (seconds, or an HTTP date). On a 429 the default body names the same wait. */
  retryAfter?: number | string
  /**
   * The body: an object or array is sent as JSON, a string as is, `null` for an empty body. Default: the four-key body.
   */
  body?: unknown
  /** Extra response headers. */
  headers?: Record<string, string>
}

/** `delay`: wait, then answer normally. */
export interface DelayFaultOptions extends FaultTarget {
  /** Milliseconds to wait before answering. */
  ms: number
}

/** `malformed` and `html`: the status of the broken answer. */
export interface BrokenBodyFaultOptions extends FaultTarget {
  /** Default: 200 for `malformed` (or the real status with `afterApply`), 502 for `html`. */
  status?: number
}

/** The options of each fault kind. */
export interface FaultOptionsByKind {
  /** `failNext`: answer with an error status. */
  status: StatusFaultOptions
  /** `delayNext`: answer late. */
  delay: DelayFaultOptions
  /** `hangNext`: never answer. */
  hang: FaultTarget
  /** `dropNext`: cut the connection. */
  drop: FaultTarget
  /** `malformedNext`: a JSON content type with a body that does not parse. */
  malformed: BrokenBodyFaultOptions
  /** `htmlNext`: a proxy's HTML error page. */
  html: BrokenBodyFaultOptions
}

/** The injected 429s of `faults.tooManyRequests`: at most `limit` requests per key in any `windowMs`. */
export interface TooManyRequestsOptions {
  /** Requests allowed per key in any window. */
  limit: number
  /** The sliding window, in milliseconds. */
  windowMs: number
}

/** @deprecated Since 0.3: renamed {@link TooManyRequestsOptions} (the fault, not the service's `rateLimits`). */
export type RateLimitOptions = TooManyRequestsOptions

/**
 * Fault injection. Faults queue up in the order they were added; each request takes the first pending
 * fault whose target matches it. Faults apply before authentication (like a proxy would), so an
 * injected status is answered whatever the key.
 */
export interface FakeFaults {
  /** Queues a fault of any kind. */
  inject<K extends FaultKind>(kind: K, options: FaultOptionsByKind[K]): void
  /** The next `n` matching requests answer `status` (same as `inject('status', { ...options, times: n })`). */
  failNext(n: number, options: Omit<StatusFaultOptions, 'times'>): void
  /** The next `n` matching requests wait `options.ms`, then answer normally. */
  delayNext(n: number, options: Omit<DelayFaultOptions, 'times'>): void
  /** The next `n` matching requests never get an answer. */
  hangNext(n: number, options?: Omit<FaultTarget, 'times'>): void
  /** The next `n` matching requests get headers and part of the body, then the connection drops. */
  dropNext(n: number, options?: Omit<FaultTarget, 'times'>): void
  /** The next `n` matching requests get a JSON content type with a body that is not JSON. */
  malformedNext(n: number, options?: Omit<BrokenBodyFaultOptions, 'times'>): void
  /** The next `n` matching requests get an HTML error page (502 by default). */
  htmlNext(n: number, options?: Omit<BrokenBodyFaultOptions, 'times'>): void
  /**
   * Injects 429s (or stops with `null`): beyond `limit` requests per key within `windowMs`, authenticated
   * requests get 429 with the service's throttled body and a `Retry-After` header. Setting it forgets the
   * requests counted so far. For the service's own throttles, see `createFakeApi({ rateLimits })`.
   */
  tooManyRequests(options: TooManyRequestsOptions | null): void
  /** @deprecated Since 0.3: renamed {@link FakeFaults.tooManyRequests}; this alias does the same. */
  rateLimit(options: TooManyRequestsOptions | null): void
  /** Removes every pending fault (`tooManyRequests` stays as set). */
  clear(): void
  /** How many injected fault answers are still pending. */
  readonly pending: number
}

/** A fault taken by a request. */
export interface TakenFault {
  kind: FaultKind
  options: FaultOptionsByKind[FaultKind]
}

interface PendingFault extends TakenFault {
  remaining: number
}

/** The queue behind `fake.faults` (`tooManyRequests` lives in `TooManyRequestsFault`). */
export class FaultQueue {
  #pending: PendingFault[] = []

  add<K extends FaultKind>(kind: K, options: FaultOptionsByKind[K]): void {
    const times = options.times ?? 1
    if (!Number.isInteger(times) || times < 0)
      throw new TypeError(`faults: \`times\` must be a whole number, got ${String(times)}`)
    if (
      kind === 'delay' &&
      !(typeof (options as DelayFaultOptions).ms === 'number' && (options as DelayFaultOptions).ms >= 0)
    ) {
      throw new TypeError('faults: a delay needs `ms`, a number of milliseconds')
    }
    if (kind === 'status' && !Number.isInteger((options as StatusFaultOptions).status)) {
      throw new TypeError('faults: a status fault needs `status`, an HTTP status code')
    }
    if (times > 0) this.#pending.push({ kind, options, remaining: times })
  }

  /** The first pending fault matching the request, counted as used. */
  take(method: string, pathname: string, operation: OperationId | null): TakenFault | undefined {
    const index = this.#pending.findIndex((fault) => matches(fault.options, method, pathname, operation))
    const fault = this.#pending[index]
    if (!fault) return undefined
    fault.remaining -= 1
    if (fault.remaining <= 0) this.#pending.splice(index, 1)
    return { kind: fault.kind, options: fault.options }
  }

  clear(): void {
    this.#pending = []
  }

  get pending(): number {
    return this.#pending.reduce((sum, fault) => sum + fault.remaining, 0)
  }
}

function matches(target: FaultTarget, method: string, pathname: string, operation: OperationId | null): boolean {
  if (target.method && target.method.toUpperCase() !== method.toUpperCase()) return false
  if (target.operation && target.operation !== operation) return false
  if (target.path instanceof RegExp) return target.path.test(pathname)
  if (typeof target.path === 'string') {
    const wanted = target.path.split('?')[0]?.replace(/\/+$/, '') ?? ''
    const actual = pathname.replace(/\/+$/, '')
    if (wanted.startsWith('/')) return actual === wanted
    // Relative to the project: `/api/{prefix}/{project}/` + the path.
    return new RegExp(`^/api/(projects|environments)/[^/]+/${escapeRegExp(wanted)}$`).test(actual)
  }
  return true
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** `faults.tooManyRequests`: a 429 for each request beyond the limit, counted as the service's throttles count. */
export class TooManyRequestsFault {
  #window: SlidingWindow | null

  constructor(options: TooManyRequestsOptions | null) {
    this.#window = windowOf(options)
  }

  /** A new limit (`null`: none), counting from zero. */
  configure(options: TooManyRequestsOptions | null): void {
    this.#window = windowOf(options)
  }

  /** `null` when the request is let through (and counted), else the whole seconds to wait. */
  check(key: string, now: number): number | null {
    return this.#window?.admit(key, now) ?? null
  }
}

function windowOf(options: TooManyRequestsOptions | null): SlidingWindow | null {
  if (options === null) return null
  if (!Number.isInteger(options.limit) || options.limit < 0 || !(options.windowMs > 0)) {
    throw new TypeError('tooManyRequests: expected `{ limit: whole number, windowMs: positive number }`')
  }
  return new SlidingWindow(options.limit, options.windowMs)
}

/** Runs a fault: `produce` applies the request to the state and answers it normally. */
export async function runFault(
  fault: TakenFault,
  produce: () => Promise<Response>,
  signal: AbortSignal | undefined,
): Promise<Outcome> {
  const { kind, options } = fault
  const applied = options.afterApply ? await produce() : undefined
  switch (kind) {
    case 'delay': {
      await sleep((options as DelayFaultOptions).ms, signal)
      return { type: 'response', response: applied ?? (await produce()) }
    }
    case 'status':
      return { type: 'response', response: statusResponse(options as StatusFaultOptions) }
    case 'hang':
      return { type: 'hang' }
    case 'drop':
      return {
        type: 'drop',
        response:
          applied ??
          json({
            count: 2,
            next: null,
            previous: null,
            results: [
              { id: 1, name: 'first' },
              { id: 2, name: 'second' },
            ],
          }),
      }
    case 'malformed': {
      const status = (options as BrokenBodyFaultOptions).status ?? applied?.status ?? 200
      const text = applied ? await applied.text() : ''
      return {
        type: 'response',
        response: new Response(truncatedJson(text), { status, headers: { 'content-type': 'application/json' } }),
      }
    }
    case 'html': {
      const status = (options as BrokenBodyFaultOptions).status ?? 502
      return {
        type: 'response',
        response: new Response(htmlPage(status), { status, headers: { 'content-type': 'text/html; charset=utf-8' } }),
      }
    }
  }
}

function statusResponse(options: StatusFaultOptions): Response {
  const headers = new Headers(options.headers)
  if (options.retryAfter !== undefined) headers.set('retry-after', String(options.retryAfter))
  const seconds = typeof options.retryAfter === 'number' ? options.retryAfter : undefined
  const body = options.body === undefined ? defaultErrorBody(options.status, seconds) : options.body
  const noBody = body === null || [204, 205, 304].includes(options.status)
  if (!noBody && typeof body !== 'string' && !headers.has('content-type'))
    headers.set('content-type', 'application/json')
  if (!noBody && typeof body === 'string' && !headers.has('content-type'))
    headers.set('content-type', 'text/plain; charset=utf-8')
  return new Response(noBody ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status: options.status,
    headers,
  })
}

/** The first half of a JSON text, made sure not to parse. */
function truncatedJson(text: string): string {
  const half = text.slice(0, Math.ceil(text.length / 2))
  if (half.length > 0 && !parses(half)) return half
  return `{"results": [{"id": 1, "name": "trunc`
}

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

function htmlPage(status: number): string {
  const title =
    status === 502
      ? '502 Bad Gateway'
      : status === 503
        ? '503 Service Unavailable'
        : status === 504
          ? '504 Gateway Time-out'
          : `${status} Error`
  const body = `<center><h1>${title}</h1></center>\n<hr><center>nginx</center>`
  return `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n<body>\n${body}\n</body>\n</html>\n`
}

/** Waits `ms`; rejects with an `AbortError` when `signal` fires first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal))
      return
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortReason(signal))
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
