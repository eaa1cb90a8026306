import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import {
  experimentDateSchema,
  experimentEventExposureConfigSchema,
  experimentExposureCriteriaSchema,
  experimentFeatureFlagInputSchema,
  experimentFlagVariantSchema,
  experimentFunnelMetricSchema,
  experimentMeanMetricSchema,
  experimentMetricFieldsSchema,
  experimentMetricOutlierHandlingSchema,
  experimentMetricSchema,
  experimentMetricSourceSchema,
  experimentMetricWithFingerprintSchema,
  experimentParametersSchema,
  experimentRatioMetricSchema,
  experimentRetentionMetricSchema,
  experimentRunningTimeCalculationSchema,
  experimentSavedMetricRefSchema,
  experimentStatsConfigSchema,
  experimentVariantSchema,
  experimentDifferenceTypeSchema,
} from '../../src/model/experiment-metrics.js'
import {
  eligibleFeatureFlagsParamsSchema,
  experimentCreateParamsSchema,
  experimentDuplicateParamsSchema,
  experimentEndParamsSchema,
  experimentLaunchParamsSchema,
  experimentListParamsSchema,
  experimentUpdateParamsSchema,
  experimentWriteFieldsSchema,
  exposureCohortParamsSchema,
  recalculateTimeseriesParamsSchema,
  timeseriesResultsParamsSchema,
} from '../../src/requests/experiments.js'
import * as payloads from '../fixtures/payloads/experiments.js'
import { accepts, issues } from '../helpers/schema-issues.js'

describe('the experiment request schemas accept the realistic payloads of the type tests', () => {
  // Every payload, by the schema of its type (a payload added to the type tests without one does not compile).
  const schemaOf: Record<keyof typeof payloads, z.ZodMiniType> = {
    meanRevenue: experimentMeanMetricSchema,
    checkoutFunnel: experimentFunnelMetricSchema,
    revenuePerOrder: experimentRatioMetricSchema,
    weekOneRetention: experimentRetentionMetricSchema,
    fullCreate: experimentCreateParamsSchema,
    minimalCreate: experimentCreateParamsSchema,
    actionExposureCreate: experimentCreateParamsSchema,
    launch: experimentUpdateParamsSchema,
    conclude: experimentUpdateParamsSchema,
    draftAgain: experimentUpdateParamsSchema,
    listRunning: experimentListParamsSchema,
    recalculate: recalculateTimeseriesParamsSchema,
  }

  it.each(Object.entries(schemaOf))('%s', (name, schema) => {
    accepts(schema, payloads[name as keyof typeof payloads])
  })

  const metrics = [
    [experimentMeanMetricSchema, payloads.meanRevenue],
    [experimentFunnelMetricSchema, payloads.checkoutFunnel],
    [experimentRatioMetricSchema, payloads.revenuePerOrder],
    [experimentRetentionMetricSchema, payloads.weekOneRetention],
  ] as const

  it.each(metrics.map(([schema, metric]) => [metric.metric_type, schema, metric] as const))(
    '%s metric, by its own schema and as an ExperimentMetric',
    (_type, schema, metric) => {
      accepts(schema, metric)
      accepts(experimentMetricSchema, metric)
      accepts(experimentMetricWithFingerprintSchema, { ...metric, fingerprint: 'a'.repeat(64) })
    },
  )

  it('the sources, fields and outlier handling of those metrics', () => {
    const { meanRevenue, checkoutFunnel, revenuePerOrder, weekOneRetention } = payloads
    for (const source of [
      meanRevenue.source,
      ...checkoutFunnel.series,
      revenuePerOrder.numerator,
      revenuePerOrder.denominator,
      weekOneRetention.start_event,
      weekOneRetention.completion_event,
    ]) {
      accepts(experimentMetricSourceSchema, source)
    }
    accepts(experimentMetricFieldsSchema, {
      kind: meanRevenue.kind,
      uuid: meanRevenue.uuid,
      name: meanRevenue.name,
      goal: meanRevenue.goal,
    })
    accepts(experimentMetricOutlierHandlingSchema, revenuePerOrder.numerator_outlier_handling)
  })

  it('create payloads, and their nested parts', () => {
    for (const body of [payloads.fullCreate, payloads.minimalCreate, payloads.actionExposureCreate])
      accepts(experimentCreateParamsSchema, body)
    const { parameters, exposure_criteria, stats_config } = payloads.fullCreate
    accepts(experimentParametersSchema, parameters)
    for (const variant of parameters?.feature_flag_variants ?? []) accepts(experimentVariantSchema, variant)
    accepts(experimentExposureCriteriaSchema, exposure_criteria)
    accepts(experimentEventExposureConfigSchema, exposure_criteria?.exposure_config)
    accepts(experimentExposureCriteriaSchema, payloads.actionExposureCreate.exposure_criteria)
    accepts(experimentStatsConfigSchema, stats_config)
    accepts(experimentStatsConfigSchema, payloads.actionExposureCreate.stats_config)
  })

  it('update payloads (a Date, a string and null for the dates)', () => {
    for (const body of [payloads.launch, payloads.conclude, payloads.draftAgain]) {
      accepts(experimentUpdateParamsSchema, body)
      accepts(experimentWriteFieldsSchema, body)
    }
    accepts(experimentDateSchema, payloads.launch.start_date)
    accepts(experimentDateSchema, null)
  })

  it('the list query and the recalculation body', () => {
    accepts(experimentListParamsSchema, payloads.listRunning)
    accepts(recalculateTimeseriesParamsSchema, payloads.recalculate)
  })

  it('the bodies and queries the type tests have no payload for', () => {
    accepts(experimentDuplicateParamsSchema, { feature_flag_key: 'checkout-button-colour-v2' })
    accepts(exposureCohortParamsSchema, {})
    accepts(experimentLaunchParamsSchema, { start_date: new Date('2026-10-01T09:00:00Z') })
    accepts(experimentEndParamsSchema, {
      end_date: '2026-10-21T09:00:00Z',
      conclusion: 'stopped_early',
      conclusion_comment: 'Broke checkout on Safari.',
    })
    accepts(eligibleFeatureFlagsParamsSchema, {
      search: 'checkout',
      active: 'true',
      evaluation_runtime: 'server',
      has_evaluation_tags: false,
      limit: 50,
    })
    accepts(timeseriesResultsParamsSchema, { metric_uuid: payloads.meanRevenue.uuid, fingerprint: 'f'.repeat(64) })
    accepts(experimentSavedMetricRefSchema, { id: 3, metadata: { type: 'secondary' } })
    accepts(experimentRunningTimeCalculationSchema, {
      minimum_detectable_effect: 5,
      exposure_estimate_config: {
        conversionRateInputType: 'manual',
        manualMetricType: 'mean_count',
        manualBaselineValue: 3.2,
        manualExposureRate: 1200,
      },
    })
    const variants = [
      { key: 'control', rollout_percentage: 50 },
      { key: 'green', name: 'Green', rollout_percentage: 50 },
    ]
    for (const variant of variants) accepts(experimentFlagVariantSchema, variant)
    accepts(experimentFeatureFlagInputSchema, {
      filters: {
        groups: [{ rollout_percentage: 100, properties: [] }],
        multivariate: { variants },
        aggregation_group_type_index: null,
        payloads: { green: '{"colour":"#2e7d32"}' },
      },
      ensure_experience_continuity: true,
    })
    accepts(experimentStatsConfigSchema, {
      method: 'bayesian',
      bayesian: { difference_type: 'ABSOLUTE', prior_type: 'relative' },
    })
    accepts(experimentDifferenceTypeSchema, 'RELATIVE')
  })
})

