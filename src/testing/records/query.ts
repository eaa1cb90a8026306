/** What experiment results are computed from, and async query runs. */

/** What the fake counted for one variant of an experiment (`fake.seed.experimentData`). */
export interface FakeVariantData {
  /** Exposed units. */
  exposures: number
  /** Funnel and retention metrics: units that converted (also `sum` for a mean metric when `sum` is not given). */
  conversions?: number
  /** Mean metrics: the metric summed over the exposed units. Default `conversions`. */
  sum?: number
  /** Mean metrics: the sum of squares. Default `sum` (each unit's value 0 or 1). */
  sum_squares?: number
  /** Ratio metrics: the denominator summed over the exposed units. Default `exposures` (one each). */
  denominator_sum?: number
  /** Ratio metrics: the denominator's sum of squares. Default `denominator_sum`. */
  denominator_sum_squares?: number
  /** Ratio metrics: the sum over units of numerator × denominator. Default `sum`. */
  numerator_denominator_sum_product?: number
}

/** Variant key → what was counted, for one metric or for every metric of an experiment. */
export type FakeExperimentData = Record<string, FakeVariantData>

/** An async query run (`refresh: 'async'`): its answer, given once its status has been read. */
export interface FakeQueryRun {
  id: string
  /** The complete answer. */
  result: Record<string, unknown>
  /** Status reads so far: the first answers "running", the next ones the result. */
  reads: number
  started: string
}
