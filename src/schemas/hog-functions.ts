import * as z from 'zod/mini'
import {
  dateTime,
  describes,
  json,
  maybeJson,
  openEnum,
  userBasicSchema,
  type DateTimeInput,
  type OpenEnum,
  type Unchecked,
  type UserBasic,
} from './common.js'
import type {
  HOG_FUNCTION_FILTER_SOURCES,
  HOG_FUNCTION_INPUT_TYPES,
  HOG_FUNCTION_LOG_LEVELS,
  HOG_FUNCTION_METRIC_BREAKDOWNS,
  HOG_FUNCTION_METRIC_INTERVALS,
  HOG_FUNCTION_TEMPLATING,
  HOG_FUNCTION_TYPES,
} from './enums.js'
import type { PropertyFilter } from '../requests/query-nodes.js'

/**
 * Hog functions (docs/service-behaviour.md §4). The model's JSON columns (`inputs_schema`, `inputs`, `filters`,
 * `masking`, `mappings`) are nullable in the database, so they decode as `nullish` even where OAS
 * says otherwise; `template` is `null` for functions not created from a template (§1.8).
 */

/** Kind of hog function; `destination` when omitted on create, immutable afterwards. */
export const hogFunctionTypeSchema = openEnum<(typeof HOG_FUNCTION_TYPES)[number]>()
/** Kind of hog function: a known value or one added later. */
export type HogFunctionType = z.infer<typeof hogFunctionTypeSchema>

/** The type of an input: `string`, `number`, `boolean`, `dictionary`, `choice`, `json`, `integration`, `email`, … */
export type HogFunctionInputType = (typeof HOG_FUNCTION_INPUT_TYPES)[number]
/** How an input's value is templated: `hog` (`{event.properties.x}`) or `liquid` (`{{ event.properties.x }}`). */
export type HogFunctionTemplating = (typeof HOG_FUNCTION_TEMPLATING)[number]

