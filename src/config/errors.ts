import { ProjectClientError } from 'posthog-project-client'
import type { ConfigKind, PlanChange } from './types.js'

/** One problem of a configuration file: where, and what is wrong. `line` is 1-based; 0 when unknown. */
export interface ConfigProblem {
  file: string
  line: number
  path: string
  message: string
}

/** `readConfig` found problems in the files: every one of them, before anything was sent. */
export class ConfigError extends ProjectClientError {
  override name = 'ConfigError'
  /** `incomplete`: the list stopped at its cap (100); files after that were not checked. */
  constructor(
    readonly problems: ConfigProblem[],
    readonly incomplete = false,
  ) {
    super(
      `${problems.length}${incomplete ? ' (the first; more not listed)' : ''} ` +
        `problem${problems.length === 1 ? '' : 's'} in the ` +
        `configuration:\n${problems.map(describeProblem).join('\n')}`,
    )
  }
}

function describeProblem({ file, line, path, message }: ConfigProblem): string {
  return `  ${file}${line ? `:${line}` : ''}${path ? ` ${path}` : ''}: ${message}`
}

/** A resource changed (or went) between the plan and the apply: it was not overwritten. Plan again. */
export class StaleResourceError extends ProjectClientError {
  override name = 'StaleResourceError'
  constructor(
    readonly kind: ConfigKind,
    readonly key: string,
  ) {
    super(`${kind} "${key}" changed since the plan was made; it was not overwritten. Plan again.`)
  }
}

/**
 * A saved plan (`readPlan`) is out of date: resources it changes were changed (or deleted) since it was made.
 * Nothing was written. Make the plan again and review it.
 */
export class StalePlanError extends ProjectClientError {
  override name = 'StalePlanError'
  constructor(readonly changes: PlanChange[]) {
    super(
      `the saved plan is stale: ${changes.map((change) => `${change.kind} "${change.key}"`).join(', ')} ` +
        `changed since it was made; nothing was written. Plan again.`,
    )
  }
}

/**
 * A change of an `ApplyReport` that was not sent (`status: 'skipped'`) because a change it stands on failed or was
 * skipped: what names a resource that was not made, or an experiment whose own flag was not (the service would
 * make a default flag of its own).
 */
export class DependencyFailedError extends ProjectClientError {
  override name = 'DependencyFailedError'
  constructor(readonly dependency: PlanChange) {
    super(`not sent: it stands on ${dependency.kind} "${dependency.key}" (${dependency.action}), which was not applied`)
  }
}
