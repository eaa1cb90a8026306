import * as z from 'zod/mini'
import { dateTime, json, looseObject, nullish, openEnum, userBasicSchema } from './common.js'

/**
 * Hog functions (api-contract.md §4). The model's JSON columns (`inputs_schema`, `inputs`, `filters`,
 * `masking`, `mappings`) are nullable in the database, so they decode as `nullish` even where OAS
 * says otherwise; `template` is `null` for functions not created from a template (§1.8).
 */

/** Kind of hog function; `destination` when omitted on create, immutable afterwards. */
export const hogFunctionTypeSchema = openEnum<'destination' | 'site_destination' | 'internal_destination' | 'source_webhook' | 'warehouse_source_webhook' | 'site_app' | 'transformation'>()
/** Kind of hog function: a known value or one added later. */
export type HogFunctionType = z.infer<typeof hogFunctionTypeSchema>

/** One declared input of a hog function, template or mapping (OAS `InputsSchemaItem`). */
export const hogFunctionInputSchemaItemSchema = looseObject({
  type: z.optional(
    openEnum<'string' | 'number' | 'boolean' | 'dictionary' | 'choice' | 'json' | 'integration' | 'integration_field' | 'email' | 'native_email'>(),
  ),
  key: z.optional(z.string()),
  label: nullish(z.string()),
  choices: nullish(z.array(json)),
  required: nullish(z.boolean()),
  default: z.optional(json),
  secret: nullish(z.boolean()),
  hidden: nullish(z.boolean()),
  description: nullish(z.string()),
  integration: nullish(z.string()),
  integration_key: nullish(z.string()),
  requires_field: nullish(z.string()),
  integration_field: nullish(z.string()),
  requiredScopes: nullish(z.string()),
  /** `true`, `false`, `hog` or `liquid`. */
  templating: nullish(z.union([z.boolean(), openEnum<'hog' | 'liquid'>()])),
})
/** One declared input of a hog function. */
export type HogFunctionInputSchemaItem = z.infer<typeof hogFunctionInputSchemaItemSchema>

/** The value of one input (OAS `InputsItem`). Secret inputs come back as `{ secret: true }` only. */
export const hogFunctionInputSchema = looseObject({
  value: z.optional(json),
  templating: nullish(openEnum<'hog' | 'liquid'>()),
  bytecode: nullish(json),
  order: nullish(z.number()),
  transpiled: nullish(json),
  secret: nullish(z.boolean()),
})
/** The value of one input. */
export type HogFunctionInput = z.infer<typeof hogFunctionInputSchema>

/** Input name → value. */
export const hogFunctionInputsSchema = z.catchall(z.object({}), z.nullable(hogFunctionInputSchema))
/** Input name → value. */
export type HogFunctionInputs = z.infer<typeof hogFunctionInputsSchema>

/** Which events trigger a hog function (OAS `HogFunctionFilters`); the server adds the compiled `bytecode`. */
export const hogFunctionFiltersSchema = looseObject({
  source: nullish(openEnum<'events' | 'person-updates' | 'data-warehouse-table'>()),
  actions: nullish(z.array(json)),
  events: nullish(z.array(json)),
  data_warehouse: nullish(z.array(json)),
  properties: nullish(z.array(json)),
  bytecode: nullish(json),
  transpiled: nullish(json),
  filter_test_accounts: nullish(z.boolean()),
  bytecode_error: nullish(z.string()),
})
/** Which events trigger a hog function. */
export type HogFunctionFilters = z.infer<typeof hogFunctionFiltersSchema>

/** Deduplication of invocations: at most `threshold` per `hash` within `ttl` seconds. */
export const hogFunctionMaskingSchema = looseObject({
  ttl: nullish(z.number()),
  threshold: nullish(z.number()),
  hash: nullish(z.string()),
  bytecode: nullish(json),
})
/** Deduplication settings of a hog function. */
export type HogFunctionMasking = z.infer<typeof hogFunctionMaskingSchema>

