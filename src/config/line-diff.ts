/**
 * A line diff of two texts (hog code, HogQL) for a plan: the changed lines with three lines of context
 * around each change, `-` for a line only before, `+` only after, ` ` for both, `@@ line N` where a hunk
 * starts (its line in the new text). Lines a shared prefix and suffix leave are matched by their longest
 * common subsequence.
 */

const CONTEXT = 3
/** Above this many line pairs left after the shared prefix and suffix, no subsequence is sought: the old lines, then the new. */
const MAX_PAIRS = 4_000_000

type Line = { mark: ' ' | '-' | '+'; text: string; newLine: number }

export function isMultiline(before: unknown, after: unknown): boolean {
  const text = (value: unknown) => value === undefined || value === null || typeof value === 'string'
  return text(before) && text(after) && (typeof before === 'string' || typeof after === 'string') && [before, after].some((value) => typeof value === 'string' && value.includes('\n'))
}

export function lineDiff(before: string, after: string): string[] {
  const split = (text: string) => (text === '' ? [] : text.split('\n'))
  const lines = diffLines(split(before), split(after))
  const keep = lines.map(() => false)
  lines.forEach((line, index) => {
    if (line.mark === ' ') return
    for (let at = Math.max(0, index - CONTEXT); at <= Math.min(lines.length - 1, index + CONTEXT); at += 1) keep[at] = true
  })
  const out: string[] = []
  lines.forEach((line, index) => {
    if (!keep[index]) return
    if (index === 0 || !keep[index - 1]) out.push(`@@ line ${line.newLine}`)
    out.push(`${line.mark} ${line.text}`)
  })
  return out
}

function diffLines(before: readonly string[], after: readonly string[]): Line[] {
  let prefix = 0
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix += 1
  let suffix = 0
  while (suffix < before.length - prefix && suffix < after.length - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1
  const middle = lcsDiff(before.slice(prefix, before.length - suffix), after.slice(prefix, after.length - suffix))
  const lines: Line[] = []
  let newLine = 1
  const push = (mark: Line['mark'], text: string) => {
    lines.push({ mark, text, newLine })
    if (mark !== '-') newLine += 1
  }
  for (const text of before.slice(0, prefix)) push(' ', text)
  for (const [mark, text] of middle) push(mark, text)
  for (const text of before.slice(before.length - suffix)) push(' ', text)
  return lines
}

/** The lines of two texts as kept, removed and added, by their longest common subsequence. */
function lcsDiff(before: readonly string[], after: readonly string[]): Array<[Line['mark'], string]> {
  if (before.length * after.length > MAX_PAIRS) return [...before.map((text): [Line['mark'], string] => ['-', text]), ...after.map((text): [Line['mark'], string] => ['+', text])]
  const width = after.length + 1
  const common = new Uint32Array((before.length + 1) * width)
  for (let i = before.length - 1; i >= 0; i -= 1) {
    for (let j = after.length - 1; j >= 0; j -= 1) {
      common[i * width + j] = before[i] === after[j] ? common[(i + 1) * width + j + 1]! + 1 : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!)
    }
  }
  const out: Array<[Line['mark'], string]> = []
  let i = 0
  let j = 0
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && before[i] === after[j]) {
      out.push([' ', before[i]!])
      i += 1
      j += 1
    } else if (i < before.length && (j === after.length || common[(i + 1) * width + j]! >= common[i * width + j + 1]!)) {
      out.push(['-', before[i]!])
      i += 1
    } else {
      out.push(['+', after[j]!])
      j += 1
    }
  }
  return out
}
