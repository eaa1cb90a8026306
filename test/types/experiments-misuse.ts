/**
 * Experiments: misuse cases, each line under `@ts-expect-error` must not compile for the reason in its
 * comment (checked under the strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { Experiment, ExperimentMetricResult, ExperimentRatioMetric } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called (the client and the experiment exist only as types). */
export function typeChecks(experiment: Experiment): void {
  // --- Misuse -------------------------------------------------------------------------------------

  // A misspelled field (the first example): the service would drop it silently.
  // @ts-expect-error 'conclsuion' does not exist in ExperimentUpdateParams
  void client.experiments.update(1, { conclsuion: 'won' })
  // @ts-expect-error conclusion is a closed enum: 'win' is not one of won/lost/inconclusive/stopped_early/invalid
  void client.experiments.update(1, { conclusion: 'win' })
  // @ts-expect-error create needs feature_flag_key
  void client.experiments.create({ name: 'No flag' })
  // @ts-expect-error type is 'web' | 'product'
  void client.experiments.create({ name: 'A', feature_flag_key: 'a', type: 'mobile' })
  // @ts-expect-error list status is draft/running/complete/all
  void client.experiments.list({ status: 'finished' })
  // @ts-expect-error list has no 'archive' param (it is 'archived')
  void client.experiments.list({ archive: true })
  // @ts-expect-error listIncludingArchived has no 'archived' param: it walks the archived experiments itself
  void client.experiments.listIncludingArchived({ archived: true })
  // @ts-expect-error start_date takes a Date or a string, not a timestamp number
  void client.experiments.update(1, { start_date: Date.now() })
  // @ts-expect-error an optional field cannot be set to undefined explicitly (exactOptionalPropertyTypes)
  void client.experiments.update(1, { name: undefined })
  // @ts-expect-error metrics are ExperimentMetric objects, not strings
  void client.experiments.update(1, { metrics: ['revenue'] })
  void client.experiments.update(1, {
    // @ts-expect-error metric_type 'median' is not mean/funnel/ratio/retention
    metrics: [{ metric_type: 'median', source: { kind: 'EventsNode', event: 'purchase' } }],
  })
  // @ts-expect-error a mean metric needs a source
  void client.experiments.update(1, { metrics: [{ metric_type: 'mean' }] })
  void client.experiments.update(1, {
    // @ts-expect-error a funnel metric has series, not source
    metrics: [{ metric_type: 'funnel', source: { kind: 'EventsNode', event: 'a' } }],
  })
  void client.experiments.update(1, {
    // @ts-expect-error a ratio metric needs a denominator
    metrics: [{ metric_type: 'ratio', numerator: { kind: 'EventsNode', event: 'a' } }],
  })
  // @ts-expect-error an ActionsNode source needs its action id
  void client.experiments.update(1, { metrics: [{ metric_type: 'mean', source: { kind: 'ActionsNode' } }] })
  // @ts-expect-error source kind 'PersonsNode' is not an experiment source
  void client.experiments.update(1, { metrics: [{ metric_type: 'mean', source: { kind: 'PersonsNode' } }] })
  void client.experiments.update(1, {
    // @ts-expect-error math 'median' is not an experiment math type
    metrics: [{ metric_type: 'mean', source: { kind: 'EventsNode', event: 'a', math: 'median' } }],
  })
  void client.experiments.update(1, {
    // @ts-expect-error goal is increase/decrease
    metrics: [{ metric_type: 'mean', goal: 'up', source: { kind: 'EventsNode', event: 'a' } }],
  })
  void client.experiments.update(1, {
    metrics: [
      {
        metric_type: 'mean',
        conversion_window: 1,
        // @ts-expect-error conversion_window_unit has no 'year'
        conversion_window_unit: 'year',
        source: { kind: 'EventsNode', event: 'a' },
      },
    ],
  })
  void client.experiments.update(1, {
    // @ts-expect-error a warehouse source needs its join keys
    metrics: [{ metric_type: 'mean', source: { kind: 'ExperimentDataWarehouseNode', table_name: 'payments' } }],
  })
  void client.experiments.update(1, {
    metrics: [
      {
        metric_type: 'retention',
        start_event: { kind: 'EventsNode', event: 'a' },
        completion_event: { kind: 'EventsNode', event: 'b' },
        // @ts-expect-error retention start_handling is first_seen/last_seen
        start_handling: 'any',
      },
    ],
  })
  // A metric as read (with the fingerprint the service computed, nulls included) may be sent back as it is.
  void client.experiments.update(1, {
    metrics: [
      { metric_type: 'mean', fingerprint: 'x', name: null, source: { kind: 'EventsNode', event: 'a', math: null } },
    ],
  })
  void client.experiments.update(1, {
    // @ts-expect-error a member no metric has
    metrics: [{ metric_type: 'mean', fingerprnt: 'x', source: { kind: 'EventsNode', event: 'a' } }],
  })
  // @ts-expect-error a variant needs its key
  void client.experiments.update(1, { parameters: { feature_flag_variants: [{ name: 'Control', split_percent: 50 }] } })
  // @ts-expect-error 'variants' is not a parameters key (it is feature_flag_variants)
  void client.experiments.update(1, { parameters: { variants: [] } })
  // @ts-expect-error multiple_variant_handling is exclude/first_seen
  void client.experiments.update(1, { exposure_criteria: { multiple_variant_handling: 'last_seen' } })
  // @ts-expect-error an event exposure config needs its properties ([] for none)
  void client.experiments.update(1, { exposure_criteria: { exposure_config: { event: '$pageview' } } })
  // @ts-expect-error stats method is bayesian/frequentist
  void client.experiments.update(1, { stats_config: { method: 'bootstrap' } })
  // @ts-expect-error saved metric metadata type is primary/secondary
  void client.experiments.update(1, { saved_metrics_ids: [{ id: 3, metadata: { type: 'tertiary' } }] })
  // @ts-expect-error recalculateTimeseries needs the fingerprint
  void client.experiments.recalculateTimeseries(1, {
    metric: { metric_type: 'mean', source: { kind: 'EventsNode', event: 'a' } },
  })
  // @ts-expect-error timeseriesResults needs metric_uuid and fingerprint
  void client.experiments.timeseriesResults(1, { metric_uuid: 'm' })
  // @ts-expect-error duplicate takes only feature_flag_key
  void client.experiments.duplicate(1, { name: 'Copy' })
  // @ts-expect-error eligibleFeatureFlags evaluation_runtime is server/client/all
  void client.experiments.eligibleFeatureFlags({ evaluation_runtime: 'edge' })

  // --- Responses: precise types, lenient values ---------------------------------------------------

  expectTypeOf(experiment.name).toEqualTypeOf<string>()
  expectTypeOf(experiment.feature_flag_key).toEqualTypeOf<string>()
  expectTypeOf(experiment.start_date).toEqualTypeOf<string | null>()
  expectTypeOf(experiment.archived).toEqualTypeOf<boolean>()
  // Open enums in responses: the known values autocomplete, later ones still fit.
  expectTypeOf<'won'>().toMatchTypeOf<NonNullable<Experiment['conclusion']>>()
  expectTypeOf<'a-later-value'>().toMatchTypeOf<NonNullable<Experiment['conclusion']>>()
  // The metrics are the service's union, narrowed by their discriminators.
  const first = experiment.metrics?.[0]
  if (first && 'metric_type' in first && first.metric_type === 'ratio') {
    expectTypeOf(first).toEqualTypeOf<ExperimentRatioMetric & { fingerprint?: string }>()
    expectTypeOf(first.fingerprint).toEqualTypeOf<string | undefined>()
  }
  if (first && first.kind === 'ExperimentTrendsQuery')
    expectTypeOf(first.count_query.kind).toEqualTypeOf<'TrendsQuery'>()
  expectTypeOf<ExperimentMetricResult>().toMatchTypeOf<{ kind?: string | null }>()
  // The fingerprint timeseriesResults needs is reachable without a cast, on every kind of metric.
  expectTypeOf(experiment.metrics?.[0]?.fingerprint).toEqualTypeOf<string | undefined>()
  // The service sends a metric's unset members as null (its model's `Optional[…] = None`).
  expectTypeOf(experiment.metrics?.[0]?.uuid).toEqualTypeOf<string | null | undefined>()
  // An embedded user's always-sent fields are required.
  expectTypeOf(experiment.created_by?.email).toEqualTypeOf<string | undefined>()
}
