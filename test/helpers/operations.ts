import { OPERATIONS, type OperationId } from 'posthog-project-client'
import { GROUPS, methodsOf } from '../../src/cli/commands.js'

/** What the tests count, read from the two tables instead of written down. */

/** Every operation id of OPERATIONS, in its order. */
export const ALL_OPERATIONS = Object.keys(OPERATIONS) as OperationId[]

/**
 * Every method of the SDK's resource groups as `group.method`, from the CLI's command table (its type
 * check wants one row per method): the operations, the softDeletes and the lifecycle helpers.
 */
export const SDK_METHODS: readonly string[] = GROUPS.flatMap((group) =>
  methodsOf(group).map((method) => `${group}.${method}`),
)

/** The operations of one group (`experiments`, `hogFunctions`, …). */
export function operationsOf(group: string): OperationId[] {
  return ALL_OPERATIONS.filter((id) => id.startsWith(`${group}.`))
}
