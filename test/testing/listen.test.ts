import { request as httpRequest } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi, type FakeServer } from '../../src/testing/index.js'

/** A raw HTTP exchange, to see what a browser's preflight and a cut connection look like on the wire. */
function raw(url: string, method: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: string
    error?: Error
  }>((resolve) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      )
      res.on('error', (error) =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString(), error }),
      )
      res.on('aborted', () => undefined)
    })
    req.on('error', (error) => resolve({ status: 0, headers: {}, body: '', error }))
    req.end()
  })
}

describe('fake.listen()', () => {
  let fake: FakeApi
  let server: FakeServer

  beforeEach(async () => {
    fake = createFakeApi()
    server = await fake.listen()
  })
  afterEach(() => server.close())

  it('listens on 127.0.0.1 on a free port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
  })

  it('answers CORS preflights for any origin, allowing Authorization and Content-Type', async () => {
    const response = await raw(`${server.url}/api/projects/1/experiments/`, 'OPTIONS', {
      origin: 'http://app.example.com',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,content-type',
    })
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-origin']).toBe('http://app.example.com')
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST')
    expect(String(response.headers['access-control-allow-methods'])).toContain('PATCH')
    const allowed = String(response.headers['access-control-allow-headers']).toLowerCase()
    expect(allowed).toContain('authorization')
    expect(allowed).toContain('content-type')
    expect(fake.requests).toHaveLength(0)
  })

  it('adds CORS headers to real answers, error answers included', async () => {
    const response = await fetch(`${server.url}/api/projects/1/experiments/`, {
      headers: { origin: 'http://app.example.com' },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.example.com')
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After')
  })

  it('drops the connection after the headers and part of the promised body', async () => {
    fake.seed.experiments(3)
    fake.faults.dropNext(1, { afterApply: true })
    const response = await raw(`${server.url}/api/projects/1/experiments/`, 'GET', {
      authorization: `Bearer ${fake.apiKey}`,
    })
    expect(response.status).toBe(200)
    const promised = Number(response.headers['content-length'])
    expect(response.body.length).toBeGreaterThan(0)
    expect(response.body.length).toBeLessThan(promised)
    expect(response.error).toMatchObject({ message: 'aborted', code: 'ECONNRESET' })
  })

  it('close() ends hung requests', async () => {
    fake.faults.hangNext(1)
    const pending = fetch(`${server.url}/api/projects/1/experiments/`, {
      headers: { authorization: `Bearer ${fake.apiKey}` },
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    await server.close()
    await expect(pending).rejects.toThrow(TypeError)
  })

  it('serves several servers from one fake, each linking to its own origin', async () => {
    fake.seed.surveys(3)
    const second = await fake.listen()
    try {
      const headers = { authorization: `Bearer ${fake.apiKey}` }
      const a = await (await fetch(`${server.url}/api/projects/1/surveys/?limit=1`, { headers })).json()
      const b = await (await fetch(`${second.url}/api/projects/1/surveys/?limit=1`, { headers })).json()
      expect(a.next.startsWith(server.url)).toBe(true)
      expect(b.next.startsWith(second.url)).toBe(true)
      expect(a.results[0].id).toBe(b.results[0].id)
    } finally {
      await second.close()
    }
  })
})
