/** A date-time as the service renders one: ISO 8601 in UTC, `Z` or `+00:00` (docs/service-behaviour.md §1.8). */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|\+00:00)$/
