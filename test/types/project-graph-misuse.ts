/**
 * Feature flags, cohorts, actions, holdouts, saved metrics and `experiments.shipVariant`: misuse cases,
 * each line under `@ts-expect-error` must not compile for the reason in its comment (checked under the
 * strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { Action, Cohort, FeatureFlag, Holdout, SavedMetric } from 'posthog-project-client'
import { client } from './helpers.js'

const groups = [{ properties: [], rollout_percentage: 100 }]

/** Compile-time checks only: never called. */
export function typeChecks(
  flag: FeatureFlag,
  cohort: Cohort,
  action: Action,
  holdout: Holdout,
  metric: SavedMetric,
): void {
  // Feature flags.
  // @ts-expect-error create needs the key
  void client.featureFlags.create({ name: 'No key', filters: { groups } })
  // @ts-expect-error the id 42 is a number, not the text '42'
  void client.featureFlags.retrieve('42')
  void client.featureFlags.create({
    key: 'k',
    // @ts-expect-error 'valeu' is misspelled, deep in a release condition's property
    filters: { groups: [{ properties: [{ key: 'email', type: 'person', valeu: 'x' }] }] },
  })
  void client.featureFlags.create({
    key: 'k',
    // @ts-expect-error a property's type is person/cohort/group/flag/person_metadata
    filters: { groups: [{ properties: [{ key: 'email', type: 'event' }] }] },
  })
  void client.featureFlags.create({
    key: 'k',
    // @ts-expect-error operators are the flag's own (icontains, semver_gte, flag_evaluates_to, …)
    filters: { groups: [{ properties: [{ key: 'email', type: 'person', operator: 'contains' }] }] },
  })
  // @ts-expect-error a variant needs its rollout_percentage
  void client.featureFlags.update(1, { filters: { multivariate: { variants: [{ key: 'control' }] } } })
  // @ts-expect-error the holdout is { id, exclusion_percentage }
  void client.featureFlags.update(1, { filters: { holdout: 3 } })
  // @ts-expect-error rollout_percentage is a number, not a string
  void client.featureFlags.update(1, { filters: { groups: [{ rollout_percentage: '50' }] } })
  // @ts-expect-error list's type is boolean/multivariant/experiment/remote_config
  void client.featureFlags.list({ type: 'multivariate' })
  // @ts-expect-error enable takes only the id (it sends PATCH { active: true })
  void client.featureFlags.enable(1, { active: true })

  // Cohorts.
  // @ts-expect-error a condition group's type is AND/OR
  void client.cohorts.create({ filters: { properties: { type: 'ALL', values: [] } } })
  void client.cohorts.create({
    // @ts-expect-error a cohort condition's value is the cohort id (a number)
    filters: { properties: { type: 'AND', values: [{ type: 'cohort', key: 'id', value: 'beta' }] } },
  })
  void client.cohorts.create({
    filters: {
      properties: {
        type: 'OR',
        // @ts-expect-error a behavioral condition's value is the behaviour (performed_event, …)
        values: [{ type: 'behavioral', key: 'signup', event_type: 'events', value: 'did_it' }],
      },
    },
  })
  void client.cohorts.update(1, {
    filters: {
      // @ts-expect-error nested groups are checked too: a person condition needs its operator
      properties: { type: 'OR', values: [{ type: 'AND', values: [{ type: 'person', key: 'plan', value: 'pro' }] }] },
    },
  })

  // Actions.
  // @ts-expect-error url_matching is contains/regex/exact
  void client.actions.create({ name: 'Pricing', steps: [{ url: '/pricing', url_matching: 'startswith' }] })
  // @ts-expect-error steps is an array: one bare { event } step is refused
  void client.actions.create({ name: 'Pricing', steps: { event: '$pageview' } })
  // @ts-expect-error ordering is name/created_at/pinned_at/created_by, optionally '-'-prefixed
  void client.actions.list({ ordering: '-updated_at' })

  // Holdouts and saved metrics.
  // @ts-expect-error create needs the filters
  void client.holdouts.create({ name: 'Q3' })
  // @ts-expect-error a holdout group needs its rollout_percentage
  void client.holdouts.update(1, { filters: [{ properties: [] }] })
  // @ts-expect-error create needs the query
  void client.savedMetrics.create({ name: 'Revenue' })
  void client.savedMetrics.create({
    name: 'Revenue',
    // @ts-expect-error the query is an ExperimentMetric: metric_type mean/funnel/ratio/retention
    query: { kind: 'ExperimentMetric', metric_type: 'sum', source: { kind: 'EventsNode', event: 'purchase' } },
  })

  // Ship a variant.
  // @ts-expect-error shipVariant needs the variant_key
  void client.experiments.shipVariant(1, { conclusion: 'won' })
  // @ts-expect-error the conclusion is won/lost/inconclusive/stopped_early/invalid
  void client.experiments.shipVariant(1, { variant_key: 'test', conclusion: 'shipped' })

  // Responses: the ids are numbers; a refused hard delete resolves nothing.
  expectTypeOf(flag.id).toEqualTypeOf<number>()
  expectTypeOf(cohort.id).toEqualTypeOf<number>()
  expectTypeOf(action.id).toEqualTypeOf<number>()
  expectTypeOf(holdout.id).toEqualTypeOf<number>()
  expectTypeOf(metric.name).toEqualTypeOf<string>()
  expectTypeOf(client.featureFlags.delete(1)).resolves.toEqualTypeOf<never>()
  expectTypeOf(client.holdouts.delete(1)).resolves.toEqualTypeOf<void>()
}
