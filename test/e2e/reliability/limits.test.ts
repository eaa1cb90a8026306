import type { IncomingMessage, ServerResponse } from 'node:http'
import { inspect } from 'node:util'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BadRequestError,
  InvalidArgumentError,
  ProjectClient,
  ResponseTooLargeError,
  ResponseValidationError,
} from 'posthog-project-client'
import { experiment } from '../../fixtures/experiments.js'
import { failure } from '../../helpers/async.js'
import { plainServer, send, type PlainServer, type Seen } from '../../helpers/plain-server.js'

/**
 * The SDK's limits on what a server sends (RELIABILITY.md, "Answers too large or too deep"): an answer
 * past `maxResponseBytes` (counted after decompression) is refused without being held in memory, and an
 * answer nested thousands deep still ends in a typed error, over real sockets on 127.0.0.1.
 */

const KEY = 'phx_limitsTestKey0123456789abcdefABCDEF'
const MiB = 1024 * 1024

let respond: (request: Seen, response: ServerResponse, incoming: IncomingMessage) => void
let server: PlainServer
beforeAll(async () => {
  server = await plainServer((request, response, incoming) => respond(request, response, incoming))
})
afterAll(() => server.close())

const client = (options: Partial<ConstructorParameters<typeof ProjectClient>[0]> = {}) =>
  new ProjectClient({ apiKey: KEY, projectId: 1, baseUrl: server.url, maxRetries: 2, ...options })

/** Streams `total` bytes of a JSON string (`{"name":"xxxx…`) with backpressure, until done or the client goes away. */
function stream(response: ServerResponse, total: number, headers: Record<string, string> = {}): void {
  response.writeHead(200, { 'content-type': 'application/json', ...headers })
  const chunk = Buffer.alloc(MiB, 'x')
  let sent = 0
  let closed = false
  response.on('close', () => (closed = true))
  const pump = () => {
    while (!closed && sent < total) {
      sent += chunk.byteLength
      if (!response.write(chunk)) return void response.once('drain', pump)
    }
    if (!closed) response.end()
  }
  response.write('{"name":"')
  pump()
}

/** Runs `call`, sampling this process's RSS and heap every 5 ms; their peak growth over the start, in bytes. */
async function peakGrowth<T>(call: () => Promise<T>): Promise<{ result: T; rss: number; heap: number }> {
  globalThis.gc?.()
  const start = process.memoryUsage()
  let rss = 0
  let heap = 0
  const sample = () => {
    const now = process.memoryUsage()
    rss = Math.max(rss, now.rss - start.rss)
    heap = Math.max(heap, now.heapUsed + now.arrayBuffers - start.heapUsed - start.arrayBuffers)
  }
  const timer = setInterval(sample, 5)
  try {
    const result = await call()
    sample()
    return { result, rss, heap }
  } finally {
    clearInterval(timer)
  }
}

