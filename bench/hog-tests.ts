/**
 * 11. Hog function tests: `readConfig` then `testHogFunctions` of 100 cases run on this machine (what
 * `posthog-project test DIR` does): ten webhooks with templated inputs, a secret and event filters, ten cases
 * each (eight that send, two that the filters skip). The first run loads PostHog's parser and VM (cold); the
 * median of the runs after it is the figure (warm, as a second `test` in one process, or a watch loop).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { readConfig, testHogFunctions } from '../src/config/index.js'

export const HOG_TEST_CASES = 100
const FUNCTIONS = 10
const RUNS = 5

export interface HogTestsResult {
  cases: number
  passed: number
  coldMs: number
  warmMs: number
}

const spec = (index: number) => `name: Webhook ${index}
type: destination
hog: |
  let res := fetch(inputs.url, {
    'method': 'POST',
    'headers': {'Authorization': f'Bearer {inputs.token}'},
    'body': {'event': event.event, 'total': event.properties.total, 'user': inputs.user}
  })
  if (res.status >= 400) { throw Error(f'delivery failed: {res.status}') }
  print('sent', res.status)
inputs_schema:
  - { key: url, type: string, label: URL }
  - { key: token, type: string, label: Token, secret: true }
  - { key: user, type: string, label: User }
inputs:
  url: { value: 'https://hooks.example.com/${index}/{event.properties.order_id}' }
  token: { value: { $env: POSTHOG_SECRET_WEBHOOK_TOKEN } }
  user: { value: '{person.properties.email}' }
filters:
  events: [{ id: order_placed, type: events }]
`

function cases(index: number): string {
  return Array.from({ length: HOG_TEST_CASES / FUNCTIONS }, (_, item) =>
    item < 8
      ? `- name: order ${item}
  event: { event: order_placed, properties: { order_id: 'A-${item}', total: ${item * 10} } }
  person: { id: p-${item}, properties: { email: user${item}@example.com } }
  expect:
    calls:
      - url: https://hooks.example.com/${index}/A-${item}
        headers: { Authorization: Bearer ***REDACTED*** }
        body: { event: order_placed, total: ${item * 10}, user: user${item}@example.com }
    logs: ['sent, 200']
`
      : `- name: other ${item}
  event: { event: $pageview }
  expect: { skipped: true }
`,
  ).join('')
}

export async function benchHogTests(): Promise<HogTestsResult> {
  const root = mkdtempSync(join(tmpdir(), 'bench-hog-tests-'))
  try {
    const folder = join(root, 'hog-functions')
    mkdirSync(folder)
    for (let index = 0; index < FUNCTIONS; index++) {
      writeFileSync(join(folder, `Webhook-${index}.yaml`), spec(index))
      writeFileSync(join(folder, `Webhook-${index}.test.yaml`), cases(index))
    }
    const env = { POSTHOG_SECRET_WEBHOOK_TOKEN: 'bench-token-value' }
    const times: number[] = []
    let passed = 0
    let total = 0
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now()
      const report = await testHogFunctions(await readConfig(root), { env })
      times.push(performance.now() - started)
      passed = report.passed
      total = report.cases.length
    }
    const warm = times.slice(1).sort((a, b) => a - b)
    return { cases: total, passed, coldMs: times[0]!, warmMs: warm[Math.floor(warm.length / 2)]! }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
