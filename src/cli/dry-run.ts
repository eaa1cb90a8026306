import { put, type Format, type Sink } from './output.js'

/** Thrown by the dry run's fetch: the request is recorded, never sent. */
class NotSent extends Error {}

/**
 * A `fetch` for `--dry-run`: records the request the SDK built and sends nothing; then prints it, the key it
 * carries replaced wherever it appears.
 */
export class DryRun {
  request: Request | undefined

  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    this.request ??= new Request(input, init)
    throw new NotSent('dry run: not sent')
  }

  /** The request as it would have been sent: method, URL, headers (the key replaced), body. */
  async print(out: Sink, format: Format): Promise<void> {
    const request = this.request!
    const apiKey = request.headers.get('authorization')?.replace(/^Bearer /, '')
    const redact = (text: string) => (apiKey ? text.split(apiKey).join('[REDACTED]') : text)
    const headers = Object.fromEntries(
      [...request.headers].map(([name, value]) => [
        name,
        name === 'authorization' ? 'Bearer [REDACTED]' : redact(value),
      ]),
    )
    const text = redact(await request.text())
    let body: unknown
    try {
      body = text === '' ? undefined : JSON.parse(text)
    } catch {
      body = text
    }
    const described = { method: request.method, url: redact(request.url), headers, ...(body !== undefined && { body }) }
    if (format !== 'table')
      return put(out, format === 'json' ? `${JSON.stringify(described, null, 2)}\n` : `${JSON.stringify(described)}\n`)
    const lines = [
      `${described.method} ${described.url}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ]
    if (body !== undefined) lines.push('', JSON.stringify(body, null, 2))
    return put(out, `${lines.join('\n')}\n(dry run: nothing was sent)\n`)
  }
}
