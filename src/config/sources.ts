import type { ConfigProblem } from './errors.js'

/** One unknown member, where the file has it. */
export interface UnknownMember extends ConfigProblem {
  /** `path` as keys and indexes. */
  readonly segments: ReadonlyArray<string | number>
}

/**
 * What `readConfig` learned of each spec beside its fields, carried in the spec as data: the file, the line
 * of each field, and the members the SDK does not know (settled by `plan`: unknown-members.ts). It is a member
 * under a symbol that is not enumerable, so it is never compared, sent, written as JSON or copied by a spread:
 * a copy the planner makes of a spec is given it explicitly ({@link carrySource}). A plan error about a field
 * of a spec names the file and line, as a problem of the files does.
 */
export interface SpecSource {
  readonly file: string
  /** The line of each field by its path's steps joined with `.` (`filters.groups.0.value`; `''`: the spec's). */
  readonly lines: Readonly<Record<string, number>>
  readonly unknown: readonly UnknownMember[]
}

const SOURCE = Symbol('source')

interface Sourced {
  readonly [SOURCE]?: SpecSource
}

/** `spec`, carrying `source`. */
export function withSource<T extends object>(spec: T, source: SpecSource): T {
  Object.defineProperty(spec, SOURCE, { value: source, enumerable: false, configurable: true })
  return spec
}

export function sourceOf(spec: object): SpecSource | undefined {
  return (spec as Sourced)[SOURCE]
}

/** `to` (a copy of `from` made to plan it), carrying what `from` was read with. */
export function carrySource<T extends object>(from: object, to: T): T {
  const source = sourceOf(from)
  return source === undefined || from === to ? to : withSource(to, source)
}

/** The steps of a field path (`metrics[0].name` → `metrics.0.name`), as `SpecSource.lines` keys them. */
export function pathKey(steps: ReadonlyArray<string | number>): string {
  return steps.join('.')
}

/** The line of the field at `path`, or of its nearest parent that the file has. */
function lineOf(source: SpecSource, path: string): number {
  const steps = path.match(/[^.[\]]+/g) ?? []
  for (let length = steps.length; length > 0; length--) {
    const key = pathKey(steps.slice(0, length))
    if (Object.hasOwn(source.lines, key)) return source.lines[key]!
  }
  return Object.hasOwn(source.lines, '') ? source.lines['']! : 1
}

/** `posthog/feature-flags/beta.yaml:8: ` for a field of a spec read from a file; `''` for any other spec. */
export function whereIs(spec: object, path: string): string {
  const source = sourceOf(spec)
  return source === undefined ? '' : `${source.file}:${lineOf(source, path)}: `
}
