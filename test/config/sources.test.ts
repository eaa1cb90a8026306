import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ProjectClient } from 'posthog-project-client'
import { plan, readConfig } from 'posthog-project-client/config'
import { createFakeApi } from 'posthog-project-client/testing'

/** A spec read from a file carries its file and lines as data: a plan error about a field names them. */
describe('where a spec was read', () => {
  const roots: string[] = []
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })))

  const FLAG = [
    'key: beta',
    'filters:',
    '  groups:',
    '    - rollout_percentage: 100',
    '      properties:',
    '        - type: cohort',
    '          key: id',
    '          operator: in',
    '          value:',
    '            $ref: cohorts/Nobody',
    '',
  ].join('\n')

  async function read() {
    const dir = mkdtempSync(join(tmpdir(), 'posthog-sources-'))
    roots.push(dir)
    mkdirSync(join(dir, 'feature-flags'))
    writeFileSync(join(dir, 'feature-flags', 'beta.yaml'), FLAG)
    return readConfig(dir)
  }

  it('a $ref that names nothing is a plan error at the file and line of the $ref', async () => {
    const fake = createFakeApi({ projects: [1] })
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
    const config = await read()
    // Never a field of the spec: not compared, not sent, not in its JSON.
    expect(JSON.parse(JSON.stringify(config))).toEqual(config)
    expect(Object.keys(config.featureFlags![0]!).sort()).toEqual(['filters', 'key'])
    const result = await plan(client, config, { env: {} })
    expect(result.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^.*feature-flags[/\\]beta\.yaml:10: filters\.groups\[0\]\.properties\[0\]\.value: \$ref/),
    ])
    // A spec made in code has no file: the same error names none.
    const made = await plan(client, { featureFlags: [structuredClone(config.featureFlags![0]!)] }, { env: {} })
    expect(made.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^filters\.groups\[0\]\.properties\[0\]\.value: \$ref "cohorts\/Nobody" names nothing/),
    ])
  })
})
