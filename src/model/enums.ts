/**
 * The closed value lists of the service (docs/service-behaviour.md), written once. The request types
 * are derived from them (`(typeof LIST)[number]`), the response types too (as open enums), and the fake
 * service checks request bodies against the same arrays. The SDK itself never reads them at run time,
 * so they are tree-shaken out of the main bundle (`sideEffects: false`, pure `as const` literals).
 */

// Experiments (docs/service-behaviour.md §3.1, §P1)

/** Experiment `type` (§3.1). */
export const EXPERIMENT_TYPES = ['web', 'product'] as const
/** Experiment `conclusion` (§3.1). */
export const EXPERIMENT_CONCLUSIONS = ['won', 'lost', 'inconclusive', 'stopped_early', 'invalid'] as const
/** `experiments.list` `status` filter (§3.2). */
export const EXPERIMENT_LIST_STATUSES = ['draft', 'running', 'complete', 'all'] as const
/** `metric_type` of an experiment metric (§P1.1). */
export const EXPERIMENT_METRIC_TYPES = ['mean', 'funnel', 'ratio', 'retention'] as const
/** `goal` of an experiment metric (§P1.2). */
export const EXPERIMENT_METRIC_GOALS = ['increase', 'decrease'] as const
/** Units of `conversion_window_unit` and `retention_window_unit` (§P1.2). */
export const CONVERSION_WINDOW_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const
/** `math` of an experiment metric source (§P1.4); the service's default is `total`. */
export const EXPERIMENT_METRIC_MATH_TYPES = [
  'total',
  'sum',
  'unique_session',
  'min',
  'max',
  'avg',
  'dau',
  'unique_group',
  'hogql',
] as const
/** `kind` of an experiment metric source (§P1.4). */
export const EXPERIMENT_METRIC_SOURCE_KINDS = ['EventsNode', 'ActionsNode', 'ExperimentDataWarehouseNode'] as const
/** `funnel_order_type` of a funnel metric (§P1.3). */
export const FUNNEL_ORDER_TYPES = ['strict', 'unordered', 'ordered'] as const
/** `start_handling` of a retention metric (§P1.3). */
export const RETENTION_START_HANDLINGS = ['first_seen', 'last_seen'] as const
/** `exposure_criteria.multiple_variant_handling` (§P1.8). */
export const MULTIPLE_VARIANT_HANDLINGS = ['exclude', 'first_seen'] as const
/** `stats_config.method` (§P1.9). */
export const EXPERIMENT_STATS_METHODS = ['bayesian', 'frequentist'] as const
/** `evaluation_runtime` of a feature flag, an `experiments.eligibleFeatureFlags` filter (§3.2). */
export const FEATURE_FLAG_EVALUATION_RUNTIMES = ['server', 'client', 'all'] as const
/** `type` of a property filter. */
export const PROPERTY_FILTER_TYPES = [
  'event',
  'event_metadata',
  'person',
  'element',
  'session',
  'cohort',
  'group',
  'hogql',
  'feature',
  'recording',
  'data_warehouse',
  'data_warehouse_person_property',
] as const
// The operators property filters and flag release conditions share, in the service's order.
const TEXT_OPERATORS = ['exact', 'is_not', 'icontains', 'not_icontains'] as const
const ORDER_OPERATORS = ['regex', 'not_regex', 'gt', 'gte', 'lt', 'lte'] as const
/** `operator` of a property filter. */
export const PROPERTY_OPERATORS = [
  ...TEXT_OPERATORS,
  ...ORDER_OPERATORS,
  'is_set',
  'is_not_set',
  'is_date_exact',
  'is_date_before',
  'is_date_after',
  'between',
  'not_between',
  'in',
  'not_in',
] as const

// Surveys (§5.1, §P2)

