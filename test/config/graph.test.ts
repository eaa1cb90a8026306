import { describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import {
  apply,
  formatPlan,
  plan,
  planCopy,
  pull,
  type PlanChange,
  type ProjectConfig,
} from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, writesSince } from './setup.js'

/** The project's graph over a socket against the fake with three projects: references, order, closures. */
const QA = 3
const changed = (changes: PlanChange[]) =>
  changes.filter((change) => change.action !== 'unchanged').map(({ kind, key, action }) => `${action} ${kind} ${key}`)

/** An experiment with everything it stands on, made in `client`'s project; the ids it made. */
async function experimentClosure(client: ProjectClient) {
  const action = await client.actions.create({ name: 'Signed up', steps: [{ event: 'signed_up' }] })
  // Dynamic: a copied static cohort has no people to bring and is refused at plan time (test/config/refusals.test.ts).
  const cohort = await client.cohorts.create({
    name: 'Beta users',
    filters: {
      properties: { type: 'AND', values: [{ type: 'person', key: 'beta', operator: 'exact', value: ['true'] }] },
    },
  } as never)
  const beta = await client.featureFlags.create({
    key: 'beta-access',
    filters: {
      groups: [
        { properties: [{ type: 'cohort', key: 'id', value: cohort.id, operator: 'in' }], rollout_percentage: 100 },
      ],
    },
  })
  const holdout = await client.holdouts.create({
    name: 'Q4 holdout',
    filters: [{ properties: [], rollout_percentage: 10 }],
  })
  const metric = {
    kind: 'ExperimentMetric',
    metric_type: 'mean',
    source: { kind: 'ActionsNode', id: action.id },
  } as const
  const saved = await client.savedMetrics.create({ name: 'Signups', query: metric } as never)
  const variants = [
    { key: 'control', rollout_percentage: 50 },
    { key: 'test', rollout_percentage: 50 },
  ]
  const flag = await client.featureFlags.create({
    key: 'checkout-v2',
    filters: {
      groups: [
        {
          properties: [{ type: 'flag', key: String(beta.id), value: true, operator: 'flag_evaluates_to' }],
          rollout_percentage: 100,
        },
      ],
      multivariate: { variants },
    },
  })
  const experiment = await client.experiments.create({
    name: 'Checkout v2',
    feature_flag_key: 'checkout-v2',
    holdout_id: holdout.id,
    saved_metrics_ids: [{ id: saved.id, metadata: { type: 'primary' } }],
  } as never)
  return { action, cohort, beta, holdout, saved, flag, experiment }
}

