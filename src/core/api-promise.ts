import type { ValidationIssue } from './errors.js'
import { readable } from './guarded-fetch.js'

/** A resolved call: the parsed body and the fetch `Response` it came from. */
export interface WithResponse<T> {
  /** The parsed body, validated unless `validateResponses: false`; what awaiting the promise gives. */
  data: T
  /** The fetch `Response` of the last attempt: status, headers, URL, and its body (readable once). */
  response: Response
  /**
   * Set only for a write the service carried out (a create, an update, …) whose answer did not match its
   * schema: where it departed. `data` is then the answer as the service sent it, unchecked, so that what
   * the write made (its `id`) is not lost; the client's `logger` got a warning with the same issues.
   */
  issues?: ReadonlyArray<ValidationIssue>
}

/**
 * The promise every method returns: awaits to the parsed, validated body, and `.withResponse()` gives
 * the raw `Response` as well (status, headers).
 */
export class APIPromise<T> implements PromiseLike<T> {
  /** The result as the transport gives it: `response` is the one ky saw, its body already read by the SDK. */
  readonly #result: Promise<WithResponse<T>>
  #data: Promise<T> | undefined
  #withResponse: Promise<WithResponse<T>> | undefined

  /** @internal The client builds these; a method call is the way to get one. */
  constructor(result: Promise<WithResponse<T>>) {
    this.#result = result
  }

  /** @internal A promise that rejects at once: used for bad input, so no request is ever sent. */
  static reject<T>(error: unknown): APIPromise<T> {
    return new APIPromise<T>(Promise.reject(error))
  }

  /**
   * Resolves to `{ data, response }`: the same parsed body, with the fetch `Response` it came from (for
   * its status and headers). Rejects with the same error as the promise itself.
   */
  withResponse(): Promise<WithResponse<T>> {
    // The readable copy of the response is made here, for the callers that ask for it, not on every call.
    this.#withResponse ??= this.#result.then((result) => ({ ...result, response: readable(result.response) }))
    return this.#withResponse
  }

  // Derived lazily so that a caller using only `withResponse()` has no second, unhandled rejection.
  #dataPromise(): Promise<T> {
    this.#data ??= this.#result.then((result) => result.data)
    return this.#data
  }

  /** Like `Promise.prototype.then`: `onfulfilled` receives the parsed body. */
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#dataPromise().then(onfulfilled, onrejected)
  }

  /** Like `Promise.prototype.catch`: `onrejected` receives the error (a {@link ProjectClientError}). */
  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#dataPromise().catch(onrejected)
  }

  /** Like `Promise.prototype.finally`. */
  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onfinally)
  }

  /** `'APIPromise'`, for `Object.prototype.toString`. */
  get [Symbol.toStringTag](): string {
    return 'APIPromise'
  }
}
