import { mkdtempSync, rmSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import { pull, writeConfig } from 'posthog-project-client/config'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { fakeEnv } from './helpers.js'
import { cli } from './helpers.js'

/**
 * A selection (`--kind`, `--key`) narrows what is planned and pruned, and nothing outside it blocks it: the
 * specs of the other keys stay as the files have them (never pruned), and still protect what they name.
 */
describe('--key with --prune', () => {
  let e2e: E2E
  let work: string
  let env: Record<string, string>
  const dir = () => join(work, 'posthog')
  const cohortIds = async (client: ProjectClient) => {
    const ids: Record<string, number> = {}
    for await (const cohort of client.cohorts.list()) ids[String(cohort.name)] = cohort.id
    return ids
  }
  beforeEach(async () => {
    e2e = await startE2E({ projects: [1] })
    work = mkdtempSync(join(tmpdir(), 'phc-key-prune-'))
    env = fakeEnv(e2e.fake, e2e.server.url)
    const client = e2e.client()
    const condition = {
      properties: { type: 'OR', values: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] },
    }
    const used = await client.cohorts.create({ name: 'Used cohort', filters: condition } as never)
    await client.cohorts.create({ name: 'Old cohort', filters: condition } as never)
    await client.cohorts.create({ name: 'Kept cohort', filters: condition } as never)
    const groups = [
      { properties: [{ key: 'id', type: 'cohort', value: used.id, operator: 'in' }], rollout_percentage: 100 },
    ]
    await client.featureFlags.create({ key: 'uses-used', filters: { groups } } as never)
  })
  afterEach(async () => {
    await e2e.close()
    rmSync(work, { recursive: true, force: true })
  })

  it(
    'prunes the selected cohort whose file is gone; another cohort, named by a flag and not selected, neither ' +
      'blocks nor goes',
    async () => {
      const client = e2e.client()
      await writeConfig(dir(), await pull(client, { kinds: ['cohorts'] }))
      unlinkSync(join(dir(), 'cohorts', 'Old-cohort.yaml'))
      unlinkSync(join(dir(), 'cohorts', 'Used-cohort.yaml'))
      const planned = await cli(['plan', dir(), '--kind', 'cohorts', '--prune', '--key', 'Old cohort'], env)
      expect(planned).toMatchObject({ code: 0, stderr: '' })
      expect(planned.stdout).toContain('0 to create, 0 to update, 1 to delete, 0 unchanged.')
      expect(planned.stdout).toContain('- cohorts "Old cohort" (delete')
      const applied = await cli(['apply', dir(), '--kind', 'cohorts', '--prune', '--key', 'Old cohort', '--yes'], env)
      expect(applied.code).toBe(0)
      expect(Object.keys(await cohortIds(client)).sort()).toEqual(['Kept cohort', 'Used cohort'])
    },
  )

  it('a spec of a key outside the selection still stays: what it names is not pruned', async () => {
    const client = e2e.client()
    await writeConfig(dir(), await pull(client, { kinds: ['cohorts', 'featureFlags'] }))
    unlinkSync(join(dir(), 'cohorts', 'Used-cohort.yaml'))
    // The flag's file stays and names the cohort: selecting only the cohort must not delete it.
    const planned = await cli(['plan', dir(), '--prune', '--key', 'Used cohort'], env)
    expect(planned.code).toBe(1)
    expect(planned.stdout).toContain('Error: cohorts "Used cohort": not deleted: feature-flags/uses-used')
  })
})
