import { describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import { apply, plan, planCopy, pull, type Plan, type ProjectConfig } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, writesSince } from './setup.js'

/**
 * Fields the service owns (docs/service-behaviour.md §11.3 to §11.7) are never the files': pull does not write them,
 * plan
 * does not compare them, apply does not send them. One folder planned against two projects converges in each.
 */
const pending = (result: Plan) =>
  result.changes
    .filter((change) => change.action !== 'unchanged')
    .map(({ kind, key, action }) => `${action} ${kind} ${key}`)
const INLINE = '11111111-1111-4111-8111-111111111111'

/** A saved condition as the service stores it: with the bytecode it compiled and the hash of the condition. */
const beta = (hash: string) => ({
  properties: {
    type: 'OR',
    values: [
      {
        type: 'person',
        key: 'beta',
        operator: 'exact',
        value: ['true'],
        negation: false,
        bytecode: ['_H', 1, 32, 'beta', hash],
        bytecode_error: null,
        conditionHash: hash,
      },
    ],
  },
})

describe('fields the service owns', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')

  /** The same setup made in a project: the service gives each its own ids, uuids, variants and bytecode. */
  async function setUp(client: ProjectClient, projectId: number, hash: string): Promise<void> {
    e2e.fake.seed.cohorts([{ name: 'Beta', filters: beta(hash), cohort_type: 'realtime' }], { projectId })
    const action = await client.actions.create({
      name: 'Signed up',
      steps: [{ event: 'signed_up', selector: 'a.cta' }],
    })
    const holdout = await client.holdouts.create({ name: 'Q3', filters: [{ properties: [], rollout_percentage: 5 }] })
    const metric = await client.savedMetrics.create({
      name: 'Signups',
      query: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'ActionsNode', id: action.id } },
    })
    const metrics = [
      {
        kind: 'ExperimentMetric',
        metric_type: 'mean',
        uuid: INLINE,
        source: { kind: 'EventsNode', event: '$pageview' },
      },
    ]
    const experiment = await client.experiments.create({
      name: 'Checkout v3',
      feature_flag_key: 'checkout-v3',
      holdout_id: holdout.id,
      saved_metrics_ids: [{ id: metric.id, metadata: { type: 'primary' } }],
      metrics,
      primary_metrics_ordered_uuids: [INLINE],
    } as never)
    // The service lists the saved metric's uuid in the ordering too.
    await client.experiments.update(experiment.id, {
      primary_metrics_ordered_uuids: [INLINE, (metric.query as { uuid: string }).uuid],
    } as never)
  }

  it(
    'pull writes none of them; the folder of one project plans empty in another that has the same setup, and ' +
      'applies there',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const production = staging.withOptions({ projectId: PRODUCTION })
      await setUp(staging, STAGING, 'aaaa1111')
      await setUp(production, PRODUCTION, 'bbbb2222')
      const config = await pull(staging)
      expect(config.holdouts![0]!.filters[0]).toEqual({ properties: [], rollout_percentage: 5 })
      expect(config.savedMetrics![0]!.query).not.toHaveProperty('uuid')
      expect(config.cohorts![0]).not.toHaveProperty('cohort_type')
      expect(JSON.stringify(config.cohorts)).not.toMatch(/bytecode|conditionHash/)
      expect(config.experiments![0]!.primary_metrics_ordered_uuids).toEqual([INLINE])
      expect(JSON.stringify(config.actions)).not.toContain('selector_regex')
      for (const target of [staging, production]) expect(pending(await plan(target, config))).toEqual([])
    },
  )

  it(
    'one folder planned and applied against two projects converges in each; an edited condition is sent without ' +
      'the old bytecode',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const production = staging.withOptions({ projectId: PRODUCTION })
      await setUp(staging, STAGING, 'aaaa1111')
      // A file an older pull wrote holds what the service owns: it is neither compared nor sent.
      const config = (await pull(staging)) as ProjectConfig
      config.holdouts![0]!.filters[0]!.variant = 'holdout-1'
      ;(config.savedMetrics![0]!.query as Record<string, unknown>).uuid = '01960000-0000-7000-8000-000000000001'
      const cohort = config.cohorts![0]! as unknown as { filters: ReturnType<typeof beta> }
      cohort.filters = beta('aaaa1111')
      cohort.filters.properties.values[0]!.value = ['yes']
      for (const target of [production, staging]) {
        const result = await plan(target, config)
        expect(result.errors).toEqual([])
        const from = e2e.fake.requests.length
        const report = await apply(target, result)
        expect(report.failed).toBe(0)
        expect(JSON.stringify(writesSince(e2e.fake, from))).not.toMatch(
          /bytecode|conditionHash|holdout-1|01960000-0000-7000-8000-000000000001/,
        )
        expect(pending(await plan(target, config))).toEqual([])
      }
      // Staging's change was the condition's value alone.
      const [cohortLive] = (await staging.cohorts.list()).results
      expect(JSON.stringify(cohortLive!.filters)).toContain('"value":["yes"]')
      // Both projects converge: each plans empty against the same folder.
      for (const target of [staging, production]) expect(pending(await plan(target, config))).toEqual([])
    },
  )

  it(
    "an experiment's parameters show its flag's config (the service projects it on read): the flag's, never sent " +
      'with the experiment',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const production = staging.withOptions({ projectId: PRODUCTION })
      const variants = [
        { key: 'control', rollout_percentage: 40 },
        { key: 'cheaper', rollout_percentage: 60 },
      ]
      await staging.featureFlags.create({
        key: 'checkout-v4',
        filters: { groups: [{ properties: [], rollout_percentage: 100 }], multivariate: { variants } },
      } as never)
      const experiment = await staging.experiments.create({
        name: 'Checkout v4',
        feature_flag_key: 'checkout-v4',
        parameters: { variant_notes: { cheaper: '9 instead of 12' } },
      } as never)
      // As the service reads it back: the linked flag's config projected into `parameters`.
      const projected = {
        variant_notes: { cheaper: '9 instead of 12' },
        feature_flag_variants: variants.map((variant) => ({ ...variant, split_percent: variant.rollout_percentage })),
        rollout_percentage: 100,
        ensure_experience_continuity: false,
      }
      Object.assign(e2e.fake.stateOf(STAGING).experiments.get(experiment.id)!, { parameters: projected })
      const config = await pull(staging, { kinds: ['experiments', 'featureFlags'] })
      expect(config.experiments![0]!.parameters).toEqual({ variant_notes: { cheaper: '9 instead of 12' } })
      const copied = await planCopy(staging, production, { kinds: ['experiments'] })
      expect(pending(copied)).toEqual(['create featureFlags checkout-v4', 'create experiments checkout-v4'])
      const from = e2e.fake.requests.length
      expect(await apply(production, copied)).toMatchObject({ failed: 0, skipped: 0 })
      const sent = writesSince(e2e.fake, from).find((request) => request.path.endsWith('/experiments/'))!
        .body as Record<string, unknown>
      // The service refuses flag config on a create that links an existing flag; the flag spec carries it instead.
      expect(sent.parameters).toEqual({ variant_notes: { cheaper: '9 instead of 12' } })
      expect(pending(await plan(staging, config))).toEqual([])
    },
  )
})
