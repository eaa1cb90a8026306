import { OPERATIONS, type Operation, type OperationId } from '../../src/core/operations.js'

/**
 * The doc texts derived from OPERATIONS: the wire line of each method's doc comment and the README's scope
 * tables. test/docs/docs.test.ts checks the sources against these. To regenerate the README tables:
 *   npx tsx -e "import { scopeTables } from './test/helpers/docs.ts'; console.log(scopeTables())"
 */

/** The absolute wire path, `{param}` written `:param`, under `/api/projects/:project_id/`. */
export function wirePath(operation: Operation): string {
  return `/api/projects/:project_id/${operation.path.replace(/\{(\w+)\}/g, ':$1')}`
}

/**
 * The line every method's doc comment carries, e.g. "`GET /api/projects/:project_id/experiments/:id/` · scope
 * `experiment:read`".
 */
export function wireLine(operationId: OperationId): string {
  const operation: Operation = OPERATIONS[operationId]
  const scope = operation.scope
    ? `scope \`${operation.scope}\``
    : 'no scope: personal API keys are refused (403, `requiredScope: null`)'
  return `\`${operation.method} ${wirePath(operation)}\` · ${scope}`
}

/** The resource groups, in the order of OPERATIONS, with their README headings. */
export const GROUPS: ReadonlyArray<{ key: string; title: string }> = [
  { key: 'experiments', title: 'Experiments' },
  { key: 'hogFunctions', title: 'Hog functions' },
  { key: 'surveys', title: 'Surveys' },
  { key: 'endpoints', title: 'Endpoints' },
  { key: 'eventDefinitions', title: 'Event definitions' },
  { key: 'query', title: 'Query API' },
  { key: 'featureFlags', title: 'Feature flags' },
  { key: 'cohorts', title: 'Cohorts' },
  { key: 'actions', title: 'Actions' },
  { key: 'holdouts', title: 'Experiment holdouts' },
  { key: 'savedMetrics', title: 'Saved metrics' },
  { key: 'dashboards', title: 'Dashboards' },
  { key: 'insights', title: 'Insights' },
  { key: 'earlyAccessFeatures', title: 'Early access features' },
]

/** The README's scope tables: one per group, a row per operation. */
export function scopeTables(): string {
  const ids = Object.keys(OPERATIONS) as OperationId[]
  return GROUPS.map(({ key, title }) => {
    const rows = ids
      .filter((id) => id.startsWith(`${key}.`))
      .map((id) => {
        const operation: Operation = OPERATIONS[id]
        return (
          `| \`${id}\` | \`${operation.method} ${wirePath(operation)}\` | ` +
          `${operation.scope ? `\`${operation.scope}\`` : '—'} |`
        )
      })
    return [`**${title}** (\`client.${key}\`)`, '', '| Method | Request | Scope |', '|---|---|---|', ...rows].join('\n')
  }).join('\n\n')
}
