// Runs in Chromium, imported by the page as a module next to the browser bundle of the SDK.
// Resolved by the page's import map to the SDK's browser bundle (/sdk.js); by tsconfig paths for the type check.
import { InvalidArgumentError, NotFoundError, ProjectClient } from 'posthog-project-client'

declare global {
  interface Window {
    __scenario: Promise<unknown>
  }
}

async function scenario(): Promise<unknown> {
  const params = new URLSearchParams(location.search)
  const options = { apiKey: params.get('key') ?? '', projectId: Number(params.get('project')), baseUrl: params.get('api') ?? '' }

  // Without the opt-in the constructor refuses: a personal API key in a page is visible to its users.
  let refused = ''
  try {
    new ProjectClient(options)
  } catch (error) {
    refused = error instanceof InvalidArgumentError ? error.argument : `unexpected ${String(error)}`
  }

  const client = new ProjectClient({ ...options, dangerouslyAllowBrowser: true })
  const names: string[] = []
  let pages = 0
  for await (const page of client.experiments.list({ limit: 5 }).pages()) {
    pages += 1
    for (const experiment of page.results) names.push(experiment.name ?? '')
  }
  const created = await client.experiments.create({ name: 'From the browser', feature_flag_key: 'from-browser' })
  const again = await client.experiments.retrieve(created.id)

  let notFound: unknown = null
  try {
    await client.experiments.retrieve(999_999)
  } catch (error) {
    if (error instanceof NotFoundError) notFound = { status: error.status, name: error.name, keyShown: error.message.includes(options.apiKey) }
  }
  return { userAgent: navigator.userAgent, refused, pages, names, created: again.name, notFound }
}

window.__scenario = scenario().catch((error: unknown) => ({ failed: String(error), stack: error instanceof Error ? error.stack : undefined }))
