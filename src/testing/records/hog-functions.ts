/** Hog functions, their templates, log lines and app metrics. */
import type { FakeUser } from './user.js'

/** One input-schema item of a hog function. */
export interface FakeInputSchemaItem {
  type: string
  key: string
  label?: string
  required?: boolean
  secret?: boolean
  hidden?: boolean
  default?: unknown
  [field: string]: unknown
}

/** A hog function template (read-only, embedded as `template`). */
export interface FakeHogFunctionTemplate {
  id: string
  name: string
  description: string | null
  code: string
  code_language: string
  inputs_schema: FakeInputSchemaItem[]
  type: string
  status: string
  category: string[]
  free: boolean
  icon_url: string | null
  filters: Record<string, unknown> | null
  masking: Record<string, unknown> | null
  mapping_templates: unknown[] | null
}

/**
 * A hog function (docs/service-behaviour.md §4.1). Kept as stored: `inputs` holds secret values (answers mask
 * them as `{ "secret": true }`), and `deleted`/`template_id` are write-only fields the answers omit.
 */
export interface FakeHogFunction {
  id: string
  type: string
  name: string | null
  description: string
  created_at: string
  created_by: FakeUser | null
  updated_at: string
  enabled: boolean
  deleted: boolean
  hog: string
  bytecode: unknown[] | null
  transpiled: string | null
  inputs_schema: FakeInputSchemaItem[]
  inputs: Record<string, Record<string, unknown>>
  filters: Record<string, unknown>
  masking: Record<string, unknown> | null
  mappings: Record<string, unknown>[] | null
  icon_url: string | null
  template: FakeHogFunctionTemplate | null
  template_id: string | null
  status: { state: number; tokens: number } | null
  execution_order: number | null
  [field: string]: unknown
}

/** A log line of a hog function (`logs`). */
export interface FakeLogEntry {
  log_source_id: string
  instance_id: string
  timestamp: string
  level: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR'
  message: string
}

/** One app-metric count of a hog function (`metrics`, `metrics/totals`). */
export interface FakeAppMetric {
  /** `YYYY-MM-DD`. */
  date: string
  /** `success`, `failure` or `other`. */
  kind: string
  /** `succeeded`, `failed`, `filtered`, … */
  name: string
  count: number
}
