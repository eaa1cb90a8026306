import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

const NOW = new Date('2026-11-20T12:00:00.000Z')
const STAMP = '2026-11-20T12:00:00.000000Z'
const event = {
  uuid: '0190a1b2-0000-7000-8000-000000000001',
  event: 'order_placed',
  distinct_id: 'd1',
  properties: { total: 25 },
  timestamp: '2026-11-20T11:59:00Z',
}

const deployed = {
  type: 'destination',
  name: 'Orders',
  hog: "fetch(inputs.url, {'body': {'v': 'deployed'}})",
  inputs_schema: [{ key: 'url', type: 'string', label: 'URL', required: true, secret: false, hidden: false }],
  inputs: { url: { value: 'https://old.example.test/hook' } },
  filters: { events: [{ id: 'order_placed', type: 'events', name: 'order_placed', order: 0 }] },
}

function setup() {
  const fake = createFakeApi({ allowUnscopedActions: true, now: () => NOW })
  const [stored] = fake.seed.hogFunctions([deployed])
  return { call: caller(fake).read, id: stored?.id ?? '' }
}

const withoutCompletion = (logs: { level: string }[]) => logs.filter((log) => log.level !== 'debug')

describe('hog function invocations [V1] [V2] [V5] [V6] [V7] [R9]', () => {
  it('[V1] [V2] runs the configuration in the request, not the deployed one, with mocked fetch lines', async () => {
    const { call, id } = setup()
    const hog =
      "let res := fetch(inputs.url, {'method': 'PUT', 'body': {'total': " +
      "event.properties.total}})\nprint('status', res.status)"
    const configuration = { ...deployed, hog, inputs: { url: { value: 'https://new.example.test/{event.event}' } } }
    const { status, body } = await call('POST', `hog_functions/${id}/invocations/`, {
      configuration,
      globals: { event },
    })
    expect(status).toBe(200)
    expect(body).toMatchObject({ status: 'success', result: null, errors: [] })
    const options = JSON.stringify({ method: 'PUT', body: { total: 25 } }, null, 2)
    expect(withoutCompletion(body.logs)).toEqual([
      { level: 'info', timestamp: STAMP, message: "Async function 'fetch' was mocked with arguments:" },
      { level: 'info', timestamp: STAMP, message: `fetch('https://new.example.test/order_placed', ${options})` },
      { level: 'info', timestamp: STAMP, message: 'status, 200' },
    ])
    // [V7] the executor's completion line comes last
    const completion = /^Function completed in .* Event: 'https?:\/\/.*\/events\//
    expect(body.logs.at(-1)).toMatchObject({ level: 'debug', message: expect.stringMatching(completion) })
  })

  it('[V1] answers hog_functions/new/invocations/ with the configuration alone', async () => {
    const { call } = setup()
    const configuration = { type: 'destination', hog: 'print(event.event)' }
    const { body } = await call('POST', 'hog_functions/new/invocations/', { configuration, globals: { event } })
    expect(withoutCompletion(body.logs)).toEqual([{ level: 'info', timestamp: STAMP, message: 'order_placed' }])
  })

  it('[V6] skipped when the filters do not match; error with the message when the code throws', async () => {
    const { call, id } = setup()
    const path = `hog_functions/${id}/invocations/`
    const skipped = await call('POST', path, {
      configuration: {},
      globals: { event: { ...event, event: '$pageview' } },
    })
    expect(skipped.body).toEqual({ result: null, status: 'skipped', errors: [], logs: [] })
    const failed = await call('POST', path, { configuration: { hog: "throw Error('nope')" }, globals: { event } })
    expect(failed.body).toMatchObject({ status: 'error', errors: ['Error: nope'] })
    const line = `Error executing function on event ${event.uuid}: Error('nope')`
    expect(failed.body.logs).toEqual([{ level: 'error', timestamp: STAMP, message: line }])
  })

  it('[V5] a transformation answers the transformed event', async () => {
    const { call } = setup()
    const configuration = { type: 'transformation', hog: 'let e := event\ne.properties.seen := true\nreturn e' }
    const { body } = await call('POST', 'hog_functions/new/invocations/', { configuration, globals: { event } })
    expect(body.result).toMatchObject({ event: 'order_placed', properties: { total: 25, seen: true } })
  })

  it('[V2] [V3] [V4] refuses a missing configuration, code that does not compile, no event, another type', async () => {
    const { call, id } = setup()
    const post = (body: Record<string, unknown>, path = `hog_functions/${id}/invocations/`) => call('POST', path, body)
    const refused = { status: 400, body: { status: 'error' } }
    expect(await post({ globals: { event } })).toMatchObject({
      status: 400,
      body: { configuration: 'Required unless use_draft is true.' },
    })
    expect(await post({ configuration: { hog: 'let x := ' }, globals: { event } })).toMatchObject({
      status: 400,
      body: { configuration: { hog: ['Hog code has errors.'] } },
    })
    expect(await post({ configuration: {}, globals: {} })).toMatchObject(refused)
    expect(await post({ configuration: {}, globals: { event }, invocation_id: 'x' })).toMatchObject(refused)
    const siteApp = { configuration: { type: 'site_app', hog: '' }, globals: { event } }
    expect(await post(siteApp, 'hog_functions/new/invocations/')).toMatchObject(refused)
  })
})
