import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import { formatPlan, plan, planCopy, pull } from 'posthog-project-client/config'
import { startE2E, type E2E } from '../helpers/fake-server.js'
import { cli, type CliResult } from './helpers.js'
import { growthDashboard, layout } from '../config/setup.js'

/**
 * A README block of shell lines run in this process, line by line: `export` and `NAME=value` prefixes set the
 * environment (a value `$NAME` read from it), `real` maps the README's placeholders to this test's values. Every
 * line must exit 0 with nothing on stderr but warnings.
 */
async function runReadmeLines(
  block: string,
  real: (word: string) => string,
): Promise<Array<{ line: string } & CliResult>> {
  const env: Record<string, string> = {}
  const assign = (word: string, into: Record<string, string>) => {
    const [name, value] = [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
    into[name] = real(value.replace(/^\$(\w+)$/, (_all, variable: string) => env[variable] ?? ''))
  }
  const runs: Array<{ line: string } & CliResult> = []
  for (const line of block.split('\n')) {
    const words = line.split(' ')
    if (words[0] === 'export') {
      words.slice(1).forEach((word) => assign(word, env))
      continue
    }
    const own: Record<string, string> = {}
    while (/^[A-Z_]+=/.test(words[0]!)) assign(words.shift()!, own)
    expect(words.slice(0, 4)).toEqual(['npx', '-p', 'posthog-project-client', 'posthog-project'])
    runs.push({ line, ...(await cli(words.slice(4).map(real), { ...env, ...own })) })
  }
  const withoutWarnings = (stderr: string) => stderr.replace(/^posthog-project: warning: .*\n/gm, '')
  expect(runs.map(({ line, code, stderr }) => ({ line, code, stderr: withoutWarnings(stderr) }))).toEqual(
    runs.map(({ line }) => ({ line, code: 0, stderr: '' })),
  )
  return runs
}

/**
 * `posthog-project copy` is `planCopy`: the command's plan is the library's for the same selection, across two
 * services (two fakes on two sockets, two keys). Run in this process, as the command's own code runs it.
 */

const TARGET_KEY = 'phx_production_eu_key_000000000000000'

/**
 * A newcomer's setup in staging: an experiment with its flag, a holdout, a saved metric counting an action, and the
 * cohort the flag targets.
 */
export async function stagingSetup(client: ProjectClient): Promise<void> {
  const action = await client.actions.create({ name: 'Signed up', steps: [{ event: 'signed_up' }] })
  const cohort = await client.cohorts.create({
    name: 'Beta users',
    filters: {
      properties: { type: 'OR', values: [{ type: 'person', key: 'beta', operator: 'exact', value: ['true'] }] },
    },
  } as never)
  const holdout = await client.holdouts.create({
    name: 'Q4 holdout',
    filters: [{ properties: [], rollout_percentage: 10 }],
  })
  const metric = await client.savedMetrics.create({
    name: 'Signups',
    query: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'ActionsNode', id: action.id } },
  })
  const groups = [
    { properties: [{ key: 'id', type: 'cohort', value: cohort.id, operator: 'in' }], rollout_percentage: 100 },
  ]
  await client.featureFlags.create({
    key: 'checkout-v3',
    filters: {
      groups,
      multivariate: {
        variants: [
          { key: 'control', rollout_percentage: 50 },
          { key: 'cheaper', rollout_percentage: 50 },
        ],
      },
      payloads: { cheaper: '{"price":9}' },
    },
  } as never)
  await client.experiments.create({
    name: 'Checkout v3',
    feature_flag_key: 'checkout-v3',
    holdout_id: holdout.id,
    saved_metrics_ids: [{ id: metric.id, metadata: { type: 'primary' } }],
  })
}

