/**
 * The one place the API key is removed. Every error a call rejects with and every log line pass through
 * a `Redactor` in the transport, so an error site added later cannot leak the key by forgetting to: the
 * service may echo the key in a body, a header or a `next` link, and a custom `fetch` may put it in an
 * error message.
 */
export class Redactor {
  // A private field: never shown by `util.inspect`, `JSON.stringify` or a debugger's object preview.
  readonly #secret: string

  constructor(secret: string) {
    this.#secret = secret
  }

  /** `text` with every occurrence of the key replaced by `[REDACTED]`. */
  text(text: string): string {
    return text.includes(this.#secret) ? text.split(this.#secret).join('[REDACTED]') : text
  }

  /**
   * The same error with the key removed from its message, stack and fields, however deep (parsed bodies,
   * headers, issue lists); a `cause` that holds the key is replaced by a redacted copy, so an error the
   * caller's own `fetch` threw stays as it was.
   */
  error<E>(error: E): E {
    if (error instanceof Error) this.#fields(error, error, new Set())
    return error
  }

  /** Cleans the own properties of `source` (enumerable or not: `message`, `stack`, `cause`) into `target`. */
  #fields(source: object, target: object, seen: Set<object>): void {
    seen.add(source)
    for (const key of Reflect.ownKeys(source)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(source, key)
      if (!descriptor || !('value' in descriptor)) continue
      const clean = this.#value(descriptor.value, seen)
      if (source !== target || clean !== descriptor.value) Reflect.defineProperty(target, key, { ...descriptor, value: clean })
    }
  }

  #value(value: unknown, seen: Set<object>): unknown {
    if (typeof value === 'string') return this.text(value)
    if (typeof value !== 'object' || value === null || seen.has(value)) return value
    if (value instanceof Headers) return this.#headers(value)
    if (value instanceof Error) return mentions(value, this.#secret, new Set()) ? this.#copy(value, seen) : value
    this.#fields(value, value, seen)
    return value
  }

  #copy(error: Error, seen: Set<object>): Error {
    const copy = Object.create(Object.getPrototypeOf(error) as object) as Error
    this.#fields(error, copy, seen)
    return copy
  }

  #headers(headers: Headers): Headers {
    for (const [, value] of headers) {
      if (value.includes(this.#secret)) return new Headers([...headers].map(([name, item]) => [name, this.text(item)] as [string, string]))
    }
    return headers
  }
}

/** Whether `value` shows `secret` anywhere: its strings, header values, and own properties however deep. */
function mentions(value: unknown, secret: string, seen: Set<object>): boolean {
  if (typeof value === 'string') return value.includes(secret)
  if (typeof value !== 'object' || value === null || seen.has(value)) return false
  seen.add(value)
  if (value instanceof Headers) return [...value.values()].some((item) => item.includes(secret))
  return Reflect.ownKeys(value).some((key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(value, key)
    return descriptor !== undefined && 'value' in descriptor && mentions(descriptor.value, secret, seen)
  })
}
