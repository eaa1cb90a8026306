import { describe, expect, it, vi } from 'vitest'
import { Progress, cell, render, tableOf, writeWalk, type Sink } from '../../src/cli/output.js'

/** Output formats and the streamed walk (in process, no build). */

/** A sink that keeps what is written; `full` makes every write report a full buffer until `drain()`. */
class MemorySink implements Sink {
  text = ''
  writes = 0
  full = false
  isTTY: boolean
  #drainListeners: Array<() => void> = []

  constructor(isTTY = false) {
    this.isTTY = isTTY
  }

  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8')
    this.writes++
    return !this.full
  }

  once(_event: 'drain', listener: () => void): this {
    this.#drainListeners.push(listener)
    return this
  }

  get waiting(): number {
    return this.#drainListeners.length
  }

  drain(): void {
    const listeners = this.#drainListeners
    this.#drainListeners = []
    for (const listener of listeners) listener()
  }
}

async function* items(count: number, pulled: { count: number }) {
  for (let index = 0; index < count; index++) {
    pulled.count++
    yield { id: index, name: `item ${index}` }
  }
}

const page = {
  results: [
    { id: 1, name: 'a' },
    { id: 2, name: 'b' },
  ],
  count: 5,
  next: 'https://x/?offset=2',
  previous: null,
  url: 'https://x/',
}

describe('render', () => {
  it('json: pretty-printed; nothing for an empty answer', () => {
    expect(render({ a: 1 }, 'json')).toBe('{\n  "a": 1\n}\n')
    expect(render(undefined, 'json')).toBe('')
    expect(render(200, 'json')).toBe('200\n')
  })

  it('ndjson: one line per item of a page or an array, else one line', () => {
    expect(render(page, 'ndjson')).toBe('{"id":1,"name":"a"}\n{"id":2,"name":"b"}\n')
    expect(render(['u1', 'u2'], 'ndjson')).toBe('"u1"\n"u2"\n')
    expect(render({ a: 1 }, 'ndjson')).toBe('{"a":1}\n')
  })

  it('table: the columns given that are present, with a note when more pages follow', () => {
    expect(render(page, 'table', ['id', 'name', 'missing'])).toBe(
      'id  name\n1   a\n2   b\n(2 of 5; --all for every page)\n',
    )
    expect(render({ ...page, next: null }, 'table', ['name'])).toBe('name\na\nb\n')
    expect(render({ results: [], next: null, count: 0 }, 'table')).toBe('(none)\n')
  })

  it('table: a record as fields and values; scalars and lists of scalars as lines', () => {
    expect(render({ id: 7, name: 'NPS', questions: [{ type: 'open' }] }, 'table')).toBe(
      'id         7\nname       NPS\nquestions  [{"type":"open"}]\n',
    )
    expect(render(['u1', 'u2'], 'table')).toBe('u1\nu2\n')
    expect(render(undefined, 'table')).toBe('Done (no content).\n')
  })

  it('table without columns: the first scalar keys of the first row', () => {
    expect(tableOf([{ a: 1, nested: { x: 1 }, b: null, c: 'x' }])).toBe('a  b  c\n1     x\n')
  })

  it('cells: users by email, long text cut, whitespace flattened', () => {
    expect(cell({ id: 1, email: 'a@b.c', first_name: 'A' }, 48)).toBe('a@b.c')
    expect(cell('x'.repeat(60), 48)).toBe(`${'x'.repeat(47)}…`)
    expect(cell('two\nlines', 48)).toBe('two lines')
    expect(cell(null, 48)).toBe('')
  })
})

