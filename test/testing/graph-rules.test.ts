import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/**
 * The fake does to flags, cohorts, actions, holdouts and saved metrics what the service does
 * (docs/service-behaviour.md §11).
 */

const NOW = new Date('2026-11-20T12:00:00.000Z')
const GROUPS = [{ properties: [], rollout_percentage: 100 }]
const PERSON = { type: 'person', key: 'plan', operator: 'exact', value: ['pro'] }

function world() {
  const fake = createFakeApi({ now: () => NOW })
  return { fake, call: caller(fake).read }
}

function onCohort(id: number) {
  return {
    groups: [{ properties: [{ key: 'id', type: 'cohort', value: id, operator: 'in' }], rollout_percentage: 100 }],
  }
}

function tree(...values: unknown[]) {
  return { properties: { type: 'AND', values } }
}

describe('feature flags', () => {
  it('[FF7] applies the list filters: tags, excluded tags and keys, creator, runtime, contexts, variants', async () => {
    const { call } = world()
    await call('POST', 'feature_flags/', {
      key: 'a',
      tags: ['checkout'],
      evaluation_runtime: 'server',
      filters: { groups: GROUPS },
    })
    await call('POST', 'feature_flags/', {
      key: 'b',
      tags: ['search'],
      evaluation_contexts: ['web'],
      filters: { groups: GROUPS },
    })
    const variants = [
      { key: 'control', rollout_percentage: 50 },
      { key: 'test', rollout_percentage: 50 },
    ]
    await call('POST', 'feature_flags/', { key: 'c', filters: { groups: GROUPS, multivariate: { variants } } })
    const keys = async (query: string) =>
      (await call('GET', `feature_flags/?${query}`)).body.results.map((flag: any) => flag.key).sort()
    expect(await keys(`tags=${encodeURIComponent('["checkout"]')}`)).toEqual(['a'])
    expect(await keys(`tags=${encodeURIComponent('["checkout","search"]')}`)).toEqual(['a', 'b'])
    expect(await keys(`excluded_tags=${encodeURIComponent('["checkout"]')}`)).toEqual(['b', 'c'])
    expect(await keys(`excluded_properties=${encodeURIComponent('["a","c"]')}`)).toEqual(['b'])
    expect(await keys('evaluation_runtime=server')).toEqual(['a'])
    expect(await keys('has_evaluation_contexts=true')).toEqual(['b'])
    expect(await keys('eligible_for_experiment=true')).toEqual(['c'])
    expect(await keys('created_by_id=999')).toEqual([])
    expect(await keys('active=STALE')).toEqual([])
    expect((await call('GET', `feature_flags/?search=${'x'.repeat(201)}`)).body).toMatchObject({ attr: 'search' })
  })

  it('[FF8] refuses a cohort with conditions on events, directly or through a cohort it names', async () => {
    const { call } = world()
    const behavioral = {
      type: 'behavioral',
      key: '$pageview',
      event_type: 'events',
      value: 'performed_event',
      time_value: 30,
      time_interval: 'day',
    }
    const buyers = (await call('POST', 'cohorts/', { name: 'Buyers', filters: tree(behavioral) })).body
    const refused = await call('POST', 'feature_flags/', { key: 'a', filters: onCohort(buyers.id) })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({
      type: 'validation_error',
      code: 'behavioral_cohort_found',
      detail: "Cohort 'Buyers' with filters on events cannot be used in feature flags.",
      attr: 'filters',
    })
    const outer = (
      await call('POST', 'cohorts/', {
        name: 'Pro buyers',
        filters: tree(PERSON, { type: 'cohort', key: 'id', value: buyers.id }),
      })
    ).body
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: onCohort(outer.id) })).body).toMatchObject({
      code: 'behavioral_cohort_found',
      detail: "Cohort 'Buyers' with filters on events cannot be used in feature flags.",
    })
    const people = (await call('POST', 'cohorts/', { name: 'Pro', filters: tree(PERSON) })).body
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: onCohort(people.id) })).status).toBe(201)
    expect((await call('GET', 'feature_flags/')).body.count).toBe(1)
  })

  it('[FF9] [DC3] refuses a POST with no group, clears targeting on PATCH, serves remote configs to all', async () => {
    const { call } = world()
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: { groups: [] } })).body.detail).toBe(
      'Feature flags must have at least one condition set (group).',
    )
    const bare = await call('POST', 'feature_flags/', { key: 'bare' })
    expect(bare.status).toBe(201)
    expect(bare.body.filters.groups).toEqual([])
    const flag = (await call('POST', 'feature_flags/', { key: 'b', filters: { groups: GROUPS } })).body
    expect((await call('PATCH', `feature_flags/${flag.id}/`, { filters: { groups: [] } })).body.filters.groups).toEqual(
      [],
    )
    const emptyRemote = { key: 'config', is_remote_configuration: true, filters: { groups: [] } }
    expect((await call('POST', 'feature_flags/', emptyRemote)).status).toBe(400)
    const remote = await call('POST', 'feature_flags/', { key: 'config', is_remote_configuration: true })
    expect(remote.status).toBe(201)
    expect(remote.body.filters.groups).toEqual([
      { properties: [], rollout_percentage: 100, variant: null, aggregation_group_type_index: null },
    ])
    const zero = await call('POST', 'feature_flags/', {
      key: 'config2',
      is_remote_configuration: true,
      filters: { groups: [{ properties: [], rollout_percentage: 0 }] },
    })
    expect(zero.body.filters.groups[0].rollout_percentage).toBe(100)
  })

  it('[FF10] encrypted payloads need a remote configuration, and a personal API key reads them in clear', async () => {
    const { call } = world()
    const filters = { groups: GROUPS, payloads: { true: '{"token":"s3cret"}' } }
    expect(
      (await call('POST', 'feature_flags/', { key: 'a', has_encrypted_payloads: true, filters })).body,
    ).toMatchObject({
      detail: 'Encrypted payloads require the flag to be a remote configuration.',
      attr: null,
    })
    const created = (
      await call('POST', 'feature_flags/', {
        key: 'a',
        has_encrypted_payloads: true,
        is_remote_configuration: true,
        filters,
      })
    ).body
    expect((await call('GET', `feature_flags/${created.id}/`)).body).toMatchObject({
      has_encrypted_payloads: true,
      filters: { payloads: { true: '{"token":"s3cret"}' } },
    })
  })

  it('[FF1] [DC2] answers the derived fields: version 1 then +1, upper-case status, experiment links', async () => {
    const { fake, call } = world()
    const [experiment] = fake.seed.experiments([{ name: 'Checkout', feature_flag_key: 'checkout', start_date: null }])
    const flag = (await call('GET', `feature_flags/${experiment!.feature_flag!.id}/`)).body
    expect(flag).toMatchObject({ status: 'ACTIVE', is_eligible_for_experiment: true, experiment_set: [experiment!.id] })
    expect(flag.experiment_set_metadata).toEqual([{ id: experiment!.id, name: 'Checkout', is_running: false }])
    const created = (
      await call('POST', 'feature_flags/', { key: 'x', filters: { groups: GROUPS }, creation_context: 'feature_flags' })
    ).body
    expect(created).toMatchObject({ version: 1, active: true, status: 'ACTIVE', is_eligible_for_experiment: false })
    expect(created).not.toHaveProperty('creation_context')
    expect((await call('PATCH', `feature_flags/${created.id}/`, { name: 'X' })).body.version).toBe(2)
  })

  it('[DC5] takes a dependency on a live flag by id, whatever its value; refuses a key or a missing flag', async () => {
    const { call } = world()
    const base = (await call('POST', 'feature_flags/', { key: 'base', filters: { groups: GROUPS } })).body
    const on = (value: unknown, key = String(base.id)) => ({
      groups: [{ properties: [{ key, type: 'flag', operator: 'flag_evaluates_to', value }], rollout_percentage: 100 }],
    })
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: on(true) })).status).toBe(201)
    expect((await call('POST', 'feature_flags/', { key: 'b', filters: on('test') })).status).toBe(201)
    expect((await call('POST', 'feature_flags/', { key: 'c', filters: on(true, 'base') })).body.detail).toMatch(
      /^Flag dependencies must reference flag IDs/,
    )
    expect((await call('POST', 'feature_flags/', { key: 'c', filters: on(true, '9999') })).body.detail).toBe(
      'Flag dependency references non-existent flag with ID 9999',
    )
  })
})

