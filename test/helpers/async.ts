/** Waiting and settling in tests. */

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Settles `promise` to its error (or fails the test when it resolves). */
export async function failure(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)?.slice(0, 200)}`)
    },
    (error: unknown) => error,
  )
}
