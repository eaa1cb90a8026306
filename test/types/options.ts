/**
 * Options filled from the environment: under `exactOptionalPropertyTypes` a value read from
 * `process.env` is `string | undefined`, and every option of the client, of a call, of a walk, of pacing
 * and of `bulk` takes it (`undefined` means "not given"). Request bodies stay exact: see the misuse files.
 */
import { ProjectClient, type ClientOptions, type ListOptions, type RequestOptions } from 'posthog-project-client'
import { client } from './helpers.js'

declare const env: Record<string, string | undefined>
const number = (text: string | undefined) => (text === undefined ? undefined : Number(text))

/** Compile-time checks only: never called. */
export function typeChecks(): void {
  const options: ClientOptions = {
    apiKey: env['POSTHOG_PERSONAL_API_KEY'],
    projectId: env['POSTHOG_PROJECT_ID'],
    baseUrl: env['POSTHOG_BASE_URL'],
    timeout: number(env['TIMEOUT_MS']),
    maxRetries: number(env['MAX_RETRIES']),
    maxRetryDelay: number(env['MAX_RETRY_DELAY_MS']),
    endpointsPrefix: env['ENVIRONMENTS'] ? 'environments' : undefined,
    headers: undefined,
    logger: env['DEBUG'] ? console : undefined,
    rateLimit: { requestsPerMinute: number(env['REQUESTS_PER_MINUTE']), requestsPerHour: undefined },
  }
  const other = new ProjectClient(options).withOptions({ projectId: env['OTHER_PROJECT_ID'], timeout: undefined })
  const call: RequestOptions = {
    timeout: number(env['CALL_TIMEOUT_MS']),
    signal: undefined,
    maxRetries: undefined,
    headers: undefined,
  }
  const walk: ListOptions = { ...call, concurrency: number(env['CONCURRENCY']) }
  void other.experiments.retrieve(1, call)
  void client.experiments.list({ limit: 10 }, walk)
  void client.bulk([1, 2], (id, { signal }) => client.experiments.retrieve(id, { signal }), {
    concurrency: number(env['CONCURRENCY']),
    onProgress: undefined,
  })
}
