import type { ExperimentResults, VariantResult } from '../schemas/queries.js'
import { tableOf } from './output.js'

/**
 * Results with a table of their own: `experiments results` (a row per metric and variant) and the rows of a
 * HogQL `query` (one object per row, keyed by column).
 */

const COLUMNS = ['metric', 'variant', 'exposures', 'value', 'delta', 'interval', 'significance']
const share = (fraction: number) => `${(fraction * 100).toFixed(1)}%`
const percent = (fraction: number) => `${fraction > 0 ? '+' : ''}${share(fraction)}`
const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toPrecision(4))

/** `experiments results` as a table: metric, variant, exposures, value, delta, interval, significance. */
export function experimentResultsTable(results: ExperimentResults): string {
  const rows = results.metrics.flatMap((metric): Array<Record<string, unknown>> => {
    const name = `${metric.name ?? metric.uuid}${metric.secondary ? ' (secondary)' : ''}`
    if (metric.error)
      return [
        {
          metric: name,
          variant: '',
          exposures: '',
          value: '',
          delta: '',
          interval: '',
          significance: `error: ${metric.error}`,
        },
      ]
    return [metric.baseline, ...metric.variants].map((variant) => ({
      metric: name,
      variant: variant === metric.baseline ? `${variant.key} (baseline)` : variant.key,
      exposures: variant.number_of_samples,
      value: number(variant.value),
      delta: variant.delta === undefined ? '' : percent(variant.delta),
      interval: variant.interval ? `[${percent(variant.interval[0])}, ${percent(variant.interval[1])}]` : '',
      significance: variant === metric.baseline ? '' : significance(variant),
    }))
  })
  return rows.length === 0 ? '(no metrics)\n' : tableOf(rows, COLUMNS)
}

function significance(variant: VariantResult): string {
  if (variant.validation_failures.length > 0) return variant.validation_failures.join(', ')
  const p = variant.p_value
  const odds =
    variant.chance_to_win === undefined
      ? p === undefined
        ? ''
        : `p ${p < 0.001 ? '< 0.001' : p.toFixed(3)}`
      : `chance to win ${share(variant.chance_to_win)}`
  const verdict =
    variant.significant === undefined
      ? ''
      : variant.significant
        ? variant.winning
          ? 'significant, winning'
          : 'significant, losing'
        : 'not significant'
  return [verdict, odds].filter(Boolean).join(': ')
}

/** The rows of a HogQL answer as objects keyed by column, or `undefined` for an answer without columns. */
export function rowsOf(answer: unknown): Array<Record<string, unknown>> | undefined {
  const { columns, results } = (answer ?? {}) as { columns?: unknown; results?: unknown }
  if (!Array.isArray(columns) || !Array.isArray(results)) return undefined
  return results.map((row) =>
    Object.fromEntries(columns.map((column, index) => [String(column), (row as unknown[])[index]])),
  )
}
