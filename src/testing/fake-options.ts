/**
 * The options of `createFakeApi` and what they become: the fake's projects and the settings the service
 * core reads (keys and their scopes, the throttles, the injected 429s), each option checked with a
 * `TypeError` naming it.
 */
import type { OperationId, Scope } from '../core/operations.js'
import { TooManyRequestsFault, type TooManyRequestsOptions } from './faults.js'
import { FakeProjects } from './projects.js'
import type { CoreSettings, FakeKey, KeyScopes } from './service.js'
import { serviceThrottles, type FakeRateLimits } from './throttles.js'

/** The fake key `createFakeApi()` accepts by default, with every scope. */
export const DEFAULT_FAKE_API_KEY = 'phx_fake_test_key_0000000000000000'
/**
 * The host the fake answers by default (its `clientOptions()` and the msw handlers of
 * `posthog-project-client/testing/msw`).
 */
export const DEFAULT_FAKE_BASE_URL = 'https://us.posthog.com'

/** Options of {@link createFakeApi}. Every one is optional. */
export interface FakeApiOptions {
  /** The default project: what `@current`, `state` and `clientOptions()` mean. Default `projects[0]`, else 1. */
  projectId?: number
  /**
   * The projects of the fake, each with its own state, e.g. `[1, 2]` (the default project among them).
   * Default: the default project alone. A request naming another project id is refused as the service
   * refuses it: 404 `Project not found.`, or 403 `You don't have access to the project.` for one of
   * `unreachableProjects`.
   */
  projects?: readonly number[]
  /**
   * Project ids that exist on the service but whose organisation the key's user is not a member of: a
   * request naming one answers 403 `You don't have access to the project.` (docs/service-behaviour.md §1.4).
   */
  unreachableProjects?: readonly number[]
  /** The personal API key with every scope (`*`). Default {@link DEFAULT_FAKE_API_KEY}. */
  apiKey?: string
  /**
   * More keys and their scopes, e.g. `{ phx_readonly: ['experiment:read'] }`. A `:write` scope also
   * grants the matching `:read`; `'*'` grants everything. Listing `apiKey` here overrides its scopes. A key limited to
   * some projects is `{ scopes, projects: [1] }`: a request naming another project answers 403 `API key does not have
   * access to the requested project: ID <n>.` (docs/service-behaviour.md [`AU4`]).
   */
  keys?: Record<string, readonly Scope[] | '*' | { scopes: readonly Scope[] | '*'; projects?: readonly number[] }>
  /**
   * Operations whose action declares no scope on this service, as on an older one or a newer one that dropped it,
   * e.g. `['eventDefinitions.list']`: a personal API key gets 403 `This action does not support personal API key
   * access` whatever its scopes (docs/service-behaviour.md [`AU3`]). `allowUnscopedActions` does not apply to them.
   */
  unscopedOperations?: readonly OperationId[]
  /** Default page size of the limit/offset lists. Default 100, like the service. */
  pageSize?: number
  /**
   * The fake's host: what `clientOptions()` gives and the msw handlers answer (`${baseUrl}/api/…`).
   * Default `https://us.posthog.com`.
   */
  baseUrl?: string
  /**
   * Project ids of the organisation: the targets `duplicate_to_projects` accepts (each a project of the
   * fake, where the copies can be read). Default: every project of the fake.
   */
  organizationTeamIds?: readonly number[]
  /** Injected 429s from the start (see `faults.tooManyRequests`). Default none. */
  tooManyRequests?: TooManyRequestsOptions | null
  /**
   * @deprecated Since 0.3: renamed `tooManyRequests` (the fault; the service's throttles are `rateLimits`). Same
   * meaning.
   */
  rateLimit?: TooManyRequestsOptions | null
  /**
   * Enforce the service's throttles (docs/service-behaviour.md §1.7), counted as the service counts them:
   * sliding windows per key of the requests let through, 480 a minute and 4,800 an hour, the endpoints
   * group 240 and 2,400 on its own, the query API 240 and 1,200 on its own (docs/service-behaviour.md §10.4).
   * `true` for those numbers, or an object in the shape of the client's `rateLimit` to change any of them.
   * Beyond a limit the answer is the service's 429: the `throttled_error` body whose detail gives the wait
   * (`Expected available in N seconds.`), and no `Retry-After` header. Default off. `reset()` forgets the
   * requests counted.
   */
  rateLimits?: FakeRateLimits
  /**
   * Let personal API keys call the operations that have no scope (`scope: null` in OPERATIONS). The real
   * service refuses them with 403 `This action does not support personal API key access`, and so does
   * the fake by default; `true` answers them with realistic bodies, to test code paths.
   */
  allowUnscopedActions?: boolean
  /**
   * The scheme, host and port the service sees requests arrive on, as behind a proxy that terminates TLS and does
   * not pass the scheme on, or rewrites the host (docs/service-behaviour.md [`PG2`]), e.g.
   * `'http://posthog.example.com'`: the `next` and `previous` links of its lists are written on it. Default: the
   * origin of each request.
   */
  linkOrigin?: string
  /** The clock of every timestamp the fake writes. Default `() => new Date()`. */
  now?: () => Date
  /**
   * Operations this fake does not have, as an older service: answered 404 like any path the service does
   * not know, e.g. `['surveys.responses']` for a self-hosted instance from before the responses endpoint.
   */
  unavailable?: readonly OperationId[]
}

