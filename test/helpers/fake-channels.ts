import type { FakeApi } from '../../src/testing/index.js'

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

/** A small client for raw calls: `call('GET', 'experiments/')` under `/api/projects/<id>/`. */
export function caller(channel: Channel, fake: FakeApi, key: string | null = fake.apiKey) {
  return (method: string, path: string, body?: unknown, extra: { headers?: Record<string, string>; prefix?: string; signal?: AbortSignal } = {}) => {
    const url = path.startsWith('http') ? path : `${channel.base}/api/${extra.prefix ?? 'projects'}/${fake.projectId}/${path}`
    const headers: Record<string, string> = { ...extra.headers }
    if (key !== null) headers['authorization'] = `Bearer ${key}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    return channel.fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: extra.signal })
  }
}

/** Reads a JSON body (fails the test with the text when it is not JSON). */
export async function jsonOf<T = any>(response: Response): Promise<T> {
  const text = await response.text()
  try {
    return JSON.parse(text) as T
  } catch {
    throw new Error(`expected JSON, got ${response.status}: ${text.slice(0, 200)}`)
  }
}
