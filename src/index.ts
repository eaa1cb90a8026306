export { ProjectClient, type ClientOptions } from './client.js'
export { APIPromise, type WithResponse } from './core/api-promise.js'
export { Page, PagePromise, type ListOptions } from './core/pagination.js'
export type { BulkContext, BulkItemResult, BulkOptions, BulkProgress, BulkReport, BulkSource } from './core/bulk.js'
export type { RequestOptions, Logger, QueryValue } from './core/options.js'
export type { RateLimits } from './core/rate-limit.js'
export type { RawRequest } from './core/transport.js'
export {
  OPERATIONS,
  requiredScope,
  type Operation,
  type OperationId,
  type PathParamKind,
  type Scope,
  type HttpMethod,
} from './core/operations.js'
export {
  ProjectClientError,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  RateLimitError,
  InternalServerError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseValidationError,
  ResponseTooLargeError,
  InvalidArgumentError,
  type ApiErrorBody,
  type ApiErrorInit,
  type ValidationIssue,
} from './core/errors.js'
export type { UserBasic, MinimalFeatureFlag, OpenEnum } from './schemas/common.js'
export type { DateTimeInput, TypedSchema } from './model/shape.js'
export type {
  PropertyFilterType,
  PropertyOperator,
  PropertyFilterScalar,
  PropertyFilter,
  ExperimentMetricMathType,
  EntityNodeFields,
  EventsNode,
  ActionsNode,
  ExperimentDataWarehouseNode,
  Breakdown,
  BreakdownFilter,
  DateRange,
} from './model/query-nodes.js'
export type {
  HogQLVariable,
  HogQLFilters,
  QueryTags,
  HogQLQuery,
  InsightSeriesNode,
  DataWarehouseNode,
  InsightQueryFields,
  QueryInterval,
  CompareFilter,
  TrendsQuery,
  FunnelsQuery,
  RetentionQuery,
  PathsQuery,
  StickinessQuery,
  LifecycleQuery,
  WebAnalyticsQueryFields,
  WebStatsTableQuery,
  WebOverviewQuery,
  InsightQuery,
  EndpointQuery,
  InsightVizNode,
  DataTableNode,
  DataVisualizationNode,
  HogQuery,
  InsightRootQuery,
} from './model/insight-queries.js'
export type {
  ConversionWindowUnit,
  ExperimentMetricGoal,
  ExperimentMetricSource,
  ExperimentMetricFields,
  ExperimentMetricOutlierHandling,
  ExperimentMeanMetric,
  ExperimentFunnelMetric,
  ExperimentRatioMetric,
  ExperimentRetentionMetric,
  ExperimentMetric,
  ExperimentMetricWithFingerprint,
  ExperimentTrendsQuery,
  ExperimentFunnelsQuery,
  ExperimentMetricResult,
  ExperimentVariant,
  ExperimentParameters,
  ExperimentEventExposureConfig,
  ExperimentExposureCriteria,
  ExperimentDifferenceType,
  ExperimentStatsConfig,
  ExperimentSavedMetricRef,
  ExperimentRunningTimeCalculation,
  ExperimentFlagVariant,
  ExperimentFeatureFlagInput,
  ExperimentDate,
} from './model/experiment-metrics.js'
/** The response schemas of the five resources: zod schemas, lenient like the client (unknown keys kept). */
export { experimentSchema } from './schemas/experiments.js'
export { surveySchema } from './schemas/surveys.js'
export { hogFunctionSchema } from './schemas/hog-functions.js'
export { endpointSchema } from './schemas/endpoints.js'
export { eventDefinitionSchema } from './schemas/event-definitions.js'
export { Experiments } from './resources/experiments.js'
export { HogFunctions } from './resources/hog-functions.js'
export { Surveys } from './resources/surveys.js'
export { Endpoints } from './resources/endpoints.js'
export { EventDefinitions } from './resources/event-definitions.js'
export { FeatureFlags } from './resources/feature-flags.js'
export { Cohorts } from './resources/cohorts.js'
export { Actions } from './resources/actions.js'
export { Holdouts } from './resources/holdouts.js'
export { SavedMetrics } from './resources/saved-metrics.js'
export { Dashboards } from './resources/dashboards.js'
export { Insights } from './resources/insights.js'
export { EarlyAccessFeatures } from './resources/early-access-features.js'
export { dashboardSchema } from './schemas/dashboards.js'
export { insightSchema } from './schemas/insights.js'
export { earlyAccessFeatureSchema } from './schemas/early-access-features.js'
export type { Dashboard, DashboardTile, TileLayout } from './schemas/dashboards.js'
export type { Insight } from './schemas/insights.js'
export type { EarlyAccessFeature } from './schemas/early-access-features.js'
export type {
  DashboardTileParams,
  DashboardCreateParams,
  DashboardUpdateParams,
  DashboardListParams,
} from './requests/dashboards.js'
export type {
  InsightWriteFields,
  InsightCreateParams,
  InsightUpdateParams,
  InsightListParams,
} from './requests/insights.js'
export type {
  EarlyAccessFeatureCreateParams,
  EarlyAccessFeatureUpdateParams,
  EarlyAccessFeatureListParams,
} from './requests/early-access-features.js'
export { featureFlagSchema } from './schemas/feature-flags.js'
export { cohortSchema } from './schemas/cohorts.js'
export { actionSchema } from './schemas/actions.js'
export { holdoutSchema } from './schemas/holdouts.js'
export { savedMetricSchema } from './schemas/saved-metrics.js'
export type { Cohort } from './schemas/cohorts.js'
export type { Action, ActionReference } from './schemas/actions.js'
export type { SavedMetric } from './schemas/saved-metrics.js'
export type {
  FeatureFlagPropertyType,
  FeatureFlagOperator,
  FeatureFlagProperty,
  FeatureFlagCondition,
  FeatureFlagVariant,
  FeatureFlagFilters,
} from './model/feature-flag-filters.js'
export type {
  FeatureFlagWriteFields,
  FeatureFlagCreateParams,
  FeatureFlagUpdateParams,
  FeatureFlagListParams,
} from './requests/feature-flags.js'
export type {
  CohortPersonCondition,
  CohortCohortCondition,
  CohortBehavioralCondition,
  CohortCondition,
  CohortConditionGroup,
  CohortFilters,
} from './model/cohort-filters.js'
export type { CohortWriteFields, CohortCreateParams, CohortUpdateParams, CohortListParams } from './requests/cohorts.js'
export type { ActionStepMatching, ActionStep } from './model/action-steps.js'
export type {
  ActionWriteFields,
  ActionCreateParams,
  ActionUpdateParams,
  ActionOrdering,
  ActionListParams,
} from './requests/actions.js'
export type { HoldoutGroup } from './model/holdout-groups.js'
export type {
  HoldoutWriteFields,
  HoldoutCreateParams,
  HoldoutUpdateParams,
  HoldoutListParams,
} from './requests/holdouts.js'
export type {
  SavedMetricWriteFields,
  SavedMetricCreateParams,
  SavedMetricUpdateParams,
  SavedMetricListParams,
} from './requests/saved-metrics.js'
export type {
  Holdout,
  ExperimentSavedMetric,
  ExperimentType,
  ExperimentConclusion,
  Experiment,
  FeatureFlag,
  ExposureCohortResult,
  TimeseriesRecalculation,
  TimeseriesResults,
  RequiresFlagImplementation,
  ExperimentStats,
} from './schemas/experiments.js'
export type {
  ExperimentWriteFields,
  ExperimentCreateParams,
  ExperimentUpdateParams,
  ExperimentDuplicateParams,
  ExposureCohortParams,
  ExperimentLaunchParams,
  ExperimentEndParams,
  ExperimentShipVariantParams,
  ExperimentListParams,
  EligibleFeatureFlagsParams,
  RecalculateTimeseriesParams,
  TimeseriesResultsParams,
} from './requests/experiments.js'
export type {
  HogFunctionType,
  HogFunctionInputType,
  HogFunctionTemplating,
  HogFunctionInputSchemaItem,
  HogFunctionInput,
  HogFunctionInputs,
  HogFunctionFilters,
  HogFunctionMasking,
  HogFunctionMapping,
  HogFunctionMappingTemplate,
  HogFunctionTemplate,
  HogFunctionStatus,
  HogFunctionMinimal,
  HogFunction,
  HogFunctionBroadcastResult,
  HogFunctionInvocationLog,
  HogFunctionInvocationResult,
  HogFunctionLogEntry,
  HogFunctionMetrics,
  HogFunctionMetricsTotals,
  HogFunctionIcon,
} from './schemas/hog-functions.js'
export type { HogFunctionFilterEntity } from './model/hog-function-filters.js'
export type {
  HogFunctionTypeParam,
  HogFunctionInputSchemaItemParam,
  HogFunctionInputParam,
  HogFunctionFiltersParam,
  HogFunctionMaskingParam,
  HogFunctionMappingParam,
  HogFunctionWriteFields,
  HogFunctionCreateParams,
  HogFunctionUpdateParams,
  HogFunctionBroadcastParams,
  HogFunctionListParams,
  HogFunctionInvocationParams,
  HogFunctionLogsParams,
  HogFunctionMetricsParams,
  HogFunctionIconParams,
  HogFunctionIconsParams,
  HogFunctionRearrangeParams,
} from './requests/hog-functions.js'
export type {
  SurveyContentType,
  SurveyRatingScale,
  SurveyMatchType,
  SurveyNpsBucket,
  SurveySentimentBucket,
  SurveyLink,
  NonEmptyArray,
  SurveyQuestionTranslation,
  SurveyQuestionValidation,
  SurveyBranching,
  SurveyResponseBasedBranching,
  SurveyRatingBranching,
  SurveyQuestionFields,
  SurveyOpenQuestion,
  SurveyLinkQuestion,
  SurveyRatingQuestion,
  SurveyChoiceFields,
  SurveySingleChoiceQuestion,
  SurveyMultipleChoiceQuestion,
  SurveyQuestion,
  SurveyEventPropertyFilter,
  SurveyConditions,
  SurveyAppearance,
} from './model/survey-questions.js'
export type {
  SurveyTypeParam,
  SurveyWriteFields,
  SurveyCreateParams,
  SurveyUpdateParams,
  SurveyLaunchParams,
  SurveyStopParams,
  SurveyListParams,
  SurveyActivityParams,
  DuplicateToProjectsParams,
  SurveyStatsParams,
  SurveyAllStatsParams,
  SummarizeResponsesParams,
  SummaryHeadlineParams,
  SurveyResponsesCountParams,
} from './requests/surveys.js'
export type {
  SurveyType,
  SurveyQuestionType,
  SurveyQuestionBranching,
  SurveyDailyLimit,
  SurveyFeatureFlagKey,
  Survey,
  ActivityChange,
  ActivityLog,
  DuplicatedSurvey,
  DuplicateToProjectsResult,
  SurveyEventStats,
  SurveyStatsByEvent,
  SurveyRates,
  SurveyAllStats,
  SurveyStats,
  SurveyResponseSummary,
  SurveySummaryHeadline,
  SurveyResponsesCount,
} from './schemas/surveys.js'
export type {
  SyncFrequency,
  EndpointMaterialization,
  EndpointColumn,
  Endpoint,
  EndpointVersion,
  QueryStatus,
  EndpointRunResult,
  LastExecutionTime,
  LastExecutionTimesStatus,
  LastExecutionTimes,
} from './schemas/endpoints.js'
export type {
  EndpointWriteFields,
  EndpointCreateParams,
  EndpointUpdateParams,
  EndpointListParams,
  EndpointDataFreshness,
  EndpointRefresh,
  EndpointFiltersOverride,
  EndpointRunParams,
  EndpointRunGetParams,
  LastExecutionTimesParams,
} from './requests/endpoints.js'
export type { SurveyResponseAnswer, SurveyResponseRow } from './schemas/survey-responses.js'
export type { SurveyResponsesParams } from './requests/surveys.js'
export type { QueryRefresh, QueryNode, QueryRunParams, ExperimentResultsParams } from './requests/query.js'
export type {
  ExperimentQuery,
  ExperimentLegacyQuery,
  ExperimentValidationFailure,
  ExperimentStatsBase,
  ExperimentVariantResultBayesian,
  ExperimentVariantResultFrequentist,
  ExperimentQueryResponse,
  ExperimentLegacyVariant,
  ExperimentLegacyQueryResponse,
  HogQLQueryResponse,
  QueryResponse,
  ExperimentResults,
  MetricResult,
  VariantResult,
} from './schemas/queries.js'
export type { QueryOptions } from './resources/query.js'
export type {
  EventDefinitionEnforcementMode,
  EventDefinition,
  EventDefinitionMetrics,
  EventDefinitionCode,
} from './schemas/event-definitions.js'
export type {
  EventDefinitionWriteFields,
  EventDefinitionCreateParams,
  EventDefinitionUpdateParams,
  EventDefinitionListParams,
  EventDefinitionOrdering,
} from './requests/event-definitions.js'
