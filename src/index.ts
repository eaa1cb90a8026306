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
// Of every resource group (generated from src/api): its class, the zod schema of its records (lenient like the client:
// unknown keys kept) and their type, and the types of its create, update and list shapes.
export * from './resources/generated/exports.js'
export type { DashboardTile, TileLayout } from './schemas/dashboards.js'
export type { DashboardTileParams } from './requests/dashboards.js'
export type { InsightWriteFields } from './requests/insights.js'
export type { ActionReference } from './schemas/actions.js'
export type {
  FeatureFlagPropertyType,
  FeatureFlagOperator,
  FeatureFlagProperty,
  FeatureFlagCondition,
  FeatureFlagVariant,
  FeatureFlagFilters,
} from './model/feature-flag-filters.js'
export type { FeatureFlagWriteFields } from './requests/feature-flags.js'
export type {
  CohortPersonCondition,
  CohortCohortCondition,
  CohortBehavioralCondition,
  CohortCondition,
  CohortConditionGroup,
  CohortFilters,
} from './model/cohort-filters.js'
export type { CohortWriteFields } from './requests/cohorts.js'
export type { ActionStepMatching, ActionStep } from './model/action-steps.js'
export type { ActionWriteFields, ActionOrdering } from './requests/actions.js'
export type { HoldoutGroup } from './model/holdout-groups.js'
export type { HoldoutWriteFields } from './requests/holdouts.js'
export type { SavedMetricWriteFields } from './requests/saved-metrics.js'
export type {
  ExperimentSavedMetric,
  ExperimentType,
  ExperimentConclusion,
  ExposureCohortResult,
  TimeseriesRecalculation,
  TimeseriesResults,
  RequiresFlagImplementation,
  ExperimentStats,
} from './schemas/experiments.js'
export type {
  ExperimentWriteFields,
  ExperimentDuplicateParams,
  ExposureCohortParams,
  ExperimentLaunchParams,
  ExperimentEndParams,
  ExperimentShipVariantParams,
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
  HogFunctionBroadcastParams,
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
  SurveyLaunchParams,
  SurveyStopParams,
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
  EndpointVersion,
  QueryStatus,
  EndpointRunResult,
  LastExecutionTime,
  LastExecutionTimesStatus,
  LastExecutionTimes,
} from './schemas/endpoints.js'
export type {
  EndpointWriteFields,
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
  EventDefinitionMetrics,
  EventDefinitionCode,
} from './schemas/event-definitions.js'
export type { EventDefinitionWriteFields, EventDefinitionOrdering } from './requests/event-definitions.js'