describe('the project graph: references by key, dependency order, copies with their closure', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION, QA] }, 'test')
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return {
      staging,
      production: staging.withOptions({ projectId: PRODUCTION }),
      qa: staging.withOptions({ projectId: QA }),
    }
  }

  it('pull writes a $ref for every id of a pulled resource', async () => {
    const { staging } = clients()
    await experimentClosure(staging)
    const pulled = await pull(staging)
    const experiment = pulled.experiments!.find((spec) => spec.feature_flag_key === 'checkout-v2')!
    expect(experiment.holdout_id).toEqual({ $ref: 'holdouts/Q4 holdout' })
    expect(experiment.saved_metrics_ids).toEqual([
      { id: { $ref: 'saved-metrics/Signups' }, metadata: { type: 'primary' } },
    ])
    const flag = pulled.featureFlags!.find((spec) => spec.key === 'checkout-v2')!
    expect((flag.filters as any).groups[0].properties[0].key).toEqual({ $ref: 'feature-flags/beta-access' })
    const beta = pulled.featureFlags!.find((spec) => spec.key === 'beta-access')!
    expect((beta.filters as any).groups[0].properties[0].value).toEqual({ $ref: 'cohorts/Beta users' })
    expect((pulled.savedMetrics![0]!.query as any).source.id).toEqual({ $ref: 'actions/Signed up' })
    expect(JSON.stringify(pulled)).not.toMatch(/"holdout_id":\d/)
  })

  it(
    'copies an experiment with its closure to an empty project, in dependency order; every id names a target ' +
      'resource; then the plan is empty',
    async () => {
      const { staging, production } = clients()
      await experimentClosure(staging)
      const from = e2e.fake.requests.length
      const planned = await planCopy(staging, production, { kinds: ['experiments'], keys: ['checkout-v2'] })
      expect(writesSince(e2e.fake, from)).toEqual([])
      expect(planned.errors).toEqual([])
      expect(changed(planned.changes).sort()).toEqual(
        [
          'create actions Signed up',
          'create cohorts Beta users',
          'create experiments checkout-v2',
          'create featureFlags beta-access',
          'create featureFlags checkout-v2',
          'create holdouts Q4 holdout',
          'create savedMetrics Signups',
        ].sort(),
      )
      expect(planned.warnings.filter((warning) => warning.message.startsWith('created: '))).toHaveLength(6)
      const text = formatPlan(planned)
      expect(text).toContain(
        `Warning: cohorts "Beta users": created: feature-flags/beta-access needs it and project ${PRODUCTION} has none`,
      )
      expect(text).toContain('created: experiments/checkout-v2 needs it')
      expect(text).not.toMatch(/"id":\s*\d/)

      const start = e2e.fake.requests.length
      const report = await apply(production, planned)
      expect(report.failed).toBe(0)
      const writes = writesSince(e2e.fake, start).filter((write) => write.method === 'POST')
      const order = writes.map((write) => write.path.split('/')[4])
      // Each resource is written after everything it names.
      const at = (group: string, nth = 0) =>
        order.map((name, index) => [name, index] as const).filter(([name]) => name === group)[nth]![1]
      expect(at('actions')).toBeLessThan(at('experiment_saved_metrics'))
      expect(at('cohorts')).toBeLessThan(at('feature_flags', 0))
      expect(at('feature_flags', 0)).toBeLessThan(at('feature_flags', 1))
      expect((writes[order.indexOf('feature_flags')]!.body as any).key).toBe('beta-access')
      for (const group of ['experiment_holdouts', 'experiment_saved_metrics', 'feature_flags', 'actions'])
        expect(at(group)).toBeLessThan(at('experiments'))

      // Every id in the target names a target resource.
      const target = await targetIds(production)
      const experiment = target.experiments.find((item: any) => item.feature_flag_key === 'checkout-v2')
      expect(experiment.holdout.id).toBe(target.holdouts[0].id)
      expect(experiment.saved_metrics.map((link: any) => link.saved_metric)).toEqual([target.savedMetrics[0].id])
      const checkout = target.featureFlags.find((item: any) => item.key === 'checkout-v2')
      const beta = target.featureFlags.find((item: any) => item.key === 'beta-access')
      expect(checkout.filters.groups[0].properties[0].key).toBe(String(beta.id))
      expect(beta.filters.groups[0].properties[0].value).toBe(target.cohorts[0].id)
      expect(experiment.feature_flag.id).toBe(checkout.id)
      expect(target.savedMetrics[0].query.source.id).toBe(target.actions[0].id)

      const again = await planCopy(staging, production, { kinds: ['experiments'], keys: ['checkout-v2'] })
      expect(again.errors).toEqual([])
      expect(changed(again.changes)).toEqual([])
    },
  )

  it('a second copy to a project that already has the action links it instead of creating it twice', async () => {
    const { staging, qa } = clients()
    await experimentClosure(staging)
    const existing = await qa.actions.create({ name: 'Signed up', steps: [{ event: 'signed_up' }] })
    const planned = await planCopy(staging, qa, { keys: ['checkout-v2'], kinds: ['experiments'] })
    expect(planned.errors).toEqual([])
    expect(changed(planned.changes)).not.toContain('create actions Signed up')
    expect(planned.warnings).toContainEqual({
      kind: 'actions',
      key: 'Signed up',
      message: `linked: saved-metrics/Signups needs it and project ${QA} has it (id ${existing.id}), left as it is`,
    })
    expect(await apply(qa, planned)).toMatchObject({ failed: 0 })
    const actions = []
    for await (const action of qa.actions.list()) actions.push(action)
    expect(actions.map((action) => action.id)).toEqual([existing.id])
    const target = await targetIds(qa)
    expect(target.savedMetrics[0].query.source.id).toBe(existing.id)
  })

  it(
    'an inline ActionsNode of an experiment metric (metrics, secondary, exposure) is pulled as a $ref, resolved ' +
      'in the target and copied with its action',
    async () => {
      const { staging, production } = clients()
      // Ids differ between the projects: the target's action must not happen to have the source's id.
      await production.actions.create({ name: 'Unrelated', steps: [{ event: 'x' }] })
      await staging.actions.create({ name: 'Filler', steps: [{ event: 'y' }] })
      const action = await staging.actions.create({ name: 'Upgraded', steps: [{ event: 'upgraded' }] })
      const node = { kind: 'ActionsNode', id: action.id } as const
      await staging.experiments.create({
        name: 'Upgrade nudge',
        feature_flag_key: 'upgrade-nudge',
        metrics: [{ kind: 'ExperimentMetric', metric_type: 'mean', source: node }],
        metrics_secondary: [
          {
            kind: 'ExperimentMetric',
            metric_type: 'funnel',
            series: [{ kind: 'EventsNode', event: '$pageview' }, node],
          },
        ],
        exposure_criteria: { exposure_config: node },
      } as never)
      const pulled = await pull(staging, { kinds: ['experiments', 'actions', 'featureFlags'] })
      const spec = pulled.experiments!.find((item) => item.feature_flag_key === 'upgrade-nudge') as any
      const ref = { $ref: 'actions/Upgraded' }
      expect(spec.metrics[0].source.id).toEqual(ref)
      expect(spec.metrics_secondary[0].series[1].id).toEqual(ref)
      expect(spec.exposure_criteria.exposure_config.id).toEqual(ref)
      // Planned back onto its own project: resolved to the same action, nothing to change.
      expect(changed((await plan(staging, pulled)).changes)).toEqual([])

      const planned = await planCopy(staging, production, { kinds: ['experiments'], keys: ['upgrade-nudge'] })
      expect(planned.errors).toEqual([])
      expect(changed(planned.changes)).toEqual([
        'create actions Upgraded',
        'create featureFlags upgrade-nudge',
        'create experiments upgrade-nudge',
      ])
      expect(planned.warnings).toContainEqual({
        kind: 'actions',
        key: 'Upgraded',
        message: `created: experiments/upgrade-nudge needs it and project ${PRODUCTION} has none`,
      })
      expect(await apply(production, planned)).toMatchObject({ failed: 0 })
      const target = await targetIds(production)
      const targetAction = target.actions.find((item: any) => item.name === 'Upgraded')
      expect(targetAction.id).not.toBe(action.id)
      const [experiment] = target.experiments
      expect(experiment.metrics[0].source.id).toBe(targetAction.id)
      expect(experiment.metrics_secondary[0].series[1].id).toBe(targetAction.id)
      expect(experiment.exposure_criteria.exposure_config.id).toBe(targetAction.id)
      expect(
        changed((await planCopy(staging, production, { kinds: ['experiments'], keys: ['upgrade-nudge'] })).changes),
      ).toEqual([])
    },
  )

  it('prune deletes dependents first', async () => {
    const { staging } = clients()
    await experimentClosure(staging)
    const keep: ProjectConfig = {
      experiments: [],
      featureFlags: [],
      cohorts: [],
      holdouts: [],
      savedMetrics: [],
      actions: [],
    }
    const planned = await plan(staging, keep, { prune: true })
    expect(planned.errors).toEqual([])
    const start = e2e.fake.requests.length
    expect(await apply(staging, planned)).toMatchObject({ failed: 0 })
    const deletes = writesSince(e2e.fake, start).map((write) => write.path.split('/').slice(4, 6).join('/'))
    const index = (group: string) => deletes.findIndex((path) => path.startsWith(group))
    expect(index('experiments')).toBeLessThan(index('feature_flags'))
    expect(index('feature_flags')).toBeLessThan(index('cohorts'))
    expect(index('experiment_saved_metrics')).toBeLessThan(index('actions'))
    // checkout-v2 depends on beta-access: it goes first.
    const flags = writesSince(e2e.fake, start).filter((write) => write.path.includes('feature_flags'))
    const ids = await staging.featureFlags
      .list({ archived: false })
      .then(() => flags.map((write) => Number(write.path.split('/')[5])))
    expect(ids[0]).toBeGreaterThan(ids[1]!)
  })

  it('a $ref cycle and an unresolvable $ref are plan errors, and nothing is sent', async () => {
    const { production } = clients()
    const flag = (key: string, other: string) => ({
      key,
      filters: {
        groups: [
          {
            properties: [
              {
                type: 'flag' as const,
                key: { $ref: `feature-flags/${other}` },
                value: true,
                operator: 'flag_evaluates_to' as const,
              },
            ],
            rollout_percentage: 100,
          },
        ],
      },
    })
    const start = e2e.fake.requests.length
    const cycle = await plan(production, { featureFlags: [flag('a', 'b'), flag('b', 'a')] })
    expect(cycle.errors).toEqual([
      {
        kind: 'featureFlags',
        key: 'a',
        message:
          'filters.groups[0].properties[0].key: a cycle of references: feature-flags/a → feature-flags/b → ' +
          'feature-flags/a; nothing can be created first',
      },
    ])
    const missing = await plan(production, { featureFlags: [flag('a', 'nowhere')] })
    expect(missing.errors).toEqual([
      {
        kind: 'featureFlags',
        key: 'a',
        message:
          `filters.groups[0].properties[0].key: $ref "feature-flags/nowhere" names nothing: no featureFlags has ` +
          `the key "nowhere" in project ${PRODUCTION} or in the configuration`,
      },
    ])
    const wrongKind = await plan(production, {
      experiments: [{ name: 'X', feature_flag_key: 'x', holdout_id: { $ref: 'cohorts/Beta users' } }],
    })
    expect(wrongKind.errors[0]!.message).toContain('names a resource of cohorts, where the id of one of holdouts goes')
    await expect(apply(production, cycle)).rejects.toThrow(/has 1 error/)
    expect(writesSince(e2e.fake, start)).toEqual([])
  })

  it('a create of a dependency lost in flight leaves no duplicate after the next apply', async () => {
    const { staging, production } = clients()
    await experimentClosure(staging)
    const planned = await planCopy(staging, production, { kinds: ['experiments'], keys: ['checkout-v2'] })
    e2e.fake.faults.dropNext(1, { method: 'POST', path: `/api/projects/${PRODUCTION}/actions/`, afterApply: true })
    const report = await apply(production, planned)
    expect(report.failed).toBeGreaterThan(0)
    const next = await planCopy(staging, production, { kinds: ['experiments'], keys: ['checkout-v2'] })
    expect(next.errors).toEqual([])
    expect(changed(next.changes)).not.toContain('create actions Signed up')
    expect(await apply(production, next)).toMatchObject({ failed: 0 })
    const actions = []
    for await (const action of production.actions.list()) actions.push(action)
    expect(actions).toHaveLength(1)
    expect(
      changed((await planCopy(staging, production, { kinds: ['experiments'], keys: ['checkout-v2'] })).changes),
    ).toEqual([])
  })
})

async function targetIds(
  client: ProjectClient,
): Promise<Record<'experiments' | 'featureFlags' | 'cohorts' | 'actions' | 'holdouts' | 'savedMetrics', any[]>> {
  const all = async <T>(items: AsyncIterable<T>) => {
    const out: T[] = []
    for await (const item of items) out.push(item)
    return out
  }
  return {
    experiments: await Promise.all(
      (await all(client.experiments.list())).map((item) => client.experiments.retrieve(item.id)),
    ),
    featureFlags: await all(client.featureFlags.list()),
    cohorts: await all(client.cohorts.list()),
    actions: await all(client.actions.list()),
    holdouts: await all(client.holdouts.list()),
    savedMetrics: await all(client.savedMetrics.list()),
  }
}