describe('writeWalk', () => {
  it('ndjson: one line per item; --max stops pulling items', async () => {
    const out = new MemorySink()
    const pulled = { count: 0 }
    expect(await writeWalk(items(10, pulled), out, { format: 'ndjson', max: 3 })).toBe(3)
    expect(out.text).toBe('{"id":0,"name":"item 0"}\n{"id":1,"name":"item 1"}\n{"id":2,"name":"item 2"}\n')
    expect(pulled.count).toBe(3)
  })

  it('json: one valid array, also when empty', async () => {
    const out = new MemorySink()
    await writeWalk(items(3, { count: 0 }), out, { format: 'json' })
    expect(JSON.parse(out.text)).toHaveLength(3)
    const empty = new MemorySink()
    await writeWalk(items(0, { count: 0 }), empty, { format: 'json' })
    expect(empty.text).toBe('[]\n')
  })

  it('waits for the sink to drain before pulling the next item (memory stays flat)', async () => {
    const out = new MemorySink()
    out.full = true
    const pulled = { count: 0 }
    const walk = writeWalk(items(100, pulled), out, { format: 'ndjson' })
    for (let written = 1; written <= 100; written++) {
      await new Promise((resolve) => setImmediate(resolve))
      expect(out.waiting).toBe(1)
      expect(pulled.count).toBe(written)
      out.drain()
    }
    expect(await walk).toBe(100)
  })

  it('table: a header fixed by the first rows, long later cells cut to the width', async () => {
    async function* rows() {
      yield { id: 1, name: 'short' }
      for (let index = 0; index < 60; index++) yield { id: index + 2, name: 'x' }
      yield { id: 99, name: 'a much longer name' }
    }
    const out = new MemorySink()
    await writeWalk(rows(), out, { format: 'table', columns: ['id', 'name'] })
    const lines = out.text.trimEnd().split('\n')
    expect(lines[0]).toBe('id  name')
    expect(lines).toHaveLength(63)
    expect(lines.at(-1)).toBe('99  a much longer name'.slice(0, 'id  '.length + 'short'.length - 1) + '…')
  })

  it('progress on a terminal only, cleared at the end, and not when the items go to the terminal too', async () => {
    const terminal = new MemorySink(true)
    const file = new MemorySink(false)
    await writeWalk(items(5, { count: 0 }), file, { format: 'ndjson', progress: new Progress(terminal, file) })
    expect(terminal.text).toBe('\r1 items…\r\x1b[K')
    const pipe = new MemorySink(false)
    await writeWalk(items(5, { count: 0 }), new MemorySink(), { format: 'ndjson', progress: new Progress(pipe, file) })
    expect(pipe.text).toBe('')
    const shared = new MemorySink(true)
    await writeWalk(items(5, { count: 0 }), shared, { format: 'ndjson', progress: new Progress(shared, shared) })
    expect(shared.text).not.toContain('items…')
  })

  it('progress shows the total while every page gives the same count, and never a total below the count so far', () => {
    let now = 0
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 200))
    try {
      const terminal = new MemorySink(true)
      const progress = new Progress(terminal, new MemorySink(false))
      progress.total(3)
      progress.tick()
      progress.tick()
      progress.total(3)
      progress.tick()
      progress.tick()
      expect(terminal.text).toBe('\r1 of 3 items…\r2 of 3 items…\r3 of 3 items…\r4 items…')
      const twoLists = new MemorySink(true)
      const walk = new Progress(twoLists, new MemorySink(false))
      walk.total(2)
      walk.tick()
      walk.total(7)
      walk.tick()
      walk.total(2)
      walk.tick()
      expect(twoLists.text).toBe('\r1 of 2 items…\r2 items…\r3 items…')
      const unknown = new MemorySink(true)
      const none = new Progress(unknown, new MemorySink(false))
      none.total(null)
      none.tick()
      expect(unknown.text).toBe('\r1 items…')
    } finally {
      clock.mockRestore()
    }
  })

  it('a sink whose reader went away (closed) ends the walk: no more items are pulled', async () => {
    class ClosingSink extends MemorySink {
      get closed(): boolean {
        return this.writes >= 3
      }
    }
    const pulled = { count: 0 }
    const written = await writeWalk(items(1_000, pulled), new ClosingSink(), { format: 'ndjson' })
    expect(written).toBe(3)
    expect(pulled.count).toBe(3)
  })
})
