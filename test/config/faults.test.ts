import { describe, expect, it } from 'vitest'
import { apply, plan, pull, type ProjectConfig } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import { createFixtures, PRODUCTION, STAGING, WEBHOOK_SECRET, WEBHOOK_SECRET_VARIABLE } from './setup.js'

/**
 * Convergence under faults: the connection drops after the service stored a write (create, update, delete);
 * plan and apply again end with the desired state, no duplicates and nothing lost.
 */
describe('convergence after a write lost in flight', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const env = { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET }
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING, maxRetries: 0 })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }
  const pending = (result: Awaited<ReturnType<typeof plan>>) =>
    result.changes
      .filter((change) => change.action !== 'unchanged')
      .map(({ kind, key, action }) => `${action} ${kind} ${key}`)
  const liveKeys = async (client: ReturnType<typeof clients>['production']) => {
    const config = await pull(client)
    return Object.fromEntries(
      Object.entries(config).map(([kind, specs]) => [
        kind,
        (specs as Array<Record<string, unknown>>).map((spec) => String(spec.feature_flag_key ?? spec.name)).sort(),
      ]),
    )
  }

  it.each(['POST', 'PATCH', 'DELETE'] as const)(
    'a dropped %s: the next plan finds what was stored, and one more apply converges',
    async (method) => {
      const { staging, production } = clients()
      await createFixtures(staging)
      const config = await pull(staging)
      // Production starts with part of the setup, one survey too many and an out-of-date description.
      const start: ProjectConfig = {
        ...config,
        surveys: config
          .surveys!.slice(1)
          .map((spec, index) => (index === 0 ? { ...spec, description: 'Out of date' } : spec)),
      }
      await apply(production, await plan(production, start, { env }))
      await production.surveys.create({ name: 'Extra', type: 'api', questions: [{ type: 'open', question: '?' }] })
      const desired: ProjectConfig = { ...config }
      e2e.fake.faults.dropNext(1, { method, afterApply: true })
      const first = await apply(production, await plan(production, desired, { env, prune: ['surveys'] }))
      expect(first.failed).toBe(1)
      expect(first.results.find((result) => result.status === 'failed')!.change.action).toBe(
        { POST: 'create', PATCH: 'update', DELETE: 'delete' }[method],
      )
      const replanned = await plan(production, desired, { env, prune: ['surveys'] })
      expect(pending(replanned)).toEqual([])
      expect(await liveKeys(production)).toEqual(await liveKeys(staging))
    },
  )

  it('a create lost before the service stored it is planned again and made once', async () => {
    const { staging, production } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['surveys', 'hogFunctions'] })
    e2e.fake.faults.dropNext(1, { method: 'POST' })
    const first = await apply(production, await plan(production, config, { env }))
    expect(first.failed).toBe(1)
    const lost = first.results.find((result) => result.status === 'failed')!.change
    const replanned = await plan(production, config, { env })
    expect(pending(replanned)).toEqual([`create ${lost.kind} ${lost.key}`])
    expect((await apply(production, replanned)).applied).toBe(1)
    expect(await liveKeys(production)).toEqual(
      await liveKeys(staging).then((keys) => ({
        hogFunctions: keys.hogFunctions,
        surveys: keys.surveys,
        endpoints: [],
        eventDefinitions: [],
        experiments: [],
        actions: [],
        cohorts: [],
        featureFlags: [],
        holdouts: [],
        savedMetrics: [],
        earlyAccessFeatures: [],
        insights: [],
        dashboards: [],
      })),
    )
  })
})
