import { stableJson } from './diff.js'
import { ConfigError, type ConfigProblem } from './errors.js'
import type { Resource } from './kinds.js'
import { sourceOf, type UnknownMember } from './sources.js'
import type { ConfigKind, PlanWarning } from './types.js'

/**
 * Members a configuration file holds that the SDK does not know: a newer service's, or a typo. `readConfig`
 * keeps them with the spec they were read from (its `SpecSource`: sources.ts); `plan` settles them against the
 * live resource: the same member with the same value there is kept (a `PlanWarning` says so), anything else is
 * a file problem naming the nearest known member (docs/service-behaviour.md §0).
 */

/** A problem of `checkShape` that is an unknown member (every other problem is the file's at once). */
export function isUnknownMember(problem: ConfigProblem): boolean {
  return problem.message.startsWith('unknown field')
}

/** `problems` (unknown members of a spec) as its `SpecSource` keeps them, for `plan` to settle. */
export function unknownMembers(problems: readonly ConfigProblem[]): UnknownMember[] {
  return problems.map((problem) => ({ ...problem, segments: segmentsOf(problem.path) }))
}

/** `metrics[0].source.kind` as `['metrics', 0, 'source', 'kind']`. */
function segmentsOf(path: string): Array<string | number> {
  return [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map(([, key, index]) =>
    index !== undefined ? Number(index) : key!,
  )
}

/** Settles the unknown members of the specs of one plan: warnings for the kept ones, a `ConfigError` for the rest. */
export class UnknownMembers {
  private readonly problems: ConfigProblem[] = []

  constructor(private readonly warnings: PlanWarning[]) {}

  /**
   * `compare` (what the plan diffs for `spec`) without the unknown members the live resource holds with the
   * same value: those stay in what is sent, and a warning says so. Any other unknown member is a problem.
   */
  settle(kind: ConfigKind, key: string, spec: Resource, live: Resource | undefined, compare: Resource): Resource {
    const members = sourceOf(spec)?.unknown ?? []
    if (members.length === 0) return compare
    const settled = structuredClone(compare)
    for (const member of members) {
      const here = valueAt(spec, member.segments)
      const there = live === undefined ? { found: false, value: undefined } : valueAt(live, member.segments)
      if (there.found && stableJson(there.value) === stableJson(here.value)) {
        remove(settled, member.segments)
        this.warnings.push({
          kind,
          key,
          message:
            `${member.path} is not a member this SDK knows; the live resource has it with the same value, so it ` +
            `is kept (a newer service?)`,
        })
      } else {
        const { segments: _segments, ...problem } = member
        this.problems.push({
          ...problem,
          message: `${member.message}${there.found ? ' (the live resource has another value)' : ''}`,
        })
      }
    }
    return settled
  }

  /** Rejects with every unknown member the plan could not keep. */
  throwIfAny(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems)
  }
}

function valueAt(value: unknown, segments: ReadonlyArray<string | number>): { found: boolean; value: unknown } {
  let current = value
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, segment))
      return { found: false, value: undefined }
    current = (current as Record<string | number, unknown>)[segment]
  }
  return { found: true, value: current }
}

function remove(value: unknown, segments: ReadonlyArray<string | number>): void {
  const parent = valueAt(value, segments.slice(0, -1))
  if (parent.found && typeof parent.value === 'object' && parent.value !== null && !Array.isArray(parent.value))
    delete (parent.value as Record<string | number, unknown>)[segments.at(-1)!]
}
