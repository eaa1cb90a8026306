/**
 * Automation at scale: launch an experiment, stop a survey in every project, and tag event definitions
 * in bulk with progress.
 *
 *   POSTHOG_PERSONAL_API_KEY=phx_... POSTHOG_PROJECT_ID=12345 \
 *   EXPERIMENT_ID=42 SURVEY_NAME="Holiday NPS" PROJECT_IDS=12345,23456 EVENT_SEARCH=checkout TAG=checkout \
 *   npx tsx examples/automation.ts
 *
 * Needs a key with `experiment:write`, `survey:write` and `event_definition:write` on every project named.
 */
import { ProjectClient, type Survey } from 'posthog-project-client'

export interface AutomationOptions {
  /** The experiment to launch (start it now); none when left out. */
  experimentId?: number
  /** Stop the running surveys with exactly this name. */
  surveyName: string
  /** The projects to stop them in. Default: the client's project. */
  projectIds?: Array<string | number>
  /** Tag the event definitions whose name contains this. */
  eventSearch: string
  /** The tag to add. */
  tag: string
}

export async function main(client = new ProjectClient(), options: AutomationOptions = fromEnv()): Promise<void> {
  if (options.experimentId !== undefined) {
    const experiment = await client.experiments.launch(options.experimentId)
    console.log(`launched experiment #${experiment.id} ${experiment.name} at ${experiment.start_date}`)
  }

  // One derived client per project: same key and settings, another project id.
  for (const projectId of options.projectIds ?? [client.projectId]) {
    const project = client.withOptions({ projectId })
    const surveys = running(project.surveys.list({ search: options.surveyName }), options.surveyName)
    const report = await project.bulk(surveys, (survey, { signal }) => project.surveys.stop(survey.id, {}, { signal }))
    console.log(
      `project ${projectId}: stopped ${report.succeeded} "${options.surveyName}" surveys, ${report.failed} failed`,
    )
  }

  // The walk is read as calls free up (never ahead of them), two pages at a time.
  const definitions = client.eventDefinitions.list({ search: options.eventSearch, limit: 100 }, { concurrency: 2 })
  const report = await client.bulk(
    definitions,
    (definition, { signal }) => {
      const tags = [...new Set([...(definition.tags ?? []), options.tag])]
      return client.eventDefinitions.update(definition.id, { tags }, { signal })
    },
    {
      concurrency: 8,
      onProgress: ({ done, failed }) => {
        if (done % 100 === 0) console.log(`  ${done} event definitions done, ${failed} failed`)
      },
    },
  )
  console.log(`tagged ${report.succeeded} event definitions "${options.tag}", ${report.failed} failed`)
  for (const entry of report.results) {
    if (entry.status === 'rejected') console.log(`  not tagged: ${entry.item.name}: ${String(entry.error)}`)
  }
}

/** The surveys of a walk that are named `name` and running (launched, not ended). */
async function* running(surveys: AsyncIterable<Survey>, name: string): AsyncGenerator<Survey> {
  for await (const survey of surveys) {
    if (survey.name === name && survey.start_date && !survey.end_date) yield survey
  }
}

function fromEnv(): AutomationOptions {
  const experimentId = process.env.EXPERIMENT_ID
  return {
    experimentId: experimentId ? Number(experimentId) : undefined,
    surveyName: process.env.SURVEY_NAME ?? 'Holiday NPS',
    projectIds: process.env.PROJECT_IDS?.split(',').filter(Boolean),
    eventSearch: process.env.EVENT_SEARCH ?? 'checkout',
    tag: process.env.TAG ?? 'checkout',
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
