/**
 * A hog function's `filters` as the one HogQL expression PostHog compiles them to (docs/service-behaviour.md
 * [`F2`]–[`F8`]), written as source text for `compileHog(…, { expression: true })`. What cannot be written here
 * is named in `unsupported` and counts as matching, so the code still runs and the gap shows.
 */

/** One property filter (`{ key, value, operator, type }`). */
export interface HogPropertyFilter {
  readonly key: string
  readonly value?: unknown
  readonly operator?: string | null
  readonly type?: string
  readonly group_type_index?: number | null
}

/** One event or action entry of `filters.events` / `filters.actions`. */
export interface HogFilterEntity {
  readonly id?: string | number | null
  readonly type?: string
  readonly name?: string | null
  readonly properties?: readonly HogPropertyFilter[] | null
}

export interface HogFunctionFilters {
  readonly events?: readonly HogFilterEntity[] | null
  readonly actions?: readonly HogFilterEntity[] | null
  readonly properties?: readonly HogPropertyFilter[] | null
  readonly filter_test_accounts?: boolean | null
  readonly bytecode?: unknown
  readonly [key: string]: unknown
}

/** An action's steps, as the actions API has them: what an `actions` filter entry stands for ([`F7`]). */
export interface HogAction {
  readonly id: number | string
  readonly steps?: readonly HogActionStep[] | null
}

export interface HogActionStep {
  readonly event?: string | null
  readonly url?: string | null
  readonly url_matching?: 'contains' | 'regex' | 'exact' | null
  readonly properties?: readonly HogPropertyFilter[] | null
  readonly selector?: string | null
  readonly tag_name?: string | null
  readonly href?: string | null
  readonly text?: string | null
}

export interface FilterContext {
  readonly actions?: readonly HogAction[]
  /** The project's `test_account_filters`, for `filter_test_accounts: true` ([`F8`]). */
  readonly testAccountFilters?: readonly HogPropertyFilter[]
}

export interface FilterExpression {
  readonly source: string
  readonly unsupported: string[]
}

const TRUE = 'true'
const TEST_ACCOUNTS_MISSING = "the project's test_account_filters were not given; treated as matching"

/** The expression of `filters`: AND(test accounts…, properties…, OR(events…, actions…)) ([`F2`]). */
export function filtersExpression(filters: HogFunctionFilters, context: FilterContext = {}): FilterExpression {
  const unsupported: string[] = []
  const parts: string[] = []
  if (filters.filter_test_accounts === true) {
    const testAccounts = context.testAccountFilters
    if (testAccounts) parts.push(...testAccounts.map((filter) => propertyExpression(filter, unsupported)))
    else unsupported.push(`filters: filter_test_accounts (${TEST_ACCOUNTS_MISSING})`)
  }
  parts.push(...(filters.properties ?? []).map((filter) => propertyExpression(filter, unsupported)))
  const entities = [...(filters.events ?? []), ...(filters.actions ?? [])]
  if (entities.length > 0) parts.push(or(entities.map((entity) => entityExpression(entity, context, unsupported))))
  return { source: and(parts), unsupported }
}

function and(parts: readonly string[]): string {
  if (parts.length === 0) return TRUE
  return parts.length === 1 ? (parts[0] as string) : `and(${parts.join(', ')})`
}

function or(parts: readonly string[]): string {
  if (parts.length === 0) return TRUE
  return parts.length === 1 ? (parts[0] as string) : `or(${parts.join(', ')})`
}

/** One event or action entry and its own properties ([`F3`]). */
function entityExpression(entity: HogFilterEntity, context: FilterContext, unsupported: string[]): string {
  const parts: string[] = []
  const allEvents = entity.id === null || entity.id === undefined
  if (entity.type === 'events') parts.push(allEvents ? TRUE : `event = ${literal(entity.id)}`)
  else if (entity.type === 'actions') parts.push(actionExpression(entity.id, context, unsupported))
  parts.push(...(entity.properties ?? []).map((filter) => propertyExpression(filter, unsupported)))
  return and(parts)
}

function actionExpression(id: unknown, context: FilterContext, unsupported: string[]): string {
  const action = context.actions?.find((item) => String(item.id) === String(id))
  if (!action) {
    unsupported.push(`filters: action ${String(id)} (its steps were not given; treated as matching)`)
    return TRUE
  }
  const steps = action.steps ?? []
  return or(steps.map((step) => stepExpression(step, unsupported)))
}

