/**
 * Where each spec `readConfig` read came from, held beside it (never in it, so never compared or sent): a
 * plan error about a field of a spec names the file and line, as a problem of the files does.
 */

interface Source {
  file: string
  /** The line of the field at a path (`filters.groups[0].properties[1].value`), or of its nearest parent. */
  lineOf(path: string): number
}

const sources = new WeakMap<object, Source>()

export function recordSource(spec: object, file: string, lineOf: (path: string) => number): void {
  sources.set(spec, { file, lineOf })
}

/** `posthog/feature-flags/beta.yaml:8: ` for a field of a spec read from a file; `''` for any other spec. */
export function whereIs(spec: object, path: string): string {
  const source = sources.get(spec)
  return source === undefined ? '' : `${source.file}:${source.lineOf(path)}: `
}

/** `to` (a copy of `from` made to plan it) read from where `from` was. */
export function carrySource(from: object, to: object): void {
  const source = sources.get(from)
  if (source !== undefined && from !== to) sources.set(to, source)
}
