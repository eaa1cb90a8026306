/** Small statistics and timing helpers shared by the benchmark sections. */

import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The spread of a sample as `[p25, p75]`, for the table (nearest rank). */
export function quartiles(values: readonly number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!
  return [at(0.25), at(0.75)]
}

let collect: (() => void) | undefined

/** `global.gc`, exposed on demand when node was started without `--expose-gc`. */
export function gc(): () => void {
  if (collect) return collect
  const exposed = (globalThis as { gc?: () => void }).gc
  if (typeof exposed === 'function') {
    collect = exposed
  } else {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as () => void
  }
  return collect
}

export interface Alternated {
  /** One figure per block of the baseline. */
  a: number[]
  /** One figure per block of the measured variant. */
  b: number[]
  /** `b / a` of each adjacent pair of blocks. */
  pairRatios: number[]
}

/**
 * Runs `blocks` pairs of blocks A, B, A, B… (so drift, thermal or GC state hits both alike), with a
 * full GC before each block. Each function runs one block and returns its figure (e.g. µs per op).
 */
export async function alternate(
  blocks: number,
  a: () => Promise<number> | number,
  b: () => Promise<number> | number,
): Promise<Alternated> {
  const result: Alternated = { a: [], b: [], pairRatios: [] }
  const collectGarbage = gc()
  for (let block = 0; block < blocks; block++) {
    collectGarbage()
    const figureA = await a()
    collectGarbage()
    const figureB = await b()
    result.a.push(figureA)
    result.b.push(figureB)
    result.pairRatios.push(figureB / figureA)
  }
  return result
}

/**
 * The headline figure: the median of the per-pair ratios B/A. Each pair ran back to back, so load
 * from other processes, which drifts over seconds, largely cancels within a pair.
 */
export function pairedRatio(run: Alternated): number {
  return median(run.pairRatios)
}

/** Ratio of medians: median(B) / median(A). */
export function ratioOfMedians(run: Alternated): number {
  return median(run.b) / median(run.a)
}

export const round = (value: number, digits = 2): number => {
  const factor = 10 ** digits
  return Math.round(value * factor) / factor
}