function stepExpression(step: HogActionStep, unsupported: string[]): string {
  const parts: string[] = []
  if (step.event) parts.push(`event = ${literal(step.event)}`)
  for (const key of ['selector', 'tag_name', 'href', 'text'] as const) {
    if (step[key]) unsupported.push(`filters: action step ${key} (element matching; treated as matching)`)
  }
  if (step.url) {
    const url = 'properties.$current_url'
    if (step.url_matching === 'exact') parts.push(`${url} = ${literal(step.url)}`)
    else if (step.url_matching === 'regex') parts.push(`${url} =~ ${literal(step.url)}`)
    else parts.push(`${url} like ${literal(`%${step.url}%`)}`)
  }
  parts.push(...(step.properties ?? []).map((filter) => propertyExpression(filter, unsupported)))
  return and(parts)
}

const COMPARISONS: Readonly<Record<string, string>> = {
  exact: '=',
  is_date_exact: '=',
  is_not: '!=',
  lt: '<',
  is_date_before: '<',
  gt: '>',
  is_date_after: '>',
  lte: '<=',
  max: '<=',
  gte: '>=',
  min: '>=',
}

/** The field a property filter reads ([`F6`]), or null when it cannot be read here. */
function propertyField(filter: HogPropertyFilter, unsupported: string[]): string | null {
  const type = filter.type ?? 'event'
  if (type === 'event') return `properties.${identifier(filter.key)}`
  if (type === 'person') return `person.properties.${identifier(filter.key)}`
  if (type === 'group' && typeof filter.group_type_index === 'number') {
    return `group_${filter.group_type_index}.properties.${identifier(filter.key)}`
  }
  if (type === 'hogql') return `(${filter.key})`
  unsupported.push(`filters: ${type} property filter ${JSON.stringify(filter.key)} (treated as matching)`)
  return null
}

/** One property filter as PostHog's `property_to_expr` writes it ([`F4`], [`F5`]). */
function propertyExpression(filter: HogPropertyFilter, unsupported: string[]): string {
  const field = propertyField(filter, unsupported)
  if (field === null) return TRUE
  if (filter.type === 'hogql') return field
  const operator = filter.operator ?? 'exact'
  if (operator === 'is_set') return `${field} != null`
  if (operator === 'is_not_set') return `${field} = null`
  const values = Array.isArray(filter.value) ? (filter.value as unknown[]) : [filter.value]
  if (values.length === 0) return TRUE
  if (values.length > 1 && ['exact', 'is_not', 'in', 'not_in'].includes(operator)) {
    const negated = operator === 'is_not' || operator === 'not_in'
    return `${field} ${negated ? 'not in' : 'in'} (${values.map(literal).join(', ')})`
  }
  const compare = (value: unknown): string | null => {
    const op = COMPARISONS[operator]
    if (op) return `${field} ${op} ${literal(value)}`
    if (operator === 'in') return `${field} = ${literal(value)}`
    if (operator === 'not_in') return `${field} != ${literal(value)}`
    if (operator === 'icontains') return `toString(${field}) ilike ${literal(`%${String(value)}%`)}`
    if (operator === 'not_icontains') return `toString(${field}) not ilike ${literal(`%${String(value)}%`)}`
    if (operator === 'regex') return `ifNull(match(toString(${field}), ${literal(value)}), 0)`
    if (operator === 'not_regex') return `ifNull(not(match(toString(${field}), ${literal(value)})), 1)`
    return null
  }
  const parts = values.map(compare)
  if (parts.some((part) => part === null)) {
    unsupported.push(`filters: property operator ${operator} on ${JSON.stringify(filter.key)} (treated as matching)`)
    return TRUE
  }
  const joined = parts as string[]
  return ['not_icontains', 'not_regex', 'is_not'].includes(operator) ? and(joined) : or(joined)
}

/** A HogQL string or number literal. */
export function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value === null || value === undefined) return 'null'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`
}

/** A property key as a HogQL identifier (backticks, as PostHog escapes them). */
function identifier(key: string): string {
  return `\`${key.replace(/\\/g, '\\\\').replace(/`/g, '``')}\``
}
