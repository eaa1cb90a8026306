import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A bare node:http server on 127.0.0.1 for what the fake cannot do: hostile answers, echoed keys, foreign origins,
 * a service that answers in a way of its own. The service's own answers come from the fake (./fake-server.ts).
 */

export interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** A plain node:http server on 127.0.0.1 that records every request (headers included) and answers with `handler`. */
export interface PlainServer {
  readonly url: string
  readonly port: number
  readonly requests: Seen[]
  close(): Promise<void>
}

/**
 * Ends `response` with `body` (a string as it is, anything else as JSON), a JSON content type unless `headers` give
 * another.
 */
export function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(typeof body === 'string' ? body : JSON.stringify(body))
}

export async function plainServer(
  handler: (request: Seen, response: ServerResponse, incoming: IncomingMessage) => void | Promise<void> = (
    _request,
    response,
  ) => send(response, 200, {}),
): Promise<PlainServer> {
  const requests: Seen[] = []
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const seen: Seen = {
        method: incoming.method ?? 'GET',
        url: incoming.url ?? '/',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString(),
      }
      requests.push(seen)
      void handler(seen, response, incoming)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
