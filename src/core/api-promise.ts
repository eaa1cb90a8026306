/** A resolved call: the parsed body and the fetch `Response` it came from. */
export interface WithResponse<T> {
  data: T
  response: Response
}

/**
 * The promise every method returns: awaits to the parsed, validated body, and `.withResponse()` gives
 * the raw `Response` as well (status, headers).
 */
export class APIPromise<T> implements PromiseLike<T> {
  readonly #result: Promise<WithResponse<T>>
  #data: Promise<T> | undefined

  constructor(result: Promise<WithResponse<T>>) {
    this.#result = result
  }

  /** A promise that rejects at once: used for bad input, so no request is ever sent. */
  static reject<T>(error: unknown): APIPromise<T> {
    return new APIPromise<T>(Promise.reject(error))
  }

  /** Resolves to `{ data, response }`. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#result
  }

  // Derived lazily so that a caller using only `withResponse()` has no second, unhandled rejection.
  #dataPromise(): Promise<T> {
    this.#data ??= this.#result.then((result) => result.data)
    return this.#data
  }

  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#dataPromise().then(onfulfilled, onrejected)
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.#dataPromise().catch(onrejected)
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onfinally)
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise'
  }
}
