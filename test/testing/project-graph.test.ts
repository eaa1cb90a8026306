import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../../src/testing/index.js'
import { caller } from '../helpers/fake-channels.js'

/**
 * The fake's rules for flags, cohorts, actions, holdouts and saved metrics, and how experiments tie them together
 * (docs/service-behaviour.md §11).
 */

const NOW = new Date('2026-11-20T12:00:00.000Z')
const GROUPS = [{ properties: [], rollout_percentage: 100 }]

function world() {
  const fake = createFakeApi({ now: () => NOW })
  return { fake, call: caller(fake).read }
}

describe('feature flags', () => {
  it('[FF5] [DC1] refuses what the flag serializer refuses, naming the field', async () => {
    const { call } = world()
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: { groups: [] } })).body).toEqual({
      type: 'validation_error',
      code: 'invalid_input',
      detail: 'Feature flags must have at least one condition set (group).',
      attr: 'filters',
    })
    const split = {
      groups: GROUPS,
      multivariate: {
        variants: [
          { key: 'control', rollout_percentage: 30 },
          { key: 'test', rollout_percentage: 30 },
        ],
      },
    }
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: split })).body).toMatchObject({
      detail: 'Invalid variant definitions: Variant rollout percentages must sum to 100.',
      attr: 'filters',
    })
    expect((await call('POST', 'feature_flags/', { filters: { groups: GROUPS } })).body).toMatchObject({
      attr: 'key',
      code: 'required',
    })
    expect((await call('POST', 'feature_flags/', { key: 'a b', filters: { groups: GROUPS } })).body).toMatchObject({
      attr: 'key',
      code: 'invalid_key',
    })
    const override = {
      groups: [{ properties: [], rollout_percentage: 100, variant: 'blue' }],
      multivariate: { variants: [{ key: 'control', rollout_percentage: 100 }] },
    }
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: override })).body.detail).toBe(
      'Filters are not valid (variant override does not exist)',
    )
    const missingCohort = { groups: [{ properties: [{ key: 'id', type: 'cohort', value: 99, operator: 'in' }] }] }
    expect((await call('POST', 'feature_flags/', { key: 'a', filters: missingCohort })).body).toMatchObject({
      code: 'cohort_does_not_exist',
      attr: 'filters',
    })
    expect(
      (await call('POST', 'feature_flags/', { key: 'a', filters: { groups: [{ rollout_percentage: 120 }] } })).body
        .detail,
    ).toBe('groups[0].rollout_percentage must be between 0 and 100, got 120')
  })

  it(
    '[FF2] [FF3] [FF4] [DC4] normalises filters, names cohorts, ' + 'merges a PATCH of filters and bumps the version',
    async () => {
      const { fake, call } = world()
      const [cohort] = fake.seed.cohorts([{ name: 'Beta testers' }])
      const created = await call('POST', 'feature_flags/', {
        key: 'beta',
        filters: {
          groups: [
            { properties: [{ key: 'id', type: 'cohort', value: cohort!.id, operator: 'in' }], rollout_percentage: 50 },
          ],
          payloads: { true: 42 },
        },
      })
      expect(created.status).toBe(201)
      expect(created.body.filters).toEqual({
        groups: [
          {
            properties: [{ key: 'id', type: 'cohort', value: cohort!.id, operator: 'in', cohort_name: 'Beta testers' }],
            rollout_percentage: 50,
            variant: null,
            aggregation_group_type_index: null,
          },
        ],
        payloads: { true: '42' },
        aggregation_group_type_index: null,
      })
      const patched = await call('PATCH', `feature_flags/${created.body.id}/`, {
        filters: { payloads: { true: '"on"' } },
      })
      expect(patched.body.filters.groups).toHaveLength(1)
      expect(patched.body.filters.payloads).toEqual({ true: '"on"' })
      expect(patched.body.version).toBe(2)
      // Archiving needs the flag off.
      expect((await call('PATCH', `feature_flags/${created.body.id}/`, { archived: true })).body.detail).toBe(
        'Cannot archive an enabled feature flag. Disable it first, or send active: false in the same request.',
      )
      const archived = await call('PATCH', `feature_flags/${created.body.id}/`, { archived: true, active: false })
      expect(archived.body.status).toBe('ARCHIVED')
      expect((await call('GET', 'feature_flags/')).body.count).toBe(0)
      expect((await call('GET', 'feature_flags/?archived=true')).body.count).toBe(1)
    },
  )

  it(
    '[FF6] [GR2] soft-deletes by PATCH: the key is freed (tombstoned when an experiment used the flag) and ' +
      'restored on undelete',
    async () => {
      const { fake, call } = world()
      const [experiment] = fake.seed.experiments([{ feature_flag_key: 'checkout', start_date: null }])
      const flagId = experiment!.feature_flag!.id
      expect((await call('DELETE', `feature_flags/${flagId}/`)).status).toBe(405)
      const deleted = await call('PATCH', `feature_flags/${flagId}/`, { deleted: true })
      expect(deleted.body).toMatchObject({ deleted: true, key: `checkout:deleted:${flagId}`, status: 'DELETED' })
      expect((await call('GET', `feature_flags/${flagId}/`)).body.deleted).toBe(true)
      const reused = await call('POST', 'feature_flags/', { key: 'checkout', filters: { groups: GROUPS } })
      expect(reused.status).toBe(201)
      // The original key is taken meanwhile: the restored flag gets `-2`.
      expect((await call('PATCH', `feature_flags/${flagId}/`, { deleted: false })).body.key).toBe('checkout-2')
    },
  )

  it('[FF5] refuses to soft-delete the flag of a running experiment', async () => {
    const { fake, call } = world()
    const [experiment] = fake.seed.experiments([{ name: 'Checkout', feature_flag_key: 'checkout' }])
    const refused = await call('PATCH', `feature_flags/${experiment!.feature_flag!.id}/`, { deleted: true })
    expect(refused.body.detail).toBe(
      `Cannot delete a feature flag that is linked to running experiment(s): "Checkout" (ID: ` +
        `${experiment!.id}). Please stop the experiment(s) before deleting the flag.`,
    )
    expect((await call('GET', `feature_flags/${experiment!.feature_flag!.id}/`)).body).toMatchObject({
      experiment_set: [experiment!.id],
      experiment_set_metadata: [{ id: experiment!.id, name: 'Checkout', is_running: true }],
    })
  })
})