describe('maxResponseBytes', () => {
  it(
    'a 1 GiB streamed answer stops at the default 64 MiB: ResponseTooLargeError, memory well below the body, one ' +
      'request (not retried)',
    async () => {
      respond = (_request, response) => stream(response, 1024 * MiB)
      const { result: error, rss, heap } = await peakGrowth(() => failure(client().experiments.retrieve(1)))
      expect(error).toBeInstanceOf(ResponseTooLargeError)
      expect(error).toMatchObject({
        limit: 64 * MiB,
        method: 'GET',
        status: 200,
        url: `${server.url}/api/projects/1/experiments/1/`,
      })
      expect((error as Error).message).toContain('maxResponseBytes (67108864 bytes')
      expect(server.requests).toHaveLength(1)
      // The body is 1 GiB; what was held is at most the 64 MiB read before the limit, and some of what the sockets
      // buffer.
      expect(rss).toBeLessThan(400 * MiB)
      expect(heap).toBeLessThan(200 * MiB)
      server.requests.length = 0
    },
    60_000,
  )

  it(
    'counts exactly: an answer of maxResponseBytes is read, one byte more is refused (streamed or with its ' +
      'length)',
    async () => {
      const body = JSON.stringify(experiment(1))
      respond = (_request, response) => send(response, 200, body)
      expect((await client({ maxResponseBytes: body.length }).experiments.retrieve(1)).id).toBe(1)
      expect(await failure(client({ maxResponseBytes: body.length - 1 }).experiments.retrieve(1))).toBeInstanceOf(
        ResponseTooLargeError,
      )
      // Without a length (chunked): counted as it comes.
      respond = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' })
        response.write(body.slice(0, 10))
        response.end(body.slice(10))
      }
      expect((await client({ maxResponseBytes: body.length }).experiments.retrieve(1)).id).toBe(1)
      expect(await failure(client({ maxResponseBytes: body.length - 1 }).experiments.retrieve(1))).toBeInstanceOf(
        ResponseTooLargeError,
      )
      // An error answer too: never a body held past the limit.
      respond = (_request, response) =>
        send(response, 400, { type: 'validation_error', code: 'invalid', detail: 'x'.repeat(2_000), attr: 'name' })
      expect(await failure(client({ maxResponseBytes: 1_000 }).experiments.retrieve(1))).toBeInstanceOf(
        ResponseTooLargeError,
      )
      expect(await failure(client().experiments.retrieve(1))).toBeInstanceOf(BadRequestError)
    },
  )

  it(
    'a 4 MB gzip bomb (4 GiB inflated) is refused at 64 MiB inflated, with bounded memory, and never called an ' +
      'empty body',
    async () => {
      // One gzip member of 256 MiB of zeros (about 255 kB), sent 16 times: members concatenated inflate to 4 GiB.
      const member = gzipSync(Buffer.alloc(256 * MiB), { level: 9 })
      respond = (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
        let left = 16
        let closed = false
        response.on('close', () => (closed = true))
        const pump = () => {
          while (!closed && left > 0) {
            left--
            if (!response.write(member)) return void response.once('drain', pump)
          }
          if (!closed) response.end()
        }
        pump()
      }
      const { result: error, rss, heap } = await peakGrowth(() => failure(client().experiments.retrieve(1)))
      expect(error).toBeInstanceOf(ResponseTooLargeError)
      expect((error as Error).message).not.toMatch(/empty body/)
      expect(rss).toBeLessThan(400 * MiB)
      expect(heap).toBeLessThan(200 * MiB)
      // A small limit holds the same way, from the first member.
      expect(await failure(client({ maxResponseBytes: MiB }).experiments.retrieve(1))).toBeInstanceOf(
        ResponseTooLargeError,
      )
    },
    60_000,
  )

  it('a compressed answer under the limit is read whole, counted inflated', async () => {
    const body = JSON.stringify(experiment(7, { description: 'd'.repeat(10_000) }))
    const zipped = gzipSync(body)
    respond = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': String(zipped.byteLength),
      })
      response.end(zipped)
    }
    expect((await client({ maxResponseBytes: body.length }).experiments.retrieve(7)).description).toHaveLength(10_000)
    // The compressed length is under the limit, the inflated one over it.
    expect(zipped.byteLength).toBeLessThan(2_000)
    expect(await failure(client({ maxResponseBytes: 2_000 }).experiments.retrieve(7))).toBeInstanceOf(
      ResponseTooLargeError,
    )
  })

  it('a bad maxResponseBytes is an InvalidArgumentError naming it', () => {
    for (const value of [0, -1, 1.5, '64MB', Number.POSITIVE_INFINITY]) {
      expect(() => client({ maxResponseBytes: value as number })).toThrow(InvalidArgumentError)
      expect(() => client({ maxResponseBytes: value as number })).toThrow(/maxResponseBytes/)
    }
  })
})

describe('answers nested thousands deep end in a typed error, never a RangeError', () => {
  const DEPTH = 5_000
  const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}"${KEY}"${'}'.repeat(depth)}`
  const deepArray = (depth: number) => `${'['.repeat(depth)}"${KEY}"${']'.repeat(depth)}`
  const answer = (status: number, body: string) => (_request: Seen, response: ServerResponse) =>
    send(response, status, body)
  /** The string at the bottom of a nest, found by following the last member of each level (no recursion). */
  const bottom = (value: unknown): unknown => {
    let current = value
    while (typeof current === 'object' && current !== null) current = Object.values(current).at(-1)
    return current
  }
  const printed = (error: unknown) => [String(error), JSON.stringify(error), inspect(error, { depth: 10 })].join('\n')

  it.each([
    ['the whole answer an array 5,000 deep', 200, deepArray(DEPTH), ResponseValidationError],
    [
      'a field of the wrong type, 5,000 deep (the key at the bottom)',
      200,
      JSON.stringify({ ...experiment(1), name: 'NAME' }).replace('"NAME"', deepObject(DEPTH)),
      ResponseValidationError,
    ],
    [
      'an error body with a member 5,000 deep (the key at the bottom)',
      400,
      `{"type":"validation_error","code":"invalid","detail":"bad","attr":"name","extra":${deepObject(DEPTH)}}`,
      BadRequestError,
    ],
  ] as const)('%s', async (_name, status, body, Class) => {
    respond = answer(status, body)
    const error = await failure(client().experiments.retrieve(1))
    expect(error).toBeInstanceOf(Class)
    // The redaction walked it all: the key at the bottom is gone from the kept body.
    expect(printed(error)).not.toContain(KEY)
    const { body: kept } = error as { body: unknown[] | { name?: unknown; extra?: unknown } }
    expect(bottom(Array.isArray(kept) ? kept : typeof kept.name === 'object' ? kept.name : kept.extra)).toBe(
      '[REDACTED]',
    )
  })

  it('a valid answer with a member 5,000 deep where any JSON is allowed is read', async () => {
    respond = answer(200, JSON.stringify({ ...experiment(1), parameters: 'DEEP' }).replace('"DEEP"', deepObject(DEPTH)))
    const read = await client().experiments.retrieve(1)
    expect(read.id).toBe(1)
  })
})
