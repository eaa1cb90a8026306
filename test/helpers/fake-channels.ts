import type { FakeApi } from '../../src/testing/index.js'

/** Raw calls to a fake, no SDK in between: over a real socket on 127.0.0.1 or the in-memory `fake.fetch`. */

/** The two ways in that need no msw: a real server on 127.0.0.1, and the in-memory `fake.fetch`. */
export const TRANSPORTS = ['listen', 'fetch'] as const
export type TransportName = (typeof TRANSPORTS)[number]

/** A way to reach a fake: its origin, a fetch to use, and how to stop. */
export interface Channel {
  base: string
  fetch: (input: string, init?: RequestInit) => Promise<Response>
  close(): Promise<void>
}

export async function openChannel(fake: FakeApi, transport: TransportName): Promise<Channel> {
  if (transport === 'listen') {
    const server = await fake.listen()
    return { base: server.url, fetch: (input, init) => globalThis.fetch(input, init), close: () => server.close() }
  }
  return { base: fake.baseUrl, fetch: fake.fetch, close: async () => undefined }
}

export interface CallOptions {
  headers?: Record<string, string>
  /** `projects` (the default) or `environments`. */
  prefix?: string
  signal?: AbortSignal
}

/** An answer read whole. */
export interface Answer {
  status: number
  headers: Headers
  text: string
  /** The JSON body, `undefined` when empty. */
  body: any
}

/**
 * A raw call: `call('GET', 'experiments/')` under `/api/<prefix>/<projectId>/`, an absolute URL as it is.
 * A string body is sent as it is (to send text that is not JSON), anything else as JSON.
 */
export interface RawCall {
  (method: string, path: string, body?: unknown, options?: CallOptions): Promise<Response>
  /** The same call, its answer read whole. */
  read(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Answer>
}

/** Raw calls to `fake` with `key` (`null`: no Authorization header), in memory unless `channel` says otherwise. */
export function caller(
  fake: FakeApi,
  { channel, key = fake.apiKey }: { channel?: Channel; key?: string | null } = {},
): RawCall {
  const base = channel?.base ?? fake.baseUrl
  const fetch = channel?.fetch ?? fake.fetch
  const call = (method: string, path: string, body?: unknown, options: CallOptions = {}) => {
    const url = path.startsWith('http') ? path : `${base}/api/${options.prefix ?? 'projects'}/${fake.projectId}/${path}`
    const headers: Record<string, string> = { ...options.headers }
    if (key !== null) headers['authorization'] = `Bearer ${key}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const text = body === undefined || typeof body === 'string' ? body : JSON.stringify(body)
    return fetch(url, { method, headers, body: text, signal: options.signal })
  }
  const read = async (...args: Parameters<typeof call>): Promise<Answer> => {
    const response = await call(...args)
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: text === '' ? undefined : parseJson(text, response.status),
    }
  }
  return Object.assign(call, { read })
}

/** Reads a JSON body (fails the test with the text when it is not JSON). */
export async function jsonOf<T = any>(response: Response): Promise<T> {
  return parseJson(await response.text(), response.status) as T
}

function parseJson(text: string, status: number): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`expected JSON, got ${status}: ${text.slice(0, 200)}`)
  }
}
