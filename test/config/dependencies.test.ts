import { describe, expect, it } from 'vitest'
import { apply, DependencyFailedError, planCopy, pull, type Plan } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, writesSince } from './setup.js'

/** Failed dependencies are skipped, naming the dependency; an experiment's own flag is promoted whole. */
const pending = (result: Plan) =>
  result.changes
    .filter((change) => change.action !== 'unchanged')
    .map(({ kind, key, action }) => `${action} ${kind} ${key}`)

describe('apply: what stands on a change that was not applied', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const variants = [
    { key: 'control', rollout_percentage: 30 },
    { key: 'cheaper', rollout_percentage: 70 },
  ]

  async function staging() {
    const client = e2e.client({ projectId: STAGING })
    const cohort = await client.cohorts.create({
      name: 'Beta',
      filters: {
        properties: { type: 'OR', values: [{ type: 'person', key: 'beta', operator: 'exact', value: ['true'] }] },
      },
    } as never)
    const groups = [
      { properties: [{ key: 'id', type: 'cohort', value: cohort.id, operator: 'in' }], rollout_percentage: 100 },
    ]
    await client.featureFlags.create({
      key: 'checkout-v3',
      filters: { groups, multivariate: { variants }, payloads: { cheaper: '{"price":9}' } },
    } as never)
    await client.experiments.create({ name: 'Checkout v3', feature_flag_key: 'checkout-v3' })
    return client
  }

  it(
    'an experiment whose own flag failed is skipped, its error ' + 'naming the flag, and nothing is sent for it',
    async () => {
      const source = await staging()
      const production = source.withOptions({ projectId: PRODUCTION })
      const result = await planCopy(source, production, { kinds: ['experiments'] })
      expect(pending(result)).toEqual([
        'create cohorts Beta',
        'create featureFlags checkout-v3',
        'create experiments checkout-v3',
      ])
      e2e.fake.faults.failNext(1, { method: 'POST', path: `/api/projects/${PRODUCTION}/feature_flags/`, status: 400 })
      const from = e2e.fake.requests.length
      const report = await apply(production, result)
      expect(report.results.map(({ change, status }) => `${status} ${change.kind} ${change.key}`)).toEqual([
        'applied cohorts Beta',
        'failed featureFlags checkout-v3',
        'skipped experiments checkout-v3',
      ])
      expect({ applied: report.applied, failed: report.failed, skipped: report.skipped }).toEqual({
        applied: 1,
        failed: 1,
        skipped: 1,
      })
      const skipped = report.results[2]!.error
      expect(skipped).toBeInstanceOf(DependencyFailedError)
      expect(skipped!.message).toBe('not sent: it stands on featureFlags "checkout-v3" (create), which was not applied')
      expect(writesSince(e2e.fake, from).filter((request) => request.path.includes('/experiments/'))).toEqual([])
      // No experiment, and so no flag the service would have made for it.
      expect(await pull(production, { kinds: ['experiments', 'featureFlags'] })).toMatchObject({
        experiments: [],
        featureFlags: [],
      })
    },
  )

  it(
    "the experiment's own flag is promoted whole: a default flag in the target is updated to the source's, never " +
      'linked as it is',
    async () => {
      const source = await staging()
      const production = source.withOptions({ projectId: PRODUCTION })
      // What the service makes for an experiment created without its flag: control/test, no targeting, no payloads.
      await production.featureFlags.create({
        key: 'checkout-v3',
        filters: {
          groups: [{ properties: [], rollout_percentage: 100 }],
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 50 },
              { key: 'test', rollout_percentage: 50 },
            ],
          },
        },
      } as never)
      const result = await planCopy(source, production, { kinds: ['experiments'] })
      expect(result.errors).toEqual([])
      expect(pending(result)).toEqual([
        'create cohorts Beta',
        'update featureFlags checkout-v3',
        'create experiments checkout-v3',
      ])
      expect(result.warnings).toContainEqual({
        kind: 'featureFlags',
        key: 'checkout-v3',
        message:
          `promoted whole: the own flag of experiments/checkout-v3, updated to the source's variants, payloads and ` +
          `conditions where project ${PRODUCTION}'s differs`,
      })
      const report = await apply(production, result)
      expect(report.failed + report.skipped).toBe(0)
      const [flag] = (await pull(production, { kinds: ['featureFlags', 'cohorts'] })).featureFlags!
      expect(flag!.filters).toMatchObject({
        multivariate: { variants },
        payloads: { cheaper: '{"price":9}' },
        groups: [{ properties: [{ type: 'cohort', value: { $ref: 'cohorts/Beta' } }] }],
      })
      expect(pending(await planCopy(source, production, { kinds: ['experiments'] }))).toEqual([])
    },
  )
})
