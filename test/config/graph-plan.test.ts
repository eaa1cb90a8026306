import { describe, expect, it } from 'vitest'
import type { ProjectClient } from 'posthog-project-client'
import { apply, formatPlan, plan, pull, type PlanChange, type ProjectConfig } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { STAGING, writesSince } from './setup.js'
import { joined } from '../helpers/regex.js'

/** What a plan does with the graph's references: prune that would leave one behind, renames, the order it lists. */
const changed = (changes: PlanChange[]) =>
  changes.filter((change) => change.action !== 'unchanged').map(({ kind, key, action }) => `${action} ${kind} ${key}`)

/** A cohort a flag targets; an action a saved metric counts and a hog function filters on. */
async function dependents(client: ProjectClient) {
  const cohort = await client.cohorts.create({ name: 'Beta users', is_static: true, _create_static_person_ids: [] })
  const flag = await client.featureFlags.create({
    key: 'beta-access',
    filters: {
      groups: [
        { properties: [{ type: 'cohort', key: 'id', value: cohort.id, operator: 'in' }], rollout_percentage: 100 },
      ],
    },
  })
  const action = await client.actions.create({ name: 'Signed up', steps: [{ event: 'signed_up' }] })
  await client.savedMetrics.create({
    name: 'Signups',
    query: { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'ActionsNode', id: action.id } },
  } as never)
  await client.hogFunctions.create({
    type: 'destination',
    name: 'Signup hook',
    hog: 'print(event)',
    filters: { actions: [{ id: String(action.id), type: 'actions', name: 'Signed up' }] },
  })
  return { cohort, flag, action }
}

