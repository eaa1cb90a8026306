/**
 * The fake service itself: a function from a request to a response, in the order the real service
 * checks things (Django routing, then DRF authentication, permissions/scopes, throttling, the view).
 */
import type { OperationId, Scope } from '../core/operations.js'
import type { OperationContext, OperationHandler } from './context.js'
import type { TooManyRequestsFault } from './faults.js'
import { FAKE_GROUPS } from './fake-groups.js'
import { HttpFailure, apiError, json, throttledBody } from './responses.js'
import { matchRoute, splitApiPath, type ApiPath, type RouteMatch } from './router.js'
import type { ProjectOutcome } from './projects.js'
import type { ServiceThrottles } from './throttles.js'

/** Every operation's handler: those of every group (the type of `FAKE_GROUPS` checks that none is missing). */
const HANDLERS: { readonly [Id in OperationId]: OperationHandler } = Object.assign(
  {},
  ...Object.values(FAKE_GROUPS).map((group) => group.handlers),
)

/** The scopes of a key: a list, or `'*'` for everything. */
export type KeyScopes = ReadonlySet<Scope> | '*'

/** A personal API key: its scopes, and the projects it is limited to (`null`: every project of its user). */
export interface FakeKey {
  scopes: KeyScopes
  projects: ReadonlySet<number> | null
}

/** A request as the core reads it (the body already read as text). */
export interface IncomingRequest {
  method: string
  url: URL
  headers: Headers
  bodyText: string
}

/** Where a request goes: its path split and the operation it resolved to. */
export interface Resolved {
  path: ApiPath | null
  match: RouteMatch
}

/** Routes a request (pure; the fault layer uses it to match faults by operation). */
export function resolve(method: string, pathname: string): Resolved {
  const path = splitApiPath(pathname)
  return { path, match: path ? matchRoute(method, path.rest) : { kind: 'not-found' } }
}

/**
 * What the project a path names (a number or `@current`) is: its store, `'no-access'`, or `undefined` when there is no
 * such project.
 */
export type ProjectLookup = (projectId: string) => ProjectOutcome

export interface CoreSettings {
  keys: ReadonlyMap<string, FakeKey>
  allowUnscopedActions: boolean
  /** `createFakeApi({ unscopedOperations })`: operations whose action declares no scope on this service. */
  unscoped: ReadonlySet<OperationId>
  /** `faults.tooManyRequests`: the injected 429s. */
  tooManyRequests: TooManyRequestsFault
  /** `createFakeApi({ rateLimits })`: the service's own throttles, or `null`. */
  throttles: ServiceThrottles | null
  /** `createFakeApi({ unavailable })`: operations answered as paths the service does not have. */
  unavailable: ReadonlySet<OperationId>
  /** `createFakeApi({ linkOrigin })`: the origin the service sees requests on (behind a proxy), or `null`. */
  linkOrigin: string | null
}

/** Answers one request. Never throws: a bug in a handler becomes a 500 and is reported to `onError`. */
export async function answer(
  projects: ProjectLookup,
  settings: CoreSettings,
  request: IncomingRequest,
  resolved: Resolved,
  onError: (error: unknown) => void,
): Promise<Response> {
  try {
    return await dispatch(projects, settings, request, resolved)
  } catch (error) {
    if (error instanceof HttpFailure) return error.response
    onError(error)
    return apiError(500, 'server_error', 'error', 'A server error occurred.')
  }
}

