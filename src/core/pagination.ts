import * as z from 'zod/mini'
import { APIPromise, type WithResponse } from './api-promise.js'
import { AbortError, InvalidArgumentError } from './errors.js'
import { DecodeFailure, parseWith, type Decoder } from './validation.js'

/** A list body reduced to what paging needs. `next: undefined` means the body had no `next` key at all. */
export interface PageEnvelope<T> {
  results: T[]
  count: number | null
  next: string | null | undefined
  previous: string | null
}

/**
 * Where the next page of a walk comes from: the URL of the page whose `next` it is, and the URLs the walk
 * has read (a `next` back to one of them ends the walk: docs/service-behaviour.md §1.5).
 */
export interface PageLink {
  from: string
  seen?: ReadonlySet<string> | undefined
}

/** Fetches the page at an absolute URL (same operation, same request options). The transport checks `link`. */
export type PageFetcher<T> = (url: string, link?: PageLink) => PagePromise<T>

// Lets `PagePromise.pages()` pass the walk's read URLs to the next fetch without a public parameter.
let fetchNext: <T>(page: Page<T>, seen: ReadonlySet<string>) => PagePromise<T>

/**
 * One page of a list. The service is not uniform (docs/service-behaviour.md §1.5): most lists carry
 * `count`/`next`/`previous`, survey activity `total_count`, eligible feature flags only `results` and
 * `count`, endpoint lists only `results`, endpoint versions a bare array. All arrive here as one shape.
 */
export class Page<T> {
  /** The items of this page. */
  readonly results: T[]
  /** Total items across pages, when the service says. */
  readonly count: number | null
  /** Absolute URL of the next page, or `null` on the last page. */
  readonly next: string | null
  /** Absolute URL of the previous page, or `null` on the first. */
  readonly previous: string | null
  /** The URL this page was read from. */
  readonly url: string
  readonly #fetchPage: PageFetcher<T>

  static {
    fetchNext = (page, seen) => page.#fetchNextPage(seen)
  }

  /** @internal Pages come from list methods; the client builds them. */
  constructor(envelope: PageEnvelope<T>, url: string, fetchPage: PageFetcher<T>) {
    this.results = envelope.results
    this.count = envelope.count
    this.previous = envelope.previous
    this.url = url
    this.next = envelope.next === undefined ? nextByOffset(url, envelope) : envelope.next
    this.#fetchPage = fetchPage
  }

  /** Whether another page follows. */
  hasNextPage(): boolean {
    return this.next !== null
  }

  /** Fetches the next page. Only links on the client's own origin are followed; anything else rejects. */
  getNextPage(): PagePromise<T> {
    return this.#fetchNextPage(undefined)
  }

  #fetchNextPage(seen: ReadonlySet<string> | undefined): PagePromise<T> {
    if (this.next === null) return rejectedPage(new InvalidArgumentError('page', 'this is the last page'))
    return this.#fetchPage(new URL(this.next, this.url).href, { from: this.url, seen })
  }
}

/**
 * What list methods return: await it for the first `Page`, or walk every item of every page with
 * `for await`. Pages are fetched lazily, one at a time, only as far as the caller reads.
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  readonly #signal: AbortSignal | undefined

  /** @internal List methods return these; the client builds them. Once `signal` aborts, iteration stops at the next item. */
  constructor(result: Promise<WithResponse<Page<T>>>, signal?: AbortSignal) {
    super(result)
    this.#signal = signal
  }

  /** Every page, starting with this one. A `next` link back to a page already read ends the walk with `ResponseValidationError`. */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page: Page<T> = await this.then((first) => first)
    const seen = new Set([page.url])
    yield page
    while (page.hasNextPage()) {
      page = await fetchNext(page, seen)
      seen.add(page.url)
      yield page
    }
  }

  /** `for await (const item of promise)`: every item of every page, fetching each page when reached. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) {
      for (const item of page.results) {
        this.#throwIfAborted()
        yield item
      }
    }
  }

  #throwIfAborted(): void {
    if (this.#signal?.aborted) throw new AbortError('iteration was aborted')
  }

  /** Collects the items of every page, or the first `max` of them, fetching no page beyond those. */
  async toArray({ max = Number.POSITIVE_INFINITY }: { max?: number } = {}): Promise<T[]> {
    const invalid = typeof max !== 'number' || Number.isNaN(max) || max < 0
    if (invalid || max === 0) {
      // The first page is already on its way and none of it is read: settle it here, so that its failure is not an unhandled rejection.
      this.then(undefined, () => undefined)
      if (invalid) throw new InvalidArgumentError('max', `expected a non-negative number, got ${String(max)}`)
      return []
    }
    const items: T[] = []
    for await (const page of this.pages()) {
      for (const item of page.results) {
        this.#throwIfAborted()
        items.push(item)
        if (items.length >= max) return items
      }
    }
    return items
  }
}

const optionalCount = z.optional(z.nullable(z.number()))
const optionalLink = z.optional(z.nullable(z.string()))

/** The decoder of a list: any envelope variant, each item validated with `item`. */
export function decodePage<T>(item: z.ZodMiniType<T>): Decoder<PageEnvelope<T>> {
  const bare = z.array(item)
  const envelope = z.looseObject({
    results: bare,
    count: optionalCount,
    total_count: optionalCount,
    next: optionalLink,
    previous: optionalLink,
  })
  return (json, validate) => {
    if (Array.isArray(json)) {
      const results = validate ? parseWith(bare, json) : (json as T[])
      return { results, count: results.length, next: null, previous: null }
    }
    if (validate) {
      const body = parseWith(envelope, json)
      return { results: body.results, count: body.count ?? body.total_count ?? null, next: body.next, previous: body.previous ?? null }
    }
    const body = json as Record<string, unknown> | null
    if (!body || !Array.isArray(body.results)) {
      throw new DecodeFailure([{ code: 'invalid_type', path: ['results'], message: 'a list response needs a `results` array' }])
    }
    const number = (value: unknown) => (typeof value === 'number' ? value : null)
    const link = (value: unknown) => (typeof value === 'string' ? value : value === null ? null : undefined)
    return {
      results: body.results as T[],
      count: number(body.count) ?? number(body.total_count),
      next: link(body.next),
      previous: link(body.previous) ?? null,
    }
  }
}

/**
 * A list with `count` but no `next` key (eligible feature flags) pages by offset: the next page is
 * the same URL with `offset` moved past this page, until `count` is reached.
 */
function nextByOffset(url: string, envelope: PageEnvelope<unknown>): string | null {
  if (envelope.count === null || envelope.results.length === 0) return null
  const next = new URL(url)
  const offset = Number(next.searchParams.get('offset') ?? 0) + envelope.results.length
  if (!Number.isFinite(offset) || offset >= envelope.count) return null
  next.searchParams.set('offset', String(offset))
  return next.href
}

/** A page promise that rejects at once, with no request. */
export function rejectedPage<T>(error: unknown): PagePromise<T> {
  return new PagePromise<T>(Promise.reject(error))
}
