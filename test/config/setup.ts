import type { Experiment, ProjectClient } from 'posthog-project-client'
import type { FakeApi } from 'posthog-project-client/testing'
import * as endpoints from '../fixtures/payloads/endpoints.js'
import * as eventDefinitions from '../fixtures/payloads/event-definitions.js'
import * as experiments from '../fixtures/payloads/experiments.js'
import * as hogFunctions from '../fixtures/payloads/hog-functions.js'
import * as surveys from '../fixtures/payloads/surveys.js'

/** The project ids of the configuration tests' fake: a staging and a production project. */
export const STAGING = 1
export const PRODUCTION = 2

/** The secret of the webhook fixture, and the variable `pull` names for it. */
export const WEBHOOK_SECRET = hogFunctions.webhook.inputs!.api_token!.value as string
export const WEBHOOK_SECRET_VARIABLE = 'POSTHOG_SECRET_ORDER_WEBHOOK_API_TOKEN'

/** Every realistic create payload of the type tests, made in the client's project. */
export async function createFixtures(client: ProjectClient): Promise<void> {
  for (const body of [experiments.fullCreate, experiments.minimalCreate, experiments.actionExposureCreate]) await client.experiments.create(body)
  for (const body of [surveys.nps, surveys.choices, surveys.links, surveys.external, surveys.apiSurvey]) await client.surveys.create(body)
  for (const body of [hogFunctions.webhook, hogFunctions.slack, hogFunctions.personUpdates]) await client.hogFunctions.create(body)
  for (const body of [endpoints.topEvents, endpoints.greeting, endpoints.weeklyPageviews]) await client.endpoints.create(body)
  await client.eventDefinitions.create(eventDefinitions.checkout)
}

/** The requests the fake has recorded since `from` that are writes (anything but GET). */
export function writesSince(fake: FakeApi, from: number): Array<{ method: string; path: string; body: unknown }> {
  return fake.requests
    .slice(from)
    .filter((request) => request.method !== 'GET')
    .map(({ method, path, body }) => ({ method, path, body }))
}

export async function findExperiment(client: ProjectClient, flagKey: string): Promise<Experiment> {
  for await (const experiment of client.experiments.listIncludingArchived()) if (experiment.feature_flag_key === flagKey) return experiment
  throw new Error(`no experiment ${flagKey}`)
}
