/**
 * The quickstart: run two experiments to their conclusion, walk a paginated list, and watch a survey's
 * stats change when a response is archived.
 *
 *   npm run demo                  # in a clone of the repository; from the installed package:
 *                                 # npx tsx node_modules/posthog-project-client/examples/quickstart.ts
 *                                 # no key: starts the in-memory fake on 127.0.0.1 and works against it
 *
 *   POSTHOG_PERSONAL_API_KEY=phx_... POSTHOG_PROJECT_ID=12345 npm run demo
 *                                 # the real service (POSTHOG_BASE_URL for EU or self-hosted): read-only
 *
 *   POSTHOG_DEMO_WRITE=1 ...      # also create, launch, conclude and soft-delete two experiments; with
 *                                 # POSTHOG_DEMO_SURVEY_ID and POSTHOG_DEMO_RESPONSE_UUID, archive that
 *                                 # response and unarchive it again
 *
 * Read-only needs `experiment:read` and `survey:read`; writing also `experiment:write` and `survey:write`.
 */
import { pathToFileURL } from 'node:url'
import { ProjectClient, ProjectClientError, type Experiment } from 'posthog-project-client'
import { createFakeApi, type FakeApi } from 'posthog-project-client/testing'

/** The environment the demo reads (`process.env` by default). */
export type DemoEnv = Record<string, string | undefined>

export interface QuickstartOptions {
  /** Default `process.env`. */
  env?: DemoEnv
  /** Where the report's lines go. Default `console.log`. */
  log?: (line: string) => void
}

/** An experiment the demo created, launched and concluded. */
export interface DemoExperiment {
  id: number
  name: string
  flag: string
  startDate: string | null
  endDate: string | null
  conclusion: string | null
}

/** What the demo did, for a test or a script to read (the printed report says the same). */
export interface QuickstartReport {
  /** `fake`: no key was set, the in-memory fake served the demo. */
  mode: 'fake' | 'real'
  baseUrl: string
  /** Whether the demo wrote anything (always on the fake; on the real service only with POSTHOG_DEMO_WRITE=1). */
  writes: boolean
  experiments: {
    created: DemoExperiment[]
    /** Soft-deleted again at the end (the real service only: the fake is thrown away anyway). */
    cleanedUp: boolean
    active: number
    launchedLast30d: number
    completedLast30d: number
  }
  pagination: { resource: 'experiments'; pageSize: number; items: number; pages: number; requests: number }
  survey: {
    id: string
    name: string
    /** `survey sent` events without archived responses, before archiving one. */
    responsesBefore: number
    /** The response archived, `null` when the demo could not or was not allowed to archive one. */
    archivedResponse: string | null
    /** After archiving, with `exclude_archived: true`. */
    responsesAfter: number | null
    /** After archiving, archived ones included. */
    responsesIncludingArchived: number | null
    archivedUuids: string[]
    /** After unarchiving it again. */
    responsesRestored: number | null
  } | null
  /** Every HTTP request the demo sent. */
  requests: number
  elapsedMs: number
}

const PAGE_SIZE = 100
const HISTORY = 248

