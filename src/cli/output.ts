/**
 * Output of `posthog-project`: `json` (pretty, for pipes), `ndjson` (one value per line), `table` (a few
 * columns, for people). Walks (`--all`) are written item by item as pages arrive, waiting for the pipe
 * to drain, so memory stays flat however long the list.
 */

/** Output formats of `--format`. */
export const FORMATS = ['json', 'ndjson', 'table'] as const
/** An output format. */
export type Format = (typeof FORMATS)[number]

/** Where output goes (process.stdout / stderr, or a stream in tests). */
export interface Sink {
  write(chunk: string | Uint8Array): boolean
  once(event: 'drain', listener: () => void): unknown
  isTTY?: boolean
  /** The reader went away (`| head`): what is written is dropped, and a walk stops. */
  readonly closed?: boolean
}

/** Writes and waits for the drain when the stream's buffer is full. */
export async function put(sink: Sink, chunk: string | Uint8Array): Promise<void> {
  if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', resolve))
}

/**
 * A process stream as a `Sink` that survives its reader going away: `… --all | head -3` closes the pipe,
 * the next write fails with `EPIPE`, and from then on writes are dropped (`closed`), so the command ends
 * quietly as `gh` or `jq` do, with the exit code of its work, instead of crashing on an unhandled error.
 */
export class PipeSink implements Sink {
  #closed = false

  constructor(private readonly stream: NodeJS.WriteStream) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error
      this.#closed = true
    })
  }

  get isTTY(): boolean {
    return this.stream.isTTY === true
  }

  get closed(): boolean {
    return this.#closed || this.stream.destroyed
  }

  write(chunk: string | Uint8Array): boolean {
    return this.closed || this.stream.write(chunk)
  }

  /** `drain`, or the stream closing (a closed pipe never drains). */
  once(_event: 'drain', listener: () => void): this {
    let called = false
    const once = () => {
      if (called) return
      called = true
      this.stream.off('drain', once).off('close', once)
      listener()
    }
    this.stream.once('drain', once).once('close', once)
    if (this.closed) once()
    return this
  }
}

const CELL_WIDTH = 48
const VALUE_WIDTH = 100
const AUTO_COLUMNS = 6
/** Rows read before a streamed table fixes its column widths. */
const TABLE_SAMPLE = 50

/** A list page as the SDK returns it (`Page`): its JSON form is `{ results, count, next, previous, url }`. */
interface PageLike {
  results: unknown[]
  next: string | null
  count: number | null
}

function isPage(value: unknown): value is PageLike {
  return typeof value === 'object' && value !== null && Array.isArray((value as PageLike).results) && 'next' in value
}

