import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  InvalidArgumentError,
  MethodNotAllowedError,
  NotFoundError,
  PermissionDeniedError,
  ProjectClient,
  ResponseValidationError,
} from '../../src/index.js'
import { createFakeApi } from '../../src/testing/index.js'
import { experiment, featureFlag } from '../fixtures/experiments.js'
import { API_KEY, PROJECT, makeClient, useMswApi } from '../helpers/msw-server.js'
import { expectInvalidArgument, expectRequest } from '../helpers/requests.js'

const { server, answer, serve, watchAll } = useMswApi()

describe('experiments', () => {
  const client = makeClient()

  it('list sends limit/offset and the extra filters, and parses the page', async () => {
    const sent = answer('get', 'experiments/', { count: 1, next: null, previous: null, results: [experiment(1)] })
    const page = await client.experiments.list({
      limit: 10,
      offset: 0,
      archived: true,
      status: 'running',
      search: 'chk',
    })
    expectRequest(sent, {
      method: 'GET',
      path: 'experiments/',
      query: '?limit=10&offset=0&archived=true&status=running&search=chk',
    })
    expect(page.results).toEqual([experiment(1)])
    expect(page.count).toBe(1)
    expect(page.hasNextPage()).toBe(false)
  })

  it('create posts the body and answers the created experiment', async () => {
    const sent = answer('post', 'experiments/', experiment(5), 201)
    const created = await client.experiments.create({
      name: 'Checkout button 5',
      feature_flag_key: 'checkout-button-5',
      type: 'web',
    })
    expectRequest(sent, {
      method: 'POST',
      path: 'experiments/',
      body: { name: 'Checkout button 5', feature_flag_key: 'checkout-button-5', type: 'web' },
    })
    expect(created.id).toBe(5)
    expect(created.feature_flag?.key).toBe('checkout-button-5')
    expect(created.created_by?.email).toBe('ada@example.com')
  })

  it('retrieve reads one experiment by integer id', async () => {
    const sent = answer('get', 'experiments/7/', experiment(7))
    const found = await client.experiments.retrieve(7)
    expectRequest(sent, { method: 'GET', path: 'experiments/7/' })
    expect(found).toEqual(experiment(7))
  })

  it('update patches the given fields', async () => {
    const sent = answer(
      'patch',
      'experiments/7/',
      experiment(7, { conclusion: 'won', conclusion_comment: 'clear win' }),
    )
    const updated = await client.experiments.update(7, { conclusion: 'won', conclusion_comment: 'clear win' })
    expectRequest(sent, {
      method: 'PATCH',
      path: 'experiments/7/',
      body: { conclusion: 'won', conclusion_comment: 'clear win' },
    })
    expect(updated.conclusion).toBe('won')
  })

  it('softDelete patches deleted: true', async () => {
    const sent = answer('patch', 'experiments/7/', experiment(7, { deleted: true }))
    const deleted = await client.experiments.softDelete(7)
    expectRequest(sent, { method: 'PATCH', path: 'experiments/7/', body: { deleted: true } })
    expect(deleted.deleted).toBe(true)
  })

  it('delete always ends in MethodNotAllowedError pointing to softDelete (405, empty body)', async () => {
    const sent = answer('delete', 'experiments/7/', undefined, 405)
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    const error = await client.experiments.delete(7).catch((e: unknown) => e)
    expectRequest(sent, { method: 'DELETE', path: 'experiments/7/' })
    expect(error).toBeInstanceOf(MethodNotAllowedError)
    expect((error as MethodNotAllowedError).status).toBe(405)
    expect((error as MethodNotAllowedError).body).toBeUndefined()
    expect((error as Error).message).toContain('softDelete')
  })

  it('createExposureCohort posts to its action and answers { cohort } (201)', async () => {
    const cohort = {
      id: 9,
      name: 'Users exposed to experiment "Checkout button 7"',
      is_static: false,
      groups: [],
      created_by: null,
    }
    const sent = answer('post', 'experiments/7/create_exposure_cohort_for_experiment/', { cohort }, 201)
    const result = await client.experiments.createExposureCohort(7)
    expectRequest(sent, { method: 'POST', path: 'experiments/7/create_exposure_cohort_for_experiment/', body: {} })
    expect(result.cohort?.id).toBe(9)
  })

  it('duplicate posts an optional feature_flag_key and answers the copy', async () => {
    const sent = answer('post', 'experiments/7/duplicate/', experiment(8, { name: 'Checkout button 7 (Copy)' }), 201)
    const copy = await client.experiments.duplicate(7, { feature_flag_key: 'other-flag' })
    expectRequest(sent, { method: 'POST', path: 'experiments/7/duplicate/', body: { feature_flag_key: 'other-flag' } })
    expect(copy.name).toBe('Checkout button 7 (Copy)')
  })

  it('recalculateTimeseries posts metric and fingerprint', async () => {
    const answerBody = {
      id: 'a1',
      experiment_id: 7,
      metric_uuid: 'm-1',
      fingerprint: 'fp',
      status: 'pending',
      created_at: '2026-10-02T10:00:00+00:00',
    }
    const sent = answer('post', 'experiments/7/recalculate_timeseries/', answerBody, 201)
    const metric = {
      kind: 'ExperimentMetric',
      uuid: 'm-1',
      metric_type: 'mean',
      source: { kind: 'EventsNode', event: 'purchase' },
    } as const
    const result = await client.experiments.recalculateTimeseries(7, { metric, fingerprint: 'fp' })
    expectRequest(sent, {
      method: 'POST',
      path: 'experiments/7/recalculate_timeseries/',
      body: { metric, fingerprint: 'fp' },
    })
    expect(result.status).toBe('pending')
  })

  it('timeseriesResults sends metric_uuid and fingerprint in the query', async () => {
    const body = {
      experiment_id: 7,
      metric_uuid: 'm-1',
      status: 'partial',
      timeseries: { '2026-10-01': { baseline: { key: 'control' }, variant_results: [] }, '2026-10-02': null },
      errors: null,
      computed_at: null,
      created_at: '2026-10-01T00:00:00Z',
      updated_at: '2026-10-02T00:00:00Z',
      recalculation_status: null,
      recalculation_created_at: null,
    }
    const sent = answer('get', 'experiments/7/timeseries_results/', body)
    const result = await client.experiments.timeseriesResults(7, { metric_uuid: 'm-1', fingerprint: 'fp' })
    expectRequest(sent, {
      method: 'GET',
      path: 'experiments/7/timeseries_results/',
      query: '?metric_uuid=m-1&fingerprint=fp',
    })
    expect(result.timeseries?.['2026-10-02']).toBeNull()
  })

  it('eligibleFeatureFlags reads the { results, count } envelope and pages by offset', async () => {
    const sent = serve('get', 'experiments/eligible_feature_flags/', async (request) => {
      const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0)
      return HttpResponse.json({ results: [{ ...featureFlag, id: 555 + offset }], count: 2 })
    })
    const flags = await client.experiments.eligibleFeatureFlags({ limit: 1, search: 'pricing', active: true }).toArray()
    expect(flags.map((flag) => flag.id)).toEqual([555, 556])
    expect(sent.map((r) => r.url.search)).toEqual([
      '?limit=1&search=pricing&active=true',
      '?limit=1&search=pricing&active=true&offset=1',
    ])
    expect(sent[0]!.headers.get('authorization')).toBe(`Bearer ${API_KEY}`)
  })

  it('eligibleFeatureFlags on a key without feature_flag:read names that scope', async () => {
    answer(
      'get',
      'experiments/eligible_feature_flags/',
      {
        type: 'authentication_error',
        code: 'permission_denied',
        detail: "API key missing required scope 'feature_flag:read'",
        attr: null,
      },
      403,
    )
    const error = await client.experiments.eligibleFeatureFlags().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PermissionDeniedError)
    expect((error as PermissionDeniedError).requiredScope).toBe('feature_flag:read')
  })

  it('requiresFlagImplementation answers { result }', async () => {
    const sent = answer('get', 'experiments/requires_flag_implementation/', { result: true })
    expect(await client.experiments.requiresFlagImplementation()).toEqual({ result: true })
    expectRequest(sent, { method: 'GET', path: 'experiments/requires_flag_implementation/' })
  })

  it('stats answers the velocity numbers', async () => {
    const body = {
      launched_last_30d: 4,
      launched_previous_30d: 2,
      percent_change: 100.0,
      active_experiments: 3,
      completed_last_30d: 1,
    }
    const sent = answer('get', 'experiments/stats/', body)
    expect(await client.experiments.stats()).toEqual(body)
    expectRequest(sent, { method: 'GET', path: 'experiments/stats/' })
  })

  it('a soft-deleted experiment is a NotFoundError with the four-key fields', async () => {
    answer(
      'get',
      'experiments/7/',
      { type: 'invalid_request', code: 'not_found', detail: 'Not found.', attr: null },
      404,
    )
    const error = await client.experiments.retrieve(7).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NotFoundError)
    expect(error).toMatchObject({
      status: 404,
      type: 'invalid_request',
      code: 'not_found',
      detail: 'Not found.',
      attr: null,
    })
  })

  it('withResponse gives the data and the raw Response', async () => {
    server.use(
      http.get(`${PROJECT}/experiments/7/`, () =>
        HttpResponse.json(experiment(7), { headers: { 'x-request-id': 'r-1' } }),
      ),
    )
    const { data, response } = await client.experiments.retrieve(7).withResponse()
    expect(data.id).toBe(7)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('r-1')
    expect(await response.json()).toEqual(experiment(7))
  })

  describe('leniency', () => {
    it('keeps unknown fields, accepts nulls and unknown enum values', async () => {
      const body = experiment(3, {
        type: 'holdout_only',
        conclusion: '',
        holdout: {
          id: 1,
          name: 'H',
          description: null,
          filters: [{ variant: 'holdout-1' }],
          created_by: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
        },
        created_by: null,
        feature_flag: {
          id: 1,
          team_id: 42,
          key: 'k',
          evaluation_runtime: 'edge',
          evaluation_contexts: ['web'],
          brand_new: { x: 1 },
        },
        is_legacy: false,
        running_time_calculation: { days: 14 },
      })
      answer('get', 'experiments/3/', body)
      const found = await client.experiments.retrieve(3)
      expect(found).toEqual(body)
      expect((found as Record<string, unknown>).running_time_calculation).toEqual({ days: 14 })
    })

    it('rejects a wrong type with ResponseValidationError carrying the issues and the raw body', async () => {
      const body = experiment(3, { name: 12, archived: 'no' })
      answer('get', 'experiments/3/', body)
      const error = await client.experiments.retrieve(3).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ResponseValidationError)
      const validation = error as ResponseValidationError
      expect(validation.body).toEqual(body)
      expect(validation.issues.map((issue) => issue.path.join('.'))).toEqual(
        expect.arrayContaining(['name', 'archived']),
      )
      expect(validation.message).toContain('name')
    })

    it('validateResponses: false returns the JSON as is', async () => {
      const body = { id: 'not-a-number', anything: true }
      answer('get', 'experiments/3/', body)
      const lenient = makeClient({ validateResponses: false })
      expect(await lenient.experiments.retrieve(3)).toEqual(body)
    })
  })

  describe('bad input is refused before any request', () => {
    const cases: Array<[string, () => PromiseLike<unknown>, string]> = [
      ['negative id', () => client.experiments.retrieve(-1), 'id'],
      ['non-integer id', () => client.experiments.retrieve(1.5), 'id'],
      ['NaN id', () => client.experiments.update(Number.NaN, {}), 'id'],
      ['string id', () => client.experiments.softDelete('abc' as unknown as number), 'id'],
      ['missing body', () => client.experiments.create(undefined as never), 'body'],
      ['array body', () => client.experiments.update(1, [] as never), 'body'],
      ['negative limit', () => client.experiments.list({ limit: -1 }), 'params.limit'],
      ['NaN offset', () => client.experiments.list({ offset: Number.NaN }), 'params.offset'],
      ['object query value', () => client.experiments.list({ search: {} as never }), 'params.search'],
      [
        'missing fingerprint',
        () =>
          client.experiments.recalculateTimeseries(1, {
            metric: {
              kind: 'ExperimentMetric',
              metric_type: 'mean',
              source: { kind: 'EventsNode', event: 'purchase' },
            },
          } as never),
        'body.fingerprint',
      ],
      [
        'missing metric_uuid',
        () => client.experiments.timeseriesResults(1, { fingerprint: 'x' } as never),
        'params.metric_uuid',
      ],
      ['bad timeout', () => client.experiments.stats({ timeout: -5 }), 'options.timeout'],
      ['bad maxRetries', () => client.experiments.stats({ maxRetries: 1.5 }), 'options.maxRetries'],
    ]
    it.each(cases)('%s', async (_name, call, argument) => {
      await expectInvalidArgument(call, argument, watchAll())
    })
  })
})