/** What the options make: the projects, the core's settings, and what `reset()` returns to. */
export interface FakeSetup {
  projectId: number
  apiKey: string
  baseUrl: string
  projects: FakeProjects
  settings: CoreSettings
  initialTooManyRequests: TooManyRequestsOptions | null
}

/** Checks the options and builds the fake's projects and settings from them. */
export function setUpFake(options: FakeApiOptions): FakeSetup {
  const given = checkProjects('projects', options.projects)
  const projectId = options.projectId ?? given?.[0] ?? 1
  if (!Number.isSafeInteger(projectId) || projectId <= 0)
    throw new TypeError(`createFakeApi: projectId must be a positive integer, got ${String(projectId)}`)
  if (given && !given.includes(projectId))
    throw new TypeError(`createFakeApi: projectId ${projectId} is not one of projects (${given.join(', ')})`)
  const listed = given ?? [projectId]
  const unreachable = checkProjects('unreachableProjects', options.unreachableProjects) ?? []
  const both = unreachable.filter((id) => listed.includes(id))
  if (both.length) throw new TypeError(`createFakeApi: unreachableProjects ${both.join(', ')} are also in projects`)
  const organizationTeamIds = options.organizationTeamIds ?? listed
  const outside = organizationTeamIds.filter((id) => !listed.includes(id))
  if (outside.length)
    throw new TypeError(
      `createFakeApi: organizationTeamIds ${outside.join(', ')} are not in projects (${listed.join(', ')})`,
    )
  const pageSize = options.pageSize ?? 100
  if (!Number.isSafeInteger(pageSize) || pageSize <= 0)
    throw new TypeError(`createFakeApi: pageSize must be a positive integer, got ${String(pageSize)}`)
  const apiKey = options.apiKey ?? DEFAULT_FAKE_API_KEY
  const keys = new Map<string, FakeKey>([[apiKey, { scopes: '*', projects: null }]])
  for (const [key, given] of Object.entries(options.keys ?? {})) {
    type Limited = { scopes: readonly Scope[] | '*'; projects?: readonly number[] }
    const { scopes, projects }: Limited =
      typeof given === 'object' && !Array.isArray(given) ? (given as Limited) : { scopes: given as Limited['scopes'] }
    const all: KeyScopes = scopes === '*' || (scopes as readonly string[]).includes('*') ? '*' : new Set(scopes)
    keys.set(key, { scopes: all, projects: projects ? new Set(checkProjects(`keys.${key}.projects`, projects)) : null })
  }
  const initialTooManyRequests = checkTooManyRequests(options)
  return {
    projectId,
    apiKey,
    baseUrl: (options.baseUrl ?? DEFAULT_FAKE_BASE_URL).replace(/\/+$/, ''),
    projects: new FakeProjects(projectId, listed, unreachable, {
      pageSize,
      organizationTeamIds,
      now: options.now ?? (() => new Date()),
    }),
    settings: {
      keys,
      allowUnscopedActions: options.allowUnscopedActions ?? false,
      tooManyRequests: new TooManyRequestsFault(initialTooManyRequests),
      throttles: serviceThrottles(options.rateLimits),
      unavailable: new Set(options.unavailable),
      linkOrigin: checkLinkOrigin(options.linkOrigin),
      unscoped: new Set(options.unscopedOperations),
    },
    initialTooManyRequests,
  }
}

/** The `tooManyRequests` option, or its deprecated alias `rateLimit`; giving both is a mistake. */
function checkTooManyRequests(options: FakeApiOptions): TooManyRequestsOptions | null {
  if (options.tooManyRequests !== undefined && options.rateLimit !== undefined) {
    throw new TypeError(
      'createFakeApi: tooManyRequests and its deprecated alias rateLimit are both given; keep tooManyRequests',
    )
  }
  return options.tooManyRequests ?? options.rateLimit ?? null
}

/** `linkOrigin` as an origin, or `null` when not given. */
function checkLinkOrigin(value: string | undefined): string | null {
  if (value === undefined) return null
  const url = URL.canParse(String(value)) ? new URL(String(value)) : null
  if (!url || !/^https?:$/.test(url.protocol)) {
    const got = JSON.stringify(value)
    throw new TypeError(
      `createFakeApi: linkOrigin must be an http(s) origin such as http://posthog.example.com, got ${got}`,
    )
  }
  return url.origin
}

/** A list of project ids checked: positive integers, no repeats; `null` when not given. */
function checkProjects(name: string, projects: readonly number[] | undefined): readonly number[] | null {
  if (projects === undefined) return null
  const valid =
    Array.isArray(projects) && projects.length > 0 && projects.every((id) => Number.isSafeInteger(id) && id > 0)
  if (!valid || new Set(projects).size !== projects.length) {
    throw new TypeError(
      `createFakeApi: ${name} must be a non-empty list of distinct positive integers, got ${JSON.stringify(projects)}`,
    )
  }
  return projects
}
