import { plainObject, show } from './args.js'
import { AbortError, InvalidArgumentError } from './errors.js'
import { checkRequestOptions, checkTypeOf } from './options.js'

/** Options of `client.bulk()`. */
export interface BulkOptions {
  /** Calls of `fn` in flight at once. Default 4. */
  concurrency?: number | undefined
  /**
   * Aborting starts no new item, reaches the calls in flight through their `signal`, and rejects `bulk` with
   * `AbortError`.
   */
  signal?: AbortSignal | undefined
  /** Start no new item after the first failure; the items never run are reported `skipped`. Default `false`. */
  stopOnError?: boolean | undefined
  /** Called after each item settles. */
  onProgress?: ((progress: BulkProgress) => void) | undefined
}

/** What `onProgress` receives: counts so far. */
export interface BulkProgress {
  /** Items settled (succeeded + failed). */
  done: number
  /** Items whose call resolved. */
  succeeded: number
  /** Items whose call threw or rejected. */
  failed: number
  /**
   * Items in the source, when it says before the run: an array's `length`, a `Set`'s or `Map`'s `size`
   * (any source with a numeric `length` or `size`). Absent for a generator or a `list()` walk.
   */
  total?: number
}

/** The second argument of `fn`. */
export interface BulkContext {
  /** The item's position in the source, from 0. */
  index: number
  /** Pass it on (e.g. as the request option `signal`) so that aborting `bulk` aborts the call. */
  signal: AbortSignal
}

/** What happened to one item. */
export type BulkItemResult<T, R> =
  | { index: number; item: T; status: 'fulfilled'; value: R }
  | { index: number; item: T; status: 'rejected'; error: unknown }
  /** Never run, because `stopOnError` stopped the run first. */
  | { index: number; item: T; status: 'skipped' }

/** What `client.bulk()` resolves with: every item it read, in source order, and the counts. */
export interface BulkReport<T, R> {
  /** One entry per item, `results[i].index === i`. */
  results: Array<BulkItemResult<T, R>>
  /** Items whose call resolved. */
  succeeded: number
  /** Items whose call threw or rejected. */
  failed: number
  /** Items never run (only with `stopOnError`). */
  skipped: number
}

/** A source of items: an array, any iterable, or an async iterable such as a `list()` walk. */
export type BulkSource<T> = Iterable<T> | AsyncIterable<T>

/**
 * Runs `fn` over every item with at most `concurrency` calls in flight, reading the source only when a
 * call can start (a `list()` walk fetches its pages as they are needed). See `ProjectClient.bulk`.
 */
export async function bulk<T, R>(
  items: BulkSource<T>,
  fn: (item: T, context: BulkContext) => R | PromiseLike<R>,
  options: BulkOptions = {},
): Promise<BulkReport<T, R>> {
  const { concurrency = 4, signal, stopOnError = false, onProgress } = checkBulkArguments(items, fn, options)
  if (signal?.aborted) throw new AbortError('bulk was aborted')
  // A signal that never aborts when the caller gave none: `fn` always gets one to pass on.
  const callSignal = signal ?? new AbortController().signal
  const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]()
  const results: Array<BulkItemResult<T, R>> = []
  const running = new Set<Promise<void>>()
  const counts = { succeeded: 0, failed: 0 }
  const total = knownLength(items)
  let fatal: { error: unknown } | undefined
  const stopped = () => fatal !== undefined || signal?.aborted === true || (stopOnError && counts.failed > 0)

  const record = (entry: BulkItemResult<T, R>) => {
    results[entry.index] = entry
    counts[entry.status === 'fulfilled' ? 'succeeded' : 'failed']++
    try {
      onProgress?.({ done: counts.succeeded + counts.failed, ...counts, ...(total !== undefined && { total }) })
    } catch (error) {
      fatal ??= { error }
    }
  }
  const start = (index: number, item: T) => {
    const settled: Promise<void> = new Promise<R>((resolve) => resolve(fn(item, { index, signal: callSignal })))
      .then(
        (value) => record({ index, item, status: 'fulfilled', value }),
        (error: unknown) => record({ index, item, status: 'rejected', error }),
      )
      .finally(() => running.delete(settled))
    running.add(settled)
  }

  let index = 0
  let exhausted = false
  while (!stopped()) {
    if (running.size >= concurrency) {
      await Promise.race(running)
      continue
    }
    let next: IteratorResult<T>
    try {
      next = await untilAborted(iterator.next(), signal)
    } catch (error) {
      fatal ??= { error }
      exhausted = true
      break
    }
    if (next.done) {
      exhausted = true
      break
    }
    // Read while a failure or an abort was settling: it never runs.
    if (stopped()) results[index] = { index, item: next.value, status: 'skipped' }
    else start(index, next.value)
    index++
  }
  if (!exhausted) {
    // Items an array still holds are known: report them. Another source is left unread, and closed.
    if (Array.isArray(items) && !signal?.aborted && !fatal) {
      for (; index < items.length; index++) results[index] = { index, item: items[index] as T, status: 'skipped' }
    }
    void Promise.resolve()
      .then(() => iterator.return?.())
      .catch(() => undefined)
  }
  await Promise.all(running)
  if (fatal) throw fatal.error
  if (signal?.aborted) throw new AbortError('bulk was aborted')
  return { results, ...counts, skipped: results.length - counts.succeeded - counts.failed }
}

/**
 * How many items a source holds, when it says without being read: `length` (arrays, typed arrays) or `size` (sets,
 * maps).
 */
function knownLength(items: BulkSource<unknown>): number | undefined {
  const { length, size } = items as { length?: unknown; size?: unknown }
  const known = typeof length === 'number' ? length : size
  return typeof known === 'number' && Number.isSafeInteger(known) && known >= 0 ? known : undefined
}

/** Rejects with the source's own error, or as soon as `signal` aborts (a page fetch may take long). */
function untilAborted<V>(value: V | Promise<V>, signal: AbortSignal | undefined): Promise<V> {
  if (!signal) return Promise.resolve(value)
  return new Promise<V>((resolve, reject) => {
    const onAbort = () => reject(new AbortError('bulk was aborted'))
    signal.addEventListener('abort', onAbort, { once: true })
    Promise.resolve(value)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort))
  })
}

function checkBulkArguments<T, R>(
  items: BulkSource<T>,
  fn: (item: T, context: BulkContext) => R | PromiseLike<R>,
  options: BulkOptions,
): BulkOptions {
  const { concurrency = 1, signal, stopOnError, onProgress } = plainObject('options', options, true) as BulkOptions
  if (typeof items !== 'object' || items === null || !(Symbol.iterator in items || Symbol.asyncIterator in items)) {
    throw new InvalidArgumentError('items', `expected an array, an iterable or an async iterable, got ${show(items)}`)
  }
  if (typeof fn !== 'function') throw new InvalidArgumentError('fn', `expected a function, got ${show(fn)}`)
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) {
    throw new InvalidArgumentError(
      'options.concurrency',
      `expected a whole number of at least 1, got ${show(concurrency)}`,
    )
  }
  checkRequestOptions({ signal })
  checkTypeOf('options.stopOnError', stopOnError, 'boolean')
  checkTypeOf('options.onProgress', onProgress, 'function')
  return options
}
