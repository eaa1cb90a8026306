import { OPERATIONS, type Operation, type OperationId } from '../core/operations.js'
import { SERVICE_ACTIONS, type ServiceAction } from './service-actions.js'

/** The URL of a request, split the way the service routes it. */
export interface ApiPath {
  /** `projects` or `environments`. */
  prefix: 'projects' | 'environments'
  /** The project id as written in the path (a number or `@current`). */
  projectId: string
  /** The rest of the path, relative to the project. */
  rest: string
}

/** What a route leads to: an operation of OPERATIONS, or an action the SDK does not declare. */
type Target = { kind: 'operation'; id: OperationId; operation: Operation } | { kind: 'action'; action: ServiceAction }

/** The operation a request resolved to. */
export type RouteMatch =
  | { kind: 'operation'; id: OperationId; operation: Operation; params: Record<string, string> }
  /** A service action the SDK does not declare (src/testing/service-actions.ts). */
  | { kind: 'action'; action: ServiceAction; params: Record<string, string> }
  /** The path exists but not for this method. */
  | { kind: 'method-not-allowed' }
  | { kind: 'not-found' }

interface Route {
  method: string
  target: Target
  pattern: RegExp
  names: string[]
  /** Literal segments: the more, the more specific (`experiments/stats/` beats `experiments/{id}/`). */
  literals: number
}

/** A route of a path template: the template becomes a regular expression, the trailing slash optional. */
function routeOf(method: string, path: string, target: Target): Route {
  const names: string[] = []
  const segments = path.replace(/\/$/, '').split('/')
  const source = segments
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)
      if (param?.[1]) {
        names.push(param[1])
        return '([^/]+)'
      }
      return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
    })
    .join('/')
  return { method, target, pattern: new RegExp(`^${source}/?$`), names, literals: segments.length - names.length }
}

/** One route per row of OPERATIONS, then one per service action. */
const ROUTES: Route[] = [
  ...(Object.entries(OPERATIONS) as Array<[OperationId, Operation]>).map(([id, operation]) =>
    routeOf(operation.method, operation.path, { kind: 'operation', id, operation }),
  ),
  ...SERVICE_ACTIONS.map((action) => routeOf(action.method, action.path, { kind: 'action', action })),
]

/** Splits `/api/{projects|environments}/{project_id}/...`; `null` for any other path. */
export function splitApiPath(pathname: string): ApiPath | null {
  const match = /^\/api\/(projects|environments)\/([^/]+)\/(.+)$/.exec(pathname)
  if (!match) return null
  return { prefix: match[1] as ApiPath['prefix'], projectId: safeDecode(match[2] ?? ''), rest: match[3] ?? '' }
}

/**
 * The operation of a method and project-relative path. Like Django's resolver, the most specific path
 * wins whatever the method, so GET `endpoints/last_execution_times/` is a 405, not a retrieve.
 */
export function matchRoute(method: string, rest: string): RouteMatch {
  let best: Array<{ route: Route; values: string[] }> = []
  for (const route of ROUTES) {
    const match = route.pattern.exec(rest)
    if (!match) continue
    const values = match.slice(1).map((value) => value ?? '')
    if (best.length === 0 || route.literals > (best[0]?.route.literals ?? 0)) best = [{ route, values }]
    else if (route.literals === best[0]?.route.literals) best.push({ route, values })
  }
  if (best.length === 0) return { kind: 'not-found' }
  const hit = best.find(({ route }) => route.method === method.toUpperCase())
  if (!hit) return { kind: 'method-not-allowed' }
  const params: Record<string, string> = {}
  for (const [index, name] of hit.route.names.entries()) {
    params[name] = safeDecode(hit.values[index] ?? '')
  }
  return { ...hit.route.target, params }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
