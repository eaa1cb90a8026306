/**
 * Helpers of the type tests. `payload<T>(value)` marks a realistic request payload that must compile
 * as `T` under the strict user-side flags (test/types/tsconfig.json) and returns it unchanged, so
 * test/types/payloads.test.ts can also send it to the fake service. Counting commands (run from the
 * repository root): the payloads, `grep -o 'payload<' test/fixtures/payloads/*.ts | wc -l`; the
 * misuse cases, `grep -h '// @ts-expect-error' test/types/[a-z-]*-misuse.ts | wc -l`, each checked
 * to fail for its stated reason by test/types/reasons.test.ts.
 */
export function payload<T>(value: T): T {
  return value
}

/** A client that is never called: misuse cases only need to compile (or not). */
export declare const client: import('posthog-project-client').ProjectClient
