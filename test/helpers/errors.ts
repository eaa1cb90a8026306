import { expect } from 'vitest'
import { ResponseValidationError } from '../../src/index.js'

/** Assertions on the SDK's typed errors. */

/** Asserts a `ResponseValidationError` that names `path` among its issues and keeps the body it refused. */
export function expectResponseValidationError(
  error: unknown,
  path: ReadonlyArray<string | number>,
  body: unknown,
): void {
  expect(error).toBeInstanceOf(ResponseValidationError)
  expect((error as ResponseValidationError).issues.map((issue) => issue.path)).toContainEqual(path)
  expect((error as ResponseValidationError).body).toEqual(body)
}