describe('experiments.listIncludingArchived', () => {
  /** A fake with pages of 3: 7 experiments not archived (3 pages), 4 archived (2 pages). */
  function seeded() {
    const fake = createFakeApi({ pageSize: 3 })
    const live = fake.seed.experiments(7)
    const archived = fake.seed.experiments(
      Array.from({ length: 4 }, (_, index) => ({ name: `Archived ${index}`, archived: true })),
    )
    const client = new ProjectClient({ ...fake.clientOptions(), fetch: fake.fetch })
    const newestFirst = (items: Array<{ id: number }>) => items.map((item) => item.id).reverse()
    return { fake, client, expected: [...newestFirst(live), ...newestFirst(archived)] }
  }

  it('walks the list and then the archived ones, one request per page, each experiment once', async () => {
    const { fake, client, expected } = seeded()
    const ids: number[] = []
    for await (const experiment of client.experiments.listIncludingArchived()) ids.push(experiment.id)
    expect(ids).toEqual(expected)
    expect(fake.requests.map((request) => request.query)).toEqual([
      {},
      { limit: '3', offset: '3' },
      { limit: '3', offset: '6' },
      { archived: 'true' },
      { archived: 'true', limit: '3', offset: '3' },
    ])
  })

  it('awaited, it is the first page of the list; its last page leads to the archived ones', async () => {
    const { client } = seeded()
    let page = await client.experiments.listIncludingArchived()
    expect(page.count).toBe(7)
    const counts = [page.count]
    while (page.hasNextPage()) {
      page = await page.getNextPage()
      counts.push(page.count)
    }
    expect(counts).toEqual([7, 7, 7, 4, 4])
    expect(new URL(page.url).searchParams.get('archived')).toBe('true')
  })

  it(
    'takes the list params for both walks, fetches ahead with ' + 'concurrency, and stops where toArray stops',
    async () => {
      const { fake, client, expected } = seeded()
      expect(
        (await client.experiments.listIncludingArchived({ limit: 2 }, { concurrency: 4 }).toArray()).map(
          (item) => item.id,
        ),
      ).toEqual(expected)
      expect(fake.requests).toHaveLength(4 + 2)
      expect(fake.requests.every((request) => request.query['limit'] === '2')).toBe(true)
      expect(await client.experiments.listIncludingArchived({ search: 'Archived 1' }).toArray()).toMatchObject([
        { name: 'Archived 1', archived: true },
      ])
      const before = fake.requests.length
      expect(await client.experiments.listIncludingArchived().toArray({ max: 2 })).toHaveLength(2)
      expect(fake.requests).toHaveLength(before + 1)
    },
  )

  it('refuses an archived param (it would walk the archived ones twice), before any request', async () => {
    const { fake, client } = seeded()
    const params = { archived: true } as unknown as Parameters<typeof client.experiments.listIncludingArchived>[0]
    await expect(client.experiments.listIncludingArchived(params).toArray()).rejects.toMatchObject({
      constructor: InvalidArgumentError,
      argument: 'params.archived',
    })
    expect(fake.requests).toHaveLength(0)
  })
})
