/**
 * The fake's experiment statistics (docs/service-behaviour.md §10.5, §10.6): PostHog's engine for a relative
 * lift with a flat prior, in its normal approximation. Per variant a mean (`sum / n`, sample variance from
 * `sum_squares`), a ratio of two means (`sum / denominator_sum`, its unit variance by the delta method) or a
 * conversion rate (variance `p(1 − p)`); the lift `(mean_test − mean_control) /
 * mean_control` with the delta method's variance `var_t / (n_t·m_c²) + m_t²·var_c / (n_c·m_c⁴)`.
 * Bayesian: chance to win `Φ(lift / sd)`, a credible interval `lift ± z·sd` at `ci_level`, significant when the
 * chance to win is above `ci_level` or below `1 − ci_level`. Frequentist: two-sided `p = 2(1 − Φ(|lift| / sd))`,
 * a confidence interval at `1 − alpha`, significant when `p < alpha`. (PostHog's frequentist test is Welch's t;
 * with the sample sizes experiments have, the normal approximation agrees to a few decimals.)
 */

/** What was counted for one variant; a ratio metric's denominator too. */
export interface VariantCounts {
  key: string
  number_of_samples: number
  sum: number
  sum_squares: number
  denominator_sum?: number
  denominator_sum_squares?: number
  numerator_denominator_sum_product?: number
}

/**
 * How a metric's counts are read (PostHog's `metric_variant_to_statistic`): a mean (`SampleMeanStatistic`), a
 * ratio of two means (`RatioStatistic`), or a proportion (`ProportionStatistic`: funnels, and any other kind).
 */
export type StatisticKind = 'mean' | 'ratio' | 'proportion'

/** The statistics of one test variant against the baseline. */
export interface Comparison {
  lift: number
  sd: number
}

/** The validation failures of a variant (PostHog's `validate_variant_result`). */
export function validationFailures(counts: VariantCounts, kind: StatisticKind, baseline: boolean): string[] {
  const failures: string[] = []
  if (counts.number_of_samples < 50) failures.push('not-enough-exposures')
  if (kind === 'proportion' && counts.sum < 5) failures.push('not-enough-metric-data')
  if (baseline && counts.sum === 0) failures.push('baseline-mean-is-zero')
  return failures
}

/** A variant's mean and the variance of one unit's value, as the statistic of its kind defines them. */
function meanAndVariance(counts: VariantCounts, kind: StatisticKind): [number, number] {
  const { number_of_samples: n, sum, sum_squares } = counts
  const mean = sum / n
  if (kind === 'proportion') return [mean, mean * (1 - mean)]
  const variance = (total: number, squares: number) => (n > 1 ? (squares - (total * total) / n) / (n - 1) : 0)
  if (kind === 'mean') return [mean, variance(sum, sum_squares)]
  // A ratio of the two means by the delta method: Var(M)/D² + M²·Var(D)/D⁴ − 2M·Cov(M, D)/D³.
  const denominator = counts.denominator_sum ?? n
  const d = denominator / n
  const covariance = n > 1 ? ((counts.numerator_denominator_sum_product ?? sum) - (sum * denominator) / n) / (n - 1) : 0
  const ratioVariance =
    variance(sum, sum_squares) / d ** 2 +
    (mean ** 2 * variance(denominator, counts.denominator_sum_squares ?? n)) / d ** 4 -
    (2 * mean * covariance) / d ** 3
  return [sum / denominator, ratioVariance]
}

/** The relative lift of `test` over `control` and its standard deviation. */
export function compare(test: VariantCounts, control: VariantCounts, kind: StatisticKind): Comparison {
  const [mt, vt] = meanAndVariance(test, kind)
  const [mc, vc] = meanAndVariance(control, kind)
  const variance = vt / (test.number_of_samples * mc * mc) + (mt * mt * vc) / (control.number_of_samples * mc ** 4)
  return { lift: (mt - mc) / mc, sd: Math.sqrt(variance) }
}

/** Bayesian result fields at `ciLevel`. */
export function bayesian(
  { lift, sd }: Comparison,
  ciLevel: number,
): { significant: boolean; chance_to_win: number; credible_interval: [number, number] } {
  const chance = normalCdf(lift / sd)
  const z = normalQuantile(1 - (1 - ciLevel) / 2)
  return {
    significant: chance > ciLevel || chance < 1 - ciLevel,
    chance_to_win: chance,
    credible_interval: [lift - z * sd, lift + z * sd],
  }
}

/** Frequentist result fields at `alpha` (two-sided). */
export function frequentist(
  { lift, sd }: Comparison,
  alpha: number,
): { significant: boolean; p_value: number; confidence_interval: [number, number] } {
  const pValue = 2 * (1 - normalCdf(Math.abs(lift) / sd))
  const z = normalQuantile(1 - alpha / 2)
  return { significant: pValue < alpha, p_value: pValue, confidence_interval: [lift - z * sd, lift + z * sd] }
}

/** The standard normal distribution function, from `erfc`. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2)
}

/** `erfc` by the Chebyshev fit of Numerical Recipes (fractional error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x)
  const t = 1 / (1 + 0.5 * z)
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    )
  return x >= 0 ? r : 2 - r
}

/** The standard normal quantile (Acklam's algorithm, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ]
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572]
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ]
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416]
  const low = 0.02425
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
  if (p < low) return tail(Math.sqrt(-2 * Math.log(p)))
  if (p > 1 - low) return -tail(Math.sqrt(-2 * Math.log(1 - p)))
  const q = p - 0.5
  const r = q * q
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  )
}
