/**
 * Compile-time ties between the hand-written, documented response interfaces and the zod schemas that
 * validate them (`describes<T>()` in src/schemas/common.ts). Checked by `npm run typecheck`:
 * - the schema's output is assignable to the interface, so a field the interface promises (`name:
 *   string`) is one the validator checks;
 * - both list the same fields, so a field added to one and not the other fails here.
 */
import type * as z from 'zod/mini'
import type { ENDPOINT_DATA_FRESHNESS_SECONDS, SURVEY_RATING_SCALES } from '../../src/model/enums.js'
import type { EndpointDataFreshness } from '../../src/requests/endpoints.js'
import type { SurveyRatingScale } from '../../src/model/survey-questions.js'
import type { UserBasic } from '../../src/schemas/common.js'
import { userBasicShape } from '../../src/schemas/common.js'
import type { ExperimentUncheckedFields, Experiment } from '../../src/schemas/experiments.js'
import { experimentShape } from '../../src/schemas/experiments.js'
import type { Endpoint, EndpointRunResult, EndpointRunResultUncheckedFields } from '../../src/schemas/endpoints.js'
import { endpointRunResultShape, endpointShape } from '../../src/schemas/endpoints.js'
import type { HogFunctionUncheckedFields, HogFunction, HogFunctionMinimal } from '../../src/schemas/hog-functions.js'
import { hogFunctionMinimalShape, hogFunctionShape } from '../../src/schemas/hog-functions.js'
import type { EventDefinition } from '../../src/schemas/event-definitions.js'
import { eventDefinitionShape } from '../../src/schemas/event-definitions.js'
import type { Survey, SurveyUncheckedFields } from '../../src/schemas/surveys.js'
import { surveyShape } from '../../src/schemas/surveys.js'
import type { FeatureFlagUncheckedFields, FeatureFlag } from '../../src/schemas/feature-flags.js'
import { featureFlagShape } from '../../src/schemas/feature-flags.js'
import type { CohortUncheckedFields, Cohort } from '../../src/schemas/cohorts.js'
import { cohortShape } from '../../src/schemas/cohorts.js'
import type { ActionUncheckedFields, Action } from '../../src/schemas/actions.js'
import { actionShape } from '../../src/schemas/actions.js'
import type { HoldoutUncheckedFields, Holdout } from '../../src/schemas/holdouts.js'
import { holdoutShape } from '../../src/schemas/holdouts.js'
import type { SavedMetricUncheckedFields, SavedMetric } from '../../src/schemas/saved-metrics.js'
import { savedMetricShape } from '../../src/schemas/saved-metrics.js'
import type { DashboardUncheckedFields, Dashboard } from '../../src/schemas/dashboards.js'
import { dashboardShape } from '../../src/schemas/dashboards.js'
import type { InsightUncheckedFields, Insight } from '../../src/schemas/insights.js'
import { insightShape } from '../../src/schemas/insights.js'
import type { EarlyAccessFeatureUncheckedFields, EarlyAccessFeature } from '../../src/schemas/early-access-features.js'
import { earlyAccessFeatureShape } from '../../src/schemas/early-access-features.js'
import type { SurveyResponseAnswer, SurveyResponseRow } from '../../src/schemas/survey-responses.js'
import { surveyResponseAnswerShape, surveyResponseRowShape } from '../../src/schemas/survey-responses.js'

/** The declared keys of `T`, without its index signature. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] }
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
/**
 * `true` when the schema built from `Shape` validates exactly the fields of `T`, less those its schema file names as
 * passed unchecked (`<X>UncheckedFields`: any JSON, so listing them in the schema would check nothing).
 */
type Tied<Shape extends z.core.$ZodLooseShape, T, Unchecked extends string = never> = [
  z.output<z.ZodMiniObject<Shape, z.core.$loose>>,
] extends [T]
  ? Same<keyof Shape | Unchecked, KnownKeys<T>>
  : false

function tie<Check extends true>(_shape: object): Check | void {}

tie<Tied<typeof userBasicShape, UserBasic>>(userBasicShape)
tie<Tied<typeof experimentShape, Experiment, ExperimentUncheckedFields>>(experimentShape)
tie<Tied<typeof surveyShape, Survey, SurveyUncheckedFields>>(surveyShape)
tie<Tied<typeof endpointShape, Endpoint>>(endpointShape)
tie<Tied<typeof endpointRunResultShape, EndpointRunResult, EndpointRunResultUncheckedFields>>(endpointRunResultShape)
tie<Tied<typeof hogFunctionMinimalShape, HogFunctionMinimal>>(hogFunctionMinimalShape)
tie<Tied<typeof hogFunctionShape, HogFunction, HogFunctionUncheckedFields>>(hogFunctionShape)
tie<Tied<typeof eventDefinitionShape, EventDefinition>>(eventDefinitionShape)
tie<Tied<typeof surveyResponseRowShape, SurveyResponseRow>>(surveyResponseRowShape)
tie<Tied<typeof surveyResponseAnswerShape, SurveyResponseAnswer>>(surveyResponseAnswerShape)

// The numeric unions spelled out in the types are the shared value lists.
tie<Same<SurveyRatingScale, (typeof SURVEY_RATING_SCALES)[number]>>({})
tie<Same<EndpointDataFreshness, (typeof ENDPOINT_DATA_FRESHNESS_SECONDS)[number]>>({})
tie<Tied<typeof featureFlagShape, FeatureFlag, FeatureFlagUncheckedFields>>(featureFlagShape)
tie<Tied<typeof cohortShape, Cohort, CohortUncheckedFields>>(cohortShape)
tie<Tied<typeof actionShape, Action, ActionUncheckedFields>>(actionShape)
tie<Tied<typeof holdoutShape, Holdout, HoldoutUncheckedFields>>(holdoutShape)
tie<Tied<typeof savedMetricShape, SavedMetric, SavedMetricUncheckedFields>>(savedMetricShape)
tie<Tied<typeof dashboardShape, Dashboard, DashboardUncheckedFields>>(dashboardShape)
tie<Tied<typeof insightShape, Insight, InsightUncheckedFields>>(insightShape)
tie<Tied<typeof earlyAccessFeatureShape, EarlyAccessFeature, EarlyAccessFeatureUncheckedFields>>(
  earlyAccessFeatureShape,
)