async function dispatch(
  projects: ProjectLookup,
  settings: CoreSettings,
  request: IncomingRequest,
  resolved: Resolved,
): Promise<Response> {
  const { path, match } = resolved
  if (!path || match.kind === 'not-found' || (match.kind === 'operation' && settings.unavailable.has(match.id)))
    return apiError(404, 'invalid_request', 'not_found', 'Not found.')

  // Authentication (posthog/auth.py): no key → 401, unknown key → 401.
  const token = bearerToken(request.headers)
  if (token === null) {
    return apiError(401, 'authentication_error', 'not_authenticated', 'Authentication credentials were not provided.')
  }
  const key = settings.keys.get(token)
  if (key === undefined) {
    return apiError(
      401,
      'authentication_error',
      'authentication_failed',
      'Personal API key found in request Authorization header is invalid.',
    )
  }

  // No such project (docs/service-behaviour.md §1.1).
  const store = projects(path.projectId)
  if (!store) return apiError(404, 'invalid_request', 'not_found', 'Project not found.')

  const denied = (detail: string) => apiError(403, 'authentication_error', 'permission_denied', detail)
  if (match.kind === 'method-not-allowed') {
    if (store === 'no-access') return denied("You don't have access to the project.")
    return apiError(
      405,
      'invalid_request',
      'method_not_allowed',
      `Method "${request.method.toUpperCase()}" not allowed.`,
    )
  }

  // Permissions in the service's order (posthog/permissions.py, docs/service-behaviour.md AU3–AU6): the action's
  // scope (none: no personal API key, whatever its scopes), the key's projects, the key's scopes, then membership.
  const declared = match.kind === 'action' ? match.action.scope : match.operation.scope
  const needed = match.kind === 'operation' && settings.unscoped.has(match.id) ? null : declared
  if (needed === null && !(settings.allowUnscopedActions && declared === null)) {
    return denied('This action does not support personal API key access')
  }
  const projectId = store === 'no-access' ? Number(path.projectId) : store.projectId
  if (key.projects && !key.projects.has(projectId)) {
    return denied(`API key does not have access to the requested project: ID ${projectId}.`)
  }
  if (needed !== null && !hasScope(key.scopes, needed)) return denied(`API key missing required scope '${needed}'`)
  if (store === 'no-access') return denied("You don't have access to the project.")

  // Throttling comes after permissions, and only counts requests that pass (DRF).
  const injected = settings.tooManyRequests.check(token, store.now().getTime())
  if (injected !== null) return json(throttledBody(injected), 429, { 'retry-after': String(injected) })
  // The service's throttles answer the wait in the detail only: the error handler drops `Retry-After` (§1.7).
  const group =
    match.kind === 'action' ? 0 : match.id.startsWith('query.') ? 2 : match.operation.endpointsPrefix ? 1 : 0
  const throttled = settings.throttles?.check(token, group, store.now().getTime()) ?? null
  if (throttled !== null) return json(throttledBody(throttled), 429)

  const context: OperationContext = {
    store,
    method: request.method.toUpperCase(),
    // The service writes its links from the request as it reached it: behind a proxy, another origin (PG2).
    url: settings.linkOrigin ? new URL(request.url.pathname + request.url.search, settings.linkOrigin) : request.url,
    params: match.params,
    query: request.url.searchParams,
    body: parseBody(request),
    prefix: path.prefix,
  }
  return match.kind === 'action' ? match.action.handler(context) : HANDLERS[match.id](context)
}

/** The token of `Authorization: Bearer <token>`, or `null` when there is none. */
function bearerToken(headers: Headers): string | null {
  const header = headers.get('authorization')
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}

/** A `:write` scope satisfies the matching `:read`; `*` satisfies everything (§1.4). */
export function hasScope(scopes: KeyScopes, needed: Scope): boolean {
  if (scopes === '*') return true
  // Read as a set of names: the `:write` of a read-only resource (`query:write`) is no `Scope`, and no key has it.
  const names: ReadonlySet<string> = scopes
  return names.has(needed) || (needed.endsWith(':read') && names.has(needed.replace(/:read$/, ':write')))
}

function parseBody(request: IncomingRequest): unknown {
  if (request.bodyText.trim() === '') return undefined
  try {
    return JSON.parse(request.bodyText)
  } catch (error) {
    throw new HttpFailure(
      apiError(
        400,
        'invalid_request',
        'parse_error',
        `JSON parse error - ${error instanceof Error ? error.message : String(error)}`,
      ),
    )
  }
}
