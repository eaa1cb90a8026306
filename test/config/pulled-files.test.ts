import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import { apply, plan, pull, readConfig, writeConfig } from 'posthog-project-client/config'
import { configSchemaText } from '../../src/config/schema-files.js'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING } from './setup.js'

/**
 * Pulled files hold what was decided, not what the service would give anyway (nulls it defaults, derived
 * members), and their `$schema` line resolves wherever the folder is; what is left out comes back the same.
 */
const KINDS = ['actions', 'cohorts', 'holdouts', 'featureFlags'] as const

async function setUp(client: ProjectClient): Promise<void> {
  await client.actions.create({
    name: 'Bought',
    steps: [{ event: 'bought' }, { event: '$autocapture', selector: 'button.buy', text: 'Buy' }],
  })
  const filters = {
    properties: { type: 'OR', values: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] },
  }
  const cohort = await client.cohorts.create({ name: 'Pro users', filters } as never)
  await client.holdouts.create({ name: 'Q4 holdout', filters: [{ properties: [], rollout_percentage: 10 }] })
  const groups = [
    { properties: [{ key: 'id', type: 'cohort', value: cohort.id, operator: 'in' }], rollout_percentage: 100 },
    { properties: [], rollout_percentage: 20 },
  ]
  await client.featureFlags.create({ key: 'pro-checkout', filters: { groups } } as never)
}

/** Every file of the folder by its path under it (dot folders included), with its text. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const folder of readdirSync(dir))
    for (const name of readdirSync(join(dir, folder)))
      out[`${folder}/${name}`] = readFileSync(join(dir, folder, name), 'utf8')
  return out
}

describe('pulled files', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  let work: string
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'phc-pulled-'))
  })
  afterEach(() => rmSync(work, { recursive: true, force: true }))

  it('hold no null the service defaults, no groups: [], no derived member', async () => {
    const staging = e2e.client({ projectId: STAGING })
    await setUp(staging)
    const dir = join(work, 'posthog')
    await writeConfig(dir, await pull(staging, { kinds: [...KINDS] }))
    const written = files(dir)
    const specs = Object.entries(written).filter(([path]) => !path.startsWith('.schemas/'))
    expect(specs.map(([path]) => path).sort()).toEqual([
      'actions/Bought.yaml',
      'cohorts/Pro-users.yaml',
      'feature-flags/pro-checkout.yaml',
      'holdouts/Q4-holdout.yaml',
    ])
    for (const [path, text] of specs) {
      expect(text, path).not.toMatch(/: null$/m)
      expect(text, path).not.toMatch(/^\s*groups: \[\]$/m)
    }
    const action = written['actions/Bought.yaml']!
    expect(action).not.toContain('url_matching')
    expect(action).not.toContain('creation_context')
    expect(action).toContain('  - event: bought\n  - event: $autocapture\n    selector: button.buy\n    text: Buy\n')
    const flag = written['feature-flags/pro-checkout.yaml']!
    // evaluation_tags is the older name of evaluation_contexts; a group's aggregation is the flag's; no payloads.
    for (const derived of ['evaluation_tags', 'aggregation_group_type_index', 'variant', 'payloads', 'cohort_name'])
      expect(flag).not.toMatch(new RegExp(`^\\s*(- )?${derived}:`, 'm'))
    // Read back: the same project plans nothing.
    expect((await plan(staging, await readConfig(dir))).changes.every((change) => change.action === 'unchanged')).toBe(
      true,
    )
  })

  it('what is left out comes back the same: applied to another project, it pulls as the same files', async () => {
    const staging = e2e.client({ projectId: STAGING })
    const production = e2e.client({ projectId: PRODUCTION })
    await setUp(staging)
    const [from, to] = [join(work, 'staging'), join(work, 'production')]
    await writeConfig(from, await pull(staging, { kinds: [...KINDS] }))
    expect(await apply(production, await plan(production, await readConfig(from)))).toMatchObject({
      applied: 4,
      failed: 0,
    })
    await writeConfig(to, await pull(production, { kinds: [...KINDS] }))
    expect(files(to)).toEqual(files(from))
    expect(
      (await plan(production, await readConfig(to))).changes.every((change) => change.action === 'unchanged'),
    ).toBe(true)
  })

  it('name a schema written beside them, which resolves wherever the folder is moved', async () => {
    const staging = e2e.client({ projectId: STAGING })
    await setUp(staging)
    const dir = join(work, 'posthog')
    await writeConfig(dir, await pull(staging, { kinds: [...KINDS] }))
    const moved = join(work, 'elsewhere', 'config')
    renameSync(join(work, 'posthog'), join(work, 'moved'))
    rmSync(join(work, 'elsewhere'), { recursive: true, force: true })
    mkdirSync(dirname(moved), { recursive: true })
    renameSync(join(work, 'moved'), moved)
    for (const [kind, folder, file] of [
      ['actions', 'actions', 'Bought.yaml'],
      ['featureFlags', 'feature-flags', 'pro-checkout.yaml'],
    ] as const) {
      const path = join(moved, folder, file)
      const header = readFileSync(path, 'utf8').split('\n', 1)[0]!
      expect(header).toBe(`# yaml-language-server: $schema=../.schemas/config.${kind}.json`)
      const schema = resolve(dirname(path), header.slice(header.indexOf('=') + 1))
      expect(existsSync(schema)).toBe(true)
      expect(readFileSync(schema, 'utf8')).toBe(configSchemaText(kind))
      expect((JSON.parse(readFileSync(schema, 'utf8')) as { title: string }).title).toBe(`${folder} configuration file`)
    }
    // The schemas folder is not configuration: the files read as before, and a second pull rewrites them in place.
    expect(Object.keys(await readConfig(moved)).sort()).toEqual([...KINDS].sort())
    await writeConfig(moved, await pull(staging, { kinds: [...KINDS] }))
    expect(readdirSync(join(moved, 'actions'))).toEqual(['Bought.yaml'])
  })
})