/** One mapping of a destination: its own inputs and filters. */
export const hogFunctionMappingSchema = looseObject({
  name: nullish(z.string()),
  inputs_schema: nullish(z.array(hogFunctionInputSchemaItemSchema)),
  inputs: nullish(hogFunctionInputsSchema),
  filters: nullish(hogFunctionFiltersSchema),
})
/** One mapping of a destination. */
export type HogFunctionMapping = z.infer<typeof hogFunctionMappingSchema>

/** A mapping offered by a template. */
export const hogFunctionMappingTemplateSchema = looseObject({
  name: nullish(z.string()),
  include_by_default: nullish(z.boolean()),
  filters: nullish(hogFunctionFiltersSchema),
  inputs: nullish(hogFunctionInputsSchema),
  inputs_schema: nullish(z.array(hogFunctionInputSchemaItemSchema)),
})
/** A mapping offered by a template. */
export type HogFunctionMappingTemplate = z.infer<typeof hogFunctionMappingTemplateSchema>

/** The template a hog function was created from (OAS `HogFunctionTemplate`). */
export const hogFunctionTemplateSchema = looseObject({
  id: z.string(),
  name: z.optional(z.string()),
  description: nullish(z.string()),
  code: z.optional(z.string()),
  code_language: nullish(openEnum<'hog' | 'javascript'>()),
  inputs_schema: nullish(z.array(hogFunctionInputSchemaItemSchema)),
  type: nullish(hogFunctionTypeSchema),
  /** e.g. `stable`, `alpha`, `beta`, `deprecated`. */
  status: nullish(z.string()),
  category: nullish(z.array(json)),
  free: nullish(z.boolean()),
  icon_url: nullish(z.string()),
  filters: nullish(hogFunctionFiltersSchema),
  masking: nullish(hogFunctionMaskingSchema),
  mapping_templates: nullish(z.array(hogFunctionMappingTemplateSchema)),
})
/** The template a hog function was created from. */
export type HogFunctionTemplate = z.infer<typeof hogFunctionTemplateSchema>

/** Health of a hog function: `state` 0 unknown, 1 healthy, 2 degraded, 3 disabled, 11/12 forced states. */
export const hogFunctionStatusSchema = looseObject({
  state: nullish(z.number()),
  tokens: nullish(z.number()),
})
/** Health of a hog function. */
export type HogFunctionStatus = z.infer<typeof hogFunctionStatusSchema>

const minimalShape = {
  id: z.string(),
  type: nullish(hogFunctionTypeSchema),
  name: nullish(z.string()),
  description: nullish(z.string()),
  created_at: z.optional(dateTime),
  created_by: nullish(userBasicSchema),
  updated_at: z.optional(dateTime),
  enabled: z.optional(z.boolean()),
  hog: nullish(z.string()),
  filters: nullish(hogFunctionFiltersSchema),
  icon_url: nullish(z.string()),
  template: nullish(hogFunctionTemplateSchema),
  status: nullish(hogFunctionStatusSchema),
  execution_order: nullish(z.number()),
}

/** A hog function as `hogFunctions.list` returns it (OAS `HogFunctionMinimal`). */
export const hogFunctionMinimalSchema = looseObject(minimalShape)
/** A hog function in a list: no inputs, masking, mappings or bytecode. */
export type HogFunctionMinimal = z.infer<typeof hogFunctionMinimalSchema>

/** A hog function, as create, retrieve, update and rearrange return it (api-contract.md §4.1). */
export const hogFunctionSchema = looseObject({
  ...minimalShape,
  /** Write-only on the real service; listed by the spec. */
  deleted: nullish(z.boolean()),
  bytecode: nullish(json),
  transpiled: nullish(z.string()),
  inputs_schema: nullish(z.array(hogFunctionInputSchemaItemSchema)),
  inputs: nullish(hogFunctionInputsSchema),
  masking: nullish(hogFunctionMaskingSchema),
  mappings: nullish(z.array(hogFunctionMappingSchema)),
  batch_export_id: nullish(z.string()),
})
/** A hog function. */
export type HogFunction = z.infer<typeof hogFunctionSchema>

