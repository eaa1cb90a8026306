/**
 * Helpers of the type tests. `payload<T>(value)` marks a realistic request payload that must compile
 * as `T` under the strict user-side flags (test/types/tsconfig.json) and returns it unchanged, so
 * test/types-payloads.test.ts can also send it to the fake service. Count them with
 * `grep -o 'payload<' test/types/*-payloads.ts | wc -l`; the misuse cases (test/types-reasons.test.ts
 * checks each fails for its stated reason) with `grep -h '^ *// @ts-expect-error' test/types/*-misuse.ts | wc -l`.
 */
export function payload<T>(value: T): T {
  return value
}

/** A client that is never called: misuse cases only need to compile (or not). */
export declare const client: import('posthog-project-client').ProjectClient
