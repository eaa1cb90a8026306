/**
 * `refresh` of a query: how it may use the cache; the `async` kinds answer 202 until done. Its own module
 * (re-exported by enums.ts) because `client.query` checks it up front: a bundler splits by module, and the
 * other lists belong to the full-depth check loaded on first use.
 */
export const QUERY_REFRESH_VALUES = [
  'blocking',
  'async',
  'lazy_async',
  'force_blocking',
  'force_async',
  'force_cache',
  'async_except_on_cache_miss',
] as const
