/**
 * What hog function requests send (docs/service-behaviour.md §4, §P4): the writable fields with their
 * inputs, filters, masking and mappings, the test-run body, the rearrange body and the list, logs,
 * metrics and icon queries.
 */
import * as z from 'zod/mini'
import {
  HOG_FUNCTION_FILTER_SOURCES,
  HOG_FUNCTION_INPUT_TYPES,
  HOG_FUNCTION_LOG_LEVELS,
  HOG_FUNCTION_METRIC_BREAKDOWNS,
  HOG_FUNCTION_METRIC_INTERVALS,
  HOG_FUNCTION_TEMPLATING,
  HOG_FUNCTION_TYPES,
} from '../model/enums.js'
import { anyJson, dateTimeInput, jsonRecord, nullableOptional, type ShapeOf, strictObject } from '../model/shape.js'
import { propertyFilterSchema } from '../model/query-nodes.js'
import { hogFunctionFilterEntitySchema } from '../model/hog-function-filters.js'

/** Kind of hog function in a request. */
export type HogFunctionTypeParam = (typeof HOG_FUNCTION_TYPES)[number]

export const hogFunctionInputSchemaItemParamSchema = strictObject({
  /** The input's type. */
  type: z.enum(HOG_FUNCTION_INPUT_TYPES),
  /** The input's name: its key in `inputs`. */
  key: z.string(),
  /** Label shown in PostHog (may be blank). */
  label: z.exactOptional(z.string()),
  /** `choice` inputs: the options. */
  choices: z.exactOptional(
    z.array(
      z.strictObject({
        /** The value stored when chosen. */
        value: z.string(),
        /** The text shown. */
        label: z.string(),
      }),
    ),
  ),
  /** `choice` inputs: render as a searchable select. */
  searchable: z.exactOptional(z.boolean()),
  /** A value is required (default `false`); a required input with a `default` is filled when omitted. */
  required: z.exactOptional(z.boolean()),
  /** The default value. */
  default: anyJson,
  /** Store the value encrypted and mask it on read (default `false`). */
  secret: z.exactOptional(z.boolean()),
  /** Hide it in PostHog's form (default `false`). */
  hidden: z.exactOptional(z.boolean()),
  /** Help text. */
  description: z.exactOptional(z.string()),
  /** `integration` inputs: the integration kind, e.g. `slack`. */
  integration: z.exactOptional(z.string()),
  /** `integration_field` inputs: the key of the sibling `integration` input. */
  integration_key: z.exactOptional(z.string()),
  /** Another input this one needs. */
  requires_field: z.exactOptional(z.string()),
  /** `integration_field` inputs: e.g. `slack_channel`. */
  integration_field: z.exactOptional(z.string()),
  /** OAuth scopes the integration needs. */
  requiredScopes: z.exactOptional(z.string()),
  /** `true`/`hog` (the default), `liquid`, or `false` to turn templating off. */
  templating: z.exactOptional(z.union([z.boolean(), z.enum(HOG_FUNCTION_TEMPLATING)])),
})
/** An input declaration as sent in a create or update body (docs/service-behaviour.md §P4.1). */
export interface HogFunctionInputSchemaItemParam extends ShapeOf<typeof hogFunctionInputSchemaItemParamSchema> {}

export const hogFunctionInputParamSchema = strictObject({
  /** The value; its JSON type follows the input's `type` (string, number, object, integration id, …). */
  value: anyJson,
  /** `hog` (default) or `liquid`. */
  templating: z.exactOptional(z.enum(HOG_FUNCTION_TEMPLATING)),
  /** Keep the stored secret (send without `value`). */
  secret: z.exactOptional(z.boolean()),
})
/**
 * An input value as sent in a create or update body (docs/service-behaviour.md §P4.2). Hog templates
 * use single braces (`{person.properties.email}`). For a secret input, `{ secret: true }` without a
 * `value` keeps the stored secret; a new `value` replaces it.
 */
export interface HogFunctionInputParam extends ShapeOf<typeof hogFunctionInputParamSchema> {}

const hogFunctionInputParamsSchema = z.record(z.string(), hogFunctionInputParamSchema)

export const hogFunctionFiltersParamSchema = strictObject({
  /** `events` (default), `person-updates`, `data-warehouse-table` or `data-warehouse-view`. */
  source: z.exactOptional(z.enum(HOG_FUNCTION_FILTER_SOURCES)),
  /** Matching actions: `{ id: '<action id>', type: 'actions' }`. */
  actions: z.exactOptional(z.array(hogFunctionFilterEntitySchema)),
  /** Matching events: `{ id: '<event name>', type: 'events' }`. */
  events: z.exactOptional(z.array(hogFunctionFilterEntitySchema)),
  /** Warehouse sources only. */
  data_warehouse: z.exactOptional(z.array(jsonRecord)),
  /** Property filters. */
  properties: z.exactOptional(z.array(propertyFilterSchema)),
  /** Leave the project's test accounts out. */
  filter_test_accounts: z.exactOptional(z.boolean()),
})
/** Filters as sent in a create or update body (docs/service-behaviour.md §P4.3). */
export interface HogFunctionFiltersParam extends ShapeOf<typeof hogFunctionFiltersParamSchema> {}

