/**
 * Promote what was built in staging to production: the experiments, surveys and hog functions of the
 * staging project, matched in production by key (an experiment's flag key, the others' names), created or
 * changed there; a secret hog function input is read from its variable (POSTHOG_SECRET_<FUNCTION>_<INPUT>).
 * `planCopy` carries no lifecycle field (an experiment running in staging arrives in production as a draft;
 * one already in production keeps its dates) and sends no id of another staging object: what an experiment
 * stands on (its flag, holdout, shared metrics, the actions and cohorts they name) comes along by key, linked
 * where production has it and created first where it does not, each said in the printed plan. Running it twice
 * changes nothing the second time.
 *
 *   POSTHOG_PERSONAL_API_KEY=phx_... POSTHOG_PROJECT_ID=<staging> PRODUCTION_PROJECT_ID=<production> \
 *   POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN=... npx tsx examples/promote.ts
 *
 * Needs a key with the read scopes of the three groups, and their write scopes for production.
 */
import { ProjectClient } from 'posthog-project-client'
import { apply, formatPlan, planCopy } from 'posthog-project-client/config'

export async function main(
  staging = new ProjectClient(),
  productionId = Number(process.env.PRODUCTION_PROJECT_ID),
  env = process.env,
): Promise<void> {
  const production = staging.withOptions({ projectId: productionId })
  const changes = await planCopy(staging, production, { kinds: ['experiments', 'surveys', 'hogFunctions'], env })
  console.log(formatPlan(changes))
  if (changes.errors.length > 0) throw new Error('the plan has errors: nothing was sent')
  const report = await apply(production, changes)
  console.log(`applied ${report.applied}, failed ${report.failed}`)
  for (const { change, error } of report.results)
    if (error) console.log(`failed: ${change.kind} ${change.key}: ${error.message}`)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
