import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A bare node:http server on 127.0.0.1 for what the fake cannot do: hostile answers, echoed keys, foreign origins. */

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

export async function plainServer(
  handler: (request: Seen, response: ServerResponse, incoming: IncomingMessage) => void = (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end('{}')
  },
): Promise<PlainServer> {
  const requests: Seen[] = []
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const seen: Seen = { method: incoming.method ?? 'GET', url: incoming.url ?? '/', headers: incoming.headers, body: Buffer.concat(chunks).toString() }
      requests.push(seen)
      handler(seen, response, incoming)
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
