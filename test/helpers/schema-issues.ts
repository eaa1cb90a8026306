import { expect } from 'vitest'
import * as z from 'zod/mini'

/** A request-shape issue as the tests compare it. */
export interface IssueSummary {
  code: string
  path: PropertyKey[]
  /** The keys an `unrecognized_keys` issue names. */
  keys?: string[]
}

/**
 * What zod finds wrong in `value`, in order: each issue's code and path (and the keys of an unknown-key issue); `[]`
 * when it parses.
 */
export function issues(schema: z.ZodMiniType, value: unknown): IssueSummary[] {
  const result = z.safeParse(schema, value)
  if (result.success) return []
  return result.error.issues.map((issue) => ({
    code: issue.code,
    path: issue.path,
    ...('keys' in issue ? { keys: issue.keys } : {}),
  }))
}

/** Asserts that `value` parses, unchanged. */
export function accepts(schema: z.ZodMiniType, value: unknown): void {
  const result = z.safeParse(schema, value)
  expect(result.error?.issues ?? []).toEqual([])
  expect(result.data).toEqual(value)
}
