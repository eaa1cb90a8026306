import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import {
  apply,
  plan,
  readPlan,
  StalePlanError,
  writePlan,
  type Plan,
  type ProjectConfig,
} from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, writesSince } from './setup.js'

/**
 * Convergence and faults over the graph's kinds: a create of a dependency lost in flight, stale saved plans,
 * an abort between a dependency and what names it. Each ends with one of every resource and an empty plan.
 */
const pending = (result: Plan) =>
  result.changes
    .filter((change) => change.action !== 'unchanged')
    .map(({ kind, key, action }) => `${action} ${kind} ${key}`)

/** An action, the saved metric that counts it, the cohort a flag targets, a holdout the flag carries. */
const DESIRED: ProjectConfig = {
  actions: [{ name: 'Signed up', steps: [{ event: 'signed_up' }] }],
  savedMetrics: [
    {
      name: 'Signups',
      query: {
        kind: 'ExperimentMetric',
        metric_type: 'mean',
        source: { kind: 'ActionsNode', id: { $ref: 'actions/Signed up' } },
      },
    } as never,
  ],
  cohorts: [{ name: 'Beta users', is_static: true, _create_static_person_ids: [] }],
  holdouts: [{ name: 'Q4 holdout', filters: [{ properties: [], rollout_percentage: 10 }] }],
  featureFlags: [
    {
      key: 'beta-access',
      filters: {
        groups: [
          {
            properties: [{ type: 'cohort', key: 'id', value: { $ref: 'cohorts/Beta users' }, operator: 'in' }],
            rollout_percentage: 100,
          },
        ],
        holdout: { id: { $ref: 'holdouts/Q4 holdout' }, exclusion_percentage: 10 },
      },
    },
  ],
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

/** Every resource of the graph's kinds in the project, by kind, and the ids the metric and the flag name. */
async function state(client: ProjectClient) {
  const [actions, savedMetrics, cohorts, holdouts, featureFlags] = await Promise.all([
    all(client.actions.list()),
    all(client.savedMetrics.list()),
    all(client.cohorts.list()),
    all(client.holdouts.list()),
    all(client.featureFlags.list()),
  ])
  return {
    keys: {
      actions: actions.map((item) => item.name),
      savedMetrics: savedMetrics.map((item) => item.name),
      cohorts: cohorts.map((item) => item.name),
      holdouts: holdouts.map((item) => item.name),
      featureFlags: featureFlags.map((item) => item.key),
    },
    links: {
      metricCounts: savedMetrics.map((item) => (item.query as any).source.id),
      flagTargets: featureFlags.map((item) => (item.filters as any).groups[0].properties[0].value),
      flagHoldout: featureFlags.map((item) => (item.filters as any).holdout?.id),
    },
    ids: {
      action: actions.map((item) => item.id),
      cohort: cohorts.map((item) => item.id),
      holdout: holdouts.map((item) => item.id),
    },
  }
}

const ONE_OF_EACH = {
  actions: ['Signed up'],
  savedMetrics: ['Signups'],
  cohorts: ['Beta users'],
  holdouts: ['Q4 holdout'],
  featureFlags: ['beta-access'],
}

describe('the graph under faults', () => {
  const e2e = useE2E({ projects: [PRODUCTION] }, 'test')
  const client = () => e2e.client({ projectId: PRODUCTION, maxRetries: 0 })
  const converged = async (production: ProjectClient) => {
    const after = await state(production)
    expect(after.keys).toEqual(ONE_OF_EACH)
    expect(after.links).toEqual({
      metricCounts: after.ids.action,
      flagTargets: after.ids.cohort,
      flagHoldout: after.ids.holdout,
    })
    const replanned = await plan(production, DESIRED)
    expect(replanned.errors).toEqual([])
    expect(pending(replanned)).toEqual([])
  }

  it(
    'a dependency’s create answer lost after the service stored it: what names it is skipped, and the re-run ' +
      'finds the dependency and creates no second',
    async () => {
      const production = client()
      e2e.fake.faults.dropNext(1, { method: 'POST', path: `/api/projects/${PRODUCTION}/actions/`, afterApply: true })
      const first = await apply(production, await plan(production, DESIRED))
      expect(
        first.results
          .filter((result) => result.status !== 'applied')
          .map((result) => `${result.status} ${result.change.kind} ${result.change.key}`),
      ).toEqual(['failed actions Signed up', 'skipped savedMetrics Signups'])
      expect(first.applied).toBe(3)
      const replanned = await plan(production, DESIRED)
      expect(pending(replanned)).toEqual(['create savedMetrics Signups'])
      expect(await apply(production, replanned)).toMatchObject({ applied: 1, failed: 0, skipped: 0 })
      await converged(production)
    },
  )

  it(
    'a dependency’s create lost before the service stored it: what names it is not sent (skipped, naming it), ' +
      'and the re-run creates both once',
    async () => {
      const production = client()
      e2e.fake.faults.dropNext(1, { method: 'POST', path: `/api/projects/${PRODUCTION}/experiment_holdouts/` })
      const from = e2e.fake.requests.length
      const first = await apply(production, await plan(production, DESIRED))
      const failed = first.results.filter((result) => result.status !== 'applied')
      expect(failed.map((result) => `${result.status} ${result.change.kind} ${result.change.key}`)).toEqual([
        'failed holdouts Q4 holdout',
        'skipped featureFlags beta-access',
      ])
      expect(failed[1]!.error!.message).toBe(
        'not sent: it stands on holdouts "Q4 holdout" (create), which was not applied',
      )
      expect(writesSince(e2e.fake, from).filter((write) => write.path.includes('feature_flags'))).toEqual([])
      const replanned = await plan(production, DESIRED)
      expect(pending(replanned)).toEqual(['create holdouts Q4 holdout', 'create featureFlags beta-access'])
      expect(await apply(production, replanned)).toMatchObject({ applied: 2, failed: 0 })
      await converged(production)
    },
  )

  it.each([
    ['PATCH', 'an update of a flag', 'feature_flags'],
    ['DELETE', 'a delete of a holdout', 'experiment_holdouts'],
  ] as const)('a %s lost after it was stored (%s): the next plan finds it done', async (method, _what, group) => {
    const production = client()
    await apply(
      production,
      await plan(production, {
        ...DESIRED,
        holdouts: [...DESIRED.holdouts!, { name: 'Spare', filters: [{ properties: [], rollout_percentage: 5 }] }],
      }),
    )
    const edited: ProjectConfig = { ...DESIRED, featureFlags: [{ ...DESIRED.featureFlags![0]!, name: 'Beta access' }] }
    e2e.fake.faults.dropNext(1, {
      method,
      path: new RegExp(`/api/projects/${PRODUCTION}/${group}/\\d+/`),
      afterApply: true,
    })
    const first = await apply(production, await plan(production, edited, { prune: ['holdouts'] }))
    expect(first.failed).toBe(1)
    expect(pending(await plan(production, edited, { prune: ['holdouts'] }))).toEqual([])
    expect((await state(production)).keys).toEqual(ONE_OF_EACH)
  })

  it(
    'aborted between a dependency and what names it: the dependency is made, the rest skipped; the next plan ' +
      'links it and converges',
    async () => {
      const production = client()
      const planned = await plan(production, DESIRED)
      const controller = new AbortController()
      const report = await apply(production, planned, {
        concurrency: 1,
        signal: controller.signal,
        onProgress: ({ done }) => done === 1 && controller.abort(),
      })
      expect(report).toMatchObject({ applied: 1, skipped: 4, aborted: true })
      expect(report.results.filter((result) => result.status === 'applied').map((result) => result.change.key)).toEqual(
        ['Signed up'],
      )
      const replanned = await plan(production, DESIRED)
      expect(pending(replanned)).toEqual([
        'create cohorts Beta users',
        'create holdouts Q4 holdout',
        'create savedMetrics Signups',
        'create featureFlags beta-access',
      ])
      expect(await apply(production, replanned)).toMatchObject({ applied: 4, failed: 0 })
      await converged(production)
    },
  )

  describe('saved plans', () => {
    let dir: string
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'phc-graph-plan-'))
    })
    afterEach(() => rmSync(dir, { recursive: true, force: true }))

    it(
      'read back, a plan of the graph resolves its $refs in the ' + 'target (what it creates included) and converges',
      async () => {
        const production = client()
        const file = join(dir, 'plan.json')
        await writePlan(file, await plan(production, DESIRED))
        expect(await apply(production, await readPlan(file))).toMatchObject({ applied: 5, failed: 0 })
        await converged(production)
      },
    )

    it(
      'stale: a prune of a flag and its cohort, both changed by hand since, rejects with StalePlanError before ' +
        'any write',
      async () => {
        const production = client()
        await apply(production, await plan(production, DESIRED))
        const { ids } = await state(production)
        const file = join(dir, 'plan.json')
        await writePlan(file, await plan(production, { featureFlags: [], cohorts: [] }, { prune: true }))
        const flag = (await all(production.featureFlags.list()))[0]!
        await production.featureFlags.update(flag.id, { name: 'Changed by hand' })
        await production.cohorts.update(ids.cohort[0]!, { description: 'Changed by hand' })
        const from = e2e.fake.requests.length
        const error = await apply(production, await readPlan(file)).catch((caught: unknown) => caught)
        expect(error).toBeInstanceOf(StalePlanError)
        expect(
          (error as StalePlanError).changes.map((change) => `${change.action} ${change.kind} ${change.key}`),
        ).toEqual(['delete featureFlags beta-access', 'delete cohorts Beta users'])
        expect(writesSince(e2e.fake, from)).toEqual([])
      },
    )

    it('a saved prune deletes dependents first, as the plan that was reviewed', async () => {
      const production = client()
      const checkout = {
        key: 'checkout',
        filters: {
          groups: [
            {
              properties: [
                {
                  type: 'flag' as const,
                  key: { $ref: 'feature-flags/beta-access' },
                  value: true,
                  operator: 'flag_evaluates_to' as const,
                },
              ],
              rollout_percentage: 100,
            },
          ],
        },
      }
      await apply(
        production,
        await plan(production, { ...DESIRED, featureFlags: [...DESIRED.featureFlags!, checkout] }),
      )
      const file = join(dir, 'plan.json')
      await writePlan(
        file,
        await plan(
          production,
          { featureFlags: [], cohorts: [], holdouts: [], savedMetrics: [], actions: [] },
          { prune: true },
        ),
      )
      // The file keeps what each delete names, so that a flag goes before the flag it depends on.
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { changes: Array<{ key: string; references?: string[] }> }
      expect(saved.changes.map((change) => change.key)).toEqual([
        'checkout',
        'beta-access',
        'Signups',
        'Q4 holdout',
        'Beta users',
        'Signed up',
      ])
      expect(saved.changes[0]!.references).toEqual(['feature-flags/beta-access'])
      expect(saved.changes[1]!.references).toEqual(['cohorts/Beta users', 'holdouts/Q4 holdout'])
      const from = e2e.fake.requests.length
      expect(await apply(production, await readPlan(file), { concurrency: 4 })).toMatchObject({ applied: 6, failed: 0 })
      const order = writesSince(e2e.fake, from).map((write) => write.path.split('/')[4])
      const flagIds = writesSince(e2e.fake, from)
        .filter((write) => write.path.includes('feature_flags'))
        .map((write) => Number(write.path.split('/')[5]))
      expect(flagIds[0]).toBeGreaterThan(flagIds[1]!)
      expect(order.indexOf('feature_flags')).toBeLessThan(order.indexOf('cohorts'))
      expect(order.indexOf('feature_flags')).toBeLessThan(order.indexOf('experiment_holdouts'))
      expect(order.indexOf('experiment_saved_metrics')).toBeLessThan(order.indexOf('actions'))
    })
  })
})
