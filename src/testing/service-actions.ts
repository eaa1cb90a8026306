/**
 * Actions the service has and the SDK does not declare (docs/service-behaviour.md §14.1 [`D1`]), served by
 * the fake all the same so that a caller reaching them through `client.request` meets the service's rules.
 * They are routed, authenticated and scope-checked like the operations of OPERATIONS.
 */
import type { HttpMethod, Scope } from '../core/operations.js'
import type { OperationHandler } from './context.js'
import { copyTile } from './groups/dashboards.js'

/** One action: its method, its path template (relative to the project, as in OPERATIONS), its scope, its handler. */
export interface ServiceAction {
  readonly method: HttpMethod
  readonly path: string
  readonly scope: Scope
  readonly handler: OperationHandler
}

export const SERVICE_ACTIONS: readonly ServiceAction[] = [
  { method: 'POST', path: 'dashboards/{id}/copy_tile/', scope: 'dashboard:write', handler: copyTile },
]
