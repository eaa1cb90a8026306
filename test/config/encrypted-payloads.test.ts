import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  apply,
  formatPlan,
  plan,
  planCopy,
  pull,
  readPlan,
  writeConfig,
  writePlan,
  type PlanWarning,
} from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING } from './setup.js'

/**
 * A flag's encrypted payloads (a remote configuration) are secrets: the service answers them decrypted to a
 * personal API key, so pull writes `$env` references, plan never shows them, apply and copy send them from the
 * environment (docs/service-behaviour.md §11.2).
 */
const SECRET = '{"apiKey":"sk_live_0123456789abcdef"}'
const ROTATED = '{"apiKey":"sk_live_fedcba9876543210"}'
const VARIABLE = 'POSTHOG_SECRET_FLAG_REMOTE_CONFIG_PAYLOAD_TRUE'

describe('encrypted payloads', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const folders: string[] = []
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })

  async function setUp() {
    const staging = e2e.client({ projectId: STAGING })
    await staging.featureFlags.create({
      key: 'remote-config',
      is_remote_configuration: true,
      has_encrypted_payloads: true,
      filters: { groups: [{ properties: [], rollout_percentage: 100 }], payloads: { true: SECRET } },
    } as never)
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }

  it(
    'pull writes a $env reference per payload and a warning naming the variables; the files and the plan never ' +
      'hold the value',
    async () => {
      const { staging } = await setUp()
      const warnings: PlanWarning[] = []
      const pulled = await pull(staging, { kinds: ['featureFlags'], onWarning: (warning) => warnings.push(warning) })
      expect(pulled.featureFlags![0]!.filters!.payloads).toEqual({ true: { $env: VARIABLE } })
      expect(warnings).toEqual([
        {
          kind: 'featureFlags',
          key: 'remote-config',
          message:
            `its encrypted payloads are written as $env references, never their values (the service answers them ` +
            `decrypted): set ${VARIABLE} to apply or copy it`,
        },
      ])
      const dir = mkdtempSync(join(tmpdir(), 'phc-payloads-'))
      folders.push(dir)
      await writeConfig(dir, pulled)
      expect(
        readFileSync(join(dir, 'feature-flags', readdirSync(join(dir, 'feature-flags'))[0]!), 'utf8'),
      ).not.toContain('sk_live')
      // Kept as stored without the variable: nothing to compare, nothing read.
      const again = await plan(staging, pulled, { env: {} })
      expect(again.errors).toEqual([])
      expect(again.changes.map((change) => change.action)).toEqual(['unchanged'])
      expect(JSON.stringify(again) + formatPlan(again)).not.toContain('sk_live')
    },
  )

  it(
    'copy sends them from the environment; the plan, the saved plan and the report never show them; ' +
      'rotateSecrets re-sends',
    async () => {
      const { staging, production } = await setUp()
      const missing = await planCopy(staging, production, { kinds: ['featureFlags'], env: {} })
      expect(missing.errors).toEqual([
        {
          kind: 'featureFlags',
          key: 'remote-config',
          message: `filters.payloads.true: environment variable ${VARIABLE} is not set`,
        },
      ])
      const copied = await planCopy(staging, production, { kinds: ['featureFlags'], env: { [VARIABLE]: SECRET } })
      expect(copied.errors).toEqual([])
      expect(copied.changes).toEqual([
        { kind: 'featureFlags', key: 'remote-config', action: 'create', reads: [VARIABLE] },
      ])
      const dir = mkdtempSync(join(tmpdir(), 'phc-payloads-'))
      folders.push(dir)
      const file = join(dir, 'plan.json')
      await writePlan(file, copied)
      expect(readFileSync(file, 'utf8')).not.toContain('sk_live')
      expect(readFileSync(file, 'utf8')).toContain(VARIABLE)
      const report = await apply(production, await readPlan(file, { env: { [VARIABLE]: SECRET } }))
      expect(report).toMatchObject({ applied: 1, failed: 0 })
      expect(JSON.stringify(report)).not.toContain('sk_live')
      const [stored] = [...e2e.fake.stateOf(PRODUCTION).featureFlags.values()]
      expect(stored!.filters).toMatchObject({ payloads: { true: SECRET } })

      const config = await pull(staging, { kinds: ['featureFlags'] })
      expect(
        (await plan(production, config, { env: { [VARIABLE]: ROTATED } })).changes.map((change) => change.action),
      ).toEqual(['unchanged'])
      const rotated = await plan(production, config, { env: { [VARIABLE]: ROTATED }, rotateSecrets: true })
      expect(rotated.changes).toEqual([
        {
          kind: 'featureFlags',
          key: 'remote-config',
          action: 'update',
          id: stored!.id,
          fields: [{ path: 'filters.payloads.true', before: '(secret)', after: '(secret)' }],
          reads: [VARIABLE],
        },
      ])
      expect(JSON.stringify(rotated) + formatPlan(rotated, 'markdown')).not.toContain('sk_live')
      await apply(production, rotated)
      expect([...e2e.fake.stateOf(PRODUCTION).featureFlags.values()][0]!.filters).toMatchObject({
        payloads: { true: ROTATED },
      })
    },
  )

  it(
    '$env in a payload of a flag without encrypted payloads is a plan error (it would be stored and read in ' +
      'clear)',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const result = await plan(
        staging,
        {
          featureFlags: [
            {
              key: 'plain',
              filters: {
                groups: [{ properties: [], rollout_percentage: 100 }],
                payloads: { true: { $env: VARIABLE } },
              },
            },
          ] as never,
        },
        { env: { [VARIABLE]: SECRET } },
      )
      expect(result.errors).toEqual([
        {
          kind: 'featureFlags',
          key: 'plain',
          message:
            'filters.payloads.true: $env stands in a payload only of a flag with has_encrypted_payloads: true ' +
            '(any other payload is stored and read in clear)',
        },
      ])
    },
  )
})