describe('flag dependencies', () => {
  const on = (id: number) => ({
    groups: [
      {
        properties: [{ key: String(id), type: 'flag', operator: 'flag_evaluates_to', value: true }],
        rollout_percentage: 100,
      },
    ],
  })

  it('[FF11] refuses a dependency on a disabled flag, on itself, or closing a loop', async () => {
    const { call } = world()
    const off = (await call('POST', 'feature_flags/', { key: 'off', active: false, filters: { groups: GROUPS } })).body
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: on(off.id) })).body).toMatchObject({
      detail:
        `Cannot create dependency on disabled flag 'off' (ID: ${off.id}). ` +
        'Flag dependencies must reference active flags only.',
      attr: 'filters',
    })
    const base = (await call('POST', 'feature_flags/', { key: 'base', filters: { groups: GROUPS } })).body
    expect((await call('PATCH', `feature_flags/${base.id}/`, { filters: on(base.id) })).body.detail).toBe(
      "Feature flag 'base' cannot depend on itself",
    )
    const child = (await call('POST', 'feature_flags/', { key: 'child', filters: on(base.id) })).body
    expect(child.id).toEqual(expect.any(Number))
    expect((await call('PATCH', `feature_flags/${base.id}/`, { filters: on(child.id) })).body.detail).toBe(
      'Circular dependency detected: base → child → base',
    )
  })
})