/** An input declaration as sent in a create or update body. */
export interface HogFunctionInputSchemaItemParam {
  type: 'string' | 'number' | 'boolean' | 'dictionary' | 'choice' | 'json' | 'integration' | 'integration_field' | 'email' | 'native_email' | (string & {})
  key: string
  label?: string
  choices?: Array<Record<string, unknown>>
  required?: boolean
  default?: unknown
  secret?: boolean
  hidden?: boolean
  description?: string
  integration?: string
  integration_key?: string
  requires_field?: string
  integration_field?: string
  requiredScopes?: string
  templating?: boolean | 'hog' | 'liquid' | (string & {})
  [field: string]: unknown
}

/** An input value as sent in a create or update body. */
export interface HogFunctionInputParam {
  value?: unknown
  templating?: 'hog' | 'liquid' | (string & {})
  [field: string]: unknown
}

/** Filters as sent in a create or update body. */
export interface HogFunctionFiltersParam {
  source?: 'events' | 'person-updates' | 'data-warehouse-table' | (string & {})
  actions?: Array<Record<string, unknown>>
  events?: Array<Record<string, unknown>>
  data_warehouse?: Array<Record<string, unknown>>
  properties?: Array<Record<string, unknown>>
  filter_test_accounts?: boolean
  [field: string]: unknown
}

/** Masking as sent in a create or update body: `ttl` (60…86400) and `hash` are required by the service. */
export interface HogFunctionMaskingParam {
  ttl: number
  threshold?: number | null
  hash: string
  [field: string]: unknown
}

/** A mapping as sent in a create or update body. */
export interface HogFunctionMappingParam {
  name?: string
  inputs_schema?: HogFunctionInputSchemaItemParam[]
  inputs?: Record<string, HogFunctionInputParam>
  filters?: HogFunctionFiltersParam
  [field: string]: unknown
}

/** Fields accepted by `hogFunctions.create`, `update` and the other write requests (the spec's request fields). */
export interface HogFunctionWriteFields {
  type?: HogFunctionType | null
  name?: string | null
  description?: string
  enabled?: boolean
  deleted?: boolean
  /** The code; required on create unless `template_id` supplies it (at most 100 KB). */
  hog?: string
  inputs_schema?: HogFunctionInputSchemaItemParam[]
  inputs?: Record<string, HogFunctionInputParam>
  filters?: HogFunctionFiltersParam
  masking?: HogFunctionMaskingParam | null
  /** Only for `destination` and `site_destination`. */
  mappings?: HogFunctionMappingParam[] | null
  icon_url?: string | null
  /** Fills `hog`, `inputs_schema`, `name`, `description` and `icon_url` from a template. Write-only. */
  template_id?: string
  /** 0…32767; transformations only. */
  execution_order?: number | null
  _create_in_folder?: string
  /** Fields the service added after the spec are passed through as given. */
  [field: string]: unknown
}

/** `hogFunctions.create`: no field is strictly required (`template_id` can supply `hog`). */
export type HogFunctionCreateParams = HogFunctionWriteFields

/** `hogFunctions.update`: any writable field. */
export type HogFunctionUpdateParams = HogFunctionWriteFields

/** `hogFunctions.broadcast`: the service uses no body; fields are passed through. */
export type HogFunctionBroadcastParams = HogFunctionWriteFields

/** Query of `hogFunctions.list` (spec rule 1). */
export interface HogFunctionListParams {
  created_at?: string | Date
  /** User id of the creator. */
  created_by?: number
  enabled?: boolean
  id?: string
  limit?: number
  offset?: number
  /** Name or description contains. */
  search?: string
  /** Sent comma-separated; the service reads it as `type__in`. */
  type?: HogFunctionType[]
  updated_at?: string | Date
}

/** `hogFunctions.broadcast`: `{ success }`. */
export const hogFunctionBroadcastResultSchema = looseObject({
  success: nullish(z.boolean()),
})
/** Result of `hogFunctions.broadcast`. */
export type HogFunctionBroadcastResult = z.infer<typeof hogFunctionBroadcastResultSchema>

