import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { ApiError, ConnectionError, ProjectClientError, ProjectClient } from '../../src/index.js'
import { Redactor } from '../../src/core/redaction.js'

const KEY = 'phx_redaction_boundary_key_0123456789'

/** Every way an error can be shown: message, String, JSON, inspect (deep, with the cause chain), stack. */
function renderings(error: unknown): string {
  const shown = error as Error
  return [
    shown.message,
    String(error),
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    shown.stack ?? '',
  ].join('\n')
}

/** An error class no part of the SDK knows: it stands for an error site added later. */
class NewKindOfError extends ProjectClientError {
  override name = 'NewKindOfError'
  constructor(
    readonly where: string,
    readonly details: { echoed: string[]; headers: Headers },
    cause: Error,
  ) {
    super(`something new failed at ${where}`, { cause })
  }
}

describe('the redaction boundary', () => {
  it(
    'removes the key from an error site it has never seen: ' + 'message, fields, nested bodies, headers and cause',
    async () => {
      const leaky: typeof fetch = async (input) => {
        const url = (input as Request).url
        throw new NewKindOfError(
          `${url}?token=${KEY}`,
          { echoed: [`Bearer ${KEY}`], headers: new Headers({ 'x-echo': KEY }) },
          new Error(`socket said ${KEY}`, { cause: new Error(`deeper ${KEY}`) }),
        )
      }
      const client = new ProjectClient({ apiKey: KEY, projectId: 1, fetch: leaky, maxRetries: 0 })
      const error = await client.experiments.retrieve(1).then(null, (caught: unknown) => caught)
      expect(error).toBeInstanceOf(NewKindOfError)
      const shown = renderings(error)
      expect(shown).toContain('[REDACTED]')
      expect(shown).not.toContain(KEY)
      expect((error as NewKindOfError).details.headers.get('x-echo')).toBe('[REDACTED]')
      expect(((error as Error).cause as Error).message).toBe('socket said [REDACTED]')
    },
  )

  it('removes it from a ConnectionError whose custom fetch failed with the key in its message and cause', async () => {
    const cause = new TypeError(`fetch failed for ${KEY}`, {
      cause: Object.assign(new Error(`connect refused ${KEY}`), { code: 'ECONNREFUSED' }),
    })
    const client = new ProjectClient({ apiKey: KEY, projectId: 1, fetch: () => Promise.reject(cause), maxRetries: 0 })
    const error = await client.surveys.list().then(null, (caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConnectionError)
    expect(renderings(error)).not.toContain(KEY)
    // The caller's own error object is left as it was: the error carries a redacted copy.
    expect(cause.message).toContain(KEY)
  })

  it('leaves errors without the key as they are (same objects, same fields)', () => {
    const headers = new Headers({ 'x-a': '1' })
    const error = new ApiError({
      status: 500,
      body: { detail: 'boom' },
      headers,
      method: 'GET',
      url: 'https://us.posthog.com/api/x/',
    })
    const body = error.body
    expect(new Redactor(KEY).error(error)).toBe(error)
    expect(error.body).toBe(body)
    expect(error.headers).toBe(headers)
  })

  it('redacts text, every occurrence', () => {
    expect(new Redactor(KEY).text(`${KEY} and ${KEY}`)).toBe('[REDACTED] and [REDACTED]')
  })
})
