import { show } from './args.js'
import { InvalidArgumentError } from './errors.js'
import { CREATE_FIELDS, type CreateGroup } from './create-fields.js'

/**
 * The part of a resource, as the service returned it, that `create` takes back: the fields of the
 * group's create body (the request shapes' own list), less `drop` (fields whose read form is not their
 * write form), without `null`s (absent is the service's default). What the service derives (ids,
 * timestamps, authors, computed fields) is not a field of the create body, so it is left out.
 */
export function writableFields(
  group: CreateGroup,
  resource: unknown,
  drop: readonly string[] = [],
): Record<string, unknown> {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) {
    throw new InvalidArgumentError(
      'resource',
      `expected a resource object as the service returns it, got ${show(resource)}`,
    )
  }
  const names = CREATE_FIELDS[group]?.split(' ') ?? []
  const fields: Record<string, unknown> = {}
  for (const name of names) {
    const value = (resource as Record<string, unknown>)[name]
    if (value !== undefined && value !== null && !drop.includes(name)) fields[name] = value
  }
  return fields
}
