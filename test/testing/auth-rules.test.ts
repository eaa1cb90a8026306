import { describe, expect, it } from 'vitest'
import { AuthenticationError, PermissionDeniedError, ProjectClient, type ClientOptions } from '../../src/index.js'
import { createFakeApi, type FakeApiOptions } from '../../src/testing/index.js'
import { joined } from '../helpers/regex.js'

/**
 * The 401s and 403s of the fake, in the service's order and words (docs/service-behaviour.md §1.4, AU1–AU6), and
 * what the SDK's error says of each: `requiredScope` and the advice follow the service's words.
 */

function setup(options: FakeApiOptions = {}, client: Partial<ClientOptions> = {}) {
  const fake = createFakeApi({ projects: [1, 2], unreachableProjects: [3], ...options })
  return { fake, client: new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0, ...client }) }
}

async function failure<T>(call: Promise<T>): Promise<Error & { detail?: string }> {
  return call.then(
    () => expect.unreachable('the call succeeded'),
    (error: unknown) => error as Error,
  )
}

describe('[AU1] no credentials: 401 "Authentication credentials were not provided."', () => {
  it('the fake answers it; the SDK says the header did not reach the service, with no Cloud hint', async () => {
    const { fake } = setup()
    // A proxy in front that drops the Authorization header.
    const dropping: typeof fetch = (input, init) => {
      const request = new Request(input as Request, init)
      request.headers.delete('authorization')
      return fake.fetch(request)
    }
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: dropping, maxRetries: 0 })
    const error = await failure(client.featureFlags.list())
    expect(error).toBeInstanceOf(AuthenticationError)
    expect((error as AuthenticationError).detail).toBe('Authentication credentials were not provided.')
    expect(error.message).toContain('the Authorization header did not reach the service (a proxy in front may drop it)')
    expect(error.message).not.toMatch(/region|revoked/)
  })
})

describe('[AU2] an unknown key: 401 "Personal API key found in request Authorization header is invalid."', () => {
  it('the fake answers it; on PostHog Cloud the SDK names the region and revocation', async () => {
    const { client } = setup({}, { apiKey: 'phx_not_a_key_of_this_fake_0000000000' })
    const error = await failure(client.featureFlags.list())
    expect(error).toBeInstanceOf(AuthenticationError)
    expect((error as AuthenticationError).detail).toBe(
      'Personal API key found in request Authorization header is invalid.',
    )
    expect(error.message).toMatch(/a key made on https:\/\/eu\.posthog\.com needs baseUrl .*revoked/)
  })

  it.each(['Access token has expired.', 'This endpoint requires a current project to be set on your account.'])(
    'the other 401 details (%s) get no region or revocation hint',
    async (detail) => {
      const { fake, client } = setup()
      fake.faults.failNext(1, {
        status: 401,
        body: { type: 'authentication_error', code: 'authentication_failed', detail, attr: null },
      })
      const error = await failure(client.featureFlags.list())
      expect(error).toBeInstanceOf(AuthenticationError)
      expect(error.message).toBe(`GET ${fake.baseUrl}/api/projects/1/feature_flags/ failed with 401: ${detail}`)
    },
  )
})

describe(
  '[AU3] an action with no scope: 403 "This action does not ' + 'support personal API key access", whatever the scopes',
  () => {
    it(
      'on an operation the tables give a scope ' +
        '(unscopedOperations): requiredScope null, no advice to add a ' +
        'scope',
      async () => {
        const { fake, client } = setup({ unscopedOperations: ['eventDefinitions.list'] })
        const error = await failure(client.eventDefinitions.list())
        expect(error).toBeInstanceOf(PermissionDeniedError)
        const denied = error as PermissionDeniedError
        expect(denied.detail).toBe('This action does not support personal API key access')
        expect(denied.requiredScope).toBeNull()
        expect(denied.message).not.toMatch(/needs the scope|event_definition:read/)
        expect(denied.message).toContain('personal API keys cannot call it, whatever their scopes')
        expect(fake.requests.map((request) => request.status)).toEqual([403])
      },
    )

    it("refused before the key's projects are looked at; allowUnscopedActions does not open it", async () => {
      const { client } = setup(
        {
          unscopedOperations: ['featureFlags.list'],
          allowUnscopedActions: true,
          keys: { phx_one: { scopes: '*', projects: [1] } },
        },
        { apiKey: 'phx_one', projectId: 2 },
      )
      const error = (await failure(client.featureFlags.list())) as PermissionDeniedError
      expect(error.detail).toBe('This action does not support personal API key access')
    })

    it("the service's own capitalisation (Personal API Key) reads the same", () => {
      const body = {
        type: 'authentication_error',
        code: 'permission_denied',
        detail: 'This action does not support Personal API Key access',
        attr: null,
      }
      const error = new PermissionDeniedError({
        status: 403,
        body,
        headers: new Headers(),
        method: 'GET',
        url: 'https://us.posthog.com/x',
        requiredScope: 'event_definition:read',
      })
      expect(error.requiredScope).toBeNull()
      expect(error.message).not.toMatch(/needs the scope/)
    })
  },
)

