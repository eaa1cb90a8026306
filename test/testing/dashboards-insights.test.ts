import { describe, expect, it } from 'vitest'
import { ProjectClient } from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/** The fake's dashboards, insights and early access features (docs/service-behaviour.md §14), each rule by its id. */

const NOW = new Date('2026-11-20T12:00:00.000Z')
const TRENDS = {
  kind: 'InsightVizNode',
  source: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', event: '$pageview' }] },
}

function world(options: Parameters<typeof createFakeApi>[0] = {}) {
  let now = NOW.getTime()
  const fake = createFakeApi({ now: () => new Date(now), ...options })
  const tick = () => (now += 60_000)
  return { fake, call: caller(fake).read, tick }
}

describe('dashboards', () => {
  it('[D1] reads need dashboard:read, writes dashboard:write', async () => {
    const { fake } = world({ apiKey: 'phx_r', keys: { phx_r: ['dashboard:read'] } })
    const call = caller(fake).read
    expect((await call('GET', 'dashboards/')).status).toBe(200)
    const refused = await call('POST', 'dashboards/', { name: 'A' })
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toContain('dashboard:write')
  })

  it('[D2] DELETE is refused with 405 and an empty body', async () => {
    const { fake, call } = world()
    const [dashboard] = fake.seed.dashboards([{}])
    const answer = await call('DELETE', `dashboards/${dashboard!.id}/`)
    expect(answer.status).toBe(405)
    expect(answer.text).toBe('')
    expect(fake.state.dashboards.get(dashboard!.id)!.deleted).toBe(false)
  })

  it(
    '[D3] soft delete takes the tiles along, hides the dashboard; delete_insights takes the insights found only ' +
      'there',
    async () => {
      const { fake, call } = world()
      const [mine, other] = fake.seed.dashboards([{ name: 'Mine' }, { name: 'Other' }])
      const [only, shared] = fake.seed.insights([{ dashboards: [mine!.id] }, { dashboards: [mine!.id, other!.id] }])
      const deleted = await call('PATCH', `dashboards/${mine!.id}/`, { deleted: true, delete_insights: true })
      expect(deleted.status).toBe(200)
      expect(deleted.body.tiles).toEqual([])
      expect((await call('GET', `dashboards/${mine!.id}/`)).status).toBe(404)
      expect((await call('GET', 'dashboards/')).body.results.map((item: { name: string }) => item.name)).toEqual([
        'Other',
      ])
      expect((await call('PATCH', `dashboards/${mine!.id}/`, { name: 'Renamed' })).status).toBe(404)
      expect((await call('GET', `insights/${only!.id}/`)).status).toBe(404)
      expect((await call('GET', `insights/${shared!.id}/`)).body.dashboards).toEqual([other!.id])
    },
  )

  it('[D4] a restore brings back every tile, those removed one by one too, and the insights on them', async () => {
    const { fake, call } = world()
    const [dashboard] = fake.seed.dashboards([{}])
    const [a, b] = fake.seed.insights([{ dashboards: [dashboard!.id] }, { dashboards: [dashboard!.id] }])
    const tiles = (await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles
    const tileOfB = tiles.find((tile: { insight: { id: number } }) => tile.insight.id === b!.id)
    await call('PATCH', `dashboards/${dashboard!.id}/`, { tiles: [{ id: tileOfB.id, deleted: true }] })
    expect((await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles).toHaveLength(1)
    await call('PATCH', `dashboards/${dashboard!.id}/`, { deleted: true, delete_insights: true })
    const restored = await call('PATCH', `dashboards/${dashboard!.id}/`, { deleted: false })
    expect(restored.status).toBe(200)
    expect(restored.body.tiles.map((tile: { insight: { id: number } }) => tile.insight.id).sort()).toEqual(
      [a!.id, b!.id].sort(),
    )
    expect((await call('GET', `insights/${a!.id}/`)).status).toBe(200)
  })

  it(
    '[D5] a create makes no tiles; filters default to {}; use_dashboard copies; refusals as the serializer words ' +
      'them',
    async () => {
      const { fake, call } = world()
      const created = await call('POST', 'dashboards/', { name: 'New', tiles: [{ text: { body: 'ignored' } }] })
      expect(created.status).toBe(201)
      expect(created.body).toMatchObject({ name: 'New', tiles: [], filters: {}, creation_mode: 'default' })
      expect((await call('POST', 'dashboards/', { filters: [1] })).body).toMatchObject({
        detail: 'Filters must be a dictionary',
        attr: null,
      })
      expect((await call('POST', 'dashboards/', { variables: 'x' })).body.detail).toBe('Filters must be a dictionary')
      expect((await call('POST', 'dashboards/', { use_dashboard: 999 })).body).toMatchObject({
        detail: 'Invalid value provided',
        attr: 'use_dashboard',
      })
      expect((await call('POST', 'dashboards/', { use_template: 'Nope' })).body).toMatchObject({
        detail: 'Invalid template provided: Nope',
        attr: 'use_template',
      })
      expect(
        (await call('POST', 'dashboards/', { use_dashboard: created.body.id, use_template: 'Nope' })).body.detail,
      ).toBe('`use_dashboard` and `use_template` cannot be used together')
      const [insight] = fake.seed.insights([{ dashboards: [created.body.id] }])
      const copy = await call('POST', 'dashboards/', { name: 'Copy', use_dashboard: created.body.id })
      expect(copy.body.creation_mode).toBe('duplicate')
      expect(copy.body.tiles.map((tile: { insight: { id: number } }) => tile.insight.id)).toEqual([insight!.id])
    },
  )

  it('[D6] [X4] the answer carries the fields the service owns; a write of them changes nothing', async () => {
    const { call } = world()
    const created = await call('POST', 'dashboards/', { name: 'A' })
    expect(created.body).toMatchObject({
      is_shared: false,
      effective_privilege_level: 37,
      user_access_level: 'editor',
      persisted_filters: {},
    })
    const patched = await call('PATCH', `dashboards/${created.body.id}/`, {
      created_at: '2000-01-01T00:00:00Z',
      is_shared: true,
    })
    expect(patched.body.created_at).toBe(created.body.created_at)
    expect(patched.body.is_shared).toBe(false)
  })

  it('[D7] a read writes last_accessed_at', async () => {
    const { fake, call, tick } = world()
    const [dashboard] = fake.seed.dashboards([{}])
    const first = await call('GET', `dashboards/${dashboard!.id}/`)
    tick()
    const second = await call('GET', `dashboards/${dashboard!.id}/`)
    expect(first.body.last_accessed_at).not.toBeNull()
    expect(second.body.last_accessed_at).not.toBe(first.body.last_accessed_at)
  })

  it('[D8] a PATCH of filters or variables applies only when truthy: {} and null leave them', async () => {
    const { call } = world()
    const created = await call('POST', 'dashboards/', {
      filters: { date_from: '-7d' },
      variables: { v: { code_name: 'x' } },
    })
    for (const body of [{ filters: {} }, { filters: null }, { variables: {} }]) {
      const patched = await call('PATCH', `dashboards/${created.body.id}/`, body)
      expect(patched.body.filters).toEqual({ date_from: '-7d' })
      expect(patched.body.variables).toEqual({ v: { code_name: 'x' } })
    }
    expect(
      (await call('PATCH', `dashboards/${created.body.id}/`, { filters: { date_from: '-30d' } })).body.filters,
    ).toEqual({ date_from: '-30d' })
  })

  it('[D9] tiles in the order of their sm layout, each with its insight in full; the list has no tiles', async () => {
    const { fake, call } = world()
    const [dashboard] = fake.seed.dashboards([{}])
    const [first, second] = fake.seed.insights([{ dashboards: [dashboard!.id] }, { dashboards: [dashboard!.id] }])
    const tiles = (await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles
    const tileOf = (id: number) => tiles.find((tile: { insight: { id: number } }) => tile.insight.id === id).id
    await call('PATCH', `dashboards/${dashboard!.id}/`, {
      tiles: [
        { id: tileOf(first!.id), layouts: { sm: { x: 0, y: 5, w: 6, h: 5 } } },
        { id: tileOf(second!.id), layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } },
      ],
    })
    const read = (await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles
    expect(read.map((tile: { insight: { id: number }; order: number }) => [tile.insight.id, tile.order])).toEqual([
      [second!.id, 0],
      [first!.id, 1],
    ])
    expect(Object.keys(read[0]).sort()).toEqual(
      [
        'button_tile',
        'color',
        'filters_overrides',
        'id',
        'insight',
        'is_cached',
        'last_refresh',
        'layouts',
        'order',
        'show_description',
        'text',
        'transparent_background',
      ].sort(),
    )
    expect(read[0].insight).toMatchObject({ id: second!.id, short_id: second!.short_id, query: TRENDS })
    const item = (await call('GET', 'dashboards/')).body.results[0]
    expect(item).not.toHaveProperty('tiles')
    expect(item).not.toHaveProperty('filters')
    expect(item).not.toHaveProperty('variables')
  })

  it(
    '[D10] tiles on PATCH are upserted by id: layouts replaced ' + 'whole, an insight not placed, the others left',
    async () => {
      const { fake, call } = world()
      const [dashboard, elsewhere] = fake.seed.dashboards([{}, {}])
      const [a, b] = fake.seed.insights([{ dashboards: [dashboard!.id] }, { dashboards: [dashboard!.id] }])
      const [stranger] = fake.seed.insights([{ dashboards: [elsewhere!.id] }])
      const tiles = (await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles
      const tileOfA = tiles.find((tile: { insight: { id: number } }) => tile.insight.id === a!.id)
      await call('PATCH', `dashboards/${dashboard!.id}/`, {
        tiles: [{ id: tileOfA.id, layouts: { sm: { x: 0, y: 0, w: 6, h: 5 }, xs: { x: 0, y: 0, w: 1, h: 5 } } }],
      })
      const patched = await call('PATCH', `dashboards/${dashboard!.id}/`, {
        tiles: [
          { id: tileOfA.id, layouts: { sm: { x: 6, y: 0, w: 6, h: 5 } }, insight: { id: stranger!.id } },
          { insight: { id: stranger!.id } },
        ],
      })
      const byInsight = new Map(patched.body.tiles.map((tile: { insight: { id: number } }) => [tile.insight.id, tile]))
      expect([...byInsight.keys()].sort()).toEqual([a!.id, b!.id].sort())
      expect((byInsight.get(a!.id) as { layouts: unknown }).layouts).toEqual({ sm: { x: 6, y: 0, w: 6, h: 5 } })
    },
  )

  it('[D11] text tiles are made and edited through the tiles; a body is at most 4000 characters', async () => {
    const { fake, call } = world()
    const [dashboard, other] = fake.seed.dashboards([{}, {}])
    const made = await call('PATCH', `dashboards/${dashboard!.id}/`, {
      tiles: [{ text: { body: '# Notes' }, layouts: { sm: { x: 0, y: 0, w: 12, h: 2 } } }],
    })
    const tile = made.body.tiles[0]
    expect(tile).toMatchObject({
      insight: null,
      text: { body: '# Notes' },
      layouts: { sm: { x: 0, y: 0, w: 12, h: 2 } },
    })
    const edited = await call('PATCH', `dashboards/${dashboard!.id}/`, {
      tiles: [{ id: tile.id, text: { id: tile.text.id, body: 'Changed' } }],
    })
    expect(edited.body.tiles.map((one: { text: { body: string } }) => one.text.body)).toEqual(['Changed'])
    expect(
      (
        await call('PATCH', `dashboards/${other!.id}/`, {
          tiles: [{ id: tile.id, text: { id: tile.text.id, body: 'x' } }],
        })
      ).body,
    ).toMatchObject({
      detail: 'Text tile not found.',
      attr: 'text',
    })
    expect(
      (await call('PATCH', `dashboards/${dashboard!.id}/`, { tiles: [{ text: { id: 9999, body: 'x' } }] })).body.detail,
    ).toBe('Text tile not found in this team.')
    const long = await call('PATCH', `dashboards/${dashboard!.id}/`, { tiles: [{ text: { body: 'x'.repeat(4001) } }] })
    expect(long.body).toMatchObject({ detail: 'Text body cannot exceed 4000 characters', attr: 'text__body' })
    expect((await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles).toHaveLength(1)
  })

  it(
    '[D12] [X1] a tile placed through an insight starts with ' + 'layouts {}; the dashboard sets its place by tile id',
    async () => {
      const { fake, call } = world()
      const [dashboard] = fake.seed.dashboards([{}])
      const insight = await call('POST', 'insights/', { name: 'Signups', query: TRENDS, dashboards: [dashboard!.id] })
      const tileId = insight.body.dashboard_tiles[0].id
      expect((await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles[0]).toMatchObject({
        id: tileId,
        layouts: {},
      })
      await call('PATCH', `dashboards/${dashboard!.id}/`, {
        tiles: [{ id: tileId, layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } } }],
      })
      expect((await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles[0]).toMatchObject({
        id: tileId,
        layouts: { sm: { x: 0, y: 0, w: 6, h: 5 } },
      })
    },
  )

  it(
    '[D13] the list: pinned first, then by name; unlisted and deleted left out; filtered by tags and ' +
      'creation_mode',
    async () => {
      const { fake, call } = world()
      fake.seed.dashboards([
        { name: 'b' },
        { name: 'a' },
        { name: 'z', pinned: true, tags: ['team'] },
        { name: 'hidden', creation_mode: 'unlisted' },
        { name: 'gone', deleted: true },
      ])
      const names = async (query = '') =>
        (await call('GET', `dashboards/${query}`)).body.results.map((item: { name: string }) => item.name)
      expect(await names()).toEqual(['z', 'a', 'b'])
      expect(await names('?tags=team')).toEqual(['z'])
      expect(await names('?creation_mode=unlisted')).toEqual(['hidden'])
    },
  )

  it('[D14] names are not unique', async () => {
    const { call } = world()
    expect((await call('POST', 'dashboards/', { name: 'Same' })).status).toBe(201)
    expect((await call('POST', 'dashboards/', { name: 'Same' })).status).toBe(201)
  })
})

describe('copy_tile, the action the SDK does not declare', () => {
  type Call = ReturnType<typeof world>['call']
  const copy = (call: Call, to: number, body: unknown) => call('POST', `dashboards/${to}/copy_tile/`, body)
  const refusal = (detail: string, attr: string | null = null, code = 'invalid_input') => ({
    type: 'validation_error',
    code,
    detail,
    attr,
  })
  const tilesOf = async (call: Call, id: number) => (await call('GET', `dashboards/${id}/`)).body.tiles

  it('[D15] an insight tile: the same insight placed on the destination, its look kept; answers it', async () => {
    const { fake, call } = world()
    const [source, destination] = fake.seed.dashboards([{ name: 'Source' }, { name: 'Destination' }])
    const [insight] = fake.seed.insights([{ dashboards: [source!.id] }])
    const tileId = (await tilesOf(call, source!.id))[0].id
    const look = { layouts: { sm: { x: 6, y: 0, w: 6, h: 5 } }, color: 'blue', show_description: true }
    await call('PATCH', `dashboards/${source!.id}/`, { tiles: [{ id: tileId, ...look }] })
    const copied = await copy(call, destination!.id, { fromDashboardId: source!.id, tileId })
    expect(copied.status).toBe(200)
    expect(copied.body).toMatchObject({ id: destination!.id, name: 'Destination' })
    expect(copied.body.tiles).toHaveLength(1)
    expect(copied.body.tiles[0]).toMatchObject({ insight: { id: insight!.id }, text: null, ...look })
    expect(copied.body.tiles[0].id).not.toBe(tileId)
    const placed = (await call('GET', `insights/${insight!.id}/`)).body.dashboards
    expect(placed.sort()).toEqual([source!.id, destination!.id].sort())
    expect((await tilesOf(call, source!.id)).map((tile: { id: number }) => tile.id)).toEqual([tileId])
  })

  it('[D15] a text tile: the same text (shared, not copied) placed on the destination', async () => {
    const { fake, call } = world()
    const [source, destination] = fake.seed.dashboards([{}, {}])
    const made = await call('PATCH', `dashboards/${source!.id}/`, { tiles: [{ text: { body: '# Notes' } }] })
    const tile = made.body.tiles[0]
    const copied = await copy(call, destination!.id, { fromDashboardId: source!.id, tileId: tile.id })
    expect(copied.status).toBe(200)
    expect(copied.body.tiles[0]).toMatchObject({ insight: null, text: { id: tile.text.id, body: '# Notes' } })
    const edit = { id: tile.id, text: { id: tile.text.id, body: 'Changed' } }
    await call('PATCH', `dashboards/${source!.id}/`, { tiles: [edit] })
    expect((await tilesOf(call, destination!.id))[0].text.body).toBe('Changed')
  })

  it("[D15] the four refusals, as DRF ValidationErrors without an attr; the body's fields first", async () => {
    const { fake, call } = world()
    const [source, destination] = fake.seed.dashboards([{}, {}])
    fake.seed.insights([{ dashboards: [source!.id] }])
    await call('PATCH', `dashboards/${source!.id}/`, { tiles: [{ text: { body: 'Text' } }, { color: 'red' }] })
    const tiles: Array<{ id: number; insight: unknown; text: unknown }> = await tilesOf(call, source!.id)
    const insightTile = tiles.find((tile) => tile.insight !== null)!.id
    const textTile = tiles.find((tile) => tile.text !== null)!.id
    const bare = tiles.find((tile) => tile.insight === null && tile.text === null)!.id
    const to = (id: number, body: unknown) => copy(call, id, body)
    const from = (tileId: unknown) => ({ fromDashboardId: source!.id, tileId })

    const empty = await to(destination!.id, {})
    expect(empty.body).toEqual(refusal('This field is required.', 'fromDashboardId', 'required'))
    const noTile = await to(destination!.id, { fromDashboardId: source!.id })
    expect(noTile.body).toEqual(refusal('This field is required.', 'tileId', 'required'))
    const notNumber = await to(destination!.id, { fromDashboardId: 'x', tileId: 1 })
    expect(notNumber.body).toEqual(refusal('A valid integer is required.', 'fromDashboardId'))
    const same = await to(source!.id, from(insightTile))
    expect(same.status).toBe(400)
    expect(same.body).toEqual(refusal('Destination must be a different dashboard than the source.'))
    const neither = await to(destination!.id, from(bare))
    expect(neither.body).toEqual(refusal('Only insight and text tiles can be copied between dashboards.'))
    expect((await to(destination!.id, from(insightTile))).status).toBe(200)
    const again = await to(destination!.id, from(insightTile))
    expect(again.body).toEqual(refusal('This insight is already on the destination dashboard.'))
    expect((await to(destination!.id, from(textTile))).status).toBe(200)
    const textAgain = await to(destination!.id, from(textTile))
    expect(textAgain.body).toEqual(refusal('This text card is already on the destination dashboard.'))
    expect(await tilesOf(call, destination!.id)).toHaveLength(2)
  })

  it('[D15] 404 for an unknown or deleted dashboard on either side and for a tile not live on the source', async () => {
    const { fake, call } = world()
    const [source, destination, gone, other] = fake.seed.dashboards([{}, {}, {}, {}])
    fake.seed.insights([{ dashboards: [source!.id] }, { dashboards: [source!.id] }, { dashboards: [other!.id] }])
    const [kept, removed] = (await tilesOf(call, source!.id)).map((tile: { id: number }) => tile.id)
    const elsewhere = (await tilesOf(call, other!.id))[0].id
    await call('PATCH', `dashboards/${source!.id}/`, { tiles: [{ id: removed, deleted: true }] })
    await call('PATCH', `dashboards/${gone!.id}/`, { deleted: true })
    const status = async (to: number, fromDashboardId: number, tileId: number) =>
      (await copy(call, to, { fromDashboardId, tileId })).status
    expect(await status(9999, source!.id, kept)).toBe(404)
    expect(await status(gone!.id, source!.id, kept)).toBe(404)
    expect(await status(destination!.id, 9999, kept)).toBe(404)
    expect(await status(destination!.id, gone!.id, kept)).toBe(404)
    expect(await status(destination!.id, source!.id, 9999)).toBe(404)
    expect(await status(destination!.id, source!.id, removed)).toBe(404)
    expect(await status(destination!.id, source!.id, elsewhere)).toBe(404)
    expect(await status(destination!.id, source!.id, kept)).toBe(200)
  })

  it('[D15] reachable through client.request: the answer is the destination with its tiles', async () => {
    const { fake } = world()
    const [source, destination] = fake.seed.dashboards([{}, {}])
    const [insight] = fake.seed.insights([{ dashboards: [source!.id] }])
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch, maxRetries: 0 })
    const tileId = (await caller(fake).read('GET', `dashboards/${source!.id}/`)).body.tiles[0].id
    const body = { fromDashboardId: source!.id, tileId }
    const answer = (await client.request({
      method: 'POST',
      path: `dashboards/${destination!.id}/copy_tile/`,
      body,
    })) as {
      id: number
      tiles: Array<{ insight: { id: number } }>
    }
    expect(answer.id).toBe(destination!.id)
    expect(answer.tiles.map((tile) => tile.insight.id)).toEqual([insight!.id])
  })

  it('[D15] needs dashboard:write; POST only', async () => {
    const { fake } = world({ apiKey: 'phx_r', keys: { phx_r: ['dashboard:read'] } })
    const [source, destination] = fake.seed.dashboards([{}, {}])
    const call = caller(fake).read
    const path = `dashboards/${destination!.id}/copy_tile/`
    const refused = await call('POST', path, { fromDashboardId: source!.id, tileId: 1 })
    expect(refused.status).toBe(403)
    expect(refused.body.detail).toBe("API key missing required scope 'dashboard:write'")
    expect((await call('GET', path)).status).toBe(405)
  })

  it('[D15] a soft-deleted tile of that insight on the destination comes back, with the source tile look', async () => {
    const { fake, call } = world()
    const [source, destination] = fake.seed.dashboards([{}, {}])
    const [insight] = fake.seed.insights([{ dashboards: [source!.id, destination!.id] }])
    const sourceTile = (await tilesOf(call, source!.id))[0].id
    const oldTile = (await tilesOf(call, destination!.id))[0].id
    await call('PATCH', `dashboards/${destination!.id}/`, { tiles: [{ id: oldTile, deleted: true }] })
    await call('PATCH', `dashboards/${source!.id}/`, { tiles: [{ id: sourceTile, color: 'green' }] })
    const copied = await copy(call, destination!.id, { fromDashboardId: source!.id, tileId: sourceTile })
    expect(copied.body.tiles).toHaveLength(1)
    expect(copied.body.tiles[0]).toMatchObject({ id: oldTile, color: 'green', insight: { id: insight!.id } })
  })
})

describe('insights', () => {
  it('[I1] reads need insight:read, writes insight:write; {id} is the id or the short id', async () => {
    const { fake } = world({ apiKey: 'phx_r', keys: { phx_r: ['insight:read'] } })
    const call = caller(fake).read
    const [insight] = fake.seed.insights([{}])
    expect((await call('GET', `insights/${insight!.short_id}/`)).body.id).toBe(insight!.id)
    expect((await call('GET', `insights/${insight!.id}/`)).body.short_id).toBe(insight!.short_id)
    expect((await call('POST', 'insights/', {})).status).toBe(403)
  })

  it('[I2] DELETE is refused with 405 and an empty body', async () => {
    const { fake, call } = world()
    const [insight] = fake.seed.insights([{}])
    const answer = await call('DELETE', `insights/${insight!.id}/`)
    expect(answer.status).toBe(405)
    expect(answer.text).toBe('')
  })

  it(
    '[I3] soft delete takes it off every dashboard; a restore alone does not put it back, dashboards in the same ' +
      'body do',
    async () => {
      const { fake, call } = world()
      const [dashboard] = fake.seed.dashboards([{}])
      const [insight] = fake.seed.insights([{ dashboards: [dashboard!.id] }])
      const tileId = (await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles[0].id
      await call('PATCH', `dashboards/${dashboard!.id}/`, {
        tiles: [{ id: tileId, layouts: { sm: { x: 3, y: 0, w: 6, h: 5 } } }],
      })
      await call('PATCH', `insights/${insight!.id}/`, { deleted: true })
      expect((await call('GET', `insights/${insight!.id}/`)).status).toBe(404)
      expect((await call('GET', 'insights/')).body.count).toBe(0)
      expect((await call('PATCH', `insights/${insight!.id}/`, { name: 'x' })).status).toBe(404)
      expect((await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles).toEqual([])
      const restored = await call('PATCH', `insights/${insight!.id}/`, { deleted: false })
      expect(restored.body.dashboards).toEqual([])
      const placed = await call('PATCH', `insights/${insight!.id}/`, { dashboards: [dashboard!.id] })
      expect(placed.body.dashboard_tiles).toEqual([{ id: tileId, dashboard_id: dashboard!.id, deleted: false }])
      expect((await call('GET', `dashboards/${dashboard!.id}/`)).body.tiles[0].layouts).toEqual({
        sm: { x: 3, y: 0, w: 6, h: 5 },
      })
    },
  )

  it('[I4] a create needs nothing and answers 201 with the full shape', async () => {
    const { call } = world()
    const created = await call('POST', 'insights/', {})
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: null, query: null, deleted: false, dashboards: [], result: null })
    expect(created.body.short_id).toMatch(/^[0-9a-f]{8}$/)
  })

  it(
    '[I5] the query is checked against the insight queries first: 400 parse_error, or the field error for a ' +
      'non-object',
    async () => {
      const { call } = world()
      const wrong = await call('POST', 'insights/', {
        query: { kind: 'InsightVizNode', source: { kind: 'TrendsQuery', series: [{ kind: 'EventsNode', colour: 1 }] } },
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body).toMatchObject({ type: 'invalid_request', code: 'parse_error', attr: null })
      expect((await call('POST', 'insights/', { query: { kind: 'Nope' } })).body.code).toBe('parse_error')
      expect((await call('POST', 'insights/', { query: 'SELECT 1' })).body).toMatchObject({
        detail: 'Query must be a valid JSON object',
        attr: 'query',
      })
      for (const query of [
        TRENDS,
        { kind: 'DataVisualizationNode', source: { kind: 'HogQLQuery', query: 'select 1' }, display: 'ActionsTable' },
        { kind: 'DataTableNode', source: { kind: 'EventsQuery', select: ['*'] } },
        { kind: 'HogQuery', code: 'return 1' },
      ]) {
        expect((await call('POST', 'insights/', { query })).status).toBe(201)
      }
    },
  )

  it(
    '[I6] dashboards is the complete set: one tile each, a ' + 'dashboard left out loses it; an unknown id is refused',
    async () => {
      const { fake, call } = world()
      const [one, two, gone] = fake.seed.dashboards([{}, {}, { deleted: true }])
      const created = await call('POST', 'insights/', { dashboards: [one!.id, two!.id] })
      expect(created.body.dashboards).toEqual([one!.id, two!.id])
      const moved = await call('PATCH', `insights/${created.body.id}/`, { dashboards: [two!.id, gone!.id] })
      expect(moved.body.dashboards).toEqual([two!.id])
      expect((await call('GET', `dashboards/${one!.id}/`)).body.tiles).toEqual([])
      expect((await call('PATCH', `insights/${created.body.id}/`, { dashboards: [4242] })).body).toMatchObject({
        detail: 'Invalid pk "4242" - object does not exist.',
        code: 'does_not_exist',
        attr: 'dashboards',
      })
    },
  )

  it(
    '[I7] [I8] [I9] the read shape: owned fields, result fields empty until computed, filters {} for a query ' +
      'insight',
    async () => {
      const { call } = world()
      const created = await call('POST', 'insights/', {
        name: 'Signups',
        query: TRENDS,
        filters: { insight: 'TRENDS' },
      })
      expect(created.body).toMatchObject({
        query: TRENDS,
        filters: {},
        result: null,
        last_refresh: null,
        is_cached: false,
        hogql: null,
        timezone: 'UTC',
        alerts: [],
        dashboard_tiles: [],
      })
      expect(created.body.filters_hash).toEqual(expect.any(String))
    },
  )

  it(
    '[I10] every PATCH saves it and takes it out of the ' + 'samples; a material change moves last_modified_at',
    async () => {
      const { fake, call, tick } = world()
      const [insight] = fake.seed.insights([{ saved: false, is_sample: true }])
      const modified = insight!.last_modified_at
      tick()
      const favorited = await call('PATCH', `insights/${insight!.id}/`, { favorited: true })
      expect(favorited.body).toMatchObject({ saved: true, is_sample: false })
      expect(favorited.body.last_modified_at).toBe(modified)
      tick()
      const renamed = await call('PATCH', `insights/${insight!.id}/`, { name: 'Renamed' })
      expect(renamed.body.last_modified_at).not.toBe(modified)
    },
  )

  it('[I11] names are not unique and may be null', async () => {
    const { call } = world()
    expect((await call('POST', 'insights/', { name: 'Same' })).status).toBe(201)
    expect((await call('POST', 'insights/', { name: 'Same' })).status).toBe(201)
    expect((await call('POST', 'insights/', { name: null })).body.name).toBeNull()
  })

  it(
    '[I12] the list: live insights, filtered by short_id, saved and dashboards (all of them); basic leaves ' +
      'results out',
    async () => {
      const { fake, call } = world()
      const [one, two] = fake.seed.dashboards([{}, {}])
      const [both, onlyOne] = fake.seed.insights([
        { dashboards: [one!.id, two!.id] },
        { dashboards: [one!.id], saved: false },
        { deleted: true },
      ])
      const ids = async (query: string) =>
        (await call('GET', `insights/${query}`)).body.results.map((item: { id: number }) => item.id)
      expect(await ids('')).toEqual([both!.id, onlyOne!.id])
      expect(await ids(`?short_id=${onlyOne!.short_id}`)).toEqual([onlyOne!.id])
      expect(await ids('?saved=true')).toEqual([both!.id])
      expect(await ids(`?dashboards=${encodeURIComponent(JSON.stringify([one!.id, two!.id]))}`)).toEqual([both!.id])
      expect((await call('GET', 'insights/?basic=true')).body.results[0]).not.toHaveProperty('result')
    },
  )

  it('[I13] [X2] ids inside a query (an action, a cohort) are stored as sent', async () => {
    const { fake, call } = world()
    const [action] = fake.seed.actions([{}])
    const [cohort] = fake.seed.cohorts([{}])
    const query = {
      kind: 'InsightVizNode',
      source: {
        kind: 'TrendsQuery',
        series: [{ kind: 'ActionsNode', id: action!.id }],
        properties: [{ key: 'id', type: 'cohort', value: cohort!.id }],
      },
    }
    const created = await call('POST', 'insights/', { query })
    expect((await call('GET', `insights/${created.body.id}/`)).body.query).toEqual(query)
  })
})

describe('early access features', () => {
  it('[E1] reads need early_access_feature:read, writes :write; ids are UUIDs', async () => {
    const { fake } = world({ apiKey: 'phx_r', keys: { phx_r: ['early_access_feature:read'] } })
    const call = caller(fake).read
    const [feature] = fake.seed.earlyAccessFeatures([{}])
    expect(feature!.id).toMatch(/^[0-9a-f-]{36}$/)
    expect((await call('GET', `early_access_feature/${feature!.id}/`)).status).toBe(200)
    expect((await call('POST', 'early_access_feature/', { name: 'X', stage: 'beta' })).status).toBe(403)
  })

  it('[E2] DELETE removes it for good (204); the flag stays, its enrollment mark cleared', async () => {
    const { call } = world()
    const created = await call('POST', 'early_access_feature/', { name: 'New nav', stage: 'beta' })
    const flagId = created.body.feature_flag.id
    const answer = await call('DELETE', `early_access_feature/${created.body.id}/`)
    expect(answer.status).toBe(204)
    expect((await call('GET', `early_access_feature/${created.body.id}/`)).status).toBe(404)
    const flag = await call('GET', `feature_flags/${flagId}/`)
    expect(flag.body).toMatchObject({ deleted: false, key: 'new-nav' })
    expect(flag.body.filters.feature_enrollment).toBeNull()
  })

  it('[E3] name and stage are required; stage is a choice; payload defaults to {}', async () => {
    const { call } = world()
    expect((await call('POST', 'early_access_feature/', { stage: 'beta' })).body).toMatchObject({
      attr: 'name',
      code: 'required',
    })
    expect((await call('POST', 'early_access_feature/', { name: 'A' })).body).toMatchObject({
      attr: 'stage',
      code: 'required',
    })
    expect((await call('POST', 'early_access_feature/', { name: 'A', stage: 'gamma' })).body).toMatchObject({
      attr: 'stage',
      detail: '"gamma" is not a valid choice.',
    })
    expect((await call('POST', 'early_access_feature/', { name: 'x'.repeat(201), stage: 'beta' })).body).toMatchObject({
      attr: 'name',
      code: 'max_length',
    })
    expect((await call('POST', 'early_access_feature/', { name: 'A', stage: 'draft' })).body.payload).toEqual({})
  })

  it('[E4] the read shape: the flag embedded, no feature_flag_id', async () => {
    const { call } = world()
    const created = await call('POST', 'early_access_feature/', { name: 'A', stage: 'draft', description: 'd' })
    expect(created.body).toMatchObject({
      name: 'A',
      stage: 'draft',
      description: 'd',
      documentation_url: '',
      feature_flag: { key: 'a' },
    })
    expect(created.body).not.toHaveProperty('feature_flag_id')
  })

  it('[E5] the flag is fixed at creation: a PATCH sending feature_flag_id changes nothing', async () => {
    const { fake, call } = world()
    const [flag] = fake.seed.featureFlags([
      { key: 'other', filters: { groups: [{ properties: [], rollout_percentage: 100 }] } },
    ])
    const created = await call('POST', 'early_access_feature/', { name: 'A', stage: 'draft' })
    const patched = await call('PATCH', `early_access_feature/${created.body.id}/`, { feature_flag_id: flag!.id })
    expect(patched.status).toBe(200)
    expect(patched.body.feature_flag.id).toBe(created.body.feature_flag.id)
  })

  it('[E6] a flag given by id is refused when unknown, taken, group-based or multivariate', async () => {
    const { fake, call } = world()
    const boolean = { groups: [{ properties: [], rollout_percentage: 100 }] }
    const [plain, grouped, split] = fake.seed.featureFlags([
      { key: 'plain', filters: boolean },
      { key: 'grouped', filters: { ...boolean, aggregation_group_type_index: 0 } },
      { key: 'split' },
    ])
    const detail = async (id: number) =>
      (await call('POST', 'early_access_feature/', { name: `F${id}`, stage: 'draft', feature_flag_id: id })).body
    expect(await detail(9999)).toMatchObject({ detail: 'Feature Flag with this ID does not exist', attr: null })
    expect(
      (await call('POST', 'early_access_feature/', { name: 'First', stage: 'draft', feature_flag_id: plain!.id }))
        .status,
    ).toBe(201)
    expect((await detail(plain!.id)).detail).toBe('Linked feature flag plain already has a feature attached to it.')
    expect((await detail(grouped!.id)).detail).toBe(
      'Group-based feature flags are not supported for Early Access Features.',
    )
    expect((await detail(split!.id)).detail).toBe(
      'Multivariate feature flags are not supported for Early Access Features.',
    )
  })

  it(
    '[E7] [E13] without a flag the service makes one from the ' + 'name; a live flag with that key refuses the create',
    async () => {
      const { call } = world()
      const created = await call('POST', 'early_access_feature/', { name: 'Dark Mode!', stage: 'draft' })
      const flag = (await call('GET', `feature_flags/${created.body.feature_flag.id}/`)).body
      expect(flag).toMatchObject({ key: 'dark-mode', name: 'Feature Flag for Early Access Feature Dark Mode!' })
      expect(flag.filters.groups).toEqual([expect.objectContaining({ properties: [], rollout_percentage: 0 })])
      const again = await call('POST', 'early_access_feature/', { name: 'Dark mode', stage: 'draft' })
      expect(again.status).toBe(400)
      expect(again.body.detail).toBe('There is already a feature flag with this key.')
    },
  )

  it(
    '[E8] [X3] the stage writes the flag: an active stage marks it, a non-active one clears it, rollout_to_all ' +
      'opens it',
    async () => {
      const { call } = world()
      const created = await call('POST', 'early_access_feature/', { name: 'Beta thing', stage: 'beta' })
      const id = created.body.id
      const flagId = created.body.feature_flag.id
      const flag = async () => (await call('GET', `feature_flags/${flagId}/`)).body
      expect((await flag()).filters.feature_enrollment).toBe(true)
      const version = (await flag()).version
      await call('PATCH', `early_access_feature/${id}/`, { stage: 'alpha' })
      expect((await flag()).version).toBe(version)
      await call('PATCH', `early_access_feature/${id}/`, { stage: 'archived' })
      expect((await flag()).filters.feature_enrollment).toBeNull()
      await call('PATCH', `early_access_feature/${id}/`, { stage: 'beta' })
      expect((await flag()).filters.feature_enrollment).toBe(true)
      await call('PATCH', `early_access_feature/${id}/`, { stage: 'general-availability', rollout_to_all: true })
      expect((await flag()).filters).toMatchObject({
        feature_enrollment: null,
        groups: [{ properties: [], rollout_percentage: 100 }],
      })
    },
  )

  it('[E9] [X2] a flag a feature uses cannot be deleted until the feature is', async () => {
    const { call } = world()
    const created = await call('POST', 'early_access_feature/', { name: 'Pinned', stage: 'draft' })
    const flagId = created.body.feature_flag.id
    expect((await call('PATCH', `feature_flags/${flagId}/`, { deleted: true })).body.detail).toBe(
      'Cannot delete a feature flag that is in use with early access features. Please delete the early access ' +
        'feature before deleting the flag.',
    )
    await call('DELETE', `early_access_feature/${created.body.id}/`)
    expect((await call('PATCH', `feature_flags/${flagId}/`, { deleted: true })).status).toBe(200)
  })

  it('[E10] a falsy payload on PATCH is stored as {}', async () => {
    const { call } = world()
    const created = await call('POST', 'early_access_feature/', { name: 'P', stage: 'draft', payload: { a: 1 } })
    expect(created.body.payload).toEqual({ a: 1 })
    expect((await call('PATCH', `early_access_feature/${created.body.id}/`, { payload: null })).body.payload).toEqual(
      {},
    )
  })

  it('[E11] the list: in the order they were made', async () => {
    const { call } = world()
    for (const name of ['b', 'a', 'c']) await call('POST', 'early_access_feature/', { name, stage: 'draft' })
    expect(
      (await call('GET', 'early_access_feature/')).body.results.map((item: { name: string }) => item.name),
    ).toEqual(['b', 'a', 'c'])
  })

  it(
    '[E12] a key without feature_flag:write still writes the flag ' + '(the service only audits it unless enforced)',
    async () => {
      const { fake } = world({
        apiKey: 'phx_w',
        keys: { phx_w: ['early_access_feature:write', 'early_access_feature:read'] },
      })
      const call = caller(fake).read
      expect((await call('POST', 'early_access_feature/', { name: 'Audited', stage: 'beta' })).status).toBe(201)
    },
  )
})
