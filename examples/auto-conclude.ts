/**
 * Conclude every running experiment whose primary metric is significant. A variant that beats the baseline
 * the metric's way is shipped (`experiments.shipVariant`: the flag serves it to 100% of its conditions and
 * the experiment ends as `won`); when the significant variants all lose there is no winner to roll out, and
 * the experiment only ends, as `lost`. The comment quotes the numbers; the others keep running. The primary
 * metric is the first of `primary_metrics_ordered_uuids` (the order set in PostHog), else the first metric.
 * Runs in a `bulk`, and prints a report of every experiment.
 *
 *   POSTHOG_PERSONAL_API_KEY=phx_... POSTHOG_PROJECT_ID=12345 npx tsx examples/auto-conclude.ts [--dry-run]
 *
 * Needs a key with `experiment:read`, `experiment:write` and `query:read`. Each experiment costs two reads
 * (the experiment and one query for its primary metric), and one write when it is concluded.
 */
import {
  ProjectClient,
  type BulkReport,
  type Experiment,
  type MetricResult,
  type VariantResult,
} from 'posthog-project-client'

/** What happened to one experiment. */
export interface Outcome {
  conclusion?: 'won' | 'lost'
  /** The variant rolled out to everyone its flag targets (a win). */
  ship?: string
  /** Why it was ended, or why it keeps running. */
  comment: string
}

export async function main(
  client = new ProjectClient(),
  options: { dryRun?: boolean } = {},
): Promise<BulkReport<Experiment, Outcome>> {
  const report = await client.bulk(
    client.experiments.list({ status: 'running' }),
    async (experiment, { signal }): Promise<Outcome> => {
      const primary = experiment.primary_metrics_ordered_uuids?.[0] ?? experiment.metrics?.[0]?.uuid
      if (!primary) return { comment: 'no primary metric' }
      const [metric] = (await client.experiments.results(experiment.id, { metrics: [primary] }, { signal })).metrics
      const outcome = decide(metric!)
      if (options.dryRun || !outcome.conclusion) return outcome
      const conclusion = { conclusion: outcome.conclusion, conclusion_comment: outcome.comment }
      if (outcome.ship)
        await client.experiments.shipVariant(experiment.id, { variant_key: outcome.ship, ...conclusion }, { signal })
      else await client.experiments.end(experiment.id, conclusion, { signal })
      return outcome
    },
    { concurrency: 2 },
  )
  for (const entry of report.results) {
    const name = `#${entry.item.id} ${entry.item.name}`
    if (entry.status === 'fulfilled') console.log(`${name}: ${describe(entry.value)} (${entry.value.comment})`)
    else if (entry.status === 'rejected') console.log(`${name}: failed: ${String(entry.error)}`)
  }
  const ended = report.results.filter((entry) => entry.status === 'fulfilled' && entry.value.conclusion).length
  console.log(
    `${ended} ended${options.dryRun ? ' (dry run: nothing written)' : ''}, ${report.succeeded - ended} ` +
      `running, ${report.failed} failed`,
  )
  return report
}

/** The conclusion a metric's results support, with the numbers behind it. */
export function decide(metric: MetricResult): Outcome {
  if (metric.error) return { comment: `the primary metric could not be read: ${metric.error}` }
  const significant = metric.variants.filter((variant) => variant.significant)
  if (significant.length === 0) {
    const failures = [...new Set(metric.variants.flatMap((variant) => variant.validation_failures))]
    return { comment: failures.length > 0 ? failures.join(', ') : 'not significant yet' }
  }
  // The strongest variant the metric's way, else the one that loses least.
  const ranked = [...significant].sort(
    (a, b) => (metric.goal === 'decrease' ? 1 : -1) * ((a.delta ?? 0) - (b.delta ?? 0)),
  )
  const best = ranked.find((variant) => variant.winning) ?? ranked[0]!
  return best.winning
    ? { conclusion: 'won', ship: best.key, comment: quote(metric, best) }
    : { conclusion: 'lost', comment: quote(metric, best) }
}

function describe(outcome: Outcome): string {
  if (outcome.ship) return `ended as ${outcome.conclusion}, ${outcome.ship} shipped`
  return outcome.conclusion ? `ended as ${outcome.conclusion}` : 'keeps running'
}

const percent = (fraction: number) => `${fraction > 0 ? '+' : ''}${(fraction * 100).toFixed(1)}%`

function quote(metric: MetricResult, variant: VariantResult): string {
  const odds =
    variant.chance_to_win === undefined
      ? `p-value ${variant.p_value?.toFixed(4)}`
      : `chance to win ${(variant.chance_to_win * 100).toFixed(1)}%`
  const interval = variant.interval
    ? `, interval [${percent(variant.interval[0])}, ${percent(variant.interval[1])}]`
    : ''
  return (
    `${metric.name ?? metric.uuid} (goal: ${metric.goal}): ${variant.key} ${variant.value.toPrecision(3)} ` +
    `against ${metric.baseline.key} ` +
    `${metric.baseline.value.toPrecision(3)}, ${percent(variant.delta ?? 0)}${interval}, ${odds}; ` +
    `${variant.number_of_samples} and ${metric.baseline.number_of_samples} exposures`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(new ProjectClient(), { dryRun: process.argv.includes('--dry-run') }).catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
