import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { InvalidArgumentError, ProjectClient } from 'posthog-project-client'
import { apply, ConfigError, plan, pull, readConfig, writeConfig } from 'posthog-project-client/config'
import { createFakeApi } from 'posthog-project-client/testing'

/** A member the SDK does not know (a newer service's) in a configuration file. */
describe('unknown members in configuration files', () => {
  const roots: string[] = []
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })))

  async function pulled() {
    const fake = createFakeApi({ projects: [1] })
    // A newer service: the query node has a member this SDK's shapes do not have, and so does the experiment.
    fake.seed.endpoints({ name: 'daily', query: { kind: 'HogQLQuery', query: 'select 1', sampleRate: 0.5 } })
    fake.seed.experiments({
      name: 'Pricing',
      feature_flag_key: 'pricing',
      metrics: [],
      rollout_plan: 'gradual',
    } as never)
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
    const dir = mkdtempSync(join(tmpdir(), 'posthog-unknown-'))
    roots.push(dir)
    await writeConfig(dir, await pull(client))
    return { client, dir, fake }
  }

  function edit(file: string, from: string | RegExp, to: string) {
    const text = readFileSync(file, 'utf8')
    expect(text).toMatch(from)
    writeFileSync(file, text.replace(from, to))
  }

  it('the live resource has it with the same value: kept, with a warning, and the plan is empty', async () => {
    const { client, dir } = await pulled()
    const config = await readConfig(dir)
    expect(config.endpoints?.[0]?.query).toMatchObject({ sampleRate: 0.5 })
    edit(join(dir, 'experiments', 'pricing.yaml'), /^name: Pricing$/m, 'name: Pricing\nrollout_plan: gradual')
    const result = await plan(client, await readConfig(dir), { env: {} })
    expect(result.errors).toEqual([])
    expect(result.changes.map(({ kind, key, action }) => `${action} ${kind} ${key}`)).toEqual([
      'unchanged featureFlags pricing',
      'unchanged endpoints daily',
      'unchanged experiments pricing',
    ])
    expect(result.warnings.map(({ kind, key, message }) => `${kind} ${key}: ${message.split(';')[0]}`)).toEqual([
      'endpoints daily: query.sampleRate is not a member this SDK knows',
      'experiments pricing: rollout_plan is not a member this SDK knows',
    ])
  })

  it('kept members are sent as they are when their field changes', async () => {
    const { client, dir } = await pulled()
    edit(join(dir, 'endpoints', 'daily.yaml'), 'select 1', 'select 2')
    const result = await plan(client, await readConfig(dir), { env: {} })
    expect(result.changes.find((change) => change.kind === 'endpoints')).toMatchObject({
      action: 'update',
      fields: [{ path: 'query.query', before: 'select 1', after: 'select 2' }],
    })
    expect(result.warnings.some((warning) => warning.message.startsWith('query.sampleRate is not a member'))).toBe(true)
  })

  it('a spec is checked once, by readConfig: the update keeps the member; a spec made in code is refused', async () => {
    const { client, dir, fake } = await pulled()
    fake.seed.featureFlags({
      key: 'beta',
      filters: { groups: [{ properties: [], rollout_percentage: 50 }], future_member: 'kept' },
    } as never)
    await writeConfig(dir, await pull(client))
    const file = join(dir, 'feature-flags', 'beta.yaml')
    edit(file, 'rollout_percentage: 50', 'rollout_percentage: 60')
    const from = fake.requests.length
    // The SDK does not check the body again (it would refuse the member it does not know).
    const applied = await apply(client, await plan(client, await readConfig(dir), { env: {} }))
    expect(applied.results.map((result) => result.error?.message)).toEqual([undefined])
    const [patch] = fake.requests.slice(from).filter((request) => request.method === 'PATCH')
    expect(patch!.body).toMatchObject({ filters: { future_member: 'kept' } })
    // The same spec made in code was never checked: the SDK checks it before sending, and sends nothing.
    edit(file, 'rollout_percentage: 60', 'rollout_percentage: 70')
    const unread = structuredClone((await readConfig(dir)).featureFlags!)
    const report = await apply(client, await plan(client, { featureFlags: unread }, { env: {} }))
    expect(report.results[0]!.error).toBeInstanceOf(InvalidArgumentError)
    expect(report.results[0]!.error!.message).toMatch(/future_member/)
    expect(fake.requests.slice(from).filter((request) => request.method === 'PATCH')).toHaveLength(1)
  })

  it(
    'another value than the live one: a file problem naming the ' + 'file, the line and the nearest known member',
    async () => {
      const { client, dir } = await pulled()
      const file = join(dir, 'endpoints', 'daily.yaml')
      edit(file, 'sampleRate: 0.5', 'sampleRate: 0.9')
      const error = await plan(client, await readConfig(dir), { env: {} }).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ConfigError)
      const [problem] = (error as ConfigError).problems
      expect(problem).toMatchObject({ file, path: 'query.sampleRate' })
      expect(problem!.line).toBe(
        readFileSync(file, 'utf8')
          .split('\n')
          .findIndex((line) => line.includes('sampleRate')) + 1,
      )
      expect(problem!.message).toMatch(/^unknown field.*\(the live resource has another value\)$/)
    },
  )

  it('a member the live resource does not have (a typo): a file problem with "did you mean"', async () => {
    const { client, dir } = await pulled()
    edit(join(dir, 'experiments', 'pricing.yaml'), /^name: Pricing$/m, 'name: Pricing\ndescripton: typo')
    const error = (await plan(client, await readConfig(dir), { env: {} }).catch(
      (caught: unknown) => caught,
    )) as ConfigError
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.problems.map(({ path, message }) => `${path}: ${message}`)).toEqual([
      'descripton: unknown field; did you mean "description"?',
    ])
  })

  it('a create has no live resource: every unknown member is a file problem', async () => {
    const { client, dir } = await pulled()
    writeFileSync(
      join(dir, 'endpoints', 'weekly.yaml'),
      'name: weekly\nquery:\n  kind: HogQLQuery\n  query: select 1\n  sampleRate: 0.5\n',
    )
    await expect(plan(client, await readConfig(dir), { env: {} })).rejects.toMatchObject({
      problems: [{ path: 'query.sampleRate' }],
    })
  })

  it('with another problem in the file, readConfig reports them all at once', async () => {
    const { dir } = await pulled()
    edit(join(dir, 'endpoints', 'daily.yaml'), /^is_active: true$/m, 'is_active: yes please')
    const error = (await readConfig(dir).catch((caught: unknown) => caught)) as ConfigError
    expect(error).toBeInstanceOf(ConfigError)
    expect(error.problems.map(({ path }) => path).sort()).toEqual(['is_active', 'query.sampleRate'])
  })
})