describe('cohorts', () => {
  it("[CO3] computes each condition's bytecode and hash from the condition, never taking a request's", async () => {
    const { call } = world()
    const stale = { ...PERSON, bytecode: ['_H', 1, 32, 'old'], conditionHash: 'feedfacefeedface', bytecode_error: 'x' }
    const created = await call('POST', 'cohorts/', {
      name: 'Pro',
      filters: tree(stale, { type: 'cohort', key: 'id', value: 0 }),
    })
    expect(created.body.detail).toBe('Referenced cohort 0 not found')
    const cohort = (await call('POST', 'cohorts/', { name: 'Pro', filters: tree(stale) })).body
    const [leaf] = cohort.filters.properties.values
    expect(leaf).toMatchObject({ ...PERSON, negation: false })
    expect(leaf.bytecode).not.toEqual(stale.bytecode)
    expect(leaf.conditionHash).toMatch(/^[0-9a-f]{16}$/)
    expect(leaf.conditionHash).not.toBe(stale.conditionHash)
    expect(leaf).not.toHaveProperty('bytecode_error')
    // The same condition with another value: the request carries the old bytecode, the service stores the new value's.
    const edited = (await call('PATCH', `cohorts/${cohort.id}/`, { filters: tree({ ...leaf, value: ['team'] }) })).body
      .filters.properties.values[0]
    expect(edited.value).toEqual(['team'])
    expect(edited.bytecode).not.toEqual(leaf.bytecode)
    expect(edited.conditionHash).not.toBe(leaf.conditionHash)
    // Sent back exactly as read, nothing changes.
    const again = (await call('PATCH', `cohorts/${cohort.id}/`, { filters: tree(edited) })).body.filters.properties
      .values[0]
    expect(again).toEqual(edited)
    const behavioral = { type: 'behavioral', key: 'signup', event_type: 'events', value: 'performed_event' }
    const events = (await call('POST', 'cohorts/', { name: 'Signed up', filters: tree(behavioral) })).body.filters
      .properties.values[0]
    expect(events).toMatchObject({
      ...behavioral,
      negation: false,
      bytecode_error: expect.any(String),
      conditionHash: expect.any(String),
    })
  })

  it('[CO4] refuses a new static cohort with no source: person ids (even none), a query or conditions', async () => {
    const { call } = world()
    const refused = await call('POST', 'cohorts/', { name: 'Copied', is_static: true })
    expect(refused.body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'Invalid source for static cohort. Requires criteria, a csv, feature flag, existing cohort or query.',
      attr: null,
    })
    expect((await call('POST', 'cohorts/', { name: 'Empty', is_static: true, filters: tree() })).status).toBe(400)
    expect((await call('GET', 'cohorts/')).body.count).toBe(0)
    expect(
      (await call('POST', 'cohorts/', { name: 'Later', is_static: true, _create_static_person_ids: [] })).status,
    ).toBe(201)
    const query = { kind: 'HogQLQuery', query: 'select person_id from persons' }
    expect((await call('POST', 'cohorts/', { name: 'Query', is_static: true, query })).status).toBe(201)
    const fromConditions = await call('POST', 'cohorts/', { name: 'Criteria', is_static: true, filters: tree(PERSON) })
    expect(fromConditions.body).toMatchObject({ cohort_type: 'static', filters: tree(PERSON) })
  })

  it('[CO5] refuses behavioral conditions on a cohort an active flag targets', async () => {
    const { call } = world()
    const cohort = (await call('POST', 'cohorts/', { name: 'Pro', filters: tree(PERSON) })).body
    await call('POST', 'feature_flags/', { key: 'pro', filters: onCohort(cohort.id) })
    const behavioral = { type: 'behavioral', key: 'signup', event_type: 'events', value: 'performed_event' }
    expect((await call('PATCH', `cohorts/${cohort.id}/`, { filters: tree(PERSON, behavioral) })).body).toMatchObject({
      detail: 'Behavioral filters cannot be added to cohorts used in feature flags.',
      code: 'behavioral_cohort_found',
    })
  })

  it('[CO1] [CO2] [CO6] answers its fields, recomputes cohort_type, refuses what the serializer refuses', async () => {
    const { call } = world()
    const cohort = (await call('POST', 'cohorts/', { name: 'Pro', filters: tree(PERSON) })).body
    expect(cohort).toMatchObject({
      cohort_type: 'realtime',
      is_static: false,
      is_calculating: true,
      deleted: false,
      errors_calculating: 0,
      experiment_set: [],
    })
    const behavioral = { type: 'behavioral', key: 'signup', event_type: 'events', value: 'performed_event' }
    expect(
      (await call('POST', 'cohorts/', { name: 'B', cohort_type: 'person_property', filters: tree(behavioral) })).body
        .detail,
    ).toBe("Cohort type 'person_property' does not match the filters. Expected type: 'behavioral'")
    expect((await call('POST', 'cohorts/', { name: 'B', filters: tree(behavioral) })).body.cohort_type).toBeNull()
    const query = { kind: 'HogQLQuery', query: 'select 1' }
    expect((await call('POST', 'cohorts/', { name: 'Q', filters: tree(PERSON), query })).body.detail).toBe(
      'Cannot set both query and filters at the same time.',
    )
    expect((await call('POST', 'cohorts/', { name: 'Q', query })).body.detail).toBe(
      'Cannot create a dynamic cohort with a query. Set is_static to true.',
    )
    expect(
      (await call('POST', 'cohorts/', { name: 'P', filters: tree({ type: 'person', key: 'plan' }) })).body.detail,
    ).toBe('Missing required keys for person filter: operator')
    const frozen = (await call('POST', 'cohorts/', { name: 'S', is_static: true, _create_static_person_ids: [] })).body
    expect((await call('PATCH', `cohorts/${frozen.id}/`, { filters: tree(PERSON) })).body.detail).toBe(
      'Editing the criteria of a static cohort is not supported yet. Create a new static cohort instead.',
    )
  })

  it('[CO7] [CO8] refuses to delete a cohort another names, and lists by type, search and basic', async () => {
    const { call } = world()
    const inner = (await call('POST', 'cohorts/', { name: 'Pro', filters: tree(PERSON) })).body
    await call('POST', 'cohorts/', { name: 'Pro users', filters: tree({ type: 'cohort', key: 'id', value: inner.id }) })
    await call('POST', 'cohorts/', { name: 'List', is_static: true, _create_static_person_ids: [] })
    expect((await call('PATCH', `cohorts/${inner.id}/`, { deleted: true })).body.detail).toBe(
      'This cohort is used as criteria in 1 other cohort(s): Pro users',
    )
    const names = async (query: string) =>
      (await call('GET', `cohorts/?${query}`)).body.results.map((cohort: any) => cohort.name)
    expect(await names('type=static')).toEqual(['List'])
    expect(await names('search=pro')).toEqual(['Pro', 'Pro users'])
    expect((await call('GET', 'cohorts/?basic=true')).body.results[0]).not.toHaveProperty('filters')
  })
})

