/**
 * What a list does to its items: DRF's limit/offset pagination (docs/service-behaviour.md §1.5), ordering and search.
 */

/** A DRF limit/offset page. */
export interface PageBody<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

/**
 * DRF `LimitOffsetPagination`: `limit` must be a positive integer (else the default), `offset` a
 * non-negative one (else 0); `next`/`previous` are absolute URLs built from the request URL with the
 * parameters replaced and re-encoded in sorted order; the `previous` of page 2 drops `offset`.
 */
export function paginate<T>(url: URL, items: readonly T[], defaultLimit: number): PageBody<T> {
  const limit = positiveInt(url.searchParams.get('limit'), true) ?? defaultLimit
  const offset = positiveInt(url.searchParams.get('offset'), false) ?? 0
  const count = items.length
  const results = count === 0 || offset > count ? [] : items.slice(offset, offset + limit)
  let next: string | null = null
  if (offset + limit < count) {
    next = replaceQueryParam(new URL(replaceQueryParam(url, 'limit', limit)), 'offset', offset + limit)
  }
  let previous: string | null = null
  if (offset > 0) {
    const withLimit = new URL(replaceQueryParam(url, 'limit', limit))
    previous =
      offset - limit <= 0
        ? removeQueryParam(withLimit, 'offset')
        : replaceQueryParam(withLimit, 'offset', offset - limit)
  }
  return { count, next, previous, results }
}

/**
 * Presents only the items of a page: presenting (cloning) the whole list on every request made long walks quadratic.
 */
export function presentPage<T, R>(page: PageBody<T>, present: (item: T) => R): PageBody<R> {
  return { ...page, results: page.results.map((item) => present(item)) }
}

/** DRF's `_positive_int`: `undefined` when absent or invalid (or zero under `strict`). */
export function positiveInt(value: string | null, strict: boolean): number | undefined {
  if (value === null || !/^\s*\+?\d+\s*$/.test(value)) return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || (strict && number === 0)) return undefined
  return number
}

/** DRF `replace_query_param`: sets one parameter and re-encodes every parameter in sorted order. */
export function replaceQueryParam(url: URL, key: string, value: string | number): string {
  return rewriteQuery(url, (params) => params.set(key, [String(value)]))
}

/** DRF `remove_query_param`. */
export function removeQueryParam(url: URL, key: string): string {
  return rewriteQuery(url, (params) => params.delete(key))
}

function rewriteQuery(url: URL, change: (params: Map<string, string[]>) => void): string {
  const params = new Map<string, string[]>()
  for (const [key, value] of url.searchParams) {
    const values = params.get(key)
    if (values) values.push(value)
    else params.set(key, [value])
  }
  change(params)
  const search = new URLSearchParams()
  for (const key of [...params.keys()].sort()) {
    for (const value of params.get(key) ?? []) search.append(key, value)
  }
  const out = new URL(url.href)
  out.hash = ''
  // Python's `urlencode` leaves `~` alone and escapes `*`; URLSearchParams does the opposite.
  out.search = search.toString().replace(/%7E/g, '~').replace(/\*/g, '%2A')
  return out.href
}

/** Orders records by `fields` (`-` prefix: descending). Nulls sort last either way. */
export function sortBy<T>(items: T[], fields: readonly string[], read: (item: T, field: string) => unknown): T[] {
  return items.sort((a, b) => {
    for (const spec of fields) {
      const descending = spec.startsWith('-')
      const field = descending ? spec.slice(1) : spec
      const left = read(a, field)
      const right = read(b, field)
      if (left === right) continue
      if (left === null || left === undefined) return 1
      if (right === null || right === undefined) return -1
      const order =
        (left as string | number) < (right as string | number)
          ? -1
          : (left as string | number) > (right as string | number)
            ? 1
            : 0
      if (order !== 0) return descending ? -order : order
    }
    return 0
  })
}

/** Case-insensitive "contains". */
export function icontains(haystack: unknown, needle: string): boolean {
  return typeof haystack === 'string' && haystack.toLowerCase().includes(needle.toLowerCase())
}
