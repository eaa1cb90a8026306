/** Plain-text table rendering. */
export function renderTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join(' | ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-')
  return [line(header), rule, ...rows.map(line)].join('\n')
}
