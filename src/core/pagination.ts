import * as z from 'zod/mini'
import { APIPromise, type WithResponse } from './api-promise.js'
import { AbortError, InvalidArgumentError } from './errors.js'
import type { RequestOptions } from './options.js'
import { DecodeFailure, parseWith, type Decoder } from './validation.js'

/** The options of list methods: request options, and how many pages a walk may fetch at once. */
export interface ListOptions extends RequestOptions {
  /**
   * Pages a walk (`for await`, `.pages()`, `.toArray()`) fetches at once, default 1 (at most 16). When the
   * first page gives the total `count` on limit/offset links, the following pages are fetched up to
   * `concurrency` at a time and still yielded in order; otherwise one after another. A complete walk
   * makes one request per page; stopping early leaves at most `concurrency` requests past the page stopped in.
   */
  concurrency?: number | undefined
}

/**
 * A list body reduced to what paging needs. `next: undefined` means the body had no `next` key at all;
 * `hasMore` is the `has_more` of the lists that page by it (survey responses), else `null`.
 */
export interface PageEnvelope<T> {
  results: T[]
  count: number | null
  next: string | null | undefined
  previous: string | null
  hasMore?: boolean | null | undefined
}

/**
 * Where the next page of a walk comes from: the URL of the page whose `next` it is, and the URLs the walk
 * has read (a `next` back to one of them ends the walk: docs/service-behaviour.md §1.5).
 */
export interface PageLink {
  from: string
  seen?: ReadonlySet<string> | undefined
}

/**
 * Fetches the page at an absolute URL (same operation, same request options); with `link`, the URL is a `next` link
 * and the transport decides where it is read, or refuses it.
 */
export type PageFetcher<T> = (url: string, link?: PageLink) => PagePromise<T>

// Lets `PagePromise.pages()` pass the walk's read URLs (and how far ahead to fetch) without a public parameter.
let fetchNext: <T>(page: Page<T>, seen: ReadonlySet<string>, ahead?: number) => PagePromise<T>

/**
 * One page of a list. The service is not uniform (docs/service-behaviour.md §1.5, §10.1): most lists carry
 * `count`/`next`/`previous`, survey activity `total_count`, eligible feature flags only `results` and
 * `count`, survey responses `has_more`, endpoint lists only `results`, endpoint versions a bare array. All
 * arrive here as one shape.
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
    fetchNext = (page, seen, ahead) => page.#fetchNextPage(seen, ahead)
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

  /**
   * Fetches the next page: the list's own path on the client's own origin, with the query of `next` (a link the
   * service wrote as `http://` behind a TLS proxy is read over `https://`). A link to another host or port, or to
   * another list, rejects with `ResponseValidationError` and nothing is sent.
   */
  getNextPage(): PagePromise<T> {
    return this.#fetchNextPage(undefined)
  }

  /** `ahead`: the page that many pages past `next`, its `offset` moved by as many `limit`s (a walk fetching ahead). */
  #fetchNextPage(seen: ReadonlySet<string> | undefined, ahead?: number): PagePromise<T> {
    if (this.next === null) return rejectedPage(new InvalidArgumentError('page', 'this is the last page'))
    const url = new URL(this.next, this.url)
    const query = url.searchParams
    if (ahead) query.set('offset', String(Number(query.get('offset')) + Number(query.get('limit')) * ahead))
    return this.#fetchPage(url.href, { from: this.url, seen })
  }
}

/**
 * What list methods return: await it for the first `Page`, or walk every item of every page with
 * `for await`. Pages are fetched lazily, only as far as the caller reads: one at a time, or up to
 * `concurrency` ahead when the first page gives the total `count` on limit/offset links.
 */
export class PagePromise<T> extends APIPromise<Page<T>> implements AsyncIterable<T> {
  readonly #signal: AbortSignal | undefined
  readonly #concurrency: number

  /**
   * @internal List methods return these; the client builds them. Once `signal` aborts, iteration stops at the next
   * item.
   */
  constructor(result: Promise<WithResponse<Page<T>>>, signal?: AbortSignal, concurrency = 1) {
    super(result)
    this.#signal = signal
    this.#concurrency = concurrency
  }

