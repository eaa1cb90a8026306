import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inspect } from 'node:util'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import { apply, plan, pull, readConfig, secretVariableName, writeConfig } from 'posthog-project-client/config'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, WEBHOOK_SECRET, WEBHOOK_SECRET_VARIABLE, writesSince } from './setup.js'

/** Secret hog function inputs: `$env` references, read only when sent, never in a plan, a report, a log or an error. */
describe('secrets', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const logged: string[] = []
  const logger = {
    debug: (...args: unknown[]) => logged.push(inspect(args, { depth: 10 })),
    warn: (...args: unknown[]) => logged.push(inspect(args, { depth: 10 })),
  }
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING, logger })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }
  const storedSecret = (projectId: number) =>
    [...e2e.fake.stateOf(projectId).hogFunctions.values()].find((fn) => fn.name === 'Order webhook' && !fn.deleted)
      ?.inputs.api_token?.value
  const everything = (...values: unknown[]) =>
    [
      ...values.map((value) => inspect(value, { depth: 20, showHidden: true })),
      ...values.map((value) => JSON.stringify(value)),
      ...logged,
    ].join('\n')

  it('names the variable stably: POSTHOG_SECRET_<FUNCTION>_<INPUT>', () => {
    expect(secretVariableName('Order webhook', 'api_token')).toBe(WEBHOOK_SECRET_VARIABLE)
    expect(secretVariableName('  Sync → CRM (v2) ', 'X-Api-Key')).toBe('POSTHOG_SECRET_SYNC_CRM_V2_X_API_KEY')
  })

  it('a create needs the variable: missing, it is a plan error naming it, and nothing is sent', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const result = await plan(production, config, { env: {} })
    expect(result.errors).toEqual([
      {
        kind: 'hogFunctions',
        key: 'Order webhook',
        message: `inputs.api_token: environment variable ${WEBHOOK_SECRET_VARIABLE} is not set`,
      },
    ])
    const from = e2e.fake.requests.length
    await expect(apply(production, result)).rejects.toThrow(InvalidArgumentError)
    expect(e2e.fake.requests.length).toBe(from)
  })

  it(
    'a create sends the value from the environment; no plan, report or log line holds it; a stored secret left ' +
      'alone needs no variable',
    async () => {
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
    },
  )

  it('an update keeps the stored secret (sends the mask) unless asked to rotate', async () => {
    const { staging } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
    const edited = { ...spec!, inputs: { ...spec!.inputs, url: { value: 'https://new.example.com/orders' } } }
    const result = await plan(staging, { hogFunctions: [edited] }, { env: {} })
    expect(result.changes[0]!.fields).toEqual([
      {
        path: 'inputs.url.value',
        before: 'https://fulfilment.example.com/orders',
        after: 'https://new.example.com/orders',
      },
    ])
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
    expect(result.changes[0]).toMatchObject({
      action: 'update',
      fields: [{ path: 'inputs.api_token.value', before: '(secret)', after: '(secret)' }],
    })
    const report = await apply(staging, result)
    expect(report.applied).toBe(1)
    expect(storedSecret(STAGING)).toBe(rotated)
    expect(everything(result, report)).not.toContain(rotated)
    const missing = await plan(staging, config, { env: {}, rotateSecrets: true })
    expect(missing.errors.map((error) => error.message)).toEqual([
      `inputs.api_token: environment variable ${WEBHOOK_SECRET_VARIABLE} is not set`,
    ])
  })

  it('$env in an input its schema does not declare secret is a plan error, never read; nothing is sent', async () => {
    const { staging } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
    const desired = { ...spec!, inputs: { ...spec!.inputs, url: { value: { $env: 'POSTHOG_SECRET_WEBHOOK_URL' } } } }
    const result = await plan(
      staging,
      { hogFunctions: [desired] },
      { env: { POSTHOG_SECRET_WEBHOOK_URL: 'https://private.example.com/hook' } },
    )
    expect(result.errors).toEqual([
      {
        kind: 'hogFunctions',
        key: 'Order webhook',
        message:
          'inputs.url.value: $env POSTHOG_SECRET_WEBHOOK_URL is not read here: $env stands only inside the ' +
          'value of an input whose inputs_schema declares secret: true (the service stores other inputs in ' +
          'clear, and pull would write the value into the files)',
      },
    ])
    expect(everything(result)).not.toContain('private.example.com')
    const from = e2e.fake.requests.length
    await expect(apply(staging, result)).rejects.toThrow(InvalidArgumentError)
    expect(e2e.fake.requests.length).toBe(from)
  })

  it('the mask of a secret where none is stored is a plan error, not a create the service would refuse', async () => {
    const { production } = clients()
    const masked = { ...hogFunctions.webhook, inputs: { ...hogFunctions.webhook.inputs, api_token: { secret: true } } }
    const result = await plan(production, { hogFunctions: [masked] }, { env: {} })
    expect(result.errors).toEqual([
      {
        kind: 'hogFunctions',
        key: 'Order webhook',
        message:
          `inputs.api_token: is only the mask a read returns for a secret, with no stored secret to keep: write ` +
          `{ value: { $env: '${WEBHOOK_SECRET_VARIABLE}' } }`,
      },
    ])
  })

  it('a failed write carries no secret in its error', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const result = await plan(production, config, { env: { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET } })
    e2e.fake.faults.failNext(1, {
      method: 'POST',
      status: 400,
      body: { type: 'validation_error', code: 'invalid_input', detail: 'Invalid input.', attr: 'inputs' },
    })
    const report = await apply(production, result)
    expect(report.failed).toBe(1)
    expect(everything(report, report.results[0]!.error)).not.toContain(WEBHOOK_SECRET)
  })

  describe('of a mapping (the service reads them back in clear)', () => {
    const MAPPING_SECRET = 'mapping-secret-value'
    const MAPPING_VARIABLE = 'POSTHOG_SECRET_MAPPED_DESTINATION_MAPPING_ORDERS_TOKEN'
    const ordersMapping = {
      name: 'Orders',
      inputs_schema: [
        { key: 'url', type: 'string' as const, required: true, secret: false },
        { key: 'token', type: 'string' as const, required: true, secret: true },
      ],
      inputs: { url: { value: 'https://example.com/orders' }, token: { value: MAPPING_SECRET } },
    }
    const mapped = { name: 'Mapped destination', type: 'destination', hog: 'print(inputs)', mappings: [ordersMapping] }
    const storedMappings = (projectId: number) =>
      [...e2e.fake.stateOf(projectId).hogFunctions.values()].find((fn) => fn.name === mapped.name && !fn.deleted)
        ?.mappings as Array<{ name?: string; inputs: Record<string, { value?: unknown }> }> | undefined
    const mappedIn = async (projectId: number) => {
      const { staging } = clients()
      const client = staging.withOptions({ projectId })
      await client.hogFunctions.create(mapped as never)
      return client
    }

    it('is pulled as a $env reference named after the function, the mapping and the input', async () => {
      const staging = await mappedIn(STAGING)
      const config = await pull(staging, { kinds: ['hogFunctions'] })
      expect(config.hogFunctions![0]!.mappings![0]!.inputs).toEqual({
        url: { value: 'https://example.com/orders' },
        token: { value: { $env: MAPPING_VARIABLE } },
      })
      expect(secretVariableName('Mapped destination', 'token', 'Orders')).toBe(MAPPING_VARIABLE)
      expect(JSON.stringify(config)).not.toContain(MAPPING_SECRET)
      const dir = mkdtempSync(join(tmpdir(), 'posthog-secrets-'))
      try {
        await writeConfig(dir, config)
        expect(await readConfig(dir)).toEqual(config)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
      const again = await plan(staging, config, { env: {} })
      expect(again.errors).toEqual([])
      expect(again.changes.map((change) => change.action)).toEqual(['unchanged'])
    })

    it(
      'an update of the mappings sends the stored secret back as ' + 'read, with no variable, and never shows it',
      async () => {
        const staging = await mappedIn(STAGING)
        const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
        const mapping = spec!.mappings![0]!
        const edited = {
          ...spec!,
          mappings: [{ ...mapping, inputs: { ...mapping.inputs, url: { value: 'https://example.com/v2/orders' } } }],
        }
        const result = await plan(staging, { hogFunctions: [edited] }, { env: {} })
        expect(result.errors).toEqual([])
        expect(result.changes[0]!.fields).toEqual([
          {
            path: 'mappings[0].inputs.url.value',
            before: 'https://example.com/orders',
            after: 'https://example.com/v2/orders',
          },
        ])
        const from = e2e.fake.requests.length
        const report = await apply(staging, result)
        expect(report.applied).toBe(1)
        const [patch] = writesSince(e2e.fake, from)
        expect((patch!.body as { mappings: (typeof ordersMapping)[] }).mappings[0]!.inputs.token).toEqual({
          value: MAPPING_SECRET,
        })
        expect(storedMappings(STAGING)![0]!.inputs).toMatchObject({
          url: { value: 'https://example.com/v2/orders' },
          token: { value: MAPPING_SECRET },
        })
        expect(everything(result, report)).not.toContain(MAPPING_SECRET)
      },
    )

    it('a copy into another project needs the variable, and sends its value', async () => {
      const staging = await mappedIn(STAGING)
      const { production } = clients()
      const config = await pull(staging, { kinds: ['hogFunctions'] })
      const missing = await plan(production, config, { env: {} })
      expect(missing.errors).toEqual([
        {
          kind: 'hogFunctions',
          key: mapped.name,
          message: `mappings[0].inputs.token: environment variable ${MAPPING_VARIABLE} is not set`,
        },
      ])
      const result = await plan(production, config, { env: { [MAPPING_VARIABLE]: 'production-mapping-secret' } })
      expect((await apply(production, result)).applied).toBe(1)
      expect(storedMappings(PRODUCTION)![0]!.inputs.token).toMatchObject({ value: 'production-mapping-secret' })
      expect(everything(result)).not.toContain('production-mapping-secret')
      expect((await plan(production, config, { env: {} })).changes.map((change) => change.action)).toEqual([
        'unchanged',
      ])
    })

    it(
      'rotateSecrets compares the variable with the stored value: the same sends nothing, another is sent and ' +
        'shown as (secret)',
      async () => {
        const staging = await mappedIn(STAGING)
        const config = await pull(staging, { kinds: ['hogFunctions'] })
        const same = await plan(staging, config, { env: { [MAPPING_VARIABLE]: MAPPING_SECRET }, rotateSecrets: true })
        expect(same.changes.map((change) => change.action)).toEqual(['unchanged'])
        const rotated = await plan(staging, config, {
          env: { [MAPPING_VARIABLE]: 'rotated-mapping-secret' },
          rotateSecrets: true,
        })
        expect(rotated.changes[0]!.fields).toEqual([
          { path: 'mappings[0].inputs.token.value', before: '(secret)', after: '(secret)' },
        ])
        expect((await apply(staging, rotated)).applied).toBe(1)
        expect(storedMappings(STAGING)![0]!.inputs.token).toMatchObject({ value: 'rotated-mapping-secret' })
        expect(everything(same, rotated)).not.toMatch(/rotated-mapping-secret|mapping-secret-value/)
      },
    )

    it('a new mapping with a secret: the whole mappings list shows each secret as (secret)', async () => {
      const staging = await mappedIn(STAGING)
      const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
      const refunds = {
        ...ordersMapping,
        name: 'Refunds',
        inputs: { url: { value: 'https://example.com/refunds' }, token: { value: { $env: 'REFUNDS_TOKEN' } } },
      }
      const result = await plan(
        staging,
        { hogFunctions: [{ ...spec!, mappings: [...spec!.mappings!, refunds] }] },
        { env: { REFUNDS_TOKEN: 'refunds-secret-value' }, allowEnv: ['REFUNDS_TOKEN'] },
      )
      const [field] = result.changes[0]!.fields!
      expect(field!.path).toBe('mappings')
      expect((field!.after as (typeof ordersMapping)[]).map((mapping) => mapping.inputs.token)).toEqual([
        { value: '(secret)' },
        { value: '(secret)' },
      ])
      expect(everything(result)).not.toMatch(/refunds-secret-value|mapping-secret-value/)
      await apply(staging, result)
      expect(storedMappings(STAGING)!.map((mapping) => mapping.inputs.token!.value)).toEqual([
        MAPPING_SECRET,
        'refunds-secret-value',
      ])
    })

    it('a secret changed by hand between plan and apply makes the update stale: it is not sent back', async () => {
      const staging = await mappedIn(STAGING)
      const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
      const result = await plan(
        staging,
        { hogFunctions: [{ ...spec!, description: 'Orders and refunds' }] },
        { env: {} },
      )
      storedMappings(STAGING)![0]!.inputs.token = { value: 'changed-by-hand' }
      const report = await apply(staging, result)
      expect(report.results[0]).toMatchObject({ status: 'failed', error: { name: 'StaleResourceError' } })
      expect(storedMappings(STAGING)![0]!.inputs.token).toEqual({ value: 'changed-by-hand' })
    })

    it("a spec that leaves the mapping's inputs_schema to the service still keeps its secret", async () => {
      const staging = await mappedIn(STAGING)
      const [spec] = (await pull(staging, { kinds: ['hogFunctions'] })).hogFunctions!
      const { inputs_schema: _schema, ...mapping } = spec!.mappings![0]!
      const result = await plan(staging, { hogFunctions: [{ ...spec!, mappings: [mapping] }] }, { env: {} })
      expect(result.errors).toEqual([])
      expect(result.changes.map((change) => change.action)).toEqual(['unchanged'])
    })

    it(
      'the mask in a spec keeps the stored secret; where none is stored it is a plan error naming the variable ' +
        'to use',
      async () => {
        const staging = await mappedIn(STAGING)
        const { production } = clients()
        const masked = {
          ...mapped,
          mappings: [{ ...ordersMapping, inputs: { ...ordersMapping.inputs, token: { secret: true } } }],
        }
        const kept = await plan(staging, { hogFunctions: [masked as never] }, { env: {} })
        expect(kept.changes.map((change) => change.action)).toEqual(['unchanged'])
        const refused = await plan(production, { hogFunctions: [masked as never] }, { env: {} })
        expect(refused.errors.map((error) => error.message)).toEqual([
          `mappings[0].inputs.token: is only the mask a read returns for a secret, with no stored secret to ` +
            `keep: write { value: { $env: '${MAPPING_VARIABLE}' } }`,
        ])
      },
    )
  })
})
