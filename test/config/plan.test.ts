import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import { apply, plan, pull, type PlanChange, type ProjectConfig } from 'posthog-project-client/config'
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

/** pull and plan over a socket against the fake with two projects: identity by key, exact field diffs, prune. */
describe('pull and plan', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }
  const actions = (changes: PlanChange[]) => changes.map(({ kind, key, action }) => `${action} ${kind} ${key}`)
  const env = { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET }

  it('pull → plan is empty for every fixture, and neither sends a write', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const from = e2e.fake.requests.length
    const config = await pull(staging)
    expect(config.experiments?.map((spec) => spec.feature_flag_key)).toEqual([
      'checkout-button-colour',
      'onboarding-checklist',
      'pricing-copy',
    ])
    expect(config.surveys).toHaveLength(5)
    expect(config.hogFunctions?.map((spec) => spec.name)).toEqual([
      'Order webhook',
      'Slack alerts',
      'Sync person properties',
    ])
    expect(config.endpoints).toHaveLength(3)
    expect(config.eventDefinitions?.map((spec) => spec.name)).toContain('checkout_completed')
    const result = await plan(staging, config, { env: {} })
    expect(result.errors).toEqual([])
    expect(result.changes.filter((change) => change.action !== 'unchanged')).toEqual([])
    expect(result.changes).toHaveLength(Object.values(config).flat().length)
    expect(writesSince(e2e.fake, from)).toEqual([])
  })

  it('a secret input is pulled as a $env reference, never a value or the mask', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['hogFunctions'] })
    expect(Object.keys(config)).toEqual(['hogFunctions'])
    const webhook = config.hogFunctions!.find((spec) => spec.name === 'Order webhook')!
    expect(webhook.inputs!.api_token).toEqual({ value: { $env: WEBHOOK_SECRET_VARIABLE } })
    expect(JSON.stringify(config)).not.toContain(WEBHOOK_SECRET)
  })

  it('a hand edit shows exactly its fields, before = live and after = desired', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging)
    const experiment = await findExperiment(staging, 'checkout-button-colour')
    const [first, ...rest] = experiment.metrics!
    await staging.withOptions({ validateRequests: false }).experiments.update(experiment.id, {
      description: 'Edited in the UI',
      metrics: [{ ...first!, name: 'Renamed' } as never, ...(rest as never[])],
    })
    const result = await plan(staging, config, { env: {} })
    const changed = result.changes.filter((change) => change.action !== 'unchanged')
    expect(changed).toEqual([
      {
        kind: 'experiments',
        key: 'checkout-button-colour',
        action: 'update',
        id: experiment.id,
        fields: [
          { path: 'description', before: 'Edited in the UI', after: 'Green vs blue button on the checkout page' },
          { path: 'metrics[0].name', before: 'Renamed', after: 'Revenue per user' },
        ],
      },
    ])
  })

  it('a field a spec leaves out is not compared; an explicit null is', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging, { kinds: ['surveys'] })
    const nps = config.surveys!.find((spec) => spec.name === 'NPS Q4')!
    const { description: _left, ...withoutDescription } = nps
    const left = await plan(staging, { surveys: [withoutDescription] }, { env: {} })
    expect(left.changes.find((change) => change.key === 'NPS Q4')).toMatchObject({ action: 'unchanged' })
    const nulled = await plan(staging, { surveys: [{ ...nps, description: null as never }] }, { env: {} })
    expect(nulled.changes.find((change) => change.key === 'NPS Q4')?.fields).toEqual([
      { path: 'description', before: 'Quarterly NPS', after: null },
    ])
  })

  it(
    'drift: an experiment ended by hand shows in the next plan (pull writes the fields the service has none of ' +
      'as null)',
    async () => {
      const { staging } = clients()
      await createFixtures(staging)
      const config = await pull(staging, { kinds: ['experiments'] })
      const spec = config.experiments!.find((item) => item.feature_flag_key === 'pricing-copy')!
      expect(spec).toMatchObject({ description: null, start_date: null, end_date: null, conclusion: null })
      const experiment = await findExperiment(staging, 'pricing-copy')
      await staging.experiments.update(experiment.id, {
        start_date: '2026-10-01T09:00:00Z',
        end_date: '2026-10-21T09:00:00Z',
        conclusion: 'won',
      })
      const result = await plan(staging, config, { env: {} })
      expect(result.changes.filter((change) => change.action !== 'unchanged')).toEqual([
        {
          kind: 'experiments',
          key: 'pricing-copy',
          action: 'update',
          id: experiment.id,
          fields: [
            { path: 'start_date', before: '2026-10-01T09:00:00Z', after: null },
            { path: 'end_date', before: '2026-10-21T09:00:00Z', after: null },
            { path: 'conclusion', before: 'won', after: null },
          ],
        },
      ])
    },
  )

  it(
    'history: an archived v1 and a running v2 on one flag: pull and plan manage v2 and leave v1 alone with a ' +
      'warning',
    async () => {
      const { staging, production } = clients()
      const v1 = await staging.experiments.create({ name: 'Checkout v1', feature_flag_key: 'checkout-flow' })
      await staging.experiments.archive(v1.id)
      const v2 = await staging.experiments.create({
        name: 'Checkout v2',
        feature_flag_key: 'checkout-flow',
        description: 'Second run',
      })
      const warnings: unknown[] = []
      const config = await pull(staging, { kinds: ['experiments'], onWarning: (warning) => warnings.push(warning) })
      expect(config.experiments!.map((spec) => spec.name)).toEqual(['Checkout v2'])
      const warning = {
        kind: 'experiments',
        key: 'checkout-flow',
        message:
          `2 experiments share this feature_flag_key: the one managed is id ${v2.id} (not archived); id ${v1.id} ` +
          `(archived) left alone`,
      }
      expect(warnings).toEqual([warning])
      const result = await plan(staging, config, { env: {}, prune: true })
      expect(result.errors).toEqual([])
      expect(result.warnings).toEqual([warning])
      expect(result.changes).toEqual([{ kind: 'experiments', key: 'checkout-flow', action: 'unchanged', id: v2.id }])
      const edited = await plan(staging, { experiments: [{ ...config.experiments![0]!, description: 'Edited' }] })
      expect(edited.changes).toEqual([
        {
          kind: 'experiments',
          key: 'checkout-flow',
          action: 'update',
          id: v2.id,
          fields: [{ path: 'description', before: 'Second run', after: 'Edited' }],
        },
      ])
      // Promoted, only the managed one travels.
      expect((await plan(production, config)).changes.map((change) => change.action)).toEqual(['create'])
    },
  )

  it('a spec without a live match is a create; nothing of an unmanaged kind is touched', async () => {
    const { staging, production } = clients()
    await createFixtures(staging)
    await production.surveys.create({
      name: 'Only in production',
      type: 'api',
      questions: [{ type: 'open', question: 'Hi?' }],
    })
    const config = await pull(staging, { kinds: ['experiments', 'endpoints'] })
    const result = await plan(production, config, { prune: true })
    expect(actions(result.changes)).toEqual([
      'create endpoints greeting',
      'create endpoints top_events',
      'create endpoints weekly-pageviews',
      'create experiments checkout-button-colour',
      'create experiments onboarding-checklist',
      'create experiments pricing-copy',
    ])
    expect(result.changes.every((change) => change.fields === undefined && change.id === undefined)).toBe(true)
  })

  it('prune plans deletes only when asked; event definitions only when named', async () => {
    const { staging } = clients()
    await createFixtures(staging)
    const config = await pull(staging)
    const fewer: ProjectConfig = {
      ...config,
      surveys: config.surveys!.filter((spec) => spec.name !== 'NPS Q4'),
      hogFunctions: config.hogFunctions!.filter((spec) => spec.name !== 'Slack alerts'),
      eventDefinitions: [],
    }
    const deletes = (changes: PlanChange[]) => actions(changes.filter((change) => change.action === 'delete'))
    expect(deletes((await plan(staging, fewer)).changes)).toEqual([])
    // In apply order: deletes in the reverse order of the kinds (surveys before the hog functions).
    expect(deletes((await plan(staging, fewer, { prune: true })).changes)).toEqual([
      'delete surveys NPS Q4',
      'delete hogFunctions Slack alerts',
    ])
    const named = await plan(staging, fewer, { prune: ['eventDefinitions'] })
    expect(deletes(named.changes)).toEqual(
      config.eventDefinitions!.map((spec) => `delete eventDefinitions ${spec.name}`),
    )
  })

  it(
    'a key matching two live resources is a plan error naming ' + 'both ids; apply refuses it and sends nothing',
    async () => {
      const { staging } = clients()
      const a = await staging.hogFunctions.create({ type: 'destination', name: 'Twin', hog: 'print(1)' })
      const b = await staging.hogFunctions.create({ type: 'destination', name: 'Twin', hog: 'print(2)' })
      const result = await plan(staging, { hogFunctions: [{ type: 'destination', name: 'Twin', hog: 'print(3)' }] })
      expect(result.changes).toEqual([])
      expect(result.errors).toEqual([
        { kind: 'hogFunctions', key: 'Twin', message: expect.stringContaining(`(ids ${a.id}, ${b.id})`) },
      ])
      const from = e2e.fake.requests.length
      await expect(apply(staging, result)).rejects.toThrow(InvalidArgumentError)
      expect(e2e.fake.requests.length).toBe(from)
    },
  )

  it('two specs with the same key, and a spec without one, are plan errors', async () => {
    const { staging } = clients()
    const result = await plan(staging, {
      endpoints: [
        { name: 'a', query: { kind: 'HogQLQuery', query: 'select 1' } },
        { name: 'a', query: { kind: 'HogQLQuery', query: 'select 2' } },
        { query: { kind: 'HogQLQuery', query: 'select 3' } } as never,
      ],
    })
    expect(result.errors.map((error) => error.message)).toEqual([
      'two specs have the name "a"',
      'a spec has no name, the key that identifies it',
    ])
  })

  it('bad arguments are refused before any request', async () => {
    const { staging } = clients()
    const from = e2e.fake.requests.length
    await expect(plan(staging, { widgets: [] } as never)).rejects.toThrow(
      'Invalid argument `desired.widgets`: is not a kind',
    )
    await expect(plan(staging, { surveys: {} } as never)).rejects.toThrow(
      'Invalid argument `desired.surveys`: expected an array of specs',
    )
    await expect(plan(staging, { surveys: [] }, { prune: ['widgets' as never] })).rejects.toThrow(
      '"widgets" is not a kind',
    )
    await expect(pull(staging, { kinds: ['widgets' as never] })).rejects.toThrow('"widgets" is not a kind')
    expect(e2e.fake.requests.length).toBe(from)
  })

  it('a plan in JSON holds nothing it will send', async () => {
    const { staging, production } = clients()
    await createFixtures(staging)
    const result = await plan(production, await pull(staging), { env })
    const json = JSON.stringify(result)
    expect(json).not.toContain(WEBHOOK_SECRET)
    expect(Object.keys(result.changes[0]!)).toEqual(['kind', 'key', 'action'])
    await expect(apply(production, JSON.parse(json))).rejects.toThrow('was not made by plan() in this process')
  })
})