describe('the graph in a plan', () => {
  const e2e = useE2E({ projects: [STAGING] }, 'test')
  const client = () => e2e.client({ projectId: STAGING })

  describe('prune never leaves a reference behind', () => {
    it('a delete of what a staying spec names is a plan error, and nothing is sent', async () => {
      const staging = client()
      await dependents(staging)
      const pulled = await pull(staging, { kinds: ['featureFlags', 'cohorts'] })
      const from = e2e.fake.requests.length
      const planned = await plan(staging, { featureFlags: pulled.featureFlags!, cohorts: [] }, { prune: ['cohorts'] })
      expect(planned.errors).toEqual([
        {
          kind: 'cohorts',
          key: 'Beta users',
          message:
            'not deleted: feature-flags/beta-access (filters.groups[0].properties[0].value) stays and names ' +
            'it; remove the reference, or delete that too',
        },
      ])
      await expect(apply(staging, planned)).rejects.toThrow(/has 1 error/)
      expect(writesSince(e2e.fake, from)).toEqual([])
    })

    it(
      'what names it may be of a kind the configuration does not ' + 'manage: the plan reads those kinds to know',
      async () => {
        const staging = client()
        await dependents(staging)
        const planned = await plan(staging, { actions: [] }, { prune: true })
        expect(planned.errors).toEqual([
          {
            kind: 'actions',
            key: 'Signed up',
            message:
              'not deleted: saved-metrics/Signups (query.source.id), hog-functions/Signup hook ' +
              '(filters.actions[0].id) stay and name it; remove the reference, or delete those too',
          },
        ])
        // An experiment names the flag of its key.
        await staging.experiments.create({ name: 'Beta', feature_flag_key: 'beta-exp' })
        const flags = await plan(staging, { featureFlags: [] }, { prune: true })
        expect(flags.errors.map((error) => `${error.key}: ${error.message}`)).toContainEqual(
          'beta-exp: not deleted: experiments/beta-exp (feature_flag_key) stays and names it; remove the ' +
            'reference, or delete that too',
        )
      },
    )

    it(
      'deleted together, or the reference dropped by an update the same apply makes first: no error, and apply ' +
        'succeeds',
      async () => {
        const staging = client()
        await dependents(staging)
        const both = await plan(staging, { featureFlags: [], cohorts: [] }, { prune: true })
        expect(both.errors).toEqual([])
        expect(changed(both.changes)).toEqual(['delete featureFlags beta-access', 'delete cohorts Beta users'])

        const dropped: ProjectConfig = {
          featureFlags: [{ key: 'beta-access', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } }],
          cohorts: [],
        }
        const planned = await plan(staging, dropped, { prune: true })
        expect(planned.errors).toEqual([])
        expect(changed(planned.changes)).toEqual(['update featureFlags beta-access', 'delete cohorts Beta users'])
        expect(await apply(staging, planned)).toMatchObject({ applied: 2, failed: 0 })
        expect(changed((await plan(staging, dropped, { prune: true })).changes)).toEqual([])
      },
    )
  })

  describe('$renamedFrom and references', () => {
    it(
      'references to a renamed resource name its new key: they resolve to it, the plan changes nothing else, and ' +
        'a reference to the old key says what to write',
      async () => {
        const staging = client()
        const { cohort } = await dependents(staging)
        const pulled = await pull(staging, { kinds: ['featureFlags', 'cohorts'] })
        const flag = pulled.featureFlags![0]!
        const renamed: ProjectConfig = {
          cohorts: [{ ...pulled.cohorts![0]!, name: 'Beta testers', $renamedFrom: 'Beta users' }],
          featureFlags: [JSON.parse(JSON.stringify(flag).replace('cohorts/Beta users', 'cohorts/Beta testers'))],
        }
        const planned = await plan(staging, renamed, { prune: true })
        expect(planned.errors).toEqual([])
        expect(changed(planned.changes)).toEqual(['update cohorts Beta testers'])
        expect(planned.changes.find((change) => change.kind === 'featureFlags')).toMatchObject({ action: 'unchanged' })
        expect(await apply(staging, planned)).toMatchObject({ applied: 1, failed: 0 })
        const after = await pull(staging, { kinds: ['featureFlags', 'cohorts'] })
        const condition = (after.featureFlags![0]!.filters as any).groups[0].properties[0]
        expect(condition.value).toEqual({ $ref: 'cohorts/Beta testers' })
        // The name the service writes beside a cohort's id follows the reference: not pulled, so a rename changes
        // nothing
        // else.
        expect(condition).not.toHaveProperty('cohort_name')
        expect(
          (await staging.featureFlags.retrieve((await staging.featureFlags.list().then((page) => page.results))[0]!.id))
            .filters!.groups![0]!.properties![0]!.value,
        ).toBe(cohort.id)
        expect(changed((await plan(staging, renamed, { prune: true })).changes)).toEqual([])

        // Renamed back, with the flag still naming the key it renames away from.
        const stale = await plan(staging, {
          cohorts: [{ ...renamed.cohorts![0]!, name: 'Beta users', $renamedFrom: 'Beta testers' }],
          featureFlags: renamed.featureFlags!,
        })
        expect(stale.errors).toEqual([
          {
            kind: 'featureFlags',
            key: 'beta-access',
            message:
              'filters.groups[0].properties[0].value: $ref "cohorts/Beta testers": its spec renames it to "Beta ' +
              'users" ($renamedFrom), and a reference names the key a resource has once the plan is applied: ' +
              'write { $ref: "cohorts/Beta users" }',
          },
        ])
      },
    )
  })

  it(
    'a static cohort is created without people, and the plan says so; from a query the service fills it; given ' +
      'person ids, or dynamic, or already there: no warning; with no source: a plan error',
    async () => {
      const staging = client()
      await staging.cohorts.create({ name: 'Existing', is_static: true, _create_static_person_ids: [] })
      const planned = await plan(staging, {
        cohorts: [
          { name: 'Imported', is_static: true, _create_static_person_ids: [] },
          { name: 'From query', is_static: true, query: { kind: 'HogQLQuery', query: 'select person_id from events' } },
          { name: 'Listed', is_static: true, _create_static_person_ids: ['0190e1a2-0000-7000-8000-000000000001'] },
          {
            name: 'Pro users',
            filters: {
              properties: { type: 'AND', values: [{ type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }] },
            },
          },
          { name: 'Existing', is_static: true },
        ],
      })
      expect(planned.errors).toEqual([])
      // A static cohort with no source is refused by the service ("Invalid source for static cohort"): by the plan
      // first.
      const refused = await plan(staging, { cohorts: [{ name: 'Copied', is_static: true }] })
      expect(refused.errors).toEqual([
        {
          kind: 'cohorts',
          key: 'Copied',
          message: expect.stringMatching(
            joined(
              /^static with no source: the service refuses it \("Invalid source for static /,
              /cohort"\).*_create_static_person_ids: \[\]/,
            ),
          ),
        },
      ])
      expect(planned.warnings.map((warning) => `${warning.key}: ${warning.message.split('.')[0]}`)).toEqual([
        'Imported: static: created without people',
        'From query: static, with a query: the service fills it from the query over the persons of project 1 ' +
          'when it is created; no people are copied from elsewhere',
      ])
    },
  )

  it(
    'a plan lists its changes in the order apply makes them: ' + 'what is named first, deletes dependents first',
    async () => {
      const staging = client()
      const flag = (key: string, dependsOn?: string) => ({
        key,
        filters: {
          groups: [
            {
              properties: dependsOn
                ? [
                    {
                      type: 'flag' as const,
                      key: { $ref: `feature-flags/${dependsOn}` },
                      value: true,
                      operator: 'flag_evaluates_to' as const,
                    },
                  ]
                : [],
              rollout_percentage: 100,
            },
          ],
        },
      })
      // Written dependents first: the plan puts each after what it names.
      const desired: ProjectConfig = {
        featureFlags: [flag('checkout-v2', 'beta-access'), flag('beta-access', 'base'), flag('base')],
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
        actions: [{ name: 'Signed up', steps: [{ event: 'signed_up' }] }],
      }
      const created = await plan(staging, desired)
      const expected = [
        'create actions Signed up',
        'create savedMetrics Signups',
        'create featureFlags base',
        'create featureFlags beta-access',
        'create featureFlags checkout-v2',
      ]
      expect(changed(created.changes)).toEqual(expected)
      expect(
        formatPlan(created)
          .split('\n')
          .filter((line) => line.startsWith('+ ')),
      ).toEqual(
        expected.map((line) =>
          line.replace(
            /^create (\w+) (.+)$/,
            (_all, kind: string, key: string) =>
              `+ ${{ actions: 'actions', savedMetrics: 'saved-metrics', featureFlags: 'feature-flags' }[kind]} ` +
              `"${key}" (create)`,
          ),
        ),
      )
      const from = e2e.fake.requests.length
      await apply(staging, created, { concurrency: 1 })
      expect(
        writesSince(e2e.fake, from).map(
          (write) => (write.body as { key?: string; name?: string }).key ?? (write.body as { name: string }).name,
        ),
      ).toEqual(['Signed up', 'Signups', 'base', 'beta-access', 'checkout-v2'])

      const pruned = await plan(staging, { featureFlags: [], savedMetrics: [], actions: [] }, { prune: true })
      expect(pruned.errors).toEqual([])
      expect(changed(pruned.changes)).toEqual([
        'delete featureFlags checkout-v2',
        'delete featureFlags beta-access',
        'delete featureFlags base',
        'delete savedMetrics Signups',
        'delete actions Signed up',
      ])
      expect(JSON.parse(formatPlan(pruned, 'json')).changes.map((change: PlanChange) => change.key)).toEqual([
        'checkout-v2',
        'beta-access',
        'base',
        'Signups',
        'Signed up',
      ])
    },
  )
})
