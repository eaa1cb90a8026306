import { InvalidArgumentError } from '../core/errors.js'
import type { RequestCheck } from '../core/transport.js'
import type { RequestProblem } from './sdk-check.js'

let loaded: typeof import('./sdk-check.js') | undefined
let loading: Promise<typeof import('./sdk-check.js')> | undefined

/**
 * The full-depth check of a call (sdk-check.ts), loaded on the first call that needs it: in the ESM build a
 * chunk of its own, so the request shapes are not in what a page loads up front. Until it is loaded the
 * call waits for it (no call is sent unchecked); after, it runs at once. A load that failed is tried again
 * on the next call.
 */
export const checkRequest: RequestCheck = (id, body, params) => {
  if (loaded) return refuse(loaded.requestProblem(id, body, params))
  loading ??= import('./sdk-check.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading.then((module) => refuse(module.requestProblem(id, body, params)))
}

/** Throws the problem the check found, if any. */
function refuse(problem: RequestProblem | undefined): void {
  if (problem) throw new InvalidArgumentError(problem.argument, problem.message)
}
