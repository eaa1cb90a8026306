import type * as z from 'zod/mini'

/**
 * The request shapes of every SDK method that takes a body or a query, keyed `group.method` (the
 * operation id where the method sends its own operation; lifecycle helpers and `softDelete` have rows of
 * their own). One source for: the SDK's pre-send check of top-level fields (generated into
 * src/core/request-fields.ts), the command line's full-depth check and `--help`, the configuration files'
 * checks, and the JSON Schemas shipped in the package (scripts/generate-requests.ts).
 */
export interface RequestShapes {
  /** The JSON body. */
  readonly body?: z.ZodMiniType
  /** The query parameters. */
  readonly query?: z.ZodMiniType
}

export const REQUESTS: { readonly [method: string]: RequestShapes } = {}