export const hogFunctionMaskingParamSchema = strictObject({
  /** Seconds, 60–86400. */
  ttl: z.number(),
  /** Invocations allowed per `hash` before masking applies. */
  threshold: nullableOptional(z.number()),
  /** A Hog expression: the deduplication key, e.g. `{person.id}`. */
  hash: z.string(),
})
/** Masking as sent in a create or update body: `ttl` (60…86400) and `hash` are required by the service. */
export interface HogFunctionMaskingParam extends ShapeOf<typeof hogFunctionMaskingParamSchema> {}

export const hogFunctionMappingParamSchema = strictObject({
  /** Display name. */
  name: z.exactOptional(z.string()),
  /** The mapping's declared inputs. */
  inputs_schema: z.exactOptional(z.array(hogFunctionInputSchemaItemParamSchema)),
  /** The mapping's input values, by key. */
  inputs: z.exactOptional(hogFunctionInputParamsSchema),
  /** The mapping's filters. */
  filters: z.exactOptional(hogFunctionFiltersParamSchema),
})
/** A mapping as sent in a create or update body (destinations only). */
export interface HogFunctionMappingParam extends ShapeOf<typeof hogFunctionMappingParamSchema> {}

export const hogFunctionWriteFieldsSchema = strictObject({
  /** Kind of function; `destination` when omitted on create; immutable afterwards. */
  type: nullableOptional(z.enum(HOG_FUNCTION_TYPES)),
  /** Name (at most 400 characters; defaults from the template). */
  name: nullableOptional(z.string()),
  /** Description. */
  description: z.exactOptional(z.string()),
  /** Whether it runs. */
  enabled: z.exactOptional(z.boolean()),
  /** `true` soft-deletes (the service never hard-deletes). */
  deleted: z.exactOptional(z.boolean()),
  /** The code; required on create unless `template_id` supplies it (at most 100 KB). */
  hog: z.exactOptional(z.string()),
  /** The declared inputs. */
  inputs_schema: z.exactOptional(z.array(hogFunctionInputSchemaItemParamSchema)),
  /** Input values by key (only keys of `inputs_schema` are kept). */
  inputs: z.exactOptional(hogFunctionInputParamsSchema),
  /** Which events trigger it. */
  filters: z.exactOptional(hogFunctionFiltersParamSchema),
  /** Deduplication of invocations. */
  masking: nullableOptional(hogFunctionMaskingParamSchema),
  /** Only for `destination` and `site_destination`. */
  mappings: nullableOptional(z.array(hogFunctionMappingParamSchema)),
  /** Icon URL. */
  icon_url: nullableOptional(z.string()),
  /** Fills `hog`, `inputs_schema`, `name`, `description` and `icon_url` from a template. Write-only. */
  template_id: z.exactOptional(z.string()),
  /** 0…32767; transformations only. */
  execution_order: nullableOptional(z.number()),
  /** Optimistic concurrency: the `updated_at` you read; a newer stored copy gives 409. */
  base_updated_at: z.exactOptional(dateTimeInput),
  /** Folder to create the function in (create only). */
  _create_in_folder: z.exactOptional(z.string()),
})
/**
 * Fields accepted by `hogFunctions.create`, `update` and the other write requests (docs/service-behaviour.md
 * §4.1, §P4). A field the SDK does not know yet goes through the request option `extraBody`.
 */
export interface HogFunctionWriteFields extends ShapeOf<typeof hogFunctionWriteFieldsSchema> {}

export { hogFunctionWriteFieldsSchema as hogFunctionCreateParamsSchema }
/** `hogFunctions.create`: no field is strictly required (`template_id` can supply `hog`). */
export interface HogFunctionCreateParams extends ShapeOf<typeof hogFunctionWriteFieldsSchema> {}

export { hogFunctionWriteFieldsSchema as hogFunctionUpdateParamsSchema }
/** `hogFunctions.update`: any writable field. */
export interface HogFunctionUpdateParams extends ShapeOf<typeof hogFunctionWriteFieldsSchema> {}

export { hogFunctionWriteFieldsSchema as hogFunctionBroadcastParamsSchema }
/** `hogFunctions.broadcast`: the service reads no body; writable fields are accepted and ignored. */
export interface HogFunctionBroadcastParams extends ShapeOf<typeof hogFunctionWriteFieldsSchema> {}

