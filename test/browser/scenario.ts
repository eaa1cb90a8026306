// The page's module in Chromium and Firefox: runs the shared scenario (test/runtimes/scenario.ts) with the
// browser guard in force. `posthog-project-client` resolves through the page's import map to /sdk.js, a
// browser bundle of the built package; for the type check, through tsconfig paths.
import { runScenario, type ScenarioResult } from '../runtimes/scenario.js'

/** What the page leaves for the test runner to read. */
export type PageOutcome = { userAgent: string; result: ScenarioResult } | { failed: string; stack?: string | undefined }

declare global {
  interface Window {
    __scenario: Promise<PageOutcome>
  }
}

const params = new URLSearchParams(location.search)
const config = {
  apiKey: params.get('key') ?? '',
  projectId: Number(params.get('project')),
  baseUrl: params.get('api') ?? '',
}

window.__scenario = runScenario(config, true).then(
  (result): PageOutcome => ({ userAgent: navigator.userAgent, result }),
  (error: unknown): PageOutcome => ({ failed: String(error), stack: error instanceof Error ? error.stack : undefined }),
)
