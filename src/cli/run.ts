import { readFile } from 'node:fs/promises'
import type { Call, Format, QueryCall } from './args.js'
import { makeClient, requiredSetting, type Client, type Io as ClientIo } from './client.js'
import { commandHint, operationOf, type Group } from './commands.js'
import { EXIT, UsageError } from './errors.js'
import { Progress, put, render, tableOf, writeWalk, type Sink } from './output.js'
import { checkInput, shapesOf } from './shapes.js'
import { experimentResultsTable, rowsOf } from './views.js'

/**
 * Runs one call: reads `--data`, builds a `ProjectClient` from the settings, calls the SDK's own method
 * (`client[group][method](...)`, so checks, retries, errors and redaction are the SDK's) and writes the
 * result. The SDK is imported here, on demand, so that `--help` and `--version` never load it.
 */

type SdkModule = typeof import('posthog-project-client')

/** The process's streams and environment, as the run sees them. */
export interface Io extends ClientIo {
  stdout: Sink
  stderr: Sink
  stdin: AsyncIterable<string | Uint8Array>
  env: Readonly<Record<string, string | undefined>>
  /** Aborted on Ctrl-C. */
  signal: AbortSignal
}

let sdk: SdkModule | undefined

/** The SDK, loaded once (the package's own main entry: Node resolves the package's name to itself). */
export async function loadSdk(): Promise<SdkModule> {
  sdk ??= await import('posthog-project-client')
  return sdk
}

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
  if (body !== undefined && call.kind === 'call') checkInput(shapesOf(call.group, call.method).body, body, '--data')
  const dryRun = call.output.dryRun ? new DryRun() : undefined
  // A dry run needs no key (it is never shown nor sent): a placeholder stands in.
  const apiKey = dryRun && call.settings.apiKey === undefined && !io.env.POSTHOG_PERSONAL_API_KEY ? 'phx_dry_run' : requiredSetting(call.settings, 'apiKey', io.env)
  requiredSetting(call.settings, 'projectId', io.env)
  const client = makeClient(await loadSdk(), call.settings, call.reporting, io, { apiKey, ...(dryRun && { fetch: dryRun.fetch, maxRetries: 0 }) })
  const format: Format = call.output.format ?? (io.stdout.isTTY ? 'table' : 'json')
  try {
    if (call.kind === 'query') {
      await writeQuery(client.query(queryNode(call, body) as { kind: string }, { signal: io.signal, ...(call.refresh !== undefined && { refresh: call.refresh as never }) }), format, io)
    } else {
      // The SDK's own argument order: path params, then the params object (flags) or the body, then the options.
      const input = call.spec.params ? call.params : body
      const walk = call.spec.list && call.output.concurrency !== undefined ? { concurrency: call.output.concurrency } : {}
      const args = [...call.ids, ...(call.spec.params || call.spec.body ? [input] : []), { signal: io.signal, ...walk }]
      await writeResult(sdkMethod(client, call.group, call.method)(...args), format, call, io)
    }
  } catch (error) {
    // In a dry run the recording fetch ends the call once the request is built (the SDK reports a
    // ConnectionError): that is the expected way out. Anything thrown before (a bad id) is a real error.
    if (!dryRun?.request) throw error
  }
  if (dryRun?.request) await dryRun.print(io.stdout, format, apiKey)
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
    const progress = new Progress(io.stderr, io.stdout)
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
    if (io.stdout.isTTY) return put(io.stdout, `(${value.type || 'binary'}, ${value.size} bytes: redirect stdout to a file to save it)\n`)
    return put(io.stdout, new Uint8Array(await value.arrayBuffer()))
  }
  const text = format === 'table' && call.spec.view === 'experiment-results' ? experimentResultsTable(value as never) : render(value, format, call.spec.columns)
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
      throw new UsageError('--data', `cannot read ${source.slice(1)} (${(error as { code?: string }).code ?? String(error)})`)
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

/** Thrown by the dry run's fetch: the request is recorded, never sent. */
class NotSent extends Error {}

/** A `fetch` for `--dry-run`: records the request the SDK built and sends nothing. */
class DryRun {
  request: Request | undefined

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    this.request ??= new Request(input, init)
    throw new NotSent('dry run: not sent')
  }

  /** The request as it would have been sent: method, URL, headers (the key replaced), body. */
  async print(out: Sink, format: Format, apiKey: string | undefined): Promise<void> {
    const request = this.request!
    const redact = (text: string) => (apiKey ? text.split(apiKey).join('[REDACTED]') : text)
    const headers = Object.fromEntries([...request.headers].map(([name, value]) => [name, name === 'authorization' ? 'Bearer [REDACTED]' : redact(value)]))
    const text = redact(await request.text())
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = text
    }
    const described = { method: request.method, url: redact(request.url), headers, ...(body !== undefined && { body }) }
    if (format !== 'table') return put(out, format === 'json' ? `${JSON.stringify(described, null, 2)}\n` : `${JSON.stringify(described)}\n`)
    const lines = [`${described.method} ${described.url}`, ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
    if (body !== undefined) lines.push('', JSON.stringify(body, null, 2))
    return put(out, `${lines.join('\n')}\n(dry run: nothing was sent)\n`)
  }
}

/**
 * The exit code and the one stderr line of a failure. `hint`: the operation's, which the SDK wrote into the
 * message; here it names the command instead of the SDK method.
 */
export function describeFailure(error: unknown, hint?: string): { code: number; line: string } {
  const line = (text: string) => text.replace(/\s*\n\s*/g, ' ')
  if (error instanceof UsageError) return { code: EXIT.usage, line: error.message }
  if (!(error instanceof Error)) return { code: EXIT.api, line: line(String(error)) }
  if (sdk && error instanceof sdk.InvalidArgumentError) return { code: EXIT.usage, line: line(error.message) }
  if (sdk && error instanceof sdk.ApiError) {
    // The SDK's message names the attr since 0.4; said once.
    const attr = error.attr && !error.message.includes(`(attr: ${error.attr})`) ? ` (attr: ${error.attr})` : ''
    const message = hint ? error.message.replace(hint, commandHint(hint)) : error.message
    return { code: EXIT.api, line: line(`${error.name}: ${message}${attr}`) }
  }
  if (sdk && (error instanceof sdk.ConnectionError || error instanceof sdk.TimeoutError)) return { code: EXIT.connection, line: line(`${error.name}: ${error.message}`) }
  if (sdk && error instanceof sdk.AbortError) return { code: EXIT.interrupted, line: 'interrupted' }
  return { code: EXIT.api, line: line(`${error.name}: ${error.message}`) }
}
