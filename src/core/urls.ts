import type { QueryValue } from './options.js'

/** Query strings as the service reads them: arrays comma-separated, dates ISO 8601 UTC, `null`/`undefined` left out. */
export function encodeQuery(query: object): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    search.append(key, Array.isArray(value) ? value.map(queryValue).join(',') : queryValue(value as QueryValue))
  }
  return search.toString()
}

function queryValue(value: QueryValue): string {
  return value instanceof Date ? value.toISOString() : String(value)
}

/** Fills `{name}` placeholders with URL-encoded values: each value stays one path segment. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])))
}

/** `url` with `search` appended as its query (none when empty). */
export function withQuery(url: string, search: string): string {
  return search ? `${url}?${search}` : url
}
