import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** mulberry32: a tiny seeded PRNG, so every chaos run injects the same faults in the same places. */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Settles `promise` to its error (or fails the test when it resolves). */
export async function failure(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`)
    },
    (error: unknown) => error,
  )
}
