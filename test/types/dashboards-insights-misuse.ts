/**
 * Dashboards, insights and early access features: misuse cases, each line under `@ts-expect-error` must not
 * compile for the reason in its comment (checked under the strict user-side flags of test/types/tsconfig.json).
 */
import { expectTypeOf } from 'vitest'
import type { Dashboard, EarlyAccessFeature, Insight, InsightRootQuery } from 'posthog-project-client'
import { client } from './helpers.js'

/** Compile-time checks only: never called. */
export function typeChecks(dashboard: Dashboard, insight: Insight, feature: EarlyAccessFeature): void {
  // Dashboards.
  // @ts-expect-error a create takes no tiles: an insight is placed by its own dashboards
  void client.dashboards.create({ name: 'Growth', tiles: [] })
  // @ts-expect-error the sm layout needs its w and h
  void client.dashboards.update(1, { tiles: [{ id: 3, layouts: { sm: { x: 0, y: 0 } } }] })
  // @ts-expect-error restriction_level is 21 or 37
  void client.dashboards.update(1, { restriction_level: 30 })
  // @ts-expect-error an insight goes on a dashboard through its own dashboards, not a tile's insight
  void client.dashboards.update(1, { tiles: [{ insight: 5 }] })

  // Insights.
  void client.insights.create({
    // An InsightVizNode's source is TrendsQuery/FunnelsQuery/RetentionQuery/PathsQuery/StickinessQuery/LifecycleQuery.
    // @ts-expect-error WebOverviewQuery is not an InsightVizNode's source
    query: { kind: 'InsightVizNode', source: { kind: 'WebOverviewQuery', properties: [] } },
  })
  // @ts-expect-error 'serie' is misspelled, deep in the query's source
  void client.insights.create({ query: { kind: 'InsightVizNode', source: { kind: 'TrendsQuery', serie: [] } } })
  // @ts-expect-error a DataVisualizationNode's source is a HogQLQuery
  void client.insights.create({ query: { kind: 'DataVisualizationNode', source: { kind: 'TrendsQuery', series: [] } } })
  // @ts-expect-error dashboards are ids (numbers), not names such as Growth
  void client.insights.update(1, { dashboards: ['Growth'] })

  // Early access features.
  // @ts-expect-error create needs the stage
  void client.earlyAccessFeatures.create({ name: 'New nav' })
  // @ts-expect-error stage is draft/concept/alpha/beta/general-availability/archived
  void client.earlyAccessFeatures.create({ name: 'New nav', stage: 'gamma' })
  // @ts-expect-error feature_flag_id is fixed at creation: update does not take it
  void client.earlyAccessFeatures.update('id', { feature_flag_id: 3 })
  // @ts-expect-error the id is a UUID string: 42 is a number
  void client.earlyAccessFeatures.retrieve(42)

  // Answers: numeric ids for dashboards and insights, UUIDs for features; the query typed as the service's.
  expectTypeOf(dashboard.id).toEqualTypeOf<number>()
  expectTypeOf(insight.query).toEqualTypeOf<InsightRootQuery | null | undefined>()
  expectTypeOf(feature.id).toEqualTypeOf<string>()
  expectTypeOf(client.dashboards.delete(1)).resolves.toEqualTypeOf<never>()
  expectTypeOf(client.insights.softDelete(1)).resolves.toEqualTypeOf<Insight>()
  expectTypeOf(client.earlyAccessFeatures.delete('id')).resolves.toEqualTypeOf<void>()
  // @ts-expect-error early access features are deleted for good: there is no softDelete
  void client.earlyAccessFeatures.softDelete('id')
}
