import { describe, expect, it } from 'vitest'
import { apply, formatPlan, plan, type PlanChange, type ProjectConfig } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, writesSince } from './setup.js'
import { joined } from '../helpers/regex.js'

/**
 * A flag spec and an experiment spec with the same key are one flag (docs/service-behaviour.md §12.3): the
 * flag goes first, and the service links only a multivariate flag with a `control` variant.
 */
describe('the experiment and its flag', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const client = () => e2e.client({ projectId: PRODUCTION })
  const changed = (changes: PlanChange[]) =>
    changes.filter((change) => change.action !== 'unchanged').map(({ kind, key, action }) => `${action} ${kind} ${key}`)
  const targeting = {
    groups: [
      {
        properties: [{ type: 'person' as const, key: 'plan', operator: 'exact' as const, value: ['pro'] }],
        rollout_percentage: 40,
      },
    ],
  }
  const experiment = {
    name: 'Pricing page',
    feature_flag_key: 'pricing-page',
    parameters: {
      feature_flag_variants: [
        { key: 'control', split_percent: 30 },
        { key: 'cheaper', split_percent: 70 },
      ],
    },
  }

  it(
    'a flag spec that leaves filters.multivariate out is created with the experiment’s variants (control first), ' +
      'linked, and converges',
    async () => {
      const production = client()
      const desired: ProjectConfig = {
        featureFlags: [{ key: 'pricing-page', name: 'Pricing page', filters: targeting }],
        experiments: [experiment],
      }
      const planned = await plan(production, desired)
      expect(planned.errors).toEqual([])
      expect(changed(planned.changes)).toEqual(['create featureFlags pricing-page', 'create experiments pricing-page'])
      expect(planned.warnings).toEqual([
        {
          kind: 'featureFlags',
          key: 'pricing-page',
          message:
            'filters.multivariate is left out of the spec: created with the variants experiments/pricing-page ' +
            'gives its flag (control 30, cheaper 70), as the service links only a multivariate flag with a ' +
            '"control" variant to an experiment',
        },
      ])
      expect(formatPlan(planned)).toContain('(control 30, cheaper 70)')
      const from = e2e.fake.requests.length
      expect(await apply(production, planned)).toMatchObject({ applied: 2, failed: 0 })
      const [flagWrite, experimentWrite] = writesSince(e2e.fake, from)
      expect(flagWrite).toMatchObject({ method: 'POST', path: `/api/projects/${PRODUCTION}/feature_flags/` })
      expect(flagWrite!.body).toEqual({
        key: 'pricing-page',
        name: 'Pricing page',
        filters: {
          ...targeting,
          multivariate: {
            variants: [
              { key: 'control', rollout_percentage: 30 },
              { key: 'cheaper', rollout_percentage: 70 },
            ],
          },
        },
      })
      expect(experimentWrite).toMatchObject({ method: 'POST', path: `/api/projects/${PRODUCTION}/experiments/` })
      const flags = []
      for await (const flag of production.featureFlags.list()) flags.push(flag)
      expect(flags.map((flag) => flag.key)).toEqual(['pricing-page'])
      const created = []
      for await (const item of production.experiments.list()) created.push(item)
      expect((await production.experiments.retrieve(created[0]!.id)).feature_flag?.id).toBe(flags[0]!.id)
      const again = await plan(production, desired)
      expect(again.errors).toEqual([])
      expect(changed(again.changes)).toEqual([])
      expect(again.warnings).toEqual([])
    },
  )

  it('a flag spec without filters gets the experiment’s group and default variants (control/test 50/50)', async () => {
    const production = client()
    const desired: ProjectConfig = {
      featureFlags: [{ key: 'onboarding' }],
      experiments: [{ name: 'Onboarding', feature_flag_key: 'onboarding', parameters: { rollout_percentage: 20 } }],
    }
    const planned = await plan(production, desired)
    expect(planned.errors).toEqual([])
    const from = e2e.fake.requests.length
    expect(await apply(production, planned)).toMatchObject({ failed: 0 })
    expect(writesSince(e2e.fake, from)[0]!.body).toEqual({
      key: 'onboarding',
      filters: {
        groups: [{ properties: [], rollout_percentage: 20 }],
        multivariate: {
          variants: [
            { key: 'control', name: 'Control', rollout_percentage: 50 },
            { key: 'test', name: 'Test', rollout_percentage: 50 },
          ],
        },
      },
    })
    expect(changed((await plan(production, desired)).changes)).toEqual([])
  })

  it('a flag spec that says it is not multivariate, or has no control, is a plan error with nothing sent', async () => {
    const production = client()
    const from = e2e.fake.requests.length
    const boolean = await plan(production, {
      featureFlags: [{ key: 'pricing-page', filters: { ...targeting, multivariate: null } }],
      experiments: [experiment],
    })
    expect(boolean.errors).toEqual([
      {
        kind: 'experiments',
        key: 'pricing-page',
        message:
          'the flag spec feature-flags/pricing-page has fewer than two variants in filters.multivariate: the ' +
          'service links only a multivariate flag with a "control" variant to an experiment. Give the flag ' +
          'spec filters.multivariate.variants with "control" (or leave them out to get the experiment\'s), or ' +
          'leave the flag spec out and let the experiment create its flag',
      },
    ])
    const noControl = await plan(production, {
      featureFlags: [
        {
          key: 'pricing-page',
          filters: {
            ...targeting,
            multivariate: {
              variants: [
                { key: 'a', rollout_percentage: 50 },
                { key: 'b', rollout_percentage: 50 },
              ],
            },
          },
        },
      ],
      experiments: [experiment],
    })
    expect(noControl.errors[0]!.message).toMatch(
      /^the flag spec feature-flags\/pricing-page has no "control" variant in filters.multivariate/,
    )
    const experimentWithout = await plan(production, {
      featureFlags: [{ key: 'x' }],
      experiments: [
        {
          name: 'X',
          feature_flag_key: 'x',
          parameters: {
            feature_flag_variants: [
              { key: 'a', split_percent: 50 },
              { key: 'b', split_percent: 50 },
            ],
          },
        },
      ],
    })
    expect(experimentWithout.errors[0]!.message).toMatch(
      joined(
        /^parameters.feature_flag_variants, which the plan gives the flag spec feature-flags\/x \(it leaves /,
        /filters.multivariate out\), has no "control" variant/,
      ),
    )
    await expect(apply(production, boolean)).rejects.toThrow(/has 1 error/)
    expect(writesSince(e2e.fake, from)).toEqual([])
  })

  it(
    'a live boolean flag: its spec must make it multivariate before the experiment links it (the update goes ' +
      'first)',
    async () => {
      const production = client()
      const live = await production.featureFlags.create({ key: 'pricing-page', filters: targeting })
      const leftOut = await plan(production, {
        featureFlags: [{ key: 'pricing-page', filters: targeting }],
        experiments: [experiment],
      })
      expect(leftOut.errors[0]!.message).toMatch(
        new RegExp(
          `^the live flag pricing-page \\(id ${live.id}\\) has fewer than two variants and its spec leaves ` +
            `filters.multivariate out`,
        ),
      )
      const variants = [
        { key: 'control', rollout_percentage: 30 },
        { key: 'cheaper', rollout_percentage: 70 },
      ]
      const desired: ProjectConfig = {
        featureFlags: [{ key: 'pricing-page', filters: { ...targeting, multivariate: { variants } } }],
        experiments: [experiment],
      }
      const planned = await plan(production, desired)
      expect(planned.errors).toEqual([])
      expect(changed(planned.changes)).toEqual(['update featureFlags pricing-page', 'create experiments pricing-page'])
      expect(await apply(production, planned, { concurrency: 1 })).toMatchObject({ applied: 2, failed: 0 })
      expect(changed((await plan(production, desired)).changes)).toEqual([])
    },
  )

  it(
    'an update of a flag spec that leaves members of filters out sends them as the live flag has them: the ' +
      'experiment keeps its variants on any service',
    async () => {
      const production = client()
      const desired: ProjectConfig = {
        featureFlags: [{ key: 'pricing-page', filters: targeting }],
        experiments: [experiment],
      }
      await apply(production, await plan(production, desired))
      const widened = { groups: [{ ...targeting.groups[0]!, rollout_percentage: 100 }] }
      const planned = await plan(production, { ...desired, featureFlags: [{ key: 'pricing-page', filters: widened }] })
      expect(
        planned.changes.find((change) => change.kind === 'featureFlags')!.fields!.map((field) => field.path),
      ).toEqual(['filters.groups[0].rollout_percentage'])
      const from = e2e.fake.requests.length
      await apply(production, planned)
      const [patch] = writesSince(e2e.fake, from)
      expect(patch!.method).toBe('PATCH')
      expect((patch!.body as { filters: Record<string, unknown> }).filters).toMatchObject({
        ...widened,
        multivariate: {
          variants: [
            { key: 'control', rollout_percentage: 30 },
            { key: 'cheaper', rollout_percentage: 70 },
          ],
        },
      })
    },
  )
})