/** Body of `hogFunctions.invocations`: a test run of a configuration against an event. */
export interface HogFunctionInvocationParams {
  /** The hog function fields to run (required). */
  configuration: HogFunctionWriteFields
  /** Globals of the run (`event`, `person`, `groups`, …). */
  globals?: Record<string, unknown>
  /** A ClickHouse event row to build the globals from. */
  clickhouse_event?: Record<string, unknown>
  /** Mock `fetch` and other async functions (service default `true`). */
  mock_async_functions?: boolean
  invocation_id?: string | null
}

/** One log line of a run (as relayed from the CDP service). */
export const hogFunctionInvocationLogSchema = looseObject({
  level: nullish(z.string()),
  timestamp: nullish(dateTime),
  message: nullish(z.string()),
})
/** One log line of a test run. */
export type HogFunctionInvocationLog = z.infer<typeof hogFunctionInvocationLogSchema>

/** Result of `hogFunctions.invocations`, relayed from the CDP service (shape not confirmed, §9). */
export const hogFunctionInvocationResultSchema = looseObject({
  status: nullish(openEnum<'success' | 'error' | 'skipped'>()),
  result: nullish(json),
  errors: nullish(z.array(json)),
  logs: nullish(z.array(hogFunctionInvocationLogSchema)),
})
/** Result of a test run. */
export type HogFunctionInvocationResult = z.infer<typeof hogFunctionInvocationResultSchema>

/** Query of `hogFunctions.logs`. */
export interface HogFunctionLogsParams {
  /** 1…500, service default 50. */
  limit?: number
  after?: string | Date
  before?: string | Date
  /** Sent comma-separated. */
  level?: Array<'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | (string & {})>
  search?: string
  instance_id?: string
}

/** One log entry of a hog function, newest first (`posthog/api/log_entries.py`). */
export const hogFunctionLogEntrySchema = looseObject({
  log_source_id: nullish(z.string()),
  instance_id: nullish(z.string()),
  timestamp: z.optional(dateTime),
  level: z.optional(openEnum<'DEBUG' | 'INFO' | 'WARN' | 'ERROR'>()),
  message: z.optional(z.string()),
})
/** One log entry of a hog function. */
export type HogFunctionLogEntry = z.infer<typeof hogFunctionLogEntrySchema>

/** Query of `hogFunctions.metrics` and `metricsTotals`. */
export interface HogFunctionMetricsParams {
  /** Start, absolute or relative (service default `-7d`). */
  after?: string | Date
  before?: string | Date
  interval?: 'hour' | 'day' | 'week' | (string & {})
  breakdown_by?: 'kind' | 'name' | (string & {})
  /** Metric names; a list is sent comma-separated. */
  name?: string | string[]
  /** Metric kinds (`success`, `failure`, `other`, …); a list is sent comma-separated. */
  kind?: string | string[]
  instance_id?: string
}

/** App metrics of a hog function: one value per label (date) for each series. */
export const hogFunctionMetricsSchema = looseObject({
  labels: z.optional(z.array(z.string())),
  series: z.optional(
    z.array(
      looseObject({
        name: z.optional(z.string()),
        values: z.optional(z.array(z.number())),
      }),
    ),
  ),
})
/** App metrics of a hog function over time. */
export type HogFunctionMetrics = z.infer<typeof hogFunctionMetricsSchema>

/** Totals of the app metrics of a hog function, by kind or name. */
export const hogFunctionMetricsTotalsSchema = looseObject({
  totals: z.optional(z.catchall(z.object({}), z.number())),
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
export const hogFunctionIconSchema = looseObject({
  id: z.string(),
  name: nullish(z.string()),
  /** `/api/projects/@current/hog_functions/icon/?id=<domain>`. */
  url: nullish(z.string()),
})
/** A logo found by `hogFunctions.icons`. */
export type HogFunctionIcon = z.infer<typeof hogFunctionIconSchema>

/** Body of `hogFunctions.rearrange`: hog function id → new `execution_order`. */
export interface HogFunctionRearrangeParams {
  orders: Record<string, number>
}
