import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { fakeEnv } from './helpers.js'
import { cli } from './helpers.js'

/**
 * A plan error of a `$ref` names the file and line, suggests the nearest key, is printed once, and its spec is counted.
 */
describe('plan errors of $refs', () => {
  let e2e: E2E
  let work: string
  const flag = (name: string, text: string) => writeFileSync(join(work, 'feature-flags', name), text)
  const dependsOn = (key: string, on: string) =>
    `key: ${key}\nfilters:\n  groups:\n    - properties:\n        - type: flag\n          key: { $ref: ` +
    `feature-flags/${on} }\n          operator: flag_evaluates_to\n          value: true\n`
  beforeEach(async () => {
    e2e = await startE2E({ projects: [1] })
    work = mkdtempSync(join(tmpdir(), 'phc-ref-errors-'))
    const filters = {
      properties: { type: 'OR', values: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] },
    }
    await e2e.client().cohorts.create({ name: 'Beta users', filters } as never)
    mkdirSync(join(work, 'feature-flags'))
  })
  afterEach(async () => {
    await e2e.close()
    rmSync(work, { recursive: true, force: true })
  })

  it('an unknown key: file:line, did you mean, once, counted', async () => {
    const cohort =
      '        - type: cohort\n          key: id\n          operator: in\n          value: { $ref: ' +
      'cohorts/Beta user }\n'
    flag('beta.yaml', `key: beta\nfilters:\n  groups:\n    - properties:\n${cohort}      rollout_percentage: 100\n`)
    flag('plain.yaml', 'key: plain\nfilters:\n  groups:\n    - properties: []\n      rollout_percentage: 100\n')
    const run = await cli(['plan', work], fakeEnv(e2e.fake, e2e.server.url))
    expect(run.code).toBe(1)
    const file = join(work, 'feature-flags', 'beta.yaml')
    const message = `${file}:8: filters.groups[0].properties[0].value: $ref "cohorts/Beta user" names nothing`
    expect(run.stdout).toContain(`Error: feature-flags "beta": ${message}`)
    expect(run.stdout).toContain('; did you mean { $ref: "cohorts/Beta users" }?')
    expect(run.stdout).toContain('1 to create, 0 to update, 0 to delete, 0 unchanged, 1 not planned (errors).')
    // Once: stdout holds it, stderr only says how many.
    expect(`${run.stdout}${run.stderr}`.split('names nothing')).toHaveLength(2)
    expect(run.stderr).toBe('posthog-project: the plan has 1 error (shown above); nothing was sent\n')
  })

  it('a cycle: named at the $ref of its first spec, once', async () => {
    flag('a.yaml', dependsOn('a', 'b'))
    flag('b.yaml', dependsOn('b', 'a'))
    const run = await cli(['plan', work, '--format', 'json'], fakeEnv(e2e.fake, e2e.server.url))
    expect(run.code).toBe(1)
    const shown = JSON.parse(run.stdout) as { errors: Array<{ message: string }> }
    const file = join(work, 'feature-flags', 'a.yaml')
    expect(shown.errors.map((error) => error.message)).toEqual([
      `${file}:6: filters.groups[0].properties[0].key: a cycle of references: feature-flags/a → ` +
        `feature-flags/b → feature-flags/a; nothing can be created first`,
    ])
    // Machine output on stdout: stderr has the readable line, once.
    expect(run.stderr.split('a cycle of references')).toHaveLength(2)
  })
})