export async function main(options: QuickstartOptions = {}): Promise<QuickstartReport> {
  const env = options.env ?? process.env
  const log = options.log ?? ((line: string) => console.log(line))
  const started = Date.now()
  const key = env['POSTHOG_PERSONAL_API_KEY']
  const real = key !== undefined && key !== ''

  let fake: FakeApi | undefined
  let close = async (): Promise<void> => undefined
  let connection: { apiKey: string; projectId: string | number; baseUrl: string }
  if (real) {
    connection = {
      apiKey: key,
      projectId: env['POSTHOG_PROJECT_ID'] ?? '',
      baseUrl: env['POSTHOG_BASE_URL'] ?? 'https://us.posthog.com',
    }
  } else {
    fake = createFakeApi()
    const server = await fake.listen()
    close = () => server.close()
    connection = fake.clientOptions(server.url)
  }

  try {
    let requests = 0
    // Counts what goes on the wire (retries included), to show in the report.
    const countingFetch: typeof fetch = (input, init) => {
      requests++
      return fetch(input, init)
    }
    const client = new ProjectClient({ ...connection, fetch: countingFetch })
    const writes = !real || env['POSTHOG_DEMO_WRITE'] === '1'

    log(
      real
        ? `posthog-project-client quickstart: ${connection.baseUrl}, project ${connection.projectId}, ` +
            `${writes ? 'WRITES ON (POSTHOG_DEMO_WRITE=1)' : 'read-only'}`
        : `posthog-project-client quickstart: in-memory fake at ${connection.baseUrl} (POSTHOG_PERSONAL_API_KEY ` +
            `not set)`,
    )
    if (fake) seedHistory(fake)

    // Experiments: create two, launch them, conclude them.
    log('')
    log('Experiments')
    const created: DemoExperiment[] = []
    if (writes) {
      const stamp = Date.now().toString(36)
      const plans = [
        { name: 'Checkout button colour', conclusion: 'won', comment: 'Blue beat green on checkout conversion.' },
        { name: 'Onboarding checklist', conclusion: 'inconclusive', comment: 'No significant change after two weeks.' },
      ] as const
      for (const plan of plans) {
        const draft = await client.experiments.create({
          name: `${plan.name} (quickstart ${stamp})`,
          feature_flag_key: `quickstart-${plan.name.toLowerCase().replace(/\W+/g, '-')}-${stamp}`,
          description: 'Created by examples/quickstart.ts',
        })
        const launched = await client.experiments.update(draft.id, { start_date: daysAgo(14) })
        const concluded = await client.experiments.update(launched.id, {
          end_date: new Date().toISOString(),
          conclusion: plan.conclusion,
          conclusion_comment: plan.comment,
        })
        created.push(summarise(concluded))
        log(`  created #${draft.id} "${draft.name}" (flag ${draft.feature_flag_key})`)
        log(
          `    launched ${day(launched.start_date)}, concluded ${day(concluded.end_date)}: ` +
            `${concluded.conclusion} ("${concluded.conclusion_comment ?? ''}")`,
        )
      }
    } else {
      log('  read-only: no experiment created (POSTHOG_DEMO_WRITE=1 creates, launches and concludes two)')
    }
    const stats = await client.experiments.stats()
    log(
      `  project stats: ${stats.active_experiments ?? 0} active, ${stats.launched_last_30d ?? 0} launched and ` +
        `${stats.completed_last_30d ?? 0} completed in the last 30 days`,
    )

    // Pagination: walk every experiment, page by page.
    log('')
    log(`Pagination (experiments, ${PAGE_SIZE} per page)`)
    const before = requests
    let items = 0
    let pages = 0
    for await (const page of client.experiments.list({ limit: PAGE_SIZE }).pages()) {
      pages++
      items += page.results.length
    }
    const walk = { resource: 'experiments' as const, pageSize: PAGE_SIZE, items, pages, requests: requests - before }
    log(`  ${items} items in ${pages} pages, ${walk.requests} requests`)

    // A survey's stats before and after archiving one of its responses.
    log('')
    const survey = await surveyPart(client, fake, env, writes, log)

    let cleanedUp = false
    if (real && created.length > 0) {
      for (const experiment of created) await client.experiments.softDelete(experiment.id)
      cleanedUp = true
      log('')
      log(
        `Cleanup: soft-deleted ${created.map((experiment) => `#${experiment.id}`).join(', ')} (their feature ` +
          `flags stay)`,
      )
    }

    const report: QuickstartReport = {
      mode: real ? 'real' : 'fake',
      baseUrl: connection.baseUrl,
      writes,
      experiments: {
        created,
        cleanedUp,
        active: stats.active_experiments ?? 0,
        launchedLast30d: stats.launched_last_30d ?? 0,
        completedLast30d: stats.completed_last_30d ?? 0,
      },
      pagination: walk,
      survey,
      requests,
      elapsedMs: Date.now() - started,
    }
    log('')
    log(`Done: ${requests} requests in ${report.elapsedMs} ms${fake ? '; fake server closed' : ''}.`)
    return report
  } finally {
    await close()
  }
}

