import { readFile } from 'node:fs/promises'
import { checkInput, type Call, type QueryCall } from './call.js'
import { clientFor, type Client } from './client.js'
import { operationOf, type Group } from './commands.js'
import { DryRun } from './dry-run.js'
import { EXIT, UsageError } from './errors.js'
import { describeFailure } from './failure.js'
import { Progress, put, render, tableOf, writeWalk, type Format } from './output.js'
import type { Io } from './command.js'
import * as shapes from './shapes.js'
import { experimentResultsTable, rowsOf } from './views.js'

/**
 * Runs an API command: reads `--data`, builds the client (client.ts), calls the SDK's own method
 * (`client[group][method](...)`, so checks, retries, errors and redaction are the SDK's) or `client.query`,
 * and writes the result; `--dry-run` prints the request instead of sending it.
 */

/** Runs the call and returns the exit code; failures are reported on stderr as one line. */
export async function runCall(call: Call | QueryCall, io: Io): Promise<number> {
  try {
    await execute(call, io)
    return EXIT.ok
  } catch (error) {
    const { code, line } = describeFailure(error, call.kind === 'call' ? operationOf(call.spec).hint : undefined)
    await put(io.stderr, `posthog-project: ${line}\n`)
    return code
  }
}

async function execute(call: Call | QueryCall, io: Io): Promise<void> {
  const body = call.data === undefined ? undefined : await readData(call.data, io.stdin)
  if (body !== undefined && call.kind === 'call')
    checkInput(shapes, shapes.shapesOf(call.group, call.method).body, body, '--data')
  const dryRun = call.output.dryRun ? new DryRun() : undefined
  // An API call's flags and --data are checked above and in call.ts; a query's node is the SDK's to check.
  const client = await clientFor(call.settings, call.reporting, io, { dryRun, checked: call.kind === 'call' })
  const format: Format = call.output.format ?? (io.stdout.isTTY ? 'table' : 'json')
  try {
    if (call.kind === 'query') {
      await writeQuery(
        client.query(queryNode(call, body) as { kind: string }, {
          signal: io.signal,
          ...(call.refresh !== undefined && { refresh: call.refresh as never }),
        }),
        format,
        io,
      )
    } else {
      // The SDK's own argument order: path params, then the params object (flags) or the body, then the options.
      const input = call.spec.params ? call.params : body
      const walk =
        call.spec.list && call.output.concurrency !== undefined ? { concurrency: call.output.concurrency } : {}
      const args = [...call.ids, ...(call.spec.params || call.spec.body ? [input] : []), { signal: io.signal, ...walk }]
      await writeResult(sdkMethod(client, call.group, call.method)(...args), format, call, io)
    }
  } catch (error) {
    // In a dry run the recording fetch ends the call once the request is built (the SDK reports a
    // ConnectionError): that is the expected way out. Anything thrown before (a bad id) is a real error.
    if (!dryRun?.request) throw error
  }
  if (dryRun?.request) await dryRun.print(io.stdout, format)
}

/** The node `query` sends: a `HogQLQuery` of `--hogql` (and `--values`), or the node of `--data`. */
function queryNode(call: QueryCall, data: unknown): unknown {
  if (call.hogql === undefined) return data
  let values: unknown
  if (call.values !== undefined) {
    try {
      values = JSON.parse(call.values)
    } catch (error) {
      throw new UsageError('--values', `not valid JSON (${(error as Error).message})`)
    }
  }
  return { kind: 'HogQLQuery', query: call.hogql, ...(values !== undefined && { values }) }
}

/** A query's answer: as given in json; for HogQL in ndjson and table, its rows by column. */
async function writeQuery(answer: PromiseLike<unknown>, format: Format, io: Io): Promise<void> {
  const value = await answer
  const rows = format === 'json' ? undefined : rowsOf(value)
  if (!rows) return put(io.stdout, render(value, format))
  if (format === 'ndjson') return put(io.stdout, rows.map((row) => `${JSON.stringify(row)}\n`).join(''))
  return put(io.stdout, rows.length === 0 ? '(no rows)\n' : tableOf(rows))
}

/** Writes what a method returned: a walk item by item with `--all`/`--max`, else the awaited value. */
async function writeResult(result: unknown, format: Format, call: Call, io: Io): Promise<void> {
  if (call.spec.list && (call.output.all || call.output.max !== undefined)) {
    const progress = new Progress(io.stderr, io.stdout, format === 'json')
    await writeWalk(itemsOf(result as PagePromise, progress), io.stdout, {
      format,
      ...(call.output.max !== undefined && { max: call.output.max }),
      ...(call.spec.columns && { columns: call.spec.columns }),
      progress,
    })
  } else {
    await writeValue(await result, format, call, io)
  }
}

/** What a list method returns, as far as a walk reads it. */
interface PagePromise {
  pages(): AsyncIterable<{ results: unknown[]; count: number | null }>
}

/** The items of every page, telling the progress each page's `count` (its total). */
async function* itemsOf(list: PagePromise, progress: Progress): AsyncGenerator<unknown> {
  for await (const page of list.pages()) {
    progress.total(page.count)
    yield* page.results
  }
}

function sdkMethod(client: Client, group: Group, method: string): (...args: unknown[]) => unknown {
  const resource = client[group] as unknown as Record<string, (...args: unknown[]) => unknown>
  return resource[method]!.bind(resource)
}

async function writeValue(value: unknown, format: Format, call: Call, io: Io): Promise<void> {
  if (value instanceof Blob) {
    // An image (`hog-functions icon`): its bytes, unless they would land on a terminal.
    if (io.stdout.isTTY)
      return put(io.stdout, `(${value.type || 'binary'}, ${value.size} bytes: redirect stdout to a file to save it)\n`)
    return put(io.stdout, new Uint8Array(await value.arrayBuffer()))
  }
  const text =
    format === 'table' && call.spec.view === 'experiment-results'
      ? experimentResultsTable(value as never)
      : render(value, format, call.spec.columns)
  if (text) await put(io.stdout, text)
}

/** `--data`: inline JSON, `@file`, or `-` for stdin, parsed. */
export async function readData(source: string, stdin: AsyncIterable<string | Uint8Array>): Promise<unknown> {
  let text: string
  if (source === '-') {
    const chunks: Buffer[] = []
    for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk))
    text = Buffer.concat(chunks).toString('utf8')
  } else if (source.startsWith('@')) {
    try {
      text = await readFile(source.slice(1), 'utf8')
    } catch (error) {
      throw new UsageError(
        '--data',
        `cannot read ${source.slice(1)} (${(error as { code?: string }).code ?? String(error)})`,
      )
    }
  } else {
    text = source
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    const from = source === '-' ? ' from stdin' : source.startsWith('@') ? ` in ${source.slice(1)}` : ''
    throw new UsageError('--data', `not valid JSON${from} (${(error as Error).message})`)
  }
}
