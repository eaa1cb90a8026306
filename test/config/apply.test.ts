import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import { apply, plan, pull, StaleResourceError, type ApplyProgress } from 'posthog-project-client/config'
import { useE2E } from '../helpers/fake-server.js'
import {
  createFixtures,
  findExperiment,
  PRODUCTION,
  STAGING,
  WEBHOOK_SECRET,
  WEBHOOK_SECRET_VARIABLE,
  writesSince,
} from './setup.js'

/**
 * apply over a socket against the fake with two projects: one write per change, order, soft deletes, the stale check.
 */
describe('apply', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }
  const env = { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET }

  it(
    'promotes staging to production with one write per change, ' + 'in dependency order; then the plan is empty',
    async () => {
      const { staging, production } = clients()
      await createFixtures(staging)
      const config = await pull(staging)
      const changes = await plan(production, config, { env })
      expect(changes.errors).toEqual([])
      const progress: ApplyProgress[] = []
      const from = e2e.fake.requests.length
      const report = await apply(production, changes, { onProgress: (counts) => progress.push(counts) })
      const total = Object.values(config).flat().length
      expect(report).toMatchObject({ applied: total, failed: 0, skipped: 0 })
      expect(report.results.map((result) => result.status)).toEqual(Array(total).fill('applied'))
      expect(progress.at(-1)).toEqual({ done: total, total, applied: total, failed: 0 })
      const writes = writesSince(e2e.fake, from)
      expect(writes).toHaveLength(total)
      expect(
        writes.every((write) => write.method === 'POST' && write.path.startsWith(`/api/projects/${PRODUCTION}/`)),
      ).toBe(true)
      const groups = writes.map((write) => write.path.split('/')[4])
      // The experiments' flags (pulled as feature flags) first: each experiment then links its own.
      expect([...new Set(groups)]).toEqual([
        'feature_flags',
        'event_definitions',
        'endpoints',
        'hog_functions',
        'surveys',
        'experiments',
      ])
      const again = await plan(production, config, { env: {} })
      expect(again.errors).toEqual([])
      expect(again.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
    },
  )

  it('apply twice is one set of writes: a plan is applied once, and the next plan sends nothing', async () => {
    const { staging, production } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['experiments', 'surveys'] })
    const first = await plan(production, config)
    await apply(production, first)
    const from = e2e.fake.requests.length
    await expect(apply(production, first)).rejects.toThrow('applied already')
    const second = await apply(production, await plan(production, config))
    expect(second).toEqual({ results: [], applied: 0, failed: 0, skipped: 0, aborted: false })
    expect(writesSince(e2e.fake, from)).toEqual([])
    expect((await pull(production, { kinds: ['experiments'] })).experiments).toHaveLength(3)
  })

  it('an update sends only the changed fields, after one read of the resource', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['surveys'] })
    const edited = config.surveys!.map((spec) =>
      spec.name === 'NPS Q4' ? { ...spec, description: 'Yearly NPS' } : spec,
    )
    const changes = await plan(staging, { surveys: edited })
    const update = changes.changes.find((change) => change.action === 'update')!
    const from = e2e.fake.requests.length
    await apply(staging, changes)
    const sent = e2e.fake.requests.slice(from).map(({ method, path, body }) => ({ method, path, body }))
    expect(sent).toEqual([
      { method: 'GET', path: `/api/projects/${STAGING}/surveys/${update.id}/`, body: undefined },
      { method: 'PATCH', path: `/api/projects/${STAGING}/surveys/${update.id}/`, body: { description: 'Yearly NPS' } },
    ])
  })

  it('deletes the service’s way: soft for experiments and hog functions, after the creates and updates', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['experiments', 'hogFunctions', 'surveys'] })
    const experiment = await findExperiment(staging, 'pricing-copy')
    const desired = {
      experiments: config.experiments!.filter((spec) => spec.feature_flag_key !== 'pricing-copy'),
      hogFunctions: config.hogFunctions!.filter((spec) => spec.name !== 'Slack alerts'),
      surveys: [
        ...config.surveys!.filter((spec) => spec.name !== 'NPS Q4'),
        { name: 'New survey', type: 'api' as const, questions: [{ type: 'open' as const, question: 'Why?' }] },
      ],
    }
    const changes = await plan(staging, desired, { prune: true, env: {} })
    const hogFunction = changes.changes.find((change) => change.key === 'Slack alerts')!
    const survey = changes.changes.find((change) => change.key === 'NPS Q4')!
    const from = e2e.fake.requests.length
    const report = await apply(staging, changes)
    expect(report).toMatchObject({ applied: 4, failed: 0 })
    expect(writesSince(e2e.fake, from)).toEqual([
      { method: 'POST', path: `/api/projects/${STAGING}/surveys/`, body: desired.surveys.at(-1) },
      { method: 'PATCH', path: `/api/projects/${STAGING}/experiments/${experiment.id}/`, body: { deleted: true } },
      { method: 'DELETE', path: `/api/projects/${STAGING}/surveys/${survey.id}/`, body: undefined },
      { method: 'PATCH', path: `/api/projects/${STAGING}/hog_functions/${hogFunction.id}/`, body: { deleted: true } },
    ])
    const after = await plan(staging, desired, { prune: true, env: {} })
    expect(after.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
  })

  it('a resource changed since the plan is not overwritten: that change fails as stale, the others go on', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['experiments'] })
    const desired = {
      experiments: config.experiments!.map((spec) => ({ ...spec, description: `${spec.name}: planned` })),
    }
    const changes = await plan(staging, desired)
    const experiment = await findExperiment(staging, 'pricing-copy')
    await staging.experiments.update(experiment.id, { description: 'Edited after the plan' })
    const report = await apply(staging, changes)
    expect(report).toMatchObject({ applied: 2, failed: 1, skipped: 0 })
    const failed = report.results.find((result) => result.status === 'failed')!
    expect(failed.change.key).toBe('pricing-copy')
    expect(failed.error).toBeInstanceOf(StaleResourceError)
    expect(failed.error?.message).toBe(
      'experiments "pricing-copy" changed since the plan was made; it was not overwritten. Plan again.',
    )
    expect((await staging.experiments.retrieve(experiment.id)).description).toBe('Edited after the plan')
    const replanned = await plan(staging, desired)
    expect(replanned.changes.filter((change) => change.action === 'update').map((change) => change.key)).toEqual([
      'pricing-copy',
    ])
  })

  it('a resource deleted since the plan fails as stale and nothing is written for it', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['surveys'] })
    const changes = await plan(staging, {
      surveys: config.surveys!.map((spec) => ({ ...spec, description: 'Planned' })),
    })
    const gone = changes.changes.find((change) => change.key === 'NPS Q4')!
    await staging.surveys.delete(gone.id as string)
    const from = e2e.fake.requests.length
    const report = await apply(staging, changes, { concurrency: 1 })
    expect(report).toMatchObject({ applied: 4, failed: 1 })
    expect(report.results.find((result) => result.status === 'failed')?.change).toBe(gone)
    const patched = writesSince(e2e.fake, from).map((write) => write.path)
    expect(patched).toHaveLength(4)
    expect(patched).not.toContain(`/api/projects/${STAGING}/surveys/${gone.id}/`)
  })

  it(
    'a transformation keeps its place: the service puts a new one last, so its create is followed by a PATCH of ' +
      'its order',
    async () => {
      const { staging, production } = clients()
      const transformation = (name: string) => ({ type: 'transformation' as const, name, hog: 'return event' })
      const first = await staging.hogFunctions.create(transformation('Drop bots'))
      await staging.hogFunctions.create(transformation('Add geo'))
      await staging.hogFunctions.update(first.id, { execution_order: 5 })
      await production.hogFunctions.create(transformation('Existing'))
      const config = await pull(staging, { kinds: ['hogFunctions'] })
      expect(config.hogFunctions!.map((spec) => [spec.name, spec.execution_order])).toEqual([
        ['Add geo', 2],
        ['Drop bots', 5],
      ])
      const from = e2e.fake.requests.length
      const report = await apply(production, await plan(production, config))
      expect(report).toMatchObject({ applied: 2, failed: 0 })
      const writes = writesSince(e2e.fake, from)
      expect(
        writes
          .filter((write) => write.method === 'POST')
          .map((write) => (write.body as { execution_order: number }).execution_order)
          .sort(),
      ).toEqual([2, 5])
      // Created after 'Existing' (1), 'Drop bots' cannot get 5: its order is set by a PATCH of that field alone.
      expect(writes.filter((write) => write.method === 'PATCH').map((write) => write.body)).toContainEqual({
        execution_order: 5,
      })
      expect(
        writes
          .filter((write) => write.method === 'PATCH')
          .every((write) => Object.keys(write.body as object).join() === 'execution_order'),
      ).toBe(true)
      const again = await plan(production, config)
      expect(again.changes.map((change) => change.action)).toEqual(['unchanged', 'unchanged'])
    },
  )

  it(
    'aborted, apply resolves with the report so far: what ran is ' + 'applied or failed, what never started is skipped',
    async () => {
      const { staging } = clients()
      await createFixtures(staging)
      const config = await pull(staging, { kinds: ['surveys', 'experiments'] })
      const desired = {
        surveys: config.surveys!.map((spec) => ({ ...spec, description: 'Planned' })),
        experiments: config.experiments!.map((spec) => ({ ...spec, description: 'Planned' })),
      }
      const changes = await plan(staging, desired)
      const total = changes.changes.length
      const controller = new AbortController()
      const from = e2e.fake.requests.length
      const report = await apply(staging, changes, {
        concurrency: 1,
        signal: controller.signal,
        onProgress: ({ done }) => done === 2 && controller.abort(),
      })
      expect(report).toMatchObject({ applied: 2, failed: 0, skipped: total - 2, aborted: true })
      expect(report.results.map((result) => result.status)).toEqual([
        'applied',
        'applied',
        ...Array(total - 2).fill('skipped'),
      ])
      expect(writesSince(e2e.fake, from)).toHaveLength(2)
      const replanned = await plan(staging, desired)
      expect(replanned.changes.filter((change) => change.action === 'update')).toHaveLength(total - 2)

      const before = new AbortController()
      before.abort()
      const untouched = await apply(staging, replanned, { signal: before.signal })
      expect(untouched).toMatchObject({ applied: 0, failed: 0, skipped: total - 2, aborted: true })
      expect(writesSince(e2e.fake, from)).toHaveLength(2)
    },
  )

  it('an endpoint update is planned with a warning: the service takes it only from a logged-in session', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['endpoints'] })
    const changes = await plan(staging, {
      endpoints: config.endpoints!.map((spec) =>
        spec.name === 'greeting' ? { ...spec, description: 'Planned' } : spec,
      ),
    })
    expect(changes.warnings).toEqual([
      { kind: 'endpoints', key: 'greeting', message: expect.stringContaining('personal API keys') },
    ])
  })

  it('two applies at once (two merges in a row) create nothing twice: one of each resource', async () => {
    const { staging, production } = clients()
    await createFixtures(staging)
    const config = await pull(staging)
    const total = Object.values(config).flat().length
    // Both plans are made before either applies, as two CI jobs would.
    const [first, second] = await Promise.all([plan(production, config, { env }), plan(production, config, { env })])
    const reports = await Promise.all([apply(production, first), apply(production, second)])
    expect(reports[0].applied + reports[1].applied).toBe(total)
    for (const result of [...reports[0].results, ...reports[1].results].filter(
      (result) => result.status === 'failed',
    )) {
      // A create that found its key taken (or lost the race) says so; surveys, endpoints and event definitions
      // the service itself refuses twice.
      expect(result.error?.name).toMatch(/^(StaleResourceError|BadRequestError)$/)
    }
    const keys: string[] = []
    for await (const item of production.experiments.listIncludingArchived())
      keys.push(`experiment ${item.feature_flag_key}`)
    for await (const item of production.hogFunctions.list()) keys.push(`hog function ${item.name}`)
    for await (const item of production.surveys.list()) keys.push(`survey ${item.name}`)
    for await (const item of production.endpoints.list()) keys.push(`endpoint ${item.name}`)
    for await (const item of production.eventDefinitions.list()) keys.push(`event definition ${item.name}`)
    for await (const item of production.featureFlags.list()) keys.push(`flag ${item.key}`)
    expect(keys.length).toBe(new Set(keys).size)
    expect(keys).toHaveLength(total)
    const again = await plan(production, config, { env: {} })
    expect(again.errors).toEqual([])
    expect(again.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
  })

  it('a create whose key was taken since the plan is not sent: it fails as stale after one look-up', async () => {
    const { production } = clients()
    const desired = { hogFunctions: [{ type: 'destination' as const, name: 'Late', hog: 'print(1)' }] }
    const planned = await plan(production, desired)
    await production.hogFunctions.create({ type: 'destination', name: 'Late', hog: 'print(0)' })
    const from = e2e.fake.requests.length
    const report = await apply(production, planned)
    expect(report).toMatchObject({ applied: 0, failed: 1 })
    expect(report.results[0]!.error).toBeInstanceOf(StaleResourceError)
    expect(e2e.fake.requests.slice(from).map((request) => request.method)).toEqual(['GET'])
    expect(writesSince(e2e.fake, from)).toEqual([])
  })

  it('a plan with errors is refused and a foreign object is not a plan', async () => {
    const { production } = clients()
    const from = e2e.fake.requests.length
    await expect(
      apply(production, { changes: [], errors: [{ kind: 'surveys', message: 'bad' }], warnings: [] }),
    ).rejects.toThrow(InvalidArgumentError)
    await expect(apply(production, null as never)).rejects.toThrow(
      'Invalid argument `plan`: expected a Plan from plan()',
    )
    expect(e2e.fake.requests.length).toBe(from)
  })
})
