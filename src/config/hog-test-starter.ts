import { stringify } from 'yaml'
import { isPlainObject } from './diff.js'
import type { HogFunctionTests, HogTestCase } from './hog-tests.js'

/**
 * The starter test of a pulled hog function (`pull --with-tests`): one case of an event its filters match, built
 * from the first event they name and the values their exact property filters ask for, with what the function
 * does with it today (its calls, or that it is skipped or fails) as the expectation. A team starts from a test
 * that runs, and edits the event.
 */

type Spec = Record<string, unknown>

/** Stands in for a secret while the starter is made: secret inputs are redacted from the calls recorded. */
const PLACEHOLDER = 'placeholder-secret'

export async function starterTests(specs: readonly Spec[]): Promise<HogFunctionTests[]> {
  const hog = await import('../hog/index.js')
  const out: HogFunctionTests[] = []
  for (const spec of specs) {
    if (typeof spec.name !== 'string') continue
    const testCase = sampleCase(spec)
    const run = await hog.runHogFunction(withPlaceholders(spec) as never, {
      event: { uuid: '00000000-0000-4000-8000-000000000000', timestamp: '2026-01-01T00:00:00.000Z', ...testCase.event },
      person: testCase.person ?? null,
    })
    const expect: HogTestCase['expect'] = run.skipped
      ? { skipped: true }
      : {
          calls: run.calls.map(({ method, url, headers, body }) => ({ method, url, headers, body })),
          ...(run.error !== null && { error: run.error }),
        }
    out.push({ function: spec.name, cases: [{ ...testCase, expect }] })
  }
  return out
}

/** The text of a starter file. */
export function starterFile(tests: HogFunctionTests, schema: string): string {
  const head = [
    `# yaml-language-server: $schema=${schema}`,
    '# Cases of this hog function, run by `posthog-project test`: edit the event and what must come out.',
  ]
  return `${head.join('\n')}\n${stringify(tests.cases, { lineWidth: 0 })}`
}

function sampleCase(spec: Spec): Omit<HogTestCase, 'expect'> {
  const filters = isPlainObject(spec.filters) ? spec.filters : {}
  const events = Array.isArray(filters.events) ? filters.events.filter(isPlainObject) : []
  const first = events.find((entry) => typeof entry.id === 'string')
  const eventName = typeof first?.id === 'string' ? first.id : '$pageview'
  const properties: Record<string, unknown> = {}
  const personProperties: Record<string, unknown> = {}
  const listed = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
  const filterList = [...listed(filters.properties), ...listed(first?.properties)]
  for (const filter of filterList.filter(isPlainObject)) {
    if (typeof filter.key !== 'string') continue
    const operator = filter.operator ?? 'exact'
    const value = Array.isArray(filter.value) ? filter.value[0] : filter.value
    const sample = operator === 'exact' || operator === 'icontains' ? value : operator === 'is_set' ? 'set' : undefined
    if (sample === undefined) continue
    if (filter.type === 'person') personProperties[filter.key] = sample
    else if (filter.type === 'event' || filter.type === undefined) properties[filter.key] = sample
  }
  return {
    name: `${eventName} event`,
    event: { event: eventName, distinct_id: 'distinct-id-1', properties },
    person: { id: '00000000-0000-4000-8000-000000000001', properties: personProperties },
  }
}

/** The spec with each `{ $env: NAME }` as a placeholder. */
function withPlaceholders(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withPlaceholders)
  if (!isPlainObject(value)) return value
  if (Object.keys(value).length === 1 && typeof value.$env === 'string') return PLACEHOLDER
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPlaceholders(item)]))
}
