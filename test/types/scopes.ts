/**
 * `Scope` is read from the generated operation table (src/core/operations.ts): each operation's scope, its row's
 * or the default from its path (`<first segment, singular>:read` for a GET, `:write` otherwise). A group's scopes
 * are in it once `npm run generate` wrote its rows; a scope no operation needs is not.
 */
import { expectTypeOf } from 'vitest'
import { requiredScope, type PermissionDeniedError, type Scope } from 'posthog-project-client'

/** Compile-time checks only: never called. */
export function typeChecks(denied: PermissionDeniedError): void {
  // From the paths: plural (`experiment_holdouts/`) and singular (`early_access_feature/`) first segments.
  const fromPaths: Scope[] = ['experiment_holdout:read', 'experiment_holdout:write', 'early_access_feature:write']
  // Named by rows: another group's resource, and scopes of their own.
  const named: Scope[] = ['feature_flag:read', 'activity_log:read', 'query:read']
  // @ts-expect-error no operation needs 'query:write' (the query API only reads)
  const unknown: Scope = 'query:write'
  expectTypeOf(requiredScope('holdouts.create')).toEqualTypeOf<Scope | null>()
  // A 403 may name a scope the SDK's operations do not use (a `request()` to another path): kept as written.
  expectTypeOf(denied.requiredScope).toEqualTypeOf<Scope | (string & {}) | null>()
  void [fromPaths, named, unknown]
}
