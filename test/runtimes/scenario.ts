// The one end-to-end scenario every runtime runs (Node 20/22/24, Bun, Deno, Cloudflare Workers, Chromium,
// Firefox), against the fake's listen() in a Node process on 127.0.0.1. It imports the SDK by name, as a
// user does: each runtime resolves `posthog-project-client` to the built package (or a bundle of it).
// It returns plain JSON, and the runner of each runtime compares it with `expectedScenario()`.
import {
  AbortError,
  InvalidArgumentError,
  NotFoundError,
  ProjectClient,
  ResponseValidationError,
} from 'posthog-project-client'

/** Where the fake listens; the runner passes it to the runtime (query string, argv or request URL). */
export interface ScenarioConfig {
  apiKey: string
  projectId: number
  baseUrl: string
}

/** What the scenario saw, as JSON. */
export interface ScenarioResult {
  /** The constructor without `dangerouslyAllowBrowser`: `'built'`, or the argument an `InvalidArgumentError` named. */
  withoutBrowserFlag: string
  /** Pages walked with `for await` over `.pages()` (limit 5 over 12 seeded experiments: 3). */
  pages: number
  /** Every experiment name, in the order listed. */
  names: string[]
  /** The created experiment's name as retrieved again. */
  retrieved: string | null
  /** A retrieve of a missing id, narrowed with `instanceof NotFoundError`. */
  notFound: CaughtError | null
  /** A call with an already-aborted signal, narrowed with `instanceof AbortError`. */
  aborted: CaughtError | null
  /**
   * A response that fails its check (an id that is a string), narrowed with `instanceof ResponseValidationError`:
   * zod is loaded for it (the ESM build's chunk, or the bundle's), and the issue's path and expected type.
   */
  invalid: { name: string; issue: string } | null
}

/** An error as the scenario saw it: the key must show nowhere in it. */
export interface CaughtError {
  name: string
  status: number | null
  /** The API key found in the message, the JSON form, `String(error)` or the stack. */
  keyShown: boolean
}

/** The experiments the runner seeds before the scenario. */
export const SEEDED = 12
/** The page size the scenario asks for, so the walk takes 3 pages. */
const LIMIT = 5

/** Runs the scenario; `inBrowser` says whether the browser guard must refuse a client without the flag. */
export async function runScenario(config: ScenarioConfig, inBrowser: boolean): Promise<ScenarioResult> {
  const options = { apiKey: config.apiKey, projectId: config.projectId, baseUrl: config.baseUrl, maxRetries: 0 }
  const withoutBrowserFlag = constructWithoutFlag(options)
  // In a browser the guard needs the opt-in; elsewhere the flag changes nothing.
  const client = new ProjectClient({ ...options, dangerouslyAllowBrowser: inBrowser })

  const names: string[] = []
  let pages = 0
  for await (const page of client.experiments.list({ limit: LIMIT }).pages()) {
    pages += 1
    for (const experiment of page.results) names.push(experiment.name ?? '')
  }

  const created = await client.experiments.create({ name: 'From the scenario', feature_flag_key: 'from-scenario' })
  const retrieved = (await client.experiments.retrieve(created.id)).name ?? null

  let notFound: CaughtError | null = null
  try {
    await client.experiments.retrieve(999_999)
  } catch (error) {
    if (error instanceof NotFoundError) notFound = caught(error, error.status, config.apiKey)
  }

  let aborted: CaughtError | null = null
  const controller = new AbortController()
  controller.abort()
  try {
    await client.experiments.retrieve(created.id, { signal: controller.signal })
  } catch (error) {
    if (error instanceof AbortError) aborted = caught(error, null, config.apiKey)
  }

  let invalid: ScenarioResult['invalid'] = null
  const answersAStringId = client.withOptions({
    fetch: async () =>
      new Response('{"id": "seven", "name": "x"}', { headers: { 'content-type': 'application/json' } }),
  })
  try {
    await answersAStringId.experiments.retrieve(7)
  } catch (error) {
    const issue =
      error instanceof ResponseValidationError ? error.issues.find((each) => each.path[0] === 'id') : undefined
    if (issue)
      invalid = {
        name: error instanceof Error ? error.name : '',
        issue: `${issue.path.join('.')}: ${String(issue.expected)}`,
      }
  }

  return { withoutBrowserFlag, pages, names, retrieved, notFound, aborted, invalid }
}

/** The result every runtime must give; `inBrowser` as given to {@link runScenario}. */
export function expectedScenario(inBrowser: boolean): ScenarioResult {
  return {
    withoutBrowserFlag: inBrowser ? 'dangerouslyAllowBrowser' : 'built',
    pages: Math.ceil(SEEDED / LIMIT),
    // newest first, as the service lists them
    names: Array.from({ length: SEEDED }, (_, index) => `Experiment ${SEEDED - index}`),
    retrieved: 'From the scenario',
    notFound: { name: 'NotFoundError', status: 404, keyShown: false },
    aborted: { name: 'AbortError', status: null, keyShown: false },
    invalid: { name: 'ResponseValidationError', issue: 'id: number' },
  }
}

/** The operations the fake must have seen, in order (the aborted call never leaves the client). */
export const EXPECTED_OPERATIONS = [
  'experiments.list',
  'experiments.list',
  'experiments.list',
  'experiments.create',
  'experiments.retrieve',
  'experiments.retrieve',
]

function constructWithoutFlag(options: ScenarioConfig): string {
  try {
    new ProjectClient(options)
    return 'built'
  } catch (error) {
    return error instanceof InvalidArgumentError ? error.argument : `unexpected ${String(error)}`
  }
}

function caught(error: Error, status: number | null, apiKey: string): CaughtError {
  const shown = [error.message, JSON.stringify(error), String(error), error.stack ?? '']
  return { name: error.name, status, keyShown: shown.some((text) => text.includes(apiKey)) }
}
