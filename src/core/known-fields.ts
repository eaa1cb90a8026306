import { show } from './args.js'
import { closest } from './closest.js'
import { InvalidArgumentError } from './errors.js'

/**
 * The top-level fields of a request's body or query, as the request shapes of src/requests define them
 * (the generated table in request-fields.ts): their names, and the values of those that are a closed enum.
 * The SDK refuses a field it does not know before sending: the service drops unknown fields silently.
 */
export interface KnownFields {
  /** The field names, space-separated. */
  readonly names: string
  /** The closed enums among them: field → allowed values. */
  readonly enums?: { readonly [field: string]: readonly (string | number | boolean)[] }
}

// Re-exported for the command line, which suggests names the same way.
export { closest }

const namesOf = new WeakMap<KnownFields, ReadonlySet<string>>()

/**
 * Checks each top-level field of `value` (named `argument` in errors: `body`, `params`): a name `fields`
 * does not list, or a value outside its closed enum, is an `InvalidArgumentError` naming the field and, for
 * a name, the nearest known one. `undefined` and `null` values are left to the types and the service.
 */
export function checkKnownFields(argument: string, value: object | undefined, fields: KnownFields | undefined): void {
  if (!value || !fields) return
  let names = namesOf.get(fields)
  if (!names) namesOf.set(fields, (names = new Set(fields.names.split(' '))))
  for (const [key, item] of Object.entries(value)) {
    if (!names.has(key)) {
      const nearest = closest(key, names)
      const hint = nearest ? `; did you mean "${nearest}"?` : ''
      throw new InvalidArgumentError(`${argument}.${key}`, `unknown field (the service would drop it)${hint} Send fields the SDK does not know yet with the request option extra${argument === 'body' ? 'Body' : 'Query'}`)
    }
    const allowed = fields.enums?.[key]
    if (allowed && item !== undefined && item !== null && !allowed.includes(item as string)) {
      throw new InvalidArgumentError(`${argument}.${key}`, `expected one of ${allowed.map((option) => JSON.stringify(option)).join(', ')}, got ${show(item)}`)
    }
  }
}