describe('the experiment request schemas refuse mistakes, at the right path', () => {
  it('an unknown key, at the top and nested', () => {
    expect(issues(experimentUpdateParamsSchema, { conclsuion: 'won' })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['conclsuion'] },
    ])
    expect(issues(experimentListParamsSchema, { archive: true })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['archive'] },
    ])
    expect(issues(experimentDuplicateParamsSchema, { name: 'Copy' })).toEqual([
      { code: 'unrecognized_keys', path: [], keys: ['name'] },
    ])
    expect(issues(exposureCohortParamsSchema, { cohort: 1 })).toEqual([{ code: 'invalid_type', path: ['cohort'] }])
    expect(issues(experimentUpdateParamsSchema, { parameters: { variants: [] } })).toEqual([
      { code: 'unrecognized_keys', path: ['parameters'], keys: ['variants'] },
    ])
    // A metric as the service returns it (its model has `fingerprint`, `response`, `version`) goes back as it came…
    const returned = { ...payloads.meanRevenue, fingerprint: 'f'.repeat(64), response: null, version: null }
    expect(z.safeParse(experimentUpdateParamsSchema, { metrics: [returned] }).success).toBe(true)
    // …and a member no model has is still refused where it is.
    expect(issues(experimentUpdateParamsSchema, { metrics: [{ ...returned, fingerprnt: 'x' }] })).toEqual([
      { code: 'unrecognized_keys', path: ['metrics', 0], keys: ['fingerprnt'] },
    ])
  })

  it('a value outside a closed list', () => {
    expect(issues(experimentUpdateParamsSchema, { conclusion: 'win' })).toEqual([
      { code: 'invalid_value', path: ['conclusion'] },
    ])
    expect(issues(experimentCreateParamsSchema, { name: 'A', feature_flag_key: 'a', type: 'mobile' })).toEqual([
      { code: 'invalid_value', path: ['type'] },
    ])
    expect(issues(experimentListParamsSchema, { status: 'finished' })).toEqual([
      { code: 'invalid_value', path: ['status'] },
    ])
    expect(issues(eligibleFeatureFlagsParamsSchema, { evaluation_runtime: 'edge' })).toEqual([
      { code: 'invalid_value', path: ['evaluation_runtime'] },
    ])
    expect(issues(experimentEndParamsSchema, { conclusion: 'draw' })).toEqual([
      { code: 'invalid_value', path: ['conclusion'] },
    ])
    expect(
      issues(experimentUpdateParamsSchema, { saved_metrics_ids: [{ id: 3, metadata: { type: 'tertiary' } }] }),
    ).toEqual([{ code: 'invalid_value', path: ['saved_metrics_ids', 0, 'metadata', 'type'] }])
  })

  it('a value of the wrong type, or a required key missing', () => {
    expect(issues(experimentUpdateParamsSchema, { start_date: 1_790_000_000_000 })).toEqual([
      { code: 'invalid_union', path: ['start_date'] },
    ])
    expect(issues(experimentLaunchParamsSchema, { start_date: 1_790_000_000_000 })).toEqual([
      { code: 'invalid_union', path: ['start_date'] },
    ])
    expect(issues(experimentUpdateParamsSchema, { metrics: ['revenue'] })).toEqual([
      { code: 'invalid_type', path: ['metrics', 0] },
    ])
    expect(issues(experimentCreateParamsSchema, { name: 'No flag' })).toEqual([
      { code: 'invalid_type', path: ['feature_flag_key'] },
    ])
    expect(issues(timeseriesResultsParamsSchema, { metric_uuid: 'm' })).toEqual([
      { code: 'invalid_type', path: ['fingerprint'] },
    ])
    const { fingerprint: _fingerprint, ...withoutFingerprint } = payloads.recalculate
    expect(issues(recalculateTimeseriesParamsSchema, withoutFingerprint)).toEqual([
      { code: 'invalid_type', path: ['fingerprint'] },
    ])
  })

  it('a key set to undefined: refused in a body, accepted in a query', () => {
    expect(issues(experimentUpdateParamsSchema, { name: undefined })).toEqual([
      { code: 'invalid_type', path: ['name'] },
    ])
    accepts(experimentListParamsSchema, { status: 'running', search: undefined })
  })

  it('deep in a metric, through both discriminators', () => {
    const source = { kind: 'EventsNode', event: 'a' }
    expect(issues(experimentUpdateParamsSchema, { metrics: [{ metric_type: 'median', source }] })).toEqual([
      { code: 'invalid_union', path: ['metrics', 0, 'metric_type'] },
    ])
    expect(issues(experimentUpdateParamsSchema, { metrics: [{ metric_type: 'mean' }] })).toEqual([
      { code: 'invalid_type', path: ['metrics', 0, 'source'] },
    ])
    expect(
      issues(experimentUpdateParamsSchema, {
        metrics: [{ metric_type: 'mean', source: { ...source, math: 'median' } }],
      }),
    ).toEqual([{ code: 'invalid_value', path: ['metrics', 0, 'source', 'math'] }])
    expect(
      issues(experimentUpdateParamsSchema, {
        metrics_secondary: [{ metric_type: 'mean', source: { kind: 'ActionsNode' } }],
      }),
    ).toEqual([{ code: 'invalid_type', path: ['metrics_secondary', 0, 'source', 'id'] }])
    expect(
      issues(experimentUpdateParamsSchema, {
        metrics: [
          {
            metric_type: 'funnel',
            series: [source, { ...source, properties: [{ type: 'event', key: 'x', operator: 'like' }] }],
          },
        ],
      }),
    ).toEqual([{ code: 'invalid_value', path: ['metrics', 0, 'series', 1, 'properties', 0, 'operator'] }])
    expect(
      issues(experimentUpdateParamsSchema, { exposure_criteria: { exposure_config: { event: '$pageview' } } }),
    ).toEqual([{ code: 'invalid_union', path: ['exposure_criteria', 'exposure_config'] }])
    expect(
      issues(experimentUpdateParamsSchema, { stats_config: { method: 'bayesian', bayesian: { ci_level: '95%' } } }),
    ).toEqual([{ code: 'invalid_type', path: ['stats_config', 'bayesian', 'ci_level'] }])
  })
})
