import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Outcome } from '../outcome.js'

/** Options of `fake.listen()`. */
export interface ListenOptions {
  /** The port on 127.0.0.1. Default 0: any free port. */
  port?: number
}

/** A running server of the fake. */
export interface FakeServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash: pass it as the client's `baseUrl`. */
  readonly url: string
  /** The port the server listens on. */
  readonly port: number
  /** Stops the server and cuts every open connection (hung requests included). */
  close(): Promise<void>
}

const CORS_ALLOWED_HEADERS = 'Authorization, Content-Type, Accept, X-Requested-With'
const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS'
const CORS_EXPOSED_HEADERS = 'Retry-After, Content-Type, Content-Length, Cache-Control'
const NO_BODY = new Set(['GET', 'HEAD'])
/**
 * A specifier held in a variable: bundlers then leave the import alone (tsup would otherwise rewrite it
 * to a bare `http`, and browser bundlers would try to resolve it), and browsers never evaluate it.
 */
const NODE_HTTP = 'node:http'

/**
 * Serves the fake on a real `node:http` server on 127.0.0.1, with CORS for any origin (preflights
 * included). `node:http` is imported only here, at call time, so the module loads in browsers.
 */
export async function listenOnNode(
  serve: (request: Request) => Promise<Outcome>,
  options: ListenOptions = {},
): Promise<FakeServer> {
  const { createServer } = (await import(
    /* @vite-ignore */ /* webpackIgnore: true */ NODE_HTTP
  )) as typeof import('node:http')
  const server: Server = createServer((incoming, outgoing) => {
    handle(incoming, outgoing, serve).catch((error: unknown) => {
      if (!outgoing.headersSent) {
        outgoing.writeHead(500, { 'content-type': 'application/json' })
        outgoing.end(
          JSON.stringify({
            type: 'server_error',
            code: 'error',
            detail: `Fake server failure: ${String(error)}`,
            attr: null,
          }),
        )
      } else {
        outgoing.destroy()
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  let closing: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return closing
    },
  }
}

function corsHeaders(incoming: IncomingMessage): Record<string, string> {
  const origin = incoming.headers.origin
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-expose-headers': CORS_EXPOSED_HEADERS,
    vary: 'Origin',
  }
}

async function handle(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  serve: (request: Request) => Promise<Outcome>,
): Promise<void> {
  const method = (incoming.method ?? 'GET').toUpperCase()
  const cors = corsHeaders(incoming)
  if (method === 'OPTIONS') {
    const requested = incoming.headers['access-control-request-headers']
    outgoing.writeHead(204, {
      ...cors,
      'access-control-allow-methods': CORS_ALLOWED_METHODS,
      'access-control-allow-headers': requested ? `${CORS_ALLOWED_HEADERS}, ${requested}` : CORS_ALLOWED_HEADERS,
      'access-control-max-age': '600',
      'content-length': '0',
    })
    outgoing.end()
    return
  }

  const chunks: Buffer[] = []
  for await (const chunk of incoming) chunks.push(chunk as Buffer)
  const controller = new AbortController()
  outgoing.on('close', () => {
    if (!outgoing.writableFinished) controller.abort()
  })
  const headers = new Headers()
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    const name = incoming.rawHeaders[index] ?? ''
    if (['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(name.toLowerCase()))
      continue
    headers.append(name, incoming.rawHeaders[index + 1] ?? '')
  }
  // `next` links are built from this URL, so they point at the origin the client used.
  const host = incoming.headers.host ?? `127.0.0.1:${incoming.socket.localPort ?? 0}`
  const target = incoming.url ?? '/'
  const request = new Request(/^https?:\/\//i.test(target) ? target : `http://${host}${target}`, {
    method,
    headers,
    body: NO_BODY.has(method) || chunks.length === 0 ? undefined : Buffer.concat(chunks),
    signal: controller.signal,
  })

  let outcome: Outcome
  try {
    outcome = await serve(request)
  } catch (error) {
    if (controller.signal.aborted) return
    throw error
  }
  if (outcome.type === 'hang') return // Never answered; close() or the client ends it.

  const response = outcome.response
  const bytes = Buffer.from(await response.arrayBuffer())
  const responseHeaders: Record<string, string> = { ...cors }
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value
  })
  responseHeaders['content-length'] = String(bytes.length)
  if (outcome.type === 'drop') {
    // Status line, headers and half the promised body, then the socket is destroyed.
    outgoing.writeHead(response.status, responseHeaders)
    outgoing.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () => outgoing.socket?.destroy())
    return
  }
  outgoing.writeHead(response.status, responseHeaders)
  outgoing.end(bytes)
}