export const hogFunctionListParamsSchema = strictObject({
  /** Created at this date-time. */
  created_at: z.optional(dateTimeInput),
  /** User id of the creator. */
  created_by: z.optional(z.number()),
  /** Only enabled (`true`) or disabled (`false`) functions. */
  enabled: z.optional(z.boolean()),
  /** One function by id. */
  id: z.optional(z.string()),
  /** Page size (default 100). */
  limit: z.optional(z.number()),
  /** Items to skip. */
  offset: z.optional(z.number()),
  /** Name or description contains. */
  search: z.optional(z.string()),
  /** Only these kinds; sent comma-separated (the service reads it as `type__in`). */
  type: z.optional(z.array(z.enum(HOG_FUNCTION_TYPES))),
  /** Updated at this date-time. */
  updated_at: z.optional(dateTimeInput),
})
/** Query of `hogFunctions.list` (spec rule 1). */
export interface HogFunctionListParams extends ShapeOf<typeof hogFunctionListParamsSchema> {}

export const hogFunctionInvocationParamsSchema = strictObject({
  /** The hog function fields to run (required). */
  configuration: hogFunctionWriteFieldsSchema,
  /** Globals of the run: `event`, `person`, `groups`, `project`, … */
  globals: z.exactOptional(jsonRecord),
  /** A ClickHouse event row to build the globals from. */
  clickhouse_event: z.exactOptional(jsonRecord),
  /** Mock `fetch` and other async functions (service default `true`). */
  mock_async_functions: z.exactOptional(z.boolean()),
  /** Your id for the run. */
  invocation_id: nullableOptional(z.string()),
})
/** Body of `hogFunctions.invocations`: a test run of a configuration against an event. */
export interface HogFunctionInvocationParams extends ShapeOf<typeof hogFunctionInvocationParamsSchema> {}

export const hogFunctionLogsParamsSchema = strictObject({
  /** 1…500, service default 50. */
  limit: z.optional(z.number()),
  /** Entries after this date-time. */
  after: z.optional(dateTimeInput),
  /** Entries before this date-time. */
  before: z.optional(dateTimeInput),
  /** Only these levels; sent comma-separated. */
  level: z.optional(z.array(z.enum(HOG_FUNCTION_LOG_LEVELS))),
  /** Message contains. */
  search: z.optional(z.string()),
  /** One invocation's entries. */
  instance_id: z.optional(z.string()),
})
/** Query of `hogFunctions.logs`. */
export interface HogFunctionLogsParams extends ShapeOf<typeof hogFunctionLogsParamsSchema> {}

export const hogFunctionMetricsParamsSchema = strictObject({
  /** Start: a date-time or a relative value (service default `-7d`). */
  after: z.optional(dateTimeInput),
  /** End: a date-time or a relative value (default now). */
  before: z.optional(dateTimeInput),
  /** `hour`, `day` (default) or `week`. */
  interval: z.optional(z.enum(HOG_FUNCTION_METRIC_INTERVALS)),
  /** `kind` (default) or `name`. */
  breakdown_by: z.optional(z.enum(HOG_FUNCTION_METRIC_BREAKDOWNS)),
  /** Metric names; a list is sent comma-separated. */
  name: z.optional(z.union([z.string(), z.array(z.string())])),
  /** Metric kinds (`success`, `failure`, `other`, …); a list is sent comma-separated. */
  kind: z.optional(z.union([z.string(), z.array(z.string())])),
  /** One invocation's metrics. */
  instance_id: z.optional(z.string()),
})
/** Query of `hogFunctions.metrics` and `metricsTotals`. */
export interface HogFunctionMetricsParams extends ShapeOf<typeof hogFunctionMetricsParamsSchema> {}

export const hogFunctionIconParamsSchema = strictObject({
  /** The icon id (a domain, as `icons` returns it); the service answers 400 without it. */
  id: z.optional(z.string()),
})
/** Query of `hogFunctions.icon`. */
export interface HogFunctionIconParams extends ShapeOf<typeof hogFunctionIconParamsSchema> {}

export const hogFunctionIconsParamsSchema = strictObject({
  /** A company or domain name to search logos for; the service answers `[]` without it. */
  query: z.optional(z.string()),
})
/** Query of `hogFunctions.icons`. */
export interface HogFunctionIconsParams extends ShapeOf<typeof hogFunctionIconsParamsSchema> {}

export const hogFunctionRearrangeParamsSchema = strictObject({
  /** Hog function id → its new `execution_order`, an integer (at least one entry). */
  orders: z.record(z.string(), z.number().check(z.multipleOf(1))).check(
    // A check rather than `z.refine`: the same issue without zod's custom schema class in the bundle.
    z.check(({ value, issues }) => {
      if (Object.keys(value).length === 0)
        issues.push({ code: 'custom', message: 'expected at least one `id: order` entry', input: value })
    }),
  ),
})
/** Body of `hogFunctions.rearrange`: hog function id → new `execution_order`. */
export interface HogFunctionRearrangeParams extends ShapeOf<typeof hogFunctionRearrangeParamsSchema> {}
