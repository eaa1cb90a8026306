/** Feature flags, cohorts, actions, holdouts, saved metrics: realistic payloads from docs/service-behaviour.md §11. */
import type {
  ActionCreateParams,
  CohortCreateParams,
  ExperimentShipVariantParams,
  FeatureFlagCreateParams,
  FeatureFlagUpdateParams,
  HoldoutCreateParams,
  SavedMetricCreateParams,
} from 'posthog-project-client'
import { payload } from './helpers.js'

export const checkoutFlag = payload<FeatureFlagCreateParams>({
  key: 'new-checkout',
  name: 'New checkout flow',
  filters: {
    groups: [
      { properties: [{ key: 'email', type: 'person', operator: 'icontains', value: '@acme.com' }], rollout_percentage: 50, variant: null },
      { properties: [{ key: 'id', type: 'cohort', operator: 'in', value: 812 }], rollout_percentage: 100, variant: 'test' },
      { properties: [{ key: '4190', type: 'flag', operator: 'flag_evaluates_to', value: true }], rollout_percentage: 10 },
    ],
    multivariate: {
      variants: [
        { key: 'control', name: 'Control', rollout_percentage: 50 },
        { key: 'test', name: 'Blue button', rollout_percentage: 50 },
      ],
    },
    payloads: { test: '{"color": "blue"}' },
    aggregation_group_type_index: null,
  },
  tags: ['checkout'],
})
export const rollout = payload<FeatureFlagUpdateParams>({ filters: { groups: [{ properties: [], rollout_percentage: 25 }] } })
export const betaTesters = payload<CohortCreateParams>({
  name: 'Beta testers',
  filters: {
    properties: {
      type: 'OR',
      values: [
        { type: 'AND', values: [{ type: 'person', key: 'beta', operator: 'exact', value: ['true'], negation: false }, { type: 'cohort', key: 'id', value: 790 }] },
        { type: 'behavioral', key: 305, event_type: 'actions', value: 'performed_event_multiple', operator: 'gte', operator_value: 3, time_value: 30, time_interval: 'day' },
      ],
    },
  },
})
export const signedUp = payload<ActionCreateParams>({
  name: 'Signed up',
  description: 'Completed the signup form',
  steps: [
    { event: '$pageview', url: '/welcome', url_matching: 'contains' },
    { event: 'user signed up', properties: [{ key: 'plan', value: 'free', operator: 'exact', type: 'event' }] },
  ],
})
export const q3 = payload<HoldoutCreateParams>({ name: 'Q3 global holdout', description: '5% of users', filters: [{ properties: [], rollout_percentage: 5 }] })
export const conversion = payload<SavedMetricCreateParams>({
  name: 'Checkout conversion',
  query: { kind: 'ExperimentMetric', metric_type: 'funnel', series: [{ kind: 'EventsNode', event: '$pageview' }, { kind: 'ActionsNode', id: 305 }] },
})
export const ship = payload<ExperimentShipVariantParams>({ variant_key: 'test', conclusion: 'won', conclusion_comment: 'Blue wins by 4%' })
