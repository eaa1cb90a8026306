import type { OperationId } from '../core/operations.js'
import type { FakeStore } from './store.js'

/** What a handler gets: the store and the request, already authenticated and routed. */
export interface OperationContext {
  readonly store: FakeStore
  readonly method: string
  /** The absolute request URL (its origin is the one `next` links use). */
  readonly url: URL
  /** Path parameters, URL-decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, `undefined` when there was none. */
  readonly body: unknown
  readonly prefix: 'projects' | 'environments'
}

/** Answers one operation. Throws `HttpFailure` to answer an error. */
export type OperationHandler = (context: OperationContext) => Response | Promise<Response>

/** The handlers of one resource group, e.g. `GroupHandlers<'experiments'>`. */
export type GroupHandlers<Group extends string> = {
  [Id in OperationId as Id extends `${Group}.${string}` ? Id : never]: OperationHandler
}

/** A path parameter the router guarantees. */
export function param(context: OperationContext, name: string): string {
  return context.params[name] ?? ''
}
