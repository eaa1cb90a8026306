import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { cli } from './helpers.js'

/** `posthog-project test`: run in this process as the command's own code runs it, locally and against the fake. */

const SECRET = 'slack-token-never-shown-42'
const spec = (text: string) => `name: Slack alerts
type: destination
hog: |
  fetch('https://slack.example.com/api/chat.postMessage', {
    'headers': {'Authorization': f'Bearer {inputs.token}'},
    'body': {'channel': '#sales', 'text': ${text}}
  })
  print('posted with', inputs.token)
inputs_schema: [{ key: token, type: string, label: Token, secret: true }]
inputs: { token: { value: { $env: POSTHOG_SECRET_SLACK_ALERTS_TOKEN } } }
`
const TESTS = `- name: posts the signup
  event: { event: signed_up, distinct_id: ada, properties: { email: ada@example.com } }
  expect:
    calls:
      - url: https://slack.example.com/api/chat.postMessage
        bodyIncludes: { text: 'New signup: ada@example.com' }
- name: logs
  event: { event: signed_up, properties: { email: x@example.com } }
  expect: { logs: ['posted with'] }
`

describe('posthog-project test', () => {
  let e2e: E2E
  const roots: string[] = []
  beforeAll(async () => {
    e2e = await startE2E({ allowUnscopedActions: true })
  })
  afterAll(() => e2e.close())
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
  })
  const folder = (text: string, tests = TESTS) => {
    const root = mkdtempSync(join(tmpdir(), 'phc-hog-test-cli-'))
    roots.push(root)
    mkdirSync(join(root, 'hog-functions'))
    writeFileSync(join(root, 'hog-functions', 'Slack-alerts.yaml'), spec(text))
    writeFileSync(join(root, 'hog-functions', 'Slack-alerts.test.yaml'), tests)
    return root
  }
  const local = { POSTHOG_SECRET_SLACK_ALERTS_TOKEN: SECRET }
  const remote = () => ({
    ...local,
    POSTHOG_PERSONAL_API_KEY: e2e.fake.apiKey,
    POSTHOG_PROJECT_ID: '1',
    POSTHOG_BASE_URL: e2e.server.url,
  })
  const GOOD = "f'New signup: {event.properties.email}'"
  const BROKEN = "f'New signup: {event.properties.mail}'"

  it('exit 0 when every case passes, no key needed; 1 with the call and field named when the body broke', async () => {
    const passed = await cli(['test', folder(GOOD)], local)
    const stdout = 'PASS Slack alerts › posts the signup\nPASS Slack alerts › logs\n2 cases: 2 passed, 0 failed\n'
    expect(passed).toEqual({ code: 0, stdout, stderr: '' })
    const failed = await cli(['test', folder(BROKEN)], local)
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain(
      'FAIL Slack alerts › posts the signup\n' +
        '    call 1 (POST https://slack.example.com/api/chat.postMessage): body.text: ' +
        'expected "New signup: ada@example.com", got "New signup: "\n',
    )
  })

  it('--remote gives the same verdicts through the service; no secret is printed in any format', async () => {
    for (const [text, code] of [
      [GOOD, 0],
      [BROKEN, 1],
    ] as const) {
      const dir = folder(text)
      const here = await cli(['test', dir, '--format', 'json'], local)
      const there = await cli(['test', dir, '--remote', '--format', 'json'], remote())
      expect([here.code, there.code]).toEqual([code, code])
      type Report = { cases: Array<{ ok: boolean; differences: unknown[] }> }
      const verdicts = (json: string) => (JSON.parse(json) as Report).cases.map((item) => [item.ok, item.differences])
      expect(verdicts(there.stdout)).toEqual(verdicts(here.stdout))
      for (const format of ['text', 'json', 'junit']) {
        const run = await cli(['test', dir, '--remote', '--format', format], remote())
        expect(run.stdout + run.stderr).not.toContain(SECRET)
      }
      expect(here.stdout).not.toContain(SECRET)
    }
  })

  it('--format junit: one testsuite a function, a failure a failed case', async () => {
    const run = await cli(['test', folder(BROKEN), '--format', 'junit', '--case', 'posts the signup'], local)
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('<testsuite name="Slack alerts" tests="1" failures="1">')
    expect(run.stdout).toContain(
      '<failure message="call 1 (POST https://slack.example.com/api/chat.postMessage): body.text: ' +
        'expected &quot;New signup: ada@example.com&quot;',
    )
  })

  it('exit 2 for a problem in the files, a usage mistake, or a --key / --case that matches nothing', async () => {
    const misspelt = '- name: x\n  event: { event: a }\n  expect: { skiped: true }\n'
    const bad = await cli(['test', folder(GOOD, misspelt)], local)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/Slack-alerts\.test\.yaml:3 \[0\]\.expect\.skiped/)
    expect((await cli(['test', folder(GOOD), '--format', 'tap'], local)).code).toBe(2)
    expect((await cli(['test', folder(GOOD), '--kind', 'surveys'], local)).code).toBe(2)
    expect((await cli(['test', folder(GOOD), '--key', 'Nope'], local)).code).toBe(2)
    expect((await cli(['test', folder(GOOD), '--case', 'nope'], local)).code).toBe(2)
    const selection = ['--kind', 'hog-functions', '--key', 'Slack alerts', '--case', 'logs']
    const selected = await cli(['test', folder(GOOD), ...selection], local)
    expect(selected).toMatchObject({ code: 0, stdout: 'PASS Slack alerts › logs\n1 case: 1 passed, 0 failed\n' })
  })
})