/** The text of one result (not a walk) in a format. */
export function render(value: unknown, format: Format, columns?: readonly string[]): string {
  if (value === undefined) return format === 'table' ? 'Done (no content).\n' : ''
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`
  const items = isPage(value) ? value.results : Array.isArray(value) ? value : undefined
  if (format === 'ndjson')
    return items ? items.map((item) => `${JSON.stringify(item)}\n`).join('') : `${JSON.stringify(value)}\n`
  if (items) {
    const more =
      isPage(value) && value.next !== null
        ? `(${value.results.length}${value.count === null ? '' : ` of ${value.count}`}; --all for every page)\n`
        : ''
    return items.length === 0 ? '(none)\n' : tableOf(items, columns) + more
  }
  if (typeof value === 'object' && value !== null) return recordTable(value as Record<string, unknown>)
  return `${typeof value === 'string' ? value : JSON.stringify(value)}\n`
}

/** Rows of items under the columns given (those present) or, without any, the first scalar keys. */
export function tableOf(items: readonly unknown[], columns?: readonly string[]): string {
  const chosen = pickColumns(items, columns)
  if (!chosen) return items.map((item) => `${cell(item, VALUE_WIDTH)}\n`).join('')
  const cells = items.map((item) => chosen.map((column) => cell((item as Record<string, unknown>)[column], CELL_WIDTH)))
  const widths = chosen.map((column, index) => Math.max(column.length, ...cells.map((row) => row[index]!.length)))
  return [chosen, ...cells].map((row) => line(row, widths)).join('')
}

function pickColumns(items: readonly unknown[], columns?: readonly string[]): string[] | undefined {
  const records = items.filter(
    (item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item),
  )
  if (records.length === 0) return undefined
  const present = (columns ?? []).filter((column) => records.some((record) => column in record))
  if (present.length) return present
  return Object.keys(records[0]!)
    .filter((key) => records[0]![key] === null || typeof records[0]![key] !== 'object')
    .slice(0, AUTO_COLUMNS)
}

function recordTable(record: Record<string, unknown>): string {
  const keys = Object.keys(record)
  if (keys.length === 0) return '(empty)\n'
  const width = Math.max(...keys.map((key) => key.length))
  return keys.map((key) => `${key.padEnd(width)}  ${cell(record[key], VALUE_WIDTH)}`.trimEnd() + '\n').join('')
}

function line(row: readonly string[], widths: readonly number[]): string {
  const cells = row.map((text, index) => (index === row.length - 1 ? text : text.padEnd(widths[index]!)))
  return `${cells.join('  ').trimEnd()}\n`
}

/** One value as table text: users by email or name, objects as compact JSON, cut to `width`. */
export function cell(value: unknown, width: number): string {
  let text: string
  if (value === null || value === undefined) text = ''
  else if (typeof value === 'string') text = value
  else if (typeof value !== 'object') text = String(value)
  else {
    const user = value as { email?: unknown; first_name?: unknown }
    text =
      typeof user.email === 'string'
        ? user.email
        : typeof user.first_name === 'string'
          ? user.first_name
          : JSON.stringify(value)
  }
  text = text.replace(/\s+/g, ' ')
  return text.length > width ? `${text.slice(0, width - 1)}…` : text
}

/**
 * A progress line on stderr when stderr is a terminal, redrawn at most every 100 ms: a walk's items so far when
 * stdout is not the terminal too (`… --all > export.ndjson`; when the items go to the terminal they show the
 * progress, and a progress line would land in the middle of them), or an apply's changes so far. Never with
 * `--format json` (`json`): what a program reads asked for no decoration, nor when stderr is piped.
 */
export class Progress {
  #count = 0
  #drawn = 0
  /** The list's `count` while every page gives the same one; `null` once unknown. */
  #total: number | null | undefined
  readonly #sink: Sink | undefined

  constructor(sink: Sink, out: Pick<Sink, 'isTTY'> = {}, json = false) {
    this.#sink = sink.isTTY && !out.isTTY && !json ? sink : undefined
  }

  /**
   * The `count` a page of the list gives. Shown as the total while every page gives the same one: a walk
   * over two lists (`list-including-archived`) or a list that changes meanwhile has no single total.
   */
  total(count: number | null): void {
    this.#total = this.#total === undefined || this.#total === count ? count : null
  }

  /** One more item written. */
  tick(): void {
    this.#count++
    const total =
      this.#total !== undefined && this.#total !== null && this.#total >= this.#count ? ` of ${this.#total}` : ''
    this.show(`${this.#count}${total} items…`)
  }

  /** Draws `text` over the line, unless drawn less than 100 ms ago. */
  show(text: string): void {
    if (!this.#sink || performance.now() - this.#drawn < 100) return
    this.#drawn = performance.now()
    this.#sink.write(`\r${text}`)
  }

  /** Clears the line. */
  done(): void {
    if (this.#sink && this.#drawn) this.#sink.write('\r\x1b[K')
  }
}

/** Options of a walk. */
export interface WalkOptions {
  format: Format
  /** Stop after this many items. */
  max?: number
  columns?: readonly string[]
  progress?: Progress
}

/**
 * Writes every item of a walk as it arrives (`for await` over the SDK's list): `ndjson` one per line,
 * `json` one array written piece by piece, `table` with widths fixed by the first rows. Returns the count.
 */
export async function writeWalk(
  items: AsyncIterable<unknown>,
  out: Sink,
  { format, max = Number.POSITIVE_INFINITY, columns, progress }: WalkOptions,
): Promise<number> {
  const table = format === 'table' ? new StreamedTable(columns) : undefined
  let count = 0
  if (max > 0) {
    for await (const item of items) {
      count++
      if (format === 'ndjson') await put(out, `${JSON.stringify(item)}\n`)
      else if (format === 'json') await put(out, `${count === 1 ? '[\n  ' : ',\n  '}${JSON.stringify(item)}`)
      else await table!.add(item, out)
      progress?.tick()
      if (count >= max || out.closed) break
    }
  }
  progress?.done()
  if (format === 'json') await put(out, count === 0 ? '[]\n' : '\n]\n')
  if (table) await table.end(out, count)
  return count
}

/** A table written while its rows arrive: the first rows fix the columns and their widths. */
class StreamedTable {
  #sample: unknown[] | undefined = []
  #columns: string[] | undefined
  #widths: number[] = []

  constructor(readonly wanted?: readonly string[]) {}

  async add(item: unknown, out: Sink): Promise<void> {
    if (this.#sample) {
      this.#sample.push(item)
      if (this.#sample.length >= TABLE_SAMPLE) await this.#flush(out)
      return
    }
    await put(out, this.#row(item))
  }

  async end(out: Sink, count: number): Promise<void> {
    if (this.#sample) await this.#flush(out)
    if (count === 0) await put(out, '(none)\n')
  }

  async #flush(out: Sink): Promise<void> {
    const sample = this.#sample ?? []
    this.#sample = undefined
    if (sample.length === 0) return
    this.#columns = pickColumns(sample, this.wanted)
    if (this.#columns) {
      const cells = sample.map((item) => this.#cells(item))
      this.#widths = this.#columns.map((column, index) =>
        Math.max(column.length, ...cells.map((row) => row[index]!.length)),
      )
      await put(out, line(this.#columns, this.#widths))
    }
    for (const item of sample) await put(out, this.#row(item))
  }

  #cells(item: unknown): string[] {
    return (this.#columns ?? []).map((column) => cell((item as Record<string, unknown> | null)?.[column], CELL_WIDTH))
  }

  #row(item: unknown): string {
    if (!this.#columns) return `${cell(item, VALUE_WIDTH)}\n`
    return line(
      this.#cells(item).map((text, index) =>
        text.length > this.#widths[index]! ? `${text.slice(0, this.#widths[index]! - 1)}…` : text,
      ),
      this.#widths,
    )
  }
}
