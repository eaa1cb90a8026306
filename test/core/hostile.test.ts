import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ResponseValidationError } from '../../src/index.js'
import { experiment } from '../fixtures/experiments.js'
import { PROJECT, makeClient, useMswServer } from '../helpers/msw-server.js'

const server = useMswServer()

describe('hostile response bodies', () => {
  const polluted = `{"id": 1, "name": "x", "feature_flag_key": "x", "start_date": null, "end_date": null,
    "archived": false, "created_at": "2026-01-01T00:00:00Z",
    "__proto__": {"polluted": true, "id": 99}, "constructor": {"prototype": {"polluted": true}},
    "feature_flag": {"id": 2, "__proto__": {"polluted": true}}, "parameters": {"__proto__": {"polluted": true}}}`

  it.each([true, false])(
    'no prototype pollution through __proto__ or constructor keys (validateResponses: %s)',
    async (validateResponses) => {
      server.use(
        http.get(
          `${PROJECT}/experiments/1/`,
          () => new HttpResponse(polluted, { headers: { 'content-type': 'application/json' } }),
        ),
      )
      const found = await makeClient({ validateResponses }).experiments.retrieve(1)
      expect(found.id).toBe(1)
      expect(Object.getPrototypeOf(found)).toBe(Object.prototype)
      expect(Object.getPrototypeOf(found.feature_flag)).toBe(Object.prototype)
      expect(Object.getPrototypeOf(found.parameters)).toBe(Object.prototype)
      expect((found as Record<string, unknown>).polluted).toBeUndefined()
      expect((found.feature_flag as Record<string, unknown>).polluted).toBeUndefined()
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
    },
  )

  it('no pollution through list items either', async () => {
    server.use(
      http.get(
        `${PROJECT}/experiments/`,
        () =>
          new HttpResponse(
            `{"count": 1, "next": null, "previous": null, "results": [${polluted}], "__proto__": {"next": ` +
              `"https://evil.example"}}`,
            { headers: { 'content-type': 'application/json' } },
          ),
      ),
    )
    const page = await makeClient().experiments.list()
    expect(page.next).toBeNull()
    expect(Object.getPrototypeOf(page.results[0])).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['truncated JSON', '{"id": 1, "name": "Check', 'application/json'],
    ['wrong content type', 'id=1&name=x', 'application/x-www-form-urlencoded'],
    ['an HTML page', '<!doctype html><title>Sign in</title>', 'text/html'],
    ['an empty body', '', 'application/json'],
  ])('%s on a 200 is a ResponseValidationError keeping the raw text', async (_name, text, type) => {
    server.use(
      http.get(`${PROJECT}/experiments/1/`, () => new HttpResponse(text, { headers: { 'content-type': type } })),
    )
    const error = await makeClient()
      .experiments.retrieve(1)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseValidationError)
    expect((error as ResponseValidationError).body).toBe(text)
    expect((error as ResponseValidationError).issues[0]?.code).toBe('invalid_json')
  })

  it('a valid body served with a wrong content type is still read as JSON', async () => {
    server.use(
      http.get(
        `${PROJECT}/experiments/1/`,
        () => new HttpResponse(JSON.stringify(experiment(1)), { headers: { 'content-type': 'text/plain' } }),
      ),
    )
    expect((await makeClient().experiments.retrieve(1)).id).toBe(1)
  })
})
