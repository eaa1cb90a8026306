import type { WithResponse } from '../core/api-promise.js'
import { plainObject, show, stringId } from '../core/args.js'
import { AbortError, InvalidArgumentError, TimeoutError } from '../core/errors.js'
import { checkOneOf, type RequestOptions } from '../core/options.js'
import type { Transport } from '../core/transport.js'
import { decodeWith, type Decoder } from '../core/validation.js'
import type * as z from 'zod/mini'
import type { QueryNode, QueryRefresh } from '../requests/query.js'
import { QUERY_REFRESH_VALUES } from '../model/query-refresh.js'
import {
  experimentLegacyQueryResponseSchema,
  experimentQueryResponseSchema,
  hogqlQueryResponseSchema,
  queryResponseSchema,
} from '../schemas/queries.js'

/**
 * Runs one query through the query API (docs/service-behaviour.md §10.3): `POST query/`, then, while the
 * service answers an unfinished async run (202), `GET query/:id/` until it is done, within the call's
 * `timeout`; a run given up on (aborted, or out of time) is cancelled with `DELETE query/:id/`. Shared by
 * `client.query`, `experiments.results` and the survey responses fallback.
 */

/** Request options of `client.query`, and the request's own `refresh`. */
export interface QueryOptions extends RequestOptions {
  /** How the query may use the cache (default `blocking`); the `async` kinds are polled to completion. */
  refresh?: QueryRefresh
}

/** The first wait before reading an unfinished query's status, doubled after each read up to `MAX_POLL_MS`. */
const FIRST_POLL_MS = 250
const MAX_POLL_MS = 4_000

/** The schema of each kind the SDK types; any other kind's answer is checked as an object. */
const SCHEMAS: Record<string, z.ZodMiniType> = {
  HogQLQuery: hogqlQueryResponseSchema,
  ExperimentQuery: experimentQueryResponseSchema,
  ExperimentTrendsQuery: experimentLegacyQueryResponseSchema,
  ExperimentFunnelsQuery: experimentLegacyQueryResponseSchema,
}

interface Pending {
  query_status?: { id?: string; complete?: boolean | null; results?: unknown } | null
}

/** Sends `query` and resolves with its answer once complete. */
export async function runQuery<T>(
  transport: Transport,
  query: { kind: string },
  options: QueryOptions = {},
): Promise<WithResponse<T>> {
  const { refresh, ...request } = plainObject('options', options) ?? {}
  const kind = String(query?.kind)
  const answer = decodeWith(Object.hasOwn(SCHEMAS, kind) ? SCHEMAS[kind]! : queryResponseSchema) as Decoder<T>
  const timeout = request.timeout ?? transport.config.timeout
  const started = Date.now()
  const args = () => {
    if (refresh !== undefined) checkOneOf('options.refresh', refresh, QUERY_REFRESH_VALUES)
    return { body: { query: checkQuery(query as QueryNode), refresh } }
  }
  // An unfinished run is answered as is; the kind's schema reads the finished answer (from the status read's
  // `results`).
  const first: Decoder<T> = (json, validate) => (pending(json) ? (json as T) : answer(json, validate))
  const status: Decoder<T> = (json, validate) =>
    pending(json) ? (json as T) : answer((json as Pending).query_status?.results, validate)
  let result = await transport.send('query.run', first, args, request)
  for (let wait = FIRST_POLL_MS; pending(result.data); wait = Math.min(wait * 2, MAX_POLL_MS)) {
    const id = (result.data as Pending).query_status?.id
    try {
      if (Date.now() + wait - started > timeout) throw new TimeoutError(`query ${id} still running after ${timeout} ms`)
      await sleep(wait, request.signal)
      result = await transport.send('query.status', status, { path: { id } }, request)
    } catch (error) {
      if (error instanceof TimeoutError || error instanceof AbortError) await cancel(transport, id, request)
      throw error
    }
  }
  return result
}

/** How long a cancel may take: the caller has given up on the query already. */
const CANCEL_MS = 2_000

/**
 * Cancels a run the caller gave up on (aborted, or out of time), so that it stops using the project's share of
 * the service's concurrent queries. Best effort: sent once, never with the caller's signal, and never failing.
 */
async function cancel(transport: Transport, id: string | undefined, request: RequestOptions): Promise<void> {
  if (!id) return
  const options = { headers: request.headers, maxRetries: 0, signal: AbortSignal.timeout(CANCEL_MS) }
  await transport.send('query.cancel', 'none', { path: { id } }, options).catch(() => undefined)
}

/** An async run the service has not finished (202). */
function pending(json: unknown): boolean {
  return (json as Pending | null)?.query_status?.complete === false
}

/** A query node: an object with a `kind`; a HogQL query has its SQL. */
function checkQuery(query: QueryNode): QueryNode {
  plainObject('query', query, true)
  stringId('query.kind', query.kind)
  if (query.kind === 'HogQLQuery' && (typeof query.query !== 'string' || query.query.trim() === '')) {
    throw new InvalidArgumentError('query.query', `expected SQL, got ${show(query.query)}`)
  }
  return query
}

/** Waits `ms`, or rejects with `AbortError` as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer)
      reject(new AbortError('aborted while the query ran'))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort)
      resolve()
    }, ms)
    if (signal?.aborted) abort()
    else signal?.addEventListener('abort', abort, { once: true })
  })
}
