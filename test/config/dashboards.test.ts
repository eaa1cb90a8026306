import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  apply,
  plan,
  planCopy,
  pull,
  readConfig,
  readPlan,
  writeConfig,
  writePlan,
  type PlanChange,
} from 'posthog-project-client/config'
import { matchTiles } from '../../src/config/dashboards.js'
import { useE2E } from '../helpers/fake-server.js'
import { growthDashboard, layout, PRODUCTION, STAGING, writesSince } from './setup.js'

/**
 * The configuration kinds dashboards, insights and early access features (docs/service-behaviour.md §14.4):
 * tiles by `$ref` with their layouts, queries naming actions and cohorts, a feature naming its flag, against the fake.
 */

type Spec = Record<string, unknown>
const notUnchanged = (changes: PlanChange[]) =>
  changes.filter((change) => change.action !== 'unchanged').map(({ kind, key, action }) => `${action} ${kind} ${key}`)
const KINDS = ['actions', 'cohorts', 'insights', 'dashboards'] as const

describe('dashboards and insights as configuration', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }

  it(
    'a dashboard with three insights and a text tile, pulled, promoted with copy, plans empty there; its ids, ' +
      "action and cohort are the target's",
    async () => {
      const { staging, production } = clients()
      const source = await growthDashboard(staging)
      const dir = await mkdtemp(join(tmpdir(), 'phc-dashboards-'))
      try {
        await writeConfig(dir, await pull(staging, { kinds: [...KINDS] }))
        const file = await readFile(join(dir, 'dashboards', 'Growth.yaml'), 'utf8')
        expect(file).toContain('$ref: insights/Signups')
        expect(file).toContain('body: "## What these mean"')
        const pulled = await readConfig(dir)
        const [dashboard] = pulled.dashboards as Spec[]
        // Tiles name insights by key, keep their layouts; tile ids, order and results are the service's.
        expect(dashboard!.tiles).toEqual([
          { insight: { $ref: 'insights/Signups' }, layouts: layout(0, 0) },
          { insight: { $ref: 'insights/Beta pageviews' }, layouts: layout(6, 0) },
          { insight: { $ref: 'insights/All pageviews' }, layouts: layout(0, 5), color: 'blue' },
          { text: { body: '## What these mean' }, layouts: layout(6, 5) },
        ])
        const insights = pulled.insights as Spec[]
        for (const insight of insights)
          for (const owned of ['dashboards', 'dashboard_tiles', 'short_id', 'saved', 'result'])
            expect(insight).not.toHaveProperty(owned)
        expect(JSON.stringify(insights)).toContain('{"kind":"ActionsNode","id":{"$ref":"actions/Signed up"}')
        expect(JSON.stringify(insights)).toContain('{"key":"id","type":"cohort","value":{"$ref":"cohorts/Beta users"}}')

        const copy = await planCopy(staging, production, { kinds: ['dashboards'], keys: ['Growth'] })
        expect(copy.errors).toEqual([])
        expect(notUnchanged(copy.changes)).toEqual([
          'create actions Signed up',
          'create cohorts Beta users',
          'create insights Signups',
          'create insights Beta pageviews',
          'create insights All pageviews',
          'create dashboards Growth',
        ])
        const report = await apply(production, copy)
        expect(report.results.filter((result) => result.status !== 'applied')).toEqual([])

        const there = await plan(production, pulled)
        expect(there.errors).toEqual([])
        expect(notUnchanged(there.changes)).toEqual([])
        expect(there.changes).toHaveLength(6)

        const action = (await production.actions.list()).results[0]!
        const cohort = (await production.cohorts.list()).results[0]!
        const [promoted] = (await production.dashboards.list()).results
        const read = await production.dashboards.retrieve(promoted!.id)
        const tiles = read.tiles as Array<{
          insight: { id: number; name: string; query: unknown } | null
          text: { body: string } | null
          layouts: unknown
        }>
        expect(tiles.map((tile) => tile.insight?.name ?? tile.text?.body)).toEqual([
          'Signups',
          'Beta pageviews',
          'All pageviews',
          '## What these mean',
        ])
        expect(tiles.map((tile) => tile.layouts)).toEqual([layout(0, 0), layout(6, 0), layout(0, 5), layout(6, 5)])
        for (const tile of tiles.filter((one) => one.insight)) expect(source.insights).not.toContain(tile.insight!.id)
        expect([action.id, cohort.id]).not.toEqual([source.action, source.cohort])
        expect(JSON.stringify(tiles[0]!.insight!.query)).toContain(`{"kind":"ActionsNode","id":${action.id}`)
        expect(JSON.stringify(tiles[1]!.insight!.query)).toContain(`{"key":"id","type":"cohort","value":${cohort.id}}`)
      } finally {
        await rm(dir, { recursive: true, force: true })
      }
    },
  )

  it(
    'a layout change is a field of the tile in the plan, ' + 'applied by the tile id: the tile is not re-created',
    async () => {
      const { staging } = clients()
      const { dashboard } = await growthDashboard(staging)
      const desired = await pull(staging, { kinds: [...KINDS] })
      const before = await staging.dashboards.retrieve(dashboard)
      const tiles = desired.dashboards![0]!.tiles as Spec[]
      tiles[1]!.layouts = layout(0, 10)
      // Order in the files is not a tile's place: moving the text tile first changes nothing by itself.
      tiles.unshift(tiles.pop()!)
      const planned = await plan(staging, desired)
      const change = planned.changes.find((one) => one.kind === 'dashboards')!
      expect(change.action).toBe('update')
      expect(change.fields).toEqual([
        { path: 'tiles[2].layouts.sm.x', before: 6, after: 0 },
        { path: 'tiles[2].layouts.sm.y', before: 0, after: 10 },
        { path: 'tiles[2].layouts.xs.y', before: 0, after: 20 },
      ])
      const from = e2e.fake.requests.length
      await apply(staging, planned)
      const writes = writesSince(e2e.fake, from)
      expect(writes.map((write) => `${write.method} ${write.path}`)).toEqual([
        `PATCH /api/projects/${STAGING}/dashboards/${dashboard}/`,
      ])
      const after = await staging.dashboards.retrieve(dashboard)
      const ids = (read: typeof before) => (read.tiles as Array<{ id: number }>).map((tile) => tile.id).sort()
      expect(ids(after)).toEqual(ids(before))
      expect(notUnchanged((await plan(staging, desired)).changes)).toEqual([])
    },
  )

  it(
    'a tile moved or a text edited by hand is drift, shown by tile; an insight added by hand is a tile the files ' +
      'lack',
    async () => {
      const { staging } = clients()
      const { dashboard } = await growthDashboard(staging)
      const desired = await pull(staging, { kinds: [...KINDS] })
      const tiles = (await staging.dashboards.retrieve(dashboard)).tiles as Array<{
        id: number
        text: { id: number } | null
      }>
      const text = tiles.find((tile) => tile.text)!
      await staging.dashboards.update(dashboard, {
        tiles: [
          { id: tiles[0]!.id, layouts: layout(0, 20) },
          { id: text.id, text: { id: text.text!.id, body: 'edited' } },
        ],
      })
      const drift = await plan(staging, desired)
      expect(
        drift.changes
          .find((change) => change.kind === 'dashboards')!
          .fields!.map((field) => `${field.path}: ${JSON.stringify(field.before)} → ${JSON.stringify(field.after)}`),
      ).toEqual([
        'tiles[0].layouts.sm.y: 20 → 0',
        'tiles[0].layouts.xs.y: 40 → 0',
        'tiles[3].text.body: "edited" → "## What these mean"',
      ])
      await staging.insights.create({ name: 'Extra', dashboards: [dashboard] })
      const more = await plan(staging, { ...desired, insights: undefined })
      expect(more.changes.find((change) => change.kind === 'dashboards')!.fields!.map((field) => field.path)).toContain(
        'tiles',
      )
    },
  )

  it(
    "the service's fields in a spec (a tile's id and order, an insight's short_id, saved and result) are not " +
      'compared or sent',
    async () => {
      const { staging } = clients()
      await growthDashboard(staging)
      const desired = await pull(staging, { kinds: [...KINDS] })
      const dashboard = desired.dashboards![0] as Spec
      dashboard.last_accessed_at = '2020-01-01T00:00:00Z'
      ;(dashboard.tiles as Spec[]).forEach((tile, index) =>
        Object.assign(tile, { id: 1000 + index, order: 9 - index, is_cached: true }),
      )
      for (const insight of desired.insights as Spec[])
        Object.assign(insight, {
          short_id: 'abcdefgh',
          saved: false,
          result: [1, 2],
          last_refresh: '2020-01-01T00:00:00Z',
        })
      expect(notUnchanged((await plan(staging, desired)).changes)).toEqual([])
    },
  )

  it(
    'a copy leaves out an insight whose query names cohorts of a breakdown by id, saying so; the dashboard ' +
      'showing it is a plan error',
    async () => {
      const { staging, production } = clients()
      const { dashboard, cohort } = await growthDashboard(staging)
      const breakdownFilter = { breakdown_type: 'cohort', breakdown: [cohort] }
      const query = {
        kind: 'InsightVizNode',
        source: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }], breakdownFilter },
      }
      await staging.insights.create({ name: 'By cohort', query: query as never, dashboards: [dashboard] })
      const copy = await planCopy(staging, production, { kinds: ['dashboards'] })
      expect(copy.warnings).toContainEqual({
        kind: 'insights',
        key: 'By cohort',
        message:
          `not copied: it names objects of the source project by id (query.source.breakdownFilter.breakdown ` +
          `cohorts ${cohort}); create them in the target and write their ids into the spec`,
      })
      expect(copy.errors).toContainEqual({
        kind: 'dashboards',
        key: 'Growth',
        message: expect.stringContaining('$ref "insights/By cohort" names nothing'),
      })
    },
  )

  it('matches text tiles by body first, then the rest by position', () => {
    const text = (body: string) => ({ text: { body } })
    expect(
      matchTiles(
        [text('b'), text('x'), { insight: { $ref: 'insights/A' } }],
        [{ insight: { $ref: 'insights/A' } }, text('a'), text('b')],
      ),
    ).toEqual([2, 1, 0])
    expect(matchTiles([text('a'), text('a')], [text('a')])).toEqual([0, -1])
  })

  it('a saved plan of a tile change reads back and applies as reviewed (tiles by $ref in the file)', async () => {
    const { staging } = clients()
    const { dashboard } = await growthDashboard(staging)
    const desired = await pull(staging, { kinds: [...KINDS] })
    ;(desired.dashboards![0]!.tiles as Spec[])[0]!.color = 'green'
    const dir = await mkdtemp(join(tmpdir(), 'phc-dashboard-plan-'))
    try {
      const file = join(dir, 'plan.json')
      await writePlan(file, await plan(staging, desired))
      expect(await readFile(file, 'utf8')).toContain('"$ref": "insights/Signups"')
      const report = await apply(staging, await readPlan(file))
      expect(report.failed).toBe(0)
      const tiles = (await staging.dashboards.retrieve(dashboard)).tiles as Array<{ color: string | null }>
      expect(tiles[0]!.color).toBe('green')
      expect(notUnchanged((await plan(staging, desired)).changes)).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it(
    'a text tile is matched by its body, then by position: an edited body keeps its tile; a tile left out is ' +
      'taken off, its insight stays',
    async () => {
      const { staging } = clients()
      const { dashboard, insights } = await growthDashboard(staging)
      const desired = await pull(staging, { kinds: [...KINDS] })
      const textTile = async () =>
        (
          (await staging.dashboards.retrieve(dashboard)).tiles as Array<{ id: number; text: { body: string } | null }>
        ).find((tile) => tile.text)!
      const before = await textTile()
      const tiles = desired.dashboards![0]!.tiles as Spec[]
      tiles[3]!.text = { body: 'Read me first' }
      tiles.splice(2, 1)
      const planned = await plan(staging, desired)
      expect(planned.errors).toEqual([])
      await apply(staging, planned)
      const after = await textTile()
      expect(after).toMatchObject({ id: before.id, text: { body: 'Read me first' } })
      const shown = (
        (await staging.dashboards.retrieve(dashboard)).tiles as Array<{ insight: { id: number } | null }>
      ).flatMap((tile) => (tile.insight ? [tile.insight.id] : []))
      expect(shown.sort()).toEqual(insights.slice(0, 2).sort())
      expect((await staging.insights.retrieve(insights[2]!)).name).toBe('All pageviews')
      expect(notUnchanged((await plan(staging, desired)).changes)).toEqual([])
    },
  )

  it(
    "a new tile places its insight through the insight's dashboards, keeping its other dashboards, then sets its " +
      'layout',
    async () => {
      const { staging } = clients()
      const { insights } = await growthDashboard(staging)
      const desired = await pull(staging, { kinds: [...KINDS] })
      desired.dashboards!.push({
        name: 'Board',
        tiles: [{ insight: { $ref: 'insights/Signups' }, layouts: layout(0, 0) }, { text: { body: 'hello' } }],
      })
      const planned = await plan(staging, desired)
      expect(notUnchanged(planned.changes)).toEqual(['create dashboards Board'])
      await apply(staging, planned)
      const signups = await staging.insights.retrieve(insights[0]!)
      expect(signups.dashboards).toHaveLength(2)
      expect(notUnchanged((await plan(staging, desired)).changes)).toEqual([])
    },
  )

  it(
    'plan errors: an insight spec with dashboards, an ambiguous ' + 'name, pruning an insight a dashboard shows',
    async () => {
      const { staging } = clients()
      await growthDashboard(staging)
      await staging.dashboards.create({ name: 'Growth' })
      const desired = await pull(staging, { kinds: ['actions', 'cohorts', 'insights'] })
      ;(desired.insights![0] as Spec).dashboards = [1]
      desired.dashboards = [{ name: 'Growth' }]
      const planned = await plan(staging, desired)
      expect(planned.errors.map((error) => `${error.kind} ${error.key}: ${error.message.slice(0, 39)}`)).toEqual([
        'insights All pageviews: dashboards: an insight is placed by the',
        expect.stringMatching(/^dashboards Growth: name "Growth" matches 2 live/),
      ])
      const pruned = await plan(staging, { insights: [] }, { prune: true })
      expect(pruned.errors.map((error) => error.key).sort()).toEqual(['All pageviews', 'Beta pageviews', 'Signups'])
      expect(pruned.errors[0]!.message).toMatch(/^not deleted: dashboards\/Growth \(tiles\[\d\]\.insight\) stays/)
    },
  )
})

describe('early access features as configuration', () => {
  const e2e = useE2E({ projects: [STAGING, PRODUCTION] }, 'test')
  const clients = () => {
    const staging = e2e.client({ projectId: STAGING })
    return { staging, production: staging.withOptions({ projectId: PRODUCTION }) }
  }
  const flagFilters = { groups: [{ properties: [], rollout_percentage: 20 }] }

  it('names its flag by $ref; the enrollment mark is never drift of the flag; a copy brings the flag', async () => {
    const { staging, production } = clients()
    const flag = await staging.featureFlags.create({ key: 'dark-mode', filters: flagFilters } as never)
    await staging.earlyAccessFeatures.create({ name: 'Dark mode', stage: 'beta', feature_flag_id: flag.id })
    expect(((await staging.featureFlags.retrieve(flag.id)).filters as Spec).feature_enrollment).toBe(true)
    const pulled = await pull(staging, { kinds: ['featureFlags', 'earlyAccessFeatures'] })
    expect(pulled.earlyAccessFeatures).toEqual([
      expect.objectContaining({
        name: 'Dark mode',
        stage: 'beta',
        feature_flag_id: { $ref: 'feature-flags/dark-mode' },
      }),
    ])
    expect(pulled.featureFlags![0]!.filters as Spec).not.toHaveProperty('feature_enrollment')
    expect(notUnchanged((await plan(staging, pulled)).changes)).toEqual([])
    // A flag update keeps the feature's mark.
    ;(pulled.featureFlags![0]!.filters as { groups: Spec[] }).groups[0]!.rollout_percentage = 30
    await apply(staging, await plan(staging, pulled))
    expect(((await staging.featureFlags.retrieve(flag.id)).filters as Spec).feature_enrollment).toBe(true)

    const copy = await planCopy(staging, production, { kinds: ['earlyAccessFeatures'] })
    expect(notUnchanged(copy.changes)).toEqual([
      'create featureFlags dark-mode',
      'create earlyAccessFeatures Dark mode',
    ])
    expect((await apply(production, copy)).failed).toBe(0)
    expect(notUnchanged((await plan(production, pulled)).changes)).toEqual([])
    const [promoted] = (await production.earlyAccessFeatures.list()).results
    const target = (await production.featureFlags.list()).results[0]!
    expect(promoted!.feature_flag).toMatchObject({ id: target.id, key: 'dark-mode' })
    expect(target.id).not.toBe(flag.id)
  })

  it('its flag is fixed once created: a change is a plan error, nothing sent', async () => {
    const { staging } = clients()
    const flag = await staging.featureFlags.create({ key: 'dark-mode', filters: flagFilters } as never)
    await staging.featureFlags.create({ key: 'light-mode', filters: flagFilters } as never)
    await staging.earlyAccessFeatures.create({ name: 'Dark mode', stage: 'alpha', feature_flag_id: flag.id })
    const pulled = await pull(staging, { kinds: ['featureFlags', 'earlyAccessFeatures'] })
    pulled.earlyAccessFeatures![0]!.feature_flag_id = { $ref: 'feature-flags/light-mode' }
    const planned = await plan(staging, pulled)
    expect(planned.errors).toEqual([
      {
        kind: 'earlyAccessFeatures',
        key: 'Dark mode',
        message: expect.stringMatching(/^feature_flag_id: an early access feature keeps the flag it was created with/),
      },
    ])
  })
})