/** One declared input of a hog function, template or mapping, as the service returns it (docs/service-behaviour.md §P4.1). */
export interface HogFunctionInputSchemaItem {
  /** The input's type (a later type is kept as sent). */
  type?: OpenEnum<HogFunctionInputType>
  /** The input's name: its key in `inputs`. */
  key?: string
  /** Label shown in PostHog. */
  label?: string | null
  /** `choice` inputs: the options. */
  choices?: Array<{ value: string; label: string }> | null
  /** Whether a value is required. */
  required?: boolean | null
  /** The default value. */
  default?: unknown
  /** Stored encrypted; read back masked. */
  secret?: boolean | null
  /** Hidden in PostHog's form. */
  hidden?: boolean | null
  /** Help text. */
  description?: string | null
  /** `integration` inputs: the integration kind, e.g. `slack`. */
  integration?: string | null
  /** `integration_field` inputs: the sibling integration input's key. */
  integration_key?: string | null
  /** Another input this one needs. */
  requires_field?: string | null
  /** `integration_field` inputs: e.g. `slack_channel`. */
  integration_field?: string | null
  /** OAuth scopes the integration needs. */
  requiredScopes?: string | null
  /** `true`/`hog` (default), `liquid`, or `false` (no templating). */
  templating?: boolean | OpenEnum<HogFunctionTemplating> | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** The value of one input, as the service returns it. Secret inputs come back as `{ secret: true }` only. */
export interface HogFunctionInput {
  /** The value (absent for a secret). */
  value?: unknown
  /** `hog` or `liquid`. */
  templating?: OpenEnum<HogFunctionTemplating> | null
  /** Compiled by the service. */
  bytecode?: unknown
  /** Evaluation order among inputs that use each other. */
  order?: number | null
  /** Compiled JavaScript (site functions). */
  transpiled?: unknown
  /** A secret value, masked. */
  secret?: boolean | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** Input name → value. */
export type HogFunctionInputs = Record<string, HogFunctionInput | null>

/** An `events` or `actions` item of a hog function's `filters`. */
export interface HogFunctionFilterEntity {
  /** The event name (`events`) or the action id as a string (`actions`). */
  id: string
  /** `events` or `actions`. */
  type: 'events' | 'actions'
  /** Display name. */
  name?: string
  /** Position. */
  order?: number
  /** Filters on the event's properties. */
  properties?: PropertyFilter[]
}

/** Which events trigger a hog function, as the service returns it (with the compiled `bytecode`). */
export interface HogFunctionFilters {
  /** `events` (default), `person-updates`, `data-warehouse-table`, `data-warehouse-view`, or later values. */
  source?: OpenEnum<(typeof HOG_FUNCTION_FILTER_SOURCES)[number]> | null
  /** Matching actions. */
  actions?: HogFunctionFilterEntity[] | null
  /** Matching events. */
  events?: HogFunctionFilterEntity[] | null
  /** Warehouse sources. */
  data_warehouse?: Array<Record<string, unknown>> | null
  /** Property filters. */
  properties?: PropertyFilter[] | null
  /** Compiled by the service. */
  bytecode?: unknown
  /** Compiled JavaScript. */
  transpiled?: unknown
  /** Leave the project's test accounts out. */
  filter_test_accounts?: boolean | null
  /** Why the filters did not compile. */
  bytecode_error?: string | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** Deduplication of invocations: at most `threshold` per `hash` within `ttl` seconds. */
export interface HogFunctionMasking {
  /** Seconds, 60–86400. */
  ttl?: number | null
  /** Invocations allowed before masking applies. */
  threshold?: number | null
  /** A Hog expression: the deduplication key. */
  hash?: string | null
  /** Compiled by the service. */
  bytecode?: unknown
}

/** One mapping of a destination: its own inputs and filters. */
export interface HogFunctionMapping {
  /** Display name. */
  name?: string | null
  /** The mapping's declared inputs. */
  inputs_schema?: HogFunctionInputSchemaItem[] | null
  /** The mapping's input values. */
  inputs?: HogFunctionInputs | null
  /** The mapping's filters. */
  filters?: HogFunctionFilters | null
}

/** A mapping offered by a template. */
export interface HogFunctionMappingTemplate extends HogFunctionMapping {
  /** Added to new functions by default. */
  include_by_default?: boolean | null
}

/** One declared input (checked at run time only for being an object list; the rest is the service's). */
export const hogFunctionInputSchemaItemSchema = maybeJson as Unchecked<HogFunctionInputSchemaItem>
/** The value of one input (not checked at run time). */
export const hogFunctionInputSchema = maybeJson as Unchecked<HogFunctionInput>
/** Input name → value (not checked at run time). */
export const hogFunctionInputsSchema = maybeJson as Unchecked<HogFunctionInputs>
/** Which events trigger a hog function (not checked at run time). */
export const hogFunctionFiltersSchema = maybeJson as Unchecked<HogFunctionFilters>
/** Deduplication settings (not checked at run time). */
export const hogFunctionMaskingSchema = maybeJson as Unchecked<HogFunctionMasking>
/** One mapping of a destination (not checked at run time). */
export const hogFunctionMappingSchema = maybeJson as Unchecked<HogFunctionMapping>
/** A mapping offered by a template (not checked at run time). */
export const hogFunctionMappingTemplateSchema = maybeJson as Unchecked<HogFunctionMappingTemplate>

/** The template a hog function was created from (OAS `HogFunctionTemplate`). */
export const hogFunctionTemplateSchema = z.looseObject({
  /** The template id. */
  id: z.string(),
  /** Name. */
  name: z.optional(z.string()),
  /** Description. */
  description: z.nullish(z.string()),
  /** The template's source. */
  code: z.optional(z.string()),
  /** `hog` or `javascript`. */
  code_language: z.nullish(openEnum<'hog' | 'javascript'>()),
  /** The inputs it declares. */
  inputs_schema: z.nullish(z.array(hogFunctionInputSchemaItemSchema)),
  /** The kind of function it makes. */
  type: z.nullish(hogFunctionTypeSchema),
  /** e.g. `stable`, `alpha`, `beta`, `deprecated`. */
  status: z.nullish(z.string()),
  /** Categories. */
  category: z.nullish(z.array(json)),
  /** Available on free plans. */
  free: z.nullish(z.boolean()),
  /** Icon URL. */
  icon_url: z.nullish(z.string()),
  /** Default filters. */
  filters: z.nullish(hogFunctionFiltersSchema),
  /** Default masking. */
  masking: z.nullish(hogFunctionMaskingSchema),
  /** Mappings it offers. */
  mapping_templates: z.nullish(z.array(hogFunctionMappingTemplateSchema)),
})
/** The template a hog function was created from. */
export type HogFunctionTemplate = z.infer<typeof hogFunctionTemplateSchema>

/** Health of a hog function: `state` 0 unknown, 1 healthy, 2 degraded, 3 disabled, 11/12 forced states. */
export const hogFunctionStatusSchema = z.looseObject({
  /** 0 unknown, 1 healthy, 2 degraded, 3 disabled, 11/12 forced states. */
  state: z.nullish(z.number()),
  /** Remaining rate-limit tokens. */
  tokens: z.nullish(z.number()),
})
/** Health of a hog function. */
export type HogFunctionStatus = z.infer<typeof hogFunctionStatusSchema>

/** Kind of hog function in a request. */
export type HogFunctionTypeParam = (typeof HOG_FUNCTION_TYPES)[number]

/** A hog function as `hogFunctions.list` returns it: no inputs, masking, mappings or bytecode (docs/service-behaviour.md §4.1). */
export interface HogFunctionMinimal {
  /** The function's id (a UUID). */
  id: string
  /** `destination`, `transformation`, `site_app`, …, or a value added later. */
  type?: HogFunctionType | null
  /** Name. */
  name?: string | null
  /** Description (`""` by default). */
  description?: string | null
  /** Creation date-time. */
  created_at: string
  /** Who created it. */
  created_by?: UserBasic | null
  /** Last change. */
  updated_at?: string
  /** Whether it runs. */
  enabled: boolean
  /** The Hog source. */
  hog?: string | null
  /** Which events trigger it. */
  filters?: HogFunctionFilters | null
  /** Icon URL. */
  icon_url?: string | null
  /** The template it was created from; `null` for custom functions. */
  template?: HogFunctionTemplate | null
  /** Health: `state` 0 unknown, 1 healthy, 2 degraded, 3 disabled, 11/12 forced states. */
  status?: HogFunctionStatus | null
  /** Order among transformations (0…32767). */
  execution_order?: number | null
  /** Fields the service added later, kept as sent. */
  [field: string]: unknown
}

/** A hog function, as create, retrieve, update and rearrange return it (docs/service-behaviour.md §4.1). */
export interface HogFunction extends HogFunctionMinimal {
  /** Write-only on the real service; listed by the spec. */
  deleted?: boolean | null
  /** Compiled Hog (`["_H", 1, …]`); `null` for JavaScript-source types. */
  bytecode?: unknown
  /** JavaScript for `site_destination` / `site_app`; else `null`. */
  transpiled?: string | null
  /** The declared inputs. */
  inputs_schema?: HogFunctionInputSchemaItem[] | null
  /** Input values (secrets masked). */
  inputs?: HogFunctionInputs | null
  /** Deduplication settings. */
  masking?: HogFunctionMasking | null
  /** Mappings (destinations only). */
  mappings?: HogFunctionMapping[] | null
  /** The batch export it feeds. */
  batch_export_id?: string | null
}

/** The fields of `hogFunctionMinimalSchema` (exported for the tie test with `HogFunctionMinimal`). */
export const hogFunctionMinimalShape = {
  id: z.string(),
  type: z.nullish(hogFunctionTypeSchema),
  name: z.nullish(z.string()),
  description: z.nullish(z.string()),
  created_at: dateTime,
  created_by: z.nullish(userBasicSchema),
  updated_at: z.optional(dateTime),
  enabled: z.boolean(),
  hog: z.nullish(z.string()),
  filters: hogFunctionFiltersSchema,
  icon_url: z.nullish(z.string()),
  template: z.nullish(hogFunctionTemplateSchema),
  status: z.nullish(hogFunctionStatusSchema),
  execution_order: z.nullish(z.number()),
}

/** A hog function as `hogFunctions.list` returns it (OAS `HogFunctionMinimal`). */
export const hogFunctionMinimalSchema = describes<HogFunctionMinimal>(z.looseObject(hogFunctionMinimalShape))

/** The fields of `hogFunctionSchema` (exported for the tie test with `HogFunction`). */
export const hogFunctionShape = {
  ...hogFunctionMinimalShape,
  deleted: z.nullish(z.boolean()),
  bytecode: maybeJson,
  transpiled: z.nullish(z.string()),
  // Only an array is checked: the items are the service's.
  inputs_schema: z.nullish(z.array(hogFunctionInputSchemaItemSchema)),
  inputs: hogFunctionInputsSchema,
  masking: hogFunctionMaskingSchema,
  mappings: maybeJson as Unchecked<HogFunctionMapping[] | null | undefined>,
  batch_export_id: z.nullish(z.string()),
}

/** A hog function, as create, retrieve, update and rearrange return it (docs/service-behaviour.md §4.1). */
export const hogFunctionSchema = describes<HogFunction>(z.looseObject(hogFunctionShape))

/** An input declaration as sent in a create or update body (docs/service-behaviour.md §P4.1). */
export interface HogFunctionInputSchemaItemParam {
  /** The input's type. */
  type: HogFunctionInputType
  /** The input's name: its key in `inputs`. */
  key: string
  /** Label shown in PostHog (may be blank). */
  label?: string
  /** `choice` inputs: the options. */
  choices?: Array<{ value: string; label: string }>
  /** `choice` inputs: render as a searchable select. */
  searchable?: boolean
  /** A value is required (default `false`); a required input with a `default` is filled when omitted. */
  required?: boolean
  /** The default value. */
  default?: unknown
  /** Store the value encrypted and mask it on read (default `false`). */
  secret?: boolean
  /** Hide it in PostHog's form (default `false`). */
  hidden?: boolean
  /** Help text. */
  description?: string
  /** `integration` inputs: the integration kind, e.g. `slack`. */
  integration?: string
  /** `integration_field` inputs: the key of the sibling `integration` input. */
  integration_key?: string
  /** Another input this one needs. */
  requires_field?: string
  /** `integration_field` inputs: e.g. `slack_channel`. */
  integration_field?: string
  /** OAuth scopes the integration needs. */
  requiredScopes?: string
  /** `true`/`hog` (the default), `liquid`, or `false` to turn templating off. */
  templating?: boolean | HogFunctionTemplating
}

/**
 * An input value as sent in a create or update body (docs/service-behaviour.md §P4.2). Hog templates
 * use single braces (`{person.properties.email}`). For a secret input, `{ secret: true }` without a
 * `value` keeps the stored secret; a new `value` replaces it.
 */
export interface HogFunctionInputParam {
  /** The value; its JSON type follows the input's `type` (string, number, object, integration id, …). */
  value?: unknown
  /** `hog` (default) or `liquid`. */
  templating?: HogFunctionTemplating
  /** Keep the stored secret (send without `value`). */
  secret?: boolean
}

/** Filters as sent in a create or update body (docs/service-behaviour.md §P4.3). */
export interface HogFunctionFiltersParam {
  /** `events` (default), `person-updates`, `data-warehouse-table` or `data-warehouse-view`. */
  source?: (typeof HOG_FUNCTION_FILTER_SOURCES)[number]
  /** Matching actions: `{ id: '<action id>', type: 'actions' }`. */
  actions?: HogFunctionFilterEntity[]
  /** Matching events: `{ id: '<event name>', type: 'events' }`. */
  events?: HogFunctionFilterEntity[]
  /** Warehouse sources only. */
  data_warehouse?: Array<Record<string, unknown>>
  /** Property filters. */
  properties?: PropertyFilter[]
  /** Leave the project's test accounts out. */
  filter_test_accounts?: boolean
}

/** Masking as sent in a create or update body: `ttl` (60…86400) and `hash` are required by the service. */
export interface HogFunctionMaskingParam {
  /** Seconds, 60–86400. */
  ttl: number
  /** Invocations allowed per `hash` before masking applies. */
  threshold?: number | null
  /** A Hog expression: the deduplication key, e.g. `{person.id}`. */
  hash: string
}

/** A mapping as sent in a create or update body (destinations only). */
export interface HogFunctionMappingParam {
  /** Display name. */
  name?: string
  /** The mapping's declared inputs. */
  inputs_schema?: HogFunctionInputSchemaItemParam[]
  /** The mapping's input values, by key. */
  inputs?: Record<string, HogFunctionInputParam>
  /** The mapping's filters. */
  filters?: HogFunctionFiltersParam
}

/**
 * Fields accepted by `hogFunctions.create`, `update` and the other write requests (docs/service-behaviour.md
 * §4.1, §P4). A field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface HogFunctionWriteFields {
  /** Kind of function; `destination` when omitted on create; immutable afterwards. */
  type?: HogFunctionTypeParam | null
  /** Name (at most 400 characters; defaults from the template). */
  name?: string | null
  /** Description. */
  description?: string
  /** Whether it runs. */
  enabled?: boolean
  /** `true` soft-deletes (the service never hard-deletes). */
  deleted?: boolean
  /** The code; required on create unless `template_id` supplies it (at most 100 KB). */
  hog?: string
  /** The declared inputs. */
  inputs_schema?: HogFunctionInputSchemaItemParam[]
  /** Input values by key (only keys of `inputs_schema` are kept). */
  inputs?: Record<string, HogFunctionInputParam>
  /** Which events trigger it. */
  filters?: HogFunctionFiltersParam
  /** Deduplication of invocations. */
  masking?: HogFunctionMaskingParam | null
  /** Only for `destination` and `site_destination`. */
  mappings?: HogFunctionMappingParam[] | null
  /** Icon URL. */
  icon_url?: string | null
  /** Fills `hog`, `inputs_schema`, `name`, `description` and `icon_url` from a template. Write-only. */
  template_id?: string
  /** 0…32767; transformations only. */
  execution_order?: number | null
  /** Optimistic concurrency: the `updated_at` you read; a newer stored copy gives 409. */
  base_updated_at?: DateTimeInput
  /** Folder to create the function in (create only). */
  _create_in_folder?: string
}

/** `hogFunctions.create`: no field is strictly required (`template_id` can supply `hog`). */
export type HogFunctionCreateParams = HogFunctionWriteFields

/** `hogFunctions.update`: any writable field. */
export type HogFunctionUpdateParams = HogFunctionWriteFields

/** `hogFunctions.broadcast`: the service reads no body; writable fields are accepted and ignored. */
export type HogFunctionBroadcastParams = HogFunctionWriteFields

/** Query of `hogFunctions.list` (spec rule 1). */
export interface HogFunctionListParams {
  /** Created at this date-time. */
  created_at?: DateTimeInput
  /** User id of the creator. */
  created_by?: number
  /** Only enabled (`true`) or disabled (`false`) functions. */
  enabled?: boolean
  /** One function by id. */
  id?: string
  /** Page size (default 100). */
  limit?: number
  /** Items to skip. */
  offset?: number
  /** Name or description contains. */
  search?: string
  /** Only these kinds; sent comma-separated (the service reads it as `type__in`). */
  type?: HogFunctionTypeParam[]
  /** Updated at this date-time. */
  updated_at?: DateTimeInput
}

/** `hogFunctions.broadcast`: `{ success }`. */
export const hogFunctionBroadcastResultSchema = z.looseObject({
  /** Whether the broadcast was queued. */
  success: z.nullish(z.boolean()),
})
/** Result of `hogFunctions.broadcast`. */
export type HogFunctionBroadcastResult = z.infer<typeof hogFunctionBroadcastResultSchema>

/** Body of `hogFunctions.invocations`: a test run of a configuration against an event. */
export interface HogFunctionInvocationParams {
  /** The hog function fields to run (required). */
  configuration: HogFunctionWriteFields
  /** Globals of the run: `event`, `person`, `groups`, `project`, … */
  globals?: Record<string, unknown>
  /** A ClickHouse event row to build the globals from. */
  clickhouse_event?: Record<string, unknown>
  /** Mock `fetch` and other async functions (service default `true`). */
  mock_async_functions?: boolean
  /** Your id for the run. */
  invocation_id?: string | null
}

/** One log line of a run (as relayed from the CDP service). */
export const hogFunctionInvocationLogSchema = z.looseObject({
  /** Log level. */
  level: z.nullish(z.string()),
  /** When it was logged. */
  timestamp: z.nullish(dateTime),
  /** The message. */
  message: z.nullish(z.string()),
})
/** One log line of a test run. */
export type HogFunctionInvocationLog = z.infer<typeof hogFunctionInvocationLogSchema>

/** Result of `hogFunctions.invocations`, relayed from the CDP service (shape not confirmed, §9). */
export const hogFunctionInvocationResultSchema = z.looseObject({
  /** `success`, `error`, `skipped`, or later values. */
  status: z.nullish(openEnum<'success' | 'error' | 'skipped'>()),
  /** What the function returned. */
  result: z.nullish(json),
  /** Errors raised. */
  errors: z.nullish(z.array(json)),
  /** Log lines of the run. */
  logs: z.nullish(z.array(hogFunctionInvocationLogSchema)),
})
/** Result of a test run. */
export type HogFunctionInvocationResult = z.infer<typeof hogFunctionInvocationResultSchema>

/** Query of `hogFunctions.logs`. */
export interface HogFunctionLogsParams {
  /** 1…500, service default 50. */
  limit?: number
  /** Entries after this date-time. */
  after?: DateTimeInput
  /** Entries before this date-time. */
  before?: DateTimeInput
  /** Only these levels; sent comma-separated. */
  level?: Array<(typeof HOG_FUNCTION_LOG_LEVELS)[number]>
  /** Message contains. */
  search?: string
  /** One invocation's entries. */
  instance_id?: string
}

/** One log entry of a hog function, newest first (`posthog/api/log_entries.py`). */
export const hogFunctionLogEntrySchema = z.looseObject({
  /** The hog function id. */
  log_source_id: z.nullish(z.string()),
  /** The invocation id. */
  instance_id: z.nullish(z.string()),
  /** When it was logged. */
  timestamp: z.optional(dateTime),
  /** `DEBUG`, `INFO`, `WARN`, `ERROR`, or later values. */
  level: z.optional(openEnum<(typeof HOG_FUNCTION_LOG_LEVELS)[number]>()),
  /** The message. */
  message: z.optional(z.string()),
})
/** One log entry of a hog function. */
export type HogFunctionLogEntry = z.infer<typeof hogFunctionLogEntrySchema>

/** Query of `hogFunctions.metrics` and `metricsTotals`. */
export interface HogFunctionMetricsParams {
  /** Start: a date-time or a relative value (service default `-7d`). */
  after?: DateTimeInput
  /** End: a date-time or a relative value (default now). */
  before?: DateTimeInput
  /** `hour`, `day` (default) or `week`. */
  interval?: (typeof HOG_FUNCTION_METRIC_INTERVALS)[number]
  /** `kind` (default) or `name`. */
  breakdown_by?: (typeof HOG_FUNCTION_METRIC_BREAKDOWNS)[number]
  /** Metric names; a list is sent comma-separated. */
  name?: string | string[]
  /** Metric kinds (`success`, `failure`, `other`, …); a list is sent comma-separated. */
  kind?: string | string[]
  instance_id?: string
}

/** App metrics of a hog function: one value per label (date) for each series. */
export const hogFunctionMetricsSchema = z.looseObject({
  /** The dates, one per value. */
  labels: z.optional(z.array(z.string())),
  /** One series per kind or name. */
  series: z.optional(
    z.array(
      z.looseObject({
        name: z.optional(z.string()),
        values: z.optional(z.array(z.number())),
      }),
    ),
  ),
})
/** App metrics of a hog function over time. */
export type HogFunctionMetrics = z.infer<typeof hogFunctionMetricsSchema>

/** Totals of the app metrics of a hog function, by kind or name. */
export const hogFunctionMetricsTotalsSchema = z.looseObject({
  /** Kind or name → count. */
  totals: z.optional(z.record(z.string(), z.number())),
})
/** Totals of the app metrics of a hog function. */
export type HogFunctionMetricsTotals = z.infer<typeof hogFunctionMetricsTotalsSchema>

/** Query of `hogFunctions.icon`. */
export interface HogFunctionIconParams {
  /** The icon id (a domain, as `icons` returns it); the service answers 400 without it. */
  id?: string
}

/** Query of `hogFunctions.icons`. */
export interface HogFunctionIconsParams {
  /** A company or domain name to search logos for; the service answers `[]` without it. */
  query?: string
}

/** A logo found by `hogFunctions.icons`. */
export const hogFunctionIconSchema = z.looseObject({
  /** The icon id (a domain). */
  id: z.string(),
  /** The company name. */
  name: z.nullish(z.string()),
  /** `/api/projects/@current/hog_functions/icon/?id=<domain>`. */
  url: z.nullish(z.string()),
})
/** A logo found by `hogFunctions.icons`. */
export type HogFunctionIcon = z.infer<typeof hogFunctionIconSchema>

/** Body of `hogFunctions.rearrange`: hog function id → new `execution_order`. */
export interface HogFunctionRearrangeParams {
  /** Hog function id → its new `execution_order` (non-empty). */
  orders: Record<string, number>
}
