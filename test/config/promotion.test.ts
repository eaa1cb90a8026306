import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from 'posthog-project-client'
import { apply, plan, planCopy, pull, readConfig, writeConfig, type PlanChange } from 'posthog-project-client/config'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as surveys from '../fixtures/payloads/surveys.js'
import { useE2E } from '../helpers/fake-server.js'
import { findExperiment, PRODUCTION, STAGING, WEBHOOK_SECRET, WEBHOOK_SECRET_VARIABLE, writesSince } from './setup.js'

/** planCopy and $renamedFrom over a socket against the fake with three projects. */
const QA = 3
const actions = (changes: PlanChange[]) =>
  changes.filter((change) => change.action !== 'unchanged').map(({ kind, key, action }) => `${action} ${kind} ${key}`)

describe('planCopy: promotion', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION, QA] }, 'test')
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return {
      staging,
      production: staging.withOptions({ projectId: PRODUCTION }),
      qa: staging.withOptions({ projectId: QA }),
    }
  }
  const launched = {
    name: 'Launched in staging',
    feature_flag_key: 'launched',
    description: 'running',
    start_date: '2026-11-01T09:00:00Z',
    end_date: '2026-11-20T09:00:00Z',
    conclusion: 'won',
    conclusion_comment: 'clear win',
    holdout_id: 77,
    saved_metrics_ids: [{ id: 5, metadata: { type: 'secondary' } }],
  } as const

  it(
    'creates a launched, ended experiment as a draft, bringing ' + 'its holdout, shared metric and flag by key',
    async () => {
      const { staging, production, qa } = clients()
      // The holdout and the shared metric the experiment names exist in staging only (the fake refuses unknown ids, as
      // the service does).
      e2e.fake.seed.holdouts([{ id: 77 }], { projectId: STAGING })
      e2e.fake.seed.savedMetrics([{ id: 5 }], { projectId: STAGING })
      const created = await staging.experiments.create(launched as never)
      await staging.experiments.update(created.id, { archived: true })
      const from = e2e.fake.requests.length
      const result = await planCopy(staging, production, { kinds: ['experiments'] })
      expect(writesSince(e2e.fake, from)).toEqual([])
      expect(result.errors).toEqual([])
      expect(actions(result.changes)).toEqual([
        'create holdouts Holdout 1',
        'create savedMetrics Saved metric 1',
        'create featureFlags launched',
        'create experiments launched',
      ])
      expect(result.project).toEqual({ id: String(PRODUCTION), host: production.baseUrl })
      expect(result.warnings.map((warning) => `${warning.kind} ${warning.key}: ${warning.message}`)).toEqual([
        `holdouts Holdout 1: created: experiments/launched needs it and project ${PRODUCTION} has none`,
        `savedMetrics Saved metric 1: created: experiments/launched needs it and project ${PRODUCTION} has none`,
        `featureFlags launched: created: experiments/launched needs it and project ${PRODUCTION} has none`,
      ])
      await apply(production, result)
      const body = writesSince(e2e.fake, from).find((request) => request.path.endsWith('/experiments/'))!
        .body as Record<string, unknown>
      for (const field of ['start_date', 'end_date', 'conclusion', 'conclusion_comment', 'archived'])
        expect(body).not.toHaveProperty(field)
      const promoted = await findExperiment(production, 'launched')
      const holdout = (await production.holdouts.list()).results[0]!
      const metric = (await production.savedMetrics.list()).results[0]!
      expect(holdout.id).not.toBe(77)
      expect(promoted).toMatchObject({
        start_date: null,
        end_date: null,
        archived: false,
        holdout_id: holdout.id,
        description: 'running',
      })
      expect(promoted.saved_metrics).toMatchObject([{ saved_metric: metric.id, metadata: { type: 'secondary' } }])
      // The copy again is empty: the draft in production keeps its own lifecycle, and nothing was dropped silently.
      const again = await planCopy(staging, production, { kinds: ['experiments'] })
      expect(actions(again.changes)).toEqual([])
      // The third project is untouched.
      expect(await pull(qa, { kinds: ['experiments'] })).toEqual({ experiments: [] })
    },
  )

  it(
    'leaves a running experiment in the target as it is (its ' + 'dates are not compared), and updates what changed',
    async () => {
      const { staging, production } = clients()
      await staging.experiments.create({
        name: 'Shared',
        feature_flag_key: 'shared',
        description: 'new copy',
        start_date: '2026-11-01T09:00:00Z',
      } as never)
      const target = await production.experiments.create({
        name: 'Shared',
        feature_flag_key: 'shared',
        description: 'old copy',
      })
      await production.experiments.update(target.id, { start_date: '2026-11-10T09:00:00Z' } as never)
      const result = await planCopy(staging, production, { kinds: ['experiments'] })
      expect(result.changes.filter((change) => change.action === 'update').map((change) => change.fields)).toEqual([
        [{ path: 'description', before: 'old copy', after: 'new copy' }],
      ])
      await apply(production, result)
      expect(await findExperiment(production, 'shared')).toMatchObject({
        description: 'new copy',
        start_date: '2026-11-10T09:00:00Z',
      })
    },
  )

  it(
    'a survey arrives without its dates or linked insight; keys ' + 'select, and a key that matches nothing is refused',
    async () => {
      const { staging, production } = clients()
      const nps = await staging.surveys.create({ ...surveys.nps, linked_insight_id: 12 })
      await staging.surveys.update(nps.id, {
        start_date: '2026-11-02T00:00:00Z',
        end_date: '2026-11-03T00:00:00Z',
      } as never)
      await staging.surveys.create(surveys.apiSurvey)
      const result = await planCopy(staging, production, { kinds: ['surveys'], keys: ['NPS Q4'] })
      expect(actions(result.changes)).toEqual(['create surveys NPS Q4'])
      expect(result.warnings.map((warning) => warning.message)).toEqual([
        'linked_insight_id 12 means nothing in the target project: not sent',
      ])
      await apply(production, result)
      const [copied] = await pull(production, { kinds: ['surveys'] }).then((config) => config.surveys!)
      expect(copied).toMatchObject({ name: 'NPS Q4' })
      expect(copied!.start_date ?? null).toBeNull()
      expect(copied!.end_date ?? null).toBeNull()
      await expect(planCopy(staging, production, { kinds: ['surveys'], keys: ['NPS Q4', 'NSP Q4'] })).rejects.toThrow(
        InvalidArgumentError,
      )
      await expect(planCopy(staging, production, { keys: ['NSP Q4'] })).rejects.toThrow(
        '"NSP Q4" matched nothing in project 1',
      )
    },
  )

  it("reads a created function's secret from env, never writing it into a plan", async () => {
    const { staging, production } = clients()
    await staging.hogFunctions.create(hogFunctions.webhook)
    const missing = await planCopy(staging, production, { kinds: ['hogFunctions'], env: {} })
    expect(missing.errors.map((error) => error.message)).toEqual([
      `inputs.api_token: environment variable ${WEBHOOK_SECRET_VARIABLE} is not set`,
    ])
    const result = await planCopy(staging, production, {
      kinds: ['hogFunctions'],
      env: { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET },
      allowEnv: [],
    })
    expect(result.errors).toEqual([])
    expect(JSON.stringify(result)).not.toContain(WEBHOOK_SECRET)
    await apply(production, result)
    const [created] = await pull(production, { kinds: ['hogFunctions'] }).then((config) => config.hogFunctions!)
    expect(created!.inputs!.api_token).toEqual({ value: { $env: WEBHOOK_SECRET_VARIABLE } })
  })

  it(
    'plan of files warns about an id of an object it does not ' + 'manage that it sends, and not when it is unchanged',
    async () => {
      const { staging, production } = clients()
      e2e.fake.seed.holdouts([{ id: 77 }], { projectId: STAGING })
      await staging.experiments.create({ name: 'Held out', feature_flag_key: 'held-out', holdout_id: 77 })
      const desired = await pull(staging, { kinds: ['experiments'] })
      expect((await plan(staging, desired)).warnings).toEqual([])
      const result = await plan(production, desired)
      expect(actions(result.changes)).toEqual(['create experiments held-out'])
      expect(result.warnings).toEqual([
        {
          kind: 'experiments',
          key: 'held-out',
          message:
            `holdout_id 77 is sent as it is: an id of an object the configuration does not manage, so it must name ` +
            `the right one in project ${PRODUCTION}`,
        },
      ])
    },
  )
})

