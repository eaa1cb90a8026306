/**
 * One regular expression from parts written one per line (a message longer than the line width): their sources
 * joined, with the last part's flags.
 */
export function joined(...parts: readonly RegExp[]): RegExp {
  return new RegExp(parts.map((part) => part.source).join(''), parts.at(-1)?.flags)
}
