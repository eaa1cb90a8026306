/**
 * A survey chore: create a survey, read its stats without archived responses, archive a response,
 * count responses per survey, and copy the survey into other projects.
 *
 *   POSTHOG_PERSONAL_API_KEY=phx_... POSTHOG_PROJECT_ID=12345 \
 *   SURVEY_RESPONSE_UUID=<a response of the survey to archive> TARGET_TEAM_IDS=23456,34567 \
 *   npx tsx examples/surveys.ts
 *
 * Needs a key with `survey:read` and `survey:write`.
 */
import { BadRequestError, ProjectClient } from 'posthog-project-client'

export interface SurveyChoreOptions {
  /** Work on this survey instead of creating one. */
  surveyId?: string
  /** A response of the survey to archive. */
  responseUuid?: string
  /** Projects (of the same organisation) to copy the survey into. */
  targetTeamIds?: number[]
}

export async function main(client = new ProjectClient(), options: SurveyChoreOptions = fromEnv()): Promise<void> {
  const survey = options.surveyId
    ? await client.surveys.retrieve(options.surveyId)
    : await client.surveys.create({
        name: `Checkout NPS ${new Date().toISOString()}`,
        type: 'popover',
        questions: [
          {
            type: 'rating',
            question: 'How likely are you to recommend checkout to a friend?',
            scale: 10,
            display: 'number',
            isNpsQuestion: true,
          },
        ],
      })
  console.log(`survey ${survey.id}: ${survey.name}`)

  const sent = async () =>
    (await client.surveys.stats(survey.id, { exclude_archived: true })).stats?.['survey sent']?.total_count ?? 0
  console.log(`responses (archived excluded): ${await sent()}`)

  if (options.responseUuid) {
    await client.surveys.archiveResponse(survey.id, options.responseUuid)
    const archived = await client.surveys.archivedResponseUuids(survey.id)
    console.log(`archived ${options.responseUuid}; ${archived.length} archived in all; responses now: ${await sent()}`)
  }

  const counts = await client.surveys.responsesCount({ exclude_archived: true })
  for (const [id, count] of Object.entries(counts)) console.log(`  ${id}: ${count} responses`)

  if (options.targetTeamIds?.length) {
    try {
      // All or nothing: the service copies into every project or into none.
      const copies = await client.surveys.duplicateToProjects(survey.id, { target_team_ids: options.targetTeamIds })
      console.log(
        `copied into ${copies.count} projects: ${copies.created_surveys?.map((copy) => copy.team_id).join(', ')}`,
      )
    } catch (error) {
      if (!(error instanceof BadRequestError)) throw error
      console.log(`not copied anywhere: ${error.detail ?? error.message}`)
    }
  }
}

function fromEnv(): SurveyChoreOptions {
  const ids = process.env.TARGET_TEAM_IDS?.split(',').filter(Boolean).map(Number)
  return { surveyId: process.env.SURVEY_ID, responseUuid: process.env.SURVEY_RESPONSE_UUID, targetTeamIds: ids }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