describe('copy across services: the command is planCopy', () => {
  let staging: E2E
  let production: E2E
  let work: string
  let env: Record<string, string>
  const target = () => production.client({ projectId: 2 })
  beforeEach(async () => {
    staging = await startE2E({ projects: [1] })
    production = await startE2E({ projects: [2], apiKey: TARGET_KEY })
    work = mkdtempSync(join(tmpdir(), 'phc-promotion-'))
    env = {
      POSTHOG_PERSONAL_API_KEY: staging.fake.apiKey,
      POSTHOG_PROJECT_ID: '1',
      POSTHOG_BASE_URL: staging.server.url,
      PRODUCTION_KEY: TARGET_KEY,
    }
    await stagingSetup(staging.client({ projectId: 1 }))
  })
  afterEach(async () => {
    await staging.close()
    await production.close()
    rmSync(work, { recursive: true, force: true })
  })
  const copy = (...more: string[]) => [
    'copy',
    '--to-project',
    '2',
    '--to-host',
    production.server.url,
    '--to-api-key-env',
    'PRODUCTION_KEY',
    '--kind',
    'experiments',
    '--key',
    'checkout-v3',
    ...more,
  ]

  it(
    "the command's plan is the library's for the same selection, what the experiment stands on included; the " +
      'header names both services',
    async () => {
      const from = [staging.fake.requests.length, production.fake.requests.length]
      const library = await planCopy(staging.client({ projectId: 1 }), target(), {
        kinds: ['experiments'],
        keys: ['checkout-v3'],
      })
      const command = await cli(copy('--dry-run', '--format', 'json'), env)
      expect(command.code).toBe(0)
      expect(JSON.parse(command.stdout)).toEqual(JSON.parse(formatPlan(library, 'json')))
      expect(library.changes.map(({ kind, action }) => `${action} ${kind}`)).toEqual([
        'create actions',
        'create cohorts',
        'create holdouts',
        'create savedMetrics',
        'create featureFlags',
        'create experiments',
      ])
      const text = await cli(copy('--dry-run'), env)
      expect(text.stdout.split('\n')[0]).toBe(
        `Plan for project 2 (${production.server.url}) from project 1 (${staging.server.url}): 6 to create, 0 to ` +
          `update, 0 to delete, 0 unchanged.`,
      )
      // Nothing was written anywhere.
      ;[staging, production].forEach((side, index) =>
        expect(side.fake.requests.slice(from[index]).filter((request) => request.method !== 'GET')).toEqual([]),
      )
    },
  )

  it('a dashboard goes to another host with its insights, their action and cohort; there it plans empty', async () => {
    // Beside the experiment's action and cohort (beforeEach), the dashboard's own.
    await growthDashboard(staging.client({ projectId: 1 }), { action: 'Activated', cohort: 'Power users' })
    const dashboards = [
      'copy',
      '--to-project',
      '2',
      '--to-host',
      production.server.url,
      '--to-api-key-env',
      'PRODUCTION_KEY',
      '--kind',
      'dashboards',
      '--key',
      'Growth',
      '--yes',
    ]
    const applied = await cli(dashboards, env)
    expect(applied).toMatchObject({ code: 0 })
    expect(applied.stdout).toContain('Applied 6, failed 0, skipped 0.')
    const pulled = await pull(staging.client({ projectId: 1 }), {
      kinds: ['actions', 'cohorts', 'insights', 'dashboards'],
    })
    const there = await plan(target(), {
      ...pulled,
      actions: pulled.actions!.filter((action) => action.name === 'Activated'),
      cohorts: pulled.cohorts!.filter((cohort) => cohort.name === 'Power users'),
    })
    expect(there.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
  })

  it(
    '--to-host needs --to-api-key-env (a key goes only where it ' + 'was given for), and the variable must be set',
    async () => {
      const noKey = await cli(['copy', '--to-project', '2', '--to-host', production.server.url], env)
      expect(noKey).toMatchObject({ code: 2, stderr: expect.stringContaining('--to-host') })
      const unset = await cli(copy('--yes'), { ...env, PRODUCTION_KEY: '' })
      expect(unset.code).toBe(2)
      expect(unset.stderr).toContain('the variable PRODUCTION_KEY is not set')
      expect(production.fake.requests).toEqual([])
    },
  )

  it(
    'a saved copy plan applies only where it was made for: refused ' + 'against the source, applied against the target',
    async () => {
      const file = join(work, 'promotion.json')
      const saved = await cli(copy('--out', file), env)
      expect(saved.code).toBe(0)
      expect(production.fake.requests.filter((request) => request.method !== 'GET')).toEqual([])
      const stagingFrom = staging.fake.requests.length
      const wrong = await cli(['apply', file, '--yes'], env)
      expect(wrong.code).toBe(2)
      expect(wrong.stderr).toContain(
        `was made for project 2 at ${production.server.url}, not project 1 at ${staging.server.url}: nothing was sent`,
      )
      expect(staging.fake.requests.slice(stagingFrom).filter((request) => request.method !== 'GET')).toEqual([])
      const targetEnv = {
        POSTHOG_PERSONAL_API_KEY: TARGET_KEY,
        POSTHOG_PROJECT_ID: '2',
        POSTHOG_BASE_URL: production.server.url,
      }
      const applied = await cli(['apply', file, '--yes'], targetEnv)
      expect(applied.stdout.split('\n')[0]).toBe(
        `Plan for project 2 (${production.server.url}) from project 1 (${staging.server.url}): 6 to create, 0 to ` +
          `update, 0 to delete, 0 unchanged.`,
      )
      expect(applied).toMatchObject({ code: 0, stderr: '' })
      expect(applied.stdout).toContain('Applied 6, failed 0, skipped 0.')
    },
  )
})

/**
 * README's "Promoting to another host", run as written: each line in order, in this process, staging and
 * production two fakes on two sockets (two hosts, two keys). It applies with no failure, then plans empty in both.
 */
describe('README: promoting to another host', () => {
  const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = README.slice(README.indexOf('### Promoting to another host'))
  const block = section.slice(section.indexOf('```sh\n') + 6, section.indexOf('\n```', section.indexOf('```sh\n')))
  let staging: E2E
  let production: E2E
  let work: string
  beforeEach(async () => {
    staging = await startE2E({ projects: [111] })
    production = await startE2E({ projects: [222], apiKey: TARGET_KEY })
    work = mkdtempSync(join(tmpdir(), 'phc-readme-promotion-'))
    await stagingSetup(staging.client({ projectId: 111 }))
    // Production has a past of its own: its ids (and what the service derives from them) are not staging's.
    await production
      .client({ projectId: 222 })
      .holdouts.create({ name: 'Q1 holdout', filters: [{ properties: [], rollout_percentage: 5 }] })
  })
  afterEach(async () => {
    await staging.close()
    await production.close()
    rmSync(work, { recursive: true, force: true })
  })

  it(
    'applies with no failure, then the folder pulled from staging plans empty against staging and against ' +
      'production',
    async () => {
      const values: Record<string, string> = {
        'https://us.posthog.com': staging.server.url,
        'https://eu.posthog.com': production.server.url,
        phx_staging_key: staging.fake.apiKey,
        phx_production_key: TARGET_KEY,
        promoted: join(work, 'promoted'),
      }
      const real = (word: string) =>
        word.replace(/https:\/\/(us|eu)\.posthog\.com|phx_\w+_key|^promoted$/g, (found) => values[found] ?? found)
      const runs = await runReadmeLines(block, real)
      const [dry, applied, , stagingPlan, productionPlan] = runs
      expect(dry!.stdout).toContain(
        `Plan for project 222 (${production.server.url}) from project 111 (${staging.server.url}): 6 to create, ` +
          `0 to update, 0 to delete, 0 unchanged.`,
      )
      expect(applied!.stdout).toContain('Applied 6, failed 0, skipped 0.')
      expect(stagingPlan!.stdout).toBe(
        `Plan for project 111 (${staging.server.url}): 0 to create, 0 to update, 0 to delete, 6 unchanged.\n`,
      )
      expect(productionPlan!.stdout).toBe(
        `Plan for project 222 (${production.server.url}): 0 to create, 0 to update, 0 to delete, 6 unchanged.\n`,
      )
    },
  )
})

/**
 * README's "Promoting a dashboard with its insights", run as written: a dashboard with three insights (one counting
 * an action, one filtered by a cohort) and a text tile, pulled, copied to another project of the same service,
 * and the pulled folder plans empty there, every id in it the target's.
 */
describe('README: promoting a dashboard with its insights', () => {
  const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = README.slice(README.indexOf('### Promoting a dashboard with its insights'))
  const block = section.slice(section.indexOf('```sh\n') + 6, section.indexOf('\n```', section.indexOf('```sh\n')))
  let service: E2E
  let work: string
  beforeEach(async () => {
    service = await startE2E({ projects: [111, 222] })
    work = mkdtempSync(join(tmpdir(), 'phc-readme-dashboard-'))
  })
  afterEach(async () => {
    await service.close()
    rmSync(work, { recursive: true, force: true })
  })

  it(
    'copies the dashboard, its insights, their action and ' + 'cohort; the folder then plans empty in the target',
    async () => {
      const source = await growthDashboard(service.client({ projectId: 111 }))
      const values: Record<string, string> = {
        'https://us.posthog.com': service.server.url,
        phx_staging_key: service.fake.apiKey,
        growth: join(work, 'growth'),
      }
      const real = (word: string) => values[word] ?? word
      const runs = await runReadmeLines(block, real)
      const [, dry, applied, planned] = runs
      expect(dry!.stdout).toContain(
        'Plan for project 222 (' +
          service.server.url +
          ') from project 111 (' +
          service.server.url +
          '): 6 to create, 0 to update, 0 to delete, 0 unchanged.',
      )
      expect(applied!.stdout).toContain('Applied 6, failed 0, skipped 0.')
      expect(planned!.stdout).toBe(
        'Plan for project 222 (' + service.server.url + '): 0 to create, 0 to update, 0 to delete, 6 unchanged.\n',
      )
      const target = service.client({ projectId: 222 })
      const action = (await target.actions.list()).results[0]!
      const cohort = (await target.cohorts.list()).results[0]!
      const dashboard = await target.dashboards.retrieve((await target.dashboards.list()).results[0]!.id)
      const tiles = dashboard.tiles as Array<{
        insight: { id: number; query: unknown } | null
        text: { body: string } | null
        layouts: unknown
      }>
      expect(tiles.map((tile) => tile.layouts)).toEqual([layout(0, 0), layout(6, 0), layout(0, 5), layout(6, 5)])
      expect(tiles[3]!.text!.body).toBe('## What these mean')
      for (const tile of tiles.slice(0, 3)) expect(source.insights).not.toContain(tile.insight!.id)
      expect([action.id, cohort.id]).not.toContain(source.action)
      expect([action.id, cohort.id]).not.toContain(source.cohort)
      expect(JSON.stringify(tiles[0]!.insight!.query)).toContain(`"id":${action.id}`)
      expect(JSON.stringify(tiles[1]!.insight!.query)).toContain(`"value":${cohort.id}`)
    },
  )
})
