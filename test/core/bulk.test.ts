import { describe, expect, expectTypeOf, it } from 'vitest'
import { bulk, type BulkItemResult, type BulkProgress, type BulkReport, type BulkSource } from '../../src/core/bulk.js'
import {
  AbortError,
  InvalidArgumentError,
  ProjectClient,
  type Experiment,
  type ListOptions,
  type RequestOptions,
  type Survey,
} from '../../src/index.js'

/** A promise resolved or rejected from outside, to hold calls in flight. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((yes, no) => {
    resolve = yes
    reject = no
  })
  return { promise, resolve, reject }
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** An async source that counts how many items were read from it, and whether it was closed. */
function countingSource(total: number) {
  const state = { read: 0, closed: false }
  async function* items() {
    try {
      for (let index = 0; index < total; index++) {
        state.read++
        yield index
      }
    } finally {
      state.closed = true
    }
  }
  return { state, items: items() }
}

describe('bulk', () => {
  it('runs every item and reports each in source order with the counts', async () => {
    const report = await bulk([3, 1, 2], async (item, { index }) => {
      await new Promise((resolve) => setTimeout(resolve, item))
      return `${index}:${item}`
    })
    expect(report).toEqual({
      results: [
        { index: 0, item: 3, status: 'fulfilled', value: '0:3' },
        { index: 1, item: 1, status: 'fulfilled', value: '1:1' },
        { index: 2, item: 2, status: 'fulfilled', value: '2:2' },
      ],
      succeeded: 3,
      failed: 0,
      skipped: 0,
    })
  })

  it('keeps at most `concurrency` calls in flight, and starts the next as one settles', async () => {
    const gates = Array.from({ length: 10 }, () => deferred())
    let inFlight = 0
    let most = 0
    const run = bulk(
      gates.map((_, index) => index),
      async (index) => {
        inFlight++
        most = Math.max(most, inFlight)
        await gates[index]!.promise
        inFlight--
      },
      { concurrency: 3 },
    )
    await settle()
    expect(inFlight).toBe(3)
    gates[1]!.resolve()
    await settle()
    expect(inFlight).toBe(3)
    for (const gate of gates) gate.resolve()
    const report = await run
    expect(most).toBe(3)
    expect(report.succeeded).toBe(10)
  })

  it('defaults to 4 calls in flight', async () => {
    const gate = deferred()
    let started = 0
    const run = bulk(
      Array.from({ length: 9 }, (_, index) => index),
      async () => {
        started++
        await gate.promise
      },
    )
    await settle()
    expect(started).toBe(4)
    gate.resolve()
    expect((await run).succeeded).toBe(9)
  })

  it('reads an async source lazily: never more items than calls it can start', async () => {
    const source = countingSource(1_000)
    const gates: Array<ReturnType<typeof deferred<void>>> = []
    let free = false
    const run = bulk(
      source.items,
      async () => {
        if (free) return
        const gate = deferred()
        gates.push(gate)
        await gate.promise
      },
      { concurrency: 2 },
    )
    await settle()
    expect(source.state.read).toBe(2)
    gates[0]!.resolve()
    await settle()
    expect(source.state.read).toBe(3)
    // Let the rest run freely.
    free = true
    for (const gate of gates) gate.resolve()
    const report = await run
    expect(source.state.read).toBe(1_000)
    expect(report.succeeded).toBe(1_000)
    expect(report.results.map((entry) => entry.index)).toEqual(Array.from({ length: 1_000 }, (_, index) => index))
  })

  it('accepts any sync iterable (a Set, a generator)', async () => {
    const fromSet = await bulk(new Set(['a', 'b']), (item) => item.toUpperCase())
    expect(fromSet.results.map((entry) => entry.status === 'fulfilled' && entry.value)).toEqual(['A', 'B'])
    function* numbers() {
      yield 1
      yield 2
      yield 3
    }
    const fromGenerator = await bulk(numbers(), (item) => item * 10, { concurrency: 1 })
    expect(fromGenerator.results.map((entry) => entry.status === 'fulfilled' && entry.value)).toEqual([10, 20, 30])
  })

  it('reports failures (rejections and synchronous throws) without stopping by default', async () => {
    const boom = new Error('boom')
    const report = await bulk([1, 2, 3, 4], (item) => {
      if (item === 2) throw boom
      if (item === 3) return Promise.reject(new Error('no'))
      return item
    })
    expect(report.succeeded).toBe(2)
    expect(report.failed).toBe(2)
    expect(report.skipped).toBe(0)
    expect(report.results[1]).toEqual({ index: 1, item: 2, status: 'rejected', error: boom })
    expect(report.results[2]).toMatchObject({ index: 2, status: 'rejected', error: new Error('no') })
  })

  it('stopOnError: starts nothing after the first failure and reports the rest of an array as skipped', async () => {
    const started: number[] = []
    const report = await bulk(
      Array.from({ length: 20 }, (_, index) => index),
      async (item) => {
        started.push(item)
        await settle()
        if (item === 3) throw new Error('stop here')
        return item
      },
      { concurrency: 2, stopOnError: true },
    )
    // Item 3 fails while item 4 is in flight; 4 settles, nothing after it starts.
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(report.failed).toBe(1)
    expect(report.succeeded).toBe(4)
    expect(report.skipped).toBe(15)
    expect(report.results).toHaveLength(20)
    expect(report.results.slice(5).every((entry) => entry.status === 'skipped')).toBe(true)
    expect(report.results[19]).toEqual({ index: 19, item: 19, status: 'skipped' })
  })

  it('stopOnError on an async source: stops reading, closes the source, reports only what it read', async () => {
    const source = countingSource(100)
    const report = await bulk(
      source.items,
      (item) => {
        if (item === 5) throw new Error('stop')
        return item
      },
      { concurrency: 1, stopOnError: true },
    )
    await settle()
    expect(source.state.read).toBe(6)
    expect(source.state.closed).toBe(true)
    expect(report.results).toHaveLength(6)
    expect(report.succeeded + report.failed + report.skipped).toBe(6)
    expect(report.failed).toBe(1)
  })

  it('calls onProgress after each item, one more done each time', async () => {
    const seen: BulkProgress[] = []
    const report = await bulk(
      [1, 2, 3, 4, 5],
      (item) => {
        if (item % 2 === 0) throw new Error('even')
        return item
      },
      { concurrency: 5, onProgress: (progress) => seen.push({ ...progress }) },
    )
    expect(seen.map((progress) => progress.done)).toEqual([1, 2, 3, 4, 5])
    expect(seen.at(-1)).toEqual({ done: 5, succeeded: report.succeeded, failed: report.failed, total: 5 })
    expect(seen.every((progress) => progress.done === progress.succeeded + progress.failed)).toBe(true)
  })

  it('onProgress has the total when the source knows its length: arrays, sets and maps; not a generator', async () => {
    const totals = async (source: BulkSource<unknown>) => {
      const seen: BulkProgress[] = []
      await bulk(source, () => 1, { onProgress: (progress) => seen.push({ ...progress }) })
      return seen.map((progress) => ('total' in progress ? progress.total : 'absent'))
    }
    expect(await totals([7, 8, 9])).toEqual([3, 3, 3])
    expect(await totals(new Set([7, 8]))).toEqual([2, 2])
    expect(await totals(new Map([['a', 1]]))).toEqual([1])
    expect(await totals(new Uint8Array([1, 2]))).toEqual([2, 2])
    function* generated() {
      yield 1
      yield 2
    }
    expect(await totals(generated())).toEqual(['absent', 'absent'])
  })

  it('an onProgress that throws rejects bulk with its error', async () => {
    const oops = new Error('progress bar broke')
    await expect(
      bulk([1, 2], (item) => item, {
        onProgress: () => {
          throw oops
        },
      }),
    ).rejects.toBe(oops)
  })

  it(
    'abort: the calls in flight see it through their signal, ' + 'nothing new starts, bulk rejects with AbortError',
    async () => {
      const controller = new AbortController()
      const started: number[] = []
      const sawAbort: number[] = []
      const run = bulk(
        Array.from({ length: 50 }, (_, index) => index),
        (item, { signal }) =>
          new Promise((_resolve, reject) => {
            started.push(item)
            signal.addEventListener('abort', () => {
              sawAbort.push(item)
              reject(new Error('aborted call'))
            })
          }),
        { concurrency: 3, signal: controller.signal },
      )
      await settle()
      controller.abort()
      await expect(run).rejects.toBeInstanceOf(AbortError)
      expect(started).toEqual([0, 1, 2])
      expect(sawAbort.sort()).toEqual([0, 1, 2])
    },
  )

  it('abort while the source is fetching its next item rejects at once', async () => {
    const controller = new AbortController()
    const never: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<number>>(() => undefined) }),
    }
    const run = bulk(never, (item) => item, { signal: controller.signal })
    await settle()
    controller.abort()
    await expect(run).rejects.toBeInstanceOf(AbortError)
  })

  it('an already aborted signal: rejects with AbortError, reads nothing, runs nothing', async () => {
    const source = countingSource(10)
    let calls = 0
    await expect(bulk(source.items, () => calls++, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError)
    expect(source.state.read).toBe(0)
    expect(calls).toBe(0)
  })

  it('a source that fails rejects with its error once the calls in flight settled', async () => {
    const failure = new Error('page 3 failed')
    let finished = 0
    async function* failing() {
      yield 1
      yield 2
      throw failure
    }
    await expect(
      bulk(failing(), async () => {
        await settle()
        finished++
      }),
    ).rejects.toBe(failure)
    expect(finished).toBe(2)
  })

  it('an empty source gives an empty report', async () => {
    expect(await bulk([], () => 1)).toEqual({ results: [], succeeded: 0, failed: 0, skipped: 0 })
  })

  const badArguments: Array<[string, () => Promise<unknown>, string]> = [
    ['items: null', () => bulk(null as never, () => 1), 'items'],
    ['items: a string', () => bulk('abc' as never, () => 1), 'items'],
    ['items: a number', () => bulk(3 as never, () => 1), 'items'],
    ['fn: missing', () => bulk([1], undefined as never), 'fn'],
    ['options: null', () => bulk([1], () => 1, null as never), 'options'],
    ['concurrency: 0', () => bulk([1], () => 1, { concurrency: 0 }), 'options.concurrency'],
    ['concurrency: 1.5', () => bulk([1], () => 1, { concurrency: 1.5 }), 'options.concurrency'],
    ['concurrency: NaN', () => bulk([1], () => 1, { concurrency: Number.NaN }), 'options.concurrency'],
    [
      'concurrency: Infinity',
      () => bulk([1], () => 1, { concurrency: Number.POSITIVE_INFINITY }),
      'options.concurrency',
    ],
    ['concurrency: "2"', () => bulk([1], () => 1, { concurrency: '2' as never }), 'options.concurrency'],
    ['signal: {}', () => bulk([1], () => 1, { signal: {} as never }), 'options.signal'],
    ['stopOnError: "yes"', () => bulk([1], () => 1, { stopOnError: 'yes' as never }), 'options.stopOnError'],
    ['onProgress: 1', () => bulk([1], () => 1, { onProgress: 1 as never }), 'options.onProgress'],
  ]
  it.each(badArguments)(
    'bad argument (%s): InvalidArgumentError naming it, nothing run',
    async (_name, call, argument) => {
      const error = await call().then(
        () => undefined,
        (reason: unknown) => reason,
      )
      expect(error).toBeInstanceOf(InvalidArgumentError)
      expect((error as InvalidArgumentError).argument).toBe(argument)
    },
  )

  it('bad options are refused before the source is read or fn runs', async () => {
    const source = countingSource(3)
    let calls = 0
    await expect(bulk(source.items, () => calls++, { concurrency: -1 })).rejects.toBeInstanceOf(InvalidArgumentError)
    expect(source.state.read).toBe(0)
    expect(calls).toBe(0)
  })

  it('types: the report is typed by item and by the resolved value of fn', async () => {
    const report = await bulk([1, 2], async (item) => String(item))
    expectTypeOf(report).toEqualTypeOf<BulkReport<number, string>>()
    expectTypeOf(report.results[0]!).toEqualTypeOf<BulkItemResult<number, string>>()
    const entry = report.results[0]!
    if (entry.status === 'fulfilled') expectTypeOf(entry.value).toEqualTypeOf<string>()
    if (entry.status === 'rejected') expectTypeOf(entry.error).toEqualTypeOf<unknown>()
    // @ts-expect-error a skipped item has no value
    if (entry.status === 'skipped') void entry.value
    const thenable = await bulk(['a'], (item): PromiseLike<number> => Promise.resolve(item.length))
    expectTypeOf(thenable).toEqualTypeOf<BulkReport<string, number>>()
    expect(thenable.succeeded).toBe(1)
  })
})

describe('client.bulk and ListOptions: types', () => {
  it('infers the report from the items and the resolved value of an SDK call; concurrency only on list methods', () => {
    const client = new ProjectClient({ apiKey: 'phx_types', projectId: 1 })
    // Functions never called: only their types are checked (by `npm run typecheck`).
    const retrieveAll = () => client.bulk([1, 2], (id, { signal }) => client.experiments.retrieve(id, { signal }))
    expectTypeOf(retrieveAll).returns.resolves.toEqualTypeOf<BulkReport<number, Experiment>>()
    const overWalk = () => client.bulk(client.surveys.list({}, { concurrency: 2 }), (survey) => survey.name)
    expectTypeOf(overWalk).returns.resolves.toEqualTypeOf<BulkReport<Survey, string>>()
    expectTypeOf<ListOptions>().toExtend<RequestOptions>()
    expectTypeOf<ListOptions['concurrency']>().toEqualTypeOf<number | undefined>()
    // @ts-expect-error `concurrency` is for list methods only
    const notAList = () => client.experiments.retrieve(1, { concurrency: 2 })
    expect([retrieveAll, overWalk, notAList].every((fn) => typeof fn === 'function')).toBe(true)
  })
})
