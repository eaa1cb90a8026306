import { describe, expect, it } from 'vitest'
import { apply, plan, planCopy, type ProjectConfig } from 'posthog-project-client/config'
import { InvalidArgumentError } from 'posthog-project-client'
import { useE2E } from '../helpers/fake-server.js'
import { PRODUCTION, STAGING, writesSince } from './setup.js'

/**
 * What the service refuses for a reason the files show is a plan error naming the spec and the resource, and
 * nothing is sent (docs/service-behaviour.md §11.2, §11.3).
 */
const person = { type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }
const performed = {
  type: 'behavioral',
  key: { $ref: 'actions/Signed up' },
  value: 'performed_event',
  event_type: 'actions',
  time_value: 30,
  time_interval: 'day',
}
const targeting = (cohort: string) => ({
  key: 'beta-access',
  filters: {
    groups: [
      {
        properties: [{ type: 'cohort', key: 'id', value: { $ref: `cohorts/${cohort}` }, operator: 'in' }],
        rollout_percentage: 100,
      },
    ],
  },
})

describe('refused at plan time', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')

  it(
    'a flag on a cohort built from an action (behavioral), directly or through a cohort it names: a plan error, ' +
      'nothing sent',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const base: ProjectConfig = {
        actions: [{ name: 'Signed up', steps: [{ event: 'signed_up' }] }],
        cohorts: [
          { name: 'Signed up lately', filters: { properties: { type: 'AND', values: [performed] } } } as never,
          {
            name: 'Pro and signed up',
            filters: {
              properties: {
                type: 'AND',
                values: [person, { type: 'cohort', key: 'id', value: { $ref: 'cohorts/Signed up lately' } }],
              },
            },
          } as never,
          { name: 'Pro', filters: { properties: { type: 'AND', values: [person] } } } as never,
        ],
      }
      const from = e2e.fake.requests.length
      const direct = await plan(staging, { ...base, featureFlags: [targeting('Signed up lately')] as never })
      expect(direct.errors).toEqual([
        {
          kind: 'featureFlags',
          key: 'beta-access',
          message:
            'filters.groups[0].properties[0]: cohort "Signed up lately" has behavioral (event-based) conditions, ' +
            'which the service refuses in a flag (behavioral_cohort_found): target a cohort of person properties',
        },
      ])
      const nested = await plan(staging, { ...base, featureFlags: [targeting('Pro and signed up')] as never })
      expect(nested.errors.map((error) => error.message)).toEqual([
        expect.stringContaining(
          'cohort "Pro and signed up" has behavioral (event-based) conditions through cohort "Signed up lately"',
        ),
      ])
      await expect(apply(staging, nested)).rejects.toThrow(InvalidArgumentError)
      expect(writesSince(e2e.fake, from)).toEqual([])
      // A cohort of person properties is fine.
      expect((await plan(staging, { ...base, featureFlags: [targeting('Pro')] as never })).errors).toEqual([])
    },
  )

  it(
    'a copied static cohort (its people stay behind) is refused by the plan, naming it, not by the service ' +
      'half-way',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const production = staging.withOptions({ projectId: PRODUCTION })
      const cohort = await staging.cohorts.create({ name: 'Imported', is_static: true, _create_static_person_ids: [] })
      await staging.featureFlags.create({
        key: 'early',
        filters: {
          groups: [
            { properties: [{ key: 'id', type: 'cohort', value: cohort.id, operator: 'in' }], rollout_percentage: 100 },
          ],
        },
      } as never)
      const from = e2e.fake.requests.length
      const copied = await planCopy(staging, production, { kinds: ['featureFlags'], keys: ['early'] })
      expect(copied.errors).toEqual([
        {
          kind: 'cohorts',
          key: 'Imported',
          message: expect.stringContaining(
            'static with no source: the service refuses it ("Invalid source for static cohort")',
          ),
        },
      ])
      await expect(apply(production, copied)).rejects.toThrow('nothing was sent')
      expect(writesSince(e2e.fake, from)).toEqual([])
    },
  )

  it('a flag created with no condition set', async () => {
    const staging = e2e.client({ projectId: STAGING })
    const result = await plan(staging, { featureFlags: [{ key: 'empty', filters: { groups: [] } }] })
    expect(result.errors).toEqual([
      {
        kind: 'featureFlags',
        key: 'empty',
        message: expect.stringContaining('Feature flags must have at least one condition set (group).'),
      },
    ])
  })
})