  /**
   * Every page, starting with this one, in order. A `next` link back to a page already read ends the walk
   * with `ResponseValidationError`.
   */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page: Page<T> = await this.then((first) => first)
    const first = page
    const ahead = this.#concurrency > 1 ? pagesLeftByOffset(first) : 0
    const inFlight: Array<PagePromise<T>> = []
    const seen = new Set<string>()
    for (let planned = 0; ;) {
      seen.add(walkKey(page.url))
      // Pages computed by offset go out `concurrency` at a time, each exactly once, and come back in order.
      for (; inFlight.length < this.#concurrency && planned < ahead; planned++) {
        const next = fetchNext(first, seen, planned)
        // Marks a failure handled: it surfaces in its turn, or never if the caller stops first.
        next.then(undefined, () => undefined)
        inFlight.push(next)
      }
      yield page
      // Then one after another: the whole walk, or what follows the computed pages if the list grew meanwhile.
      const next = inFlight.shift() ?? (page.hasNextPage() ? fetchNext(page, seen) : undefined)
      if (!next) return
      page = await next
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
      // The first page is already on its way and none of it is read: settle it here, so that its failure is not an
      // unhandled rejection.
      this.then(undefined, () => undefined)
      if (invalid) throw new InvalidArgumentError('max', `expected a non-negative number, got ${String(max)}`)
      return []
    }
    const items: T[] = []
    for await (const item of this) {
      items.push(item)
      if (items.length >= max) return items
    }
    return items
  }
}

const optionalCount = z.nullish(z.number())
const optionalLink = z.nullish(z.string())
const optionalFlag = z.nullish(z.boolean())

/** The decoder of a list: any envelope variant, each item validated with `item`. */
export function decodePage<T>(item: z.ZodMiniType<T>): Decoder<PageEnvelope<T>> {
  const bare = z.array(item)
  const envelope = z.looseObject({
    results: bare,
    count: optionalCount,
    total_count: optionalCount,
    next: optionalLink,
    previous: optionalLink,
    has_more: optionalFlag,
  })
  return (json, validate) => {
    if (Array.isArray(json)) {
      const results = validate ? parseWith(bare, json) : (json as T[])
      return { results, count: results.length, next: null, previous: null }
    }
    if (validate) {
      const body = parseWith(envelope, json)
      return {
        results: body.results,
        count: body.count ?? body.total_count ?? null,
        next: body.next,
        previous: body.previous ?? null,
        hasMore: body.has_more,
      }
    }
    const body = json as Record<string, unknown> | null
    if (!body || !Array.isArray(body.results)) {
      throw new DecodeFailure([
        { code: 'invalid_type', path: ['results'], message: 'a list response needs a `results` array' },
      ])
    }
    const number = (value: unknown) => (typeof value === 'number' ? value : null)
    const link = (value: unknown) => (typeof value === 'string' ? value : value === null ? null : undefined)
    return {
      results: body.results as T[],
      count: number(body.count) ?? number(body.total_count),
      next: link(body.next),
      previous: link(body.previous) ?? null,
      hasMore: body.has_more as boolean | undefined,
    }
  }
}

/**
 * A list with `count` or `has_more` but no `next` key (eligible feature flags, survey responses) pages by
 * offset: the next page is the same URL with `offset` moved past this page, until `count` is reached or
 * `has_more` is false. An empty page ends the walk whatever it says, so that it cannot loop.
 */
export function nextByOffset(url: string, { count, hasMore, results }: PageEnvelope<unknown>): string | null {
  if (results.length === 0 || (typeof hasMore === 'boolean' ? !hasMore : count === null)) return null
  const next = new URL(url)
  const offset = Number(next.searchParams.get('offset') ?? 0) + results.length
  if (!Number.isFinite(offset) || (typeof hasMore !== 'boolean' && offset >= count!)) return null
  next.searchParams.set('offset', String(offset))
  return next.href
}

/**
 * How many pages follow `page` when their URLs can be computed: a total `count` and a `next` link carrying
 * `limit` and `offset`. Otherwise 0, and a walk follows `next` links one by one.
 */
function pagesLeftByOffset(page: Page<unknown>): number {
  if (page.count === null || page.next === null) return 0
  const query = new URL(page.next, page.url).searchParams
  const limit = Number(query.get('limit'))
  const offset = Number(query.get('offset'))
  // A `next` that does not move forward is left to the walk one link at a time (and its loop check).
  const forward = offset > Number(new URL(page.url).searchParams.get('offset'))
  return forward && limit > 0 && Number.isSafeInteger(limit) && Number.isSafeInteger(offset)
    ? Math.ceil((page.count - offset) / limit)
    : 0
}

/**
 * A URL as a walk compares them: the service writes `next` links with their parameters sorted
 * (docs/service-behaviour.md §1.5), the first URL has them in the caller's order, and `offset=0` is
 * no offset: each pair is the same page.
 */
export function walkKey(url: string): string {
  const key = new URL(url)
  const query = key.searchParams
  if (query.get('offset') === '0') query.delete('offset')
  query.sort()
  return key.href
}

/** A page promise that rejects at once, with no request. */
export function rejectedPage<T>(error: unknown): PagePromise<T> {
  return new PagePromise<T>(Promise.reject(error))
}
