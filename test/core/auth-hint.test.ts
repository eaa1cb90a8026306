import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { AuthenticationError, ProjectClient } from '../../src/index.js'
import { API_KEY, useMswServer } from '../helpers/msw-server.js'

const server = useMswServer()
const INVALID = {
  type: 'authentication_error',
  code: 'authentication_failed',
  detail: 'Personal API key found in request Authorization header is invalid.',
  attr: null,
}

/** The 401 a host answers, as the client reports it. */
async function unauthorized(baseUrl: string, apiKey = API_KEY): Promise<AuthenticationError> {
  server.use(http.get(`${baseUrl}/api/projects/7/surveys/`, () => HttpResponse.json(INVALID, { status: 401 })))
  const client = new ProjectClient({ apiKey, projectId: 7, baseUrl, maxRetries: 0 })
  const error = await client.surveys.list().then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AuthenticationError)
  return error as AuthenticationError
}

describe('AuthenticationError names the usual causes on PostHog Cloud', () => {
  it.each([
    ['https://us.posthog.com', 'https://eu.posthog.com'],
    ['https://eu.posthog.com', 'https://us.posthog.com'],
  ])('from %s: a key of the other region (%s) or a revoked key', async (host, other) => {
    const error = await unauthorized(host)
    expect(error.message).toContain('Personal API key found in request Authorization header is invalid.')
    expect(error.message).toContain(`a key made on ${other} needs baseUrl ${other}`)
    expect(error.message).toMatch(/revoked/)
    expect(error.status).toBe(401)
    expect(error.detail).toBe(INVALID.detail)
    expect(JSON.stringify(error)).not.toContain(API_KEY)
    expect(error.message).not.toContain(API_KEY)
  })

  it.each(['https://posthog.internal.example.com', 'https://us.posthog.com.example.org', 'http://127.0.0.1:8000'])(
    'a self-hosted host (%s) gets no such text',
    async (host) => {
      const error = await unauthorized(host)
      expect(error.message).toContain('failed with 401')
      expect(error.message).not.toMatch(/region|revoked|posthog\.com needs/)
    },
  )

  it.each(['https://us.posthog.com', 'https://eu.posthog.com', 'https://posthog.internal.example.com'])(
    'a project API key (phc_…) from %s: the message says a personal API key (phx_…) is needed, and no region hint',
    async (host) => {
      const projectKey = 'phc_project_key_used_by_mistake_0000'
      const error = await unauthorized(host, projectKey)
      expect(error.message).toBe(
        `GET ${host}/api/projects/7/surveys/ failed with 401: ${INVALID.detail} — the key is a project API key ` +
          `(\`phc_…\`), which only sends events: this API needs a personal API key (\`phx_…\`, made under ` +
          `Personal API keys in your PostHog account settings)`,
      )
      expect(JSON.stringify(error) + String(error.stack)).not.toContain(projectKey)
    },
  )

  it('an AuthenticationError built by hand for a Cloud URL carries the hint too', () => {
    const error = new AuthenticationError({
      status: 401,
      body: INVALID,
      headers: new Headers(),
      method: 'GET',
      url: 'https://eu.posthog.com/api/projects/1/surveys/',
    })
    expect(error.message).toContain('a key made on https://us.posthog.com needs baseUrl https://us.posthog.com')
  })
})
