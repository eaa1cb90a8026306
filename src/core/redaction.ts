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
   * caller's own `fetch` threw stays as it was. The walk keeps its own stack rather than recursing: an
   * answer nested thousands deep (the service's or a hostile server's) must not end in a `RangeError`.
   */
  error<E>(error: E): E {
    if (!(error instanceof Error)) return error
    const seen = new Set<object>([error])
    // Pairs of an object whose own properties are cleaned and the object they are written to (itself, or a copy).
    const stack: Array<[source: object, target: object]> = [[error, error]]
    for (let pair = stack.pop(); pair; pair = stack.pop()) {
      const [source, target] = pair
      for (const key of Reflect.ownKeys(source)) {
        const descriptor = Reflect.getOwnPropertyDescriptor(source, key)
        if (!descriptor || !('value' in descriptor)) continue
        const clean = this.#value(descriptor.value, seen, stack)
        if (source !== target || clean !== descriptor.value)
          Reflect.defineProperty(target, key, { ...descriptor, value: clean })
      }
    }
    return error
  }

  /** A value cleaned at its own level; an object whose properties still need cleaning goes on `stack`. */
  #value(value: unknown, seen: Set<object>, stack: Array<[object, object]>): unknown {
    if (typeof value === 'string') return this.text(value)
    if (typeof value !== 'object' || value === null || seen.has(value)) return value
    seen.add(value)
    if (value instanceof Headers) return this.#headers(value)
    if (value instanceof Error) {
      if (!mentions(value, this.#secret)) return value
      const copy = Object.create(Object.getPrototypeOf(value) as object) as Error
      stack.push([value, copy])
      return copy
    }
    stack.push([value, value])
    return value
  }

  #headers(headers: Headers): Headers {
    for (const [, value] of headers) {
      if (value.includes(this.#secret))
        return new Headers([...headers].map(([name, item]) => [name, this.text(item)] as [string, string]))
    }
    return headers
  }
}

/**
 * Whether `value` shows `secret` anywhere: its strings, header values, and own properties however deep (no recursion).
 */
function mentions(value: unknown, secret: string): boolean {
  const seen = new Set<object>()
  const stack: unknown[] = [value]
  while (stack.length > 0) {
    const item = stack.pop()
    if (typeof item === 'string') {
      if (item.includes(secret)) return true
      continue
    }
    if (typeof item !== 'object' || item === null || seen.has(item)) continue
    seen.add(item)
    if (item instanceof Headers) {
      if ([...item.values()].some((text) => text.includes(secret))) return true
      continue
    }
    for (const key of Reflect.ownKeys(item)) {
      const descriptor = Reflect.getOwnPropertyDescriptor(item, key)
      if (descriptor !== undefined && 'value' in descriptor) stack.push(descriptor.value)
    }
  }
  return false
}