async function surveyPart(
  client: ProjectClient,
  fake: FakeApi | undefined,
  env: DemoEnv,
  writes: boolean,
  log: (line: string) => void,
): Promise<QuickstartReport['survey']> {
  let surveyId = env['POSTHOG_DEMO_SURVEY_ID']
  let responseUuid = env['POSTHOG_DEMO_RESPONSE_UUID']
  if (fake) {
    const survey = await client.surveys.create({
      name: 'Checkout NPS',
      type: 'popover',
      start_date: daysAgo(7),
      questions: [
        {
          type: 'rating',
          question: 'How likely are you to recommend checkout to a friend?',
          scale: 10,
          display: 'number',
        },
      ],
    })
    const responses = fake.seed.surveyResponses(survey.id, 5)
    surveyId = survey.id
    responseUuid = responses[0]?.uuid
  }
  if (!surveyId) {
    surveyId = (await client.surveys.list({ limit: 1 })).results[0]?.id
    if (!surveyId) {
      log('Survey: the project has none')
      return null
    }
  }
  const survey = await client.surveys.retrieve(surveyId)
  const sent = async (excludeArchived: boolean) =>
    (await client.surveys.stats(survey.id, { exclude_archived: excludeArchived })).stats?.['survey sent']
      ?.total_count ?? 0

  log(`Survey "${survey.name}" (${survey.id})`)
  const responsesBefore = await sent(true)
  log(`  responses before archiving: ${responsesBefore}`)
  const result: NonNullable<QuickstartReport['survey']> = {
    id: survey.id,
    name: survey.name ?? '',
    responsesBefore,
    archivedResponse: null,
    responsesAfter: null,
    responsesIncludingArchived: null,
    archivedUuids: await client.surveys.archivedResponseUuids(survey.id),
    responsesRestored: null,
  }
  if (!writes || !responseUuid) {
    log(
      `  ${!writes ? 'read-only' : 'no POSTHOG_DEMO_RESPONSE_UUID'}: no response archived; ` +
        `${result.archivedUuids.length} archived already`,
    )
    return result
  }
  await client.surveys.archiveResponse(survey.id, responseUuid)
  result.archivedResponse = responseUuid
  result.archivedUuids = await client.surveys.archivedResponseUuids(survey.id)
  result.responsesAfter = await sent(true)
  result.responsesIncludingArchived = await sent(false)
  log(`  archived response ${responseUuid}`)
  log(
    `  responses after archiving:  ${result.responsesAfter} (exclude_archived), ` +
      `${result.responsesIncludingArchived} with archived ones`,
  )
  await client.surveys.unarchiveResponse(survey.id, responseUuid)
  result.responsesRestored = await sent(true)
  log(`  unarchived it again:        ${result.responsesRestored}`)
  return result
}

/** Past experiments on the fake: half of them concluded, so the list spans several pages. */
function seedHistory(fake: FakeApi): void {
  fake.seed.experiments(
    Array.from({ length: HISTORY }, (_, index) => ({
      name: `Past experiment ${index + 1}`,
      ...(index % 2 === 0 ? { end_date: daysAgo(1 + (index % 60)), conclusion: 'won' } : {}),
    })),
  )
}

function summarise(experiment: Experiment): DemoExperiment {
  return {
    id: experiment.id,
    name: experiment.name ?? '',
    flag: experiment.feature_flag_key ?? '',
    startDate: experiment.start_date ?? null,
    endDate: experiment.end_date ?? null,
    conclusion: experiment.conclusion ?? null,
  }
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString()
}

function day(value: string | null | undefined): string {
  return value ? value.slice(0, 10) : '—'
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    // Every failure of the client is a typed error whose message never contains the key.
    console.error(error instanceof ProjectClientError ? `${error.name}: ${error.message}` : error)
    process.exitCode = 1
  })
}
