import { formatPatch, OMIT_HEADERS, structuredPatch, type StructuredPatch } from 'diff'

/**
 * A line diff of two texts (hog code, HogQL) for a plan, in the unified format reviewers read (jsdiff):
 * three lines of context around each change, `@@ -a,b +c,d @@` where a hunk starts, `-` for a line only
 * before, `+` only after, ` ` for both.
 */

const CONTEXT = 3
/** Past this many lines added and removed, no shortest edit is sought: the old lines, then the new. */
const MAX_EDIT_LENGTH = 1_000

export function isMultiline(before: unknown, after: unknown): boolean {
  const text = (value: unknown) => value === undefined || value === null || typeof value === 'string'
  return (
    text(before) &&
    text(after) &&
    (typeof before === 'string' || typeof after === 'string') &&
    [before, after].some((value) => typeof value === 'string' && value.includes('\n'))
  )
}

export function lineDiff(before: string, after: string): string[] {
  // Every line ends in a newline here, the last one too: no "\ No newline at end of file" in a plan.
  const ended = (text: string) => (text === '' ? '' : `${text}\n`)
  const options = { context: CONTEXT, maxEditLength: MAX_EDIT_LENGTH }
  const patch =
    structuredPatch('', '', ended(before), ended(after), undefined, undefined, options) ?? rewrite(before, after)
  return patch.hunks.length === 0 ? [] : formatPatch(patch, OMIT_HEADERS).slice(0, -1).split('\n')
}

/** One hunk: every old line removed, then every new line added. */
function rewrite(before: string, after: string): StructuredPatch {
  const [old, current] = [before, after].map((text) => (text === '' ? [] : text.split('\n'))) as [string[], string[]]
  const lines = [...old.map((line) => `-${line}`), ...current.map((line) => `+${line}`)]
  const hunk = { oldStart: 1, oldLines: old.length, newStart: 1, newLines: current.length, lines }
  return { oldFileName: '', newFileName: '', oldHeader: undefined, newHeader: undefined, hunks: [hunk] }
}