/** Survey `type` (§5.1). */
export const SURVEY_TYPES = ['popover', 'widget', 'external_survey', 'api'] as const
/** Survey `schedule` (§5.1). */
export const SURVEY_SCHEDULES = ['once', 'recurring', 'always'] as const
/** Survey question `type` (§P2.2). */
export const SURVEY_QUESTION_TYPES = ['open', 'link', 'rating', 'single_choice', 'multiple_choice'] as const
/** Rating question `display` (§P2.3). */
export const SURVEY_RATING_DISPLAYS = ['number', 'emoji'] as const
/** Rating question `scale` (§P2.3: 3 for emoji, 5, 7, 10 for NPS). */
export const SURVEY_RATING_SCALES = [3, 5, 7, 10] as const
/** Question `branching.type` (§P2.4). */
export const SURVEY_BRANCHING_TYPES = ['next_question', 'end', 'response_based', 'specific_question'] as const
/** `responseValues` keys of a rating question on the NPS scale (10): 0–6, 7–8, 9–10 (§P2.4). */
export const SURVEY_NPS_BUCKETS = ['detractors', 'passives', 'promoters'] as const
/** `responseValues` keys of a rating question on the other scales (3, 5, 7): low, middle, high (§P2.4). */
export const SURVEY_SENTIMENT_BUCKETS = ['negative', 'neutral', 'positive'] as const
/** Schemes a `link` question may point to (§P2.3). */
export const SURVEY_LINK_SCHEMES = ['https:', 'mailto:'] as const
/** `descriptionContentType` of a question, `thankYouMessageDescriptionContentType` of the appearance (§P2.2). */
export const SURVEY_CONTENT_TYPES = ['text', 'html'] as const
/** `conditions.urlMatchType` and `deviceTypesMatchType` (§P2.5). */
export const SURVEY_MATCH_TYPES = ['regex', 'not_regex', 'exact', 'is_not', 'icontains', 'not_icontains'] as const
/** `conditions.deviceTypes` items (§P2.5). */
export const SURVEY_DEVICE_TYPES = ['Desktop', 'Mobile', 'Tablet'] as const
/** `appearance.position` (§P2.6). */
export const SURVEY_POSITIONS = [
  'top_left',
  'top_center',
  'top_right',
  'middle_left',
  'middle_center',
  'middle_right',
  'left',
  'center',
  'right',
  'next_to_trigger',
] as const
/** `appearance.widgetType` (§P2.6). */
export const SURVEY_WIDGET_TYPES = ['button', 'tab', 'selector'] as const
/** `response_sampling_interval_type` (§5.1). */
export const SURVEY_SAMPLING_INTERVAL_TYPES = ['day', 'week', 'month'] as const
/** Open-question `validation[].type` (§P2.2). */
export const SURVEY_VALIDATION_TYPES = ['min_length', 'max_length', 'email'] as const

// Endpoints (§6, §P3)

/** `kind` of an endpoint query (§6.1; the newest service dropped the funnels, paths and stickiness kinds). */
export const ENDPOINT_QUERY_KINDS = [
  'HogQLQuery',
  'TrendsQuery',
  'FunnelsQuery',
  'RetentionQuery',
  'PathsQuery',
  'StickinessQuery',
  'LifecycleQuery',
  'WebStatsTableQuery',
  'WebOverviewQuery',
] as const
/** `sync_frequency` of a materialized endpoint (§6.1). */
export const ENDPOINT_SYNC_FREQUENCIES = [
  '5min',
  '15min',
  '30min',
  '1hour',
  '6hour',
  '12hour',
  '24hour',
  '7day',
  '30day',
] as const
/** `data_freshness_seconds` (§P3.1). */
export const ENDPOINT_DATA_FRESHNESS_SECONDS = [900, 1800, 3600, 21600, 43200, 86400, 604800] as const
/** Run `refresh`: the older `blocking` family and the newer `cache`/`force`/`direct` (§6.1, §P3.4). */
export const ENDPOINT_REFRESH_MODES = ['blocking', 'force_blocking', 'cache', 'force', 'direct'] as const
/** `bucket_overrides` values (§P3.1). */
export const ENDPOINT_BUCKET_FUNCTIONS = ['hour', 'day', 'week', 'month'] as const
/** Trends/lifecycle/stickiness `interval`. */
export const QUERY_INTERVALS = ['second', 'minute', 'hour', 'day', 'week', 'month'] as const

// Hog functions (§4, §P4)

/** Hog function `type` the API can create (§4.1). */
export const HOG_FUNCTION_TYPES = [
  'destination',
  'site_destination',
  'internal_destination',
  'source_webhook',
  'warehouse_source_webhook',
  'site_app',
  'transformation',
] as const
/** `inputs_schema[].type` (§4.1, and the newest service's additions, §P4.1). */
export const HOG_FUNCTION_INPUT_TYPES = [
  'string',
  'number',
  'boolean',
  'dictionary',
  'choice',
  'json',
  'integration',
  'integration_multi',
  'integration_field',
  'email',
  'native_email',
  'posthog_assignee',
  'posthog_ticket_tags',
  'posthog_business_hours',
  'non_failure_status_codes',
  'customer_analytics_account_properties',
  'customer_analytics_account_relationships',
  'task_model',
  'task_repository',
  'task_mcp_installations',
] as const
/** `templating` of an input (§P4.2). */
export const HOG_FUNCTION_TEMPLATING = ['hog', 'liquid'] as const
/** `filters.source` (§P4.3). */
export const HOG_FUNCTION_FILTER_SOURCES = [
  'events',
  'person-updates',
  'data-warehouse-table',
  'data-warehouse-view',
] as const
/** Log levels of `hogFunctions.logs` (§4.2). */
export const HOG_FUNCTION_LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const
/** `interval` of `hogFunctions.metrics` (§4.2). */
export const HOG_FUNCTION_METRIC_INTERVALS = ['hour', 'day', 'week'] as const
/** `breakdown_by` of `hogFunctions.metrics` (§4.2). */
export const HOG_FUNCTION_METRIC_BREAKDOWNS = ['kind', 'name'] as const

