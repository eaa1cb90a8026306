import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import { apply, plan, pull, secretVariableName } from 'posthog-project-client/config'
import * as hogFunctions from '../types/hog-functions-payloads.js'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, WEBHOOK_SECRET, WEBHOOK_SECRET_VARIABLE } from './setup.js'

/** Secret hog function inputs: `$env` references, read only when sent, never in a plan, a report, a log or an error. */
describe('secrets', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const logged: string[] = []
  const logger = { debug: (...args: unknown[]) => logged.push(inspect(args, { depth: 10 })), warn: (...args: unknown[]) => logged.push(inspect(args, { depth: 10 })) }
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING, logger })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }
  const storedSecret = (projectId: number) => [...e2e.fake.stateOf(projectId).hogFunctions.values()].find((fn) => fn.name === 'Order webhook' && !fn.deleted)?.inputs.api_token?.value
  const everything = (...values: unknown[]) => [...values.map((value) => inspect(value, { depth: 20, showHidden: true })), ...values.map((value) => JSON.stringify(value)), ...logged].join('\n')

  it('names the variable stably: POSTHOG_SECRET_<FUNCTION>_<INPUT>', () => {
    expect(secretVariableName('Order webhook', 'api_token')).toBe(WEBHOOK_SECRET_VARIABLE)
    expect(secretVariableName('  Sync → CRM (v2) ', 'X-Api-Key')).toBe('POSTHOG_SECRET_SYNC_CRM_V2_X_API_KEY')
  })

  it('a create needs the variable: missing, it is a plan error naming it, and nothing is sent', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const result = await plan(production, config, { env: {} })
    expect(result.errors).toEqual([{ kind: 'hogFunctions', key: 'Order webhook', message: `inputs.api_token: environment variable ${WEBHOOK_SECRET_VARIABLE} is not set` }])
    const from = e2e.fake.requests.length
    await expect(apply(production, result)).rejects.toThrow(InvalidArgumentError)
    expect(e2e.fake.requests.length).toBe(from)
  })

  it('a create sends the value from the environment; no plan, report or log line holds it; a stored secret left alone needs no variable', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const result = await plan(production, config, { env: { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET } })
    const report = await apply(production, result)
    expect(report.applied).toBe(1)
    expect(storedSecret(PRODUCTION)).toBe(WEBHOOK_SECRET)
    expect(everything(config, result, report)).not.toContain(WEBHOOK_SECRET)
    const again = await plan(production, config, { env: {} })
    expect(again.errors).toEqual([])
    expect(again.changes.map((change) => change.action)).toEqual(['unchanged'])
  })

  it('an update keeps the stored secret (sends the mask) unless asked to rotate', async () => {
    const { staging } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
    const edited = { ...spec!, inputs: { ...spec!.inputs, url: { value: 'https://new.example.com/orders' } } }
    const result = await plan(staging, { hogFunctions: [edited] }, { env: {} })
    expect(result.changes[0]!.fields).toEqual([{ path: 'inputs.url.value', before: 'https://fulfilment.example.com/orders', after: 'https://new.example.com/orders' }])
    const from = e2e.fake.requests.length
    await apply(staging, result)
    const patch = e2e.fake.requests.slice(from).find((request) => request.method === 'PATCH')!
    expect((patch.body as { inputs: Record<string, unknown> }).inputs.api_token).toEqual({ secret: true })
    expect(storedSecret(STAGING)).toBe(WEBHOOK_SECRET)
  })

  it('rotateSecrets re-sends a secret from its variable, shown only as (secret)', async () => {
    const { staging } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const rotated = 'rotated-token-value'
    const result = await plan(staging, config, { env: { [WEBHOOK_SECRET_VARIABLE]: rotated }, rotateSecrets: true })
    expect(result.changes[0]).toMatchObject({ action: 'update', fields: [{ path: 'inputs.api_token.value', before: '(secret)', after: '(secret)' }] })
    const report = await apply(staging, result)
    expect(report.applied).toBe(1)
    expect(storedSecret(STAGING)).toBe(rotated)
    expect(everything(result, report)).not.toContain(rotated)
    const missing = await plan(staging, config, { env: {}, rotateSecrets: true })
    expect(missing.errors.map((error) => error.message)).toEqual([`inputs.api_token: environment variable ${WEBHOOK_SECRET_VARIABLE} is not set`])
  })

  it('any input may be written as $env: read, compared and shown as (secret)', async () => {
    const { staging } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
    const desired = { ...spec!, inputs: { ...spec!.inputs, url: { value: { $env: 'WEBHOOK_URL' } } } }
    const same = await plan(staging, { hogFunctions: [desired] }, { env: { WEBHOOK_URL: 'https://fulfilment.example.com/orders' } })
    expect(same.changes.map((change) => change.action)).toEqual(['unchanged'])
    const other = await plan(staging, { hogFunctions: [desired] }, { env: { WEBHOOK_URL: 'https://private.example.com/hook' } })
    expect(other.changes[0]!.fields).toEqual([{ path: 'inputs.url.value', before: '(secret)', after: '(secret)' }])
    expect(everything(other)).not.toContain('private.example.com')
  })

  it('the mask of a secret where none is stored is a plan error, not a create the service would refuse', async () => {
    const { production } = clients()
    const masked = { ...hogFunctions.webhook, inputs: { ...hogFunctions.webhook.inputs, api_token: { secret: true } } }
    const result = await plan(production, { hogFunctions: [masked] }, { env: {} })
    expect(result.errors).toEqual([{ kind: 'hogFunctions', key: 'Order webhook', message: `inputs.api_token: is only the mask a read returns for a secret, with no stored secret to keep: write { value: { $env: '${WEBHOOK_SECRET_VARIABLE}' } }` }])
  })

  it('a failed write carries no secret in its error', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const result = await plan(production, config, { env: { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET } })
    e2e.fake.faults.failNext(1, { method: 'POST', status: 400, body: { type: 'validation_error', code: 'invalid_input', detail: 'Invalid input.', attr: 'inputs' } })
    const report = await apply(production, result)
    expect(report.failed).toBe(1)
    expect(everything(report, report.results[0]!.error)).not.toContain(WEBHOOK_SECRET)
  })
})