describe('experiments and their flags, holdouts and saved metrics', () => {
  it(
    '[EG1] [EG2] [HO1] [HO2] creates a real flag from ' + 'parameters.feature_flag_variants, carrying the holdout',
    async () => {
      const { fake, call } = world()
      const [holdout] = fake.seed.holdouts([{ filters: [{ properties: [], rollout_percentage: 5 }] }])
      const created = await call('POST', 'experiments/', {
        name: 'Pricing',
        feature_flag_key: 'pricing',
        holdout_id: holdout!.id,
        parameters: {
          feature_flag_variants: [
            { key: 'control', split_percent: 34 },
            { key: 'cheap', split_percent: 33 },
            { key: 'dear', split_percent: 33 },
          ],
        },
      })
      expect(created.status).toBe(201)
      expect(created.body.holdout).toMatchObject({ id: holdout!.id, filters: [{ variant: `holdout-${holdout!.id}` }] })
      const flag = await call('GET', `feature_flags/${created.body.feature_flag.id}/`)
      expect(flag.body).toMatchObject({
        key: 'pricing',
        active: false,
        experiment_set: [created.body.id],
        name: 'Feature Flag for Experiment Pricing',
      })
      expect(flag.body.filters.holdout).toEqual({ id: holdout!.id, exclusion_percentage: 5 })
      expect(
        flag.body.filters.multivariate.variants.map((variant: any) => [variant.key, variant.rollout_percentage]),
      ).toEqual([
        ['control', 34],
        ['cheap', 33],
        ['dear', 33],
      ])

      // A holdout change reaches the flag; deleting the holdout clears it there and on the experiment.
      await call('PATCH', `experiment_holdouts/${holdout!.id}/`, {
        filters: [{ properties: [], rollout_percentage: 8 }],
      })
      expect((await call('GET', `feature_flags/${flag.body.id}/`)).body.filters.holdout).toEqual({
        id: holdout!.id,
        exclusion_percentage: 8,
      })
      expect((await call('DELETE', `experiment_holdouts/${holdout!.id}/`)).status).toBe(204)
      expect((await call('GET', `feature_flags/${flag.body.id}/`)).body.filters.holdout).toBeNull()
      expect((await call('GET', `experiments/${created.body.id}/`)).body).toMatchObject({
        holdout: null,
        holdout_id: null,
      })
    },
  )

  it(
    '[EG1] links an existing multivariate flag as it is, and refuses one without a control variant or an unknown ' +
      'holdout',
    async () => {
      const { fake, call } = world()
      const [flag] = fake.seed.featureFlags([{ key: 'existing' }])
      fake.seed.featureFlags([{ key: 'boolean', filters: { groups: GROUPS } }])
      const linked = await call('POST', 'experiments/', { name: 'A', feature_flag_key: 'existing' })
      expect(linked.body.feature_flag.id).toBe(flag!.id)
      expect((await call('POST', 'experiments/', { name: 'B', feature_flag_key: 'boolean' })).body.detail).toBe(
        'Feature flag must have at least 2 variants (control and at least one test variant)',
      )
      expect(
        (await call('POST', 'experiments/', { name: 'C', feature_flag_key: 'c', holdout_id: 77 })).body,
      ).toMatchObject({ attr: 'holdout_id', code: 'does_not_exist' })
    },
  )

  it('[EG3] [SM5] shows saved_metrics_ids as saved_metrics, and drops a deleted saved metric', async () => {
    const { fake, call } = world()
    const [metric] = fake.seed.savedMetrics([{ name: 'Revenue' }])
    const created = await call('POST', 'experiments/', {
      name: 'A',
      feature_flag_key: 'a',
      saved_metrics_ids: [{ id: metric!.id, metadata: { type: 'primary' } }],
    })
    expect(created.body.saved_metrics_ids).toBeNull()
    expect(created.body.saved_metrics).toMatchObject([
      {
        saved_metric: metric!.id,
        name: 'Revenue',
        metadata: { type: 'primary' },
        query: { uuid: metric!.query['uuid'] },
      },
    ])
    expect(created.body.saved_metrics[0].query.fingerprint).toMatch(/^[0-9a-f]{32}$/)
    expect(created.body.primary_metrics_ordered_uuids).toEqual([metric!.query['uuid']])
    expect(
      (await call('POST', 'experiments/', { name: 'B', feature_flag_key: 'b', saved_metrics_ids: [{ id: 404 }] })).body
        .detail,
    ).toBe('Saved metric does not exist or does not belong to this project')
    await call('DELETE', `experiment_saved_metrics/${metric!.id}/`)
    expect((await call('GET', `experiments/${created.body.id}/`)).body.saved_metrics).toEqual([])
  })

  it('[EG4] ships a variant: 100% on the flag, the experiment ended; refused before launch', async () => {
    const { fake, call } = world()
    const [draft, running] = fake.seed.experiments([{ start_date: null }, {}])
    expect((await call('POST', `experiments/${draft!.id}/ship_variant/`, { variant_key: 'test' })).body.detail).toBe(
      'Experiment has not been launched yet.',
    )
    const shipped = await call('POST', `experiments/${running!.id}/ship_variant/`, {
      variant_key: 'control',
      release_to_everyone: true,
      conclusion: 'lost',
    })
    expect(shipped.body).toMatchObject({ end_date: '2026-11-20T12:00:00.000000Z', conclusion: 'lost' })
    const flag = (await call('GET', `feature_flags/${running!.feature_flag!.id}/`)).body
    expect(flag.filters.groups[0]).toEqual({
      properties: [],
      rollout_percentage: 100,
      description: 'Added automatically when the experiment was ended to keep only one variant.',
    })
    expect(flag.filters.multivariate.variants.map((variant: any) => variant.rollout_percentage)).toEqual([100, 0])
    expect(flag.version).toBe(2)
  })
})