describe('$renamedFrom', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  let dir: string

  it(
    'updates the survey that has the old name (its responses stay) instead of a create and a delete; then plans ' +
      'as usual',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      const production = staging.withOptions({ projectId: PRODUCTION })
      const nps = await staging.surveys.create(surveys.nps)
      await production.surveys.create(surveys.nps)
      dir = await mkdtemp(join(tmpdir(), 'phc-rename-'))
      try {
        await writeConfig(dir, await pull(staging, { kinds: ['surveys'] }))
        const file = join(dir, 'surveys', 'NPS-Q4.yaml')
        await writeFile(
          file,
          (await readFile(file, 'utf8')).replace('name: NPS Q4', 'name: NPS 2027\n$renamedFrom: NPS Q4'),
        )
        const desired = await readConfig(dir)
        expect(desired.surveys![0]).toMatchObject({ name: 'NPS 2027', $renamedFrom: 'NPS Q4' })
        const result = await plan(staging, desired, { prune: true })
        expect(result.errors).toEqual([])
        expect(result.changes).toEqual([
          {
            kind: 'surveys',
            key: 'NPS 2027',
            action: 'update',
            id: nps.id,
            fields: [{ path: 'name', before: 'NPS Q4', after: 'NPS 2027' }],
          },
        ])
        const from = e2e.fake.requests.length
        await apply(staging, result)
        expect(writesSince(e2e.fake, from)).toEqual([
          { method: 'PATCH', path: `/api/projects/${STAGING}/surveys/${nps.id}/`, body: { name: 'NPS 2027' } },
        ])
        // Renamed: the same spec now plans nothing, in either project it applies to.
        expect(actions((await plan(staging, desired, { prune: true })).changes)).toEqual([])
        const other = await plan(production, desired, { prune: true })
        expect(actions(other.changes)).toEqual(['update surveys NPS 2027'])
        // writeConfig never writes $renamedFrom.
        await writeConfig(dir, desired)
        expect(await readFile(join(dir, 'surveys', 'NPS-2027.yaml'), 'utf8')).not.toContain('$renamedFrom')
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )

  it(
    'is a plan error on an experiment (its flag key cannot ' + 'change), and when another spec has the old key',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      await staging.experiments.create({ name: 'A', feature_flag_key: 'old-flag' })
      await staging.surveys.create(surveys.nps)
      await staging.surveys.create({ ...surveys.apiSurvey, name: 'Exit' })
      const result = await plan(staging, {
        experiments: [{ name: 'A', feature_flag_key: 'new-flag', $renamedFrom: 'old-flag' }],
        surveys: [
          { ...surveys.nps },
          { ...surveys.nps, name: 'NPS 2027', $renamedFrom: 'NPS Q4' },
          { ...surveys.apiSurvey, $renamedFrom: 'Exit' },
          { ...surveys.apiSurvey, name: 'Other', $renamedFrom: 'Exit' },
        ],
      })
      expect(result.errors).toEqual([
        { kind: 'surveys', key: 'NPS 2027', message: '$renamedFrom "NPS Q4": another spec has that name' },
        { kind: 'surveys', key: 'Other', message: '$renamedFrom "Exit": another spec is renamed from it' },
        {
          kind: 'experiments',
          key: 'new-flag',
          message: expect.stringContaining(
            "$renamedFrom: an experiment's feature_flag_key cannot change once it is created",
          ),
        },
      ])
      await expect(apply(staging, result)).rejects.toThrow(InvalidArgumentError)
    },
  )

  it(
    'a create and a delete whose other fields match get a warning suggesting it; a hog function with its secret ' +
      'too',
    async () => {
      const staging = e2e.client({ projectId: STAGING })
      await staging.surveys.create(surveys.nps)
      await staging.surveys.create(surveys.apiSurvey)
      await staging.hogFunctions.create(hogFunctions.webhook)
      const config = await pull(staging, { kinds: ['surveys', 'hogFunctions'] })
      config.surveys = config.surveys!.map((spec) => (spec.name === 'NPS Q4' ? { ...spec, name: 'NPS 2027' } : spec))
      config.hogFunctions = config.hogFunctions!.map((spec) => ({ ...spec, name: 'Order webhook v2' }))
      const result = await plan(staging, config, { prune: true, env: { [WEBHOOK_SECRET_VARIABLE]: WEBHOOK_SECRET } })
      expect(actions(result.changes)).toEqual([
        'create hogFunctions Order webhook v2',
        'create surveys NPS 2027',
        'delete surveys NPS Q4',
        'delete hogFunctions Order webhook',
      ])
      expect(result.warnings.map((warning) => `${warning.key}: ${warning.message}`)).toEqual([
        expect.stringMatching(
          /^Order webhook v2: looks like "Order webhook" renamed .*add \$renamedFrom: "Order webhook"/,
        ),
        expect.stringMatching(/^NPS 2027: looks like "NPS Q4" renamed/),
      ])
      // Not when the fields differ.
      config.surveys = config.surveys.map((spec) =>
        spec.name === 'NPS 2027' ? { ...spec, description: 'other' } : spec,
      )
      const different = await plan(staging, config, { prune: ['surveys'] })
      expect(different.warnings).toEqual([])
    },
  )
})
