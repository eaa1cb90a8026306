/**
 * The nearest of some known names to a name given by mistake, for "did you mean" hints: the full-depth
 * check of src/requests (the SDK's, the command line's and the configuration files') and the command line's
 * words and flags. A module with no imports of its own, so that the check's chunk pulls nothing else in.
 */

/** The known name nearest to `name` (edit distance at most a third of its length, at least 2), if any. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance]
  }
  return best
}

/** Levenshtein distance, with a transposition counting as one edit (`conclsuion` → `conclusion`). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i])
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = distance
    }
  }
  return rows[a.length]![b.length]!
}
