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

/** Each path template split once at its placeholders: `['experiments/', 'id', '/']`. */
const templates = new Map<string, string[]>()

/** Fills `{name}` placeholders with URL-encoded values: each value stays one path segment. */
export function fillPath(template: string, values: Record<string, string | number>): string {
  let parts = templates.get(template)
  if (!parts) templates.set(template, (parts = template.split(/\{(\w+)\}/)))
  let path = parts[0]!
  for (let index = 1; index < parts.length; index += 2)
    path += encodeURIComponent(String(values[parts[index]!])) + parts[index + 1]
  return path
}

/** `url` with `search` appended as its query (none when empty). */
export function withQuery(url: string, search: string): string {
  return search ? `${url}?${search}` : url
}
