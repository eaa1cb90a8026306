import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import {
  apply,
  ConfigError,
  formatPlan,
  plan,
  planCopy,
  pull,
  readPlan,
  StalePlanError,
  writePlan,
  type ProjectConfig,
} from 'posthog-project-client/config'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as surveys from '../fixtures/payloads/surveys.js'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, WEBHOOK_SECRET, WEBHOOK_SECRET_VARIABLE, writesSince } from './setup.js'

/** Saved plans over a socket against the fake with three projects: reviewed on the PR, applied on merge. */
const QA = 3

describe('saved plans', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION, QA] }, 'test')
  let dir: string
  let file: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'phc-saved-plan-'))
    file = join(dir, 'plan.json')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return {
      staging,
      production: staging.withOptions({ projectId: PRODUCTION }),
      qa: staging.withOptions({ projectId: QA }),
    }
  }
  const env = { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET }
  const storedSecret = (projectId: number, name: string) =>
    [...e2e.fake.stateOf(projectId).hogFunctions.values()].find((fn) => fn.name === name && !fn.deleted)?.inputs
      .api_token?.value
  /** A copy of the saved file with `edit` applied and its checksum made right again: a deliberate forgery. */
  const forge = (edit: (saved: Record<string, unknown>) => void) => {
    const { checksum: _old, ...saved } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    edit(saved)
    const sorted = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(sorted)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => (a < b ? -1 : 1))
                .map(([key, inner]) => [key, sorted(inner)]),
            )
          : value
    writeFileSync(
      file,
      JSON.stringify({
        ...saved,
        checksum: createHash('sha256')
          .update(JSON.stringify(sorted(saved)))
          .digest('hex'),
      }),
    )
  }

  it('holds $env references, never the secret; read back, it applies what the plan said and nothing more', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    await staging.surveys.create(surveys.nps)
    await production.surveys.create({ ...surveys.nps, description: 'Old text' })
    const planned = await planCopy(staging, production, { kinds: ['hogFunctions', 'surveys'], env })
    await writePlan(file, planned)
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(WEBHOOK_SECRET)
    expect(text).toContain(`"$env": "${WEBHOOK_SECRET_VARIABLE}"`)
    const saved = JSON.parse(text) as { project: unknown; changes: Array<{ action: string; fingerprint?: string }> }
    expect(saved.project).toEqual({ id: String(PRODUCTION), host: production.baseUrl })
    expect(saved.changes.find((change) => change.action === 'update')!.fingerprint).toMatch(/^[0-9a-f]{64}$/)

    const from = e2e.fake.requests.length
    const read = await readPlan(file, { env })
    expect(JSON.parse(formatPlan(read, 'json'))).toEqual(JSON.parse(formatPlan(planned, 'json')))
    const report = await apply(production, read)
    expect(report).toMatchObject({ applied: 2, failed: 0 })
    const writes = writesSince(e2e.fake, from)
    expect(writes.map((write) => `${write.method} ${write.path.replace(/[0-9a-f-]{36}/, 'ID')}`)).toEqual([
      `POST /api/projects/${PRODUCTION}/hog_functions/`,
      `PATCH /api/projects/${PRODUCTION}/surveys/ID/`,
    ])
    expect(writes[1]!.body).toMatchObject({ description: surveys.nps.description })
    expect(storedSecret(PRODUCTION, 'Order webhook')).toBe(WEBHOOK_SECRET)
    expect(JSON.stringify(report)).not.toContain(WEBHOOK_SECRET)
    // Applied once.
    await expect(apply(production, read)).rejects.toThrow(InvalidArgumentError)
  })

  it(
    'a variable that is missing or not allowed when it is read ' + 'back is a plan error, and nothing is sent',
    async () => {
      const { staging, production } = clients()
      await staging.hogFunctions.create(hogFunctions.webhook)
      await writePlan(file, await planCopy(staging, production, { kinds: ['hogFunctions'], env }))
      const missing = await readPlan(file, { env: {} })
      expect(missing.errors).toEqual([
        {
          kind: 'hogFunctions',
          key: 'Order webhook',
          message: `environment variable ${WEBHOOK_SECRET_VARIABLE} is not set`,
        },
      ])
      forge((saved) => {
        const [change] = saved.changes as Array<{ send: { inputs: { api_token: unknown } } }>
        change!.send.inputs.api_token = { value: { $env: 'AWS_SECRET_ACCESS_KEY' } }
      })
      const stolen = await readPlan(file, { env: { AWS_SECRET_ACCESS_KEY: 'aws-secret' } })
      expect(stolen.errors.map((error) => error.message)).toEqual([
        '$env AWS_SECRET_ACCESS_KEY: not a name a plan may read (POSTHOG_SECRET_… or one of allowEnv)',
      ])
      const from = e2e.fake.requests.length
      await expect(apply(production, stolen)).rejects.toThrow(InvalidArgumentError)
      expect(e2e.fake.requests.length).toBe(from)
      expect(
        (await readPlan(file, { env: { AWS_SECRET_ACCESS_KEY: 'aws-secret' }, allowEnv: [/^AWS_/] })).errors,
      ).toEqual([])
    },
  )

  it('a kept secret stays kept: an update of another input sends the mask, and the file holds no value', async () => {
    const { staging } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    const [spec] = config.hogFunctions!
    const edited: ProjectConfig = {
      hogFunctions: [{ ...spec!, inputs: { ...spec!.inputs, url: { value: 'https://new.example.com/orders' } } }],
    }
    await writePlan(file, await plan(staging, edited, { env: {} }))
    expect(readFileSync(file, 'utf8')).not.toContain(WEBHOOK_SECRET)
    const from = e2e.fake.requests.length
    expect(await apply(staging, await readPlan(file, { env: {} }))).toMatchObject({ applied: 1 })
    const [write] = writesSince(e2e.fake, from)
    expect((write!.body as { inputs: Record<string, unknown> }).inputs.api_token).toEqual({ secret: true })
    expect(storedSecret(STAGING, 'Order webhook')).toBe(WEBHOOK_SECRET)
  })

  it('stale: a resource changed or deleted since the plan rejects with StalePlanError before any write', async () => {
    const { staging } = clients()
    const a = await staging.surveys.create(surveys.nps)
    const b = await staging.surveys.create(surveys.apiSurvey)
    const c = await staging.surveys.create({ ...surveys.apiSurvey, name: 'Third' })
    const config = await pull(staging, { kinds: ['surveys'] })
    const desired = {
      surveys: config
        .surveys!.filter((spec) => spec.name !== 'Third')
        .map((spec) => ({ ...spec, description: 'Reviewed' })),
    }
    await writePlan(file, await plan(staging, desired, { prune: true }))
    await staging.surveys.update(b.id, { description: 'Changed by hand' })
    await staging.surveys.delete(c.id)
    const from = e2e.fake.requests.length
    const error = await apply(staging, await readPlan(file)).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(StalePlanError)
    expect((error as StalePlanError).changes.map((change) => `${change.action} ${change.key}`)).toEqual([
      'update In-app API survey',
      'delete Third',
    ])
    expect((error as Error).message).toContain('nothing was written')
    expect(writesSince(e2e.fake, from)).toEqual([])
    expect(e2e.fake.requests.slice(from).map((request) => request.method)).toEqual(['GET', 'GET', 'GET'])
    expect((await staging.surveys.retrieve(a.id)).description).toBe(surveys.nps.description)
  })

  it('N updates cost N re-reads and N writes', async () => {
    const { staging } = clients()
    for (let index = 0; index < 6; index += 1)
      await staging.surveys.create({ ...surveys.apiSurvey, name: `Survey ${index}` })
    const config = await pull(staging, { kinds: ['surveys'] })
    await writePlan(
      file,
      await plan(staging, { surveys: config.surveys!.map((spec) => ({ ...spec, description: 'New' })) }),
    )
    const read = await readPlan(file)
    const from = e2e.fake.requests.length
    await apply(staging, read)
    const methods = e2e.fake.requests.slice(from).map((request) => request.method)
    expect(methods.filter((method) => method === 'GET')).toHaveLength(6)
    expect(methods.filter((method) => method === 'PATCH')).toHaveLength(6)
    expect(methods).toHaveLength(12)
    // Every read comes before the first write.
    expect(methods.slice(0, 6)).toEqual(Array(6).fill('GET'))
  })

  it(
    'an edited file is refused (checksum); a forged one is ' + 'checked like any input; another project is refused',
    async () => {
      const { staging, production, qa } = clients()
      await staging.surveys.create(surveys.nps)
      await writePlan(file, await planCopy(staging, production, { kinds: ['surveys'] }))
      const original = readFileSync(file, 'utf8')
      writeFileSync(file, original.replace('Quarterly NPS', 'Quarterly NPS!'))
      await expect(readPlan(file)).rejects.toThrow(ConfigError)
      await expect(readPlan(file)).rejects.toThrow('checksum: the file was changed after it was written')
      writeFileSync(file, original)
      forge((saved) => {
        ;(saved.changes as Array<{ send: Record<string, unknown> }>)[0]!.send.questionz = []
      })
      await expect(readPlan(file)).rejects.toThrow(/changes\[0\]\.send\.questionz/)
      writeFileSync(file, '{"format":"something else"}')
      await expect(readPlan(file)).rejects.toThrow('not a saved plan of this version')
      writeFileSync(file, original)
      const from = e2e.fake.requests.length
      await expect(apply(qa, await readPlan(file))).rejects.toThrow(`was made for project ${PRODUCTION}`)
      expect(e2e.fake.requests.length).toBe(from)
      await expect(apply(production, await readPlan(file))).resolves.toMatchObject({ applied: 1 })
    },
  )

  it(
    'no value read from the environment is in the file: a whole JSON value, a dictionary, a reference nested in ' +
      'one',
    async () => {
      const { staging } = clients()
      const values = {
        POSTHOG_SECRET_HEADERS: '{"Authorization":"Bearer env-json-secret"}',
        POSTHOG_SECRET_TOKEN: 'env-nested-secret',
        POSTHOG_SECRET_BODY: '{"key":"env-body-secret"}',
      }
      const spec = {
        type: 'destination' as const,
        name: 'Headers webhook',
        hog: 'fetch(inputs.url, {"headers": inputs.headers})',
        inputs_schema: [
          { type: 'string' as const, key: 'url', label: 'URL' },
          { type: 'dictionary' as const, key: 'headers', label: 'Headers', secret: true },
          { type: 'dictionary' as const, key: 'extra', label: 'Extra headers', secret: true },
          { type: 'json' as const, key: 'body', label: 'Body', secret: true },
        ],
        inputs: {
          url: { value: 'https://example.com/hook' },
          headers: { value: { $env: 'POSTHOG_SECRET_HEADERS' } },
          extra: { value: { 'X-Token': { $env: 'POSTHOG_SECRET_TOKEN' } } },
          body: { value: { $env: 'POSTHOG_SECRET_BODY' } },
        },
      }
      const planned = await plan(staging, { hogFunctions: [spec as never] }, { env: values })
      await writePlan(file, planned)
      const text = readFileSync(file, 'utf8')
      for (const value of [...Object.values(values), 'env-json-secret', 'env-nested-secret', 'env-body-secret'])
        expect(text).not.toContain(value)
      for (const name of Object.keys(values)) expect(text).toContain(`"$env": "${name}"`)
    },
  )

  it('refuses to save a secret written as a value in a spec: the file would hold it', async () => {
    const { staging } = clients()
    const result = await plan(staging, { hogFunctions: [hogFunctions.webhook] })
    expect(result.errors).toEqual([])
    await expect(writePlan(file, result)).rejects.toThrow(
      'hogFunctions "Order webhook": inputs.api_token is a secret written as a value, which a saved plan never holds',
    )
    expect(() => readFileSync(file)).toThrow(/ENOENT/)
    expect(await apply(staging, result)).toMatchObject({ applied: 1 })
  })

  it('refuses to save a plan with errors, or one not made by plan()', async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    await expect(writePlan(file, await planCopy(staging, production, { env: {} }))).rejects.toThrow('has 1 error')
    await expect(writePlan(file, { changes: [], errors: [], warnings: [] })).rejects.toThrow(InvalidArgumentError)
  })
})
