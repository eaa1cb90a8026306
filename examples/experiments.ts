/**
 * Walk every experiment, create one, record its conclusion, then soft-delete it.
 *
 *   POSTHOG_PERSONAL_API_KEY=phx_... POSTHOG_PROJECT_ID=12345 npx tsx examples/experiments.ts
 *
 * Needs a key with `experiment:read` and `experiment:write`.
 */
import { ApiError, ProjectClient } from 'posthog-project-client'

export async function main(client = new ProjectClient()): Promise<void> {
  let running = 0
  let total = 0
  for await (const experiment of client.experiments.list({ limit: 100 })) {
    total++
    if (experiment.start_date && !experiment.end_date) running++
  }
  console.log(`${total} experiments, ${running} running`)

  const created = await client.experiments.create({
    name: `SDK example ${new Date().toISOString()}`,
    feature_flag_key: `sdk-example-${Date.now()}`,
    description: 'Created by examples/experiments.ts',
  })
  console.log(`created #${created.id} with flag ${created.feature_flag?.key ?? created.feature_flag_key}`)

  try {
    const concluded = await client.experiments.update(created.id, {
      conclusion: 'inconclusive',
      conclusion_comment: 'Example run: no traffic.',
    })
    console.log(`concluded #${concluded.id}: ${concluded.conclusion}`)
  } finally {
    await client.experiments.softDelete(created.id)
    console.log(`soft-deleted #${created.id}`)
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof ApiError ? `${error.name} ${error.status}: ${error.message}` : error)
    process.exitCode = 1
  })
}