// Event definitions (§7)

/** `enforcement_mode` of an event definition (§7.1). */
export const EVENT_DEFINITION_ENFORCEMENT_MODES = ['allow', 'reject'] as const
/** `event_type` filter of `eventDefinitions.list` (§7.2). */
export const EVENT_DEFINITION_EVENT_TYPES = ['event', 'event_custom', 'event_posthog'] as const

// The query API (docs/service-behaviour.md §10.3)

export { QUERY_REFRESH_VALUES } from './query-refresh.js'

// The project's graph: feature flags, cohorts, actions, holdouts, saved metrics (docs/service-behaviour.md §11)

/** `type` of a property in a flag's release condition (§11.2). */
export const FEATURE_FLAG_PROPERTY_TYPES = ['person', 'cohort', 'group', 'flag', 'person_metadata'] as const
/**
 * `operator` of a property in a flag's release condition (§11.2); `min`/`max` are the service's aliases of `gte`/`lte`.
 */
export const FEATURE_FLAG_OPERATORS = [
  ...TEXT_OPERATORS,
  'icontains_multi',
  'not_icontains_multi',
  ...ORDER_OPERATORS,
  'min',
  'max',
  'is_set',
  'is_not_set',
  'is_date_exact',
  'is_date_after',
  'is_date_before',
  'semver_gt',
  'semver_gte',
  'semver_lt',
  'semver_lte',
  'semver_eq',
  'semver_neq',
  'semver_tilde',
  'semver_caret',
  'semver_wildcard',
  'in',
  'not_in',
  'flag_evaluates_to',
] as const
/** `creation_context` of a new flag (§11.2). */
export const FEATURE_FLAG_CREATION_CONTEXTS = [
  'feature_flags',
  'experiments',
  'surveys',
  'early_access_features',
  'web_experiments',
  'product_tours',
] as const
/** `bucketing_identifier` of a flag (§11.2). */
export const FEATURE_FLAG_BUCKETING_IDENTIFIERS = ['distinct_id', 'device_id'] as const
/** `type` filter of `featureFlags.list` (§11.2). */
export const FEATURE_FLAG_LIST_TYPES = ['boolean', 'multivariant', 'experiment', 'remote_config'] as const
/** `cohort_type` of a cohort (§11.3). */
export const COHORT_TYPES = ['static', 'person_property', 'behavioral', 'realtime', 'analytical'] as const
/** `value` of a behavioral cohort condition: the behaviour (§11.3). */
export const COHORT_BEHAVIORS = [
  'performed_event',
  'performed_event_multiple',
  'performed_event_first_time',
  'performed_event_regularly',
  'performed_event_sequence',
  'stopped_performing_event',
  'restarted_performing_event',
] as const
/** `event_type` and `seq_event_type` of a behavioral cohort condition: an event name or an action id (§11.3). */
export const COHORT_EVENT_TYPES = ['events', 'actions'] as const
/** `text_matching`, `href_matching`, `url_matching` of an action step (§11.4). */
export const ACTION_STEP_MATCHINGS = ['contains', 'regex', 'exact'] as const
/** `ordering` of `actions.list` (§11.4). */
export const ACTION_ORDERINGS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'pinned_at',
  '-pinned_at',
  'created_by',
  '-created_by',
] as const
/** `stage` of an early access feature (§14.3 [`E3`]). */
export const EARLY_ACCESS_FEATURE_STAGES = [
  'draft',
  'concept',
  'alpha',
  'beta',
  'general-availability',
  'archived',
] as const
/** `creation_mode` of a dashboard (§14.1 [`D5`]). */
export const DASHBOARD_CREATION_MODES = ['default', 'template', 'duplicate', 'unlisted'] as const