describe('actions', () => {
  it('[AC1] [AC2] [AC3] stores every step key, refuses a blank or taken name, answers derived fields', async () => {
    const { call } = world()
    const created = (
      await call('POST', 'actions/', { name: 'Bought', steps: [{ event: 'purchase', selector: 'div > button' }] })
    ).body
    expect(created).toMatchObject({ is_action: true, is_calculating: false, creation_context: null, deleted: false })
    expect(created.steps[0]).toMatchObject({
      event: 'purchase',
      url_matching: 'contains',
      text_matching: null,
      href: null,
      selector_regex: expect.any(String),
    })
    expect((await call('POST', 'actions/', { name: '' })).body).toMatchObject({ attr: 'name', code: 'blank' })
    expect((await call('POST', 'actions/', { name: 'Bought' })).body).toMatchObject({
      attr: 'name',
      code: 'unique',
      detail: `This project already has an action with this name, ID ${created.id}`,
    })
  })

  it("[AC4] pins at the service's own time on update, and unpins with null", async () => {
    const { call } = world()
    const created = (await call('POST', 'actions/', { name: 'A' })).body
    expect((await call('PATCH', `actions/${created.id}/`, { pinned_at: '2020-01-01T00:00:00Z' })).body.pinned_at).toBe(
      '2026-11-20T12:00:00.000000Z',
    )
    expect((await call('PATCH', `actions/${created.id}/`, { pinned_at: null })).body.pinned_at).toBeNull()
  })

  it('[DC11] never refuses a create for the number of actions', async () => {
    const { fake, call } = world()
    fake.seed.actions(500)
    expect((await call('POST', 'actions/', { name: 'One more' })).status).toBe(201)
  })
})

