import * as z from 'zod/mini'
import {
  dateTime,
  describes,
  json,
  maybeJson,
  openEnum,
  userBasicSchema,
  type OpenEnum,
  type Unchecked,
  type UserBasic,
} from './common.js'
import type {
  HOG_FUNCTION_FILTER_SOURCES,
  HOG_FUNCTION_INPUT_TYPES,
  HOG_FUNCTION_LOG_LEVELS,
  HOG_FUNCTION_TEMPLATING,
  HOG_FUNCTION_TYPES,
} from '../model/enums.js'
import type { HogFunctionFilterEntity } from '../model/hog-function-filters.js'
import type { PropertyFilter } from '../model/query-nodes.js'

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

/**
 * One declared input of a hog function, template or mapping, as the service returns it (docs/service-behaviour.md
 * §P4.1).
 */
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

/**
 * A hog function as `hogFunctions.list` returns it: no inputs, masking, mappings or bytecode (docs/service-behaviour.md
 * §4.1).
 */
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

/** The fields of `HogFunction` its schema passes unchecked (any JSON): typed and documented by the interface alone. */
export type HogFunctionUncheckedFields = 'bytecode' | 'mappings'

/** The fields of `hogFunctionSchema` (exported for the tie test with `HogFunction`). */
export const hogFunctionShape = {
  ...hogFunctionMinimalShape,
  deleted: z.nullish(z.boolean()),
  transpiled: z.nullish(z.string()),
  // Only an array is checked: the items are the service's.
  inputs_schema: z.nullish(z.array(hogFunctionInputSchemaItemSchema)),
  inputs: hogFunctionInputsSchema,
  masking: hogFunctionMaskingSchema,
  batch_export_id: z.nullish(z.string()),
}

/** A hog function, as create, retrieve, update and rearrange return it (docs/service-behaviour.md §4.1). */
export const hogFunctionSchema = describes<HogFunction>(z.looseObject(hogFunctionShape))

/** `hogFunctions.broadcast`: `{ success }`. */
export const hogFunctionBroadcastResultSchema = z.looseObject({
  /** Whether the broadcast was queued. */
  success: z.nullish(z.boolean()),
})
/** Result of `hogFunctions.broadcast`. */
export type HogFunctionBroadcastResult = z.infer<typeof hogFunctionBroadcastResultSchema>

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
