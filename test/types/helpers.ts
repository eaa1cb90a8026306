/**
 * Helpers of the type tests. `payload<T>(value)` marks a realistic request payload that must compile
 * as `T` under the strict user-side flags (test/types/tsconfig.json) and returns it unchanged, so
 * test/types-payloads.test.ts can also send it to the fake service. Count them with
 * `grep -o 'payload<' test/types/*.ts | wc -l`; the misuse cases with
 * `grep -c '@ts-expect-error' test/types/*.ts`.
 */
export function payload<T>(value: T): T {
  return value
}

/** A client that is never called: misuse cases only need to compile (or not). */
export declare const client: import('posthog-project-client').ProjectClient
