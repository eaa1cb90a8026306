/**
 * The benchmark's HTTP server, run in its own process (the client and the server then use one core
 * each on a two-core machine, and the server's work is not on the client's event loop).
 * Serves the experiments routes and a survey's responses from pre-serialised bodies and counts the requests it sees;
 * with a
 * latency set (`/__bench/latency?ms=N`), every API answer leaves N ms after its request arrived.
 * Prints `{"port": N}` on stdout once listening on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { experiment, experimentPage, surveyResponsePage } from './fixtures.js'

const PROJECT_ID = 1
const TOTAL_ITEMS = Number(process.env.BENCH_TOTAL_ITEMS ?? 10_000)
const API_KEY = 'phx_benchmarkKey0123456789'

const bodies = new Map<string, Buffer>()
const counts = { list: 0, retrieve: 0, responses: 0, other: 0, connections: 0 }
let listPath = ''
/** Added before every API answer, as a network round trip would (control routes answer at once). */
let latencyMs = 0
let origin = ''

function cached(key: string, make: () => unknown): Buffer {
  let body = bodies.get(key)
  if (!body) {
    body = Buffer.from(JSON.stringify(make()))
    bodies.set(key, body)
  }
  return body
}

function send(response: ServerResponse, status: number, body: Buffer | string): void {
  if (latencyMs > 0) setTimeout(() => write(response, status, body), latencyMs)
  else write(response, status, body)
}

function write(response: ServerResponse, status: number, body: Buffer | string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': bytes.length,
    vary: 'Accept, Cookie',
  })
  response.end(bytes)
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', origin)
  if (url.pathname === '/__bench/counts') {
    write(response, 200, JSON.stringify(counts))
    return
  }
  if (url.pathname === '/__bench/reset') {
    counts.list = counts.retrieve = counts.responses = counts.other = counts.connections = 0
    write(response, 200, '{}')
    return
  }
  if (url.pathname === '/__bench/latency') {
    latencyMs = Number(url.searchParams.get('ms') ?? 0)
    write(response, 200, '{}')
    return
  }
  if (request.headers.authorization !== `Bearer ${API_KEY}`) {
    counts.other++
    send(
      response,
      401,
      '{"type":"authentication_error","code":"not_authenticated","detail":"Authentication credentials were not ' +
        'provided.","attr":null}',
    )
    return
  }
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`
  // A create answers the experiment it made (always the first one here); its body is drained, unread.
  if (request.method === 'POST' && path === listPath) {
    counts.other++
    request.resume()
    send(
      response,
      201,
      cached('item:1', () => experiment(1)),
    )
    return
  }
  if (request.method === 'PATCH') request.resume()
  if (path === listPath) {
    counts.list++
    const limit = Number(url.searchParams.get('limit') ?? 100)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    send(
      response,
      200,
      cached(`list:${limit}:${offset}`, () => experimentPage(`${origin}${listPath}`, offset, limit, TOTAL_ITEMS)),
    )
    return
  }
  if (/^\/api\/projects\/\d+\/surveys\/[^/]+\/responses\/$/.test(path)) {
    counts.responses++
    const limit = Number(url.searchParams.get('limit') ?? 100)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    send(
      response,
      200,
      cached(`responses:${limit}:${offset}`, () => surveyResponsePage(offset, limit, TOTAL_ITEMS)),
    )
    return
  }
  const match = /^\/api\/projects\/\d+\/experiments\/(\d+)\/$/.exec(path)
  if (match) {
    counts.retrieve++
    send(
      response,
      200,
      cached(`item:${match[1]}`, () => experiment(Number(match[1]))),
    )
    return
  }
  counts.other++
  send(response, 404, '{"type":"invalid_request","code":"not_found","detail":"Not found.","attr":null}')
}

const server = createServer({ keepAliveTimeout: 60_000 }, handle)
server.on('connection', () => {
  counts.connections++
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  origin = `http://127.0.0.1:${address.port}`
  listPath = `/api/projects/${PROJECT_ID}/experiments/`
  process.stdout.write(`${JSON.stringify({ port: address.port })}\n`)
})
process.on('disconnect', () => process.exit(0))
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