describe(
  '[AU4] a key limited to other projects: 403 "API key does not ' + 'have access to the requested project: ID n."',
  () => {
    it(
      'the fake answers it before the scopes; the SDK says the ' + 'key cannot reach the project, no scope advice',
      async () => {
        const { client } = setup(
          { keys: { phx_one: { scopes: ['feature_flag:read'], projects: [1] } } },
          { apiKey: 'phx_one', projectId: 2 },
        )
        const error = (await failure(client.experiments.list())) as PermissionDeniedError
        expect(error).toBeInstanceOf(PermissionDeniedError)
        expect(error.detail).toBe('API key does not have access to the requested project: ID 2.')
        expect(error.message).toContain('the key cannot reach this project')
        expect(error.message).not.toMatch(/needs the scope/)
        expect(error.requiredScope).toBe('experiment:read')
      },
    )

    it('on its own project the same key is checked for its scopes', async () => {
      const { client } = setup(
        { keys: { phx_one: { scopes: ['feature_flag:read'], projects: [1] } } },
        { apiKey: 'phx_one', projectId: 1 },
      )
      expect(await client.featureFlags.list().toArray()).toEqual([])
      const error = (await failure(client.experiments.list())) as PermissionDeniedError
      expect(error.detail).toBe("API key missing required scope 'experiment:read'")
    })

    it('an organization restriction reads the same', () => {
      const body = {
        detail: 'API key does not have access to the requested organization: ID 0191f0c2-0000-0000-0000-000000000000.',
      }
      const error = new PermissionDeniedError({
        status: 403,
        body,
        headers: new Headers(),
        method: 'GET',
        url: 'https://us.posthog.com/x',
        requiredScope: 'survey:read',
      })
      expect(error.message).toContain('the key cannot reach this project')
      expect(error.message).not.toMatch(/needs the scope/)
    })
  },
)

describe('[AU5] a missing scope: 403 "API key missing required scope \'<scope>\'"', () => {
  it('requiredScope is the one the service named, and the message says the key needs it', async () => {
    const { client } = setup({ keys: { phx_read: ['feature_flag:read'] } }, { apiKey: 'phx_read' })
    const error = (await failure(client.featureFlags.create({ key: 'new-flag' }))) as PermissionDeniedError
    expect(error.requiredScope).toBe('feature_flag:write')
    expect(error.message).toMatch(
      joined(
        /failed with 403: API key missing required scope 'feature_flag:write' — the API key needs the scope /,
        /'feature_flag:write'$/,
      ),
    )
  })
})

describe(
  "[AU6] the user's rights come last: \"You don't have access " + 'to the project." and the access-control wordings',
  () => {
    it("a project the user is not a member of: the key's scopes are checked first", async () => {
      const { client } = setup({ keys: { phx_read: ['feature_flag:read'] } }, { apiKey: 'phx_read', projectId: 3 })
      const scope = (await failure(client.experiments.list())) as PermissionDeniedError
      expect(scope.detail).toBe("API key missing required scope 'experiment:read'")
      const member = (await failure(client.featureFlags.list())) as PermissionDeniedError
      expect(member.detail).toBe("You don't have access to the project.")
      expect(member.message).toContain('the key cannot reach this project')
    })

    it.each([
      "Organization 'Hedgehogs' does not allow using personal API keys. Contact an admin to enable personal API " +
        'keys for this organization.',
      'You do not have editor access to this resource.',
      "You don't have sufficient permissions in the project.",
      'OAuth token has no scopes and cannot access this resource',
      'AI data processing must be approved to generate summaries',
    ])('"%s": the detail, and no scope advice', async (detail) => {
      const { fake, client } = setup()
      fake.faults.failNext(1, {
        status: 403,
        body: { type: 'authentication_error', code: 'permission_denied', detail, attr: null },
      })
      const error = (await failure(client.featureFlags.update(1, { name: 'x' }))) as PermissionDeniedError
      expect(error).toBeInstanceOf(PermissionDeniedError)
      expect(error.message).toBe(`PATCH ${fake.baseUrl}/api/projects/1/feature_flags/1/ failed with 403: ${detail}`)
      expect(error.requiredScope).toBe('feature_flag:write')
    })
  },
)