describe('holdouts and saved metrics', () => {
  it('[HO1] [HO3] [DC6] names every group holdout-<id>, refuses empty or bad filters, lists newest first', async () => {
    const { call } = world()
    const created = (
      await call('POST', 'experiment_holdouts/', {
        name: 'Q3',
        filters: [{ properties: [], rollout_percentage: 5, variant: 'mine' }],
      })
    ).body
    expect(created.filters).toEqual([{ properties: [], rollout_percentage: 5, variant: `holdout-${created.id}` }])
    const second = (await call('POST', 'experiment_holdouts/', { name: 'Q3', filters: [{ rollout_percentage: 1 }] }))
      .body
    expect((await call('GET', 'experiment_holdouts/')).body.results.map((holdout: any) => holdout.id)).toEqual([
      second.id,
      created.id,
    ])
    expect((await call('POST', 'experiment_holdouts/', { name: 'X' })).body).toMatchObject({
      detail: 'Filters are required to create an holdout group',
      attr: null,
    })
    expect((await call('POST', 'experiment_holdouts/', { name: 'X', filters: [] })).body).toMatchObject({
      detail: 'Filters must not be empty.',
      attr: 'filters',
    })
    expect((await call('POST', 'experiment_holdouts/', { name: 'X', filters: [{}] })).body.detail).toBe(
      'Rollout percentage must be present.',
    )
    expect(
      (await call('POST', 'experiment_holdouts/', { name: 'X', filters: [{ rollout_percentage: 101 }] })).body.detail,
    ).toBe('Rollout percentage must be between 0 and 100.')
  })

  it('[SM3] gives a new metric its own uuid, whatever the request sends, and keeps it on update', async () => {
    const { call } = world()
    const query = {
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      source: { kind: 'EventsNode', event: 'purchase' },
      uuid: 'from-another-project',
    }
    const created = (await call('POST', 'experiment_saved_metrics/', { name: 'Revenue', query })).body
    expect(created.query.uuid).not.toBe('from-another-project')
    expect(created.query.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const { uuid: _uuid, ...withoutUuid } = query
    expect(
      (await call('PATCH', `experiment_saved_metrics/${created.id}/`, { query: withoutUuid })).body.query.uuid,
    ).toBe(created.query.uuid)
    expect((await call('PATCH', `experiment_saved_metrics/${created.id}/`, { query })).body).toMatchObject({
      detail: 'Saved metric UUID cannot be changed',
      attr: null,
    })
  })

  it('[SM2] [SM6] refuses the legacy kinds and an unknown metric type; lists by name, search and event', async () => {
    const { call } = world()
    const legacy = { kind: 'ExperimentTrendsQuery', count_query: { kind: 'TrendsQuery', series: [] } }
    expect((await call('POST', 'experiment_saved_metrics/', { name: 'L', query: legacy })).status).toBe(400)
    expect(
      (
        await call('POST', 'experiment_saved_metrics/', {
          name: 'L',
          query: { kind: 'ExperimentMetric', metric_type: 'median' },
        })
      ).status,
    ).toBe(400)
    const mean = (event: string) => ({
      kind: 'ExperimentMetric',
      metric_type: 'mean',
      source: { kind: 'EventsNode', event },
    })
    await call('POST', 'experiment_saved_metrics/', { name: 'b revenue', query: mean('purchase') })
    await call('POST', 'experiment_saved_metrics/', { name: 'A signups', query: mean('signup') })
    const names = async (query: string) =>
      (await call('GET', `experiment_saved_metrics/?${query}`)).body.results.map((metric: any) => metric.name)
    expect(await names('')).toEqual(['A signups', 'b revenue'])
    expect(await names('search=revenue')).toEqual(['b revenue'])
    expect(await names('event=signup')).toEqual(['A signups'])
  })
})

describe('experiments in the graph', () => {
  it('[EG1] on a key no live flag has, makes the default flag: control/test 50/50, off while a draft', async () => {
    const { call } = world()
    const created = (await call('POST', 'experiments/', { name: 'Pricing', feature_flag_key: 'pricing' })).body
    const flag = (await call('GET', `feature_flags/${created.feature_flag.id}/`)).body
    expect(flag).toMatchObject({ key: 'pricing', name: 'Feature Flag for Experiment Pricing', active: false })
    expect(flag.filters.groups).toEqual([
      { properties: [], rollout_percentage: 100, variant: null, aggregation_group_type_index: null },
    ])
    expect(flag.filters.multivariate.variants.map((variant: any) => [variant.key, variant.rollout_percentage])).toEqual(
      [
        ['control', 50],
        ['test', 50],
      ],
    )
    expect(flag.filters.payloads).toEqual({})
  })

  it('[DC9] [EG3] [DC8] links a flag without writing the holdout in; saved metric uuids join the lists', async () => {
    const { fake, call } = world()
    const [holdout] = fake.seed.holdouts([{}])
    const [flag] = fake.seed.featureFlags([{ key: 'existing' }])
    const [primary, secondary] = fake.seed.savedMetrics([{ name: 'P' }, { name: 'S' }])
    const created = (
      await call('POST', 'experiments/', {
        name: 'A',
        feature_flag_key: 'existing',
        holdout_id: holdout!.id,
        saved_metrics_ids: [{ id: primary!.id }, { id: secondary!.id, metadata: { type: 'secondary' } }],
      })
    ).body
    expect((await call('GET', `feature_flags/${flag!.id}/`)).body.filters.holdout ?? null).toBeNull()
    expect(created.holdout).toMatchObject({ id: holdout!.id })
    expect(created.primary_metrics_ordered_uuids).toEqual([primary!.query['uuid']])
    expect(created.secondary_metrics_ordered_uuids).toEqual([secondary!.query['uuid']])
    expect(created.saved_metrics.map((link: any) => link.metadata)).toEqual([
      { type: 'primary' },
      { type: 'secondary' },
    ])
  })

  it("[EG2] refuses a holdout change on a running experiment, and rewrites a draft's flag", async () => {
    const { fake, call } = world()
    const [first, second] = fake.seed.holdouts([
      { filters: [{ properties: [], rollout_percentage: 5 }] },
      { filters: [{ properties: [], rollout_percentage: 7 }] },
    ])
    const [running, draft] = fake.seed.experiments([{ holdout_id: first!.id }, { start_date: null }])
    expect((await call('PATCH', `experiments/${running!.id}/`, { holdout_id: second!.id })).body.detail).toBe(
      "Can't update holdout on running Experiment",
    )
    await call('PATCH', `experiments/${draft!.id}/`, { holdout_id: second!.id })
    expect((await call('GET', `feature_flags/${draft!.feature_flag!.id}/`)).body.filters.holdout).toEqual({
      id: second!.id,
      exclusion_percentage: 7,
    })
  })
})