describe('cohorts, actions, saved metrics', () => {
  it(
    '[CO6] [CO7] [DC10] refuses to soft-delete a cohort an ' + 'active flag uses, and checks the condition tree',
    async () => {
      const { fake, call } = world()
      const [cohort] = fake.seed.cohorts([{ name: 'Beta' }])
      fake.seed.featureFlags([
        {
          key: 'beta',
          filters: {
            groups: [
              {
                properties: [{ key: 'id', type: 'cohort', value: cohort!.id, operator: 'in' }],
                rollout_percentage: 100,
              },
            ],
          },
        },
      ])
      expect((await call('DELETE', `cohorts/${cohort!.id}/`)).status).toBe(405)
      expect((await call('PATCH', `cohorts/${cohort!.id}/`, { deleted: true })).body.detail).toBe(
        'This cohort is used in 1 active feature flag(s): beta',
      )
      expect((await call('POST', 'cohorts/', { name: 'X', filters: {} })).body.detail).toBe(
        "Must contain a 'properties' key with type and values",
      )
      const loop = { properties: { type: 'AND', values: [{ type: 'cohort', key: 'id', value: cohort!.id }] } }
      const child = await call('POST', 'cohorts/', { name: 'Child', filters: loop })
      expect(child.body.cohort_type).toBe('realtime')
      const selfLoop = { properties: { type: 'AND', values: [{ type: 'cohort', key: 'id', value: child.body.id }] } }
      expect((await call('PATCH', `cohorts/${cohort!.id}/`, { filters: selfLoop })).body.detail).toBe(
        'Cohorts cannot reference other cohorts in a loop.',
      )
    },
  )

  it('[GR3] [AC5] [DC12] finds where an action is used, and answers the list without next', async () => {
    const { fake, call } = world()
    const [action] = fake.seed.actions([{ name: 'Purchased' }])
    fake.seed.experiments([
      {
        name: 'Checkout',
        metrics: [
          { kind: 'ExperimentMetric', metric_type: 'mean', uuid: 'm', source: { kind: 'ActionsNode', id: action!.id } },
        ],
      },
    ])
    fake.seed.cohorts([
      {
        name: 'Buyers',
        filters: {
          properties: {
            type: 'OR',
            values: [{ type: 'behavioral', key: String(action!.id), event_type: 'actions', value: 'performed_event' }],
          },
        },
      },
    ])
    const references = await call('GET', `actions/${action!.id}/references/`)
    expect(references.body.map((reference: any) => [reference.type, reference.name])).toEqual([
      ['experiment', 'Checkout'],
      ['cohort', 'Buyers'],
    ])
    const list = await call('GET', 'actions/?include_reference_count=true')
    expect(list.body).toMatchObject({ count: 1, results: [{ id: action!.id, reference_count: 2 }] })
    expect(list.body).not.toHaveProperty('next')
  })

  it('[SM1] [SM3] [SM4] keeps saved metric names unique whatever the case, and their uuid fixed', async () => {
    const { fake, call } = world()
    const [metric] = fake.seed.savedMetrics([{ name: 'Revenue' }])
    const query = { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'EventsNode', event: 'purchase' } }
    expect((await call('POST', 'experiment_saved_metrics/', { name: 'REVENUE', query })).body).toMatchObject({
      attr: 'name',
      code: 'unique',
      detail: 'A shared metric with this name already exists.',
    })
    expect(
      (await call('PATCH', `experiment_saved_metrics/${metric!.id}/`, { query: { ...query, uuid: 'other' } })).body
        .detail,
    ).toBe('Saved metric UUID cannot be changed')
    const missingAction = { kind: 'ExperimentMetric', metric_type: 'mean', source: { kind: 'ActionsNode', id: 9 } }
    expect((await call('POST', 'experiment_saved_metrics/', { name: 'X', query: missingAction })).body.detail).toBe(
      'Action(s) with ID 9 not found or deleted.',
    )
  })
})
