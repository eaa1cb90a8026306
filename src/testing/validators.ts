import { invalid } from './responses.js'

/**
 * Request fields, checked the way DRF serializers check them: the first error wins, its message verbatim,
 * answered as a 400 `validation_error` naming the field.
 */

/** The request body as an object; anything else is DRF's non-field error. */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {}
  if (!isObject(body)) {
    invalid(`Invalid data. Expected a dictionary, but got ${pythonType(body)}.`, null, 'invalid_input')
  }
  return body
}

/** A plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function pythonType(value: unknown): string {
  if (Array.isArray(value)) return 'list'
  if (value === null) return 'NoneType'
  if (typeof value === 'string') return 'str'
  if (typeof value === 'boolean') return 'bool'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  return 'dict'
}

interface FieldRules {
  required?: boolean
  nullable?: boolean
}

function present(body: Record<string, unknown>, key: string, rules: FieldRules, attr: string): boolean {
  const value = body[key]
  if (value === undefined) {
    if (rules.required) invalid('This field is required.', attr, 'required')
    return false
  }
  if (value === null) {
    if (!rules.nullable) invalid('This field may not be null.', attr, 'null')
    return false
  }
  return true
}

/** A string field: `undefined` when absent, `null` when null (and allowed). */
export function stringField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules & { maxLength?: number; allowBlank?: boolean } = {},
  attr = key,
): string | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (typeof value !== 'string') invalid('Not a valid string.', attr)
  if (value.trim() === '' && rules.allowBlank === false) invalid('This field may not be blank.', attr, 'blank')
  if (rules.maxLength !== undefined && value.length > rules.maxLength) {
    invalid(`Ensure this field has no more than ${rules.maxLength} characters.`, attr, 'max_length')
  }
  return value
}

/** A boolean field (DRF accepts `true`/`false` and their string and 0/1 forms). */
export function booleanField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules = {},
  attr = key,
): boolean | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const parsed = parseBoolean(body[key])
  if (parsed === undefined) invalid('Must be a valid boolean.', attr)
  return parsed
}

/** An integer field with optional bounds. */
export function integerField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules & { min?: number; max?: number } = {},
  attr = key,
): number | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  const number = typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isInteger(number)) invalid('A valid integer is required.', attr)
  if (rules.min !== undefined && number < rules.min) {
    invalid(`Ensure this value is greater than or equal to ${rules.min}.`, attr, 'min_value')
  }
  if (rules.max !== undefined && number > rules.max) {
    invalid(`Ensure this value is less than or equal to ${rules.max}.`, attr, 'max_value')
  }
  return number
}

/** A JSON object field. */
export function objectField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules = {},
  attr = key,
): Record<string, unknown> | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (!isObject(value))
    invalid(`Expected a dictionary of items but got type "${pythonType(value)}".`, attr, 'not_a_dict')
  return value
}

/** A JSON array field. */
export function arrayField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules & { allowEmpty?: boolean } = {},
  attr = key,
): unknown[] | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (!Array.isArray(value))
    invalid(`Expected a list of items but got type "${pythonType(value)}".`, attr, 'not_a_list')
  if (rules.allowEmpty === false && value.length === 0) invalid('This list may not be empty.', attr, 'empty')
  return value
}

/** A field limited to `choices` (`""` allowed only when listed). */
export function choiceField(
  body: Record<string, unknown>,
  key: string,
  choices: readonly string[],
  rules: FieldRules = {},
  attr = key,
): string | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (typeof value !== 'string' || !choices.includes(value)) {
    invalid(
      `"${typeof value === 'string' ? value : JSON.stringify(value)}" is not a valid choice.`,
      attr,
      'invalid_choice',
    )
  }
  return value
}

/** A date-time field (ISO 8601), kept as sent. */
export function dateTimeField(
  body: Record<string, unknown>,
  key: string,
  rules: FieldRules = {},
  attr = key,
): string | null | undefined {
  if (!present(body, key, rules, attr)) return body[key] as null | undefined
  const value = body[key]
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(value) ||
    Number.isNaN(Date.parse(value))
  ) {
    invalid(
      'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
      attr,
    )
  }
  return value
}

/** DRF's reading of a boolean (query parameters included): `undefined` when not a boolean. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === false) return value
  if (value === 1 || value === 0) return value === 1
  if (typeof value !== 'string') return undefined
  const lower = value.toLowerCase()
  if (['true', '1', 'yes', 'on', 't', 'y'].includes(lower)) return true
  if (['false', '0', 'no', 'off', 'f', 'n'].includes(lower)) return false
  return undefined
}

/** `true` only for a query flag spelled as a true boolean. */
export function queryFlag(query: URLSearchParams, key: string): boolean {
  const value = query.get(key)
  return value !== null && parseBoolean(value) === true
}
