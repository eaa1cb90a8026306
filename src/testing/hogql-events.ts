/**
 * The fake's HogQL over survey events: the subset the SDK's survey responses fallback sends
 * (docs/service-behaviour.md §10.2), evaluated over the fake's stored responses. Supported:
 *
 *   SELECT <item>, … FROM events WHERE <condition> AND … [ORDER BY timestamp DESC[, uuid DESC]] [LIMIT n [OFFSET m]]
 *
 * items `uuid`, `distinct_id`, `timestamp`, `properties.$<name>`, `getSurveyResponse(<index>, {q}[, true])`;
 * conditions `event = 'survey sent'`, `properties.$survey_id = {p}`, `timestamp >= {p}`, `timestamp <= {p}`,
 * `uniqueSurveySubmissionsFilter(…)` (each stored response is already one submission), `NOT has({p},
 * toString(uuid))`, `notEmpty(<item>)`, `toFloat(<item>) >= {p}` and `<= {p}`; `{name}` placeholders read
 * `values`. Without `LIMIT`, 100 rows and `hasMore`, as the service's paginator answers. Anything else is
 * `null`: not this subset.
 */
import type { FakeStore } from './store.js'
import { instant, storedAnswer, surveyEvent, type SurveyEvent } from './survey-events.js'

const STATEMENT = new RegExp(
  [
    String.raw`^\s*SELECT\s+(.+?)\s+FROM\s+events\s+WHERE\s+(.+?)`,
    String.raw`(?:\s+ORDER\s+BY\s+timestamp\s+DESC(?:,\s*uuid\s+DESC)?)?`,
    String.raw`(?:\s+LIMIT\s+(\d+)(?:\s+OFFSET\s+(\d+))?)?\s*;?\s*$`,
  ].join(''),
  'is',
)
const PLACEHOLDER = /^\{\s*([A-Za-z_]\w*)\s*\}$/

/** What a query over events answers, or `null` outside the subset. */
export interface EventsAnswer {
  columns: string[]
  types: Array<[string, string]>
  results: unknown[][]
  hasMore?: boolean
  limit?: number
  offset?: number
}

type Reader = (event: SurveyEvent) => unknown

/** Evaluates `sql` over the survey events of `store`, or `null` when the query is outside the subset. */
export function evaluateEvents(
  store: FakeStore,
  sql: string,
  values: Readonly<Record<string, unknown>>,
): EventsAnswer | null {
  const statement = STATEMENT.exec(sql)
  if (!statement) return null
  const placeholder = (text: string): unknown => {
    const name = PLACEHOLDER.exec(text.trim())?.[1]
    if (name === undefined || !(name in values)) throw new Unsupported()
    return values[name]
  }
  try {
    const items = splitTop(statement[1]!, ',')
    const readers = items.map((item) => reader(item, placeholder))
    const conditions = splitTop(statement[2]!, ' AND ').map((condition) => test(condition, placeholder))
    const events = [...store.surveys.values()]
      .flatMap((survey) =>
        (store.surveyResponses.get(survey.id) ?? []).map((response) => surveyEvent(survey, response)),
      )
      .filter((event) => conditions.every((check) => check(event)))
      .sort((a, b) => instant(b.timestamp) - instant(a.timestamp) || (a.uuid < b.uuid ? 1 : -1))
    const rows = events.map((event) => readers.map((read) => read(event)))
    const columns = items.map((item) => item.trim())
    const types = columns.map((column): [string, string] => [
      column,
      column === 'timestamp' ? "DateTime64(6, 'UTC')" : column === 'uuid' ? 'UUID' : 'String',
    ])
    if (statement[3] === undefined)
      return { columns, types, results: rows.slice(0, 100), hasMore: rows.length > 100, limit: 100, offset: 0 }
    const offset = Number(statement[4] ?? 0)
    return { columns, types, results: rows.slice(offset, offset + Number(statement[3])) }
  } catch (error) {
    if (error instanceof Unsupported) return null
    throw error
  }
}

class Unsupported {}

function reader(item: string, placeholder: (text: string) => unknown): Reader {
  const text = item.trim()
  if (text === 'uuid' || text === 'distinct_id' || text === 'timestamp') return (event) => event[text]
  const property = /^properties\.(\$?\w+)$/.exec(text)
  if (property) return (event) => event.properties[property[1]!] ?? null
  const answer = /^getSurveyResponse\(\s*(\d+)\s*,\s*(\{\s*\w+\s*\})\s*(,\s*true\s*)?\)$/.exec(text)
  if (answer) {
    const index = Number(answer[1])
    const questionId = String(placeholder(answer[2]!))
    const multiple = answer[3] !== undefined
    return (event) => surveyResponse(storedAnswer(event.properties, index, questionId), multiple)
  }
  throw new Unsupported()
}

/**
 * `getSurveyResponse` as the interface sees it (docs/service-behaviour.md §10.2): text or `null` for a single
 * answer; for multiple choice the raw JSON of each choice (`"Tutorials"`, quotes included), `[]` when none.
 */
function surveyResponse(value: unknown, multiple: boolean): unknown {
  if (multiple) return Array.isArray(value) ? value.map((choice) => JSON.stringify(String(choice))) : []
  return value === undefined || value === null || value === '' ? null : String(value)
}

function test(condition: string, placeholder: (text: string) => unknown): (event: SurveyEvent) => boolean {
  const text = condition.trim()
  if (/^event\s*=\s*'survey sent'$/.test(text)) return (event) => event.event === 'survey sent'
  if (/^uniqueSurveySubmissionsFilter\(.*\)$/.test(text)) return () => true
  let match = /^properties\.\$survey_id\s*=\s*(\{.+\})$/.exec(text)
  if (match) {
    const id = placeholder(match[1]!)
    return (event) => event.properties['$survey_id'] === id
  }
  match = /^timestamp\s*(>=|<=)\s*(\{.+\})$/.exec(text)
  if (match) {
    const bound = instant(String(placeholder(match[2]!)))
    return match[1] === '>='
      ? (event) => instant(event.timestamp) >= bound
      : (event) => instant(event.timestamp) <= bound
  }
  match = /^NOT\s+has\((\{.+?\}),\s*toString\(uuid\)\)$/.exec(text)
  if (match) {
    const excluded = new Set((placeholder(match[1]!) as unknown[]).map(String))
    return (event) => !excluded.has(event.uuid)
  }
  match = /^notEmpty\((.+)\)$/.exec(text)
  if (match) {
    const read = reader(match[1]!, placeholder)
    return (event) => {
      const value = read(event)
      return value !== null && (value as { length: number }).length > 0
    }
  }
  match = /^toFloat\((.+)\)\s*(>=|<=)\s*(\{.+\})$/.exec(text)
  if (match) {
    const read = reader(match[1]!, placeholder)
    const bound = Number(placeholder(match[3]!))
    return (event) => {
      const value = Number(read(event))
      return match![2] === '>=' ? value >= bound : value <= bound
    }
  }
  throw new Unsupported()
}

/** Splits on `separator` outside parentheses and quotes. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (char === "'") quoted = !quoted
    else if (!quoted && char === '(') depth++
    else if (!quoted && char === ')') depth--
    else if (!quoted && depth === 0 && text.startsWith(separator, index)) {
      parts.push(text.slice(start, index))
      start = index + separator.length
      index += separator.length - 1
    }
  }
  parts.push(text.slice(start))
  return parts
}
