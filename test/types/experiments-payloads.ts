/** Experiments: realistic payloads from docs/service-behaviour.md §3 and §P1 (also sent to the fake by test/types-payloads.test.ts). */
import type {
  ExperimentCreateParams,
  ExperimentFunnelMetric,
  ExperimentListParams,
  ExperimentMeanMetric,
  ExperimentMetric,
  ExperimentRatioMetric,
  ExperimentRetentionMetric,
  ExperimentUpdateParams,
  RecalculateTimeseriesParams,
} from 'posthog-project-client'
import { payload } from './helpers.js'

const purchase = { kind: 'EventsNode', event: 'purchase' } as const

export const meanRevenue = payload<ExperimentMeanMetric>({
  kind: 'ExperimentMetric',
  metric_type: 'mean',
  uuid: '7d4f2f0e-6a1c-4b8e-9a57-0c6f3a1e2b11',
  name: 'Revenue per user',
  goal: 'increase',
  source: { kind: 'EventsNode', event: 'purchase', math: 'sum', math_property: 'revenue', properties: [{ type: 'event', key: 'currency', operator: 'exact', value: 'USD' }] },
  lower_bound_percentile: 0.01,
  upper_bound_percentile: 0.99,
  ignore_zeros: true,
})

export const checkoutFunnel = payload<ExperimentFunnelMetric>({
  kind: 'ExperimentMetric',
  metric_type: 'funnel',
  uuid: '1b0a9c56-31d2-4a0e-8d3f-6e5b7c9a2f40',
  name: 'Checkout conversion',
  conversion_window: 14,
  conversion_window_unit: 'day',
  funnel_order_type: 'ordered',
  series: [{ kind: 'EventsNode', event: '$pageview', properties: [{ type: 'event', key: '$current_url', operator: 'icontains', value: '/cart' }] }, { kind: 'ActionsNode', id: 42 }, purchase],
})

export const revenuePerOrder = payload<ExperimentRatioMetric>({
  metric_type: 'ratio',
  uuid: 'c2f3e4d5-1111-4a2b-9c3d-000000000003',
  name: 'Revenue per order',
  numerator: { kind: 'EventsNode', event: 'purchase', math: 'sum', math_property: 'revenue' },
  denominator: { kind: 'EventsNode', event: 'purchase' },
  numerator_outlier_handling: { upper_bound_percentile: 0.99 },
})

export const weekOneRetention = payload<ExperimentRetentionMetric>({
  metric_type: 'retention',
  uuid: 'c2f3e4d5-1111-4a2b-9c3d-000000000004',
  start_event: { kind: 'EventsNode', event: 'signed_up' },
  completion_event: { kind: 'ExperimentDataWarehouseNode', table_name: 'stripe_charges', timestamp_field: 'created', events_join_key: 'person.properties.email', data_warehouse_join_key: 'customer_email' },
  retention_window_start: 1,
  retention_window_end: 7,
  retention_window_unit: 'day',
  start_handling: 'first_seen',
})

export const fullCreate = payload<ExperimentCreateParams>({
  name: 'Checkout button colour',
  description: 'Green vs blue button on the checkout page',
  feature_flag_key: 'checkout-button-colour',
  type: 'product',
  parameters: {
    feature_flag_variants: [
      { key: 'control', name: 'Blue', split_percent: 50 },
      { key: 'green', name: 'Green', split_percent: 50 },
    ],
    minimum_detectable_effect: 5,
    variant_notes: { green: 'Brand green #2e7d32' },
  },
  exposure_criteria: {
    filterTestAccounts: true,
    exposure_config: { kind: 'ExperimentEventExposureConfig', event: '$pageview', properties: [{ type: 'event', key: '$current_url', operator: 'icontains', value: '/checkout' }] },
    multiple_variant_handling: 'first_seen',
  },
  metrics: [meanRevenue, checkoutFunnel],
  metrics_secondary: [revenuePerOrder, weekOneRetention],
  primary_metrics_ordered_uuids: ['1b0a9c56-31d2-4a0e-8d3f-6e5b7c9a2f40', '7d4f2f0e-6a1c-4b8e-9a57-0c6f3a1e2b11'],
  secondary_metrics_ordered_uuids: ['c2f3e4d5-1111-4a2b-9c3d-000000000003', 'c2f3e4d5-1111-4a2b-9c3d-000000000004'],
  stats_config: { method: 'bayesian', bayesian: { ci_level: 0.95 } },
})

export const minimalCreate = payload<ExperimentCreateParams>({ name: 'Pricing page copy', feature_flag_key: 'pricing-copy' })

export const actionExposureCreate = payload<ExperimentCreateParams>({
  name: 'Onboarding checklist',
  feature_flag_key: 'onboarding-checklist',
  exposure_criteria: { exposure_config: { kind: 'ActionsNode', id: 12 }, multiple_variant_handling: 'exclude' },
  stats_config: { method: 'frequentist', frequentist: { alpha: 0.05 } },
})

export const launch = payload<ExperimentUpdateParams>({ start_date: new Date('2026-10-01T09:00:00Z') })
export const conclude = payload<ExperimentUpdateParams>({ end_date: '2026-10-21T09:00:00Z', conclusion: 'won', conclusion_comment: 'Green won with 97% probability.' })
export const draftAgain = payload<ExperimentUpdateParams>({ start_date: null, end_date: null, conclusion: null })
export const listRunning = payload<ExperimentListParams>({ status: 'running', archived: false, search: 'checkout', order: '-created_at', limit: 20 })

// Round trip: a metric as the service returns it can be sent to recalculateTimeseries.
const returned: ExperimentMetric & { fingerprint?: string } = { ...meanRevenue, fingerprint: 'f'.repeat(64) }
export const recalculate = payload<RecalculateTimeseriesParams>({ metric: returned, fingerprint: returned.fingerprint ?? '' })
